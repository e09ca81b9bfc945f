"""The tables being played: the rules engine, the database and the bots, together.

A ``Table`` holds a game's true state in memory, rebuilt from the database (the
seed and the action log) the first time it is asked for, so a game in progress
survives a restart. ``TableService`` is the web app's one door to them; it keeps the
tables in memory and the database at hand, and leaves the work to its parts:

- ``changes.Changes``: who may change a table, and how (open one, a move, an undo,
  leave, come back, a name, a rematch): apply on a copy, store, then publish;
- ``peers.Peers``: several server processes on one PostgreSQL database, each
  catching its copy of a table up with what the others wrote, and one at a time
  playing a table's bots;
- ``driver.Driver``: the bots and the turn clock, the room the server has for bots,
  and the tables set aside when nobody plays them;
- ``clocks.Clocks``: the turn clocks' deadlines as stored, and the sweep that wakes
  the tables whose deadline passed with no clock running for them;
- ``archive.Archive``: the lists of tables, the final results and the replays;
- ``chat.Talk``: the chat and the hints;
- ``review.Reviews``: the finished games' reviews, worked out in the background.
"""

from __future__ import annotations

import asyncio
import importlib
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy import Engine, or_, select
from sqlalchemy.exc import OperationalError

from housebuilders.agents.worker import default_jobs
from housebuilders.core import Action, State, game, replay
from housebuilders.server import db
from housebuilders.server.accounts import Accounts
from housebuilders.server.archive import Archive
from housebuilders.server.bots import MOVE_SECONDS, BotPool
from housebuilders.server.changes import Changes
from housebuilders.server.chat import CHAT_HISTORY, Talk
from housebuilders.server.clocks import Clocks
from housebuilders.server.driver import AWAY_MOVE_SECONDS, Driver
from housebuilders.server.errors import ApiError
from housebuilders.server.limits import Limits, RateLimiter
from housebuilders.server.peers import Peers
from housebuilders.server.ratings import Ratings
from housebuilders.server.replay import Replay
from housebuilders.server.review import Reviews
from housebuilders.server.seats import SeatInfo
from housebuilders.server.shared import Shared
from housebuilders.server.table import Table

#: SQLite: the pauses before a transaction that found the database locked is tried
#: again (each try waits ``db.BUSY_SECONDS`` for the lock): about 3.5 s in all
LOCKED_PAUSES = (0.1, 0.4)


class TableService:
    """Creates, loads and plays tables; the web app's one door to games and storage."""

    def __init__(
        self,
        engine: Engine,
        max_live: int = 1000,
        limits: Limits | None = None,
        *,
        move_seconds: float = MOVE_SECONDS,
        bot_workers: int | None = None,
        bot_imports: tuple[str, ...] = (),
        away_seconds: float = AWAY_MOVE_SECONDS,
    ) -> None:
        """``limits``: see ``Limits``; ``move_seconds``: the time a bot has per move;
        ``away_seconds``: the clock bot's pace for a person away (``driver``);
        ``bot_workers``: the processes bots think in (default: one per core);
        ``bot_imports``: modules that register custom bots, imported here and in
        every bot worker."""
        for module in bot_imports:
            importlib.import_module(module)
        workers = default_jobs() if bot_workers is None else bot_workers
        self.bots = BotPool(workers, move_seconds, tuple(bot_imports))
        self.away_seconds = away_seconds
        self.engine = engine
        self.limits = limits or Limits()
        self.sessions = db.session_factory(engine)
        #: the tables in memory, least recently used first
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.max_live = max_live
        self._loading = asyncio.Lock()
        #: held while a table takes room for its bots (opened, or back from set aside)
        self.opening = asyncio.Lock()
        self.closing = False  # the server is stopping: no bot or clock starts again
        self._tasks: set[asyncio.Task[Any]] = set()
        #: undos per seat (keyed "table/seat"), each a replay of the game: a few a minute
        self.undoing = RateLimiter(self.limits.undos_per_minute)
        self.changes = Changes(self)
        self.peers = Peers(self)
        self.driver = Driver(self)
        self.clocks = Clocks(self)
        self.archives = Archive(self)
        self.talk = Talk(self)
        self.accounts = Accounts(self)
        self.ratings = Ratings(self)
        self.reviews = Reviews(self)

    @property
    def shared(self) -> Shared | None:
        """On PostgreSQL (after ``start``): the other server processes on the database."""
        return self.peers.shared

    @property
    def chatter(self) -> RateLimiter:
        """The chat messages per seat (``chat.Talk``)."""
        return self.talk.chatter

    async def start(self) -> None:
        """On PostgreSQL, hear the other server processes on the database (see
        ``peers``); then sweep now and then (``Peers.sweep``), set aside the tables
        nobody plays (``Driver.set_aside_idle``) and wake those whose turn clock ran
        out with no clock running for them (``Clocks.sweep``). Before the tables in
        play are resumed."""
        await self.peers.start()
        self.spawn(self.peers.sweep())
        self.spawn(self.driver.set_aside_idle())
        self.spawn(self.clocks.sweep())
        self.reviews.start()

    def spawn(self, work: Any) -> None:
        """Run ``work`` (a coroutine) in the background until the server stops."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop every bot and clock (the server is shutting down), without waiting for
        a bot to finish thinking: its worker is killed."""
        self.closing = True
        tasks = [t for table in self.tables.values() for t in (table.driver, table.clock) if t]
        tasks += [*self._tasks, *self.peers.tasks()]
        for task in tasks:
            task.cancel()
        await self.bots.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.peers.close()

    # -- the database ---------------------------------------------------------------------
    async def run(self, work: Callable[[], Any]) -> Any:
        """``work()`` (reads, or one transaction), in a worker thread so that the event
        loop goes on while the database answers or waits for a lock. On SQLite, a
        transaction that found the database locked (another connection held the lock
        past ``db.BUSY_SECONDS``) was rolled back whole, so it is tried again after
        each of ``LOCKED_PAUSES``; then its error is raised (a request answers 503, a
        bot or clock tries again later). Nothing else is tried again: a write whose
        commit may have happened is never written twice (the log's unique index would
        refuse it anyway)."""
        for pause in (*LOCKED_PAUSES, None):
            try:
                return await asyncio.to_thread(work)
            except OperationalError as e:
                if pause is None or not db.locked(e):
                    raise
            await asyncio.sleep(pause)

    async def transaction(self, work: Callable[[Any], Any]) -> Any:
        """``work(session)`` in one transaction."""

        def run() -> Any:
            with self.sessions.begin() as session:
                return work(session)

        return await self.run(run)

    # -- the tables in memory -----------------------------------------------------------------
    async def get(self, table_id: str, fresh: bool = False) -> Table:
        """The table, loaded from the database and replayed if not in memory; 404.
        ``fresh``: to be shown, so caught up with what other server processes wrote
        (once there are others)."""
        table = self.tables.get(table_id)
        if table is not None:
            self.tables.move_to_end(table_id)
            if fresh and not self.peers.alone:
                async with table.lock:
                    await self.peers.catch_up(table)
            return table
        if len(table_id) > 32:
            raise ApiError(404, "no such table")
        async with self._loading:  # rare (after a restart): one at a time, never twice
            table = self.tables.get(table_id)
            if table is None:
                table = await self.load(table_id)
                await self.clocks.settle(table)  # a wait with no deadline stored gets one
                self.keep(table)
                table.changed()
                self.driver.kick(table)
        return table

    def keep(self, table: Table) -> None:
        """Keep ``table`` in memory; past ``max_live`` tables, forget the least
        recently used idle ones (they are in the database and come back when asked)."""
        self.tables[table.id] = table
        excess = len(self.tables) - self.max_live
        for old in list(self.tables.values()):
            if excess <= 0:
                break
            if old is not table and old.idle:
                del self.tables[old.id]
                self.peers.let_go(old)
                excess -= 1

    async def load(self, table_id: str) -> Table:
        """The table ``table_id`` as the database has it, its game replayed and its
        turn clock's deadlines as stored; 404."""

        def read(session: Any) -> Any:
            row = session.get(db.GameTable, table_id)
            if row is None:
                return None
            seats = [
                SeatInfo(s.kind, s.bot, s.token_hash, s.away, s.name, s.resigned, s.abandon)
                for s in row.seats
            ]
            entries = list(
                session.scalars(
                    select(db.LogEntry)
                    .where(db.LogEntry.table_id == table_id)
                    .order_by(db.LogEntry.idx)
                )
            )
            return row, seats, entries

        found = await self.transaction(read)
        if found is None:
            raise ApiError(404, "no such table")
        row, seats, entries = found
        spec = game(row.game)
        actions = db.effective_actions(entries)
        state = await self.replayed(spec.id, row.players, row.seed, actions, row.options)
        return Table(
            by_bot=db.made_by_bots(entries),
            id=row.id,
            spec=spec,
            seed=row.seed,
            secret=row.secret,
            options=dict(row.options),
            clock_minutes=row.clock_minutes,
            clock_bot=row.clock_bot,
            deadlines={s.seat: s.deadline for s in row.seats if s.deadline is not None},
            seats=seats,
            state=state,
            entries=len(entries),
            private=row.private,
            rematch=row.rematch,
            hints=row.hints,
            abandoned=row.status == "abandoned",
            void=row.status == "void",
            opener=row.opener,
        )

    #: a replay in a worker thread lets go of the GIL every this many actions
    REPLAY_STRIDE = 4

    async def replayed(
        self, game_id: str, players: int, seed: int, actions: list[Any], options: Any
    ) -> State:
        """``replay(game_id, players, seed, actions, options)`` in a worker thread: a
        long game takes tens of milliseconds, which the other tables' requests need not
        wait for. The thread lets go of the GIL every ``REPLAY_STRIDE`` actions
        (``time.sleep(0)``), so that the event loop's thread, each time it wakes, takes
        it back within a fraction of a millisecond rather than after Python's switch
        interval (5 ms): a request waits for a few of those."""

        def paced() -> Iterator[Any]:
            for done, action in enumerate(actions):
                if done % self.REPLAY_STRIDE == 0:
                    time.sleep(0)
                yield action

        return await asyncio.to_thread(replay, game_id, players, seed, paced(), options)

    async def resume_all(self) -> int:
        """Load every table still being played that has bots or a clock (after a
        restart) so that they go on; returns how many. The others (people only, none
        away) are loaded when first asked for."""

        def ids(session: Any) -> list[str]:
            driven = or_(
                db.GameTable.clock_minutes.is_not(None),
                db.GameTable.seats.any(
                    or_(db.Seat.kind == "bot", db.Seat.away.is_(True), db.Seat.resigned.is_(True))
                ),
            )
            query = select(db.GameTable.id).where(db.GameTable.status == "playing", driven)
            return list(session.scalars(query))

        playing = await self.transaction(ids)
        for table_id in playing:
            await self.get(table_id)
        return len(playing)

    # -- the web app's door: each to its part ----------------------------------------------
    async def create(self, game_id: str, players: int, seats: list[Any], **settings: Any) -> Any:
        """Open a table (``Changes.create``): returns it and each seat's token."""
        return await self.changes.create(game_id, players, seats, **settings)

    async def act(
        self, table: Table, seat: int | None, action: Action, expect: int | None = None
    ) -> None:
        """``Changes.act``"""
        await self.changes.act(table, seat, action, expect)

    async def undo(self, table: Table, seat: int | None) -> None:
        """``Changes.undo``"""
        await self.changes.undo(table, seat)

    async def back(self, table: Table, seat: int | None) -> None:
        """``Changes.back``"""
        await self.changes.back(table, seat)

    async def leave(self, table: Table, seat: int | None) -> None:
        """``Changes.leave``"""
        await self.changes.leave(table, seat)

    async def take(self, table: Table, seat: int, name: str) -> str:
        """``Changes.take``"""
        return await self.changes.take(table, seat, name)

    async def resign(self, table: Table, seat: int | None) -> None:
        """``Changes.resign``"""
        await self.changes.resign(table, seat)

    async def vote(self, table: Table, seat: int | None, agree: bool) -> None:
        """``Changes.vote``"""
        await self.changes.vote(table, seat, agree)

    async def rename(self, table: Table, seat: int | None, name: str) -> None:
        """``Changes.rename``"""
        await self.changes.rename(table, seat, name)

    async def rematch(
        self,
        table: Table,
        seat: int | None,
        opener: str | None = None,
        opening: Callable[[], None] | None = None,
    ) -> tuple[Table, bool]:
        """``Changes.rematch``"""
        return await self.changes.rematch(table, seat, opener, opening)

    async def resume(self, table: Table, seat: int | None, *, insist: bool = True) -> None:
        """``Driver.resume``"""
        await self.driver.resume(table, seat, insist=insist)

    async def catch_up(self, table: Table, heard: bool = False, held: Any = None) -> None:
        """``Peers.catch_up``"""
        await self.peers.catch_up(table, heard, held)

    async def open_tables(self, limit: int = 100) -> list[dict[str, Any]]:
        """``Archive.open_tables``"""
        return await self.archives.open_tables(limit)

    async def archive(self, game_id: str | None = None, page: int = 1) -> dict[str, Any]:
        """``Archive.archive``"""
        return await self.archives.archive(game_id, page)

    async def replay(self, table_id: str) -> tuple[Table, Replay]:
        """``Archive.replay``"""
        return await self.archives.replay(table_id)

    async def review(self, table_id: str) -> dict[str, Any]:
        """``Reviews.review``"""
        return await self.reviews.review(table_id)

    async def chat(self, table: Table, seat: int | None, text: str) -> dict[str, Any]:
        """``Talk.chat``"""
        return await self.talk.chat(table, seat, text)

    async def chat_history(self, table: Table, limit: int = CHAT_HISTORY) -> list[dict[str, Any]]:
        """``Talk.chat_history``"""
        return await self.talk.chat_history(table, limit)

    async def hint(self, table: Table, seat: int | None) -> dict[str, Any]:
        """``Talk.hint``"""
        return await self.talk.hint(table, seat)
