"""Many games between bots, seats rotated so each bot plays each seat equally.

    from housebuilders import arena

    records = arena.simulate("mr-house-basic", 4, 1000, ["greedy", "random"], seed=1,
                             out="results.jsonl")       # on every core
    summary = arena.SimulationResult.from_records(records)

Game ``i`` has seed ``seed + i`` and seat ``s`` is played by
``bots[(s + i) % len(bots)]`` (``lineup``). See ``runner`` for the backends, batches
and resuming, ``records`` for what a record holds.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..agents import AgentError
from .records import Record
from .runner import Planned, Progress, Setup, check_run, run_plan


def lineup(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bots of game ``index``: seat s plays ``bots[(s + index) % len(bots)]``, so
    over any multiple of ``len(bots)`` games every bot plays every seat equally."""
    return [bots[(seat + index) % len(bots)] for seat in range(players)]


def simulate(
    game_id: str,
    players: int,
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    content: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    *,
    jobs: int | None = None,
    backend: str = "processes",
    ray_address: str | None = None,
    batch: int | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    imports: Sequence[str] = (),
) -> list[Record]:
    """Play ``games`` games (game i with seed ``seed + i``, seats as in ``lineup``) and
    return one record per game, in game order.

    ``jobs``: worker processes (default: the cores; 1 plays in this process), or the
    CPUs of a local Ray. ``backend``: ``"processes"`` or ``"ray"`` (``ray_address``
    ``"auto"`` joins a running cluster). ``batch``: games per task (default: about 16
    batches per job, at most 50 games). ``out``: a JSON Lines file the records are
    written to as games finish; with ``resume`` the games already in it are kept, not
    played again. ``progress(done)`` is called as batches finish. ``imports``: modules
    each worker imports first (where custom bots register themselves).

    The same arguments give the same records whatever the backend, jobs and batch
    (only ``seconds`` differs). A game in which a bot raises is recorded with its
    error; unknown bots, bad player counts, options or data fail before any game."""
    if not bots:
        raise AgentError("simulate needs at least one bot")
    names = [b.strip() for b in bots]
    setup = Setup(game_id, players, dict(options or {}), _content(content), tuple(imports))
    jobs = check_run(setup, names, jobs, backend, resume, out)
    plan: list[Planned] = [
        (index, seed + index, tuple(lineup(names, players, index))) for index in range(games)
    ]
    return run_plan(
        setup,
        plan,
        jobs=jobs,
        backend=backend,
        ray_address=ray_address,
        batch=batch,
        out=out,
        resume=resume,
        progress=progress,
    )


def _content(content: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return dict(content) if content else None
