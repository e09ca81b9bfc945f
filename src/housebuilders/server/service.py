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
import contextlib
import importlib
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import selectinload

from ..agents.turn import Advice, Decision
from ..agents.worker import default_jobs
from ..core import (
    Action,
    IllegalAction,
    OptionError,
    State,
    game,
    game_ids,
    replay,
    seed_from_secret,
)
from . import db
from .bots import MOVE_SECONDS, BotPool, BotTimeout, check_bot
from .errors import ApiError
from .limits import CHAT_SECONDS, Limits, RateLimiter
from .replay import Replay
from .seats import SeatInfo, address_digest, new_seats
from .shared import Shared, notify
from .table import Table, still_fits

log = logging.getLogger("housebuilders.server")

#: finished tables a page of the archive lists
ARCHIVE_PAGE = 20
#: replays kept built (the tables' replay pages being looked at), and finished
#: tables' final results kept for the archive (a few numbers each)
MAX_REPLAYS = 16
MAX_RESULTS = 10_000
SWEEP_SECONDS = 2.0  # how often bots and clocks that stopped are started again
#: SQLite: the pauses before a transaction that found the database locked is tried
#: again (each try waits ``db.BUSY_SECONDS`` for the lock): about 3.5 s in all
LOCKED_PAUSES = (0.1, 0.4)
#: a bot or clock that failed (the database, most likely) tries again after a pause,
#: doubled at each failure up to the longest
RETRY_SECONDS, RETRY_MAX_SECONDS = 1.0, 5.0
#: the chat messages a page is given when it opens (the newest, oldest first)
CHAT_HISTORY = 100
#: what a spectator who writes in the chat is told
SPECTATORS_READ = "spectators read the chat but may not write in it: open your seat's link"
#: the next best moves a hint names besides its own
HINT_OTHERS = 3
#: the secret a table's seed is derived from when the server draws it: 128 bits
SECRET_BYTES = 16
#: how often, at most, the tables are looked at for being set aside (seconds)
IDLE_CHECK_SECONDS = 30.0
#: a move refused because another server process wrote the log's next entry first
TAKEN = "another move was made at this table first: look again"


class _Taken(ApiError):
    """Another server process wrote the log entry this one was writing (409); the
    table has been caught up."""


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
        ``shared``); then sweep now and then (``_sweep``). Before the tables in play
        are resumed."""
        if self.engine.dialect.name == "postgresql":
            self.shared = Shared(self.engine, self._heard)
            await self.shared.start()
        self._spawn(self._sweep())
        self._spawn(self._set_aside_idle())

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
        opener: str | None = None,
    ) -> tuple[Table, list[str | None]]:
        """A new table; returns it and each seat's token (None for a bot seat).
        ``token_hashes``: the people's tokens at another table, kept (a rematch);
        ``opener``: the client's address, whose bot seats have a cap."""
        if game_id not in game_ids():
            raise ApiError(422, f"no game {game_id!r}; games: {', '.join(game_ids())}")
        spec = game(game_id)
        if len(seats) != players:
            raise ApiError(422, f"{players} players need {players} seats, not {len(seats)}")
        secret = None
        if seed is None:  # a secret no search can find, not a seed a search could
            secret = secrets.token_bytes(SECRET_BYTES)
            seed = seed_from_secret(secret)
        try:
            state = spec.new_game(players, seed, options)
            options = spec.check_options(options)
        except (ValueError, OptionError) as e:
            raise ApiError(422, str(e)) from None
        limits = self.limits
        if clock_minutes is not None and clock_minutes < limits.min_clock_seconds / 60:
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
            secret=secret.hex() if secret else None,
            options=options,
            clock_minutes=clock_minutes,
            clock_bot=clock_bot,
            seats=infos,
            state=state,
            entries=0,
            private=private,
            hints=hints,
            opener=address_digest(opener),
        )

        def write(session: Any) -> None:
            row = db.GameTable(
                id=table.id,
                game=game_id,
                players=players,
                seed=seed,
                secret=table.secret,
                options=options,
                status="playing",
                clock_minutes=clock_minutes,
                clock_bot=clock_bot,
                private=private,
                hints=hints,
                opener=table.opener,
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
            self._check_room_for_bots(table)
            await self._db(write)
            self._keep(table)
        table.changed()
        self._kick(table)
        return table, tokens

    def _check_room_for_bots(self, table: Table) -> None:
        """Refuse ``table`` (new, or coming back from abandoned) if the server has no
        room for its bots: 422 if more than a table may ever have, 429 while the
        tables in play take the room, the server's or its opener's."""
        limits = self.limits
        bots = table.bot_seats
        caps = (limits.max_table_bot_seats, limits.max_bot_seats, limits.max_address_bot_seats)
        caps = [cap for cap in caps if cap]
        if caps and bots > min(caps):
            raise ApiError(422, f"a table on this server may have at most {min(caps)} bot seats")
        playing = [t for t in self.tables.values() if t.holds_bots and t is not table]
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
            secret=row.secret,
            options=dict(row.options),
            clock_minutes=row.clock_minutes,
            clock_bot=row.clock_bot,
            seats=seats,
            state=state,
            entries=len(entries),
            private=row.private,
            rematch=row.rematch,
            hints=row.hints,
            abandoned=row.status == "abandoned",
            opener=row.opener,
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
        the table in memory, else replayed from its seed and log (``entries``). A log
        that no longer replays (recorded under rules since changed) gives empty lists."""
        results = {}
        for row in rows:
            table = self.tables.get(row.id)
            state = table.state if table is not None else None
            if state is None or not state.is_terminal():
                actions = db.effective_actions(entries[row.id])
                try:
                    state = replay(row.game, row.players, row.seed, actions, row.options)
                except (IllegalAction, OptionError, ValueError, TypeError) as e:
                    log.warning("table %s: its log no longer replays: %s", row.id, e)
                    results[row.id] = {"scores": [], "winners": [], "ranking": []}
                    continue
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
            if table.seats[seat].away:  # the clock bot's moves are its own
                raise ApiError(403, "a bot is playing for you: say you are back first")
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

    async def rematch(
        self,
        table: Table,
        seat: int | None,
        opener: str | None = None,
        opening: Callable[[], None] | None = None,
    ) -> tuple[Table, bool]:
        """The next game at ``table`` once it is over: the same game, options, clock,
        seats and bots, a new seed; each person's token is their seat there too. Made
        once: whoever asks later gets the same table. Returns it and whether it is new.
        ``opening(address)``: called just before a table is made (it may refuse: the
        rate of openings per address), with ``opener``, the client's address."""
        if seat is None:
            raise ApiError(403, "a spectator cannot ask for a rematch; open your seat's link")
        async with table.rematching:
            async with table.lock:
                await self.catch_up(table)
            if table.rematch is not None:
                return await self.get(table.rematch), False
            if not table.state.is_terminal():
                raise ApiError(409, "the game is not over yet: a rematch comes after it")
            if opening is not None:
                opening()
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
                opener=opener,
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
        if table.seats[seat].away:
            raise ApiError(403, "a bot is playing for you: say you are back first")
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
        """Apply, store, then publish (the caller holds the table's lock).

        Another server process may write the log's next entry first: a choice of the
        same simultaneous round (Welcome To's) made at the same moment. The table is
        then caught up and, if the seat's own view is as it was (the moves it knows
        were made, which the others' unseen choices are not, and who plays it), the
        move is checked again and written next, the table's log held from the catch-up
        to the write so that no third move comes in between: one more try, which is
        the last. If the seat's view changed, 409."""

        def seen() -> tuple[list[list[Any]], str | None]:
            return table.state.history_seen_by(seat), table.played_by_bot(seat)

        before = seen()
        state = _played(table.state, seat, action)
        try:
            await self._append(table, seat, "action", action.to_json(), state.is_terminal())
        except _Taken:  # caught up: the move goes after what the seat did not see
            async with self._holding(table) as held:
                await self.catch_up(table, heard=True, held=held)
                if seen() != before:
                    raise
                state = _played(table.state, seat, action)
                finished = state.is_terminal()
                await self._append(table, seat, "action", action.to_json(), finished, held)
        table.state = state
        table.entries += 1
        table.changed()

    async def _append(
        self,
        table: Table,
        player: int,
        kind: str,
        action: Any = None,
        finished: bool = False,
        held: Any = None,
    ) -> None:
        """Commit the table's next log entry (and its status once the game is over),
        in a transaction of its own or in ``held`` (``_holding``). If another server
        process wrote that entry first, catch the table up and refuse (``_Taken``)."""
        row = {
            "table_id": table.id,
            "idx": table.entries,
            "player": player,
            "kind": kind,
            "action": action,
            "time": db.now(),
        }

        def write(connection: Any) -> None:
            _hold_log(connection, table.id)
            connection.execute(insert(db.LogEntry), row)
            self._notify(connection, table.id, [row["idx"], player, kind, action])
            if finished:
                connection.execute(
                    update(db.GameTable)
                    .where(db.GameTable.id == table.id)
                    .values(status="finished")
                )

        def alone() -> None:
            with self.engine.begin() as connection:
                write(connection)

        try:
            await self._run(alone if held is None else lambda: write(held))
        except IntegrityError:
            if held is None:
                await self.catch_up(table, heard=True)
            raise _Taken(409, TAKEN) from None

    @contextlib.asynccontextmanager
    async def _holding(self, table: Table) -> AsyncIterator[Any]:
        """A transaction (its connection) holding ``table``'s log (``_hold_log``) until
        it ends: committed if the block ends well, else rolled back."""
        connection = await self._run(self.engine.connect)
        try:
            transaction = await self._run(connection.begin)
            await self._run(lambda: _hold_log(connection, table.id))
            yield connection
            await self._run(transaction.commit)
        finally:
            await self._run(connection.close)  # rolls back what was not committed

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
    async def catch_up(self, table: Table, heard: bool = False, held: Any = None) -> None:
        """Bring ``table`` up to the database: the log entries, seats and rematch that
        other server processes wrote (the caller holds the table's lock). Nothing to do
        while this process is alone (on SQLite always, on PostgreSQL until it first
        hears another): it wrote everything there is. (Should another's first move
        still be on its way, the log's unique index refuses a second move for that
        turn, and the table is caught up.) Unless a notice was ``heard`` (or a write
        refused), the log's length is read first, and the rest only if it grew.
        ``held``: read in that transaction (``_holding``)."""
        if not heard and (self.shared is None or not self.shared.others):
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
            row = select(db.GameTable.rematch, db.GameTable.status)
            rematch, status = session.execute(row.where(db.GameTable.id == table.id)).one()
            return list(entries), [tuple(seat) for seat in seats], (rematch, status)

        if held is None:
            entries, seats, (rematch, status) = await self._db(read)
        else:
            with self.sessions(bind=held) as session:
                entries, seats, (rematch, status) = await self._run(lambda: read(session))
        abandoned = status == "abandoned"
        changed = bool(entries) or rematch != table.rematch or abandoned != table.abandoned
        table.abandoned = abandoned
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
        """Now and then, start again the bots and clocks of the tables in memory whose
        task stopped (on PostgreSQL: offer to take over those another process was
        playing, in case it stopped, after making sure the tables this process plays
        are still its own). A bot or clock task does not stop on a failure (it tries
        again), but should one end, its table does not stall for it."""
        while not self._closing:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                if self.shared is not None:
                    await self.shared.check()
                for table in list(self.tables.values()):
                    self._kick(table)
            except Exception as e:
                why = f"{type(e).__name__}: {db.one_line(e)}"
                log.error("the sweep of the tables failed (%s): swept again soon", why)

    # -- tables set aside -----------------------------------------------------------------
    async def _set_aside_idle(self) -> None:
        """Now and then, set aside (abandon) the tables whose bots hold seats but that
        nobody moved at or watched for ``Limits.abandon_seconds``, so that no table
        holds the server's bots for ever; a person at one brings it back (``resume``)."""
        limit = self.limits.abandon_seconds
        while limit and not self._closing:
            await asyncio.sleep(min(IDLE_CHECK_SECONDS, limit / 4))
            now = time.monotonic()
            for table in list(self.tables.values()):
                idle = not table.listeners and now - table.active >= limit
                if idle and table.holds_bots and table.bot_seats and self._drives(table):
                    await self._abandon(table)

    async def _abandon(self, table: Table) -> None:
        async with table.lock:
            if table.listeners or not table.holds_bots:
                return  # someone came back meanwhile

            def write(session: Any) -> None:
                session.execute(
                    update(db.GameTable)
                    .where(db.GameTable.id == table.id, db.GameTable.status == "playing")
                    .values(status="abandoned")
                )
                self._notify(session, table.id)

            await self._db(write)
            table.abandoned = True
            for task in (table.driver, table.clock):
                if task is not None:
                    task.cancel()
            table.changed()
        self._let_go(table)
        log.info(
            "table %s set aside: no move and nobody watching for %d s (its %d bot seats freed)",
            table.id,
            self.limits.abandon_seconds,
            table.bot_seats,
        )

    async def resume(self, table: Table, seat: int | None, *, insist: bool = True) -> None:
        """A person at ``table`` (``seat``) came back: a table set aside goes on, if
        the server has room for its bots (else 429, or nothing unless ``insist``)."""
        if not table.abandoned or seat is None:
            return
        async with self._opening, table.lock:
            if not table.abandoned:
                return
            try:
                self._check_room_for_bots(table)
            except ApiError:
                if insist:
                    raise
                return

            def write(session: Any) -> None:
                session.execute(
                    update(db.GameTable)
                    .where(db.GameTable.id == table.id)
                    .values(status="playing")
                )
                self._notify(session, table.id)

            await self._db(write)
            table.abandoned = False
            table.changed()
        log.info("table %s resumed: seat %d came back", table.id, seat)
        self._kick(table)

    # -- bots and the clock -------------------------------------------------------------
    def _kick(self, table: Table) -> None:
        """Make sure bots move and the clock runs at ``table`` while it needs them."""
        if self._closing or table.abandoned:
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
        at most one bot worker (so the tables take turns, see ``bots.BotPool``). A
        move that fails (the database does not answer, most likely) is logged and
        tried again after a pause (``_pause``): the table never stalls silently."""
        failures = 0
        while not self._closing and self._drives(table):
            try:
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
                    except ApiError:  # another process wrote this turn first (caught up)
                        continue
                failures = _went_through(table, "a bot's move", failures)
            except Exception as e:
                failures += 1
                await _pause(table, "a bot's move", e, failures)
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
        """Mark a person away when their turn's time runs out. A failure (the database,
        most likely) is logged and tried again after a pause, the deadline kept."""
        failures = 0
        while table.deadlines and not self._closing and self._drives(table):
            try:
                seat, deadline = min(table.deadlines.items(), key=lambda item: item[1])
                await asyncio.sleep(max(0.0, deadline - time.time()))
                async with table.lock:
                    await self.catch_up(table)
                    if table.deadlines.get(seat, 0) > time.time():
                        continue  # the clock was reset meanwhile
                    if seat in table.state.acting_players() and not table.seats[seat].away:
                        await self._set_away(table, seat, True)
                        table.changed()
                    table.deadlines.pop(seat, None)  # done with: kept until then
                failures = _went_through(table, "the turn clock", failures)
                self._kick(table)
            except Exception as e:
                failures += 1
                await _pause(table, "the turn clock", e, failures)

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


def _played(state: State, seat: int, action: Action) -> State:
    """A copy of ``state`` with ``seat``'s ``action`` played; 409, naming the rule, if
    it may not be."""
    after = state.clone()
    try:
        after.apply(seat, action)
    except IllegalAction as e:
        raise ApiError(409, e.message, e.rule) from None
    return after


def _hold_log(connection: Any, table_id: str) -> None:
    """Lock ``table_id``'s row until the transaction ends. Every write to a table's
    log does this first, so on PostgreSQL one transaction at a time writes it (a
    chat message, which only refers to the row, does not wait); SQLite has one
    writer at a time anyway."""
    if connection.dialect.name == "postgresql":
        row = select(db.GameTable.id).where(db.GameTable.id == table_id)
        connection.execute(row.with_for_update(key_share=True))


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
