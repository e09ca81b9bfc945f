"""housebuilders: house-building board games with their complete rules, bots,
simulation, reinforcement-learning environments and a web table.

    import housebuilders as hb
    state = hb.new_game("mr-house-basic", players=3, seed=42)
    final = hb.play("mr-house-basic", ["random", "random"], seed=7)   # bots to the end
"""

from .arena import play
from .core import (
    Action,
    ContentError,
    GameSpec,
    IllegalAction,
    OptionError,
    State,
    StateError,
    game,
    game_ids,
    new_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ContentError",
    "GameSpec",
    "IllegalAction",
    "OptionError",
    "State",
    "StateError",
    "game",
    "game_ids",
    "new_game",
    "play",
    "replay",
]
