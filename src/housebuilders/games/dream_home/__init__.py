"""Dream Home (Klemens Kalicki, Rebel 2016): take a column, build a home of twelve
rooms, decorate it and roof it."""

from __future__ import annotations

from housebuilders.core import GameSpec, Option, register
from housebuilders.games.dream_home.actions import SPACE
from housebuilders.games.dream_home.state import DreamHomeState

DREAM_HOME = register(GameSpec(
    id="dream-home",
    name="Dream Home",
    min_players=2,
    max_players=4,
    rulebook="dream-home.txt",
    _new_game=DreamHomeState.new,
    _state_from_json=DreamHomeState.from_json,
    actions=SPACE,
    options=(
        Option("column-discard", True, (True, False), "at 2 and 3 players the first player "
               "discards a column at the start of each round (the rulebook); off: the "
               "simpler game for younger players"),
        Option("own-roof-shown", False, (False, True), "whether a player sees his own roof "
               "cards during the game: no (the rulebook); yes, a house rule (each was face up "
               "on the board when taken)"),  # fmt: skip
        Option("helpers-in-order", False, (False, True), "at the end, whether the owner of "
               "both the Supplier and the Handyman may use the Handyman first: yes (the "
               "rulebook names no order); no, the Supplier always first"),
        Option("supplier-most-kids", False, (False, True), "which discarded card the "
               "Supplier brings in: the one its owner chooses (the rulebook); or, once he has "
               "chosen the room type, the one of that type with the most kids"),
    ),
    heuristic=f"{__name__}.heuristic:evaluate",
    heuristic_all=f"{__name__}.heuristic:evaluate_all",
    reference="the rulebook's scoring example: a home of 29 points",
    text_view=f"{__name__}.text:text",
    svg_view=f"{__name__}.svg:svg",
    rules=f"{__name__}:rules.md",
    rules_tables=f"{__name__}.rules_tables:tables",
    numbered_rules=f"{__name__}:rules-reference.md",
    features=f"{__name__}.features:FEATURES",
    episode_steps=100,
    data=f"{__name__}.content:DATA",
))  # fmt: skip
DreamHomeState.spec = DREAM_HOME
