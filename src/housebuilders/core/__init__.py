"""The game contract every game implements (see ../shared/DESIGN.md)."""

from .action import Action
from .errors import ContentError, IllegalAction, OptionError, StateError
from .rng import Rng
from .spec import GameSpec, Option, game, game_ids, new_game, register, replay
from .state import Json, State, win_shares

__all__ = [
    "Action",
    "ContentError",
    "GameSpec",
    "IllegalAction",
    "Json",
    "Option",
    "OptionError",
    "Rng",
    "State",
    "StateError",
    "game",
    "game_ids",
    "new_game",
    "register",
    "replay",
    "win_shares",
]
