"""The game contract every game implements (docs/contract.md)."""

from housebuilders.core.action import Action
from housebuilders.core.content import GameData, Schema
from housebuilders.core.errors import ContentError, IllegalAction, OptionError, StateError
from housebuilders.core.rng import Rng, seed_from_secret
from housebuilders.core.spec import (
    GameSpec,
    Option,
    ScoreUnit,
    builtin_game_ids,
    game,
    game_ids,
    new_game,
    register,
    replay,
)
from housebuilders.core.state import (
    Fields,
    GameState,
    Json,
    State,
    TieBreak,
    ranks,
    scored,
    win_shares,
)

__all__ = [
    "Action",
    "ContentError",
    "Fields",
    "GameData",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "Json",
    "Option",
    "OptionError",
    "Rng",
    "Schema",
    "ScoreUnit",
    "State",
    "StateError",
    "TieBreak",
    "builtin_game_ids",
    "game",
    "game_ids",
    "new_game",
    "ranks",
    "scored",
    "register",
    "replay",
    "seed_from_secret",
    "win_shares",
]
