"""House of Fado (Vital Lacerda and João Quintela Martins, Eagle-Gryphon 2025): place
workers and kick others out, hire musicians, fill your restaurant and gain stars."""

from __future__ import annotations

from housebuilders.core import GameSpec, Option, register
from housebuilders.games.house_of_fado.actions import SPACE
from housebuilders.games.house_of_fado.state import HouseOfFadoState

HOUSE_OF_FADO = register(GameSpec(
    id="house-of-fado",
    name="House of Fado",
    min_players=2,
    max_players=4,
    rulebook="house-of-fado.txt",
    _new_game=HouseOfFadoState.new,
    _state_from_json=HouseOfFadoState.from_json,
    actions=SPACE,
    options=(
        Option("promos", False, (False, True), "the promo musicians João, Vital and Marina "
               "mixed into the market, one tile of each type left out at random"),
        Option("assistants", False, (False, True), "the 2-player variant: each player has "
               "3 assistants to leave on the action spaces their workers vacate",
               players=(2,)),
        # the assistants' readings (rulings 26 and 27), for the 2-player variant
        Option("restaurant-assistant", True, (True, False), "an assistant may be left on "
               "your restaurant's action space as your worker leaves it (the rulebook's "
               "text); False: only on the main board's action spaces", players=(2,)),
        Option("own-assistant-back", "any-space", ("any-space", "action-space"), "your own "
               "kicked assistant may move to the space your worker came from: any space, a "
               "kick-out space included; or only an action space", players=(2,)),
    ),
    heuristic=f"{__name__}.heuristic:evaluate",
    heuristic_all=f"{__name__}.heuristic:evaluate_all",
    # Each leaf scored at once: the heuristic already values a placement after its
    # action, and 3 times the iterations (5,774 a second against 1,724) won 78% of 100
    # games against greedy where a greedy step won 64% and 72%. A sure win still plays
    # for the lead (margin), whose stars end the game: without it, the search led a
    # seat that never went for stars by 200 points and never ended (docs/bots.md).
    search_settings={"depth": 0, "margin": 0.2},
    text_view=f"{__name__}.text:text",
    svg_view=f"{__name__}.svg:svg",
    rules=f"{__name__}:rules.md",
    rules_tables=f"{__name__}.rules_tables:tables",
    numbered_rules=f"{__name__}:rules-reference.md",
    features=f"{__name__}.features:FEATURES",
    episode_steps=3000,
    data=f"{__name__}.content:DATA",
))  # fmt: skip
HouseOfFadoState.spec = HOUSE_OF_FADO
