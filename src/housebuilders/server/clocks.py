"""The turn clock: when each person a table waits for runs out of time.

A seat's deadline is stored with it (``db.Seat.deadline``, Unix time) and written in
the transaction of the change that starts or ends the wait: a move, an undo, a seat
leaving, coming back, taken or resigning (``Table.clock_after`` works out the
table's deadlines after the change, ``write`` stores those that changed). A table in
memory holds the same deadlines, and its clock task (``Driver._watch_clock``) marks a
person away when theirs passes: the clock bot plays for them. So a restart, or a
table loaded again, goes on with the time left, and a deadline that passed
meanwhile acts at once.

A table nobody watches may have no clock task running: set aside (its bots and clock
stop, ``Driver.set_aside_idle``), maybe forgotten from memory since. Every
``SWEEP_SECONDS`` the server looks for the stored deadlines that passed, the earliest
first (``Clocks.sweep``: one query on the deadlines' index), and wakes their tables:
loaded if need be, and a table set aside goes on if the server has room for its bots,
so that its clock runs out as it would have.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update

from housebuilders.core import State
from housebuilders.server import db
from housebuilders.server.seats import SeatInfo

if TYPE_CHECKING:
    from housebuilders.server.service import TableService
    from housebuilders.server.table import Table

log = logging.getLogger("housebuilders.server")

#: how often the stored deadlines are looked at for those that passed with no clock
#: running for them (seconds): a turn clock is half a minute at least, and the tables
#: this finds have long ones (a clock in memory runs out on time by itself)
SWEEP_SECONDS = 30.0
#: how long past a deadline the sweep leaves it to a clock that may be running for it
#: (here, or in another server process, which the sweep would load the table in for
#: nothing): such a clock acts on time
GRACE_SECONDS = 5.0
#: the most deadlines one sweep wakes the tables of (the next sweep wakes the rest)
SWEEP_DEADLINES = 100


def now() -> float:
    """The wall clock the turn clocks go by (Unix time); the tests move it on."""
    return time.time()


def deadlines(
    clock_minutes: float | None,
    state: State,
    seats: Sequence[SeatInfo],
    over: bool,
    kept: dict[int, float],
) -> dict[int, float]:
    """The deadlines of a table with a clock of ``clock_minutes`` (None: no clock) at
    ``state`` with ``seats`` (``over``: the game is over): each person to act (not
    away, resigned or an open seat) keeps their deadline in ``kept``, or has a full
    clock from now; nobody else has one."""
    if clock_minutes is None or over:
        return {}
    acting = set(state.acting_players())
    start = now() + clock_minutes * 60
    return {
        seat: kept.get(seat, start)
        for seat, info in enumerate(seats)
        if seat in acting and info.kind == "human" and not (info.away or info.open or info.resigned)
    }


def hold(connection: Any, table_id: str) -> None:
    """Lock ``table_id``'s row until the transaction ends (on PostgreSQL; SQLite has
    one writer at a time anyway). Every write to a table's log or to its seats'
    deadlines does this first, so those writes come one at a time and no two wait for
    each other's seats."""
    bind = connection if hasattr(connection, "dialect") else connection.get_bind()  # a session
    if bind.dialect.name == "postgresql":
        row = select(db.GameTable.id).where(db.GameTable.id == table_id)
        connection.execute(row.with_for_update(key_share=True))


def write(
    connection: Any, table_id: str, before: dict[int, float], after: dict[int, float]
) -> None:
    """Store the deadlines of ``table_id``'s seats that changed from ``before`` to
    ``after``, in the caller's transaction (a SQLAlchemy connection or session),
    holding the table's row first (``hold``)."""
    changed = [seat for seat in before.keys() | after.keys() if before.get(seat) != after.get(seat)]
    if changed:
        hold(connection, table_id)
    for seat in sorted(changed):
        connection.execute(
            update(db.Seat)
            .where(db.Seat.table_id == table_id, db.Seat.seat == seat)
            .values(deadline=after.get(seat))
        )


def listed(deadlines: dict[int, float], seats: int) -> list[float | None]:
    """``deadlines`` as a list, each seat's (None: none), for a notice."""
    return [deadlines.get(seat) for seat in range(seats)]


def from_list(listed: list[float | None]) -> dict[int, float]:
    """The deadlines a notice lists (``listed``)."""
    return {seat: deadline for seat, deadline in enumerate(listed) if deadline is not None}


class Clocks:
    """The turn clocks the tables in memory do not keep: stored deadlines that passed
    with no clock running for them, and deadlines missing from the database."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    async def settle(self, table: Table) -> None:
        """Store the deadlines ``table`` needs now (``Table.clock_after``) if they are
        not those it has: a seat waited for with none stored (its table was in play
        before the deadlines were stored) starts a full clock, and a deadline of a seat
        no longer waited for goes. The caller holds the table's lock, or has the table
        to itself (being loaded)."""
        after = table.clock_after()
        if after == table.deadlines:
            return
        service = self.service

        def store(session: Any) -> None:
            write(session, table.id, table.deadlines, after)
            service.peers.announce(session, table.id)

        await service.transaction(store)
        table.deadlines = after
        table.changed()

    async def sweep(self) -> None:
        """Every ``SWEEP_SECONDS``, wake the tables whose stored deadline passed with no
        clock running for them here (``wake``). A sweep that fails is logged in a
        line and made again at the next."""
        service = self.service
        while not service.closing:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.wake()
            except Exception as e:
                level = logging.WARNING if isinstance(e, db.UNAVAILABLE) else logging.ERROR
                why = f"{type(e).__name__}: {db.one_line(e)}"
                log.log(level, "the sweep of the turn clocks failed (%s): swept again soon", why)

    async def wake(self) -> list[str]:
        """Wake the tables whose stored deadline passed ``GRACE_SECONDS`` ago or more
        (the earliest first, at most ``SWEEP_DEADLINES`` deadlines) and whose clock is
        not running here: each is loaded if it is not in memory, a table set aside
        goes on if the server has room for its bots (``Driver.wake``; else the next
        sweep tries again), and its clock runs out at once. Returns the tables woken."""
        service = self.service
        woken: list[str] = []
        for table_id in await service.run(lambda: self._due(now() - GRACE_SECONDS)):
            table = service.tables.get(table_id)
            if table is not None and table.clock is not None and not table.clock.done():
                continue  # its clock is running here: it acts by itself
            try:
                table = await service.get(table_id)
                if table.abandoned:
                    await service.driver.wake(table)
                else:
                    service.driver.kick(table)
            except Exception as e:  # one table's trouble keeps no other waiting
                why = f"{type(e).__name__}: {db.one_line(e)}"
                log.error("table %s: its turn clock could not be woken (%s)", table_id, why)
                continue
            woken.append(table_id)
        return woken

    def _due(self, at: float) -> list[str]:
        """The tables in play or set aside with a deadline at ``at`` or before, the
        earliest deadline first."""
        query = (
            select(db.Seat.table_id)
            .join(db.GameTable, db.GameTable.id == db.Seat.table_id)
            .where(db.Seat.deadline <= at, db.GameTable.status.in_(("playing", "abandoned")))
            .order_by(db.Seat.deadline)
            .limit(SWEEP_DEADLINES)
        )
        with self.service.engine.connect() as connection:
            return list(dict.fromkeys(connection.scalars(query)))
