"""A finished game's review (agents/review.py): each seat's chance to win after every
move, and its costliest moves against the strong bot's choice (the search, thought on
the seat's view then), in words."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.agents import make
from housebuilders.agents.ismcts import ISMCTSAgent
from housebuilders.agents.review import (
    BOT,
    COSTLIEST,
    DIGITS,
    Cost,
    ReviewPart,
    chances,
    costliest,
)
from housebuilders.agents.turn import Decision
from housebuilders.core import game, win_shares
from housebuilders.core.rng import seed_state

#: every game; the longest at two seats (a review thinks each move of the game over)
PLAYERS = {"mr-house-basic": 3, "dream-home": 3, "welcome-to": 3}


@pytest.mark.parametrize("game_id", hb.builtin_game_ids())
def test_a_review_gives_chances_in_0_1_and_each_seats_costliest_moves(game_id: str) -> None:
    n = PLAYERS.get(game_id, 2)
    final = hb.play(game_id, ["greedy", "random", "random"][:n], seed=2)
    history = tuple(final.history)
    start = game(game_id).new_game(n, 2, {})
    done = ReviewPart(start, history, 0, 2, seconds=1e9).take()
    assert done.done == len(history) and done.opening is not None
    rows = [done.opening, *done.chances]
    assert all(len(row) == n and all(0 <= c <= 1 for c in row) for row in rows)
    assert rows[-1] == win_shares(final.winners(), n)
    assert done.costs
    for seat in range(n):
        mine = [c for c in done.costs if c.seat == seat]
        assert len(mine) <= COSTLIEST
        assert [c.lost for c in mine] == sorted((c.lost for c in mine), reverse=True)
    before = {c.step: start.clone() for c in done.costs}  # the position of each costly move
    state = start.clone()
    for step, (player, action) in enumerate(history, 1):
        if step in before:
            before[step] = state.clone()
        state.play(player, action)
    for c in done.costs:
        player, _ = history[c.step - 1]
        assert player == c.seat  # a move the seat made
        assert c.lost > 0 and c.preferred != c.played
        assert c.to_json()["lost"] > 0  # a loss that shows
        assert "point" in c.played_gains and "point" in c.preferred_gains
        # the strong bot's move, as a bot in that seat would have thought it: on the
        # seat's view then, with the decision's seeds
        preferred = Decision.at(before[c.step], c.seat, BOT, 2).take()
        assert c.preferred == before[c.step].describe(preferred)


def test_the_reviews_bot_is_the_search_with_a_fixed_budget() -> None:
    bot = make(BOT)
    assert isinstance(bot, ISMCTSAgent)
    assert bot.iterations > 0 and bot.seconds == 0  # the same moves on any machine


def test_a_seat_that_played_the_reviews_bots_moves_made_no_costly_move() -> None:
    # a game played as the web table plays it: seat 0's every move is the strong bot's,
    # made afresh for the move on the seat's view (turn.Decision); seat 1 plays at random
    seed = 4
    start = game("mr-house-basic").new_game(2, seed, {})
    state, rng = start.clone(), random.Random(seed)
    while not state.is_terminal():
        (seat,) = state.acting_players()
        if seat == 0:
            action = Decision.at(state, 0, BOT, seed).take()
        else:
            action = rng.choice(state.legal_actions(seat))
        state.play(seat, action)
    done = ReviewPart(start, tuple(state.history), 0, seed, seconds=1e9).take()
    assert done.done == len(state.history)
    assert done.costs and {c.seat for c in done.costs} == {1}  # only the random seat's


def test_a_loss_too_small_to_show_is_not_a_costly_move() -> None:
    shown = 10.0**-DIGITS  # the least chance lost the review shows
    tiny = Cost(5, 0, "a", "b", played_chance=0.5, preferred_chance=0.5 + shown / 4)
    small = Cost(7, 0, "c", "d", played_chance=0.5, preferred_chance=0.5 + shown)
    assert tiny.lost > 0 and tiny.to_json()["lost"] == 0  # lost, but it shows as nothing
    assert not tiny.costly and small.costly
    assert costliest([tiny, small]) == [small]
    assert costliest([tiny]) == []
    assert small.to_json()["lost"] > 0


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
