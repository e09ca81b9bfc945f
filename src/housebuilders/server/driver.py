"""Who plays for the seats no person is at: the bots, the turn clock, and the room
the server has for them.

Bots move in worker processes, in turn and on time (``bots.BotPool``): one that is
still thinking at the per-move time is stopped and a random legal move is played
for it. A seat whose person ran out of time on the turn clock (its deadline as
stored, ``clocks``) is marked away, and the table's clock bot plays for it until the
person says they are back. A table of bots that nobody moved at or watched for a long
time is set aside, its bots and clock stopped, until a person at it comes back
(``Driver.resume``) or a person's stored deadline passes (``Driver.wake``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import update

from housebuilders.agents.turn import Decision
from housebuilders.core import Action
from housebuilders.server import clocks, db
from housebuilders.server.bots import BotTimeout
from housebuilders.server.errors import ApiError
from housebuilders.server.table import Table, still_fits

if TYPE_CHECKING:
    from housebuilders.server.service import TableService

log = logging.getLogger("housebuilders.server")

#: a bot or clock that failed (the database, most likely) tries again after a pause,
#: doubled at each failure up to the longest
RETRY_SECONDS, RETRY_MAX_SECONDS = 1.0, 5.0
#: how often, at most, the tables are looked at for being set aside (seconds)
IDLE_CHECK_SECONDS = 30.0
#: the clock bot plays the seat of a person away at about a person's pace while their
#: page is open: each of its moves waits this long after the table's last change, so
#: that a person who left a table of bots (or whose clock ran out) can still click I'm
#: back; with no page of theirs open, nobody is there to click, and it plays at once
AWAY_MOVE_SECONDS = 2.0


class Driver:
    """Plays the bots and runs the clocks of the tables this process drives."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    def kick(self, table: Table) -> None:
        """Make sure bots move and the clock runs at ``table`` while it needs them."""
        service = self.service
        if service.closing or table.abandoned:
            return
        peers = service.peers
        if table.over:
            peers.let_go(table)
            return
        bots_to_move = any(table.played_by_bot(s) for s in table.state.acting_players())
        if not peers.drives(table):
            if bots_to_move or table.deadlines:
                peers.claim(table)
            return
        if bots_to_move and (table.driver is None or table.driver.done()):
            table.driver = asyncio.create_task(self._drive(table))
        if table.deadlines and (table.clock is None or table.clock.done()):
            table.clock = asyncio.create_task(self._watch_clock(table))

    async def _drive(self, table: Table) -> None:
        """Play bot moves until no bot is to act, one at a time: a table waits for
        at most one bot worker (so the tables take turns, see ``bots.BotPool``). A
        move that fails (the database does not answer, most likely) is logged and
        tried again after a pause (``_pause``): the table never stalls silently."""
        service = self.service
        failures = 0
        while not service.closing and service.peers.drives(table):
            try:
                state = table.state
                movers = [s for s in state.acting_players() if table.played_by_bot(s)]
                if not movers or table.over:
                    break
                seat = movers[0]
                name = table.played_by_bot(seat)
                assert name is not None
                wait = self._pace(table, seat)
                if wait > 0:  # a person away: at their pace (and maybe back meanwhile)
                    await asyncio.sleep(wait)
                    continue
                decision = Decision.at(state, seat, name, table.seed)
                action = await self._bot_move(table, decision)
                if service.closing:
                    break  # no fallback moves while the server stops
                async with table.lock:
                    await service.peers.catch_up(table)
                    if table.over:
                        break  # resigned or abandoned while the bot thought
                    if table.played_by_bot(seat) != name or not still_fits(table.state, state):
                        continue  # the table changed under the bot while it thought: again
                    legal = table.state.legal_actions(seat)
                    if action is not None and action not in legal:
                        if table.state is not state:
                            continue  # others' moves took this one away: think again
                        log.error("bot %r gave no legal move at table %s", name, table.id)
                        action = None
                    if action is None:  # a slow or broken bot must not stall the table
                        action = decision.fallback(legal)
                    try:
                        await service.changes.commit(table, seat, action, by_bot=True)
                    except ApiError:  # another process wrote this turn first (caught up)
                        continue
                failures = _went_through(table, "a bot's move", failures)
            except Exception as e:
                failures += 1
                await _pause(table, "a bot's move", e, failures)
        self.kick(table)

    def _pace(self, table: Table, seat: int) -> float:
        """How long the clock bot waits still before it moves for ``seat``'s person,
        away with their page open (``AWAY_MOVE_SECONDS`` after the table's last
        change); 0 for a bot's seat, or a person away with no page of theirs open."""
        watching = any(listening == seat for listening, _ in table.listeners.values())
        if not (table.seats[seat].away and watching):
            return 0.0
        return table.active + self.service.away_seconds - time.monotonic()

    async def _bot_move(self, table: Table, decision: Decision) -> Action | None:
        """The move ``decision``'s bot chooses on its seat's view (the view was made by
        ``Decision.at``: the bot never sees the true state); None if it ran out of time
        or failed (logged)."""
        bots = self.service.bots
        name, seat = decision.bot, decision.seat
        start = time.perf_counter()
        try:
            action = await bots.move(decision.view, seat, name, decision.seed)
        except BotTimeout:
            log.warning(
                "bot %r at table %s (seat %d) was stopped after %g s: a random legal move "
                "is played for it",
                name,
                table.id,
                seat,
                bots.move_seconds,
            )
            return None
        except Exception as e:  # the bot raised, or its process died or could not start
            log.error("bot %r failed at table %s (seat %d): %s", name, table.id, seat, e)
            return None
        log.debug(
            "bot %r at table %s (seat %d) chose on a view of %d actions in %.3f s",
            name,
            table.id,
            seat,
            len(decision.view.history),
            time.perf_counter() - start,
        )
        return action

    async def _watch_clock(self, table: Table) -> None:
        """Mark a person away when their turn's time runs out (at once if it ran out
        already: while the server was down, or the table set aside): the stored
        deadline goes in the same transaction. A failure (the database, most likely)
        is logged and tried again after a pause, the deadline kept."""
        service = self.service
        failures = 0
        while table.deadlines and not service.closing and service.peers.drives(table):
            try:
                seat, deadline = min(table.deadlines.items(), key=lambda item: item[1])
                await asyncio.sleep(max(0.0, deadline - clocks.now()))
                async with table.lock:
                    await service.peers.catch_up(table)
                    if table.deadlines.get(seat, 0) > clocks.now():
                        continue  # the clock was reset meanwhile
                    if seat in table.state.acting_players() and not table.seats[seat].away:
                        await service.changes.set_away(table, seat, True)
                    else:  # no longer waited for: its deadline goes
                        await service.clocks.settle(table)
                failures = _went_through(table, "the turn clock", failures)
                self.kick(table)
            except Exception as e:
                failures += 1
                await _pause(table, "the turn clock", e, failures)

    # -- the room for bots, and tables set aside ---------------------------------------------
    def check_room(self, table: Table) -> None:
        """Refuse ``table`` (new, or coming back from abandoned) if the server has no
        room for its bots: 422 if more than a table may ever have, 429 while the
        tables in play take the room, the server's or its opener's."""
        limits = self.service.limits
        bots = table.bot_seats
        limited = (limits.max_table_bot_seats, limits.max_bot_seats, limits.max_address_bot_seats)
        caps = [cap for cap in limited if cap]
        if caps and bots > min(caps):
            raise ApiError(422, f"a table on this server may have at most {min(caps)} bot seats")
        playing = [t for t in self.service.tables.values() if t.holds_bots and t is not table]
        bots_only = bots == len(table.seats)
        if (
            bots_only
            and limits.max_bot_tables
            and sum(t.bot_seats == len(t.seats) for t in playing) >= limits.max_bot_tables
        ):
            raise ApiError(
                429,
                f"this server already plays {limits.max_bot_tables} tables of bots only: "
                "try again once one is over",
                retry_after=60,
            )
        if limits.max_bot_seats and bots:
            busy = sum(t.bot_seats for t in playing)
            if busy + bots > limits.max_bot_seats:
                raise ApiError(
                    429,
                    f"the bots of this server are busy ({busy} of {limits.max_bot_seats} "
                    "bot seats in play): try again later, or with fewer bots",
                    retry_after=60,
                )
        if limits.max_address_bot_seats and bots and table.opener is not None:
            mine = sum(t.bot_seats for t in playing if t.opener == table.opener)
            if mine + bots > limits.max_address_bot_seats:
                raise ApiError(
                    429,
                    f"the tables opened from your address have {mine} bot seats in play, "
                    f"and {limits.max_address_bot_seats} is the most: finish or leave one "
                    "first",
                    retry_after=60,
                )

    async def set_aside_idle(self) -> None:
        """Now and then, set aside (abandon) the tables whose bots hold seats but that
        nobody moved at or watched for ``Limits.abandon_seconds``, so that no table
        holds the server's bots for ever; a person at one brings it back (``resume``)."""
        service = self.service
        limit = service.limits.abandon_seconds
        while limit and not service.closing:
            await asyncio.sleep(min(IDLE_CHECK_SECONDS, limit / 4))
            now = time.monotonic()
            for table in list(service.tables.values()):
                idle = not table.listeners and now - table.active >= limit
                if idle and table.holds_bots and table.bot_seats and service.peers.drives(table):
                    await self._abandon(table)

    async def _abandon(self, table: Table) -> None:
        service = self.service
        async with table.lock:
            if table.listeners or not table.holds_bots:
                return  # someone came back meanwhile
            await self._write_status(table, "abandoned", only_from="playing")
            table.abandoned = True
            for task in (table.driver, table.clock):
                if task is not None:
                    task.cancel()
            table.changed()
        service.peers.let_go(table)
        log.info(
            "table %s set aside: no move and nobody watching for %d s (its %d bot seats freed)",
            table.id,
            service.limits.abandon_seconds,
            table.bot_seats,
        )

    async def resume(self, table: Table, seat: int | None, *, insist: bool = True) -> None:
        """A person at ``table`` (``seat``) came back: a table set aside goes on, if
        the server has room for its bots (else 429, or nothing unless ``insist``)."""
        if not table.abandoned or seat is None:
            return
        await self._resume(table, f"seat {seat} came back", insist)

    async def wake(self, table: Table) -> None:
        """A person's turn clock ran out at ``table``, set aside (``clocks.Clocks``):
        it goes on as it would have, if the server has room for its bots (else it
        stays aside, and the next sweep tries again), and its clock marks them away at
        once: the clock bot plays for them."""
        await self._resume(table, "a person's turn clock ran out", insist=False)

    async def _resume(self, table: Table, why: str, insist: bool) -> None:
        async with self.service.opening, table.lock:
            if not table.abandoned:
                return
            try:
                self.check_room(table)
            except ApiError:
                if insist:
                    raise
                return
            await self._write_status(table, "playing")
            table.abandoned = False
            table.changed()
        log.info("table %s resumed: %s", table.id, why)
        self.kick(table)

    async def _write_status(self, table: Table, status: str, only_from: str | None = None) -> None:
        """Store ``table``'s status (if it is ``only_from``, when given) and say so."""
        service = self.service

        def write(session: Any) -> None:
            where = [db.GameTable.id == table.id]
            if only_from is not None:
                where.append(db.GameTable.status == only_from)
            session.execute(update(db.GameTable).where(*where).values(status=status))
            service.peers.announce(session, table.id)

        await service.transaction(write)


async def _pause(table: Table, task: str, error: Exception, failures: int) -> None:
    """``task`` (a bot's move, the turn clock) failed at ``table`` for the ``failures``-th
    time in a row: say so in one line the first time (a warning if the database does
    not answer, an error otherwise: a bug), then wait before it is tried again, twice
    as long after each failure, up to ``RETRY_MAX_SECONDS``."""
    pause = min(RETRY_MAX_SECONDS, RETRY_SECONDS * 2 ** (failures - 1))
    level = logging.DEBUG
    if failures == 1:
        level = logging.WARNING if isinstance(error, db.UNAVAILABLE) else logging.ERROR
    why = f"{type(error).__name__}: {db.one_line(error)}"
    log.log(level, "table %s: %s failed (%s): trying again in %g s", table.id, task, why, pause)
    await asyncio.sleep(pause)


def _went_through(table: Table, task: str, failures: int) -> int:
    """``task`` went through at ``table`` after ``failures`` failures in a row: said in
    a line if there were any (a warning, as the first failure was, so that the two are
    seen together); no failures since (0)."""
    if failures:
        times = "once" if failures == 1 else f"{failures} times"
        log.warning("table %s: %s went through, after failing %s", table.id, task, times)
    return 0
