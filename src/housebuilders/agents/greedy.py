"""The greedy bot: one step of look-ahead on the game's own heuristic.

For each legal action it applies the action to a copy of its view and scores the
result with ``spec.heuristic(state, player)``. An action that used chance or
revealed hidden information (after ``apply`` the copy's ``undo_floor`` equals the
length of its history) has no single outcome: its score is the mean over several
samples, each applied to a fresh ``view.determinize(player, seed_i)`` so the dice
and the hidden values differ; every action of a decision is scored on the same
samples. Ties go to the agent's seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from housebuilders.agents.base import AgentError
from housebuilders.agents.registry import Param, register_bot
from housebuilders.core import Action, GameSpec, State

Heuristic = Callable[[State, int], float]

#: Scores closer than this count as equal (and the tie is broken at random).
TIE = 1e-9


class GreedyAgent:
    """Maximises the heuristic one action ahead.

    ``samples``: evaluations averaged for an action that used chance or revealed
    information. ``heuristic``: overrides the game's own (for tests and experiments);
    by default the view's ``spec.heuristic``, and a game without one is refused.
    """

    def __init__(
        self,
        seed: int = 0,
        samples: int = 8,
        heuristic: Heuristic | None = None,
        name: str = "greedy",
    ) -> None:
        if samples < 1:
            raise AgentError(f"greedy needs samples >= 1, not {samples}")
        self.name = name
        self.samples = samples
        self._heuristic = heuristic
        self._rng = random.Random(seed)

    def check_game(self, spec: GameSpec) -> None:
        """Refuse a game that has no heuristic (unless one was given)."""
        self._evaluator(spec)

    def choose(self, view: State, player: int) -> Action:
        return self.pick(self.scores(view, player))

    def scores(self, view: State, player: int) -> list[tuple[Action, float]]:
        """Each legal action of ``player`` with its score: the heuristic one action
        ahead (what ``choose`` maximises), in the order of the legal actions."""
        evaluate = self._evaluator(view.spec)
        # the same samples for every action (common random numbers): actions are
        # compared on the same dice and hidden values, not on the luck of the draw
        seeds = [self._rng.getrandbits(63) for _ in range(self.samples - 1)]
        return [
            (action, self._score(view, player, action, evaluate, seeds))
            for action in view.legal_actions(player)
        ]

    def pick(self, scored: list[tuple[Action, float]]) -> Action:
        """The best of ``scored`` (``scores``' answer), a tie going to the generator."""
        best: list[Action] = []
        best_score = float("-inf")
        for action, score in scored:
            if score > best_score + TIE:
                best, best_score = [action], score
            elif score >= best_score - TIE:
                best.append(action)
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def _evaluator(self, spec: GameSpec) -> Heuristic:
        heuristic = self._heuristic or spec.heuristic
        if heuristic is None:
            raise AgentError(
                f"the greedy bot needs a heuristic and {spec.id} has none yet; "
                "try another bot (e.g. random)"
            )
        return heuristic

    def _score(
        self, view: State, player: int, action: Action, evaluate: Heuristic, seeds: list[int]
    ) -> float:
        """The heuristic after ``action``; averaged over samples if chance was involved."""
        after = view.clone()
        after.play(player, action)
        total = evaluate(after, player)
        if after.undo_floor != len(after.history):
            return total
        for seed in seeds:
            sample = view.determinize(player, seed)
            sample.apply(player, action)
            total += evaluate(sample, player)
        return total / self.samples


register_bot(
    "greedy",
    GreedyAgent,
    {"samples": Param(int, 1, 1000)},
    help="one action of look-ahead on the game's heuristic; samples: evaluations "
    "averaged when the action rolls dice or reveals something",
    hint="casual",
)
