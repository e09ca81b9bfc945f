"""The report renders whatever valid records it is given: one game, one bot, all ties,
a bot that wins every game or none (intervals at 0% and 100%), games everyone lost,
games that failed."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from housebuilders.arena import Record
from housebuilders.arena.page import to_html
from housebuilders.arena.report import ReportError, summarize
from housebuilders.arena.strength import wilson

GAME = "mr-house-basic"
BOTS = ["greedy", "random", "ismcts"]


@st.composite
def a_record(draw: Any, index: int, players: int) -> Record:
    bots = draw(st.lists(st.sampled_from(BOTS), min_size=players, max_size=players))
    if draw(st.integers(0, 9)) == 0:  # a game that failed
        seat = draw(st.sampled_from([None, *range(players)]))
        error = {
            "seat": seat,
            "bot": None if seat is None else bots[seat],
            "message": draw(st.text(max_size=30)),
        }
        return Record(index, GAME, players, {}, None, index, bots, None, None, 3, 0.1, error)
    breakdowns = draw(
        st.lists(
            st.fixed_dictionaries({"walls": st.integers(-5, 20), "roofs": st.integers(0, 9)}),
            min_size=players,
            max_size=players,
        )
    )
    scores = [{"total": sum(b.values()), "breakdown": b} for b in breakdowns]
    places = draw(st.lists(st.integers(1, players), min_size=players, max_size=players))
    ranking = [1 + sum(other < place for other in places) for place in places]
    first = [seat for seat in range(players) if ranking[seat] == 1]
    winners = draw(st.sampled_from([first, first, []]))  # [] : everyone lost
    actions = draw(st.integers(1, 500))
    return Record(
        index, GAME, players, {}, None, index, bots, scores, ranking, actions, 0.2, None, winners
    )


@st.composite
def results(draw: Any) -> list[Record]:
    players = draw(st.integers(2, 4))
    games = draw(st.integers(1, 6))
    return [draw(a_record(index, players)) for index in range(games)]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records=results())
def test_any_valid_records_render_as_html(records: list[Record]) -> None:
    try:
        report = summarize(records)
    except ReportError as e:  # no game finished: a clear refusal, not a crash
        assert not any(r.ok for r in records), e
        return
    page = to_html(report)
    assert page.startswith("<!doctype html>") or "<html" in page
    for line in report.bots:
        low, high = line.interval
        assert 0 <= low <= line.win_rate <= high <= 1


def test_a_bot_that_wins_every_game_or_none_draws_its_interval() -> None:
    one_sided = [
        Record(i, GAME, 2, {}, None, i, ["greedy", "random"][:: 1 - 2 * (i % 2)],
               [{"total": 9, "breakdown": {"walls": 9}}, {"total": 1, "breakdown": {"walls": 1}}]
               if i % 2 == 0 else
               [{"total": 1, "breakdown": {"walls": 1}}, {"total": 9, "breakdown": {"walls": 9}}],
               [1, 2] if i % 2 == 0 else [2, 1], 50, 0.1)
        for i in range(24)
    ]  # fmt: skip
    report = summarize(one_sided)
    rates = {line.bot: line.win_rate for line in report.bots}
    assert rates == {"greedy": 1.0, "random": 0.0}
    assert "data:image/png" in to_html(report)


def test_the_wilson_interval_holds_its_rate_at_the_ends() -> None:
    for games in range(1, 60):
        for wins in (0, games):
            low, high = wilson(wins, games)
            assert low <= wins / games <= high
