"""The arena's scaling: games per second of random bots on mr-house-basic in this
process (1 job), on 2 local processes, and on a local Ray with 2 CPUs.

    .venv/bin/python benchmarks/arena_scale.py                 # 3 rounds of 600 / 1,200 games
    .venv/bin/python benchmarks/arena_scale.py --games 1000 --rounds 5 --players 4

Each round times the three set-ups one after the other (so a busy spell on the
machine hits them alike): ``simulate`` with ``RunOptions(jobs=1)`` on ``--games``
games, then with ``jobs=2`` and ``backend="ray"`` on twice as many. The figures
are the median over the rounds. Each run of the processes starts its pool of
workers and ends it, and that is in the figures; the fork server they start from is
started once per process (the first run of a command pays it) and Ray once per
cluster, and those two start-ups are reported apart. Ray's figures include shipping
every batch and its records.

- **speed-up**: 2 processes' games/s over 1 process's (2 is the ceiling on 2 cores);
- **Ray's overhead**: how much fewer games/s Ray gives than 2 local processes.

The games are played by bots made by name, each decision on a determinized view, as
in any simulation: the rules plus the arena's own costs, not the rules alone
(``housebuilders bench`` times those). On a machine whose cores are shared, run it
when the load average is low and read the load printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from contextlib import ExitStack
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

from housebuilders.arena import RunOptions, simulate
from housebuilders.arena.runner import ray_session

GAME = "mr-house-basic"
SETUPS = ("1 process", "2 processes", "Ray, 2 CPUs")


@dataclass
class Setup:
    """One way of running, and the games/s of each round."""

    name: str
    games: int
    rates: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.rates) if self.rates else 0.0


@dataclass
class Scale:
    """What ``measure`` found."""

    players: int
    rounds: int
    setups: dict[str, Setup]
    pool_start: float
    ray_start: float | None
    load: tuple[float, float]

    @property
    def speed_up(self) -> float:
        return self.setups["2 processes"].median / self.setups["1 process"].median

    @property
    def ray_overhead(self) -> float | None:
        """1 - Ray's games/s over 2 processes' (0.1: Ray is 10% slower)."""
        if "Ray, 2 CPUs" not in self.setups:
            return None
        return 1 - self.setups["Ray, 2 CPUs"].median / self.setups["2 processes"].median


def _rate(setup: Setup, players: int, seed: int) -> float:
    """Games/s of one run of ``setup``."""
    jobs = 1 if setup.name == "1 process" else 2
    backend = "ray" if setup.name.startswith("Ray") else "processes"
    start = time.perf_counter()
    simulate(
        GAME,
        players,
        setup.games,
        ["random"],
        seed=seed,
        run=RunOptions(jobs=jobs, backend=backend),
    )
    return setup.games / (time.perf_counter() - start)


def measure(
    games: int = 600,
    rounds: int = 3,
    players: int = 2,
    ray: bool = True,
    seed: int = 0,
) -> Scale:
    """Games/s of each set-up, ``rounds`` times (see the module's docstring)."""
    setups = {
        "1 process": Setup("1 process", games),
        "2 processes": Setup("2 processes", 2 * games),
    }
    load_before = os.getloadavg()[0]
    ray_start = None
    started = time.perf_counter()
    simulate(GAME, players, 8, ["random"], seed=seed, run=RunOptions(jobs=2, batch=1))
    pool_start = time.perf_counter() - started  # the fork server, once per process
    with ExitStack() as stack:
        if ray:
            setups["Ray, 2 CPUs"] = Setup("Ray, 2 CPUs", 2 * games)
            started = time.perf_counter()
            stack.enter_context(ray_session(2, None))
            simulate(
                GAME,
                players,
                8,
                ["random"],
                seed=seed,
                run=RunOptions(jobs=2, backend="ray", batch=1),
            )
            ray_start = time.perf_counter() - started  # start-up, and the workers warmed
        for _ in range(rounds):
            for setup in setups.values():
                setup.rates.append(_rate(setup, players, seed))
    return Scale(players, rounds, setups, pool_start, ray_start, (load_before, os.getloadavg()[0]))


def report(scale: Scale) -> Table:
    table = Table(
        title=f"{GAME}, {scale.players} players, random bots: games/s, "
        f"median of {scale.rounds} rounds",
        caption=f"load average {scale.load[0]:.2f} before, {scale.load[1]:.2f} after; "
        f"{os.cpu_count()} cores; Python {platform.python_version()}, {platform.machine()}",
    )
    table.add_column("set-up")
    for column in ("games a run", "games/s", "rounds (games/s)"):
        table.add_column(column, justify="right")
    for setup in scale.setups.values():
        table.add_row(
            setup.name,
            f"{setup.games:,}",
            f"{setup.median:,.1f}",
            " ".join(f"{r:,.0f}" for r in setup.rates),
        )
    return table


def summary(scale: Scale) -> list[str]:
    lines = [f"2-process speed-up: {scale.speed_up:.2f}x (target at least 1.7)"]
    if scale.ray_overhead is not None:
        lines.append(
            f"Ray's overhead against 2 processes: {scale.ray_overhead:.1%} (target under 20%)"
        )
    lines.append(
        f"Start-up, once per process and not in the figures: fork server {scale.pool_start:.2f} s"
        + (f", Ray {scale.ray_start:.1f} s" if scale.ray_start is not None else "")
    )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600, help="games of a 1-process run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--no-ray", action="store_true", help="leave Ray out")
    args = parser.parse_args()
    scale = measure(args.games, args.rounds, args.players, ray=not args.no_ray)
    console = Console()
    console.print(report(scale))
    for line in summary(scale):
        console.print(line)


if __name__ == "__main__":
    main()
