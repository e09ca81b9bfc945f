"""Tournaments: every group of bots at every seating, rated with Plackett-Luce."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import permutations
from pathlib import Path

import pytest

from housebuilders.arena import Record, RunOptions, rate, read_results, schedule, tournament
from housebuilders.arena.tournament import TournamentError

GAME = "mr-house-basic"


def test_all_seatings_of_every_group_come_round_in_turn() -> None:
    bots = ["a", "b", "c"]
    plan = schedule(bots, 2, 12)
    assert Counter(plan) == Counter(permutations(bots, 2)) + Counter(permutations(bots, 2))
    # each cycle of groups has every group once: the first three games are a, b, c paired
    assert {frozenset(lineup) for lineup in plan[:3]} == {
        frozenset("ab"),
        frozenset("ac"),
        frozenset("bc"),
    }


def test_four_bots_at_a_four_player_table_take_all_24_seatings() -> None:
    plan = schedule(["a", "b", "c", "d"], 4, 24)
    assert sorted(plan) == sorted(permutations("abcd"))


def test_rotations_only_when_asked() -> None:
    plan = schedule(["a", "b", "c"], 3, 6, seatings="rotate")
    assert plan == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")] * 2


def test_a_tournament_needs_distinct_bots_enough_for_the_table() -> None:
    with pytest.raises(TournamentError, match="at least 3 bots"):
        schedule(["a", "b"], 3, 4)
    with pytest.raises(TournamentError, match="twice"):
        schedule(["a", "a", "b"], 2, 4)
    with pytest.raises(TournamentError, match="seatings"):
        schedule(["a", "b"], 2, 4, seatings="some")


def _record(index: int, bots: list[str], ranking: list[int]) -> Record:
    scores = [{"total": 10 - r, "breakdown": {"walls": 10 - r}} for r in ranking]
    return Record(index, GAME, len(bots), {}, None, index, bots, scores, ranking, 100, 0.1)


def test_ratings_follow_the_rankings_and_ties_share_a_rank() -> None:
    records = [
        _record(i, ["strong", "weak"][:: 1 - 2 * (i % 2)], [1, 2][:: 1 - 2 * (i % 2)])
        for i in range(10)
    ]
    board = rate(records)
    assert [r.bot for r in board] == ["strong", "weak"]
    strong, weak = board
    assert strong.mu > 25 > weak.mu
    assert strong.sigma < 25 / 3 and strong.ordinal == pytest.approx(strong.mu - 3 * strong.sigma)
    assert strong.games == 10 and strong.wins == 10 and weak.wins == 0
    tied = rate([_record(0, ["x", "y"], [1, 1])])
    assert tied[0].mu == pytest.approx(tied[1].mu)  # a shared first place moves neither ahead
    assert tied[0].wins == tied[1].wins == 0.5


def test_errored_games_are_left_out_of_the_ratings() -> None:
    broken = Record(
        1,
        GAME,
        2,
        {},
        None,
        1,
        ["x", "y"],
        None,
        None,
        3,
        0.1,
        error={"seat": 0, "bot": "x", "message": "RuntimeError: boom"},
    )
    board = rate([_record(0, ["x", "y"], [2, 1]), broken])
    assert [(r.bot, r.games) for r in board] == [("y", 1), ("x", 1)]


def test_a_tournament_plays_the_schedule_and_rates_it(tmp_path: Path) -> None:
    bots = ["greedy", "random", "random:"]
    result = tournament(GAME, 2, bots, 12, seed=3, run=RunOptions(jobs=1, out=tmp_path / "t.jsonl"))
    assert [tuple(r.bots) for r in result.records] == schedule(bots, 2, 12)
    assert [r.seed for r in result.records] == list(range(3, 15))
    assert read_results(tmp_path / "t.jsonl") == result.records
    assert result.leaderboard[0].bot == "greedy"
    assert sum(r.games for r in result.leaderboard) == 24
    assert tournament(GAME, 2, bots, 12, seed=3, run=RunOptions(jobs=2, batch=2)) == result


def test_each_bot_s_goal_figures_are_its_means_over_the_seats_it_played() -> None:
    """The ladder's goal figures (issue 47): a bot's mean of each of ``State.goals``'s
    figures over the seats it played, whichever seat that was."""
    games = [
        (["a", "b"], {"complete house": [1.0, 0.0], "parts": [6.0, 2.0]}),
        (["b", "a"], {"complete house": [1.0, 0.0], "parts": [5.0, 3.0]}),
        (["a", "b"], {"complete house": [1.0, 1.0], "parts": [7.0, 8.0]}),
    ]
    records = [
        replace(_record(i, bots, [1, 2]), goals=goals) for i, (bots, goals) in enumerate(games)
    ]
    by_bot = {r.bot: r.goals for r in rate(records)}
    assert by_bot["a"] == {"complete house": pytest.approx(2 / 3), "parts": pytest.approx(16 / 3)}
    assert by_bot["b"] == {"complete house": pytest.approx(2 / 3), "parts": pytest.approx(5.0)}


def test_a_played_tournament_rates_the_game_s_goal_figures() -> None:
    board = tournament(GAME, 2, ["greedy", "random"], 4, seed=0, run=RunOptions(jobs=1))
    greedy, random_bot = board.leaderboard
    assert set(greedy.goals) == {"complete house"} == set(random_bot.goals)
    assert greedy.goals["complete house"] > random_bot.goals["complete house"]
