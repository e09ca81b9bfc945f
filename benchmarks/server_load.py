"""The web table under load: tables played at once by HTTP clients on loopback.

    .venv/bin/python benchmarks/server_load.py                    # 1, 10 and 50 tables
    .venv/bin/python benchmarks/server_load.py --tables 1 5 --seconds 3   # a quick look

It starts ``housebuilders serve`` on a fresh SQLite file (``--database-url`` for
another), then for each concurrency level runs that many tables of 2-player Mr House
(basic), every seat a person played by an HTTP client: read the seat's view, post a
random legal move with the view's ``log_length``, and so on; a table that ends is
replaced by a new one. Each level runs for ``--seconds`` (and at most
``--max-actions`` accepted moves), then the next starts. It reports the accepted
moves per second and the 50th and 99th percentile latency of a move (the POST,
which commits it to the database and returns the new view). The clients ask for
views without the SVG drawing, as programs do; ``--svg`` asks for it, as the
browser client does.

The clients run in this process (asyncio and httpx) and the server in another, on
the same machine: on 2 cores they compete for the CPU, so the figures are a floor.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from rich.console import Console
from rich.table import Table

from housebuilders.server.testing import LiveServer

GAME = "mr-house-basic"


@dataclass
class Level:
    tables: int
    seconds: float = 0.0
    actions: int = 0
    refused: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        """The ``q``-th percentile of the move latencies, in milliseconds."""
        if len(self.latencies) < 2:
            return self.latencies[0] * 1000 if self.latencies else float("nan")
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[q - 1] * 1000


async def _table(
    http: httpx.AsyncClient,
    level: Level,
    rng: random.Random,
    stop: float,
    max_actions: int,
    svg: bool,
) -> None:
    """Play tables one after another until the level's time or move budget is spent."""
    while time.monotonic() < stop and level.actions < max_actions:
        body = {"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2}
        created = (await http.post("/api/tables", json=body)).json()
        table = created["table"]
        seats = [{"token": s["token"], "svg": svg} for s in created["seats"]]
        acting = 0
        while time.monotonic() < stop and level.actions < max_actions:
            view = (await http.get(f"/api/tables/{table}/view", params=seats[acting])).json()
            if view["terminal"]:
                level.games += 1
                break
            if not view["legal_actions"]:
                acting = view["acting"][0]
                continue
            move = {"index": rng.choice(view["legal_actions"])["index"]}
            move["log_length"] = view["log_length"]
            started = time.perf_counter()
            response = await http.post(
                f"/api/tables/{table}/actions", params=seats[acting], json=move
            )
            level.latencies.append(time.perf_counter() - started)
            if response.status_code != 200:
                level.refused += 1
                continue
            level.actions += 1
            after = response.json()
            if after["acting"]:
                acting = after["acting"][0]


async def run_level(
    url: str, tables: int, seconds: float, max_actions: int, seed: int, svg: bool = False
) -> Level:
    level = Level(tables)
    limits = httpx.Limits(max_connections=tables + 5, max_keepalive_connections=tables + 5)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        start = time.monotonic()
        stop = start + seconds
        rngs = [random.Random(seed * 1000 + n) for n in range(tables)]
        await asyncio.gather(*(_table(http, level, r, stop, max_actions, svg) for r in rngs))
        level.seconds = time.monotonic() - start
    return level


def measure(
    levels: list[int],
    seconds: float,
    max_actions: int,
    database_url: str | None = None,
    svg: bool = False,
) -> list[Level]:
    """Start a server, run each level against it, stop it; the levels' figures."""
    with tempfile.TemporaryDirectory() as folder:
        url = database_url or f"sqlite:///{Path(folder) / 'load.db'}"
        with LiveServer(url) as server:
            return [
                asyncio.run(run_level(server.url, n, seconds, max_actions, seed=n, svg=svg))
                for n in levels
            ]


def report(results: list[Level], svg: bool = False) -> Table:
    drawn = "views with the SVG" if svg else "views without the SVG"
    table = Table(title=f"Web table under load: {GAME}, 2 people per table, {drawn}")
    for column in ("tables", "moves", "moves/s", "p50 ms", "p99 ms", "refused", "games ended"):
        table.add_column(column, justify="right")
    for level in results:
        table.add_row(
            str(level.tables),
            str(level.actions),
            f"{level.rate:,.0f}",
            f"{level.percentile(50):.1f}",
            f"{level.percentile(99):.1f}",
            str(level.refused),
            str(level.games),
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
    args = parser.parse_args(argv)
    if any(n < 1 or n > 200 for n in args.tables) or not 0 < args.seconds <= 120:
        parser.error("--tables takes 1 to 200, --seconds more than 0 and at most 120")
    console = Console()
    console.print(f"python {platform.python_version()}, {platform.machine()}", style="dim")
    results = measure(args.tables, args.seconds, args.max_actions, args.database_url, args.svg)
    console.print(report(results, args.svg))


if __name__ == "__main__":
    main()
