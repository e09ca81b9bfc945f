"""``goals()`` at the end, as the conformance kit checks it: a value per seat, and the
spec's yes-or-no goals given as 1 or 0 (the benchmark shows them as shares)."""

from __future__ import annotations

import dataclasses
import random

import pytest

import housebuilders as hb
from housebuilders.core import State
from housebuilders.core.testing import check_goals, random_playout


def finished(game_id: str, players: int = 2, seed: int = 1) -> State:
    state = hb.new_game(game_id, players, seed=seed)
    random_playout(state, random.Random(seed))
    return state


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_every_game_s_yes_or_no_goals_are_goals_of_one_or_zero(game_id: str) -> None:
    state = finished(game_id)
    check_goals(state.spec, state)
    assert set(state.spec.yes_no_goals) <= set(state.goals())


def test_the_kit_refuses_a_yes_or_no_goal_the_game_does_not_give() -> None:
    state = finished("welcome-to")
    spec = dataclasses.replace(state.spec, yes_no_goals=frozenset({"a tidy sheet"}))
    with pytest.raises(AssertionError, match="which goals\\(\\) does not give"):
        check_goals(spec, state)


def test_the_kit_refuses_a_yes_or_no_goal_that_is_a_count() -> None:
    state = finished("welcome-to")
    state.sheet(0).temps = 2  # two temporary workers: a count, not a yes or no
    spec = dataclasses.replace(state.spec, yes_no_goals=frozenset({"temporary workers"}))
    with pytest.raises(AssertionError, match="yes-or-no goal 'temporary workers'"):
        check_goals(spec, state)
