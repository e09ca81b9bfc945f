"""The built-in games, one package each. They are declared as entry points in
pyproject.toml (group ``housebuilders.games``) and each is imported the first time
``housebuilders.game(id)`` asks for it."""
