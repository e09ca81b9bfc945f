"""The tables being played: the rules engine, the database and the bots, together.

A ``Table`` holds a game's true state in memory, rebuilt from the database (the
seed and the action log) the first time it is asked for, so a game in progress
survives a restart. Every change goes the same way, under the table's lock:

1. the action is applied to a copy of the state (an illegal one is refused there,
   naming the rule, and nothing changes);
2. the log entry is committed to the database;
3. only then is the copy made the table's state and every seat told.

Bots move in worker processes, in turn and on time (``bots.BotPool``): one that
is still thinking at the per-move time is stopped and a random legal move is
played for it. A seat whose person ran out of time on the turn clock is marked
away, and the table's clock bot plays for it until the person says they are back.

On PostgreSQL several server processes may share the database (``shared``): each
change is announced to the others, which catch their copy of the table up, and one
process at a time plays a table's bots and runs its clock.

The people at a table chat (``chat``: stored, then sent to everyone listening, at a
rate per seat), and at a table opened with hints a person may ask for the greedy
bot's move for their seat (``hint``), thought on the seat's view in a bot worker.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..agents.turn import Advice, Decision
from ..agents.worker import default_jobs
from ..core import Action, IllegalAction, OptionError, State, game, game_ids, replay
from . import db
from .bots import MOVE_SECONDS, BotPool, BotTimeout, check_bot
from .errors import ApiError
from .limits import CHAT_SECONDS, Limits, RateLimiter
from .replay import Replay
from .seats import SeatInfo, new_seats
from .shared import Shared, notify
from .table import Table, still_fits

log = logging.getLogger("housebuilders.server")

#: finished tables a page of the archive lists
ARCHIVE_PAGE = 20
#: replays kept built (the tables' replay pages being looked at), and finished
#: tables' final results kept for the archive (a few numbers each)
MAX_REPLAYS = 16
MAX_RESULTS = 10_000
SWEEP_SECONDS = 2.0  # how often a process offers to take over the bots of tables it holds
#: the chat messages a page is given when it opens (the newest, oldest first)
CHAT_HISTORY = 100
#: what a spectator who writes in the chat is told
SPECTATORS_READ = "spectators read the chat but may not write in it: open your seat's link"
#: the next best moves a hint names besides its own
HINT_OTHERS = 3


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
    ) -> None:
        """``limits``: see ``Limits``; ``move_seconds``: the time a bot has per move;
        ``bot_workers``: the processes bots think in (default: one per core);
        ``bot_imports``: modules that register custom bots, imported here and in
        every bot worker."""
        for module in bot_imports:
            importlib.import_module(module)
        workers = default_jobs() if bot_workers is None else bot_workers
        self.bots = BotPool(workers, move_seconds, tuple(bot_imports))
        self.engine = engine
        self.limits = limits or Limits()
        self.sessions = db.session_factory(engine)
        #: the tables in memory, least recently used first
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.max_live = max_live
        self._loading = asyncio.Lock()
        self._opening = asyncio.Lock()
        self._closing = False
        self.inline = engine.dialect.name == "sqlite"
        #: finished tables' replays, built once each (least recently asked first)
        self.replays: OrderedDict[str, asyncio.Future[Replay]] = OrderedDict()
        #: finished tables' final scores, winners and ranking, for the archive
        self.results: OrderedDict[str, dict[str, list[int]]] = OrderedDict()
        #: on PostgreSQL (after ``start``): the other server processes on the database
        self.shared: Shared | None = None
        self._stale: set[str] = set()  # tables another process changed, to catch up
        self._syncing: dict[str, asyncio.Task[None]] = {}
        self._claiming: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        #: chat messages per seat (keyed "table/seat"): a burst, then one every few seconds
        self.chatter = RateLimiter(self.limits.chat_messages, seconds=CHAT_SECONDS)
        #: undos per seat (keyed "table/seat"), each a replay of the game: the same way
        self.undoing = RateLimiter(self.limits.undos_per_minute)

    async def start(self) -> None:
        """On PostgreSQL, hear the other server processes on the database (see
        ``shared``); before the tables in play are resumed."""
        if self.engine.dialect.name == "postgresql":
            self.shared = Shared(self.engine, self._heard)
            await self.shared.start()
            self._spawn(self._sweep())

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _notify(self, connection: Any, table_id: str, entry: Any = None) -> None:
        """Tell the other server processes, once the write commits, that the table
        changed (``entry``: the log entry written, which rides along)."""
        if self.shared is not None:
            notify(connection, table_id, self.shared.sender, entry)

    # -- the database ---------------------------------------------------------------------
    async def _run(self, work: Callable[[], Any]) -> Any:
        """``work()``, in a worker thread so the event loop goes on while a database
        server answers; SQLite, a local file that answers in a fraction of a
        millisecond, is called directly (a thread hop would cost more)."""
        if self.inline:
            return work()
        return await asyncio.to_thread(work)

    async def _db(self, work: Callable[[Any], Any]) -> Any:
        """``work(session)`` in one transaction."""

        def run() -> Any:
            with self.sessions.begin() as session:
                return work(session)

        return await self._run(run)

    # -- making and finding tables ----------------------------------------------------
    async def create(
        self,
        game_id: str,
        players: int,
        seats: list[tuple[str, str | None, str | None]],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        clock_minutes: float | None = None,
        clock_bot: str = "greedy",
        private: bool = False,
        token_hashes: list[str | None] | None = None,
        hints: bool = False,
    ) -> tuple[Table, list[str | None]]:
        """A new table; returns it and each seat's token (None for a bot seat).
        ``token_hashes``: the people's tokens at another table, kept (a rematch)."""
        if game_id not in game_ids():
            raise ApiError(422, f"no game {game_id!r}; games: {', '.join(game_ids())}")
        spec = game(game_id)
        if len(seats) != players:
            raise ApiError(422, f"{players} players need {players} seats, not {len(seats)}")
        seed = secrets.randbelow(2**31) if seed is None else seed
        try:
            state = spec.new_game(players, seed, options)
            options = spec.check_options(options)
        except (ValueError, OptionError) as e:
            raise ApiError(422, str(e)) from None
        limits = self.limits
        if clock_minutes is not None and clock_minutes * 60 < limits.min_clock_seconds:
            raise ApiError(
                422,
                f"a turn clock on this server gives at least {limits.min_clock_seconds} "
                f"seconds a move (clock_minutes {limits.min_clock} or more)",
            )
        move_seconds = self.bots.move_seconds
        clock_bot = check_bot(clock_bot, spec, move_seconds)
        infos, tokens = new_seats(seats, spec, move_seconds, token_hashes)
        table = Table(
            id=secrets.token_urlsafe(9),
            spec=spec,
            seed=seed,
            options=options,
            clock_minutes=clock_minutes,
            clock_bot=clock_bot,
            seats=infos,
            state=state,
            entries=0,
            private=private,
            hints=hints,
        )

        def write(session: Any) -> None:
            row = db.GameTable(
                id=table.id,
                game=game_id,
                players=players,
                seed=seed,
                options=options,
                status="playing",
                clock_minutes=clock_minutes,
                clock_bot=clock_bot,
                private=private,
                hints=hints,
                created=db.now(),
            )
            row.seats = [
                db.Seat(
                    seat=n, kind=s.kind, bot=s.bot, token_hash=s.token_hash, away=False, name=s.name
                )
                for n, s in enumerate(infos)
            ]
            session.add(row)

        async with self._opening:  # the room for bots is checked and taken at once
            self._check_room_for_bots(infos)
            await self._db(write)
            self._keep(table)
        table.changed()
        self._kick(table)
        return table, tokens

    def _check_room_for_bots(self, seats: list[SeatInfo]) -> None:
        """Refuse a table whose bots the server has no room for: 422 if more than it
        ever allows, 429 while the tables in play take the room."""
        limits = self.limits
        bots = sum(seat.kind == "bot" for seat in seats)
        if limits.max_bot_seats and bots > limits.max_bot_seats:
            raise ApiError(
                422, f"a table on this server may have at most {limits.max_bot_seats} bot seats"
            )
        playing = [t for t in self.tables.values() if not t.state.is_terminal()]
        bots_only = bots == len(seats)
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

    async def get(self, table_id: str, fresh: bool = False) -> Table:
        """The table, loaded from the database and replayed if not in memory; 404.
        ``fresh``: to be shown, so caught up with what other server processes wrote
        (once there are others)."""
        table = self.tables.get(table_id)
        if table is not None:
            self.tables.move_to_end(table_id)
            if fresh and self.shared is not None and self.shared.others:
                async with table.lock:
                    await self.catch_up(table)
            return table
        if len(table_id) > 32:
            raise ApiError(404, "no such table")
        async with self._loading:  # rare (after a restart): one at a time, never twice
            table = self.tables.get(table_id)
            if table is None:
                table = await self._load(table_id)
                self._keep(table)
                table.changed()
                self._kick(table)
        return table

    def _keep(self, table: Table) -> None:
        """Keep ``table`` in memory; past ``max_live`` tables, forget the least
        recently used idle ones (they are in the database and come back when asked)."""
        self.tables[table.id] = table
        excess = len(self.tables) - self.max_live
        for old in list(self.tables.values()):
            if excess <= 0:
                break
            if old is not table and old.idle:
                del self.tables[old.id]
                self._let_go(old)
                excess -= 1

    async def _load(self, table_id: str) -> Table:
        def read(session: Any) -> Any:
            row = session.get(db.GameTable, table_id)
            if row is None:
                return None
            seats = [SeatInfo(s.kind, s.bot, s.token_hash, s.away, s.name) for s in row.seats]
            entries = list(
                session.scalars(
                    select(db.LogEntry)
                    .where(db.LogEntry.table_id == table_id)
                    .order_by(db.LogEntry.idx)
                )
            )
            return row, seats, entries

        found = await self._db(read)
        if found is None:
            raise ApiError(404, "no such table")
        row, seats, entries = found
        spec = game(row.game)
        actions = db.effective_actions(entries)
        state = await self._replayed(spec.id, row.players, row.seed, actions, row.options)
        return Table(
            id=row.id,
            spec=spec,
            seed=row.seed,
            options=dict(row.options),
            clock_minutes=row.clock_minutes,
            clock_bot=row.clock_bot,
            seats=seats,
            state=state,
            entries=len(entries),
            private=row.private,
            rematch=row.rematch,
            hints=row.hints,
        )

    #: a replay in a worker thread lets go of the GIL every this many actions
    REPLAY_STRIDE = 4

    async def _replayed(
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
                db.GameTable.seats.any(or_(db.Seat.kind == "bot", db.Seat.away.is_(True))),
            )
            query = select(db.GameTable.id).where(db.GameTable.status == "playing", driven)
            return list(session.scalars(query))

        playing = await self._db(ids)
        for table_id in playing:
            await self.get(table_id)
        return len(playing)

    async def open_tables(self, limit: int = 100) -> list[dict[str, Any]]:
        def read(session: Any) -> list[dict[str, Any]]:
            rows = session.scalars(
                select(db.GameTable)
                .where(db.GameTable.status == "playing", db.GameTable.private.is_(False))
                .order_by(db.GameTable.created.desc())
                .limit(limit)
            )
            return [
                {
                    "table": r.id,
                    "game": r.game,
                    "players": r.players,
                    "status": r.status,
                    "created": r.created.isoformat(),
                    "seats": [
                        {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name}
                        for s in r.seats
                    ],
                }
                for r in rows
            ]

        return await self._db(read)

    # -- looking back: the archive and replays ----------------------------------------
    async def archive(self, game_id: str | None = None, page: int = 1) -> dict[str, Any]:
        """Page ``page`` of the finished tables that are not private (of ``game_id``
        only, if given), the last finished first, with their final results."""

        def read(session: Any) -> tuple[int, list[Any], dict[str, Any], dict[str, list[Any]]]:
            where = [db.GameTable.status == "finished", db.GameTable.private.is_(False)]
            if game_id is not None:
                where.append(db.GameTable.game == game_id)
            total = session.scalar(select(func.count()).select_from(db.GameTable).where(*where))
            finished = func.max(db.LogEntry.time).label("finished")
            rows = session.execute(
                select(db.GameTable, finished)
                .join(db.LogEntry, db.LogEntry.table_id == db.GameTable.id)
                .where(*where)
                .group_by(db.GameTable.id)
                .order_by(finished.desc(), db.GameTable.id)
                .offset((page - 1) * ARCHIVE_PAGE)
                .limit(ARCHIVE_PAGE)
                .options(selectinload(db.GameTable.seats))
            ).all()
            known = {row.id: self.results.get(row.id) for row, _ in rows}
            known = {table_id: results for table_id, results in known.items() if results}
            entries: dict[str, list[Any]] = {}
            unknown = [row.id for row, _ in rows if row.id not in known]
            if unknown:
                query = (
                    select(db.LogEntry)
                    .where(db.LogEntry.table_id.in_(unknown))
                    .order_by(db.LogEntry.table_id, db.LogEntry.idx)
                )
                for entry in session.scalars(query):
                    entries.setdefault(entry.table_id, []).append(entry)
            return total, list(rows), known, entries

        total, rows, known, entries = await self._db(read)
        learned = {}
        if entries:  # games to replay: in a thread, the event loop goes on
            unknown = [row for row, _ in rows if row.id in entries]
            learned = await asyncio.to_thread(self._final_results, unknown, entries)
        self.results.update(learned)
        for table_id in known:
            self.results.move_to_end(table_id)  # kept while newer ones come in
        while len(self.results) > MAX_RESULTS:
            self.results.popitem(last=False)
        results = {**known, **learned}
        tables = []
        for row, finished in rows:
            tables.append({
                "table": row.id,
                "game": row.game,
                "game_name": game(row.game).name,
                "players": row.players,
                "seats": [
                    {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name}
                    for s in row.seats
                ],
                **results[row.id],
                "created": row.created.isoformat(),
                "finished": finished.isoformat(),
                "replay": f"/t/{row.id}/replay",
            })  # fmt: skip
        pages = max(1, -(-total // ARCHIVE_PAGE))
        return {"tables": tables, "page": page, "pages": pages, "total": total}

    def _final_results(
        self, rows: list[Any], entries: dict[str, list[Any]]
    ) -> dict[str, dict[str, list[int]]]:
        """The final scores, winners and ranking of the finished tables ``rows``: from
        the table in memory, else replayed from its seed and log (``entries``)."""
        results = {}
        for row in rows:
            table = self.tables.get(row.id)
            state = table.state if table is not None else None
            if state is None or not state.is_terminal():
                actions = db.effective_actions(entries[row.id])
                state = replay(row.game, row.players, row.seed, actions, row.options)
            results[row.id] = {
                "scores": [score["total"] for score in state.scores()],
                "winners": state.winners(),
                "ranking": state.ranking(),
            }
        return results

    async def replay(self, table_id: str) -> tuple[Table, Replay]:
        """The table and its game's replay, built once (in a thread: a long game takes
        a while); 409 while the game is being played, which no replay may show."""
        table = await self.get(table_id)
        if not table.state.is_terminal():
            raise ApiError(
                409,
                "this game is still being played: its replay opens once it is over "
                "(until then it would show what the seats have not revealed)",
            )
        built = self.replays.get(table.id)
        if built is None:
            start = table.spec.new_game(len(table.seats), table.seed, table.options)
            history = list(table.state.history)
            built = asyncio.ensure_future(asyncio.to_thread(Replay.build, start, history))
            self.replays[table.id] = built
            for old in [key for key, task in self.replays.items() if task.done()]:
                if len(self.replays) <= MAX_REPLAYS:
                    break
                del self.replays[old]
        self.replays.move_to_end(table.id)
        try:
            return table, await asyncio.shield(built)  # one leaving does not stop it
        except Exception:
            if self.replays.get(table.id) is built:
                del self.replays[table.id]  # a bug: logged by the app, tried afresh next time
            raise

    # -- changing a table ---------------------------------------------------------------
    async def act(
        self, table: Table, seat: int | None, action: Action, expect: int | None = None
    ) -> None:
        """Play ``action`` for a person's ``seat``."""
        if seat is None:
            raise ApiError(403, "a spectator may not act; open your seat's link")
        async with table.lock:
            await self.catch_up(table)
            if expect is not None and expect != table.state.moves_seen(seat):
                raise ApiError(409, "the table has moved on since your view: look again")
            if table.seats[seat].away:
                raise ApiError(403, "a bot is playing for you: say you are back first")
            await self._commit(table, seat, action)  # out of turn: 409, naming the rule
        self._kick(table)

    async def undo(self, table: Table, seat: int | None) -> None:
        """Take back ``seat``'s last action (see ``Table.can_undo``): the game is
        replayed without it, in a worker thread (a long game takes a while), at most
        ``Limits.undos_per_minute`` times a minute per seat (429 past it)."""
        if seat is None:
            raise ApiError(403, "a spectator has nothing to take back; open your seat's link")
        wait = self.undoing.take(f"{table.id}/{seat}")
        if wait:
            raise ApiError(
                429,
                f"you are taking moves back too fast ({self.limits.undos_per_minute} a "
                f"minute at most): try again in {wait} s",
                retry_after=wait,
            )
        async with table.lock:
            await self.catch_up(table)
            last = table.undoable(seat)
            if last is None:
                raise ApiError(
                    409,
                    "nothing to take back: only your own last action, before anything "
                    "hidden is revealed or another seat acts",
                )
            now = table.state
            history = now.history[:last] + now.history[last + 1 :]
            # under the lock: nothing changes this table while it is replayed
            state = await self._replayed(
                table.spec.id, now.num_players, table.seed, history, table.options
            )
            await self._append(table, seat, "undo")
            table.state = state
            table.entries += 1
            table.changed()
        self._kick(table)

    async def back(self, table: Table, seat: int | None) -> None:
        """The person at ``seat`` is back: the clock bot stops playing for them."""
        if seat is None:
            raise ApiError(403, "a spectator has no seat to come back to")
        async with table.lock:
            await self.catch_up(table)
            if table.seats[seat].away:
                await self._set_away(table, seat, False)
                table.changed()

    async def rematch(self, table: Table, seat: int | None) -> tuple[Table, bool]:
        """The next game at ``table`` once it is over: the same game, options, clock,
        seats and bots, a new seed; each person's token is their seat there too. Made
        once: whoever asks later gets the same table. Returns it and whether it is new."""
        if seat is None:
            raise ApiError(403, "a spectator cannot ask for a rematch; open your seat's link")
        async with table.rematching:
            async with table.lock:
                await self.catch_up(table)
            if table.rematch is not None:
                return await self.get(table.rematch), False
            if not table.state.is_terminal():
                raise ApiError(409, "the game is not over yet: a rematch comes after it")
            new, _ = await self.create(
                table.spec.id,
                len(table.seats),
                [(s.kind, s.bot, s.name) for s in table.seats],
                options=table.options,
                clock_minutes=table.clock_minutes,
                clock_bot=table.clock_bot,
                private=table.private,
                token_hashes=[s.token_hash for s in table.seats],
                hints=table.hints,
            )

            def write(session: Any) -> bool:
                done = session.execute(
                    update(db.GameTable)
                    .where(db.GameTable.id == table.id, db.GameTable.rematch.is_(None))
                    .values(rematch=new.id)
                )
                self._notify(session, table.id)
                return done.rowcount == 1

            if not await self._db(write):  # another server process made one first
                await self._discard(new)
                async with table.lock:
                    await self.catch_up(table)
                assert table.rematch is not None
                return await self.get(table.rematch), False
            table.rematch = new.id
            table.changed()
        return new, True

    async def _discard(self, table: Table) -> None:
        """Forget ``table`` and delete it from the database (a rematch made twice)."""
        async with table.lock:  # no move of its bots is being written meanwhile
            for task in (table.driver, table.clock):
                if task is not None:
                    task.cancel()
            self.tables.pop(table.id, None)
            self._let_go(table)

            def write(session: Any) -> None:
                for model in (db.LogEntry, db.Seat):
                    session.execute(delete(model).where(model.table_id == table.id))
                session.execute(delete(db.GameTable).where(db.GameTable.id == table.id))

            await self._db(write)

    async def leave(self, table: Table, seat: int | None) -> None:
        """The person at ``seat`` leaves the game: the table's clock bot plays for them
        until they say they are back."""
        if seat is None:
            raise ApiError(403, "a spectator has no seat to leave")
        async with table.lock:
            await self.catch_up(table)
            if table.state.is_terminal():
                raise ApiError(409, "the game is over: there is no game to leave")
            if not table.seats[seat].away:
                await self._set_away(table, seat, True)
                table.changed()
        self._kick(table)

    async def rename(self, table: Table, seat: int | None, name: str) -> None:
        """The person at ``seat`` takes ``name`` (a checked ``SeatName``)."""
        if seat is None:
            raise ApiError(403, "a spectator has no seat to name; open your seat's link")

        def write(session: Any) -> None:
            session.execute(
                update(db.Seat)
                .where(db.Seat.table_id == table.id, db.Seat.seat == seat)
                .values(name=name)
            )
            self._notify(session, table.id)

        async with table.lock:
            await self._db(write)
            table.seats[seat].name = name
            table.changed()

    # -- the chat -----------------------------------------------------------------------
    async def chat(self, table: Table, seat: int | None, text: str) -> dict[str, Any]:
        """The person at ``seat`` says ``text`` (a checked ``ChatText``) to the table:
        stored, then sent to everyone listening; returns the message. Spectators read
        the chat but do not write in it (403); past the seat's rate, 429."""
        if seat is None:
            raise ApiError(403, SPECTATORS_READ)
        wait = self.chatter.take(f"{table.id}/{seat}")
        if wait:
            burst = self.limits.chat_messages
            raise ApiError(
                429,
                f"you are chatting too fast ({burst} messages in {CHAT_SECONDS} s at most): "
                f"try again in {wait} s",
                retry_after=wait,
            )

        def write(session: Any) -> dict[str, Any]:
            row = db.ChatMessage(table_id=table.id, seat=seat, text=text, time=db.now())
            session.add(row)
            session.flush()  # gives the row its id
            message = _chat_json(row)
            self._notify(session, table.id, {"chat": message})  # 500 characters fit
            return message

        message: dict[str, Any] = await self._db(write)
        table.said(message)
        return message

    async def chat_history(self, table: Table, limit: int = CHAT_HISTORY) -> list[dict[str, Any]]:
        """The table's newest ``limit`` chat messages, oldest first."""

        def read(session: Any) -> list[dict[str, Any]]:
            rows = session.scalars(
                select(db.ChatMessage)
                .where(db.ChatMessage.table_id == table.id)
                .order_by(db.ChatMessage.id.desc())
                .limit(limit)
            )
            return [_chat_json(row) for row in reversed(list(rows))]

        return await self._db(read)

    # -- hints --------------------------------------------------------------------------
    async def hint(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The greedy bot's move for ``seat`` and why, worked out on the seat's view
        (``turn.Advice``: the seat's determinized view, never the true state) in a bot
        worker, on time. One per view: asked again before the seat's view changes, the
        same answer (so asking twice tells nothing the view does not)."""
        if seat is None:
            raise ApiError(403, "a spectator has no move to be hinted: open your seat's link")
        if not table.hints:
            raise ApiError(403, "this table was opened without hints")
        state = table.state
        if state.is_terminal():
            raise ApiError(409, "the game is over: there is no move to hint at")
        if seat not in state.acting_players():
            raise ApiError(409, "it is not your turn: a hint is for a move you are to make")
        seen = table.seen_by(seat)
        known = table.hinted.get(seat)
        if known is None or known[0] != seen:
            task = asyncio.create_task(self._advise(state, seat, table.seed, seen["log_length"]))
            known = table.hinted[seat] = (seen, task)
            task.add_done_callback(lambda done, entry=known: _forget_failed(table, seat, entry))
        return await asyncio.shield(known[1])  # a request that goes away stops no hint

    async def _advise(
        self, state: State, seat: int, game_seed: int, log_length: int
    ) -> dict[str, Any]:
        advice = Advice.at(state, seat, "greedy", game_seed)
        try:  # the wait for a worker and the thinking: two bot moves' time at most
            action, scored = await asyncio.wait_for(
                self.bots.think(advice), 2 * self.bots.deadline
            )
        except (BotTimeout, TimeoutError):
            raise ApiError(
                503,
                "no hint in time: the server's bots are busy, try again in a moment",
                retry_after=math.ceil(self.bots.move_seconds),
            ) from None
        except Exception as e:
            log.error("a hint failed (seat %d): %s", seat, e)
            raise ApiError(503, "no hint now: working it out failed", retry_after=5) from None
        return _hint_json(advice.view, action, scored, log_length)

    async def _commit(self, table: Table, seat: int, action: Action) -> None:
        """Apply, store, then publish (the caller holds the table's lock)."""
        state = table.state.clone()
        try:
            state.apply(seat, action)
        except IllegalAction as e:
            raise ApiError(409, e.message, e.rule) from None
        await self._append(table, seat, "action", action.to_json(), state.is_terminal())
        table.state = state
        table.entries += 1
        table.changed()

    async def _append(
        self, table: Table, player: int, kind: str, action: Any = None, finished: bool = False
    ) -> None:
        """Commit the table's next log entry (and its status once the game is over).
        If another server wrote that entry first, reload the table and refuse (409)."""
        row = {
            "table_id": table.id,
            "idx": table.entries,
            "player": player,
            "kind": kind,
            "action": action,
            "time": db.now(),
        }

        def write() -> None:
            with self.engine.begin() as connection:
                connection.execute(insert(db.LogEntry), row)
                self._notify(connection, table.id, [row["idx"], player, kind, action])
                if finished:
                    connection.execute(
                        update(db.GameTable)
                        .where(db.GameTable.id == table.id)
                        .values(status="finished")
                    )

        try:
            await self._run(write)
        except IntegrityError:
            fresh = await self._load(table.id)
            table.state, table.entries, table.seats = fresh.state, fresh.entries, fresh.seats
            table.changed()
            raise ApiError(409, "another move was made at this table first: look again") from None

    async def _set_away(self, table: Table, seat: int, away: bool) -> None:
        def write(session: Any) -> None:
            session.execute(
                update(db.Seat)
                .where(db.Seat.table_id == table.id, db.Seat.seat == seat)
                .values(away=away)
            )
            self._notify(session, table.id)

        await self._db(write)
        table.seats[seat].away = away

    # -- several server processes ----------------------------------------------------------
    async def catch_up(self, table: Table, heard: bool = False) -> None:
        """Bring ``table`` up to the database: the log entries, seats and rematch that
        other server processes wrote (the caller holds the table's lock). Nothing to do
        while this process is alone (on SQLite always, on PostgreSQL until it first
        hears another): it wrote everything there is. (Should another's first move
        still be on its way, the log's unique index refuses a second move for that
        turn, and the table is reloaded.) Unless a notice was ``heard``, the log's
        length is read first, and the rest only if it grew."""
        if self.shared is None or not self.shared.others:
            return
        quick = not heard and table.id not in self._stale
        if quick and await self._run(lambda: self._log_length(table.id)) == table.entries:
            return  # the log is as this process has it (names, seats away: announced)

        def read(session: Any) -> tuple[list[db.LogEntry], list[tuple[bool, str | None]], Any]:
            entries = session.scalars(
                select(db.LogEntry)
                .where(db.LogEntry.table_id == table.id, db.LogEntry.idx >= table.entries)
                .order_by(db.LogEntry.idx)
            )
            seats = session.execute(
                select(db.Seat.away, db.Seat.name)
                .where(db.Seat.table_id == table.id)
                .order_by(db.Seat.seat)
            )
            row = select(db.GameTable.rematch).where(db.GameTable.id == table.id)
            rematch = session.scalar(row)
            return list(entries), [tuple(seat) for seat in seats], rematch

        entries, seats, rematch = await self._db(read)
        changed = bool(entries) or rematch != table.rematch
        if entries:
            table.state = await self._played_on(table, entries)
            table.entries += len(entries)
        for info, (away, name) in zip(table.seats, seats, strict=False):
            if (info.away, info.name) != (away, name):
                info.away, info.name = away, name
                changed = True
        table.rematch = rematch
        if changed:
            table.changed()

    def _log_length(self, table_id: str) -> int:
        query = select(func.count()).select_from(db.LogEntry)
        with self.engine.connect() as connection:
            return connection.scalar(query.where(db.LogEntry.table_id == table_id)) or 0

    async def _played_on(self, table: Table, entries: list[db.LogEntry]) -> Any:
        """The table's state with ``entries`` (the log's next entries) played on it; an
        undo among them replays the game from its seed and whole log (``_load``, in a
        worker thread)."""
        if all(entry.kind == "action" for entry in entries):
            state = table.state.clone()
            try:
                for entry in entries:
                    state.apply(entry.player, table.spec.action_from_json(entry.action))
                return state
            except (IllegalAction, ValueError, TypeError):
                log.error("table %s: the log does not follow from its game: replayed", table.id)
        return (await self._load(table.id)).state

    def _heard(self, table_id: str | None, entry: Any = None) -> None:
        """Another process changed ``table_id`` (None: any table, maybe): catch up.
        The next move of a table at rest is played here and now from the notice
        (``entry``); anything else is read from the database. A chat message
        (``{"chat": message}``) goes to this process's listeners at the table."""
        if isinstance(entry, dict):  # a chat message, for those listening here
            table = self.tables.get(table_id) if table_id is not None else None
            if table is not None:
                table.said(entry["chat"])
            return
        for heard in list(self.tables) if table_id is None else [table_id]:
            table = self.tables.get(heard)
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
        index, player, kind, action = entry
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
        table.state = state
        table.entries += 1
        table.changed()
        self._kick(table)
        return True

    async def _sync(self, table: Table) -> None:
        try:
            while table.id in self._stale and not self._closing:
                self._stale.discard(table.id)
                async with table.lock:
                    await self.catch_up(table, heard=True)
                self._kick(table)
        except Exception:
            log.exception("could not catch up with table %s", table.id)
        finally:
            self._syncing.pop(table.id, None)

    def _drives(self, table: Table) -> bool:
        """Whether this process plays ``table``'s bots and runs its clock: the only
        one (with several processes, the one holding the table's advisory lock)."""
        return self.shared is None or table.id in self.shared.held

    def _claim(self, table: Table) -> None:
        """Offer to play ``table``'s bots and run its clock: if no other process does,
        take its lock and start them."""
        if self.shared is None or table.id in self._claiming:
            return
        self._claiming.add(table.id)
        shared = self.shared

        async def claim() -> None:
            try:
                if await shared.take(table.id) and (current := self.tables.get(table.id)):
                    self._kick(current)
            finally:
                self._claiming.discard(table.id)

        self._spawn(claim())

    def _let_go(self, table: Table) -> None:
        """Another process may play ``table``'s bots now (over, or forgotten here)."""
        if self.shared is not None and table.id in self.shared.held:
            self._spawn(self.shared.release(table.id))

    async def _sweep(self) -> None:
        """Now and then, offer to take over the bots and clocks of the tables in memory
        that another process was playing, in case it stopped; first make sure the
        tables this process plays are still its own."""
        while not self._closing:
            await asyncio.sleep(SWEEP_SECONDS)
            if self.shared is not None:
                await self.shared.check()
            for table in list(self.tables.values()):
                self._kick(table)

    # -- bots and the clock -------------------------------------------------------------
    def _kick(self, table: Table) -> None:
        """Make sure bots move and the clock runs at ``table`` while it needs them."""
        if self._closing:
            return
        if table.state.is_terminal():
            self._let_go(table)
            return
        bots_to_move = any(table.played_by_bot(s) for s in table.state.acting_players())
        if not self._drives(table):
            if bots_to_move or table.deadlines:
                self._claim(table)
            return
        if bots_to_move and (table.driver is None or table.driver.done()):
            table.driver = asyncio.create_task(self._drive(table))
        if table.deadlines and (table.clock is None or table.clock.done()):
            table.clock = asyncio.create_task(self._watch_clock(table))

    async def _drive(self, table: Table) -> None:
        """Play bot moves until no bot is to act, one at a time: a table waits for
        at most one bot worker (so the tables take turns, see ``bots.BotPool``)."""
        while not self._closing and self._drives(table):
            state = table.state
            movers = [s for s in state.acting_players() if table.played_by_bot(s)]
            if not movers:
                break
            seat = movers[0]
            name = table.played_by_bot(seat)
            assert name is not None
            decision = Decision.at(state, seat, name, table.seed)
            action = await self._bot_move(table, decision)
            if self._closing:
                break  # no fallback moves while the server stops
            async with table.lock:
                await self.catch_up(table)
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
                    await self._commit(table, seat, action)
                except ApiError:  # another process wrote this turn first (caught up): again
                    continue
        self._kick(table)

    async def _bot_move(self, table: Table, decision: Decision) -> Action | None:
        """The move ``decision``'s bot chooses on its seat's view (the view was made by
        ``Decision.at``: the bot never sees the true state); None if it ran out of time
        or failed (logged)."""
        name, seat = decision.bot, decision.seat
        start = time.perf_counter()
        try:
            action = await self.bots.move(decision.view, seat, name, decision.seed)
        except BotTimeout:
            log.warning(
                "bot %r at table %s (seat %d) was stopped after %g s: a random legal move "
                "is played for it",
                name,
                table.id,
                seat,
                self.bots.move_seconds,
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
        """Mark a person away when their turn's time runs out."""
        while table.deadlines and not self._closing and self._drives(table):
            seat, deadline = min(table.deadlines.items(), key=lambda item: item[1])
            await asyncio.sleep(max(0.0, deadline - time.time()))
            async with table.lock:
                await self.catch_up(table)
                if table.deadlines.get(seat, 0) > time.time():
                    continue  # the clock was reset meanwhile
                table.deadlines.pop(seat, None)
                if seat in table.state.acting_players() and not table.seats[seat].away:
                    await self._set_away(table, seat, True)
                    table.changed()
            self._kick(table)

    async def close(self) -> None:
        """Stop every bot and clock (the server is shutting down), without waiting for
        a bot to finish thinking: its worker is killed."""
        self._closing = True
        tasks = [t for table in self.tables.values() for t in (table.driver, table.clock) if t]
        tasks += [*self._tasks, *self._syncing.values()]
        for task in tasks:
            task.cancel()
        await self.bots.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self.shared is not None:
            await self.shared.close()


def _forget_failed(table: Table, seat: int, entry: tuple[Any, asyncio.Future[Any]]) -> None:
    """A hint that failed is forgotten: asked again, it is worked out again."""
    done = entry[1]
    if (done.cancelled() or done.exception() is not None) and table.hinted.get(seat) is entry:
        del table.hinted[seat]


def _chat_json(row: db.ChatMessage) -> dict[str, Any]:
    when: datetime = row.time
    if when.tzinfo is None:  # SQLite gives back the UTC time it was given, without a zone
        when = when.replace(tzinfo=UTC)
    return {"id": row.id, "seat": row.seat, "text": row.text, "time": when.isoformat()}


def _hint_json(
    view: State, action: Action, scored: list[tuple[Action, float]], log_length: int
) -> dict[str, Any]:
    """The hint's answer: the move, its score, the next best few, and why."""
    spec = view.spec

    def move(a: Action, score: float) -> dict[str, Any]:
        finite = score if math.isfinite(score) else None
        return {"index": spec.action_index(a), "text": view.describe(a), "score": finite}

    score = next(s for a, s in scored if a == action)
    others = sorted((item for item in scored if item[0] != action), key=lambda i: -i[1])
    others = others[:HINT_OTHERS]
    return {
        **move(action, score),
        "action": action.to_json(),
        "why": _why(score, len(scored), others),
        "next_best": [move(a, s) for a, s in others],
        "log_length": log_length,
    }


def _why(score: float, moves: int, others: list[tuple[Action, float]]) -> str:
    """Why the greedy bot plays the move: how it chose, and by how much."""
    if moves == 1:
        return "It is your only legal move."
    how = (
        f"The greedy bot scores the position after each of your {moves} moves by the game's "
        "own measure, higher being better for you (a move that rolls dice or reveals "
        "something: over several guesses of what you cannot see)."
    )
    best, (_, second) = score, others[0]
    if not (math.isfinite(best) and math.isfinite(second)):
        return how
    if best - second <= 1e-9:
        return f"{how} This move scores {best:.2f}, as does the next best: it picked one."
    return f"{how} This move scores {best:.2f}, the next best {second:.2f}."
