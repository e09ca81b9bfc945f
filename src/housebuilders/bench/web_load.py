"""The web table under load (``housebuilders bench --web``): many tables, each of one
person and one bot, and spectators, against a real server on this machine.

The server is ``housebuilders serve`` in a child process on a loopback port (this
layer never imports the server), on a fresh SQLite file or the given database, with
the limits a crowd from one address would meet turned off (tables a minute, bot
seats, tables of bots). The clients run here, on one asyncio loop, each as a browser's
page does (``web/static/table.js``):

- **A person** opens a table (``POST /api/tables``: a person and a bot), reads its
  view, listens on the table's websocket (the drawing included, as the page asks) and
  reads the chat; whenever its view says it is to act, it thinks (1 s), then posts a
  legal action chosen at random with its view's ``log_length``. A 409 (the table moved
  on) is a refusal, counted apart from the errors, and the page reads the view again.
  When the game ends the person opens a new table.
- **A spectator** watches a random table: its view, its websocket, and the view again
  every 1 to 3 s (2 on average); when that game ends, another table.

Tables open spread over the first half of the warm-up, the spectators come in its
middle. The figures are of the measured seconds after it: the moves asked (posted),
served (2xx) and refused (409); moves a second; the time a move's answer takes, from a
move to the view after it on the person's websocket, from a move's answer to the view
that asks the person to move again (the bot's reply), and a view's GET; the server's
CPU seconds (its processes and theirs, from /proc) and this process's. Errors are
counted over the warm-up too: an answer 5xx or any other unexpected status, a timeout
(``TIMEOUT``), a connection that failed, a websocket closed by the server, a person left
without a new view for ``TIMEOUT`` while the bot was to move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from housebuilders.bench.web_server import (
    LoadError,
    cpu_seconds,
    own_cpu_seconds,
    room_for_connections,
    served,
)

#: the default game: 2 players, a cheap drawing (about 2.5 ms) and a cheap greedy bot
#: (about 2 ms a move), the person deciding about 45 % of the moves, so about one move a
#: second a table; a game of some 150 moves outlasts a minute's run at that pace. The
#: server's earlier load figures (benchmarks/server_load.py) are of it too.
GAME = "mr-house-basic"
BOT = "greedy"
#: a request (or a person's wait for the bot's move) longer than this is an error
TIMEOUT = 10.0
#: the seconds a page's idle HTTP connection is kept (uvicorn closes one after 5)
IDLE = 4.0
#: what a spectator waits between two reads of its table's view, at least and at most
SPECTATOR_EVERY = (1.0, 3.0)
#: the largest websocket message taken (a view with its drawing is some 20-60 KB)
MAX_MESSAGE = 4 * 2**20


@dataclass(frozen=True)
class Load:
    """What to run: ``tables`` tables of a person and a ``bot``, ``spectators``, for
    ``warm_up`` then ``seconds`` measured seconds."""

    tables: int = 200
    spectators: int = 20
    seconds: float = 60.0
    warm_up: float = 10.0
    think: float = 1.0
    game: str = GAME
    bot: str = BOT
    #: None: a fresh SQLite file in a temporary folder
    database_url: str | None = None
    #: server processes (``serve --workers``), PostgreSQL only
    workers: int = 1
    #: None: a free loopback port
    port: int | None = None


@dataclass
class Figures:
    """What the clients saw: the moves, pushes and latencies (seconds) of the measured
    window; the tables opened, the games finished and the errors (by kind) of the whole
    run, warm-up included."""

    seconds: float = 0.0
    moves_asked: int = 0
    moves_served: int = 0
    moves_refused: int = 0
    #: moves of every seat (the bots' too) that the people's views showed
    table_moves: int = 0
    tables_opened: int = 0
    games_finished: int = 0
    spectator_pushes: int = 0
    move: list[float] = field(default_factory=list)
    push: list[float] = field(default_factory=list)
    reply: list[float] = field(default_factory=list)
    view: list[float] = field(default_factory=list)
    spectator_view: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    server_cpu: float = float("nan")
    client_cpu: float = float("nan")

    def summary(self, load: Load) -> dict[str, Any]:
        """The figures as JSON (``--json``): the settings, the moves, the latencies in
        milliseconds (null where there were none), the errors and the CPU seconds."""
        seconds = self.seconds or float("nan")
        return _finite(
            {
                "settings": {
                    "tables": load.tables,
                    "spectators": load.spectators,
                    "seconds": load.seconds,
                    "warm_up": load.warm_up,
                    "think": load.think,
                    "game": load.game,
                    "bot": load.bot,
                    "database": database_kind(load.database_url),
                    "workers": load.workers,
                },
                "measured_seconds": self.seconds,
                "moves": {
                    "asked": self.moves_asked,
                    "served": self.moves_served,
                    "refused": self.moves_refused,
                    "served_share": self.moves_served / self.moves_asked
                    if self.moves_asked
                    else float("nan"),
                    "served_per_second": self.moves_served / seconds,
                    "all_per_second": self.table_moves / seconds,
                },
                "latency_ms": {
                    "move": latency(self.move),
                    "move_to_push": latency(self.push),
                    "bot_reply": latency(self.reply),
                    "view": latency(self.view),
                    "spectator_view": latency(self.spectator_view),
                },
                "tables": {"opened": self.tables_opened, "games_finished": self.games_finished},
                "spectator_pushes": self.spectator_pushes,
                "errors": {"total": sum(self.errors.values()), "by_kind": dict(self.errors)},
                "cpu_seconds": {"server": self.server_cpu, "client": self.client_cpu},
            }
        )


def latency(samples: list[float]) -> dict[str, Any]:
    """How many, and their 50th and 99th percentiles and the longest, in milliseconds."""
    return {
        "count": len(samples),
        "p50": percentile(samples, 50),
        "p99": percentile(samples, 99),
        "max": max(samples) * 1000 if samples else float("nan"),
    }


def percentile(samples: list[float], q: int) -> float:
    """The ``q``-th percentile of ``samples`` (seconds) in milliseconds; NaN for none."""
    if len(samples) < 2:
        return samples[0] * 1000 if samples else float("nan")
    return statistics.quantiles(samples, n=100, method="inclusive")[q - 1] * 1000


def _finite(value: Any) -> Any:
    """``value`` with every NaN made None (JSON has no NaN)."""
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, float) and value != value:
        return None
    return value


def database_kind(url: str | None) -> str:
    """``sqlite`` or ``postgresql``: the URL's scheme without its driver."""
    return (url or "sqlite").split(":", 1)[0].split("+", 1)[0]


def run(load: Load, tick: Callable[[float], None] | None = None) -> Figures:
    """Start the server, run the crowd against it for the warm-up and the measured
    seconds, stop it; what the clients saw. ``tick(elapsed)`` is called about once a
    second (a progress bar)."""
    if load.workers > 1 and database_kind(load.database_url) != "postgresql":
        raise LoadError("several server processes need PostgreSQL: give a --database-url")
    room_for_connections(load.tables + load.spectators)
    with (
        tempfile.TemporaryDirectory(prefix="housebuilders-load-") as folder,
        served(Path(folder), load.database_url, load.port, load.workers) as (address, pid),
    ):
        return asyncio.run(_drive(load, address, pid, tick))


async def _drive(
    load: Load, address: str, pid: int, tick: Callable[[float], None] | None
) -> Figures:
    crowd = Crowd(load, address)
    people = [Person(crowd, n) for n in range(load.tables)]
    watchers = [Spectator(crowd, n) for n in range(load.spectators)]
    pages: list[Person | Spectator] = [*people, *watchers]
    tasks = [asyncio.create_task(page.run()) for page in pages]
    figures = crowd.figures
    try:
        await crowd.sleep_until(crowd.start, tasks, tick)
        server, client = cpu_seconds(pid), own_cpu_seconds()
        await crowd.sleep_until(crowd.end, tasks, tick)
        figures.server_cpu = cpu_seconds(pid) - server
        figures.client_cpu = own_cpu_seconds() - client
        figures.seconds = time.monotonic() - crowd.start
        # the moves asked in time are answered (or time out); nobody asks another
        await asyncio.wait(tasks, timeout=TIMEOUT + 2)
    finally:
        crowd.closing = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    if crowd.refused:
        raise LoadError(crowd.refused)
    return figures


class Crowd:
    """What the pages share: the server's address, the measured window, the tables in
    play (for the spectators to pick from) and the figures."""

    def __init__(self, load: Load, address: str) -> None:
        self.load = load
        self.address = address
        self.sockets = "ws" + address.removeprefix("http")
        self.began = time.monotonic()
        self.start = self.began + load.warm_up
        self.end = self.start + load.seconds
        self.tables: list[str] = []
        self.figures = Figures()
        self.closing = False
        #: the server's refusal of a table (a bot it does not take): the run stops
        self.refused = ""

    def measuring(self, when: float) -> bool:
        return self.start <= when < self.end

    def over(self) -> bool:
        return bool(self.refused) or time.monotonic() >= self.end

    def error(self, kind: str) -> None:
        if not self.closing:
            self.figures.errors[kind] += 1

    def client(self) -> httpx.AsyncClient:
        """A page's own keep-alive connection, as each browser has. It is dropped after
        ``IDLE`` seconds unused, before the server drops it: a request sent as the server
        closes the connection would fail (a browser sends it again on a new one)."""
        limits = httpx.Limits(keepalive_expiry=IDLE)
        return httpx.AsyncClient(
            base_url=self.address, timeout=TIMEOUT, limits=limits, trust_env=False
        )

    async def sleep_until(
        self, when: float, tasks: list[asyncio.Task[None]], tick: Callable[[float], None] | None
    ) -> None:
        """Wait until ``when``, ticking every second; a page that crashed stops the run."""
        while (left := when - time.monotonic()) > 0 and not self.refused:
            await asyncio.sleep(min(1.0, left))
            if tick:
                tick(time.monotonic() - self.began)
            for task in tasks:
                if task.done() and not task.cancelled() and task.exception():
                    raise task.exception()  # type: ignore[misc]


class Page:
    """A table's page in a browser: its view, kept up to date by the websocket."""

    def __init__(self, crowd: Crowd, number: int) -> None:
        self.crowd = crowd
        self.rng = random.Random(number)
        self.number = number
        self.table = ""
        self.token: str | None = None
        self.view: dict[str, Any] | None = None
        self.changed = asyncio.Event()

    @property
    def query(self) -> str:
        return f"?token={self.token}" if self.token else ""

    def take(self, view: dict[str, Any]) -> None:
        """Keep ``view`` unless the page has a newer one."""
        if self.view is None or view["log_length"] >= self.view["log_length"]:
            self.view = view
            self.changed.set()

    def pushed(self, view: dict[str, Any]) -> None:
        self.take(view)

    async def read_view(self, http: httpx.AsyncClient) -> None:
        """GET the view (timed), as the page does when it opens or catches up."""
        started = time.monotonic()
        answer = await self.ask(http, "GET", "view", f"/api/tables/{self.table}/view{self.query}")
        if answer is None or answer.status_code != 200:
            return
        if self.crowd.measuring(started):
            took = time.monotonic() - started
            self.crowd.figures.view.append(took)
            if self.token is None:
                self.crowd.figures.spectator_view.append(took)
        self.take(answer.json())

    async def ask(
        self, http: httpx.AsyncClient, method: str, what: str, path: str, body: Any = None
    ) -> httpx.Response | None:
        """One request; None (and an error counted) when no answer came. An answer whose
        status is none a page expects is an error too (409 is expected of a move)."""
        try:
            answer = await http.request(method, path, json=body)
        except httpx.TimeoutException:
            self.crowd.error(f"{what}: timeout")
            return None
        except httpx.TransportError as e:
            self.crowd.error(f"{what}: {type(e).__name__}")
            return None
        if not answer.is_success and not (what == "move" and answer.status_code == 409):
            self.crowd.error(f"{what}: HTTP {answer.status_code}")
        return answer

    async def listen(self, http: httpx.AsyncClient) -> None:
        """The table's websocket, as long as the page is open: every view it pushes is
        taken; a socket the server closed (or one that would not open) is an error, and
        the page connects again after a second."""
        url = f"{self.crowd.sockets}/ws/tables/{self.table}{self.query}"
        while True:
            try:
                async with connect(
                    url, open_timeout=TIMEOUT, max_size=MAX_MESSAGE, proxy=None
                ) as socket_:
                    chat = f"/api/tables/{self.table}/chat{self.query}"
                    reading = asyncio.create_task(self.ask(http, "GET", "chat", chat))
                    try:  # the chat is read beside the socket, as the page reads it
                        async for message in socket_:
                            data = json.loads(message)
                            if data.get("type") == "view":
                                self.pushed(data["view"])
                    finally:
                        reading.cancel()
                    code = socket_.close_code
                self.crowd.error(f"socket: closed by the server ({code})")
            except ConnectionClosed as e:
                why = e.rcvd.code if e.rcvd else "no close frame"
                self.crowd.error(f"socket: dropped ({why})")
            except (OSError, TimeoutError, InvalidHandshake) as e:
                self.crowd.error(f"socket: {type(e).__name__}")
            await asyncio.sleep(1.0)

    async def wait_for_change(self, seconds: float) -> bool:
        """Wait at most ``seconds`` (and not past the run's end) for a new view; whether
        one came."""
        left = min(seconds, self.crowd.end - time.monotonic())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), timeout=max(0.0, left))
            return True
        return False


class Person(Page):
    """A person at a table of their own with one bot, thinking before every move."""

    def __init__(self, crowd: Crowd, number: int) -> None:
        super().__init__(crowd, number)
        #: the log length of the view last acted on (not acted on again)
        self.acted: int | None = None
        #: the move waiting for its view on the websocket: the log length it was made
        #: at, when it was asked, whether in the measured window
        self.waiting: tuple[int, float, bool] | None = None
        #: while the bot is to move: when the person's move was answered, whether in the
        #: measured window
        self.answered: tuple[float, bool] | None = None

    async def run(self) -> None:
        load = self.crowd.load
        await asyncio.sleep(self.number * load.warm_up / 2 / max(1, load.tables))
        async with self.crowd.client() as http:
            while not self.crowd.over():
                if not await self.open_table(http):
                    await asyncio.sleep(1.0)
                    continue
                listening = asyncio.create_task(self.listen(http))
                try:
                    await self.play(http)
                finally:
                    listening.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await listening

    async def open_table(self, http: httpx.AsyncClient) -> bool:
        load = self.crowd.load
        seats = [{"kind": "human"}, {"kind": "bot", "bot": load.bot}]
        answer = await self.ask(
            http, "POST", "open table", "/api/tables", {"game": load.game, "seats": seats}
        )
        if answer is None or not answer.is_success:
            if answer is not None and answer.status_code in (400, 403, 404, 422):
                self.crowd.refused = f"the server refused a table: {answer.json().get('error')}"
            return False
        created = answer.json()
        self.table, self.token = created["table"], created["seats"][0]["token"]
        self.view, self.acted, self.waiting, self.answered = None, None, None, None
        self.crowd.tables.append(self.table)
        self.crowd.figures.tables_opened += 1
        return True

    async def play(self, http: httpx.AsyncClient) -> None:
        """Play the table's game to its end (or the run's): think, move, wait."""
        await self.read_view(http)
        while not self.crowd.over():
            self.changed.clear()
            view = self.view
            if view is not None and view["terminal"]:
                self.crowd.figures.games_finished += 1
                with contextlib.suppress(ValueError):
                    self.crowd.tables.remove(self.table)
                return
            if view is not None and view["legal_actions"] and view["log_length"] != self.acted:
                await asyncio.sleep(self.crowd.load.think)
                if self.crowd.over():
                    return
                if self.view is not None and self.view["log_length"] == view["log_length"]:
                    await self.move(http, self.view)  # else: think again about the new one
                continue
            waited = time.monotonic()
            if await self.wait_for_change(TIMEOUT) or time.monotonic() - waited < TIMEOUT:
                continue  # a new view, or the run's end
            self.crowd.error(f"socket: no new view in {TIMEOUT:g} s")
            await self.read_view(http)  # as the page does once it polls

    async def move(self, http: httpx.AsyncClient, view: dict[str, Any]) -> None:
        """Post one of the view's legal actions, as a click does."""
        crowd = self.crowd
        made_at = view["log_length"]
        body: dict[str, Any] = {"index": self.rng.choice(view["legal_actions"])["index"]}
        acting = view["acting"]
        if not (len(acting) > 1 and view["seat"] in acting):  # not a choice made together
            body["log_length"] = made_at
        started = time.monotonic()
        counted = crowd.measuring(started)
        if counted:
            crowd.figures.moves_asked += 1
        self.acted, self.waiting, self.answered = made_at, (made_at, started, counted), None
        path = f"/api/tables/{self.table}/actions{self.query}"
        answer = await self.ask(http, "POST", "move", path, body)
        if answer is not None and answer.is_success:
            if counted:
                crowd.figures.moves_served += 1
                crowd.figures.move.append(time.monotonic() - started)
            after: dict[str, Any] = answer.json()
            self.take(after)
            if self.view is after and not after["legal_actions"] and not after["terminal"]:
                self.answered = (time.monotonic(), counted)  # the bot's turn
            return
        self.acted = self.waiting = None
        if answer is not None and answer.status_code == 409:
            if counted:
                crowd.figures.moves_refused += 1
        else:
            await asyncio.sleep(1.0)  # an error: a person would not click again at once
        await self.read_view(http)

    def take(self, view: dict[str, Any]) -> None:
        """Keep ``view`` if it is newer, counting the moves it shows first in the window;
        the first newer view that asks the person to move after the bot's turn gives the
        time the bot took to reply."""
        seen = self.view["log_length"] if self.view is not None else 0
        if view["log_length"] > seen:
            now = time.monotonic()
            if self.crowd.measuring(now):
                self.crowd.figures.table_moves += view["log_length"] - seen
            if self.answered is not None and (view["legal_actions"] or view["terminal"]):
                answered, counted = self.answered
                if counted and view["legal_actions"]:
                    self.crowd.figures.reply.append(now - answered)
                self.answered = None
        super().take(view)

    def pushed(self, view: dict[str, Any]) -> None:
        """A view on the websocket: the first one past the move waiting for it gives the
        time from the move to its push."""
        if self.waiting is not None and view["log_length"] > self.waiting[0]:
            _, started, counted = self.waiting
            if counted:
                self.crowd.figures.push.append(time.monotonic() - started)
            self.waiting = None
        self.take(view)


class Spectator(Page):
    """A spectator watching one table after another, each until its game ends."""

    async def run(self) -> None:
        load = self.crowd.load
        spread = load.warm_up / 4 / max(1, load.spectators)
        await asyncio.sleep(load.warm_up / 2 + self.number * spread)
        async with self.crowd.client() as http:
            while not self.crowd.over():
                if not self.crowd.tables:
                    await asyncio.sleep(0.5)
                    continue
                self.table, self.view = self.rng.choice(self.crowd.tables), None
                await self.read_view(http)
                listening = asyncio.create_task(self.listen(http))
                try:
                    await self.watch(http)
                finally:
                    listening.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await listening

    async def watch(self, http: httpx.AsyncClient) -> None:
        while not self.crowd.over() and not (self.view is not None and self.view["terminal"]):
            await asyncio.sleep(min(self.rng.uniform(*SPECTATOR_EVERY), TIMEOUT))
            if self.crowd.over():
                return
            await self.read_view(http)

    def pushed(self, view: dict[str, Any]) -> None:
        if self.crowd.measuring(time.monotonic()):
            self.crowd.figures.spectator_pushes += 1
        self.take(view)
