"""The ``learned`` bot's registration: a policy file written by ``housebuilders train``,
played by ``housebuilders.learn.bot`` in NumPy (the ``rl`` extra). The rules and the
bots need no NumPy, so that module is imported only when a learned bot is made."""

from __future__ import annotations

from typing import Any

from housebuilders.agents.base import Agent, AgentError
from housebuilders.agents.registry import register_bot
from housebuilders.core.lazy import load

#: where the bot is (above the bots' layer: it needs NumPy)
IMPLEMENTATION = "housebuilders.learn.bot:LearnedAgent"


def make_learned(seed: int = 0, name: str = "learned", **params: Any) -> Agent:
    """A learned bot (``LearnedAgent``), its module imported now; without NumPy, an
    AgentError naming the extra to install."""
    if not params.get("policy"):  # said before NumPy is imported
        raise AgentError("the learned bot needs its policy file: learned:policy=FILE")
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
    help="a policy trained by `housebuilders train` (policy: its .npz file; sample: "
    "draw from its distribution rather than play its best action)",
    hint="trained",
)
