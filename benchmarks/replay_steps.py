"""What a step of the replay page costs the server, and what the other ways would.

    .venv/bin/python benchmarks/replay_steps.py
    .venv/bin/python benchmarks/replay_steps.py --games welcome-to --players 30

For a random game of each game played to its end it prints: the moves; building the
replay once (``server.replay.Replay.build``: every step's score totals, a copy of
the state every few steps); a step's state from its copy (``state_at``) and from
the start (``housebuilders.replay`` of the first k moves, what a replay without
copies does for every step: n²/2 moves for the whole game); a step's view with the
drawing (what ``GET /api/tables/{id}/replay/{step}`` computes); and the size of the
drawings of every step, which one answer holding all the steps would carry.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import housebuilders as hb
from housebuilders.core import game
from housebuilders.server.replay import Replay


def played(game_id: str, players: int, seed: int) -> list:
    state = game(game_id).new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.acting_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return list(state.history)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="mr-house-basic,welcome-to,house-of-fado")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=int, default=30, help="steps timed per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game_id in args.games.split(","):
        spec = game(game_id)
        players = min(max(args.players, spec.min_players), spec.max_players)
        history = played(game_id, players, args.seed)
        n = len(history)
        start = time.perf_counter()
        replay = Replay.build(spec.new_game(players, args.seed), history)
        built = time.perf_counter() - start
        steps = random.Random(args.seed).sample(range(n + 1), min(args.samples, n + 1))
        cached, scratch, views, drawn = [], [], [], []
        for step in steps:
            t = time.perf_counter()
            replay.state_at(step)
            cached.append(time.perf_counter() - t)
            t = time.perf_counter()
            hb.replay(game_id, players, args.seed, history[:step])
            scratch.append(time.perf_counter() - t)
            t = time.perf_counter()
            view = replay.step_view(step, 0, svg=True)
            views.append(time.perf_counter() - t)
            drawn.append(len(view["svg"] or ""))
        print(
            f"{game_id}, {players} players: {n} moves; built once in {ms(built)} "
            f"({len(replay.checkpoints)} copies, one every {replay.interval} moves)\n"
            f"  a step's state: from its copy {ms(statistics.mean(cached))} (max "
            f"{ms(max(cached))}), from the start {ms(statistics.mean(scratch))} (max "
            f"{ms(max(scratch))}; every step so: {statistics.mean(scratch) * (n + 1):.1f} s)\n"
            f"  a step's view with the drawing: median {ms(statistics.median(views))}, max "
            f"{ms(max(views))}; the drawings of all steps: "
            f"{statistics.mean(drawn) * (n + 1) / 1e6:.1f} MB"
        )


if __name__ == "__main__":
    main()
