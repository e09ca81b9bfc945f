"""The arena counts wins from ``winners()``: a Mr House advanced game in which no house
is complete has no winner ("In theory, everyone could lose."), and its record, tallies,
report, ratings and strength matches say so; a shared win is shared."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from housebuilders.arena import (
    Record,
    ResultsError,
    RunOptions,
    SimulationResult,
    read_results,
    simulate,
)
from housebuilders.arena.page import to_html
from housebuilders.arena.report import summarize
from housebuilders.arena.strength import match, wdl_text
from housebuilders.arena.tournament import places, rate

ADVANCED = "mr-house-advanced"
BASIC = "mr-house-basic"


def _record(index: int, bots: list[str], ranking: list[int], winners: list[int]) -> Record:
    scores = [{"total": 10 - r, "breakdown": {"walls": 10 - r}} for r in ranking]
    return Record(
        index, ADVANCED, len(bots), {}, None, index, bots, scores, ranking, 100, 0.1, None, winners
    )


@pytest.fixture(scope="module")
def everyone_lost(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two random-vs-random games of the advanced variant (seeds 67 and 68): random
    play never completes a house there."""
    out = tmp_path_factory.mktemp("lost") / "lost.jsonl"
    simulate(ADVANCED, 2, 2, ["random", "random"], seed=67, run=RunOptions(jobs=1, out=out))
    return out


# == records ===================================================================================
def test_a_game_everyone_lost_is_recorded_with_no_winners(everyone_lost: Path) -> None:
    lines = [json.loads(line) for line in everyone_lost.read_text().splitlines()]
    assert [line["winners"] for line in lines] == [[], []]
    assert all(1 in line["ranking"] for line in lines)  # the ranking still orders them
    assert all(not s["complete"] for line in lines for s in line["scores"])
    records = read_results(everyone_lost)
    assert [r.winners for r in records] == [[], []] and all(r.nobody_won for r in records)


def test_a_record_without_winners_takes_the_first_place() -> None:
    old = _record(0, ["a", "b", "c"], [1, 3, 1], [0, 2]).to_json()
    del old["winners"]  # written before winners were recorded
    assert Record.from_json(old).winners == [0, 2]


def test_winners_that_are_not_a_list_of_seats_are_refused() -> None:
    bad = {**_record(0, ["a", "b"], [1, 2], [0]).to_json(), "winners": "0"}
    with pytest.raises(ResultsError, match="winners"):
        Record.from_json(bad)


def test_a_failed_game_has_no_winners() -> None:
    failed = Record(0, BASIC, 2, {}, None, 0, ["a", "b"], None, None, 3, 0.1, {"seat": 0})
    assert failed.winners is None and not failed.finished and not failed.nobody_won


# == tallies and the report ====================================================================
def test_no_bot_wins_a_game_everyone_lost(everyone_lost: Path) -> None:
    result = SimulationResult.from_records(read_results(everyone_lost))
    assert (result.games, result.nobody_won) == (2, 2)
    assert [t.wins for t in result.bots.values()] == [0.0]  # random, in both seats
    assert [t.wins for t in result.seats] == [0.0, 0.0]


def test_the_report_counts_the_games_everyone_lost(everyone_lost: Path) -> None:
    report = summarize(read_results(everyone_lost))
    assert (report.games, report.nobody_won) == (2, 2)
    assert [b.wins for b in report.bots] == [0.0]
    assert report.fair == 0.0  # no game had a win to share out
    page = to_html(report)
    assert "2 everyone lost" in page and "Everyone lost 2 of 2 games" in page
    assert "data:image/png" in page


def test_the_fair_share_is_of_the_games_someone_won() -> None:
    records = [
        _record(0, ["a", "b"], [1, 2], [0]),
        _record(1, ["b", "a"], [1, 2], []),  # everyone lost
        _record(2, ["a", "b"], [1, 1], [0, 1]),  # a shared win
        _record(3, ["b", "a"], [2, 1], [1]),
    ]
    report = summarize(records)
    assert report.nobody_won == 1
    assert report.fair == pytest.approx(3 / 4 / 2)
    a, b = report.bots
    assert (a.wins, b.wins) == (2.5, 0.5)
    assert report.first_player.fair == report.fair


# == ratings ===================================================================================
def test_ratings_see_the_winners_first_and_everyone_else_next() -> None:
    assert places(_record(0, ["a", "b", "c"], [1, 2, 3], [0])) == [1, 2, 2]
    assert places(_record(0, ["a", "b", "c"], [1, 1, 3], [0, 1])) == [1, 1, 2]
    assert places(_record(0, ["a", "b", "c"], [2, 1, 3], [])) == [1, 1, 1]


def test_a_game_everyone_lost_moves_no_bot_ahead_in_the_ratings() -> None:
    board = rate([_record(0, ["x", "y"], [1, 2], [])])  # x placed first, and lost
    assert board[0].mu == pytest.approx(board[1].mu)
    assert board[0].wins == board[1].wins == 0.0
    won = rate([_record(0, ["x", "y"], [1, 2], [0])])
    assert [r.bot for r in won] == ["x", "y"] and won[0].mu > won[1].mu


# == strength matches ==========================================================================
def test_a_match_both_bots_lost_is_a_loss_for_each() -> None:
    result = match(ADVANCED, "random", "random", 2, seed=67)  # no house complete
    assert [r.winners for r in result.records] == [(), ()]
    assert (result.wins, result.ties, result.losses, result.both_lost) == (0, 0, 2, 2)
    assert result.b_wins == 0 and result.score_rate == 0.0
    assert wdl_text(result) == "0/0/2 (2 both lost)"
