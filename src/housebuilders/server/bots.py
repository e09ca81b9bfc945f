"""The server's bots: what a bot at a table may ask for, and every move thought in a
worker process, on time, in turn.

- **Within bounds.** A table's bot is checked when the table opens (``check_bot``):
  it must fit the time a bot has per move and ask for no more samples or iterations
  than the server allows (``MAX_BOT_*``); a learned bot's policy file must be in the
  server's policy directory (``check_policy``).
- **On time.** A bot has ``move_seconds`` per move (and ``GRACE`` for the hop to
  its process and its last step). A bot still thinking then is stopped, its process
  killed and replaced, and ``BotTimeout`` raised: the table plays a fallback move.
- **In turn.** There are ``workers`` processes for the whole server. A move waits
  for a free one in a first-come, first-served queue; as a table asks for its next
  bot move only once the last one is played (its driver plays them one at a time),
  the tables are served round-robin: a table of a hundred bots, or a few tables of
  slow ones, hold at most one worker each, for at most ``move_seconds`` a move.
- **Never waited on.** ``close`` kills the workers, thinking or not.

Processes are started when first needed (``agents.worker.MoveWorker``, from a fork
server: a few milliseconds each) and a killed one is replaced by the next move that
needs it.
"""

from __future__ import annotations

import asyncio
import math
import os
from collections import deque
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from housebuilders.agents import Agent, AgentError, check_game, make, parse
from housebuilders.agents.turn import GRACE, Decision, Work, deadline
from housebuilders.agents.worker import BotRaised, MoveWorker, WorkerError
from housebuilders.core import Action, GameSpec, State
from housebuilders.server.errors import ApiError

__all__ = [
    "END_DEPTH",
    "GRACE",
    "MAX_BOT_ITERATIONS",
    "MAX_BOT_ROLLOUT_ACTIONS",
    "MAX_BOT_SAMPLES",
    "MOVE_SECONDS",
    "BotFailed",
    "BotPool",
    "BotTimeout",
    "check_bot",
    "check_policy",
    "fits_a_table",
]

#: the time a bot at a server table has per move, unless the server is told otherwise
MOVE_SECONDS = 10.0
#: what else a bot at a server table may ask for (besides ``seconds`` up to the time
#: per move): greedy's samples, and a search's iterations when it has no time budget
MAX_BOT_SAMPLES = 64
MAX_BOT_ITERATIONS = 5000
#: ... and its iterations times the actions of each rollout (``depth``), a rollout to
#: the end of the game (``depth=-1``) counting as ``END_DEPTH`` actions
MAX_BOT_ROLLOUT_ACTIONS = 20_000
END_DEPTH = 200


#: the directory whose policy files a ``learned`` bot at a table may play (none: no
#: learned bot at a table): a table's name may not have the server read any file
POLICIES_VARIABLE = "HOUSEBUILDERS_POLICIES"


def check_policy(name: str) -> None:
    """An ApiError 422 unless ``name``, a ``learned`` bot, plays a policy file in the
    server's policy directory ($HOUSEBUILDERS_POLICIES); nothing for another bot. The
    check reads no file: whether one exists outside that directory is never told."""
    try:
        bot, params = parse(name)
    except AgentError:
        return  # make says what is wrong
    if bot != "learned" or "policy" not in params:
        return
    directory = os.environ.get(POLICIES_VARIABLE, "")
    if not directory:
        raise ApiError(422, f"this server plays no learned bot (it has no ${POLICIES_VARIABLE})")
    root = os.path.realpath(directory)
    path = os.path.realpath(str(params["policy"]))
    if os.path.commonpath([root, path]) != root:
        raise ApiError(
            422, f"a learned bot here plays a policy file of {root} (${POLICIES_VARIABLE})"
        )


def check_bot(name: str, spec: GameSpec, move_seconds: float = MOVE_SECONDS) -> str:
    """``name`` if it makes a bot that can play ``spec`` and fits a server table whose
    bots have ``move_seconds`` a move, else ApiError 422 saying what is allowed (a
    learned bot: its policy file in the server's policy directory, ``check_policy``)."""
    check_policy(name)
    try:
        agent = make(name)
        problem = _asks_too_much(agent, move_seconds)  # before the game's own settings
        check_game(agent, spec)
    except AgentError as e:
        raise ApiError(422, str(e)) from None
    if problem:
        raise ApiError(422, f"bot {name.strip()!r} asks too much of a server table: {problem}")
    return name.strip()


def fits_a_table(name: str, move_seconds: float = MOVE_SECONDS) -> bool:
    """Whether bot ``name`` fits a server table whose bots have ``move_seconds``."""
    try:
        return _asks_too_much(make(name), move_seconds) is None
    except AgentError:
        return False


def _asks_too_much(agent: Agent, move_seconds: float) -> str | None:
    """What ``agent``, as its name set it, asks beyond a server table's limits (a
    game's own search settings are not counted: they are measured to fit)."""
    seconds = getattr(agent, "seconds", 0) or 0
    if seconds > move_seconds:
        return f"seconds may be from 0 to {move_seconds:g} here (the time a bot has per move)"
    if getattr(agent, "samples", 1) > MAX_BOT_SAMPLES:
        return f"samples may be from 1 to {MAX_BOT_SAMPLES} here"
    if seconds:
        return None  # a search on a time budget stops in time, however deep
    instead = f"or give the search seconds, from 0 to {move_seconds:g}, instead"
    iterations = getattr(agent, "iterations", 0) or 0
    if iterations > MAX_BOT_ITERATIONS:
        return f"iterations may be from 1 to {MAX_BOT_ITERATIONS} here, {instead}"
    depth = getattr(agent, "depth", 1)
    actions = iterations * (END_DEPTH if depth < 0 else max(depth, 1))
    if actions > MAX_BOT_ROLLOUT_ACTIONS:
        return (
            f"iterations x depth may be at most {MAX_BOT_ROLLOUT_ACTIONS} here (depth=-1 "
            f"counting as {END_DEPTH}), not {actions}; use fewer iterations, {instead}"
        )
    return None


class BotTimeout(Exception):
    """The bot did not answer in its time; it was stopped."""


class BotFailed(Exception):
    """The bot raised, or its process died; the message says what."""


@dataclass(eq=False)
class _Slot:
    """A place for one worker process (None until needed, or after a kill)."""

    worker: MoveWorker | None = None


class BotPool:
    """``workers`` processes shared by every table, each move at most ``move_seconds``
    (see the module's docstring). ``imports`` are modules each worker imports first
    (where custom bots register themselves)."""

    def __init__(self, workers: int, move_seconds: float, imports: tuple[str, ...] = ()) -> None:
        if workers < 1:
            raise ValueError(f"the server needs at least 1 bot worker, not {workers}")
        if not (0 < move_seconds < math.inf):
            raise ValueError(f"the time per bot move must be positive, not {move_seconds}")
        self.move_seconds = move_seconds
        self.imports = tuple(imports)
        self._slots = [_Slot() for _ in range(workers)]
        self._free: deque[_Slot] = deque(self._slots)
        self._waiting: deque[asyncio.Future[_Slot]] = deque()
        #: background work waiting, served once no move waits
        self._background: deque[asyncio.Future[_Slot]] = deque()
        self._closed = False

    @property
    def deadline(self) -> float:
        """Seconds after which a bot still thinking is stopped."""
        return deadline(self.move_seconds)

    @property
    def busy(self) -> int:
        """Moves being thought now."""
        return len(self._slots) - len(self._free)

    @property
    def processes(self) -> list[BaseProcess]:
        """The worker processes started and not stopped."""
        return [slot.worker.process for slot in self._slots if slot.worker is not None]

    async def move(self, view: State, seat: int, bot: str, seed: int) -> Action:
        """The action ``bot`` chooses for ``seat`` on ``view``, the seat's determinized
        view, ``seed`` being the decision's (``turn.Decision``); BotTimeout or BotFailed
        if it has none."""
        action: Action = await self.think(Decision(view, seat, bot, seed))
        return action

    async def think(self, decision: Work, *, low: bool = False) -> Any:
        """What ``decision.take()`` answers, thought in a worker in turn and on time like
        any move (a bot's move, or a hint's ``turn.Advice``); BotTimeout or BotFailed.
        ``low``: background work (a finished game's review), which gets a worker only
        when no bot move or hint is waiting for one."""
        slot = await self._acquire(low)
        try:
            if slot.worker is None or not slot.worker.alive:
                slot.worker = await asyncio.to_thread(MoveWorker, self.imports)
            worker = slot.worker
            worker.send(decision)
            if not await _readable(worker.connection, self.deadline):
                raise BotTimeout(f"no move after {self.move_seconds:g} s")
            return worker.answer()
        except BotRaised as e:  # the worker is fine
            raise BotFailed(str(e)) from None
        except WorkerError as e:
            self._stop(slot)
            raise BotFailed(str(e)) from None
        except BaseException:  # out of time, or the table's driver cancelled
            self._stop(slot)
            raise
        finally:
            self._release(slot)

    async def close(self) -> None:
        """Kill every worker, thinking or not; moves still waiting are cancelled."""
        self._closed = True
        for slot in self._slots:
            self._stop(slot)
        for turn in (*self._waiting, *self._background):
            turn.cancel()

    # -- the queue ------------------------------------------------------------------------
    async def _acquire(self, low: bool = False) -> _Slot:
        """A free slot, first come first served (``low``: after every move waiting)."""
        if self._closed:
            raise BotFailed("the server is stopping")
        if self._free and not self._waiting and not (low and self._background):
            return self._free.pop()  # the worker used last: started, and warm
        queue = self._background if low else self._waiting
        turn = asyncio.get_running_loop().create_future()
        queue.append(turn)
        try:
            return await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release(turn.result())  # given a slot just as it was cancelled
            elif turn in queue:
                queue.remove(turn)
            raise

    def _release(self, slot: _Slot) -> None:
        for queue in (self._waiting, self._background):
            while queue:
                turn = queue.popleft()
                if not turn.done():
                    turn.set_result(slot)
                    return
        self._free.append(slot)

    @staticmethod
    def _stop(slot: _Slot) -> None:
        if slot.worker is not None:
            slot.worker.kill()
            slot.worker = None


async def _readable(connection: Connection, timeout: float) -> bool:
    """Whether ``connection`` has something to read (an answer, or the end of a dead
    process) within ``timeout`` seconds, waiting on the event loop, not in a thread."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    fd = connection.fileno()
    try:
        loop.add_reader(fd, wake)
    except NotImplementedError:  # an event loop without add_reader (Windows' proactor)
        return await asyncio.to_thread(connection.poll, timeout)
    try:
        await asyncio.wait_for(ready, timeout)
        return True
    except TimeoutError:
        return False
    finally:
        loop.remove_reader(fd)
