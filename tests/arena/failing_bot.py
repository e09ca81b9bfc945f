"""A bot that raises on its third decision, for the tests of errors recorded in a run.

Importing this module registers the bot, which is how worker processes get it
(``simulate(..., run=RunOptions(imports=[MODULE]))``). Tests import it only through the fixture
``exploding_bot`` (see ``registered``), which takes it out of the registry again, so
that it never shows among the real bots (tests/test_bots_doc.py lists those).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from housebuilders.agents import RandomAgent, bot_names, register_bot, registry
from housebuilders.core import Action, State

NAME = "explodes"
MODULE = __name__


class ExplodingAgent(RandomAgent):
    """Random, until its third decision: then ``RuntimeError('boom')``."""

    def __init__(self, seed: int = 0, name: str = NAME) -> None:
        super().__init__(seed, name=name)
        self.decisions = 0

    def choose(self, view: State, player: int) -> Action:
        self.decisions += 1
        if self.decisions == 3:
            raise RuntimeError("boom")
        return super().choose(view, player)


def register() -> None:
    if NAME not in bot_names():
        register_bot(NAME, ExplodingAgent, help="raises on its third decision (tests only)")


@contextmanager
def registered() -> Iterator[str]:
    """The bot registered in this process for the time of a test; its name."""
    register()
    try:
        yield NAME
    finally:
        registry._BOTS.pop(NAME, None)


register()
