"""Many games between bots, seats rotated so each bot plays each seat equally."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..agents import AgentError, check_game, make
from ..core import game
from .match import play
from .stats import SimulationResult, Tally


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
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games (game i with seed ``seed + i``) and tally the results.
    ``progress(done)`` is called after each game."""
    if not bots:
        raise AgentError("simulate needs at least one bot")
    spec = game(game_id)
    for name in bots:  # a bad name, or a bot that cannot play this game, fails now
        check_game(make(name), spec)
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(
            f"{game_id} takes {spec.min_players} to {spec.max_players} players, not {players}"
        )
    result = SimulationResult(game_id, players, seats=[Tally() for _ in range(players)])
    for index in range(games):
        names = lineup(bots, players, index)
        state = play(game_id, names, seed=seed + index, options=options, content=content)
        result.record(names, state)
        if progress is not None:
            progress(index + 1)
    return result
