"""Fixtures for the web table's tests: a server on SQLite (always) or on the real
PostgreSQL server named by $HOUSEBUILDERS_TEST_POSTGRES_URL (`make test` starts one;
without it those tests skip, except in CI where they fail)."""

from __future__ import annotations

import importlib
import os
import random
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
import sqlalchemy
from fastapi.testclient import TestClient

from housebuilders.core import State
from housebuilders.server import create_app

POSTGRES_URL = os.environ.get("HOUSEBUILDERS_TEST_POSTGRES_URL")


def postgres_url() -> str:
    """The test database's URL, the database emptied at the first call of each test
    (the PostgreSQL tests run one at a time): the tables earlier tests left, some with
    bots still to move, would count against the server's limits and fill its lists."""
    if not POSTGRES_URL:
        if os.environ.get("CI"):
            pytest.fail(
                "CI must run the PostgreSQL tests: HOUSEBUILDERS_TEST_POSTGRES_URL is unset"
            )
        pytest.skip("no PostgreSQL server: set HOUSEBUILDERS_TEST_POSTGRES_URL (make test does)")
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]  # less " (setup)"
    if test != _emptied_for[0]:
        _emptied_for[0] = test
        engine = sqlalchemy.create_engine(POSTGRES_URL)
        try:
            with engine.begin() as connection:
                connection.exec_driver_sql("DROP SCHEMA public CASCADE")
                connection.exec_driver_sql("CREATE SCHEMA public")
        finally:
            engine.dispose()
    return POSTGRES_URL


_emptied_for = [""]  # the test whose database postgres_url emptied last


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """Each test that takes it runs on SQLite and on PostgreSQL."""
    if request.param == "postgres":
        return postgres_url()
    return f"sqlite:///{tmp_path}/housebuilders.db"


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path}/housebuilders.db"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url)) as c:
        yield c


@pytest.fixture
def slow_bots() -> Iterator[str]:
    """The test bots ``sleepy:nap=SECONDS`` and ``broken`` (tests/server/slow_bots.py),
    registered here for the test; the module's name, for ``bot_imports``."""
    with importlib.import_module("tests.server.slow_bots").registered() as module:
        yield module


@pytest.fixture
def bot_client(sqlite_url: str, slow_bots: str) -> Iterator[Callable[..., TestClient]]:
    """``bot_client(move_seconds=..., bot_workers=...)``: a running app whose bot
    workers know the test bots (stopped at the end of the test)."""
    with ExitStack() as stack:

        def start(**settings: Any) -> TestClient:
            app = create_app(sqlite_url, bot_imports=(slow_bots,), **settings)
            return stack.enter_context(TestClient(app))

        yield start


def served_by(monkeypatch: pytest.MonkeyPatch, *options: str) -> Any:
    """The app ``housebuilders serve OPTIONS`` would run (uvicorn is not started), and
    the command's result: (app or None, result)."""
    import uvicorn
    from typer.testing import CliRunner

    from housebuilders.cli import app as cli

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    result = CliRunner().invoke(cli, ["serve", *options])
    return (served[-1] if served else None), result


SEATS = {
    "human": {"kind": "human"},
    "greedy": {"kind": "bot", "bot": "greedy"},
    "random": {"kind": "bot", "bot": "random"},
}


def create(
    client: TestClient, game: str = "mr-house-basic", seats: str = "human,greedy", **extra: Any
) -> dict[str, Any]:
    """A new table; ``seats`` names each seat: human, greedy or random."""
    kinds = seats.split(",")
    body = {"game": game, "seats": [SEATS[k] for k in kinds], **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def create_with(client: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """A new table whose ``seats`` are "human" or a bot's name."""
    body = {
        "game": game,
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        **extra,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def tokens(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s["kind"] == "human"}


def view(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    response = client.get(f"/api/tables/{table}/view", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def truth(client: TestClient, table: str) -> State:
    """The table's true state, as the server holds it (no API gives it during play)."""
    return client.app.state.service.tables[table].state.clone()


def wait_for(client: TestClient, table: str, token: str | None, until: Any, seconds: float = 30):
    """The seat's view once ``until(view)`` holds (bots move in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        v = view(client, table, token)
        if until(v):
            return v
        assert time.monotonic() < deadline, f"timed out waiting at {table}: {v['acting']}"
        time.sleep(0.005)


def play(
    client: TestClient, created: dict[str, Any], seed: int = 0, stop_after: int | None = None
) -> dict[str, Any]:
    """The people play random legal moves (the bots their own) until the end, or until
    the people have made ``stop_after`` moves; returns the spectator's view."""
    rng = random.Random(seed)
    table, seats = created["table"], tokens(created)
    moves = 0
    while stop_after is None or moves < stop_after:
        spectator = view(client, table)
        if spectator["terminal"]:
            return spectator
        people = [s for s in spectator["acting"] if s in seats]
        if not people:
            time.sleep(0.005)
            continue
        v = view(client, table, seats[people[0]])
        if not v["legal_actions"]:
            continue
        choice = rng.choice(v["legal_actions"])
        response = client.post(
            f"/api/tables/{table}/actions",
            params={"token": seats[people[0]]},
            json={"index": choice["index"], "log_length": v["log_length"]},
        )
        assert response.status_code in (200, 409), response.text  # 409: a bot moved first
        moves += response.status_code == 200
    return view(client, table)
