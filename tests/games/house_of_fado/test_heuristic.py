"""House of Fado's heuristic reads what it can without playing: a seat's total without
the score dicts, and a street move (its customers seated, or none) without a copy. Both
must give what the scores and the move played give, to the last bit."""

from __future__ import annotations

import random

import pytest

from housebuilders.games.house_of_fado import heuristic
from housebuilders.games.house_of_fado.heuristic import ACTIONS
from housebuilders.games.house_of_fado.phases import STREET
from housebuilders.games.house_of_fado.state import HouseOfFadoState
from tests.games.house_of_fado.helpers import new


def _positions(players: int, seed: int) -> list[HouseOfFadoState]:
    rng, state, seen = random.Random(seed), new(players, seed=seed), []
    while not state.is_terminal():
        seen.append(state.clone())
        player = state.acting_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return [*seen, state]


def _played(state: HouseOfFadoState) -> list[float]:
    """``evaluate_all`` with every look-ahead move played on a copy (as it was)."""
    values = heuristic.worths(state)
    if state.phase in ACTIONS:
        player = state.turn
        for action in state.legal_actions(player):
            after = state.clone()
            after.play(player, action)
            if after.undo_floor == len(after.history):
                continue
            found = heuristic.worths(after)
            if found[player] > values[player]:
                values = found
    return [w - max(o for q, o in enumerate(values) if q != p) for p, w in enumerate(values)]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_totals_and_street_look_ahead_are_as_played(players: int, seed: int) -> None:
    streets = 0
    for state in _positions(players, seed):
        assert [state.total(p) for p in range(players)] == [s["total"] for s in state.scores()]
        assert heuristic.evaluate_all(state) == _played(state)
        streets += state.phase == STREET
    assert streets > 5
