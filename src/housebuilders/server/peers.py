"""Several server processes on one PostgreSQL database: how they agree on a table.

Each change a process writes is announced to the others (``shared.notify``), which
catch their copy of the table up (``Peers.catch_up``): the next move of a table at
rest is played from the notice itself, anything else is read from the database. One
process at a time plays a table's bots and runs its clock: the one holding the
table's advisory lock (``Peers.drives``, ``claim``, ``let_go``). Now and then the
tables in memory are swept (``Peers.sweep``): a bot or clock that stopped starts
again, and a table another process stopped playing is taken over.

On SQLite, and on PostgreSQL until another process is heard, a process is alone: it
wrote everything there is, and it plays every table it has.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from housebuilders.core import IllegalAction, State
from housebuilders.server import clocks, db
from housebuilders.server.shared import Shared, notify
from housebuilders.server.table import Table

if TYPE_CHECKING:
    from housebuilders.server.service import TableService

log = logging.getLogger("housebuilders.server")

SWEEP_SECONDS = 2.0  # how often bots and clocks that stopped are started again


class Peers:
    """This process's side of the agreement with the other server processes."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: on PostgreSQL (after ``start``): the other server processes on the database
        self.shared: Shared | None = None
        self._stale: set[str] = set()  # tables another process changed, to catch up
        self._syncing: dict[str, asyncio.Task[None]] = {}
        self._claiming: set[str] = set()

    async def start(self) -> None:
        """On PostgreSQL, hear the other server processes on the database."""
        if self.service.engine.dialect.name == "postgresql":
            self.shared = Shared(self.service.engine, self.heard)
            await self.shared.start()

    @property
    def alone(self) -> bool:
        """No other server process has been heard (on SQLite: always)."""
        return self.shared is None or not self.shared.others

    def announce(self, connection: Any, table_id: str, entry: Any = None) -> None:
        """Tell the other server processes, once the write commits, that the table
        changed (``entry``: the log entry written, which rides along)."""
        if self.shared is not None:
            notify(connection, table_id, self.shared.sender, entry)

    def tasks(self) -> list[asyncio.Task[None]]:
        """The catch-ups under way (to stop when the server stops)."""
        return list(self._syncing.values())

    # -- catching up ------------------------------------------------------------------------
    async def catch_up(self, table: Table, heard: bool = False, held: Any = None) -> None:
        """Bring ``table`` up to the database: the log entries, seats (and their turn
        clock's deadlines) and rematch that other server processes wrote (the caller
        holds the table's lock). Nothing to do while this process is alone (on SQLite
        always, on PostgreSQL until it first hears another): it wrote everything there
        is. (Should another's first move still be on its way, the log's unique index
        refuses a second move for that turn, and the table is caught up.) Unless a
        notice was ``heard`` (or a write refused), the log's length is read first, and
        the rest only if it grew. ``held``: read in that transaction
        (``changes.Changes.holding``)."""
        if not heard and self.alone:
            return
        service = self.service
        quick = not heard and table.id not in self._stale
        if quick and await service.run(lambda: self._log_length(table.id)) == table.entries:
            return  # the log is as this process has it (names, seats away or taken: announced)

        def read(session: Any) -> tuple[list[db.LogEntry], list[tuple[Any, ...]], Any]:
            entries = session.scalars(
                select(db.LogEntry)
                .where(db.LogEntry.table_id == table.id, db.LogEntry.idx >= table.entries)
                .order_by(db.LogEntry.idx)
            )
            seats = session.execute(
                select(
                    db.Seat.away,
                    db.Seat.name,
                    db.Seat.token_hash,
                    db.Seat.resigned,
                    db.Seat.abandon,
                    db.Seat.deadline,
                )
                .where(db.Seat.table_id == table.id)
                .order_by(db.Seat.seat)
            )
            row = select(db.GameTable.rematch, db.GameTable.status)
            rematch, status = session.execute(row.where(db.GameTable.id == table.id)).one()
            return list(entries), [tuple(seat) for seat in seats], (rematch, status)

        if held is None:
            entries, seats, (rematch, status) = await service.transaction(read)
        else:
            with service.sessions(bind=held) as session:
                entries, seats, (rematch, status) = await service.run(lambda: read(session))
        state = await self._played_on(table, entries) if entries else table.state
        abandoned, void = status == "abandoned", status == "void"
        changed = (rematch, abandoned, void) != (table.rematch, table.abandoned, table.void)
        table.abandoned, table.void = abandoned, void
        table.rematch = rematch
        for info, (*stored, _) in zip(table.seats, seats, strict=False):
            now = (info.away, info.name, info.token_hash, info.resigned, info.abandon)
            if now != tuple(stored):
                info.away, info.name, info.token_hash, info.resigned, info.abandon = stored
                changed = True
        deadlines = clocks.from_list([deadline for *_, deadline in seats])
        changed = changed or deadlines != table.deadlines
        if entries:
            by_bot = table.by_bot + [bool(entry.by_bot) for entry in entries]
            if any(entry.kind == "undo" for entry in entries):  # replayed: read again
                by_bot = await self._made_by_bots(table.id)
            table.advance(state, len(entries), by_bot, deadlines)
        elif changed:
            table.deadlines = deadlines
            table.changed()

    async def _made_by_bots(self, table_id: str) -> list[bool]:
        """``db.made_by_bots`` of the table's whole log."""

        def read(session: Any) -> list[bool]:
            query = select(db.LogEntry).where(db.LogEntry.table_id == table_id)
            return db.made_by_bots(list(session.scalars(query.order_by(db.LogEntry.idx))))

        result: list[bool] = await self.service.transaction(read)
        return result

    def _log_length(self, table_id: str) -> int:
        query = select(func.count()).select_from(db.LogEntry)
        with self.service.engine.connect() as connection:
            return connection.scalar(query.where(db.LogEntry.table_id == table_id)) or 0

    async def _played_on(self, table: Table, entries: list[db.LogEntry]) -> State:
        """The table's state with ``entries`` (the log's next entries) played on it; an
        undo among them replays the game from its seed and whole log (``load``, in a
        worker thread)."""
        if all(entry.kind == "action" for entry in entries):
            state = table.state.clone()
            try:
                for entry in entries:
                    state.apply(entry.player, table.spec.action_from_json(entry.action))
                return state
            except (IllegalAction, ValueError, TypeError):
                log.error("table %s: the log does not follow from its game: replayed", table.id)
        return (await self.service.load(table.id)).state

    def heard(self, table_id: str | None, entry: Any = None) -> None:
        """Another process changed ``table_id`` (None: any table, maybe): catch up.
        The next move of a table at rest is played here and now from the notice
        (``entry``); anything else is read from the database. A chat message
        (``{"chat": message}``) goes to this process's listeners at the table."""
        tables = self.service.tables
        if isinstance(entry, dict):  # a chat message, for those listening here
            table = tables.get(table_id) if table_id is not None else None
            if table is not None:
                table.said(entry["chat"])
            return
        for heard in list(tables) if table_id is None else [table_id]:
            table = tables.get(heard)
            if table is None:
                continue  # not in memory: loaded afresh when asked for
            if entry is not None and self._play_heard(table, entry):
                continue
            self._stale.add(heard)
            if heard not in self._syncing:
                self._syncing[heard] = asyncio.create_task(self._sync(table))

    def _play_heard(self, table: Table, entry: list[Any]) -> bool:
        """Play a notice's log entry on ``table`` if it is the table's next and nothing
        else is under way there; whether it did."""
        # rest: whether a bot made it, and the turn clock's deadlines after it
        index, player, kind, action, *rest = entry
        if (
            kind != "action"
            or index != table.entries
            or table.lock.locked()
            or table.id in self._stale
            or table.id in self._syncing
        ):
            return False
        state = table.state.clone()
        try:
            state.apply(player, table.spec.action_from_json(action))
        except (IllegalAction, ValueError, TypeError):
            return False  # read it all from the database
        deadlines = clocks.from_list(rest[1]) if len(rest) > 1 else table.clock_after(state)
        table.advance(state, by_bot=[*table.by_bot, bool(rest and rest[0])], deadlines=deadlines)
        self.service.driver.kick(table)
        return True

    async def _sync(self, table: Table) -> None:
        try:
            while table.id in self._stale and not self.service.closing:
                self._stale.discard(table.id)
                async with table.lock:
                    await self.catch_up(table, heard=True)
                self.service.driver.kick(table)
        except Exception:
            log.exception("could not catch up with table %s", table.id)
        finally:
            self._syncing.pop(table.id, None)

    # -- who plays a table's bots -------------------------------------------------------------
    def drives(self, table: Table) -> bool:
        """Whether this process plays ``table``'s bots and runs its clock: the only
        one (with several processes, the one holding the table's advisory lock)."""
        return self.shared is None or table.id in self.shared.held

    def claim(self, table: Table) -> None:
        """Offer to play ``table``'s bots and run its clock: if no other process does,
        take its lock and start them."""
        if self.shared is None or table.id in self._claiming:
            return
        self._claiming.add(table.id)
        shared, service = self.shared, self.service

        async def claim() -> None:
            try:
                if await shared.take(table.id) and (current := service.tables.get(table.id)):
                    service.driver.kick(current)
            finally:
                self._claiming.discard(table.id)

        service.spawn(claim())

    def let_go(self, table: Table) -> None:
        """Another process may play ``table``'s bots now (over, or forgotten here)."""
        if self.shared is not None and table.id in self.shared.held:
            self.service.spawn(self.shared.release(table.id))

    async def sweep(self) -> None:
        """Now and then, start again the bots and clocks of the tables in memory whose
        task stopped (on PostgreSQL: offer to take over those another process was
        playing, in case it stopped, after making sure the tables this process plays
        are still its own). A bot or clock task does not stop on a failure (it tries
        again), but should one end, its table does not stall for it."""
        service = self.service
        while not service.closing:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                if self.shared is not None:
                    await self.shared.check()
                for table in list(service.tables.values()):
                    service.driver.kick(table)
            except Exception as e:
                why = f"{type(e).__name__}: {db.one_line(e)}"
                log.error("the sweep of the tables failed (%s): swept again soon", why)

    async def close(self) -> None:
        if self.shared is not None:
            await self.shared.close()
