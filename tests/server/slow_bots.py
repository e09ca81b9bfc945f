"""Bots for the server's tests: one that naps ``nap`` seconds before a random move
(a bot that ignores the server's time), one that raises.

Importing this module registers them, which is how the server's bot workers get
them (``create_app(..., bot_imports=(MODULE,))``). Tests take them in through the
fixture ``slow_bots``, which takes them out of this process's registry again, so
that they never show among the real bots (tests/test_bots_doc.py lists those).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from housebuilders.agents import Param, RandomAgent, bot_names, register_bot, registry
from housebuilders.core import Action, State

MODULE = __name__
SLOW, BROKEN = "sleepy", "broken"


class SleepyAgent(RandomAgent):
    """Sleeps ``nap`` seconds, then plays a random legal move."""

    def __init__(self, seed: int = 0, name: str = SLOW, nap: float = 1.0) -> None:
        super().__init__(seed, name=name)
        self.nap = nap

    def choose(self, view: State, player: int) -> Action:
        time.sleep(self.nap)
        return super().choose(view, player)


class BrokenAgent(RandomAgent):
    def choose(self, view: State, player: int) -> Action:
        raise RuntimeError("the bot fell over")


def register() -> None:
    if SLOW not in bot_names():
        register_bot(SLOW, SleepyAgent, {"nap": Param(float, 0, 600)}, help="tests only")
    if BROKEN not in bot_names():
        register_bot(BROKEN, BrokenAgent, help="tests only")


@contextmanager
def registered() -> Iterator[str]:
    """The bots registered in this process for the time of a test; the module's name."""
    register()
    try:
        yield MODULE
    finally:
        for name in (SLOW, BROKEN):
            registry._BOTS.pop(name, None)


register()
