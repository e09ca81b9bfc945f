"""A finished game's review, worked out in the background and stored (docs/web.md,
"The review").

When a table's game ends, the transaction that stores its last move also stores a
pending review (``db.Review``), and the server queues it (one someone asks for goes
before those nobody asked for yet). One review at a time is
worked out, in parts (``agents.review.ReviewPart``: a second or so of work each, and
the strong bot's search of the move it stops at),
each thought on the bot pool's workers as background work (``BotPool.think(...,
low=True)``): a part gets a worker only when no bot move or hint waits for one, so the
live tables' bots are held up by at most one part. The whole review is stored at once
when it is done; a server that stops meanwhile loses the parts done, and the next
start queues every pending review again. Nothing of it exists before the game is over:
the information rule (a seat learns nothing it cannot see while the game is on).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from housebuilders.agents.review import BOT, DIGITS, SAMPLES, Cost, ReviewPart, costliest
from housebuilders.core import State
from housebuilders.server import db
from housebuilders.server.bots import BotFailed, BotTimeout
from housebuilders.server.errors import ApiError
from housebuilders.server.table import Table

if TYPE_CHECKING:
    from housebuilders.server.service import TableService

log = logging.getLogger("housebuilders.server")

#: the moves sent to a worker at most per part (the part stops sooner, after its time)
PART_MOVES = 400
#: tries of a part before the review is left pending (until the next start)
PART_TRIES = 3


def pending_row(table_id: str) -> dict[str, Any]:
    """The row of a review to be worked out."""
    return {"table_id": table_id, "status": "pending", "created": db.now()}


#: the queue's order: the reviews someone asked for before the others, each in the
#: order it came
ASKED, FINISHED = 0, 1


class Reviews:
    """The reviews of the finished tables: queued, worked out one at a time, stored. A
    review someone asks for while it waits goes before those nobody asked for yet."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: (ASKED or FINISHED, the order it came, table id); a review asked for while
        #: it waited is in twice, the second time ahead: the later entry is skipped
        self.queue: asyncio.PriorityQueue[tuple[int, int, str]] = asyncio.PriorityQueue()
        #: queued or being worked out in this process; and those of them asked for
        self.queued: set[str] = set()
        self.asked: set[str] = set()
        self._came = itertools.count()

    def start(self) -> None:
        """Work out the queued reviews in the background until the server stops."""
        self.service.spawn(self._work())

    async def resume(self) -> int:
        """Queue every review still pending (after a restart); returns how many."""

        def ids(session: Any) -> list[str]:
            query = select(db.Review.table_id).where(db.Review.status == "pending")
            return list(session.scalars(query.order_by(db.Review.created)))

        pending = await self.service.transaction(ids)
        for table_id in pending:
            self.add(table_id)
        return len(pending)

    def add(self, table_id: str, asked: bool = False) -> None:
        """Queue ``table_id``'s review (once); ``asked``: someone waits for it, so it
        goes before the reviews nobody asked for (if it waits in this process)."""
        if table_id not in self.queued:
            self.queued.add(table_id)
        elif not asked or table_id in self.asked:
            return
        if asked:
            self.asked.add(table_id)
        self.queue.put_nowait((ASKED if asked else FINISHED, next(self._came), table_id))

    async def review(self, table_id: str) -> dict[str, Any]:
        """The review of a finished table: ``{"status": "pending"}`` until it is worked
        out, then its figures; 409 while the game is on, 404 for no such table."""
        table = await self.service.get(table_id)
        if not table.state.is_terminal():
            raise ApiError(
                409,
                "this game is still being played: its review is worked out once it is "
                "over (until then it would tell the seats what they cannot see)",
            )

        def read(session: Any) -> tuple[str, Any] | None:
            row = session.get(db.Review, table_id)
            return None if row is None else (row.status, row.data)

        found = await self.service.transaction(read)
        if found is None:  # a game over before reviews were made, or in another process
            try:
                await self.service.transaction(
                    lambda session: session.execute(insert(db.Review), pending_row(table_id))
                )
            except IntegrityError:
                pass  # another request (or process) queued it first
            else:
                self.add(table_id, asked=True)
            return {"table": table_id, "status": "pending"}
        status, data = found
        if status != "ready":
            if table_id in self.queued:  # waiting here: it goes first now
                self.add(table_id, asked=True)
            return {"table": table_id, "status": "pending"}
        return {"table": table_id, "status": "ready", **data}

    # -- the work -------------------------------------------------------------------------
    async def _work(self) -> None:
        while True:
            _, _, table_id = await self.queue.get()
            if table_id not in self.queued:
                continue  # worked out already, from its other entry
            try:
                await self._review(table_id)
            except asyncio.CancelledError:
                raise
            except BotFailed as e:
                log.warning("the review of table %s is left pending: %s", table_id, e)
            except Exception:
                log.exception("the review of table %s failed", table_id)
            finally:
                self.queued.discard(table_id)
                self.asked.discard(table_id)

    async def _review(self, table_id: str) -> None:
        service = self.service
        try:
            table = await service.get(table_id)
        except ApiError:
            return  # no such table (any more)
        if not table.state.is_terminal():
            return  # never before the end (a row cannot be pending before, but still)
        started = time.monotonic()
        data = await self.work_out(table)
        data["seconds"] = round(time.monotonic() - started, 2)

        def store(session: Any) -> None:
            session.execute(
                update(db.Review)
                .where(db.Review.table_id == table_id, db.Review.status == "pending")
                .values(status="ready", data=data, ready=db.now())
            )

        await service.transaction(store)
        log.info("reviewed table %s in %.1f s", table_id, data["seconds"])

    async def work_out(self, table: Table) -> dict[str, Any]:
        """The review of ``table``'s finished game, worked out part by part on the bot
        pool as background work."""
        pool = self.service.bots
        history = list(table.state.history)
        state: State = table.spec.new_game(len(table.seats), table.seed, table.options)
        seconds = min(1.0, pool.move_seconds / 4)
        chances: list[list[float]] = []
        costs: list[Cost] = []
        done = 0
        while done < len(history) or not chances:
            moves = tuple(history[done : done + PART_MOVES])
            part = ReviewPart(state, moves, done, table.seed, SAMPLES, seconds, BOT)
            answer = await self._think(part)
            if answer.opening is not None:
                chances.append(answer.opening)
            chances += answer.chances
            costs = costliest([*costs, *answer.costs])
            if not moves:
                break
            state = await asyncio.to_thread(_played, state, moves[: answer.done])
            done += answer.done
        return {
            "bot": BOT,
            "samples": SAMPLES,
            "chances": [[round(c, DIGITS) for c in row] for row in chances],
            "costliest": [c.to_json() for c in costs],
        }

    async def _think(self, part: ReviewPart) -> Any:
        for attempt in range(PART_TRIES):
            try:
                return await self.service.bots.think(part, low=True)
            except (BotFailed, BotTimeout) as e:
                if attempt == PART_TRIES - 1:
                    raise BotFailed(f"a part failed {PART_TRIES} times: {e}") from None
        raise AssertionError("unreachable")


def _played(state: State, moves: Any) -> State:
    after = state.clone()
    for player, action in moves:
        after.play(player, action)
    return after
