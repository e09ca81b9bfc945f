"""Several server processes on one PostgreSQL database (``housebuilders serve
--workers N``, or servers started apart on the same database).

Each process keeps the tables it serves in memory. What keeps them in step:

- **NOTIFY.** Every write that changes a table (a log entry, a seat away or back or
  renamed, a rematch) sends ``NOTIFY housebuilders_tables, '<table> <process>'`` in
  its own transaction, so it is heard only once committed.
- **LISTEN.** Each process listens on one connection of its own; hearing another
  process's notice about a table it holds, it reads the table's new log entries and
  seats (``TableService.catch_up``) and tells its own websockets. Before a process
  acts at a table it reads them too, so it never acts on a table that is behind.
- **An advisory lock per table** for its bots and its clock: only the process holding
  ``pg_try_advisory_lock(key(table))`` plays the table's bots and runs its turn
  clock. It takes the lock when the table first needs one and keeps it until the
  game is over or it forgets the table; a process that stops (or dies: PostgreSQL
  ends its session) lets it go, and another, trying every few seconds for the tables
  it holds, takes over. Every few seconds too, a process asks its lock session which
  locks it still has (``Shared.check``): one whose session ended unseen (the database
  restarted or ended it) stops playing those tables within seconds, rather than at
  the game's end. Another may have taken one over meanwhile; a move both write is
  refused to the second by the log's unique index, which the loser catches up from.
- **TCP keepalives** on both connections, so that a connection whose other end went
  away unseen fails within a minute rather than waiting for ever (the listening one
  would otherwise hear nothing again, and never know).

SQLite has none of this: one process only (``serve`` refuses ``--workers`` above 1).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

import psycopg
from sqlalchemy import Engine, text

log = logging.getLogger("housebuilders.server")

CHANNEL = "housebuilders_tables"
MAX_PAYLOAD = 7900  # bytes: PostgreSQL's notices take at most 8000
RETRY_SECONDS = 1.0  # between attempts to reconnect a lost listening connection
CHECK_SECONDS = 5.0  # the longest a check of the held locks waits for the database
#: libpq's TCP keepalives: a silent connection is probed after 20 s, then every 5 s,
#: and given up after 3 probes unanswered (35 s)
KEEPALIVES: dict[str, Any] = {
    "keepalives": 1,
    "keepalives_idle": 20,
    "keepalives_interval": 5,
    "keepalives_count": 3,
}
#: the advisory locks (64-bit keys, as ``lock_key``) the asking session holds
HELD_LOCKS = (
    "SELECT (classid::bigint << 32) | objid::bigint FROM pg_locks"
    " WHERE locktype = 'advisory' AND objsubid = 1 AND granted AND pid = pg_backend_pid()"
)


def lock_key(table_id: str) -> int:
    """The advisory lock's key for a table: 64 bits of its id's SHA-256, signed."""
    digest = hashlib.sha256(f"housebuilders table {table_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def notify(connection: Any, table_id: str, sender: str, entry: Any = None) -> None:
    """Queue the notice that ``table_id`` changed on ``connection`` (a SQLAlchemy
    connection or session, inside the write's transaction: sent at its commit). A new
    log entry rides along (``[index, player, kind, action, by_bot, deadlines]``, the
    last the turn clock's deadline of each seat after it, ``clocks.listed``), so that
    those who hear it need not read it back, unless it would not fit in a notice."""
    payload = f"{table_id} {sender}"
    if entry is not None:
        with_entry = f"{payload} {json.dumps(entry, separators=(',', ':'))}"
        payload = with_entry if len(with_entry.encode()) < MAX_PAYLOAD else payload
    connection.execute(
        text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload}
    )


class Shared:
    """One process's part: its name in the notices, the listening connection and the
    connection that holds its tables' advisory locks."""

    def __init__(self, engine: Engine, heard: Callable[[str | None, Any], None]) -> None:
        """``heard(table_id, entry)`` is called for every other process's notice, with
        the log entry it carries, if any (else None); with None, None after the
        listening connection was lost and made again (anything may have changed)."""
        url = engine.url.set(drivername="postgresql")
        self.conninfo = url.render_as_string(hide_password=False)
        self.sender = secrets.token_hex(6)
        self.heard = heard
        self.held: set[str] = set()  # the tables whose lock this process holds
        self.others = False  # whether another process was ever heard
        self._locks: psycopg.AsyncConnection[Any] | None = None
        self._locking = asyncio.Lock()
        self._listener: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen: returns once listening, so that no notice after this is missed
        (raises if the database cannot be reached)."""
        self._listener = asyncio.create_task(self._listen(await self._connect()))

    async def _open(self) -> psycopg.AsyncConnection[Any]:
        return await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True, **KEEPALIVES)

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        connection = await self._open()
        await connection.execute(f"LISTEN {CHANNEL}")
        return connection

    async def _listen(self, connection: psycopg.AsyncConnection[Any]) -> None:
        while True:
            try:
                async with connection:
                    async for notice in connection.notifies():
                        table_id, sender, *entry = notice.payload.split(" ", 2)
                        if sender != self.sender:
                            self.others = True
                            self.heard(table_id, json.loads(entry[0]) if entry else None)
            except Exception as e:  # the database went away: listen again once it is back
                log.warning("lost the database's notices (%s): reconnecting", e)
            while True:
                await asyncio.sleep(RETRY_SECONDS)
                try:
                    connection = await self._connect()
                    break
                except psycopg.Error:
                    continue
            await self._drop_locks()  # the database restarted, maybe: its sessions are gone
            self.heard(None, None)  # what changed meanwhile was not heard

    # -- the advisory locks ---------------------------------------------------------------
    async def _lock_query(self, query: str, table_id: str) -> bool:
        failed = False
        async with self._locking:
            try:
                if self._locks is None or self._locks.closed:
                    self.held.clear()  # a new session holds nothing
                    self._locks = await self._open()
                cursor = await self._locks.execute(query, (lock_key(table_id),))
                row = await cursor.fetchone()
                return bool(row and row[0])
            except psycopg.Error as e:
                log.warning("advisory lock for table %s failed: %s", table_id, e)
                failed = True
        if failed:
            await self._drop_locks()  # the session and its locks are gone, maybe
        return False

    async def _drop_locks(self) -> None:
        """Let every lock go (their session is closed): the tables are offered again."""
        async with self._locking:
            if self._locks is not None:
                await self._locks.close()
            self._locks = None
            self.held.clear()

    async def take(self, table_id: str) -> bool:
        """Whether this process now plays ``table_id``'s bots and clock (it took the
        lock, or held it already); False while another process holds it."""
        if table_id in self.held:
            return True
        if await self._lock_query("SELECT pg_try_advisory_lock(%s)", table_id):
            self.held.add(table_id)
        return table_id in self.held

    async def check(self) -> None:
        """Let go of the tables whose locks this process no longer has: all of them if
        the lock session does not answer within ``CHECK_SECONDS`` (it ended unseen, and
        with it its locks, which another process may take now)."""
        if not self.held:
            return
        async with self._locking:
            keys: set[int] | None = None
            if self._locks is not None and not self._locks.closed:
                try:
                    async with asyncio.timeout(CHECK_SECONDS):
                        cursor = await self._locks.execute(HELD_LOCKS)
                        keys = {key for (key,) in await cursor.fetchall()}
                except (psycopg.Error, TimeoutError) as e:
                    log.warning("could not check the tables' locks (%s): letting them go", e)
            if keys is not None:  # under the lock: a lock taken meanwhile is among the keys
                lost = {table_id for table_id in self.held if lock_key(table_id) not in keys}
                if lost:
                    log.warning("lost the locks of tables %s", ", ".join(sorted(lost)))
                self.held -= lost
                return
        await self._drop_locks()

    async def release(self, table_id: str) -> None:
        if table_id in self.held:
            self.held.discard(table_id)
            await self._lock_query("SELECT pg_advisory_unlock(%s)", table_id)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self._drop_locks()
