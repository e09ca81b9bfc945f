"""Throughput of a game's rules: random full games per second, actions per second and
the cost of ``clone()``.

The games are played by a bare random policy straight on the state (no agents, no
determinization), so the figures measure the rules engine alone. Each figure is the
median of several runs, which shrugs off a run disturbed by the rest of the machine.

The web table's load test, a server and its clients, is ``bench.web_load``.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from housebuilders.core import GameSpec, State, game

#: Mid-game states kept for timing clone(): one every this many actions.
CLONE_SAMPLE_EVERY = 10
#: clone() calls per sampled state and run.
CLONE_REPEAT = 20


@dataclass(frozen=True)
class Throughput:
    """Median figures over the runs of ``measure``."""

    game_id: str
    players: int
    games: int
    runs: int
    games_per_s: float
    actions_per_s: float
    actions_per_game: float
    clone_us: float


def random_game(spec: GameSpec, players: int, seed: int, rng: random.Random) -> State:
    """One game played to the end by uniformly random legal actions."""
    state = spec.new_game(players, seed)
    while not state.is_terminal():
        player = state.acting_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return state


def sample_states(spec: GameSpec, players: int, seed: int, games: int = 3) -> list[State]:
    """States from throughout a few random games, to time clone() on."""
    rng = random.Random(seed)
    out: list[State] = []
    for g in range(games):
        final = random_game(spec, players, seed + g, rng)
        history = final.history
        state = spec.new_game(players, seed + g)
        for i, (player, action) in enumerate(history):
            if i % CLONE_SAMPLE_EVERY == 0:
                out.append(state.clone())
            state.apply(player, action)
    return out


def time_games(spec: GameSpec, players: int, games: int, seed: int) -> tuple[float, int]:
    """Seconds taken by ``games`` random games, and the actions they took."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for g in range(games):
        actions += len(random_game(spec, players, seed + g, rng).history)
    return time.perf_counter() - start, actions


def time_clone(states: list[State], repeat: int = CLONE_REPEAT) -> float:
    """Mean seconds per clone() over ``states``, each cloned ``repeat`` times."""
    start = time.perf_counter()
    for state in states:
        for _ in range(repeat):
            state.clone()
    return (time.perf_counter() - start) / (len(states) * repeat)


def measure(
    game_id: str, players: int, games: int = 100, runs: int = 5, seed: int = 0
) -> Throughput:
    """Play ``games`` random games ``runs`` times and time clone(); median figures."""
    if games < 1 or runs < 1:
        raise ValueError("bench needs at least 1 game and 1 run")
    spec = game(game_id)
    states = sample_states(spec, players, seed)
    games_per_s, actions_per_s, per_game, clone_s = [], [], [], []
    for _ in range(runs):
        seconds, actions = time_games(spec, players, games, seed)
        games_per_s.append(games / seconds)
        actions_per_s.append(actions / seconds)
        per_game.append(actions / games)
        clone_s.append(time_clone(states))
    median = statistics.median
    return Throughput(
        game_id,
        players,
        games,
        runs,
        games_per_s=median(games_per_s),
        actions_per_s=median(actions_per_s),
        actions_per_game=median(per_game),
        clone_us=median(clone_s) * 1e6,
    )
