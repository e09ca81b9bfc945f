"""``State.history_seen_by``: the history as a seat (or a spectator) may know it, for
every registered game: its own actions in full, others' only when public, all of it
at the end."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_a_seat_sees_its_own_actions_and_the_public_ones_and_all_at_the_end(
    game_id: str,
) -> None:
    spec = hb.game(game_id)
    players = max(spec.min_players, 2)
    state = spec.new_game(players, 3)
    rng = random.Random(3)
    steps = 0
    while not state.is_terminal():
        player = rng.choice(state.acting_players())
        state.apply(player, rng.choice(state.legal_actions(player)))
        steps += 1
        if steps % 7:
            continue
        truth = state.history_json()
        for seat in [None, *range(players)]:
            seen = state.history_seen_by(seat)
            assert [p for p, _ in seen] == [p for p, _ in truth]
            for i, ((p, action), (_, true_action)) in enumerate(zip(seen, truth, strict=True)):
                public = p == seat or state.is_public(i)
                assert action == (true_action if public else None)
    for seat in [None, *range(players)]:
        assert state.history_seen_by(seat) == state.history_json()


def test_the_default_hides_others_actions_until_the_end() -> None:
    state = hb.new_game("welcome-to", 2, 1)
    player = state.acting_players()[0]
    state.apply(player, state.legal_actions(player)[0])
    assert state.history_seen_by(1 - player) == [[player, None]]
    assert state.history_seen_by(None) == [[player, None]]
    assert state.history_seen_by(player) == state.history_json()


def test_mr_house_hides_a_placement_until_its_stack_is_turned_up() -> None:
    state = hb.new_game("mr-house-basic", 2, 1)
    while state.phase == 0:  # movement: every marker goes face down
        player = state.acting_players()[0]
        state.apply(player, state.legal_actions(player)[0])
        index = len(state.history) - 1
        assert not state.is_public(index)
        assert state.history_seen_by(1 - player)[index] == [player, None]
    shown = [a for _, a in state.history_seen_by(None) if a is not None]
    assert shown  # the purchases turned up the first stacks
    assert all(a["kind"] == "place" for a in shown)
