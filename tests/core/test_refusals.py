"""The kit's default explanation of a refused action (``State.refusal``), which a
game refines where a rule deserves its own words; and ``State.play``, ``apply``
without the check, for search."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from tests.core.toy import SPEC, Add, Pass, ToyState


class Jump(hb.Action, kind="jump"):
    height: int


def new() -> ToyState:
    state = SPEC.new_game(2, seed=1)
    assert isinstance(state, ToyState)
    return state


def refused(state: hb.State, player: int, action: object) -> hb.IllegalAction:
    before = state.to_json()
    with pytest.raises(hb.IllegalAction) as e:
        state.apply(player, action)  # type: ignore[arg-type]
    assert state.to_json() == before
    return e.value


def test_a_seat_that_does_not_exist_is_named() -> None:
    error = refused(new(), 5, Add(1))
    assert (error.message, error.rule) == ("there is no player 5 (seats 0 to 1)", "toy §Adding")


def test_a_seat_whose_turn_it_is_not_is_told_who_acts() -> None:
    assert refused(new(), 1, Add(1)).message == "player 1 may not act now (acting: [0])"


def test_an_action_of_another_game_is_named() -> None:
    assert refused(new(), 0, Jump(2)).message == "Jump(height=2) is not an action of Toy"


def test_an_action_not_asked_now_names_what_is() -> None:
    error = refused(new(), 0, Pass())
    assert error.message == "'pass' is not what is asked now: this is §Adding"


def test_the_games_own_words_come_first() -> None:
    assert refused(new(), 0, Add(3)).message == "you may add 1 or 2"


def test_an_action_of_a_kind_asked_now_is_not_allowed() -> None:
    state = new()
    state.apply(0, Add(2))
    state.apply(1, Add(1))
    assert refused(state, 0, Add(2)).message == "'add 2' is not allowed now"


def test_after_the_end_the_game_is_over() -> None:
    state = new()
    while not state.is_terminal():
        player = state.acting_players()[0]
        state.apply(player, state.legal_actions(player)[0])
    error = refused(state, 0, Pass())
    assert (error.message, error.rule) == ("the game is over", "toy §Game End")


def test_play_skips_the_check_and_records_like_apply() -> None:
    state = new()
    state.play(1, Add(2))  # out of turn: search never does this, play does not ask
    assert state.totals == [0, 2] and state.history == [(1, Add(2))]


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_play_and_apply_give_the_same_game(game_id: str) -> None:
    checked, unchecked = (hb.new_game(game_id, 3, seed=5) for _ in range(2))
    rng = random.Random(5)
    for _ in range(150):
        if checked.is_terminal():
            break
        player = rng.choice(checked.acting_players())
        action = rng.choice(checked.legal_actions(player))
        checked.apply(player, action)
        unchecked.play(player, action)
        assert unchecked.undo_floor == checked.undo_floor
    assert unchecked.to_json() == checked.to_json()
