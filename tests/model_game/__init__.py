"""Model House, the model game of docs/adding-a-game.md: a hidden deck, dice and a
simultaneous step. tests/conftest.py installs it as another package would declare it:
``model-house = "tests.model_game:MODEL_HOUSE"`` under ``housebuilders.games``."""

from __future__ import annotations

from housebuilders.core import GameSpec, Option
from tests.model_game.state import SPACE, ModelHouseState

MODEL_HOUSE = GameSpec(
    id="model-house",
    name="Model House",
    min_players=2,
    max_players=4,
    rulebook="model-house.txt",
    _new_game=ModelHouseState.new,
    _state_from_json=ModelHouseState.from_json,
    actions=SPACE,
    options=(
        Option("fight", "coin", ("coin", "nothing"), "what each player gets when several "
               "chose the same card: a coin (the rulebook) or nothing"),  # fmt: skip
    ),
    # named by module: imported the first time a bot or a view asks for them
    heuristic=f"{__name__}.heuristic:evaluate",
    text_view=f"{__name__}.text:text",
    svg_view=f"{__name__}.svg:svg",
)
ModelHouseState.spec = MODEL_HOUSE
