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
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import importlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..agents import Agent, AgentError, check_game, make
from ..agents.turn import Decision
from ..agents.worker import default_jobs
from ..core import (
    Action,
    GameSpec,
    IllegalAction,
    OptionError,
    State,
    game,
    game_ids,
    replay,
)
from . import db
from .bots import BotPool, BotTimeout
from .limits import Limits

log = logging.getLogger("housebuilders.server")

#: the time a bot at a server table has per move, unless the server is told otherwise
MOVE_SECONDS = 10.0
#: what else a bot at a server table may ask for (besides ``seconds`` up to the time
#: per move): greedy's samples, and a search's iterations when it has no time budget
MAX_BOT_SAMPLES = 64
MAX_BOT_ITERATIONS = 5000
#: ... and its iterations times the actions of each rollout (``depth``), a rollout to
#: the end of the game (``depth=-1``) counting as ``END_DEPTH`` actions
MAX_BOT_ROLLOUT_ACTIONS = 20_000
END_DEPTH = 200


class ApiError(Exception):
    """A request the server refuses: an HTTP status, a message and the rule (if any)."""

    def __init__(
        self, status: int, error: str, rule: str | None = None, retry_after: int | None = None
    ) -> None:
        super().__init__(error)
        self.status, self.error, self.rule = status, error, rule
        self.retry_after = retry_after  # seconds, for a 429 or a 503


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_bot(name: str, spec: GameSpec, move_seconds: float = MOVE_SECONDS) -> str:
    """``name`` if it makes a bot that can play ``spec`` and fits a server table whose
    bots have ``move_seconds`` a move, else ApiError 422 saying what is allowed."""
    try:
        agent = make(name)
        problem = _asks_too_much(agent, move_seconds)  # before the game's own settings
        check_game(agent, spec)
    except AgentError as e:
        raise ApiError(422, str(e)) from None
    if problem:
        raise ApiError(422, f"bot {name.strip()!r} asks too much of a server table: {problem}")
    return name.strip()


def fits_a_table(name: str, move_seconds: float = MOVE_SECONDS) -> bool:
    """Whether bot ``name`` fits a server table whose bots have ``move_seconds``."""
    try:
        return _asks_too_much(make(name), move_seconds) is None
    except AgentError:
        return False


def _asks_too_much(agent: Agent, move_seconds: float) -> str | None:
    """What ``agent``, as its name set it, asks beyond a server table's limits (a
    game's own search settings are not counted: they are measured to fit)."""
    seconds = getattr(agent, "seconds", 0) or 0
    if seconds > move_seconds:
        return f"seconds may be from 0 to {move_seconds:g} here (the time a bot has per move)"
    if getattr(agent, "samples", 1) > MAX_BOT_SAMPLES:
        return f"samples may be from 1 to {MAX_BOT_SAMPLES} here"
    if seconds:
        return None  # a search on a time budget stops in time, however deep
    instead = f"or give the search seconds, from 0 to {move_seconds:g}, instead"
    iterations = getattr(agent, "iterations", 0) or 0
    if iterations > MAX_BOT_ITERATIONS:
        return f"iterations may be from 1 to {MAX_BOT_ITERATIONS} here, {instead}"
    depth = getattr(agent, "depth", 1)
    actions = iterations * (END_DEPTH if depth < 0 else max(depth, 1))
    if actions > MAX_BOT_ROLLOUT_ACTIONS:
        return (
            f"iterations x depth may be at most {MAX_BOT_ROLLOUT_ACTIONS} here (depth=-1 "
            f"counting as {END_DEPTH}), not {actions}; use fewer iterations, {instead}"
        )
    return None


@dataclass
class SeatInfo:
    kind: str  # "human" or "bot"
    bot: str | None
    token_hash: str | None
    away: bool = False


@dataclass(eq=False)
class Table:
    """One table in memory: its settings, seats and the game's true state."""

    id: str
    spec: GameSpec
    seed: int
    options: dict[str, Any]
    clock_minutes: float | None
    clock_bot: str
    seats: list[SeatInfo]
    state: State
    entries: int  # log entries written so far (actions and undos)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadlines: dict[int, float] = field(default_factory=dict)
    #: websocket queues, each with its seat and whether it wants the SVG
    listeners: dict[asyncio.Queue[dict[str, Any]], tuple[int | None, bool]] = field(
        default_factory=dict
    )
    version: int = 0  # counts changes; views are computed once per change
    #: the view each seat (None: spectators) was last sent, to send only what changed
    shown: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    views: dict[tuple[str, int | None], tuple[int, Any]] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    clock: asyncio.Task[None] | None = None

    @property
    def idle(self) -> bool:
        """Nobody watching, no bot thinking, no clock running, no change under way."""
        return not (
            self.listeners
            or (self.driver and not self.driver.done())
            or (self.clock and not self.clock.done())
            or self.lock.locked()
        )

    @property
    def status(self) -> str:
        return "finished" if self.state.is_terminal() else "playing"

    @property
    def bot_seats(self) -> int:
        return sum(seat.kind == "bot" for seat in self.seats)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to (None: no token, a spectator); 403 for a
        token that is no seat's."""
        if token is None:
            return None
        digest = hash_token(token)
        for number, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return number
        raise ApiError(403, "this token is not a seat at this table")

    def played_by_bot(self, seat: int) -> str | None:
        """The bot that moves for ``seat`` now, if any."""
        info = self.seats[seat]
        if info.kind == "bot":
            return info.bot
        return self.clock_bot if info.away else None

    def undoable(self, seat: int | None) -> int | None:
        """The index in the history of the action ``seat`` may take back, if any: its
        own last action, while nothing hidden has been revealed and no chance used
        since, and no other seat has acted since in the open (in a simultaneous
        phase the others' unseen choices do not count: they neither depend on it nor
        may show through)."""
        state = self.state
        if seat is None or state.is_terminal():
            return None
        history = state.history
        last = next((i for i in reversed(range(len(history))) if history[i][0] == seat), None)
        if last is None or last < state.undo_floor:
            return None
        if last == len(history) - 1 or last >= state.unseen_moves_from():
            return last
        return None

    def can_undo(self, seat: int | None) -> bool:
        return self.undoable(seat) is not None

    # -- views ------------------------------------------------------------------------
    def view(self, seat: int | None, svg: bool = True) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is shown: only what that seat may see;
        with ``svg``, the game's drawing of it too (the web client's)."""
        base = self._cached(("view", seat), lambda: self._view(seat))
        drawing = None
        if svg and self.spec.svg_view is not None:
            draw = self.spec.svg_view
            drawing = self._cached(
                ("svg", seat), lambda: draw(base["observation"], base["legal_actions"])
            )
        return {**base, "svg": drawing, "server_time": time.time()}

    def _cached(self, key: tuple[str, int | None], make: Callable[[], Any]) -> Any:
        """``make()``, computed once per change of the table."""
        cached = self.views.get(key)
        if cached is None or cached[0] != self.version:
            cached = self.views[key] = (self.version, make())
        return cached[1]

    def _view(self, seat: int | None) -> dict[str, Any]:
        state, spec = self.state, self.spec
        observation = state.observe(seat)
        acting = list(state.acting_players())
        legal = state.legal_json(seat)
        terminal = state.is_terminal()
        return {
            "table": self.id,
            "game": spec.id,
            "game_name": spec.name,
            "seat": seat,
            "status": self.status,
            "seats": [
                {
                    "seat": number,
                    "kind": info.kind,
                    "bot": info.bot,
                    "away": info.away,
                    "deadline": self.deadlines.get(number),
                }
                for number, info in enumerate(self.seats)
            ],
            "observation": observation,
            "legal_actions": legal,
            "acting": acting,
            "terminal": terminal,
            "scores": state.scores() if terminal else None,
            "ranking": state.ranking() if terminal else None,
            "winners": state.winners() if terminal else None,
            "log_length": state.moves_seen(seat),
            "events": list(getattr(state, "log", ())),
            "svg": None,
            "can_undo": self.can_undo(seat),
            "clock_minutes": self.clock_minutes,
            "clock_bot": self.clock_bot if self.clock_minutes is not None else None,
        }

    def log(self, seat: int | None) -> dict[str, Any]:
        """The game so far as ``seat`` (None: a spectator) may know it: while it is
        played, others' hidden actions are None and there is no seed; once it is
        over, the seed and every action, for replays."""
        over = self.state.is_terminal()
        out: dict[str, Any] = {
            "table": self.id,
            "game": self.spec.id,
            "players": self.state.num_players,
            "status": self.status,
            "seat": seat,
            "options": self.options,
        }
        if over:
            return {**out, "seed": self.seed, "actions": self.state.history_json()}
        return {**out, "actions": self.state.history_seen_by(seat)}

    def changed(self) -> None:
        """After every change: clocks reset, and a new view for everyone listening
        whose view changed (a seat is not told of the others' unseen moves)."""
        self.version += 1
        self._reset_deadlines()
        for seat in {seat for seat, _ in self.listeners.values()}:
            base = self._cached(("view", seat), lambda seat=seat: self._view(seat))
            if self.shown.get(seat) == base:
                continue
            self.shown[seat] = base
            for queue, (listening, svg) in list(self.listeners.items()):
                if listening == seat:
                    _offer(queue, {"type": "view", "view": self.view(seat, svg)})

    def _reset_deadlines(self) -> None:
        if self.clock_minutes is None:
            return
        acting = set(self.state.acting_players())
        now = time.time()
        for seat, info in enumerate(self.seats):
            waiting = seat in acting and info.kind == "human" and not info.away
            if not waiting:
                self.deadlines.pop(seat, None)
            elif seat not in self.deadlines:
                self.deadlines[seat] = now + self.clock_minutes * 60


def _still_fits(now: State, seen: State) -> bool:
    """Whether a move chosen on ``seen`` may still be played on ``now``: only other
    seats' moves were added since (in a simultaneous phase), nothing was taken back
    and nothing hidden was revealed."""
    if now is seen:
        return True
    old = len(seen.history)
    return (
        now.undo_floor == seen.undo_floor
        and len(now.history) >= old
        and now.history[:old] == seen.history
    )


def _offer(queue: asyncio.Queue[dict[str, Any]], message: dict[str, Any]) -> None:
    """Give a listener the newest view; a slow listener only misses older ones."""
    while queue.full():
        queue.get_nowait()
    queue.put_nowait(message)


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
        seats: list[tuple[str, str | None]],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        clock_minutes: float | None = None,
        clock_bot: str = "greedy",
    ) -> tuple[Table, list[str | None]]:
        """A new table; returns it and each seat's token (None for a bot seat)."""
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
        move_seconds = self.bots.move_seconds
        clock_bot = check_bot(clock_bot, spec, move_seconds)
        tokens: list[str | None] = []
        infos: list[SeatInfo] = []
        for kind, bot in seats:
            if kind == "bot":
                infos.append(SeatInfo("bot", check_bot(bot or "", spec, move_seconds), None))
                tokens.append(None)
            else:
                token = secrets.token_urlsafe(18)
                infos.append(SeatInfo("human", None, hash_token(token)))
                tokens.append(token)
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
                created=db.now(),
            )
            row.seats = [
                db.Seat(seat=n, kind=s.kind, bot=s.bot, token_hash=s.token_hash, away=False)
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

    async def get(self, table_id: str) -> Table:
        """The table, loaded from the database and replayed if not in memory; 404."""
        table = self.tables.get(table_id)
        if table is not None:
            self.tables.move_to_end(table_id)
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
                excess -= 1

    async def _load(self, table_id: str) -> Table:
        def read(session: Any) -> Any:
            row = session.get(db.GameTable, table_id)
            if row is None:
                return None
            seats = [SeatInfo(s.kind, s.bot, s.token_hash, s.away) for s in row.seats]
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
        state = replay(spec.id, row.players, row.seed, db.effective_actions(entries), row.options)
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
        )

    async def resume_all(self) -> int:
        """Load every table still being played (after a restart) so that bots and
        clocks go on; returns how many."""

        def ids(session: Any) -> list[str]:
            query = select(db.GameTable.id).where(db.GameTable.status == "playing")
            return list(session.scalars(query))

        playing = await self._db(ids)
        for table_id in playing:
            await self.get(table_id)
        return len(playing)

    async def open_tables(self, limit: int = 100) -> list[dict[str, Any]]:
        def read(session: Any) -> list[dict[str, Any]]:
            rows = session.scalars(
                select(db.GameTable)
                .where(db.GameTable.status == "playing")
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
                    "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot} for s in r.seats],
                }
                for r in rows
            ]

        return await self._db(read)

    # -- changing a table ---------------------------------------------------------------
    async def act(
        self, table: Table, seat: int | None, action: Action, expect: int | None = None
    ) -> None:
        """Play ``action`` for a person's ``seat``."""
        if seat is None:
            raise ApiError(403, "a spectator may not act; open your seat's link")
        async with table.lock:
            if expect is not None and expect != table.state.moves_seen(seat):
                raise ApiError(409, "the table has moved on since your view: look again")
            if table.seats[seat].away:
                raise ApiError(403, "a bot is playing for you: say you are back first")
            await self._commit(table, seat, action)  # out of turn: 409, naming the rule
        self._kick(table)

    async def undo(self, table: Table, seat: int | None) -> None:
        """Take back ``seat``'s last action (see ``Table.can_undo``)."""
        if seat is None:
            raise ApiError(403, "a spectator has nothing to take back; open your seat's link")
        async with table.lock:
            last = table.undoable(seat)
            if last is None:
                raise ApiError(
                    409,
                    "nothing to take back: only your own last action, before anything "
                    "hidden is revealed or another seat acts",
                )
            now = table.state
            history = now.history[:last] + now.history[last + 1 :]
            state = replay(table.spec.id, now.num_players, table.seed, history, table.options)
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
            if table.seats[seat].away:
                await self._set_away(table, seat, False)
                table.changed()

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

        await self._db(write)
        table.seats[seat].away = away

    # -- bots and the clock -------------------------------------------------------------
    def _kick(self, table: Table) -> None:
        """Make sure bots move and the clock runs at ``table`` while it needs them."""
        if self._closing or table.state.is_terminal():
            return
        bots_to_move = any(table.played_by_bot(s) for s in table.state.acting_players())
        if bots_to_move and (table.driver is None or table.driver.done()):
            table.driver = asyncio.create_task(self._drive(table))
        if table.deadlines and (table.clock is None or table.clock.done()):
            table.clock = asyncio.create_task(self._watch_clock(table))

    async def _drive(self, table: Table) -> None:
        """Play bot moves until no bot is to act, one at a time: a table waits for
        at most one bot worker (so the tables take turns, see ``bots.BotPool``)."""
        while not self._closing:
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
                if table.played_by_bot(seat) != name or not _still_fits(table.state, state):
                    continue  # the table changed under the bot while it thought: again
                legal = table.state.legal_actions(seat)
                if action is not None and action not in legal:
                    if table.state is not state:
                        continue  # others' moves took this one away: think again
                    log.error("bot %r gave no legal move at table %s", name, table.id)
                    action = None
                if action is None:  # a slow or broken bot must not stall the table
                    action = decision.fallback(legal)
                await self._commit(table, seat, action)
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
        while table.deadlines and not self._closing:
            seat, deadline = min(table.deadlines.items(), key=lambda item: item[1])
            await asyncio.sleep(max(0.0, deadline - time.time()))
            async with table.lock:
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
        for task in tasks:
            task.cancel()
        await self.bots.close()
        await asyncio.gather(*tasks, return_exceptions=True)
