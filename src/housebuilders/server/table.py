"""A table in memory: its settings, its seats and the game's true state, and what
each seat (or a spectator) is shown of it, computed once per change.

The ``TableService`` (``service``) decides every change; a table takes it in
(``advance`` for a move or an undo, ``seat_is`` for a seat, ``changed`` for the rest),
tells its listeners (and ``said`` for the chat) and keeps the turn clock's deadlines
as they are stored (``clock_after`` works them out for a change, ``clocks``).
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from housebuilders.core import Action, GameSpec, IllegalAction, State
from housebuilders.core.draw import shorten
from housebuilders.core.draw.actions import WHY_SEED
from housebuilders.core.ties import tie_notes
from housebuilders.server import clocks
from housebuilders.server.seats import SeatInfo, find_seat

#: a person's name is cut to this many characters in the drawings (a name may have 40):
#: the page shows it whole
DRAWN_NAME = 16


def seat_name(info: SeatInfo, seat: int) -> str:
    """How the pages name a seat (``naming.js``): "Ada (seat 0)", or "Seat 1"; a
    name cut to ``DRAWN_NAME`` characters."""
    return f"{shorten(info.name, DRAWN_NAME)} (seat {seat})" if info.name else f"Seat {seat}"


def named(observation: dict[str, Any], seats: Sequence[SeatInfo]) -> dict[str, Any]:
    """``observation`` with each seat given the page's name for it, for the game's
    drawing (which says "Player 0" for a seat the observation does not name): the
    names are the table's, not the game's."""
    players = [
        {**entry, "name": seat_name(info, seat)}
        for seat, (entry, info) in enumerate(zip(observation["players"], seats, strict=True))
    ]
    return {**observation, "players": players}


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
    #: the secret (hex) the server derived the seed from (``core.seed_from_secret``);
    #: None: the seed was given when the table was opened
    secret: str | None = None
    private: bool = False  # not listed in the lobby
    rematch: str | None = None  # the table its people play next, once one asked
    hints: bool = False  # a seat may ask for the greedy bot's move
    #: set aside after a long time without a move or anyone watching: its bots stop
    #: and take no room, until a person at it comes back (``TableService.resume``)
    abandoned: bool = False
    #: every person at it agreed to abandon it: over, with no winner (status "void")
    void: bool = False
    #: who opened it: a digest of the client's address, for the bot seats per address
    opener: str | None = None
    #: when it last changed or someone stopped watching it (``time.monotonic``)
    active: float = field(default_factory=time.monotonic)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    rematching: asyncio.Lock = field(default_factory=asyncio.Lock)  # one rematch, made once
    #: the turn clock's deadline (Unix time) of each person the table waits for, as
    #: stored (``db.Seat.deadline``): every change that starts or ends a wait writes
    #: them in its transaction (``clock_after``), then gives them to ``advance``,
    #: ``seat_is`` or sets them
    deadlines: dict[int, float] = field(default_factory=dict)
    #: websocket queues, each with its seat and whether it wants the SVG
    listeners: dict[asyncio.Queue[dict[str, Any]], tuple[int | None, bool]] = field(
        default_factory=dict
    )
    version: int = 0  # counts changes; views are computed once per change
    #: the view each seat (None: spectators) was last sent, to send only what changed
    shown: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    views: dict[tuple[str, int | None], tuple[int, Any]] = field(default_factory=dict)
    #: each seat's (None: the spectators') last drawing, with what it drew: the seat's
    #: observation and legal actions, and the seats' names
    drawings: dict[int | None, tuple[tuple[Any, Any, tuple[str | None, ...]], str]] = field(
        default_factory=dict
    )
    driver: asyncio.Task[None] | None = None
    clock: asyncio.Task[None] | None = None
    #: for each action of the game's history, whether a bot made it (a bot seat's, or
    #: the clock bot's for a person away): a person takes back only their own moves
    by_bot: list[bool] = field(default_factory=list)
    #: per seat, the view its last hint was worked out on and the hint (being) worked out
    hinted: dict[int, tuple[dict[str, Any], asyncio.Future[dict[str, Any]]]] = field(
        default_factory=dict
    )

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
    def over(self) -> bool:
        """The game is over: by its rules, by resignations (one seat left that did not
        resign), or abandoned by every person's vote (``void``)."""
        return ended(self.state, self.seats, self.void)

    def clock_after(
        self,
        state: State | None = None,
        seats: Sequence[SeatInfo] | None = None,
        void: bool | None = None,
    ) -> dict[int, float]:
        """The turn clock's deadlines once the table is at ``state`` with ``seats`` and
        ``void`` (each as it is now if not given): a person to act keeps the deadline
        they have, one who comes to act has a full clock from now (``clocks.now``), and
        nobody else has one (``clocks.deadlines``)."""
        state = self.state if state is None else state
        seats = self.seats if seats is None else seats
        over = ended(state, seats, self.void if void is None else void)
        return clocks.deadlines(self.clock_minutes, state, seats, over, self.deadlines)

    @property
    def ended_by(self) -> str | None:
        """How the table ended if not by the game's rules: "resignation" (one seat
        left), "agreement" (abandoned by vote); None while played or after the rules
        ended it."""
        if self.void:
            return "agreement"
        return "resignation" if self.over and not self.state.is_terminal() else None

    @property
    def status(self) -> str:
        if self.void:
            return "void"
        if self.over:
            return "finished"
        return "abandoned" if self.abandoned else "playing"

    def result(self) -> tuple[list[int], list[int]] | None:
        """Once over, each seat's rank and the winners, as the table reports them: the
        game's (``state.ranking()``, ``state.winners()``) with every seat that resigned
        ranked last and losing; none ranked and no winner when abandoned by vote."""
        if not self.over:
            return None
        return final_result(self.state, [info.resigned for info in self.seats], self.void)

    @property
    def holds_bots(self) -> bool:
        """Whether its bot seats take room on the server: in play, not set aside."""
        return not (self.abandoned or self.over)

    @property
    def bot_seats(self) -> int:
        """The seats a bot plays now: the bots', and those of people away (their clock
        bot's)."""
        return sum(self.played_by_bot(seat) is not None for seat in range(len(self.seats)))

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to (None: no token, a spectator); 403 for a
        token that is no seat's."""
        return find_seat(self.seats, token)

    def played_by_bot(self, seat: int) -> str | None:
        """The bot that moves for ``seat`` now, if any."""
        info = self.seats[seat]
        if info.kind == "bot":
            return info.bot
        return self.clock_bot if info.away or info.resigned else None

    def undoable(self, seat: int | None) -> int | None:
        """The index in the history of the action ``seat`` may take back, if any: its
        own last action, if its person made it (not the clock bot while they were
        away), while nothing hidden has been revealed and no chance used since, and
        no other seat has acted since in the open (in a simultaneous phase the
        others' unseen choices do not count: they neither depend on it nor may show
        through)."""
        state = self.state
        if seat is None or self.over or self.seats[seat].away or self.seats[seat].resigned:
            return None  # a clock bot's move is not its person's to take back
        history = state.history
        last = next((i for i in reversed(range(len(history))) if history[i][0] == seat), None)
        if last is None or last < state.undo_floor:
            return None
        if last < len(self.by_bot) and self.by_bot[last]:
            return None  # the clock bot played it while its person was away
        if last == len(history) - 1 or last >= state.unseen_moves_from():
            return last
        return None

    def can_undo(self, seat: int | None) -> bool:
        return self.undoable(seat) is not None

    # -- views ------------------------------------------------------------------------
    def view(self, seat: int | None, svg: bool = True) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is shown: only what that seat may see;
        with ``svg``, the game's drawing of it too (the web client's). Both are worked
        out once per change of the table: asked for again, they are looked up."""
        base = self._cached(("view", seat), lambda: self._view(seat))
        drawing = None
        if svg and self.spec.svg_view is not None:
            drawing = self._cached(("svg", seat), lambda: self._drawing(seat, base))
        return {**base, "svg": drawing, "server_time": clocks.now()}

    def _drawing(self, seat: int | None, base: dict[str, Any]) -> str:
        """The game's drawing of ``seat``'s view (``base``), drawn again only when what
        it draws changed: a change the drawing does not show (a seat leaving or coming
        back, a rematch offered) keeps the last one. Each seat has its own: the drawing
        is a function of that seat's observation and legal actions alone, with the
        seats named as the page names them. What it drew is compared as it is (a
        comparison of equal views takes a few microseconds, twenty times less than
        writing them out as JSON to compare digests)."""
        names = tuple(info.name for info in self.seats)
        drawn = (base["observation"], base["legal_actions"], names)
        last = self.drawings.get(seat)
        if last is not None and last[0] == drawn:
            return last[1]
        assert self.spec.svg_view is not None
        drawing = self.spec.svg_view(named(base["observation"], self.seats), drawn[1])
        self.drawings[seat] = (drawn, drawing)
        return drawing

    def seen_by(self, seat: int | None) -> dict[str, Any]:
        """The view of ``seat`` without the drawing or the time: all it is shown."""
        return self._cached(("view", seat), lambda: self._view(seat))

    def _cached(self, key: tuple[str, int | None], make: Callable[[], Any]) -> Any:
        """``make()``, computed once per change of the table."""
        cached = self.views.get(key)
        if cached is None or cached[0] != self.version:
            cached = self.views[key] = (self.version, make())
        return cached[1]

    def _view(self, seat: int | None) -> dict[str, Any]:
        state, spec = self.state, self.spec
        observation = state.observe(seat)
        terminal = self.over  # by the rules, or the table's (resigned, abandoned)
        acting = [] if terminal else list(state.acting_players())
        legal = [] if terminal else state.legal_json(seat)
        ranking, winners = self.result() or (None, None)
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
                    "name": info.name,
                    "away": info.away,
                    "open": info.open,
                    "resigned": info.resigned,
                    "abandon": info.abandon,
                    "deadline": self.deadlines.get(number),
                }
                for number, info in enumerate(self.seats)
            ],
            "observation": observation,
            "legal_actions": legal,
            "acting": acting,
            "terminal": terminal,
            "scores": state.scores() if terminal else None,
            "score_unit": spec.score_unit.to_json(),
            "ranking": ranking,
            "winners": winners,
            "ended_by": self.ended_by,
            "log_length": state.moves_seen(seat),
            "last_mover": last_mover(state, seat),
            "events": list(getattr(state, "log", ())),
            "svg": None,
            "can_undo": self.can_undo(seat),
            "clock_minutes": self.clock_minutes,
            "clock_bot": self.clock_bot if self.clock_minutes is not None else None,
            "rematch": self.rematch,
            "tie_breaks": self._tie_notes() if terminal else None,
            "hints": self.hints,
            "seed_given": self.secret is None,
        }

    def _tie_notes(self) -> list[str]:
        """The game's tie-break notes, when its rules ended it and nobody resigned (a
        resignation ranks the seat last whatever its points)."""
        if not self.state.is_terminal() or any(info.resigned for info in self.seats):
            return []
        return tie_notes(self.state)

    def why(self, seat: int, action: Action) -> dict[str, Any]:
        """Whether ``seat`` may play ``action`` now and, if not, the engine's refusal.
        The refusal is worked out on the seat's determinization (``WHY_SEED``), never on
        the true state, so that its words can tell nothing the seat may not know (the
        legal moves it is shown are its own knowledge already)."""
        state = self.state
        if self.over:
            return {"legal": False, "text": state.describe(action),
                    "error": "the game is over", "rule": None}  # fmt: skip
        if seat in state.acting_players() and action in state.legal_actions(seat):
            return {"legal": True, "text": state.describe(action), "error": None, "rule": None}
        seen = state if state.is_terminal() else state.determinize(seat, WHY_SEED)
        try:
            seen.apply(seat, action)  # a copy: refused, as on the table (else a bug)
        except IllegalAction as e:
            return {"legal": False, "text": seen.describe(action), "error": e.message,
                    "rule": e.rule or None}  # fmt: skip
        return {"legal": False, "text": seen.describe(action),
                "error": "this is not allowed now", "rule": None}  # fmt: skip

    def log(self, seat: int | None) -> dict[str, Any]:
        """The game so far as ``seat`` (None: a spectator) may know it: while it is
        played, others' hidden actions are None and there is no seed; once it is
        over, the seed, the secret it came from (if the server drew it) and every
        action, for replays."""
        over = self.over
        out: dict[str, Any] = {
            "table": self.id,
            "game": self.spec.id,
            "players": self.state.num_players,
            "status": self.status,
            "seat": seat,
            "options": self.options,
        }
        if over:
            actions = self.state.history_json()
            return {**out, "seed": self.seed, "secret": self.secret, "actions": actions}
        return {**out, "actions": self.state.history_seen_by(seat)}

    def advance(
        self,
        state: State,
        entries: int = 1,
        by_bot: list[bool] | None = None,
        deadlines: dict[int, float] | None = None,
    ) -> None:
        """The game went on to ``state`` (a move or an undo), with ``entries`` more log
        entries written, ``by_bot`` for each action of its history (whether a bot made
        it) and the turn clock's ``deadlines`` as stored with it: everyone listening is
        told (``changed``)."""
        self.state = state
        self.entries += entries
        if by_bot is not None:
            self.by_bot = by_bot
        if deadlines is not None:
            self.deadlines = deadlines
        self.changed()

    def seat_is(
        self,
        seat: int,
        *,
        away: bool | None = None,
        name: str | None = None,
        token_hash: str | None = None,
        resigned: bool | None = None,
        abandon: bool | None = None,
        deadlines: dict[int, float] | None = None,
    ) -> None:
        """``seat``'s person is now away or back, has a new name, has taken the open
        seat (its token's hash), resigned or votes to abandon (or not), as stored, and
        the turn clock's ``deadlines`` are as stored with it: everyone listening is
        told."""
        info = self.seats[seat]
        if token_hash is not None:
            info.token_hash = token_hash
        if away is not None:
            info.away = away
        if name is not None:
            info.name = name
        if resigned is not None:
            info.resigned = resigned
        if abandon is not None:
            info.abandon = abandon
        if deadlines is not None:
            self.deadlines = deadlines
        self.changed()

    def changed(self) -> None:
        """After every change: a new view for everyone listening whose view changed (a
        seat is not told of the others' unseen moves)."""
        self.version += 1
        self.active = time.monotonic()
        for seat in {seat for seat, _ in self.listeners.values()}:
            base = self._cached(("view", seat), functools.partial(self._view, seat))
            if self.shown.get(seat) == base:
                continue
            self.shown[seat] = base
            for queue, (listening, svg) in list(self.listeners.items()):
                if listening == seat:
                    offer(queue, {"type": "view", "view": self.view(seat, svg)})

    def said(self, message: dict[str, Any]) -> None:
        """A chat message, for everyone listening (seats and spectators alike)."""
        for queue in list(self.listeners):
            offer(queue, {"type": "chat", "message": message})


def ended(state: State, seats: Sequence[SeatInfo], void: bool) -> bool:
    """Whether a table at ``state`` with ``seats`` is over (``Table.over``): by the
    game's rules, by resignations (one seat left that did not resign) or ``void``."""
    if state.is_terminal() or void:
        return True
    resigned = sum(info.resigned for info in seats)  # a game of one plays on
    return resigned > 0 and len(seats) - resigned <= 1


def last_mover(state: State, seat: int | None) -> int | None:
    """The seat that made the last move ``seat`` (None: a spectator) knows was made
    (``State.history_seen_by``'s last), or None before the first: who made a move is
    public, but the others' choices of a simultaneous phase still being chosen are not
    known to have been made at all."""
    start = state.unseen_moves_from()
    history = state.history
    for index in range(len(history) - 1, -1, -1):
        player = history[index][0]
        if index < start or player == seat:
            return player
    return None


def final_result(
    state: State, resigned: Sequence[bool], void: bool = False
) -> tuple[list[int], list[int]]:
    """The ranking and winners a table reports for ``state`` once it is over: the
    game's, with every seat that ``resigned`` ranked last (sharing that rank) and
    losing; the others keep the game's order among them (and its winners, or, if only
    seats that resigned won, the best of the others). ``void`` (abandoned by vote):
    nobody ranked (empty) and no winner."""
    if void:
        return [], []
    ranking, winners = state.ranking(), state.winners()
    if not any(resigned) and state.is_terminal():
        return ranking, winners
    playing = [seat for seat in range(len(ranking)) if not resigned[seat]]
    ranks = [len(playing) + 1] * len(ranking)
    for seat in playing:
        ranks[seat] = 1 + sum(ranking[other] < ranking[seat] for other in playing)
    best = [seat for seat in playing if ranks[seat] == 1]
    if not state.is_terminal():  # ended when one seat was left: it wins
        return ranks, best
    kept = [seat for seat in winners if not resigned[seat]]
    return ranks, kept if kept or not winners else best


def still_fits(now: State, seen: State) -> bool:
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


def offer(queue: asyncio.Queue[dict[str, Any]], message: dict[str, Any]) -> None:
    """Give a listener the newest view; a slow listener only misses older ones."""
    while queue.full():
        queue.get_nowait()
    queue.put_nowait(message)


class Inbox(asyncio.Queue[dict[str, Any]]):
    """A listener's messages to send: only the newest view (a slow listener misses the
    older ones, which the newest replaces), but every chat message, in order (up to
    ``CHAT_KEPT`` waiting: a listener that slow misses the oldest)."""

    CHAT_KEPT = 100

    def _init(self, maxsize: int) -> None:
        self._queue: deque[dict[str, Any]] = deque()

    def _put(self, item: dict[str, Any]) -> None:
        kind = item.get("type")
        if kind == "view" or sum(m.get("type") == kind for m in self._queue) >= self.CHAT_KEPT:
            older = next((m for m in self._queue if m.get("type") == kind), None)
            if older is not None:
                self._queue.remove(older)
        self._queue.append(item)

    def _get(self) -> dict[str, Any]:
        return self._queue.popleft()
