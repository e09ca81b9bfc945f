"""One bot decision: seeded, on the seat's view, its errors named, its time bounded."""

from __future__ import annotations

import pickle

import pytest

import housebuilders as hb
from housebuilders.agents import RandomAgent, make
from housebuilders.agents.turn import (
    GRACE,
    BotError,
    Decision,
    bot_seed,
    deadline,
    decide,
    make_agents,
    view_seed,
)


class Raises(RandomAgent):
    def choose(self, view: hb.State, player: int) -> hb.Action:
        raise RuntimeError("boom")


def test_named_bots_get_their_seat_seed_and_objects_are_kept() -> None:
    kept = RandomAgent(5)
    first, second = make_agents(["random", kept], seed=3)
    assert second is kept
    again = make("random", seed=bot_seed(3, 0))
    view = hb.new_game("mr-house-basic", 2, seed=3)
    assert first.choose(view.clone(), 0) == again.choose(view.clone(), 0)


def test_decide_shows_the_bot_a_view_not_the_state() -> None:
    state = hb.new_game("mr-house-basic", 2, seed=1)
    seen: list[hb.State] = []

    class Spy(RandomAgent):
        def choose(self, view: hb.State, player: int) -> hb.Action:
            seen.append(view)
            return super().choose(view, player)

    action = decide(Spy(0), state, 0, game_seed=1)
    assert seen and seen[0] is not state
    assert action in state.legal_actions(0)


def test_the_view_does_not_tell_how_many_others_chose_in_a_simultaneous_round() -> None:
    # Welcome To: the others' choices of the round are unseen, even in number; the
    # view's seed (and so its random generator) must not count them
    seen: list[dict] = []

    class Spy(RandomAgent):
        def choose(self, view: hb.State, player: int) -> hb.Action:
            seen.append(view.to_json())
            return super().choose(view, player)

    before = hb.new_game("welcome-to", 3, seed=4)
    after = before.clone()
    after.apply(1, after.legal_actions(1)[0])  # seat 1 chooses, unseen by seat 0
    decide(Spy(0), before, 0, game_seed=4)
    decide(Spy(0), after, 0, game_seed=4)
    assert seen[0]["rng"] == seen[1]["rng"]


def test_a_bot_that_raises_comes_out_as_a_bot_error_naming_it_and_its_seat() -> None:
    state = hb.new_game("mr-house-basic", 2, seed=1)
    with pytest.raises(BotError) as raised:
        decide(Raises(0, name="raiser"), state, 0, game_seed=1)
    assert (raised.value.bot, raised.value.seat) == ("raiser", 0)
    assert str(raised.value) == "RuntimeError: boom"
    assert isinstance(raised.value.__cause__, RuntimeError)


def test_a_decision_depends_only_on_its_view_name_and_seed() -> None:
    state = hb.new_game("mr-house-basic", 3, seed=9)
    decision = Decision.at(state, 0, "greedy", game_seed=9)
    assert decision.seed == view_seed(9, state.moves_seen(0))
    shipped = pickle.loads(pickle.dumps(decision))  # as a worker process receives it
    assert shipped.take() == decision.take()
    legal = state.legal_actions(0)
    assert (
        decision.fallback(legal) == decision.fallback(legal) and decision.fallback(legal) in legal
    )


def test_the_deadline_adds_half_a_second_or_a_quarter_of_a_short_time() -> None:
    assert deadline(10.0) == 10.0 + GRACE
    assert deadline(0.4) == pytest.approx(0.5)
