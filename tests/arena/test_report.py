"""The report of a known small results file: its numbers, and an HTML page that
carries its figures as embedded PNGs."""

from __future__ import annotations

import base64
import dataclasses
import json
import re
from pathlib import Path

import pytest

from housebuilders.arena import Record, read_results
from housebuilders.arena.errors import ResultsError
from housebuilders.arena.page import to_html
from housebuilders.arena.report import ReportError, goal_rows, seat_caveat, summarize
from housebuilders.arena.strength import wilson
from tests.arena.known_results import GAME, KNOWN


@pytest.fixture
def known_file(tmp_path: Path) -> Path:
    path = tmp_path / "known.jsonl"
    path.write_text("".join(json.dumps(r.to_json()) + "\n" for r in KNOWN))
    return path


def test_win_rates_per_bot_with_their_intervals(known_file: Path) -> None:
    report = summarize(read_results(known_file))
    assert (report.game, report.players, report.games, len(report.errors)) == (GAME, 2, 3, 1)
    assert report.seeds == (100, 103)
    a, b = report.bots
    assert (a.bot, a.games, a.wins) == ("A", 3, 1.5)
    assert (b.bot, b.games, b.wins) == ("B", 3, 1.5)
    assert a.win_rate == pytest.approx(0.5)
    assert a.interval == pytest.approx(wilson(1.5, 3))


def test_win_rates_per_seat_and_the_first_players_advantage(known_file: Path) -> None:
    report = summarize(read_results(known_file))
    first, second = report.seats
    assert (first.games, first.wins, second.wins) == (3, 2.5, 0.5)
    assert first.interval == pytest.approx(wilson(2.5, 3))
    advantage = report.first_player
    assert advantage.fair == pytest.approx(0.5)
    assert advantage.win_rate == pytest.approx(2.5 / 3)
    assert advantage.advantage == pytest.approx(2.5 / 3 - 0.5)
    assert advantage.interval == first.interval
    assert advantage.significant == (first.interval[0] > 0.5)


def test_score_distributions_and_category_shares(known_file: Path) -> None:
    report = summarize(read_results(known_file))
    a, b = report.bots
    assert report.scores["A"] == [10, 6, 7] and report.scores["B"] == [5, 8, 7]
    assert a.mean_score == pytest.approx(23 / 3) and (a.min_score, a.median_score) == (6, 7)
    assert b.mean_score == pytest.approx(20 / 3) and b.max_score == 8
    assert report.categories == ["walls", "roofs"]
    assert report.shares["A"] == pytest.approx({"walls": 19 / 23, "roofs": 4 / 23})
    assert report.shares["B"] == pytest.approx({"walls": 9 / 20, "roofs": 11 / 20})
    assert report.shares["all"] == pytest.approx({"walls": 28 / 43, "roofs": 15 / 43})


def test_game_length(known_file: Path) -> None:
    length = summarize(read_results(known_file)).length
    assert (length.mean, length.min, length.median, length.max) == (100, 80, 100, 120)
    assert length.seconds == pytest.approx(0.5)


def test_the_html_report_is_one_file_with_its_figures_embedded(
    known_file: Path, tmp_path: Path
) -> None:
    page = to_html(summarize(read_results(known_file)))
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) >= 5  # win rates per bot and per seat, scores, categories, lengths
    for image in images:
        assert base64.b64decode(image).startswith(b"\x89PNG\r\n\x1a\n")
    assert "http://" not in page and "https://" not in page  # nothing fetched from elsewhere
    for text in ("Win rate per bot", "Win rate per seat", "First player", "boom", "walls"):
        assert text in page


def test_a_file_mixing_runs_or_empty_is_refused() -> None:
    other = Record(
        4,
        "mr-house-advanced",
        2,
        {},
        None,
        104,
        ["A", "B"],
        None,
        None,
        0,
        0.0,
        error={"seat": None, "bot": None, "message": "x"},
    )
    with pytest.raises(ReportError, match="mr-house-advanced"):
        summarize([*KNOWN, other])
    with pytest.raises(ReportError, match="no games"):
        summarize([])


def test_ratings_for_distinct_bots_and_a_warning_when_seats_repeat_a_bot() -> None:
    report = summarize(KNOWN)
    assert report.leaderboard is not None and {r.bot for r in report.leaderboard} == {"A", "B"}
    assert not report.mixed_seating and seat_caveat(report) is None
    three = Record(
        0,
        GAME,
        3,
        {},
        None,
        0,
        ["A", "B", "A"],
        [{"total": 1, "breakdown": {}}] * 3,
        [1, 2, 3],
        50,
        0.1,
    )
    mixed = summarize([three])
    assert mixed.leaderboard is None and mixed.mixed_seating
    assert "play one bot in every seat" in (seat_caveat(mixed) or "")


def test_penalties_take_a_negative_share_of_the_points_scored() -> None:
    solo = Record(
        0,
        "welcome-to",
        1,
        {},
        None,
        0,
        ["A"],
        [{"total": 5, "breakdown": {"parks": 6, "pools": 4, "refusals": -5}}],
        [1],
        40,
        0.1,
    )
    report = summarize([solo])
    assert report.shares["A"] == pytest.approx({"parks": 0.6, "pools": 0.4, "refusals": -0.5})
    assert "One player a game" in to_html(report)


def test_two_runs_in_one_file_are_refused_not_pooled() -> None:
    """``cat a.jsonl b.jsonl``: each run numbers its games from 0; pooled, games would be
    counted twice and the seeds and ratings mean nothing."""
    again = [dataclasses.replace(r, seed=r.seed + 1000) for r in KNOWN]
    with pytest.raises(ReportError, match=r"game 0 is in them twice \(seeds 100 and 1100\)"):
        summarize([*KNOWN, *again])
    other_bots = dataclasses.replace(KNOWN[0], bots=["C", "B"])
    with pytest.raises(ReportError, match="bots A,B and C,B"):
        summarize([*KNOWN, other_bots])
    with pytest.raises(ReportError, match="twice the same game"):
        summarize([*KNOWN, KNOWN[0]])
    ground = dataclasses.replace(KNOWN[3], index=4, options={"door": "ground-floor"})
    with pytest.raises(ReportError, match="game 4 was played with other options"):
        summarize([*KNOWN, ground])


def test_a_file_that_is_no_results_file_says_so(tmp_path: Path) -> None:
    manifest = tmp_path / "experiment.json"
    manifest.write_text('{\n "game": "mr-house-basic"\n}\n')
    with pytest.raises(ResultsError, match="experiment.json is not a results file"):
        read_results(manifest)
    later = tmp_path / "later.jsonl"
    later.write_text(json.dumps(KNOWN[0].to_json()) + "\nnot json\n{}\n")
    with pytest.raises(ResultsError, match="later.jsonl, line 2: not JSON"):
        read_results(later)


def test_a_tournament_s_report_gives_each_bot_s_goal_figures() -> None:
    """Issue 47: beside the ratings, each bot's mean of the game's goal figures, a
    yes-or-no one (Mr House's complete house) as the share of its seats."""
    records = [
        dataclasses.replace(
            r,
            goals={
                "complete house": [float(bot == "A") for bot in r.bots],
                "parts": [3.0 if bot == "A" else 1.0 for bot in r.bots],
            },
        )
        for r in KNOWN
        if r.finished
    ]
    report = summarize(records)
    assert report.leaderboard is not None
    rows = {row[0]: row[1:] for row in goal_rows(report.leaderboard, {"complete house"})}
    assert rows == {"A": ["100%", "3.0"], "B": ["0%", "1.0"]}
    page = to_html(report)
    assert "complete house" in page and "parts" in page
