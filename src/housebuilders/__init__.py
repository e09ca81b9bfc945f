"""housebuilders: house-building board games with their complete rules, bots,
simulation, reinforcement-learning environments and a web table.

    import housebuilders as hb
    state = hb.new_game("mr-house-basic", players=3, seed=42)
    final = hb.play("mr-house-basic", ["random", "random"], seed=7)   # bots to the end
"""

from typing import TYPE_CHECKING, Any

from housebuilders import _pure

_pure.install()  # HOUSEBUILDERS_PURE=1: the .py files even where a compiled build is

from housebuilders.core import (  # noqa: E402
    Action,
    ContentError,
    GameSpec,
    IllegalAction,
    OptionError,
    State,
    StateError,
    builtin_game_ids,
    game,
    game_ids,
    new_game,
    replay,
    seed_from_secret,
)

if TYPE_CHECKING:
    from housebuilders.arena import play

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """``hb.play`` loads the arena (and the bots) only when it is used."""
    if name == "play":
        from housebuilders.arena import play

        return play
    raise AttributeError(f"module 'housebuilders' has no attribute {name!r}")

__all__ = [
    "Action",
    "ContentError",
    "GameSpec",
    "IllegalAction",
    "OptionError",
    "State",
    "StateError",
    "builtin_game_ids",
    "game",
    "game_ids",
    "new_game",
    "play",
    "replay",
    "seed_from_secret",
]
