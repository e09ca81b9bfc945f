"""A finished game's review (agents/review.py): each seat's chance to win after every
move, and its costliest moves against the greedy bot's choice, in words."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.agents.review import COSTLIEST, ReviewPart, chances, costliest
from housebuilders.core import game, win_shares
from housebuilders.core.rng import seed_state


@pytest.mark.parametrize("game_id", ["mr-house-basic", "dream-home"])
def test_a_review_gives_chances_in_0_1_and_each_seats_costliest_moves(game_id: str) -> None:
    final = hb.play(game_id, ["greedy", "random", "random"], seed=2)
    history = tuple(final.history)
    start = game(game_id).new_game(3, 2, {})
    done = ReviewPart(start, history, 0, 2, seconds=1e9).take()
    assert done.done == len(history) and done.opening is not None
    rows = [done.opening, *done.chances]
    assert all(len(row) == 3 and all(0 <= c <= 1 for c in row) for row in rows)
    assert rows[-1] == win_shares(final.winners(), 3)
    assert done.costs
    for seat in range(3):
        mine = [c for c in done.costs if c.seat == seat]
        assert len(mine) <= COSTLIEST
        assert [c.lost for c in mine] == sorted((c.lost for c in mine), reverse=True)
    for c in done.costs:
        player, _ = history[c.step - 1]
        assert player == c.seat  # a move the seat made
        assert c.lost > 0 and c.preferred != c.played
        assert "point" in c.played_gains and "point" in c.preferred_gains


def test_a_review_in_parts_is_the_review_in_one() -> None:
    final = hb.play("mr-house-basic", ["greedy", "random"], seed=11)
    history = tuple(final.history)
    start = game("mr-house-basic").new_game(2, 11, {})
    whole = ReviewPart(start, history, 0, 11, seconds=1e9).take()
    assert whole.opening == chances(start, salt=seed_state(11, 0))
    state, done, rows, costs = start.clone(), 0, [whole.opening], []
    while done < len(history):
        part = ReviewPart(state, history[done : done + 37], done, 11, seconds=1e9).take()
        assert (part.opening is None) == (done > 0)
        rows += part.chances
        costs += part.costs
        for player, action in history[done : done + part.done]:
            state.play(player, action)
        done += part.done
    assert rows == [whole.opening, *whole.chances]
    assert costliest(costs) == whole.costs


def test_a_part_stops_after_its_time_having_played_a_move_at_least() -> None:
    final = hb.play("mr-house-basic", ["random", "random"], seed=5)
    start = game("mr-house-basic").new_game(2, 5, {})
    part = ReviewPart(start, tuple(final.history), 0, 5, seconds=0).take()
    assert part.done == 1 and len(part.chances) == 1
