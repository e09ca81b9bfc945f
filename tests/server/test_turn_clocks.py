"""Turn-based play: a turn clock of hours or days keeps its deadline in the database,
so that a restart goes on with the time left, a deadline that passed while the server
was down acts at once, and a table nobody watches (set aside, not even in memory)
still times out. The clock is moved on (``clocks.now``), never waited for."""

from __future__ import annotations

import time
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from housebuilders.server import clocks, create_app, db
from housebuilders.server.limits import Limits
from tests.server.conftest import create, tokens, view, wait_for

DAY_MINUTES = 24 * 60
HOUR = 3600.0


def _server(url: str, **limits: int) -> TestClient:
    return TestClient(create_app(url, Limits(**limits), bot_workers=1))


def _moved_on(monkeypatch: pytest.MonkeyPatch, hours: float) -> None:
    """From now on, the turn clocks' wall clock is ``hours`` ahead of the real one."""
    monkeypatch.setattr(clocks, "now", lambda: time.time() + hours * HOUR)


def _stored(url: str, table: str) -> dict[int, float | None]:
    """Each seat's deadline as the database has it."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                sa.select(db.Seat.seat, db.Seat.deadline).where(db.Seat.table_id == table)
            )
            return {seat: deadline for seat, deadline in rows}
    finally:
        engine.dispose()


def _a_day_a_move(client: TestClient, seats: str = "human,human") -> dict[str, Any]:
    """A new table of Mr House with a turn clock of a day a move."""
    return create(client, "mr-house-basic", seats, seed=6, clock_minutes=DAY_MINUTES)


def _act(client: TestClient, table: str, token: str) -> dict[str, Any]:
    index = view(client, table, token)["legal_actions"][0]["index"]
    response = client.post(
        f"/api/tables/{table}/actions", params={"token": token}, json={"index": index}
    )
    assert response.status_code == 200, response.text
    return response.json()


def test_a_seat_with_a_day_s_clock_keeps_the_time_left_across_a_restart(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _server(sqlite_url) as client:
        created = _a_day_a_move(client)
        table, seat_tokens = created["table"], tokens(created)
        first = view(client, table)["acting"][0]
        while view(client, table)["acting"] == [first]:  # its turn, to the other's
            after = _act(client, table, seat_tokens[first])
        waiting = after["acting"][0]
        deadline = after["seats"][waiting]["deadline"]
        assert time.time() + 23.9 * HOUR < deadline < time.time() + 24 * HOUR
        assert after["seats"][first]["deadline"] is None
        # stored with the move that started the wait, and the lobby says so too
        assert _stored(sqlite_url, table) == {first: None, waiting: deadline}
        lobby = client.get("/api/tables").json()["tables"]
        assert [t["seats"][waiting]["deadline"] for t in lobby if t["table"] == table] == [deadline]
    _moved_on(monkeypatch, 10)  # the server was down for ten hours
    with _server(sqlite_url) as client:
        again = view(client, table, seat_tokens[waiting])
        assert again["seats"][waiting]["deadline"] == deadline  # not a fresh clock
        assert 13.9 * HOUR < deadline - again["server_time"] < 14 * HOUR  # the time left
        assert not again["seats"][waiting]["away"] and again["acting"] == [waiting]
        assert again["legal_actions"]
    assert _stored(sqlite_url, table)[waiting] == deadline


def test_a_deadline_that_passed_while_the_server_was_down_is_acted_on_at_once(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _server(sqlite_url) as client:
        created = _a_day_a_move(client)
        table = created["table"]
        seat = view(client, table)["acting"][0]
    _moved_on(monkeypatch, 25)  # down for a day and an hour
    with _server(sqlite_url) as client:
        # marked away at once, and the clock bot played its turn for it
        played = wait_for(
            client, table, None, lambda v: v["seats"][seat]["away"] and seat not in v["acting"],
            seconds=20,
        )  # fmt: skip
        assert played["log_length"] >= 1 and played["seats"][seat]["deadline"] is None
        other = played["acting"][0]
        assert played["seats"][other]["deadline"] > time.time() + 48.9 * HOUR  # a full day on
        log = client.get(f"/api/tables/{table}/log").json()["actions"]
        assert log[0][0] == seat
    assert _stored(sqlite_url, table)[seat] is None


def test_a_table_set_aside_and_out_of_memory_times_out_through_the_sweep(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(clocks, "SWEEP_SECONDS", 0.05)
    limits = {"abandon_seconds": 1}
    with _server(sqlite_url, **limits) as client:
        created = _a_day_a_move(client, "human,greedy")
        table = created["table"]
        waiting = wait_for(client, table, None, lambda v: 0 in v["acting"])
        deadline = waiting["seats"][0]["deadline"]
        aside = wait_for(client, table, None, lambda v: v["status"] == "abandoned", seconds=30)
        assert aside["seats"][0]["deadline"] == deadline  # kept while set aside
        moves = aside["log_length"]
    with _server(sqlite_url, **limits) as client:  # a restart: the table stays aside
        service = client.app.state.service
        time.sleep(0.3)  # a few sweeps: nothing is due yet
        assert table not in service.tables
        _moved_on(monkeypatch, 25)
        started = time.monotonic()
        while not (table in service.tables and service.tables[table].seats[0].away):
            assert time.monotonic() - started < 20, "the sweep did not wake the table"
            time.sleep(0.02)
        # in play again: the clock bot plays the person's turns, the greedy bot its own
        final = wait_for(client, table, None, lambda v: v["log_length"] > moves, seconds=20)
        assert final["status"] in ("playing", "finished") and final["seats"][0]["away"]
    assert _stored(sqlite_url, table)[0] is None


def test_a_table_in_play_from_before_deadlines_were_stored_gets_its_clock_stored(
    sqlite_url: str,
) -> None:
    with _server(sqlite_url) as client:
        created = _a_day_a_move(client)
        table = created["table"]
        seat = view(client, table)["acting"][0]
    engine = sa.create_engine(sqlite_url)
    with engine.begin() as connection:  # as migration 0012 leaves a table in play
        connection.execute(sa.update(db.Seat).values(deadline=None))
    engine.dispose()
    with _server(sqlite_url) as client:
        started = view(client, table)["seats"][seat]["deadline"]
        assert time.time() + 23.9 * HOUR < started <= time.time() + 24 * HOUR
    assert _stored(sqlite_url, table)[seat] == started
