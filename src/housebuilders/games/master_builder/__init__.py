"""Master Builder (Wolfgang Kramer and Hartmut Witt, Valley Games 2008): hire workers with
quirks, bid for contracts, weather the events and build the town.

The game's groundwork: data, content, actions, phases and setup. Its GameSpec (and its
entry point) come with the rules engine, state.py."""
