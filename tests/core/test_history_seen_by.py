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
        start = state.unseen_moves_from()
        for seat in [None, *range(players)]:
            seen = state.history_seen_by(seat)
            known = [(i, move) for i, move in enumerate(truth) if i < start or move[0] == seat]
            assert [p for p, _ in seen] == [p for _, (p, _) in known]
            assert len(seen) == state.moves_seen(seat)
            for (p, action), (i, (_, true_action)) in zip(seen, known, strict=True):
                public = p == seat or state.is_public(i)
                assert action == (true_action if public else None)
    for seat in [None, *range(players)]:
        assert state.history_seen_by(seat) == state.history_json()


def test_welcome_to_hides_others_choices_of_the_round_even_in_number() -> None:
    state = hb.new_game("welcome-to", 2, 1)
    player = state.acting_players()[0]
    state.apply(player, state.legal_actions(player)[0])
    assert state.history_seen_by(1 - player) == [] == state.history_seen_by(None)
    assert state.moves_seen(1 - player) == 0 and state.moves_seen(player) == 1
    assert state.history_seen_by(player) == state.history_json()
    while state.round == 1:  # once the round is revealed, its moves are there, hidden
        mover = state.acting_players()[0]
        state.apply(mover, state.legal_actions(mover)[0])
    seen = state.history_seen_by(None)
    assert len(seen) == len(state.history) and all(action is None for _, action in seen)


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
