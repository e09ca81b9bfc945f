"""The random bot: uniform over the legal actions, seeded, deterministic."""

from __future__ import annotations

import random

from housebuilders.agents.registry import register_bot
from housebuilders.core import Action, State


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded generator: the same
    seed and the same sequence of views give the same choices."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.name = name
        self._rng = random.Random(seed)

    def choose(self, view: State, player: int) -> Action:
        return self._rng.choice(view.legal_actions(player))


register_bot("random", RandomAgent, help="uniform over the legal actions", hint="beginner")
