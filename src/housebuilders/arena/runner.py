"""Playing a planned list of games: in this process, on local processes or on Ray,
with results streamed to a file and resumed from it.

A *plan* is the list of games of a run: for each its index, seed and bots by seat
(``simulate`` rotates the seats, ``tournament`` goes round the groups and seatings).
The plan is cut into batches of consecutive games; a batch is one task for a worker,
so the cost of shipping a task (a few milliseconds on Ray) is paid once per batch,
not once per game. A game depends only on its own seed, bots, options and data, never
on the batch or worker it ran in: the same plan gives the same records whatever the
backend and the number of jobs.

Backends:

- ``processes`` (the default): a ``concurrent.futures.ProcessPoolExecutor`` of
  ``jobs`` worker processes (``jobs=1`` plays in this process, no pool). Workers
  start from a fork server on Linux (spawned elsewhere), not forked from this
  process, so they inherit no threads (a progress bar's, Ray's).
- ``ray``: one Ray task per batch (``num_cpus=1``). With ``ray_address`` (e.g.
  ``"auto"``) it joins a running cluster; without, it starts a local Ray with
  ``num_cpus=jobs`` and stops it at the end. If Ray is already initialised in this
  process, that session is used as it is. Every node needs housebuilders installed
  (and any module named in ``imports``).
"""

from __future__ import annotations

import logging
import math
import os
import time
import traceback
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack, closing, contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from housebuilders.agents.turn import BotError, make_agents
from housebuilders.agents.worker import default_jobs, import_modules, process_context, start_worker
from housebuilders.arena.errors import (
    BadRun,
    ClusterError,
    MissingExtra,
    ResultsError,
    check_bots,
    check_players,
    check_setup,
    find_game,
)
from housebuilders.arena.match import run
from housebuilders.arena.records import (
    Record,
    ResultsWriter,
    content_digest,
    cut_partial_line,
    read_results,
)
from housebuilders.core import State, game

BACKENDS = ("processes", "ray")
#: The most games in one batch: a batch is also the unit of progress and of what a
#: stopped run loses.
MAX_BATCH = 50
#: Batches per job aimed at, so that the last batches do not leave workers idle.
BATCHES_PER_JOB = 16

Progress = Callable[[int], None]


def batch_size(games: int, jobs: int) -> int:
    """Games per batch: about ``BATCHES_PER_JOB`` batches per job, at most ``MAX_BATCH``
    games each (random Mr House games take ~10 ms, so a batch of 50 is half a second)."""
    return max(1, min(MAX_BATCH, math.ceil(games / (jobs * BATCHES_PER_JOB))))


# == one game ==================================================================================
@dataclass(frozen=True)
class Setup:
    """What every game of a run shares (the options and data copied, the data None
    when there is none)."""

    game_id: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    content: Mapping[str, Any] | None = None
    imports: Sequence[str] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", dict(self.options))
        object.__setattr__(self, "content", dict(self.content) if self.content else None)
        object.__setattr__(self, "imports", tuple(self.imports))

    @property
    def digest(self) -> str | None:
        return content_digest(self.content)

    def played_options(self) -> dict[str, Any]:
        """The options the games are played with, every default filled in: a record
        names the rules it was played by, whatever the defaults become."""
        return game(self.game_id).check_options(self.options)


class Planned(NamedTuple):
    """One planned game: its number in the run, its seed and the bots by seat."""

    number: int
    seed: int
    bots: tuple[str, ...]


def play_game(setup: Setup, index: int, seed: int, bots: Sequence[str]) -> Record:
    """Play one game and record it; an exception (a bot's or the rules') is recorded
    as the game's error, never raised."""
    start = time.perf_counter()
    state: State | None = None
    error: dict[str, Any] | None = None
    try:
        agents = make_agents(bots, seed)
        state = game(setup.game_id).new_game(setup.players, seed, setup.options, setup.content)
        run(state, agents, seed)
    except BotError as e:
        error = {"seat": e.seat, "bot": e.bot, "message": str(e), "where": _where(e.__cause__)}
    except Exception as e:
        error = {
            "seat": None,
            "bot": None,
            "message": f"{type(e).__name__}: {e}",
            "where": _where(e),
        }
    finished = error is None and state is not None
    return Record(
        index=index,
        game=setup.game_id,
        players=setup.players,
        options=setup.played_options(),
        content=setup.digest,
        seed=seed,
        bots=list(bots),
        scores=state.scores() if finished and state else None,
        ranking=state.ranking() if finished and state else None,
        actions=len(state.history) if state is not None else 0,
        seconds=time.perf_counter() - start,
        error=error,
        winners=state.winners() if finished and state else None,
        goals=state.goals() if finished and state else {},
    )


def _where(error: BaseException | None) -> str | None:
    """Where an exception was raised: ``"file.py:57 in choose"``."""
    if error is None or error.__traceback__ is None:
        return None
    frame = traceback.extract_tb(error.__traceback__)[-1]
    return f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"


def play_batch(setup: Setup, batch: Sequence[Planned]) -> list[Record]:
    """Play a batch of planned games (the task a worker runs)."""
    import_modules(setup.imports)
    return [play_game(setup, index, seed, bots) for index, seed, bots in batch]


# == backends: each yields the records of a batch as it finishes ==============================
def _in_process(setup: Setup, batches: list[list[Planned]]) -> Generator[list[Record], None, None]:
    for batch in batches:
        yield play_batch(setup, batch)


T = TypeVar("T")
R = TypeVar("R")


def in_workers(
    work: Callable[[T], R], tasks: Iterable[T], jobs: int, imports: Sequence[str] = ()
) -> Generator[R, None, None]:
    """``work(task)`` for every task, in ``jobs`` worker processes (each imports
    ``imports`` first); the results as they finish. Closing the generator early (the
    run was stopped) cancels the tasks not started and ends the workers."""
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=process_context(__name__),
        initializer=start_worker,
        initargs=(tuple(imports),),
    )
    pending: set[Future[R]] = {pool.submit(work, task) for task in tasks}
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        _stop(pool, pending)


def _stop(pool: ProcessPoolExecutor, pending: set[Future[Any]]) -> None:
    """Shut the pool down; if batches are still running (the run was stopped), end its
    workers rather than wait for them."""
    if pending:
        for future in pending:
            future.cancel()
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()  # the pool sees them gone and shuts down at once
    pool.shutdown(wait=True, cancel_futures=True)


@contextmanager
def ray_session(jobs: int, address: str | None) -> Iterator[tuple[Any, int]]:
    """Ray, initialised (a local Ray of ``jobs`` CPUs, or the cluster at ``address``,
    or the session this process already has), and the CPUs it offers. Stops what it
    started."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        try:
            if address is None:
                ray.init(
                    address="local",  # a new local Ray, even where `ray start` runs one
                    num_cpus=jobs,
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level=logging.ERROR,
                )
            else:
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
        except (ConnectionError, ValueError, RuntimeError) as e:
            where = f"the Ray cluster at {address!r}" if address else "a local Ray"
            raise ClusterError(f"cannot start or join {where}: {e}") from e
    try:
        yield ray, max(1, int(ray.cluster_resources().get("CPU", jobs)))
    finally:
        if started:
            ray.shutdown()


def _ray(
    ray: Any, setup: Setup, batches: list[list[Planned]]
) -> Generator[list[Record], None, None]:
    task = ray.remote(num_cpus=1, max_retries=0)(play_batch)
    setup_ref = ray.put(setup)
    pending = [task.remote(setup_ref, batch) for batch in batches]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


def import_ray() -> Any:
    """The ray module, or an error that says how to install it."""
    try:
        import ray
    except ImportError:
        raise MissingExtra("the ray backend needs Ray: pip install 'housebuilders[ray]'") from None
    return ray


# == a run =====================================================================================
@dataclass(frozen=True)
class RunOptions:
    """How a run plays its games, never what it plays: the records are the same
    whatever these are (only ``seconds`` differs).

    ``jobs``: worker processes (default: the cores; 1 plays in this process), or the
    CPUs of a local Ray. ``backend``: ``"processes"`` or ``"ray"`` (``ray_address``
    ``"auto"`` joins a running cluster). ``batch``: games per task (default: about 16
    batches per job, at most 50 games). ``out``: a JSON Lines file the records are
    written to as games finish; with ``resume`` the games already in it are kept, not
    played again. ``imports``: modules each worker imports first (where custom bots
    register themselves). A bad value is a BadRun at once."""

    jobs: int | None = None
    backend: str = "processes"
    ray_address: str | None = None
    batch: int | None = None
    out: str | os.PathLike[str] | None = None
    resume: bool = False
    imports: Sequence[str] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "imports", tuple(self.imports))
        if self.backend not in BACKENDS:
            raise BadRun(f"no backend {self.backend!r}; backends: {', '.join(BACKENDS)}")
        if self.ray_address is not None and self.backend != "ray":
            raise BadRun("a Ray address goes with the ray backend")
        for name in ("jobs", "batch"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise BadRun(f"{name} must be at least 1, not {value}")
        if self.resume and self.out is None:
            raise BadRun("resume continues a results file: give out too")


class Run:
    """A run checked and ready: ``setup`` is what its games share, ``plan`` the games,
    ``options`` how they are played.

    Making one checks everything before any game, raising an ArenaError: the bots
    (each made once), the player count, the options and data (one game is set up),
    the run options, and the results file (read once: ``kept`` games of the plan are
    already in it when resuming, and are not played again). ``play`` plays the rest."""

    def __init__(
        self, setup: Setup, bots: Sequence[str], plan: Sequence[Planned], options: RunOptions
    ) -> None:
        import_modules(setup.imports)  # where custom bots register themselves
        spec = find_game(setup.game_id)
        check_bots(spec, bots)
        check_players(spec, setup.players)
        check_setup(spec, setup.players, setup.options, setup.content)
        if options.backend == "ray":
            import_ray()
        self.setup, self.plan, self.options = setup, list(plan), options
        self.path = Path(options.out) if options.out is not None else None
        self._kept = _kept(self.path, setup, self.plan, options.resume) if self.path else {}

    @property
    def kept(self) -> int:
        """The games of the plan already in the results file (when resuming)."""
        return len(self._kept)

    def play(self, progress: Progress | None = None) -> list[Record]:
        """Play the games not kept and return every game's record, in plan order.
        ``progress(done)`` is called as batches finish, ``done`` counting the games of
        the plan finished so far (kept ones included)."""
        options, path = self.options, self.path
        jobs = options.jobs if options.jobs is not None else default_jobs()
        todo = [p for p in self.plan if p[0] not in self._kept]
        records = dict(self._kept)
        if todo:
            with ExitStack() as stack:
                ray = None
                if options.backend == "ray":
                    ray, jobs = stack.enter_context(ray_session(jobs, options.ray_address))
                size = options.batch or batch_size(len(todo), jobs)
                batches = [todo[i : i + size] for i in range(0, len(todo), size)]
                writer = ResultsWriter(path, (p[0] for p in todo)) if path else None
                if writer is not None:
                    stack.callback(writer.close)
                # closed first on the way out: pending batches cancelled, workers ended
                stream = stack.enter_context(closing(_stream(self.setup, batches, jobs, ray)))
                for finished in stream:
                    if writer is not None:
                        writer.add(finished)
                    for record in finished:
                        records[record.index] = record
                    if progress is not None:
                        progress(len(records))
        return [records[index] for index, _, _ in self.plan]


def _stream(
    setup: Setup, batches: list[list[Planned]], jobs: int, ray: Any
) -> Generator[list[Record], None, None]:
    """The records of each batch as it finishes, from Ray if given, else from local
    processes (or this one)."""
    if ray is not None:
        return _ray(ray, setup, batches)
    if jobs == 1 or len(batches) == 1:
        return _in_process(setup, batches)
    return in_workers(partial(play_batch, setup), batches, min(jobs, len(batches)), setup.imports)


def _kept(path: Path, setup: Setup, plan: Sequence[Planned], resume: bool) -> dict[int, Record]:
    """The records already in ``path`` when resuming, each checked against the plan;
    without resume, the file must be new or empty."""
    try:
        if not path.exists() or path.stat().st_size == 0:
            return {}
    except OSError as e:
        raise ResultsError(f"cannot write {path}: {e.strerror or e}") from None
    if not resume:
        count = len(read_results(path))
        raise ResultsError(
            f"{path} already holds {count} game{'s' * (count != 1)}: resume to continue "
            "that run (--resume), or give another file"
        )
    records = read_results(path)
    planned = {index: (seed, bots) for index, seed, bots in plan}
    for record in records:
        _check_record(path, record, setup, planned)
    cut_partial_line(path)
    return {r.index: r for r in records}


def _check_record(
    path: Path, record: Record, setup: Setup, planned: Mapping[int, tuple[int, tuple[str, ...]]]
) -> None:
    """A record must be a game of this run: same game, players, options, data, and the
    seed and bots the plan has at its index."""
    if record.index not in planned:
        raise ResultsError(
            f"{path} holds game {record.index}, beyond the {len(planned)} games of this run"
        )
    seed, bots = planned[record.index]
    expected = {
        "game": setup.game_id,
        "players": setup.players,
        "options": setup.played_options(),
        "content": setup.digest,
        "seed": seed,
        "bots": list(bots),
    }
    for key, value in expected.items():
        found = getattr(record, key)
        if found != value:
            raise ResultsError(
                f"{path} is another run: its game {record.index} has {key} {found!r}, "
                f"this run {value!r}"
            )
