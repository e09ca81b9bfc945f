"""The server a load test runs against (``bench.web_load``): ``housebuilders serve`` in
a child process on a loopback port (this layer never imports the server), and the CPU
time of it and of the clients, read from /proc."""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

#: the longest time the server may take to answer once started (PostgreSQL migrations)
START_SECONDS = 60.0


class LoadError(Exception):
    """The load test cannot go on: the server did not start, or refused the tables."""


@contextlib.contextmanager
def served(
    folder: Path, database_url: str | None, port: int | None, workers: int
) -> Iterator[tuple[str, int]]:
    """``housebuilders serve`` in a child process, its output in ``folder``/server.log
    (on ``database_url``, else a fresh SQLite file in ``folder``; on ``port``, else a
    free one): its address once it answers, and its process id; stopped on the way out."""
    url = database_url or f"sqlite:///{folder / 'load.db'}"
    port = port or free_port()
    command = [sys.executable, "-m", "housebuilders", "serve", "--port", str(port)]
    command += ["--database-url", url, "--tables-per-minute", "0"]
    # every table comes from this address, with a bot: no cap of the bots' seats applies
    command += ["--max-bot-seats", "0", "--max-bot-tables", "0", "--max-address-bot-seats", "0"]
    if workers > 1:
        command += ["--workers", str(workers)]
    log_path = folder / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    address = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(process, address, log_path)
        yield address, process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_up(process: subprocess.Popen[bytes], address: str, log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = " ".join(log.read_text(errors="replace").split())[-600:]
            raise LoadError(f"the server stopped as it started: {said}")
        try:
            if httpx.get(f"{address}/api/games", timeout=1, trust_env=False).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise LoadError(f"the server did not answer on {address} within {START_SECONDS:g} s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def room_for_connections(pages: int) -> None:
    """Raise this process's limit of open files (inherited by the server) to its ceiling
    when ``pages`` need more than it: about 3 connections a page, at each end."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = 8 * pages + 256
    if soft != resource.RLIM_INFINITY and soft < needed:
        ceiling = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) of process ``pid`` and its living descendants (the
    server processes of ``serve --workers``, the bot workers and their fork server), read
    from /proc on Linux; NaN elsewhere."""
    ticks: dict[int, int] = {}
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rpartition(")")[2].split()
            process = int(entry.parent.name)
            ticks[process] = int(fields[11]) + int(fields[12])  # utime, stime
            children.setdefault(int(fields[1]), []).append(process)  # by its parent
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
    if pid not in ticks:
        return float("nan")
    tree, total = [pid], 0
    while tree:
        process = tree.pop()
        total += ticks[process]
        tree += children.get(process, [])
    return total / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds() -> float:
    """This process's CPU time so far (the clients')."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
