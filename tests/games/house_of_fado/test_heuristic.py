"""House of Fado's heuristic reads what it can without playing: a seat's total without
the score dicts, the turn's last move (customers seated, a note taken, or Done) and a
fame step short of the top at a close without a copy. All must give what the scores
and the moves played give, to the last bit."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from housebuilders.games.house_of_fado import heuristic
from housebuilders.games.house_of_fado.actions import Raise
from housebuilders.games.house_of_fado.heuristic import ACTIONS
from housebuilders.games.house_of_fado.phases import RAISE, REHEARSAL, STREET
from housebuilders.games.house_of_fado.state import HouseOfFadoState
from tests.games.house_of_fado.helpers import new


def _positions(players: int, seed: int) -> list[HouseOfFadoState]:
    rng, state, seen = random.Random(seed), new(players, seed=seed), []
    while not state.is_terminal():
        seen.append(state.clone())
        player = state.acting_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return [*seen, state]


def _worths(state: HouseOfFadoState) -> list[float]:
    """``worths`` with every raise played on a copy (as it was)."""
    if state.phase == RAISE and heuristic.closing(state):
        player = state.decider
        values = heuristic._worths(state)
        while state.phase == RAISE:
            best = None
            for action in state.legal_actions(player):
                if isinstance(action, Raise):
                    after = state.clone()
                    after.play(player, action)
                    found = heuristic._worths(after)
                    if found[player] > values[player]:
                        best, values = after, found
            if best is None:
                break
            state = best
        return values
    return heuristic._worths(state)


def _played(state: HouseOfFadoState) -> list[float]:
    """``evaluate_all`` with every look-ahead move played on a copy (as it was)."""
    values = _worths(state)
    if state.phase in ACTIONS:
        player = state.turn
        for action in state.legal_actions(player):
            after = state.clone()
            after.play(player, action)
            if after.undo_floor == len(after.history):
                continue
            found = _worths(after)
            if found[player] > values[player]:
                values = found
    return [w - max(o for q, o in enumerate(values) if q != p) for p, w in enumerate(values)]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (2, 5), (3, 3), (4, 4)])
def test_totals_and_street_look_ahead_are_as_played(players: int, seed: int) -> None:
    phases: Counter[str] = Counter()
    for state in _positions(players, seed):
        assert [state.total(p) for p in range(players)] == [s["total"] for s in state.scores()]
        assert heuristic.evaluate_all(state) == _played(state)
        phases[state.phase] += 1
    assert phases[STREET] > 5 and phases[REHEARSAL] > 2 and phases[RAISE] > 0
