"""Worker processes: where the arena plays its games and the web server's bots think.

Workers come from a fork server (``process_context``), started in milliseconds with
the games already imported. A ``MoveWorker`` is one process that takes one bot
decision at a time (a ``turn.Decision``: the seat's view, never the true state, the
bot's name and the decision's seed) and can be stopped at any moment, which a thread
cannot: whoever must cut a bot off at its time (the web server) kills it (``kill``)
and starts another.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import sys
import traceback
from collections.abc import Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from housebuilders.agents.turn import Work
from housebuilders.core.spec import game_modules


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def import_modules(modules: Sequence[str]) -> None:
    """Import ``modules`` (where custom bots register themselves)."""
    for module in modules:
        importlib.import_module(module)


def start_worker(modules: Sequence[str]) -> None:
    """What a worker does first: leave Ctrl+C to its parent (which stops the work) and
    import ``modules``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import_modules(modules)


def process_context(*preload: str) -> Any:
    """The multiprocessing context workers come from: a fork server (a clean process
    started once, which imports the main script, the games, this module and
    ``preload``, so each worker starts in milliseconds with the rules loaded), or
    spawning where there is none. Either way workers run the main script as
    ``__mp_main__`` (custom bots registered there are known to them), so a script
    that runs games must do it under ``if __name__ == "__main__":``."""
    main = getattr(sys.modules.get("__main__"), "__file__", None)
    if main is not None and not os.path.exists(main):
        raise ValueError(
            f"worker processes re-read the main script, and {main!r} cannot be: run the "
            "script from a file, or play in this process (jobs=1)"
        )
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        games = game_modules()
        context.set_forkserver_preload(["__main__", *games, __name__, *preload])
        return context
    return multiprocessing.get_context("spawn")


class WorkerError(Exception):
    """The bot raised (the message says what and where), or its process died."""


class BotRaised(WorkerError):
    """The bot raised; its worker is fine and takes the next move."""


class MoveWorker:
    """One worker process. ``send`` a decision, wait until ``connection`` is readable,
    then ``answer()``: the action, or ``BotRaised`` if the bot failed (the worker goes
    on), or ``WorkerError`` if the process died. Starting one blocks for a few
    milliseconds (the first one starts the fork server, which takes longer): start it
    off the event loop."""

    def __init__(self, imports: tuple[str, ...] = ()) -> None:
        context = process_context()
        self.connection, theirs = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(theirs, imports), name="housebuilders-bot", daemon=True
        )
        self.process.start()
        theirs.close()

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def send(self, decision: Work) -> None:
        try:
            self.connection.send(decision)
        except OSError as e:
            raise WorkerError(f"the bot's worker process is gone ({e})") from None

    def answer(self) -> Any:
        """The action the worker sent (call once the connection is readable)."""
        try:
            ok, answer = self.connection.recv()
        except (EOFError, OSError):
            raise WorkerError(
                f"the bot's worker process ended (exit code {self.process.exitcode})"
            ) from None
        if not ok:
            raise BotRaised(answer)
        return answer

    def kill(self) -> None:
        """End the process at once, whatever it is doing."""
        if self.process.is_alive():
            self.process.kill()
        self.connection.close()


def _serve(connection: Connection, imports: tuple[str, ...]) -> None:
    """A worker's life: take decisions until the other end closes the connection."""
    start_worker(imports)
    while True:
        try:
            decision: Work = connection.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[bool, Any] = (True, decision.take())
        except Exception as e:
            frame = traceback.extract_tb(e.__traceback__)[-1]
            where = f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"
            reply = (False, f"{type(e).__name__}: {e} ({where})")
        try:
            connection.send(reply)
        except OSError:
            return
