"""The end of a game as the conformance kit checks it: ``winners()``, the seats that
win, and ``goals()``, a value per seat with the spec's yes-or-no goals given as 1 or 0
(the benchmark shows them as shares); ``win_shares``, the one measure of a result that
the arena and the bots share."""

from __future__ import annotations

import dataclasses
import random

import pytest

import housebuilders as hb
from housebuilders.core import State, win_shares
from housebuilders.core.testing import check_goals, check_winners, random_playout


def finished(game_id: str, players: int = 3, seed: int = 1) -> State:
    state = hb.new_game(game_id, players, seed=seed)
    random_playout(state, random.Random(seed))
    return state


def claiming(state: State, winners: list[int]) -> State:
    """``state`` with a ``winners()`` that answers ``winners`` whatever happened."""
    cls = type(state)
    liar = type(f"Claiming{cls.__name__}", (cls,), {"__slots__": (), "winners": lambda _: winners})
    state.__class__ = liar
    return state


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_every_game_s_winners_are_of_the_first_place(game_id: str) -> None:
    state = finished(game_id)
    check_winners(state)
    ranking = state.ranking()
    assert all(ranking[seat] == 1 for seat in state.winners())


def test_the_default_winners_are_the_seats_of_rank_one() -> None:
    state = finished("mr-house-basic", players=4, seed=3)
    assert type(state).winners is State.winners
    ranking = state.ranking()
    assert state.winners() == [seat for seat in range(4) if ranking[seat] == 1]


def test_the_kit_refuses_a_winner_below_the_first_place() -> None:
    state = finished("mr-house-basic")
    last = state.ranking().index(max(state.ranking()))
    with pytest.raises(AssertionError, match="not of rank 1"):
        check_winners(claiming(state, [last]))


@pytest.mark.parametrize("winners", [[1, 0], [0, 0]])
def test_the_kit_refuses_winners_out_of_order_or_twice(winners: list[int]) -> None:
    state = finished("mr-house-basic")
    with pytest.raises(AssertionError, match="distinct and sorted"):
        check_winners(claiming(state, winners))


def test_the_kit_refuses_a_winner_that_is_no_seat() -> None:
    with pytest.raises(AssertionError, match="names no seat"):
        check_winners(claiming(finished("mr-house-basic"), [3]))


def test_the_kit_accepts_that_everyone_lost() -> None:
    check_winners(claiming(finished("mr-house-basic"), []))


def test_winners_share_the_win_and_losers_get_nothing() -> None:
    assert win_shares([1], 3) == [0.0, 1.0, 0.0]
    assert win_shares([0, 2], 3) == [0.5, 0.0, 0.5]
    assert win_shares([0, 1, 2, 3], 4) == [0.25] * 4
    assert win_shares([], 2) == [0.0, 0.0]  # everyone lost


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_every_game_s_yes_or_no_goals_are_goals_of_one_or_zero(game_id: str) -> None:
    state = finished(game_id, players=2)
    check_goals(state.spec, state)
    assert set(state.spec.yes_no_goals) <= set(state.goals())


def test_the_kit_refuses_a_yes_or_no_goal_the_game_does_not_give() -> None:
    state = finished("welcome-to", players=2)
    spec = dataclasses.replace(state.spec, yes_no_goals=frozenset({"a tidy sheet"}))
    with pytest.raises(AssertionError, match="which goals\\(\\) does not give"):
        check_goals(spec, state)


def test_the_kit_refuses_a_yes_or_no_goal_that_is_a_count() -> None:
    state = finished("welcome-to", players=2)
    state.sheet(0).temps = 2  # type: ignore[attr-defined]  # two workers: a count
    spec = dataclasses.replace(state.spec, yes_no_goals=frozenset({"temporary workers"}))
    with pytest.raises(AssertionError, match="yes-or-no goal 'temporary workers'"):
        check_goals(spec, state)
