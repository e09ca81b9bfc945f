"""The ``learned`` bot's registration: a policy file written by ``housebuilders train``,
played by ``housebuilders.learn.bot`` in NumPy (the ``rl`` extra). The rules and the
bots need no NumPy, so that module is imported only when a learned bot is made.

``learned`` without a file plays the policy the package ships for the game, where one
beats greedy (``policies/<game id>.npz`` beside this module: ``shipped_policy``); the
web lobby offers it in those games."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Any

from housebuilders.agents.base import Agent, AgentError
from housebuilders.agents.registry import register_bot
from housebuilders.core.lazy import load

#: where the bot is (above the bots' layer: it needs NumPy)
IMPLEMENTATION = "housebuilders.learn.bot:LearnedAgent"
#: the policies the package ships, one per game at most: ``<game id>.npz``
SHIPPED = "policies"


def shipped_policy(game_id: str) -> Path | None:
    """The policy file the package ships for ``game_id``, if any."""
    place = files(__package__).joinpath(SHIPPED, f"{game_id}.npz")
    return Path(str(place)) if place.is_file() else None


def make_learned(seed: int = 0, name: str = "learned", **params: Any) -> Agent:
    """A learned bot (``LearnedAgent``), its module imported now; without NumPy, an
    AgentError naming the extra to install."""
    try:
        factory = load(IMPLEMENTATION)
    except ImportError as e:
        raise AgentError(
            f"the learned bot needs NumPy: pip install 'housebuilders[rl]' ({e})"
        ) from None
    agent: Agent = factory(seed=seed, name=name, **params)
    return agent


register_bot(
    "learned",
    make_learned,
    {"policy": str, "sample": bool},
    help="a policy trained by `housebuilders train` (policy: its .npz file, else the "
    "one shipped for the game, where one is; sample: draw from its distribution rather "
    "than play its best action)",
    hint="trained",
)
