"""ISMCTS iterations a second at ``seconds=0.1`` a move, on the same positions in any
version of the package: the figure that compares the search's speed across versions.

    .venv/bin/python benchmarks/search_rate.py                      # this tree, every game
    PYTHONPATH=/path/to/older/src .venv/bin/python benchmarks/search_rate.py
    .venv/bin/python benchmarks/search_rate.py house-of-fado --positions 24

It reads only what every version has (``housebuilders.game``, ``agents.make``, the
state's ``determinize``), so an older checkout's ``src`` measures the same way; run the
two one after the other on a quiet machine. The positions are those of random 2-player
games, 5 to 60 moves in, where the player to move has more than one move worth
weighing; the same seed gives the same positions in every version that plays the same
games (tests/test_same_games.py). ``housebuilders bench --versus`` gives this tree's
figures beside OpenSpiel's.
"""

from __future__ import annotations

import argparse
import json
import random

import housebuilders as hb
from housebuilders import agents

GAMES = ("mr-house-basic", "mr-house-advanced", "welcome-to", "dream-home",
         "house-of-fado", "master-builder")  # fmt: skip


def positions(game_id: str, count: int, seed: int) -> list[hb.State]:
    spec, rng = hb.game(game_id), random.Random(seed)
    found, g = [], 0
    while len(found) < count:
        state = spec.new_game(2, seed + g)
        stop = rng.randrange(5, 60)
        while not state.is_terminal() and len(state.history) < stop:
            player = state.acting_players()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
        if not state.is_terminal() and len(state.search_actions(state.acting_players()[0])) > 1:
            found.append(state)
        g += 1
    return found


def rate(game_id: str, count: int, seed: int, seconds: float) -> float:
    """Iterations a second over ``count`` decisions, each on the player's view."""
    iterations, spent = 0, 0.0
    for i, state in enumerate(positions(game_id, count, seed)):
        player = state.acting_players()[0]
        bot = agents.make(f"ismcts:seconds={seconds}", seed=i)
        bot.choose(state.determinize(player, 1000 + i), player)
        iterations, spent = iterations + bot.last_iterations, spent + bot.last_seconds
    return iterations / spent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--positions", type=int, default=12, help="decisions per game")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.1, help="the search's time a move")
    args = parser.parse_args(argv)
    figures = {g: round(rate(g, args.positions, args.seed, args.seconds)) for g in args.games}
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
