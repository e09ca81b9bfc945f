"""Several trainings of one recipe side by side, the best kept (``Settings.runs``; by
default the game's ``spec.training_runs``).

``train_runs`` trains runs of the seeds ``seed``, ``seed + 1``, ... side by side, one
process a core, each with the whole budget, scores each run's policy on seeds of its
own (``evaluation.selection_score``: neither trained on nor the evaluation's) and keeps
the best. Where one run's result depends on its seed (Mr House advanced), two cores
train the better of two seeds in the time of one.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import shutil
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, wait
from dataclasses import replace
from pathlib import Path
from typing import Any

from housebuilders.learn.evaluation import EVAL_BOTS, SELECT_SEED, selection_score
from housebuilders.learn.policy import Policy
from housebuilders.learn.train import (
    Progress,
    Settings,
    TrainResult,
    default_checkpoints,
    read_checkpoint,
    train,
)

__all__ = ["SELECT_GAMES", "SELECT_SEED", "run_directory", "selection_score", "train_runs"]

#: the games against each bot that choose among a training's runs (``train_runs``)
SELECT_GAMES = 100


def run_directory(checkpoints: Path, index: int) -> Path:
    """The checkpoint directory of run ``index`` (from 0) of several: ``run-1``, ..."""
    return checkpoints / f"run-{index + 1}"


def train_runs(
    settings: Settings,
    out: str | os.PathLike[str],
    checkpoints: str | os.PathLike[str] | None = None,
    resume: bool = False,
    progress: Callable[[int, Progress], None] | None = None,
    eval_games: int = 200,
    select_bots: Sequence[str] = EVAL_BOTS,
    select_games: int = SELECT_GAMES,
    processes: int | None = None,
) -> TrainResult:
    """``settings.runs`` trainings of ``settings``, seeds ``seed``, ``seed + 1``, ...,
    each with the whole budget, side by side in ``processes`` worker processes (default:
    one a core, at most one a run); each run's policy then plays ``select_games`` games
    against each of ``select_bots`` on seeds from ``SELECT_SEED`` (``selection_score``:
    neither trained on nor the evaluation's), and the best is written to ``out``, the
    runs' figures in its metadata (``training.runs``). Each run keeps its checkpoints
    and its policy in ``run_directory(checkpoints, i)``; ``resume`` resumes every run.
    ``progress(run, Progress)`` as ``train`` calls it, with the run's index. With one
    run, ``train`` itself, in this process."""
    out = Path(out)
    directory = Path(checkpoints) if checkpoints is not None else default_checkpoints(out)
    count = settings.runs or 1
    if count == 1:
        report = (lambda p: progress(0, p)) if progress is not None else None
        return train(settings, out, directory, resume, report, eval_games)
    if resume:  # a missing checkpoint said now, not after the other runs' budget
        for i in range(count):
            read_checkpoint(run_directory(directory, i))
    runs = [replace(settings, seed=settings.seed + i) for i in range(count)]
    paths = [run_directory(directory, i) / "policy.npz" for i in range(count)]
    workers = processes or max(1, min(count, os.cpu_count() or 1))
    context = multiprocessing.get_context("spawn")  # no torch state forked
    reports: Any = context.Queue()
    with ProcessPoolExecutor(
        workers, mp_context=context, initializer=_worker_start, initargs=(reports,)
    ) as pool:
        futures = [
            pool.submit(
                _one_run, i, run, paths[i], run_directory(directory, i), resume, eval_games,
                tuple(select_bots), select_games,
            )
            for i, run in enumerate(runs)
        ]  # fmt: skip
        try:
            while not all(f.done() for f in futures):
                _relay(reports, progress, 0.25)
        except KeyboardInterrupt:  # the runs stop at their next step and write checkpoints
            for f in futures:
                f.cancel()
            wait(futures)
            raise
        _relay(reports, progress, 0.0)
        done = [f.result() for f in futures]  # a run's error (or Ctrl+C) raised here
    figures = [
        {"seed": run.seed, "steps": steps, "seconds": round(seconds, 1), "selection": score}
        for run, (steps, seconds, score) in zip(runs, done, strict=True)
    ]
    best = max(range(count), key=lambda i: figures[i]["selection"])  # the first of equals
    for i, figure in enumerate(figures):
        figure["kept"] = i == best
    shutil.copyfile(paths[best], out)
    policy = Policy.load(out)
    policy.meta["training"]["runs"] = figures
    policy.meta["training"]["selection"] = {
        "bots": list(select_bots),
        "games": select_games,
        "first_seed": SELECT_SEED,
    }
    policy.save(out)
    steps, seconds = done[best][0], done[best][1]
    stages = list(policy.meta["training"].get("stages", []))
    return TrainResult(steps, seconds, policy, out, directory, stages, figures)


#: a worker process's queue of ``(run, Progress)`` for the parent (``_worker_start``)
_reports: Any = None


def _worker_start(reports: Any) -> None:
    global _reports
    _reports = reports


def _one_run(
    index: int,
    settings: Settings,
    out: Path,
    directory: Path,
    resume: bool,
    eval_games: int,
    bots: tuple[str, ...],
    games: int,
) -> tuple[int, float, float]:
    """One run of ``train_runs``, in a worker process: its steps, seconds and score."""
    result = train(settings, out, directory, resume, lambda p: _reports.put((index, p)), eval_games)
    score = selection_score(out, settings.game, settings.players, bots, games)
    return result.steps, result.seconds, score


def _relay(reports: Any, progress: Callable[[int, Progress], None] | None, seconds: float) -> None:
    """Hand the runs' reports waiting in ``reports`` to ``progress`` (waiting up to
    ``seconds`` for the first)."""
    try:
        index, status = reports.get(timeout=seconds) if seconds else reports.get_nowait()
        while True:
            if progress is not None:
                progress(index, status)
            index, status = reports.get_nowait()
    except queue.Empty:
        pass
