"""The game contract every game implements (docs/contract.md)."""

from .action import Action
from .content import GameData, Schema
from .errors import ContentError, IllegalAction, OptionError, StateError
from .rng import Rng, seed_from_secret
from .spec import GameSpec, Option, game, game_ids, new_game, register, replay
from .state import Fields, GameState, Json, State, TieBreak, ranks, win_shares

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
    "State",
    "StateError",
    "TieBreak",
    "game",
    "game_ids",
    "new_game",
    "ranks",
    "register",
    "replay",
    "seed_from_secret",
    "win_shares",
]
