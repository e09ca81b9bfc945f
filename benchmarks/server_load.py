"""The web table under load: tables played at once by HTTP clients on loopback.

    .venv/bin/python benchmarks/server_load.py                    # 1, 10 and 50 tables
    .venv/bin/python benchmarks/server_load.py --tables 1 5 --seconds 3   # a quick look
    .venv/bin/python benchmarks/server_load.py --svg --think 0.5 \
        --database-url postgresql+psycopg://... --processes 2        # as browsers, 2 servers

It starts ``housebuilders serve`` on a fresh SQLite file (``--database-url`` for
another; ``--processes N`` starts it with ``--workers N``, PostgreSQL only), then for
each concurrency level runs that many tables of 2-player Mr House (basic), every seat
a person played by an HTTP client over its own keep-alive connection (as each
person's browser has its own): read the seat's view, post a random legal move with
the view's ``log_length``, and so on; a table that ends is replaced by a new one.
Each level runs for ``--seconds`` (and at most ``--max-actions`` accepted moves), then
the next starts. It reports the accepted moves per second, the 50th and 99th
percentile latency of a move (the POST, which commits it to the database and returns
the new view) and the server's CPU time per move (its processes', the view read before
the move included: on a shared machine, the figure the others' load changes least).
The clients ask for views without the SVG drawing, as programs do; ``--svg`` asks for
it, as the browser client does.

By default each table plays as fast as its clients can: the server is always busy,
and a move's latency is mostly its wait behind the other tables' requests (with N
tables in play, about N requests ahead of it). ``--think SECONDS`` makes each person
wait that long before a move, as people do (far less than people take, for a busy
table): the latency is then what a person waits for their move to come back.

The clients run in this process (asyncio) and the server in another, on the same
machine: on 2 cores they compete for the CPU, so the figures are a floor.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from housebuilders.bench.web_server import served

GAME = "mr-house-basic"


@dataclass
class Level:
    tables: int
    seconds: float = 0.0
    actions: int = 0
    refused: int = 0
    games: int = 0
    stale: int = 0  # views read from a process that had not yet heard of the last move
    cpu: float = float("nan")  # the server's processes' CPU seconds over the level
    latencies: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def cpu_per_move(self) -> float:
        """The server's CPU milliseconds per accepted move (with its view before it):
        what the machine's load does not change much, unlike the latencies."""
        return self.cpu / self.actions * 1000 if self.actions else float("nan")

    def percentile(self, q: float) -> float:
        """The ``q``-th percentile of the move latencies, in milliseconds."""
        if len(self.latencies) < 2:
            return self.latencies[0] * 1000 if self.latencies else float("nan")
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[q - 1] * 1000


class Connection:
    """One keep-alive HTTP/1.1 connection speaking just enough HTTP for this API.

    The load generator must cost far less CPU than the server it measures: httpx's
    client spent about 3 ms of CPU a request at 50 tables, so on 2 cores it, not the
    server, set the pace."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port

    async def __aenter__(self) -> Connection:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        return self

    async def __aexit__(self, *_exc: object) -> None:
        self.writer.close()

    async def request(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        try:
            return await self._request(method, path, body)
        except (ConnectionError, IndexError, asyncio.IncompleteReadError):
            # the server closed the connection while it was idle (past its keep-alive
            # time: a seat waits while the other plays): the request again, on a new one
            self.writer.close()
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            return await self._request(method, path, body)

    async def _request(self, method: str, path: str, body: object) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        self.writer.write(head.encode() + data)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return status, json.loads(await self.reader.readexactly(length))


async def _table(
    server: tuple[str, int],
    level: Level,
    rng: random.Random,
    stop: float,
    max_actions: int,
    svg: bool,
    think: float = 0.0,
) -> None:
    """Play tables one after another until the level's time or move budget is spent."""
    drawn = "true" if svg else "false"
    async with Connection(*server) as first, Connection(*server) as second:
        https = (first, second)  # a connection per seat (with several processes, maybe two)
        while time.monotonic() < stop and level.actions < max_actions:
            body = {"game": GAME, "seats": [{"kind": "human"}] * 2}
            _, created = await first.request("POST", "/api/tables", body)
            table = created["table"]
            seats = [f"token={s['token']}&svg={drawn}" for s in created["seats"]]
            acting, known = 0, 0
            while time.monotonic() < stop and level.actions < max_actions:
                http, seat = https[acting], seats[acting]
                _, view = await http.request("GET", f"/api/tables/{table}/view?{seat}")
                if view["log_length"] < known:  # this process has not heard of it yet
                    level.stale += 1
                    await asyncio.sleep(0.001)
                    continue
                if view["terminal"]:
                    level.games += 1
                    break
                if not view["legal_actions"]:
                    acting = view["acting"][0]
                    continue
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                move = {"index": rng.choice(view["legal_actions"])["index"]}
                move["log_length"] = view["log_length"]
                started = time.perf_counter()
                status, after = await http.request(
                    "POST", f"/api/tables/{table}/actions?{seat}", move
                )
                level.latencies.append(time.perf_counter() - started)
                if status != 200:
                    level.refused += 1
                    continue
                level.actions += 1
                known = after["log_length"]
                if after["acting"]:
                    acting = after["acting"][0]


async def run_level(
    server: tuple[str, int],
    tables: int,
    seconds: float,
    max_actions: int,
    seed: int,
    svg: bool = False,
    think: float = 0.0,
) -> Level:
    level = Level(tables)
    start = time.monotonic()
    stop = start + seconds
    rngs = [random.Random(seed * 1000 + n) for n in range(tables)]
    await asyncio.gather(*(_table(server, level, r, stop, max_actions, svg, think) for r in rngs))
    level.seconds = time.monotonic() - start
    return level


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) of process ``pid`` and its living descendants
    (the server processes of ``serve --workers``, the bot workers), on Linux; NaN
    elsewhere."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
        ticks = int(fields[11]) + int(fields[12])  # utime, stime
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            children = [int(child) for child in f.read().split()]
    except (OSError, ValueError, IndexError):
        return float("nan")
    return ticks / os.sysconf("SC_CLK_TCK") + sum(cpu_seconds(child) for child in children)


def measure(
    levels: list[int],
    seconds: float,
    max_actions: int,
    database_url: str | None = None,
    svg: bool = False,
    think: float = 0.0,
    processes: int = 1,
) -> list[Level]:
    """Start a server (of ``processes`` processes), run each level against it, stop
    it; the levels' figures."""
    # one client opens every table: the server has no limit on the rate of opening them
    with (
        tempfile.TemporaryDirectory() as folder,
        served(Path(folder), database_url, None, processes) as (address, pid),
    ):
        where = ("127.0.0.1", int(address.rpartition(":")[2]))
        results = []
        for n in levels:
            before = cpu_seconds(pid)
            level = asyncio.run(run_level(where, n, seconds, max_actions, n, svg, think))
            level.cpu = cpu_seconds(pid) - before
            results.append(level)
        return results


def report(
    results: list[Level], svg: bool = False, think: float = 0.0, processes: int = 1, db: str = ""
) -> Table:
    drawn = "views with the SVG" if svg else "views without the SVG"
    pace = f"{think:g} s to think" if think else "no time to think"
    servers = f"{processes} server process{'es' if processes > 1 else ''}"
    title = f"Web table under load: {GAME}, 2 people per table, {drawn}, {pace}, {servers}"
    table = Table(title=title + (f" on {db}" if db else ""))
    columns = ("tables", "moves", "moves/s", "p50 ms", "p99 ms", "CPU ms/move", "refused", "stale")
    for column in columns:
        table.add_column(column, justify="right")
    for level in results:
        table.add_row(
            str(level.tables),
            str(level.actions),
            f"{level.rate:,.0f}",
            f"{level.percentile(50):.1f}",
            f"{level.percentile(99):.1f}",
            f"{level.cpu_per_move:.1f}",
            str(level.refused),
            str(level.stale),
        )
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tables",
        type=int,
        nargs="+",
        default=[1, 10, 50],
        help="concurrency levels: tables played at once (default 1 10 50)",
    )
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="how long each level runs (default 10)"
    )
    parser.add_argument(
        "--max-actions",
        type=int,
        default=20_000,
        help="stop a level after this many accepted moves (default 20000)",
    )
    parser.add_argument("--database-url", help="the server's database (default: a new SQLite file)")
    parser.add_argument("--svg", action="store_true", help="ask for the SVG, as the browser does")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds a person waits before each move, on average (default 0: none)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes (serve --workers; more than 1 needs PostgreSQL)",
    )
    args = parser.parse_args(argv)
    if any(n < 1 or n > 200 for n in args.tables) or not 0 < args.seconds <= 120:
        parser.error("--tables takes 1 to 200, --seconds more than 0 and at most 120")
    if not 0 <= args.think <= 10 or not 1 <= args.processes <= 8:
        parser.error("--think takes 0 to 10 seconds, --processes 1 to 8")
    if args.processes > 1 and not (args.database_url or "").startswith("postgresql"):
        parser.error("--processes above 1 needs a PostgreSQL --database-url")
    console = Console()
    console.print(f"python {platform.python_version()}, {platform.machine()}", style="dim")
    results = measure(
        args.tables,
        args.seconds,
        args.max_actions,
        args.database_url,
        args.svg,
        args.think,
        args.processes,
    )
    db = (args.database_url or "sqlite").split(":", 1)[0].split("+", 1)[0]
    console.print(report(results, args.svg, args.think, args.processes, db))


if __name__ == "__main__":
    main()
