"""Learning environments' speed, and our ISMCTS against OpenSpiel's, through the adapters.

    .venv/bin/python benchmarks/rl_steps.py                      # both parts
    .venv/bin/python benchmarks/rl_steps.py --part steps --seconds 3
    .venv/bin/python benchmarks/rl_steps.py --part ismcts --games 24 --move-seconds 0.05

**steps**: environment steps per second with the observation and the action mask, each
game's PettingZoo AEC environment (``housebuilders.envs.pettingzoo``, 2 players) side by
side, in the same run, with PettingZoo's own classic ``connect_four_v3`` and
``leduc_holdem_v4`` (on rlcard), all played the same way: ``env.last()`` (observation
and mask), a uniformly random legal action from the mask, ``env.step``, to the end of
each game and again. The environments are timed in turn, ``--rounds`` times,
and each row gives the best round (the machine is shared: the best is the least
disturbed), with its ratio to connect_four's. ``--ceiling`` adds each of our games with
its observation replaced by a constant vector: the rate if observing and encoding cost
nothing. (Without --ceiling, the steps part is ``housebuilders bench --versus``'s, from
``housebuilders.bench.versus``.)

**ismcts**: our ``ismcts`` bot against OpenSpiel's ISMCTS bot (``open_spiel.python.
algorithms.ismcts``, here with a time budget per move instead of a simulation count)
playing ``--game`` through the OpenSpiel adapter (``housebuilders.envs.openspiel``) at
the same seconds per move, each seat half of the games; OpenSpiel's bot with its
random-rollout evaluator and with the game's heuristic (``HeuristicEvaluator``). A move
with a single legal action is played at once by either. It prints each bot's
iterations per second and our bot's win rate (a shared win counts its share) with its
95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import statistics
from functools import partial

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as os_mcts

import housebuilders as hb
from housebuilders import agents
from housebuilders.agents.turn import bot_seed, decide
from housebuilders.bench import versus
from housebuilders.envs import openspiel as hbos, pettingzoo as hbpz
from housebuilders.envs.game import EnvGame

GAMES = tuple(hb.game_ids())


# == steps ==========================================================================
def free_encoder_steps(game_id: str, seconds: float, seed: int) -> float:
    """Steps a second of ``game_id`` with the observation replaced by a constant vector
    of its size: the rate if observing and encoding cost nothing (the ceiling an
    encoder could reach)."""
    real = EnvGame.observation
    constant: dict[int, np.ndarray] = {}
    EnvGame.observation = lambda self, state, seat: constant.setdefault(  # type: ignore[method-assign]
        self.size, np.zeros(self.size, np.float32)
    )
    try:
        return versus.aec_steps(partial(hbpz.env, game_id, players=2))(seconds, seed)
    finally:
        EnvGame.observation = real  # type: ignore[method-assign]


def steps_table(
    games: list[str], seconds: float, rounds: int, seed: int, ceiling: bool = False
) -> list[versus.Rate]:
    contenders = versus.env_contenders(games)
    if ceiling:
        contenders[len(games):len(games)] = [
            (f"{g} (encoder free)", partial(free_encoder_steps, g)) for g in games
        ]  # fmt: skip
    return versus.best_rates(contenders, versus.ENV_REFERENCE, seconds, rounds, seed)


# == ISMCTS head to head ============================================================
def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate ``p`` over ``n`` games (it stays inside
    [0, 1] and is not empty at 0 or n wins)."""
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def head_to_head(game_id: str, games: int, seconds: float, evaluator: str, c: float,
                 seed: int) -> dict[str, float]:  # fmt: skip
    spiel = pyspiel.load_game(hbos.short_name(game_id), {"players": 2, "seed": seed})
    shares, ours_it, ours_s = [], 0, 0.0
    theirs_it, theirs_s = 0, 0.0
    for g in range(games):
        ours_seat = g % 2
        state = spiel.new_initial_state()
        game_seed = seed + g
        ours = agents.make(f"ismcts:seconds={seconds}", seed=bot_seed(game_seed, ours_seat))
        judge = (
            hbos.HeuristicEvaluator()
            if evaluator == "heuristic"
            else os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(game_seed))
        )
        theirs = versus.TimedISMCTS(spiel, judge, seconds, game_seed, c)
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
            elif seat == ours_seat:
                move = decide(ours, state.hb, seat, game_seed)
                ours_it += ours.last_iterations
                ours_s += ours.last_seconds
                state.apply_action(hb.game(game_id).action_index(move))
            else:
                state.apply_action(theirs.step(state))
        winners = state.hb.winners()
        shares.append(1 / len(winners) if ours_seat in winners else 0.0)
        theirs_it, theirs_s = theirs_it + theirs.simulations, theirs_s + theirs.spent
    mean = statistics.fmean(shares)
    low, high = wilson(mean, len(shares))
    return {
        "win rate": mean, "low": low, "high": high,
        "ours it/s": ours_it / ours_s if ours_s else 0.0,
        "theirs it/s": theirs_it / theirs_s if theirs_s else 0.0,
    }  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("steps", "ismcts", "both"), default="both")
    parser.add_argument("--seconds", type=float, default=2.0, help="timed per environment")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", default=",".join(GAMES), help="our games to time")
    parser.add_argument("--ceiling", action="store_true",
                        help="also time our games with a constant observation")  # fmt: skip
    parser.add_argument("--game", default="mr-house-basic", help="the head-to-head's game")
    parser.add_argument("--games", type=int, default=24, help="head-to-head games a variant")
    parser.add_argument("--move-seconds", type=float, default=0.05)
    parser.add_argument("--evaluators", default="random,heuristic")
    parser.add_argument("--c", type=float, default=1.4, help="OpenSpiel ISMCTS's uct_c")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.part in ("steps", "both"):
        rows = steps_table(args.only.split(","), args.seconds, args.rounds, args.seed,
                           args.ceiling)  # fmt: skip
        print("| environment | steps/s | vs connect_four_v3 |")
        print("|---|---:|---:|")
        for row in rows:
            print(f"| {row.name} | {row.rate:,.0f} | {row.ratio:.2f} |")
    if args.part in ("ismcts", "both"):
        print(f"\n{args.game}, 2 players, {args.games} games a row, "
              f"{args.move_seconds} s a move each")  # fmt: skip
        print("| OpenSpiel ISMCTS evaluator | our win rate (95%) | our it/s | OpenSpiel it/s |")
        print("|---|---:|---:|---:|")
        for evaluator in args.evaluators.split(","):
            r = head_to_head(args.game, args.games, args.move_seconds, evaluator, args.c,
                             args.seed)  # fmt: skip
            print(f"| {evaluator} | {r['win rate']:.2f} ({r['low']:.2f} to {r['high']:.2f}) | "
                  f"{r['ours it/s']:,.0f} | {r['theirs it/s']:,.0f} |")  # fmt: skip


if __name__ == "__main__":
    main()
