"""A database in trouble stalls nothing silently: SQLite locked from outside for half
a minute keeps the server answering and its bots going on after, a bot or clock that
fails is logged in one line and tried again, the sweep starts a stopped bot again,
and a database that does not answer gets 503 with Retry-After, never a traceback."""

from __future__ import annotations

import logging
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from housebuilders.server import create_app, driver as driver_module, peers as peers_module
from housebuilders.server.changes import Changes
from housebuilders.server.limits import Limits
from tests.live_server import LiveServer, free_port
from tests.server.conftest import create, create_with, postgres_url, tokens, view, wait_for


def _one_line_records(caplog: pytest.LogCaptureFixture, text: str) -> list[logging.LogRecord]:
    """The server's log records that say ``text``; each is one line, without a traceback."""
    records = [r for r in caplog.records if text in r.getMessage()]
    for record in records:
        assert "\n" not in record.getMessage() and record.exc_info is None, record.getMessage()
    return records


def _no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r.getMessage() for r in caplog.records if r.exc_info], "a traceback was logged"


@contextmanager
def _locked(path: str, seconds: float) -> Iterator[threading.Event]:
    """Another connection holds the SQLite file's exclusive lock for ``seconds``, from a
    thread of its own (as another program would); yields the event set once it lets go."""
    taken, done = threading.Event(), threading.Event()

    def hold() -> None:
        connection = sqlite3.connect(path, isolation_level=None)
        try:
            connection.execute("BEGIN EXCLUSIVE")
            taken.set()
            time.sleep(seconds)
            connection.execute("COMMIT")
        finally:
            connection.close()
            done.set()

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    assert taken.wait(10), "the lock was not taken"
    try:
        yield done
    finally:
        holder.join()


def _timed_view(client: TestClient, table: str) -> tuple[float, dict[str, Any]]:
    start = time.monotonic()
    answer = view(client, table)
    return time.monotonic() - start, answer


@pytest.mark.parametrize("lock_seconds", [8, pytest.param(35, marks=pytest.mark.slow)])
def test_an_outside_lock_on_sqlite_stalls_no_view_and_the_bots_go_on_after_it(
    bot_client: Callable[..., TestClient],
    sqlite_url: str,
    caplog: pytest.LogCaptureFixture,
    lock_seconds: float,
) -> None:
    caplog.set_level(logging.INFO, logger="housebuilders.server")
    client = bot_client(bot_workers=1)
    people = create(client, "mr-house-basic", "human,human", seed=2)["table"]
    bots = create_with(client, "mr-house-basic", ["sleepy:nap=0.05"] * 2, seed=3)["table"]
    wait_for(client, bots, None, lambda v: v["log_length"] >= 3)

    slowest = 0.0
    with _locked(sqlite_url.split("///", 1)[1], lock_seconds) as unlocked:
        started = time.monotonic()
        time.sleep(0.5)  # a move the bots were writing as the lock came is in by now
        stalled = view(client, bots)["log_length"]
        # a write needs the lock: refused with 503 once its tries are over (about 3.5 s)
        refused = client.post("/api/tables", json={"game": "mr-house-basic",
                              "seats": [{"kind": "human"}] * 2})  # fmt: skip
        assert time.monotonic() - started < lock_seconds, "the lock ended before the write gave up"
        assert refused.status_code == 503, refused.text
        assert refused.headers["retry-after"] == "5"
        assert "database" in refused.json()["error"]
        while not unlocked.is_set():  # views of either table answer, as if nothing were wrong
            for table in (people, bots):
                seconds, seen = _timed_view(client, table)
                slowest = max(slowest, seconds)
            if not unlocked.is_set():
                assert seen["log_length"] == stalled, "the bots wrote through the lock"
            time.sleep(0.2)
    assert slowest < 1, f"a view took {slowest:.1f} s under the lock"

    # the bots go on by themselves, and the log said why they had stopped
    ended = time.monotonic()
    wait_for(client, bots, None, lambda v: v["log_length"] >= stalled + 3, seconds=20)
    assert time.monotonic() - ended < 10
    failed = _one_line_records(caplog, f"table {bots}: a bot's move failed")
    assert failed[0].levelno == logging.WARNING
    assert "database is locked" in failed[0].getMessage()
    assert len([r for r in failed if r.levelno >= logging.WARNING]) == 1  # the rest: debug
    assert _one_line_records(caplog, f"table {bots}: a bot's move went through, after failing")
    assert len(_one_line_records(caplog, "answered 503: OperationalError")) == 1
    _no_tracebacks(caplog)


def test_a_bot_move_that_fails_is_logged_in_one_line_and_tried_again(
    client: TestClient, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(driver_module, "RETRY_SECONDS", 0.05)
    commit = Changes.commit
    faults: list[int] = []

    async def faulty(self: Changes, table: Any, seat: int, action: Any, **how: Any) -> None:
        if not faults:
            faults.append(seat)
            raise RuntimeError("an injected fault")
        await commit(self, table, seat, action, **how)

    monkeypatch.setattr(Changes, "commit", faulty)
    table = create(client, "mr-house-basic", "greedy,greedy", seed=4)["table"]
    final = wait_for(client, table, None, lambda v: v["terminal"])
    assert faults and final["log_length"] > 0
    failed = _one_line_records(caplog, f"table {table}: a bot's move failed")
    assert [r.levelno for r in failed] == [logging.ERROR]  # not the database: a bug
    assert "RuntimeError: an injected fault" in failed[0].getMessage()
    went_on = f"table {table}: a bot's move went through, after failing once"
    assert _one_line_records(caplog, went_on)


def test_a_turn_clock_that_fails_is_logged_in_one_line_and_tried_again(
    sqlite_url: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(driver_module, "RETRY_SECONDS", 0.05)
    set_away = Changes.set_away
    faults: list[int] = []

    async def faulty(self: Changes, table: Any, seat: int, away: bool) -> None:
        if not faults:
            faults.append(seat)
            raise RuntimeError("an injected fault")
        await set_away(self, table, seat, away)

    monkeypatch.setattr(Changes, "set_away", faulty)
    # a clock of 0.24 s: shorter than the server allows by default (min_clock_seconds)
    with TestClient(create_app(sqlite_url, Limits(min_clock_seconds=0))) as client:
        created = create(client, "mr-house-basic", "human,human", seed=6, clock_minutes=0.004)
        table = created["table"]
        first = view(client, table)["acting"][0]
        # the clock ran out, failed to mark the seat away, and did it at its next try
        wait_for(client, table, None, lambda v: v["seats"][first]["away"], seconds=10)
    assert faults == [first]
    failed = _one_line_records(caplog, f"table {table}: the turn clock failed")
    assert [r.levelno for r in failed] == [logging.ERROR]
    went_on = f"table {table}: the turn clock went through, after failing once"
    assert _one_line_records(caplog, went_on)


def test_the_sweep_starts_a_stopped_bot_again_on_sqlite(
    bot_client: Callable[..., TestClient],
) -> None:
    client = bot_client(bot_workers=1)
    table = create_with(client, "mr-house-basic", ["sleepy:nap=0.3"] * 2, seed=5)["table"]
    wait_for(client, table, None, lambda v: v["log_length"] >= 1)
    driver = client.app.state.service.tables[table].driver
    client.portal.call(driver.cancel)  # as if the bots' task had died
    while not driver.done():
        time.sleep(0.01)
    stopped = view(client, table)["log_length"]
    started = time.monotonic()
    wait_for(client, table, None, lambda v: v["log_length"] >= stopped + 2, seconds=10)
    assert time.monotonic() - started < peers_module.SWEEP_SECONDS + 3


# -- PostgreSQL stopped ----------------------------------------------------------------------
class _Relay:
    """A TCP relay on a loopback port to the PostgreSQL test server, which the test
    stops and starts again: to whoever connects through it, the database stops (every
    connection cut, new ones refused), while the server itself, which other tests
    share, goes on."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = free_port()
        self._running = threading.Event()
        self._accepting: threading.Thread | None = None
        self._sockets: set[socket.socket] = set()

    def start(self) -> None:
        listener = socket.create_server(("127.0.0.1", self.port))
        listener.settimeout(0.1)
        self._running.set()
        self._accepting = threading.Thread(target=self._accept, args=(listener,), daemon=True)
        self._accepting.start()

    def stop(self) -> None:
        self._running.clear()
        if self._accepting is not None:
            self._accepting.join()  # the port is closed: no new connection
        for connection in self._sockets:
            with suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()
        self._sockets.clear()

    def _accept(self, listener: socket.socket) -> None:
        with listener:
            while self._running.is_set():
                try:
                    near, _ = listener.accept()
                except TimeoutError:
                    continue
                far = socket.create_connection(self.target)
                near.settimeout(None)
                self._sockets |= {near, far}
                for source, sink in ((near, far), (far, near)):
                    threading.Thread(target=_pump, args=(source, sink), daemon=True).start()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    try:
        while data := source.recv(65536):
            sink.sendall(data)
    except OSError:
        pass
    finally:
        for connection in (source, sink):
            with suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)


@pytest.mark.postgres
def test_a_stopped_postgresql_answers_503_with_retry_after_and_no_traceback() -> None:
    real = make_url(postgres_url())
    relay = _Relay(real.host or "127.0.0.1", real.port or 5432)
    relay.start()
    url = real.set(host="127.0.0.1", port=relay.port).render_as_string(hide_password=False)
    server = LiveServer(url, options=["--tables-per-minute", "0"]).start()
    process = server.process
    assert process is not None
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            body = {"game": "mr-house-basic", "seats": [{"kind": "human"}] * 2}
            created = http.post("/api/tables", json=body).json()
            table, seats = created["table"], tokens(created)
            mover = http.get(f"/api/tables/{table}/view").json()["acting"][0]
            seen = http.get(f"/api/tables/{table}/view", params={"token": seats[mover]}).json()
            move = {"index": seen["legal_actions"][0]["index"], "log_length": seen["log_length"]}

            relay.stop()  # the database stops
            answers = [
                http.get("/api/tables"),
                http.post("/api/tables", json=body),
                http.post(f"/api/tables/{table}/actions", params={"token": seats[mover]},
                          json=move),  # fmt: skip
                http.get("/api/tables/no-such-table/view"),  # not in memory: read
                *[http.get("/api/tables") for _ in range(20)],
            ]
            for answer in answers:
                assert answer.status_code == 503, answer.text
                assert answer.headers["retry-after"] == "5"
                assert answer.json()["error"].startswith("the server's database does not answer")
            page = http.get("/t/no-such-table", headers={"accept": "text/html"})
            assert page.status_code == 503 and "Try again in a moment" in page.text
            live = f"ws://127.0.0.1:{server.port}/ws/tables/no-such-table"
            with connect(live, open_timeout=10) as ws, pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4503

            relay.start()  # and comes back: the same requests are served again
            deadline = time.monotonic() + 20
            while http.get("/api/tables").status_code != 200:
                assert time.monotonic() < deadline, "the server did not come back"
                time.sleep(0.2)
            moved = http.post(
                f"/api/tables/{table}/actions", params={"token": seats[mover]}, json=move
            )
            assert moved.status_code == 200, moved.text
    finally:
        server.stop()
        relay.stop()
    errors = process.stderr.read().decode() if process.stderr else ""
    assert "Traceback" not in errors, errors
    assert errors.count("answered 503") == 1, errors  # one line for the whole outage
