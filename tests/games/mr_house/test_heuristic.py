"""Mr House's heuristic: the greedy bot's evaluation."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.core import win_shares
from housebuilders.core.testing import random_playout
from housebuilders.games.mr_house.heuristic import Room, evaluate, player_worth

from .helpers import at_construction, column, materials, new, wood


def test_heuristic_is_registered_for_the_game() -> None:
    assert hb.game("mr-house-basic").heuristic is evaluate


def test_heuristic_at_the_end_is_the_score_difference_and_the_win() -> None:
    s = new(3, seed=11)
    random_playout(s, random.Random(11))
    totals = [x["total"] for x in s.scores()]
    shares = win_shares(s.winners(), 3)
    for p in range(3):
        best_other = max(t for q, t in enumerate(totals) if q != p)
        assert evaluate(s, p) == totals[p] - best_other + 0.5 * shares[p]


def test_heuristic_values_materials_that_make_parts() -> None:
    walls = at_construction(2, store={0: materials(wood=2, steel=1), 1: materials()})
    window = at_construction(2, store={0: materials(window=3), 1: materials()})
    # A wall's materials are worth more than windows with no wall to go on.
    assert player_worth(walls, 0) > player_worth(window, 0)


def test_room_counts_planned_parts() -> None:
    room = Room((column(wood(door=True)),))
    assert room.take(2)  # a roof on the open wall
    assert not room.take(2)  # no second open top
    assert not room.take(5)  # the house has its door
    assert room.take(0) and room.take(2)  # a new wall makes room for a roof


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(10):
        bots = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state = hb.play("mr-house-basic", bots, seed=seed)
        wins += bots.index("greedy") in state.winners()
    assert wins >= 8


def test_advanced_heuristic_at_the_end_counts_completeness_and_score() -> None:
    from housebuilders.games.mr_house.heuristic import COMPLETE_HOUSE_VALUE, evaluate_advanced

    state = hb.new_game("mr-house-advanced", 2, seed=4)
    random_playout(state, random.Random(4))
    scores = state.scores()
    worth = [
        s["total"] + COMPLETE_HOUSE_VALUE * s["complete"] + 0.001 * m
        for s, m in zip(scores, state.money, strict=True)
    ]
    assert evaluate_advanced(state, 0) == pytest.approx(worth[0] - worth[1])


def test_greedy_beats_random_in_the_advanced_variant() -> None:
    wins = 0
    for seed in range(6):
        bots = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state = hb.play("mr-house-advanced", bots, seed=seed)
        # greedy places first; but neither completes a house, so nobody wins (winners())
        wins += state.ranking()[bots.index("greedy")] == 1
    assert wins >= 5


@pytest.mark.parametrize("game_id", ["mr-house-basic", "mr-house-advanced"])
def test_heuristic_all_agrees_with_heuristic_seat_by_seat(game_id: str) -> None:
    spec = hb.game(game_id)
    state = hb.new_game(game_id, 3, seed=6)
    rng = random.Random(6)
    step = 0
    while not state.is_terminal():
        if step % 17 == 0:
            each = [spec.heuristic(state, p) for p in range(3)]
            assert spec.heuristic_all(state) == pytest.approx(each)
        p = state.acting_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
        step += 1
    assert spec.heuristic_all(state) == pytest.approx([spec.heuristic(state, p) for p in range(3)])
