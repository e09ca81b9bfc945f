"""Welcome To's heuristic: what greedy and the search's leaves value."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.games.welcome_to import heuristic
from housebuilders.games.welcome_to.sheet import EMPTY


def _positions(players: int, seed: int):
    state = hb.new_game("welcome-to", players, seed=seed)
    policy, rng = state.spec.rollout_policy, random.Random(seed)
    while not state.is_terminal():
        yield state
        player = state.acting_players()[0]
        state.apply(player, policy(state, player, rng))
    yield state


@pytest.mark.parametrize("players", [2, 3])
def test_heuristic_all_agrees_with_the_heuristic_seat_by_seat(players: int) -> None:
    spec = hb.game("welcome-to")
    for state in _positions(players, seed=players):
        each = [spec.heuristic(state, p) for p in range(players)]
        assert spec.heuristic_all(state) == pytest.approx(each)


def test_a_street_is_valued_again_alone_when_a_number_is_tried() -> None:
    """``worth`` tries each house by valuing only the street written in again: the
    result is the full valuation's."""
    for state in _positions(2, seed=5):
        if state.is_terminal() or state.stage[0] != 0:
            continue
        sheet, L = state.sheet(0).copy(), state.L
        for number, action in state.pairs():
            full = None
            for street, house in sheet.places(L, number):
                sheet.numbers[L.first[street] + house] = number
                value = heuristic.sheet_value(state, sheet) + heuristic._bonus(
                    state, sheet, action, street, house
                )
                sheet.numbers[L.first[street] + house] = EMPTY
                full = value if full is None else max(full, value)
            assert heuristic._best_write(state, sheet, [(number, action, False)]) == (
                pytest.approx(full) if full is not None else None
            )
