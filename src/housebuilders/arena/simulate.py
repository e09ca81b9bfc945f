"""Many games between bots, seats rotated so each bot plays each seat equally.

    from housebuilders import arena

    records = arena.simulate("mr-house-basic", 4, 1000, ["greedy", "random"], seed=1,
                             run=arena.RunOptions(out="results.jsonl"))  # on every core
    summary = arena.SimulationResult.from_records(records)

Game ``i`` has seed ``seed + i`` and seat ``s`` is played by
``bots[(s + i) % len(bots)]`` (``lineup``). See ``runner`` for the backends, batches
and resuming (``RunOptions``), ``records`` for what a record holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from housebuilders.arena.errors import BadBot
from housebuilders.arena.records import Record
from housebuilders.arena.runner import Planned, Progress, Run, RunOptions, Setup


def lineup(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bots of game ``index``: seat s plays ``bots[(s + index) % len(bots)]``, so
    over any multiple of ``len(bots)`` games every bot plays every seat equally."""
    return [bots[(seat + index) % len(bots)] for seat in range(players)]


def simulation(
    game_id: str,
    players: int,
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    content: Mapping[str, Any] | None = None,
    run: RunOptions | None = None,
) -> Run:
    """The run ``simulate`` plays, checked (an ArenaError for unknown bots, bad player
    counts, options, data or run options) and not yet played."""
    if not bots:
        raise BadBot("simulate needs at least one bot")
    run = run or RunOptions()
    names = [b.strip() for b in bots]
    setup = Setup(game_id, players, options or {}, content, run.imports)
    plan: list[Planned] = [
        Planned(index, seed + index, tuple(lineup(names, players, index))) for index in range(games)
    ]
    return Run(setup, names, plan, run)


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
    run: RunOptions | None = None,
) -> list[Record]:
    """Play ``games`` games (game i with seed ``seed + i``, seats as in ``lineup``) and
    return one record per game, in game order. ``run``: how the games are played (the
    jobs, the backend, the results file...: ``RunOptions``); ``progress(done)`` is
    called as batches finish.

    The same arguments give the same records whatever the backend, jobs and batch
    (only ``seconds`` differs). A game in which a bot raises is recorded with its
    error; unknown bots, bad player counts, options or data fail before any game."""
    return simulation(game_id, players, games, bots, seed, options, content, run).play(progress)
