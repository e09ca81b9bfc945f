"""Who may change a table, and how: opening one, a move, an undo, a seat leaving or
coming back or taking a name, a rematch.

Every change goes the same way, under the table's lock:

1. the action is applied to a copy of the state (an illegal one is refused there,
   naming the rule, and nothing changes);
2. the log entry is committed to the database (``Changes.append``), with the turn
   clock's deadlines it starts or ends (``Table.clock_after``, ``clocks.write``);
3. only then is the copy made the table's state and every seat told
   (``Table.advance``).
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, insert, update
from sqlalchemy.exc import IntegrityError

from housebuilders.core import (
    Action,
    IllegalAction,
    OptionError,
    State,
    game,
    game_ids,
    seed_from_secret,
)
from housebuilders.server import clocks, db
from housebuilders.server.bots import check_bot
from housebuilders.server.errors import ApiError
from housebuilders.server.review import pending_row
from housebuilders.server.seats import address_digest, hash_token, new_seats
from housebuilders.server.table import Table

if TYPE_CHECKING:
    from housebuilders.server.service import TableService

#: the secret a table's seed is derived from when the server draws it: 128 bits
SECRET_BYTES = 16
#: a move refused because another server process wrote the log's next entry first
TAKEN = "another move was made at this table first: look again"
#: what a person whose seat a bot plays now is told when they try to play it
AWAY = "a bot is playing for you: say you are back first"
#: what a person who resigned is told when they try to play, leave or come back
RESIGNED = "you resigned: the clock bot plays your seat's turns, and it loses"
#: what is said of a change asked for once the game is over
OVER = "the game is over"


class _Taken(ApiError):
    """Another server process wrote the log entry this one was writing (409); the
    table has been caught up."""


class Changes:
    """Makes the changes people ask for (and the bots' moves, ``commit``)."""

    def __init__(self, service: TableService) -> None:
        self.service = service

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
        service = self.service
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
        limits = service.limits
        if clock_minutes is not None and clock_minutes < limits.min_clock_seconds / 60:
            raise ApiError(
                422,
                f"a turn clock on this server gives at least {limits.min_clock_seconds} "
                f"seconds a move (clock_minutes {limits.min_clock} or more)",
            )
        move_seconds = service.bots.move_seconds
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
        table.deadlines = table.clock_after()

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
                    seat=n,
                    kind=s.kind,
                    bot=s.bot,
                    token_hash=s.token_hash,
                    away=False,
                    name=s.name,
                    deadline=table.deadlines.get(n),
                )
                for n, s in enumerate(infos)
            ]
            session.add(row)

        async with service.opening:  # the room for bots is checked and taken at once
            service.driver.check_room(table)
            await service.transaction(write)
            service.keep(table)
        table.changed()
        service.driver.kick(table)
        return table, tokens

    async def act(
        self, table: Table, seat: int | None, action: Action, expect: int | None = None
    ) -> None:
        """Play ``action`` for a person's ``seat``."""
        if seat is None:
            raise ApiError(403, "a spectator may not act; open your seat's link")
        async with table.lock:
            await self.service.peers.catch_up(table)
            if expect is not None and expect != table.state.moves_seen(seat):
                raise ApiError(409, "the table has moved on since your view: look again")
            if table.over:
                raise ApiError(409, f"{OVER}: there is no move to make")
            if table.seats[seat].resigned:
                raise ApiError(403, RESIGNED)
            if table.seats[seat].away:
                raise ApiError(403, AWAY)
            await self.commit(table, seat, action)  # out of turn: 409, naming the rule
        self.service.driver.kick(table)

    async def undo(self, table: Table, seat: int | None) -> None:
        """Take back ``seat``'s last action (see ``Table.can_undo``): the game is
        replayed without it, in a worker thread (a long game takes a while), at most
        ``Limits.undos_per_minute`` times a minute per seat (429 past it)."""
        if seat is None:
            raise ApiError(403, "a spectator has nothing to take back; open your seat's link")
        service = self.service
        wait = service.undoing.take(f"{table.id}/{seat}")
        if wait:
            raise ApiError(
                429,
                f"you are taking moves back too fast ({service.limits.undos_per_minute} a "
                f"minute at most): try again in {wait} s",
                retry_after=wait,
            )
        async with table.lock:
            await service.peers.catch_up(table)
            if table.seats[seat].away:  # the clock bot's moves are its own
                raise ApiError(403, AWAY)
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
            state = await service.replayed(
                table.spec.id, now.num_players, table.seed, history, table.options
            )
            after = table.clock_after(state)
            await self.append(table, seat, "undo", deadlines=after)
            by_bot = table.by_bot[:last] + table.by_bot[last + 1 :]
            table.advance(state, by_bot=by_bot, deadlines=after)
        service.driver.kick(table)

    async def back(self, table: Table, seat: int | None) -> None:
        """The person at ``seat`` is back: the clock bot stops playing for them."""
        if seat is None:
            raise ApiError(403, "a spectator has no seat to come back to")
        async with table.lock:
            await self.service.peers.catch_up(table)
            if table.seats[seat].resigned and not table.over:
                raise ApiError(409, RESIGNED)
            if table.seats[seat].away:
                await self.set_away(table, seat, False)

    async def leave(self, table: Table, seat: int | None) -> None:
        """The person at ``seat`` leaves the game: the table's clock bot plays for them
        until they say they are back."""
        if seat is None:
            raise ApiError(403, "a spectator has no seat to leave")
        async with table.lock:
            await self.service.peers.catch_up(table)
            if table.over:
                raise ApiError(409, "the game is over: there is no game to leave")
            if table.seats[seat].resigned:
                raise ApiError(409, RESIGNED)
            if not table.seats[seat].away:
                await self.set_away(table, seat, True)
        self.service.driver.kick(table)

    async def resign(self, table: Table, seat: int | None) -> None:
        """The person at ``seat`` resigns: the seat is recorded as resigned and loses
        (``Table.result``); the clock bot plays its turns while the others play on,
        and once one seat alone has not resigned the game is over (that seat wins).
        Final: there is no coming back."""
        if seat is None:
            raise ApiError(403, "a spectator has no seat to resign")
        service = self.service
        async with table.lock:
            await service.peers.catch_up(table)
            if table.over:
                raise ApiError(409, f"{OVER}: there is no game to resign")
            if table.seats[seat].resigned:
                raise ApiError(409, "you have resigned already")
            others = sum(not s.resigned for n, s in enumerate(table.seats) if n != seat)
            ends = others <= 1
            after = await self._write_seat(
                table, seat, resigned=True, away=False, abandon=False,
                status="finished" if ends else None,
            )  # fmt: skip
            table.seat_is(seat, resigned=True, away=False, abandon=False, deadlines=after)
        service.driver.kick(table)

    async def vote(self, table: Table, seat: int | None, agree: bool) -> None:
        """The person at ``seat`` votes to abandon the game (``agree``) or withdraws
        their vote. Once every person at the table who has not resigned agrees, the
        table is over as abandoned (status "void"): no winner, no ranking."""
        if seat is None:
            raise ApiError(403, "a spectator has no vote: open your seat's link")
        service = self.service
        async with table.lock:
            await service.peers.catch_up(table)
            if table.over:
                raise ApiError(409, f"{OVER}: there is nothing to abandon")
            if table.seats[seat].resigned:
                raise ApiError(409, "you resigned: the others decide whether to abandon")
            if table.seats[seat].abandon == agree:
                return
            people = [  # an open seat nobody took has no vote
                n
                for n, s in enumerate(table.seats)
                if s.kind == "human" and not (s.resigned or s.open)
            ]
            void = agree and all(table.seats[n].abandon or n == seat for n in people)
            after = await self._write_seat(
                table, seat, abandon=agree, status="void" if void else None
            )
            table.void = void
            table.seat_is(seat, abandon=agree, deadlines=after)
        service.driver.kick(table)

    async def rename(self, table: Table, seat: int | None, name: str) -> None:
        """The person at ``seat`` takes ``name`` (a checked ``SeatName``)."""
        if seat is None:
            raise ApiError(403, "a spectator has no seat to name; open your seat's link")
        async with table.lock:
            await self._write_seat(table, seat, name=name)
            table.seat_is(seat, name=name)

    async def take(self, table: Table, seat: int, name: str) -> str:
        """Someone takes the open seat ``seat`` with ``name`` (a checked ``SeatName``):
        returns its new token. 404 for no such seat; 409 once the seat is a bot's or
        taken (by whoever came first: the database decides between server processes)
        or the game is over."""
        if not 0 <= seat < len(table.seats):
            raise ApiError(404, f"no seat {seat} at this table")
        token = secrets.token_urlsafe(18)
        digest = hash_token(token)
        peers = self.service.peers

        def write(session: Any, after: dict[int, float]) -> int:
            if after != table.deadlines:  # held first, as every write of the deadlines
                clocks.hold(session, table.id)
            taken = session.execute(
                update(db.Seat)
                .where(
                    db.Seat.table_id == table.id,
                    db.Seat.seat == seat,
                    db.Seat.kind == "human",
                    db.Seat.token_hash.is_(None),
                )
                .values(token_hash=digest, name=name)
            )
            if taken.rowcount:
                clocks.write(session, table.id, table.deadlines, after)  # their turn: a clock
                peers.announce(session, table.id)
            return int(taken.rowcount)

        async with table.lock:
            await peers.catch_up(table)
            if not table.seats[seat].open:
                raise ApiError(409, f"seat {seat} is not open: someone has it")
            if table.over:  # by the rules, resigned or abandoned
                raise ApiError(409, "the game is over: there is no seat to take")
            after = _seat_changed(table, seat, token_hash=digest)
            if not await self.service.transaction(lambda session: write(session, after)):
                raise ApiError(409, f"seat {seat} is not open: someone has just taken it")
            table.seat_is(seat, name=name, token_hash=digest, deadlines=after)
        self.service.driver.kick(table)
        return token

    async def set_away(self, table: Table, seat: int, away: bool) -> None:
        """Mark ``seat``'s person away (the clock bot plays for them: their clock
        stops) or back (their turn clock starts afresh if they are to act)."""
        after = await self._write_seat(table, seat, away=away)
        table.seat_is(seat, away=away, deadlines=after)

    async def _write_seat(
        self, table: Table, seat: int, status: str | None = None, **values: Any
    ) -> dict[int, float]:
        """Store ``values`` of ``seat``'s row (and the table's new ``status``, if it
        ends the game) with the turn clock's deadlines they make, and say so; returns
        the deadlines."""
        peers = self.service.peers
        after = _seat_changed(table, seat, status == "void", **values)

        def write(session: Any) -> None:
            clocks.write(session, table.id, table.deadlines, after)  # first: holds the row
            session.execute(
                update(db.Seat)
                .where(db.Seat.table_id == table.id, db.Seat.seat == seat)
                .values(**values)
            )
            if status is not None:
                session.execute(
                    update(db.GameTable).where(db.GameTable.id == table.id).values(status=status)
                )
            peers.announce(session, table.id)

        await self.service.transaction(write)
        return after

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
        service = self.service
        async with table.rematching:
            async with table.lock:
                await service.peers.catch_up(table)
            if table.rematch is not None:
                return await service.get(table.rematch), False
            if not table.over:
                raise ApiError(409, "the game is not over yet: a rematch comes after it")
            if opening is not None:
                opening()
            new, _ = await self.create(
                table.spec.id,
                len(table.seats),
                [("open" if s.open else s.kind, s.bot, s.name) for s in table.seats],
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
                service.peers.announce(session, table.id)
                return done.rowcount == 1

            if not await service.transaction(write):  # another server process made one first
                await self._discard(new)
                async with table.lock:
                    await service.peers.catch_up(table)
                assert table.rematch is not None
                return await service.get(table.rematch), False
            table.rematch = new.id
            table.changed()
        return new, True

    async def _discard(self, table: Table) -> None:
        """Forget ``table`` and delete it from the database (a rematch made twice)."""
        service = self.service
        async with table.lock:  # no move of its bots is being written meanwhile
            for task in (table.driver, table.clock):
                if task is not None:
                    task.cancel()
            service.tables.pop(table.id, None)
            service.peers.let_go(table)

            def write(session: Any) -> None:
                for model in (db.LogEntry, db.Seat):
                    session.execute(delete(model).where(model.table_id == table.id))
                session.execute(delete(db.GameTable).where(db.GameTable.id == table.id))

            await service.transaction(write)

    # -- the log --------------------------------------------------------------------------------
    async def commit(self, table: Table, seat: int, action: Action, by_bot: bool = False) -> None:
        """Apply, store, then publish (the caller holds the table's lock).

        Another server process may write the log's next entry first: a choice of the
        same simultaneous round (Welcome To's) made at the same moment. The table is
        then caught up and, if the seat's own view is as it was (the moves it knows
        were made, which the others' unseen choices are not, and who plays it), the
        move is checked again and written next, the table's log held from the catch-up
        to the write so that no third move comes in between: one more try, which is
        the last. If the seat's view changed, 409. ``by_bot``: a bot made the move (the
        seat's, or the clock bot for its person)."""

        def seen() -> tuple[list[list[Any]], str | None]:
            return table.state.history_seen_by(seat), table.played_by_bot(seat)

        before = seen()
        state = _played(table.state, seat, action)
        after = table.clock_after(state)
        try:
            finished = state.is_terminal()
            await self.append(table, seat, "action", action.to_json(), finished,
                              by_bot=by_bot, deadlines=after)  # fmt: skip
        except _Taken:  # caught up: the move goes after what the seat did not see
            async with self.holding(table) as held:
                await self.service.peers.catch_up(table, heard=True, held=held)
                if seen() != before:
                    raise
                state = _played(table.state, seat, action)
                after = table.clock_after(state)
                finished = state.is_terminal()
                await self.append(table, seat, "action", action.to_json(), finished, held,
                                  by_bot=by_bot, deadlines=after)  # fmt: skip
        table.advance(state, by_bot=[*table.by_bot, by_bot], deadlines=after)

    async def append(
        self,
        table: Table,
        player: int,
        kind: str,
        action: Any = None,
        finished: bool = False,
        held: Any = None,
        *,
        by_bot: bool = False,
        deadlines: dict[int, float] | None = None,
    ) -> None:
        """Commit the table's next log entry (and its status once the game is over,
        and the turn clock's ``deadlines`` after it, if given), in a transaction of its
        own or in ``held`` (``holding``). If another server process wrote that entry
        first, catch the table up and refuse (``_Taken``)."""
        service = self.service
        row = {
            "table_id": table.id,
            "idx": table.entries,
            "player": player,
            "kind": kind,
            "action": action,
            "by_bot": by_bot,
            "time": db.now(),
        }

        def write(connection: Any) -> None:
            _hold_log(connection, table.id)
            connection.execute(insert(db.LogEntry), row)
            notice = [row["idx"], player, kind, action, by_bot]
            if deadlines is not None:
                clocks.write(connection, table.id, table.deadlines, deadlines)
                notice.append(clocks.listed(deadlines, len(table.seats)))
            service.peers.announce(connection, table.id, notice)
            if finished:
                connection.execute(
                    update(db.GameTable)
                    .where(db.GameTable.id == table.id)
                    .values(status="finished")
                )
                connection.execute(insert(db.Review), pending_row(table.id))

        def alone() -> None:
            with service.engine.begin() as connection:
                write(connection)

        try:
            await service.run(alone if held is None else lambda: write(held))
        except IntegrityError:
            if held is None:
                await service.peers.catch_up(table, heard=True)
            raise _Taken(409, TAKEN) from None
        if finished:
            service.reviews.add(table.id)  # worked out in the background (review.py)

    @contextlib.asynccontextmanager
    async def holding(self, table: Table) -> AsyncIterator[Any]:
        """A transaction (its connection) holding ``table``'s log (``_hold_log``) until
        it ends: committed if the block ends well, else rolled back."""
        run = self.service.run
        connection = await run(self.service.engine.connect)
        try:
            transaction = await run(connection.begin)
            await run(lambda: _hold_log(connection, table.id))
            yield connection
            await run(transaction.commit)
        finally:
            await run(connection.close)  # rolls back what was not committed


def _seat_changed(table: Table, seat: int, void: bool = False, **values: Any) -> dict[int, float]:
    """The turn clock's deadlines once ``seat``'s ``values`` are stored (and the table is
    ``void``, if it is made so): ``Table.clock_after``."""
    seats = [replace(info, **values) if n == seat else info for n, info in enumerate(table.seats)]
    return table.clock_after(seats=seats, void=table.void or void)


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
    """Lock ``table_id``'s row until the transaction ends (``clocks.hold``). Every
    write to a table's log does this first, so on PostgreSQL one transaction at a time
    writes it (a chat message, which only refers to the row, does not wait); SQLite
    has one writer at a time anyway."""
    clocks.hold(connection, table_id)
