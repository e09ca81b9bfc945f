"""Bot moves in a worker process that can be stopped at any moment.

A thread cannot be stopped, so whoever must cut a bot off at its time (the web
server) asks a ``MoveWorker``: a process from the arena's fork server (started in
milliseconds, the games already imported) that decides one move at a time. It is
sent the acting seat's determinized view, never the true state, with the bot's
name and seed; it makes the bot, lets it choose and sends the action back. A
worker that takes too long is killed (``kill``) and another one started.

The bot is made afresh for every move, seeded by the caller, so a move depends only
on the view, the name and the seed, whichever worker thinks it (a search bot keeps
no tree between moves here).
"""

from __future__ import annotations

import signal
import traceback
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..agents import check_game, make
from ..core import State
from .runner import _context, _import

#: What a worker is asked: the view, the seat, the bot's name and its seed.
Job = tuple[State, int, str, int]


class MoveWorker:
    """One worker process. ``send`` a job, wait until ``connection`` is readable,
    then ``answer()``: the action, or ``BotRaised`` if the bot failed (the worker
    goes on), or ``WorkerError`` if the process died. Starting one blocks for a few
    milliseconds (the first one starts the fork server, which takes longer): start
    it off the event loop."""

    def __init__(self, imports: tuple[str, ...] = ()) -> None:
        context = _context()
        self.connection, theirs = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(theirs, imports), name="housebuilders-bot", daemon=True
        )
        self.process.start()
        theirs.close()

    @property
    def alive(self) -> bool:
        return self.process.is_alive()

    def send(self, job: Job) -> None:
        try:
            self.connection.send(job)
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


class WorkerError(Exception):
    """The bot raised (the message says what and where), or its process died."""


class BotRaised(WorkerError):
    """The bot raised; its worker is fine and takes the next move."""


def _serve(connection: Connection, imports: tuple[str, ...]) -> None:
    """A worker's life: decide moves until the other end closes the connection."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    _import(imports)  # where custom bots register themselves
    while True:
        try:
            view, seat, bot, seed = connection.recv()
        except (EOFError, OSError):
            return
        try:
            agent = make(bot, seed=seed)
            check_game(agent, view.spec)
            reply: tuple[bool, Any] = (True, agent.choose(view, seat))
        except Exception as e:
            frame = traceback.extract_tb(e.__traceback__)[-1]
            where = f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"
            reply = (False, f"{type(e).__name__}: {e} ({where})")
        try:
            connection.send(reply)
        except OSError:
            return
