"""What the people at a table say, and the hints they may ask for.

The chat is stored, then sent to everyone listening at the table (in every server
process: the message rides on the notice), at a rate per seat. At a table opened
with hints, a person may ask for the greedy bot's move for their seat on their turn
(``Talk.hint``), thought on the seat's view in a bot worker.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from housebuilders.agents.gains import gains
from housebuilders.agents.turn import Advice
from housebuilders.core import Action, State
from housebuilders.server import db
from housebuilders.server.bots import BotTimeout
from housebuilders.server.errors import ApiError
from housebuilders.server.limits import CHAT_SECONDS, RateLimiter
from housebuilders.server.table import Table

if TYPE_CHECKING:
    from housebuilders.server.service import TableService

log = logging.getLogger("housebuilders.server")

#: the chat messages a page is given when it opens (the newest, oldest first)
CHAT_HISTORY = 100
#: what a spectator who writes in the chat is told
SPECTATORS_READ = "spectators read the chat but may not write in it: open your seat's link"
#: the next best moves a hint names besides its own
HINT_OTHERS = 3


class Talk:
    """The chat and the hints of the tables."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: chat messages per seat (keyed "table/seat"): a burst, then one every few seconds
        self.chatter = RateLimiter(service.limits.chat_messages, seconds=CHAT_SECONDS)

    async def chat(self, table: Table, seat: int | None, text: str) -> dict[str, Any]:
        """The person at ``seat`` says ``text`` (a checked ``ChatText``) to the table:
        stored, then sent to everyone listening; returns the message. Spectators read
        the chat but do not write in it (403); past the seat's rate, 429."""
        if seat is None:
            raise ApiError(403, SPECTATORS_READ)
        wait = self.chatter.take(f"{table.id}/{seat}")
        if wait:
            burst = self.service.limits.chat_messages
            raise ApiError(
                429,
                f"you are chatting too fast ({burst} messages in {CHAT_SECONDS} s at most): "
                f"try again in {wait} s",
                retry_after=wait,
            )
        peers = self.service.peers

        def write(session: Any) -> dict[str, Any]:
            row = db.ChatMessage(table_id=table.id, seat=seat, text=text, time=db.now())
            session.add(row)
            session.flush()  # gives the row its id
            message = _chat_json(row)
            peers.announce(session, table.id, {"chat": message})  # 500 characters fit
            return message

        message: dict[str, Any] = await self.service.transaction(write)
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

        return await self.service.transaction(read)

    # -- hints ----------------------------------------------------------------------------------
    async def hint(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The greedy bot's move for ``seat`` and why, worked out on the seat's view
        (``turn.Advice``: the seat's determinized view, never the true state) in a bot
        worker, on time. One per view: asked again before the seat's view changes, the
        same answer (so asking twice tells nothing the view does not)."""
        if seat is None:
            raise ApiError(403, "a spectator has no move to be hinted: open your seat's link")
        if not table.hints:
            raise ApiError(403, "this table was opened without hints")
        if table.seats[seat].away or table.seats[seat].resigned:
            raise ApiError(403, "a bot is playing for you: say you are back first")
        state = table.state
        if table.over:
            raise ApiError(409, "the game is over: there is no move to hint at")
        if seat not in state.acting_players():
            raise ApiError(409, "it is not your turn: a hint is for a move you are to make")
        seen = table.seen_by(seat)
        known = table.hinted.get(seat)
        if known is None or known[0] != seen:
            task = asyncio.create_task(self._advise(state, seat, table.seed, seen["log_length"]))
            known = table.hinted[seat] = (seen, task)
            task.add_done_callback(functools.partial(_forget_failed, table, seat, known))
        return await asyncio.shield(known[1])  # a request that goes away stops no hint

    async def _advise(
        self, state: State, seat: int, game_seed: int, log_length: int
    ) -> dict[str, Any]:
        bots = self.service.bots
        advice = Advice.at(state, seat, "greedy", game_seed)
        try:  # the wait for a worker and the thinking: two bot moves' time at most
            action, scored = await asyncio.wait_for(bots.think(advice), 2 * bots.deadline)
        except (BotTimeout, TimeoutError):
            raise ApiError(
                503,
                "no hint in time: the server's bots are busy, try again in a moment",
                retry_after=math.ceil(bots.move_seconds),
            ) from None
        except Exception as e:
            log.error("a hint failed (seat %d): %s", seat, e)
            raise ApiError(503, "no hint now: working it out failed", retry_after=5) from None
        return _hint_json(advice.view, seat, action, scored, log_length)


def _forget_failed(
    table: Table, seat: int, entry: tuple[Any, asyncio.Future[Any]], done: asyncio.Future[Any]
) -> None:
    """A hint that failed (``done``, the task of ``entry``) is forgotten: asked again, it is
    worked out again."""
    if (done.cancelled() or done.exception() is not None) and table.hinted.get(seat) is entry:
        del table.hinted[seat]


def _chat_json(row: db.ChatMessage) -> dict[str, Any]:
    when: datetime = row.time
    if when.tzinfo is None:  # SQLite gives back the UTC time it was given, without a zone
        when = when.replace(tzinfo=UTC)
    return {"id": row.id, "seat": row.seat, "text": row.text, "time": when.isoformat()}


def _hint_json(
    view: State, seat: int, action: Action, scored: list[tuple[Action, float]], log_length: int
) -> dict[str, Any]:
    """The hint's answer: the move, the next best few, each with what it gains the seat
    in the game's words (``gains``), and why."""
    spec = view.spec

    def move(a: Action, score: float) -> dict[str, Any]:
        finite = score if math.isfinite(score) else None
        g = gains(view, seat, a)
        text = {"index": spec.action_index(a), "text": view.describe(a), "score": finite}
        return text | {"gains": g.words(spec.score_unit), "chance": g.chance}

    score = next(s for a, s in scored if a == action)
    others = sorted((item for item in scored if item[0] != action), key=lambda i: -i[1])
    others = others[:HINT_OTHERS]
    best, rest = move(action, score), [move(a, s) for a, s in others]
    return {
        **best,
        "action": action.to_json(),
        "why": _why(view, best, rest, score - others[0][1] if others else math.inf),
        "next_best": rest,
        "log_length": log_length,
    }


def _why(view: State, best: dict[str, Any], rest: list[dict[str, Any]], lead: float) -> str:
    """Why the greedy bot plays the move, in the game's terms: what it gains, what the
    next best would, and how clear the choice is (``lead``: how much better the bot
    finds it, in its heuristic's units, of which ``heuristic_scale`` is a clear lead)."""
    if not rest:
        return f"It is your only legal move: it gives {best['gains']}."
    said = [f"It gives {best['gains']}."]
    if best["chance"]:
        said.append("It draws or rolls: that is one way it may turn out.")
    said.append(f"The next best, {rest[0]['text']}, gives {rest[0]['gains']}.")
    if not math.isfinite(lead) or lead <= 1e-9:
        said.append("The bot finds them equal and picked one.")
    elif lead < 0.1 * view.spec.heuristic_scale:
        said.append("A close call: both lead to about as good a position.")
    elif best["gains"] == rest[0]["gains"]:
        said.append("It leaves you better placed for what comes next.")
    return " ".join(said)
