"""A real server in a child process (``housebuilders serve``) on a loopback port, for
the tests that stop and start it or talk to it over the network."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx

COMMAND = [sys.executable, "-m", "housebuilders"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """``housebuilders serve`` on a free loopback port, with ``database_url`` and
    ``options`` (e.g. ``["--tables-per-minute", "0"]``)."""

    def __init__(
        self, database_url: str, port: int | None = None, options: list[str] | None = None
    ) -> None:
        self.database_url = database_url
        self.port = port or free_port()
        self.options = options or []
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 120) -> LiveServer:
        command = [*COMMAND, "serve", "--port", str(self.port)]
        command += ["--database-url", self.database_url, *self.options]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=dict(os.environ)
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.process.stderr.read().decode()}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer on {self.url} in {timeout} s")

    def stop(self, kill: bool = False) -> None:
        """Stop the server: politely (SIGTERM), or at once as a crash would (SIGKILL)."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
