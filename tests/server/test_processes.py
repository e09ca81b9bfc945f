"""Several server processes on one PostgreSQL database: a move made through one
reaches the live views served by another, and a table's bots are played by exactly
one process, which another takes over from when it stops (src/housebuilders/server/
shared.py). On SQLite, ``serve`` refuses more than one process."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from typer.testing import CliRunner
from websockets.sync.client import ClientConnection, connect

import housebuilders as hb
from housebuilders.cli import app as cli
from housebuilders.server import db
from housebuilders.server.errors import ApiError
from housebuilders.server.service import TableService
from tests.live_server import LiveServer
from tests.server.conftest import postgres_url

pytestmark = pytest.mark.postgres


@pytest.fixture
def two_servers() -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two ``housebuilders serve`` processes on the PostgreSQL test database."""
    url = postgres_url()
    options = ["--tables-per-minute", "0"]
    with LiveServer(url, options=options) as a, LiveServer(url, options=options) as b:
        yield a, b


def _live(server: LiveServer, table: str, token: str | None = None) -> ClientConnection:
    query = f"?token={token}" if token else ""
    return connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}{query}", open_timeout=10)


def _next_view(ws: ClientConnection, until: Any, seconds: float) -> dict[str, Any]:
    """The first view pushed on ``ws`` for which ``until(view)`` holds, within ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "no such view came in time"
        view = json.loads(ws.recv(timeout=left))["view"]
        if until(view):
            return view


def _move(http: httpx.Client, table: str, token: str) -> dict[str, Any]:
    """Play the seat's first legal move; the new view."""
    view = http.get(f"/api/tables/{table}/view", params={"token": token, "svg": False}).json()
    body = {"index": view["legal_actions"][0]["index"], "log_length": view["log_length"]}
    response = http.post(f"/api/tables/{table}/actions", params={"token": token}, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def _two_humans(http: httpx.Client, **extra: Any) -> tuple[str, list[str]]:
    """A new Mr House table of two people: its id and the seats' tokens."""
    body = {"game": "mr-house-basic", "seats": [{"kind": "human"}] * 2, **extra}
    created = http.post("/api/tables", json=body).json()
    return created["table"], [seat["token"] for seat in created["seats"]]


def test_a_move_through_one_process_reaches_the_live_views_of_another(
    two_servers: tuple[LiveServer, LiveServer],
) -> None:
    a, b = two_servers
    with httpx.Client(base_url=a.url, timeout=30) as at_a, httpx.Client(base_url=b.url) as at_b:
        table, tokens = _two_humans(at_a, seed=3)
        mover = at_a.get(f"/api/tables/{table}/view").json()["acting"][0]
        other = 1 - mover
        with _live(b, table, tokens[other]) as seat_on_b, _live(b, table) as spectator_on_b:
            first = _next_view(seat_on_b, lambda v: True, 10)
            _next_view(spectator_on_b, lambda v: True, 10)
            started = time.monotonic()
            after = _move(at_a, table, tokens[mover])  # made through process A
            seen = _next_view(seat_on_b, lambda v: v["log_length"] > first["log_length"], 2)
            assert time.monotonic() - started < 2
            spectated = _next_view(
                spectator_on_b, lambda v: v["log_length"] == seen["log_length"], 2
            )
            # B shows the seat what A would: only that seat's view, drawing included
            on_a = at_a.get(f"/api/tables/{table}/view", params={"token": tokens[other]}).json()
            assert seen["observation"] == on_a["observation"]
            assert seen["svg"] == on_a["svg"]
            assert seen["legal_actions"] == on_a["legal_actions"]
            public = at_a.get(f"/api/tables/{table}/view").json()
            assert spectated["observation"] == public["observation"]
            assert spectated["legal_actions"] == []
            assert after["log_length"] == seen["log_length"]

            # and the other way: a move through B reaches a live view on A; the name too
            with _live(a, table, tokens[mover]) as seat_on_a:
                now = _next_view(seat_on_a, lambda v: True, 10)
                actor = now["acting"][0]
                at_b.post(
                    f"/api/tables/{table}/name",
                    params={"token": tokens[actor]},
                    json={"name": "Ada"},
                ).raise_for_status()
                named = _next_view(seat_on_a, lambda v: v["seats"][actor]["name"] == "Ada", 2)
                assert named["log_length"] == now["log_length"]
                moved = _move(at_b, table, tokens[actor])
                _next_view(seat_on_a, lambda v: v["log_length"] > now["log_length"], 2)
                # an undo through B too: A replays the game without the move
                assert moved["can_undo"]
                undone = at_b.post(f"/api/tables/{table}/undo", params={"token": tokens[actor]})
                assert undone.status_code == 200, undone.text
                back = _next_view(seat_on_a, lambda v: v["log_length"] == now["log_length"], 2)
                assert back["observation"] == now["observation"]


def test_a_chat_message_through_one_process_reaches_the_live_pages_of_another(
    two_servers: tuple[LiveServer, LiveServer],
) -> None:
    a, b = two_servers
    with httpx.Client(base_url=a.url, timeout=30) as at_a, httpx.Client(base_url=b.url) as at_b:
        table, tokens = _two_humans(at_a, seed=3)
        at_b.get(f"/api/tables/{table}/view").raise_for_status()  # B holds the table
        with _live(b, table, tokens[1]) as seat_on_b, _live(b, table) as spectator_on_b:
            said = at_a.post(
                f"/api/tables/{table}/chat", params={"token": tokens[0]}, json={"text": "hi"}
            )
            assert said.status_code == 201, said.text
            for ws in (seat_on_b, spectator_on_b):
                deadline = time.monotonic() + 2
                while True:
                    message = json.loads(ws.recv(timeout=max(deadline - time.monotonic(), 0)))
                    if message.get("type") == "chat":
                        break
                assert message["message"] == said.json()
        history = at_b.get(f"/api/tables/{table}/chat").json()
        assert [m["text"] for m in history["messages"]] == ["hi"]


def _play_through(http: httpx.Client, table: str, token: str, rng: random.Random) -> dict:
    """The person plays random moves to the end of the game; the final view."""
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the game did not progress"
        view = http.get(f"/api/tables/{table}/view", params={"token": token, "svg": False}).json()
        if view["terminal"]:
            return view
        if not view["legal_actions"]:
            time.sleep(0.01)
            continue
        body = {"index": rng.choice(view["legal_actions"])["index"]}
        body["log_length"] = view["log_length"]
        response = http.post(f"/api/tables/{table}/actions", params={"token": token}, json=body)
        # 409: the view was behind (the bot moved meanwhile); look again
        assert response.status_code in (200, 409), response.text


def _log_rows(table: str) -> list[tuple[int, int, str]]:
    engine = db.make_engine(postgres_url())
    try:
        with engine.connect() as connection:
            query = select(db.LogEntry.idx, db.LogEntry.player, db.LogEntry.kind)
            query = query.where(db.LogEntry.table_id == table).order_by(db.LogEntry.idx)
            return [tuple(row) for row in connection.execute(query)]
    finally:
        engine.dispose()


def test_a_table_with_a_bot_is_played_to_the_end_with_two_processes(
    two_servers: tuple[LiveServer, LiveServer],
) -> None:
    """The table is opened through A (which plays its bot); its person plays through B."""
    a, b = two_servers
    rng = random.Random(8)
    with httpx.Client(base_url=a.url, timeout=30) as at_a, httpx.Client(base_url=b.url) as at_b:
        body = {
            "game": "mr-house-basic",
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
            "seed": 12,
        }
        created = at_a.post("/api/tables", json=body).json()
        table, token = created["table"], created["seats"][0]["token"]
        with _live(a, table) as spectator_on_a:
            final = _play_through(at_b, table, token, rng)
            assert final["terminal"]
            shown = _next_view(spectator_on_a, lambda v: v["terminal"], 5)
        log = at_a.get(f"/api/tables/{table}/log").json()
    assert shown["scores"] == final["scores"]
    replayed = hb.replay("mr-house-basic", 2, 12, log["actions"])
    assert replayed.is_terminal() and replayed.scores() == final["scores"]
    # every move once: the log is the game, entry for entry, with no gap
    rows = _log_rows(table)
    assert [idx for idx, _, _ in rows] == list(range(len(replayed.history)))
    assert [player for _, player, _ in rows] == [player for player, _ in replayed.history]
    assert {kind for _, _, kind in rows} == {"action"}


def test_one_process_plays_a_tables_bots_and_another_takes_over_when_it_stops(
    slow_bots: str,
) -> None:
    """Two services on one database, as two processes would be: both hold the table
    of bots, only one drives it; once that one stops, the other finishes the game."""
    url = postgres_url()

    async def scenario() -> None:
        engines = [db.make_engine(url), db.make_engine(url)]
        await asyncio.to_thread(db.migrate, engines[0])
        first, second = (TableService(e, bot_workers=1, bot_imports=(slow_bots,)) for e in engines)
        try:
            for service in (first, second):
                await service.start()
            seats = [("bot", "sleepy:nap=0.02", None)] * 2
            table, _ = await first.create("mr-house-basic", 2, seats, seed=4)
            # the table's lock goes to whichever process asks first, and the first asks
            # from a task of its own: let it hold the lock before the second asks too
            deadline = time.monotonic() + 30
            while table.id not in first.shared.held:
                assert time.monotonic() < deadline, "the first did not take the table's lock"
                await asyncio.sleep(0.01)
            copy = await second.get(table.id)
            # a few moves: all played by the first service, all heard by the second
            deadline = time.monotonic() + 30
            while copy.entries < 6:
                assert time.monotonic() < deadline, "the bots did not move"
                assert copy.driver is None and table.id not in second.shared.held
                await asyncio.sleep(0.01)
            assert table.id in first.shared.held and table.driver is not None
            await first.close()  # it stops: its lock goes with its connection
            deadline = time.monotonic() + 60
            while not copy.state.is_terminal():
                assert time.monotonic() < deadline, "nobody took over the bots"
                await asyncio.sleep(0.05)
            while table.id in second.shared.held:  # let go at the end, once it drove it
                assert time.monotonic() < deadline, "the lock was kept after the game"
                await asyncio.sleep(0.05)
        finally:
            for service in (first, second):
                if not service.closing:
                    await service.close()
            for engine in engines:
                engine.dispose()
        rows = _log_rows(table.id)
        assert [idx for idx, _, _ in rows] == list(range(len(rows)))
        final = hb.replay("mr-house-basic", 2, 4, copy.state.history_json())
        assert final.is_terminal() and len(final.history) == len(rows)

    asyncio.run(scenario())


def test_several_processes_on_one_address_hear_each_others_moves() -> None:
    """``serve --workers 2``: whichever process each connection lands on, every live
    view hears every move, made each time through a new connection."""
    options = ["--workers", "2", "--tables-per-minute", "0"]
    with LiveServer(postgres_url(), options=options) as server:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            table, tokens = _two_humans(http)
        with ExitStack() as stack:
            lives = [stack.enter_context(_live(server, table)) for _ in range(6)]
            for ws in lives:
                _next_view(ws, lambda v: True, 10)
            for _ in range(3):
                with httpx.Client(base_url=server.url, timeout=30) as fresh:  # a new connection
                    mover = fresh.get(f"/api/tables/{table}/view").json()["acting"][0]
                    after = _move(fresh, table, tokens[mover])
                for ws in lives:
                    length = after["log_length"]
                    _next_view(ws, lambda v, length=length: v["log_length"] >= length, 3)


def test_several_processes_need_postgresql(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path}/one.db"
    result = CliRunner().invoke(cli, ["serve", "--workers", "2", "--database-url", url])
    assert result.exit_code == 2
    assert "--workers 2 needs PostgreSQL" in result.output
    assert "Traceback" not in result.output


def test_simultaneous_moves_through_two_processes_are_all_played(
    two_servers: tuple[LiveServer, LiveServer],
) -> None:
    """Welcome To's round, 80 people choosing at once, each through A or B: a move
    whose turn in the log the other process took is played next, none is refused."""
    a, b = two_servers
    players = 80
    with httpx.Client(base_url=a.url, timeout=60) as at_a:
        body = {"game": "welcome-to", "seats": [{"kind": "human"}] * players, "seed": 5}
        created = at_a.post("/api/tables", json=body).json()
        table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
        moves = []  # each person's first legal move, on the view they were shown
        for token in tokens:
            view = at_a.get(f"/api/tables/{table}/view", params={"token": token, "svg": False})
            seen = view.json()
            first = seen["legal_actions"][0]["index"]
            moves.append({"index": first, "log_length": seen["log_length"]})
        httpx.get(f"{b.url}/api/tables/{table}/view").raise_for_status()  # B holds it too

    async def everyone() -> list[httpx.Response]:
        async with (
            httpx.AsyncClient(base_url=a.url, timeout=60) as via_a,
            httpx.AsyncClient(base_url=b.url, timeout=60) as via_b,
        ):
            return await asyncio.gather(*(
                (via_a, via_b)[seat % 2].post(
                    f"/api/tables/{table}/actions",
                    params={"token": token, "svg": False},
                    json=move,
                )
                for seat, (token, move) in enumerate(zip(tokens, moves, strict=True))
            ))  # fmt: skip

    answers = asyncio.run(everyone())
    refused = [r.text for r in answers if r.status_code != 200]
    assert refused == [], f"{len(refused)} of {players} refused: {refused[:3]}"
    rows = _log_rows(table)
    assert [idx for idx, _, _ in rows] == list(range(players))
    assert sorted(player for _, player, _ in rows) == list(range(players))


async def _unaware_pair(url: str) -> tuple[TableService, TableService, list[Any]]:
    """Two services on one database that have not heard of each other (as when the
    other's first notice is still on its way): each one's catch-up before a move reads
    nothing, so a move of one takes the log's index the other meant to write."""
    engines = [db.make_engine(url), db.make_engine(url)]
    await asyncio.to_thread(db.migrate, engines[0])
    return TableService(engines[0], bot_workers=1), TableService(engines[1], bot_workers=1), engines


async def _close(services: tuple[TableService, ...], engines: list[Any]) -> None:
    for service in services:
        await service.close()
    for engine in engines:
        engine.dispose()


async def _three_people(service: TableService) -> Any:
    """A Welcome To table of three people, opened through ``service``."""
    table, _ = await service.create("welcome-to", 3, [("human", None, None)] * 3, seed=3)
    return table


def test_a_move_whose_index_was_taken_unseen_is_played_next() -> None:
    """Seat 1's choice through B after seat 0's through A, which B had not heard of:
    seat 1 saw nothing of it, so its move is played after it, its log_length good."""

    async def scenario() -> None:
        a, b, engines = await _unaware_pair(postgres_url())
        try:
            table = await _three_people(a)
            copy = await b.get(table.id)
            first = table.state.legal_actions(0)[0]
            await a.act(table, 0, first, expect=0)
            second = copy.state.legal_actions(1)[1]
            await b.act(copy, 1, second, expect=0)  # index 0 is taken: caught up, then 1
            assert copy.entries == 2 and copy.state.history == [(0, first), (1, second)]
            assert _log_rows(table.id) == [(0, 0, "action"), (1, 1, "action")]
        finally:
            await _close((a, b), engines)

    asyncio.run(scenario())


def test_a_move_whose_index_was_taken_is_refused_when_the_seats_view_changed() -> None:
    """Seat 1 took pair 1, which A and B both know. Through A it takes that back and
    takes pair 2; its next move through B, which had not heard, writes a number: still
    a legal move after pair 2, but chosen on a view the seat no longer has, so it is
    refused (409) and written nowhere. B's table is caught up for the next look."""

    async def scenario() -> None:
        a, b, engines = await _unaware_pair(postgres_url())
        try:
            table = await _three_people(a)
            pair_1, pair_2 = table.state.legal_actions(1)[:2]
            await a.act(table, 1, pair_1)
            copy = await b.get(table.id)
            write = copy.state.legal_actions(1)[0]
            await a.undo(table, 1)
            await a.act(table, 1, pair_2)
            assert write in table.state.legal_actions(1)
            with pytest.raises(ApiError) as refused:
                await b.act(copy, 1, write, expect=1)
            assert refused.value.status == 409
            assert refused.value.error == "another move was made at this table first: look again"
            assert copy.entries == 3 and copy.state.history == [(1, pair_2)]
            assert [kind for _, _, kind in _log_rows(table.id)] == ["action", "undo", "action"]
        finally:
            await _close((a, b), engines)

    asyncio.run(scenario())


def test_a_move_whose_index_was_taken_is_refused_when_a_bot_plays_the_seat_now() -> None:
    """Through A, seat 0 chose and seat 1's clock ran out (a bot plays it now); seat 1's
    choice through B, which had not heard, is refused: its seat is not its own to play
    now (one process would say 403, a bot is playing for you)."""

    async def scenario() -> None:
        a, b, engines = await _unaware_pair(postgres_url())
        try:
            table = await _three_people(a)
            copy = await b.get(table.id)
            await a.act(table, 0, table.state.legal_actions(0)[0])
            await a.changes.set_away(table, 1, True)  # as the clock does (its bot is not started)
            with pytest.raises(ApiError) as refused:
                await b.act(copy, 1, copy.state.legal_actions(1)[0], expect=0)
            assert refused.value.status == 409
            assert copy.seats[1].away and copy.entries == 1
            assert _log_rows(table.id) == [(0, 0, "action")]
        finally:
            await _close((a, b), engines)

    asyncio.run(scenario())
