"""The tables' advisory locks on PostgreSQL (src/housebuilders/server/shared.py): one
process at a time plays a table's bots, and a process whose lock session ended unseen
stops believing it holds its tables."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from sqlalchemy import Engine, select, text

from housebuilders.server import db
from housebuilders.server.service import TableService
from housebuilders.server.shared import Shared, lock_key
from tests.server.conftest import postgres_url

pytestmark = pytest.mark.postgres


def _table_ids() -> list[str]:
    """Eight table ids of this test's own, their lock keys of both signs. (A session
    closed by the test before may hold its locks a moment longer: its backend ends
    after the client has gone.)"""
    while True:
        prefix = secrets.token_hex(4)
        tables = [f"{prefix}-{n}" for n in range(8)]
        if {lock_key(t) < 0 for t in tables} == {True, False}:
            return tables


@asynccontextmanager
async def _processes(count: int) -> AsyncIterator[tuple[Engine, list[Shared]]]:
    """``count`` processes' shares of the test database (each its own connections)."""
    engine = db.make_engine(postgres_url())
    shares = [Shared(engine, lambda table, entry: None) for _ in range(count)]
    try:
        for share in shares:
            await share.start()
        yield engine, shares
    finally:
        for share in shares:
            await share.close()
        engine.dispose()


def _end_session(engine: Engine, share: Shared) -> None:
    """End ``share``'s lock session from outside, as a database restart or an
    administrator would, without its connection hearing of it."""
    assert share._locks is not None
    with engine.begin() as connection:
        connection.execute(
            text("SELECT pg_terminate_backend(:pid)"), {"pid": share._locks.info.backend_pid}
        )


def test_two_processes_claiming_a_table_at_once_leave_one_holding_it() -> None:
    async def scenario() -> None:
        tables = _table_ids()
        async with _processes(2) as (_, (one, two)):
            for table in tables:
                taken = await asyncio.gather(one.take(table), two.take(table))
                assert sorted(taken) == [False, True], table
                assert (table in one.held) != (table in two.held)
            assert one.held | two.held == set(tables)

    asyncio.run(scenario())


def test_a_check_keeps_every_lock_the_session_still_has() -> None:
    async def scenario() -> None:
        tables = _table_ids()
        async with _processes(1) as (_, (one,)):
            for table in tables:
                assert await one.take(table)
            await one.check()
            assert one.held == set(tables)
            await one.release(tables[0])
            await one.check()
            assert one.held == set(tables[1:])

    asyncio.run(scenario())


def test_a_process_whose_lock_session_ended_lets_its_tables_go_for_another() -> None:
    """Before the check, the process went on believing it held the tables (and played
    their bots) while another took their locks over."""

    async def scenario() -> None:
        tables = _table_ids()
        async with _processes(2) as (engine, (one, two)):
            for table in tables:
                assert await one.take(table)
            _end_session(engine, one)
            deadline = time.monotonic() + 10
            while not await two.take(tables[0]):
                assert time.monotonic() < deadline, "the ended session kept its lock"
                await asyncio.sleep(0.05)
            await one.check()
            assert one.held == set()
            assert await one.take(tables[1])  # a new session, the lock still free
            assert not await one.take(tables[0])  # the other's now
            await one.check()
            assert one.held == {tables[1]}

    asyncio.run(scenario())


def test_a_server_process_whose_lock_session_ended_stops_driving_its_table(
    slow_bots: str,
) -> None:
    """Two services on one database; the one playing a table of bots loses its lock
    session unseen. Within a sweep or two, a service believes it plays the table only
    if its own session holds the table's lock (before the check, the first believed
    it until the game's end while the second took over), and the game is played to
    its end, each move once."""
    url = postgres_url()

    async def scenario() -> None:
        engines = [db.make_engine(url), db.make_engine(url)]
        await asyncio.to_thread(db.migrate, engines[0])
        services = [TableService(e, bot_workers=1, bot_imports=(slow_bots,)) for e in engines]
        first, second = services
        try:
            for service in services:
                await service.start()
            seats = [("bot", "sleepy:nap=0.05", None)] * 2
            table, _ = await first.create("mr-house-basic", 2, seats, seed=4)
            await _until(lambda: table.id in first.shared.held, "the first took no lock")
            copy = await second.get(table.id)
            await _until(lambda: copy.entries >= 4, "the bots did not move")
            _end_session(engines[0], first.shared)

            def believed() -> list[bool]:
                return [table.id in service.shared.held for service in services]

            def truth() -> list[bool]:
                holder = _holder(engines[0], table.id)
                return [
                    (locks := service.shared._locks) is not None
                    and not locks.closed
                    and locks.info.backend_pid == holder
                    for service in services
                ]

            await _until(lambda: believed() == truth() and any(truth()), "out of step", 8)
            assert not copy.state.is_terminal(), "the game ended too soon to tell"
            await _until(lambda: copy.state.is_terminal(), "the game did not end", seconds=90)
            query = select(db.LogEntry.idx).where(db.LogEntry.table_id == table.id)
            with engines[0].begin() as connection:
                indices = list(connection.scalars(query.order_by(db.LogEntry.idx)))
            assert indices == list(range(len(copy.state.history)))
        finally:
            for service in services:
                await service.close()
            for engine in engines:
                engine.dispose()

    asyncio.run(scenario())


def _holder(engine: Engine, table_id: str) -> int | None:
    """The backend (process id) of the session holding ``table_id``'s lock, if any."""
    key = lock_key(table_id)
    with engine.begin() as connection:
        return connection.execute(
            text(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1"
                " AND granted AND (classid::bigint << 32) | objid::bigint = :key"
            ),
            {"key": key},
        ).scalar()


async def _until(condition: Callable[[], Any], failure: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, failure
        await asyncio.sleep(0.02)
