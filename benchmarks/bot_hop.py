"""What a server bot move costs for being thought in a worker process.

    .venv/bin/python benchmarks/bot_hop.py                       # greedy, Mr House
    .venv/bin/python benchmarks/bot_hop.py --bot random --moves 500

The same bot moves (views of a played game of 2-player Mr House, basic) are chosen
three ways: in this thread (``agent.choose``, the bot made once), in a thread from
the event loop (``asyncio.to_thread``, as the server did before), and in the
server's worker process (``BotPool.move``: the view pickled, sent, unpickled, the
bot made, its move sent back). It prints the median and the 90th percentile
milliseconds per move of each, and what starting one worker process costs (how a
bot stopped at its time is replaced).
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import statistics
import sys
import time

from housebuilders.agents import make
from housebuilders.agents.worker import MoveWorker
from housebuilders.core import State, game
from housebuilders.server.bots import BotPool


def views(game_id: str, count: int, seed: int) -> list[tuple[State, int]]:
    """``count`` (view, seat) pairs from random games."""
    rng = random.Random(seed)
    out: list[tuple[State, int]] = []
    state = game(game_id).new_game(2, seed)
    while len(out) < count:
        if state.is_terminal():
            state = game(game_id).new_game(2, rng.getrandbits(31))
        seat = state.acting_players()[0]
        out.append((state.determinize(seat, rng.getrandbits(31)), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def summary(name: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    return f"{name:<28} median {statistics.median(ms):7.3f} ms   p90 {p90:7.3f} ms"


async def measure(bot: str, positions: list[tuple[State, int]]) -> list[str]:
    agent = make(bot, seed=1)
    direct, threaded, pooled = [], [], []
    for view, seat in positions:
        start = time.perf_counter()
        agent.choose(view.clone(), seat)
        direct.append(time.perf_counter() - start)
    for view, seat in positions:
        start = time.perf_counter()
        await asyncio.to_thread(agent.choose, view.clone(), seat)
        threaded.append(time.perf_counter() - start)
    pool = BotPool(1, 10.0)
    await pool.move(*positions[0], bot, 0)  # the worker started
    for n, (view, seat) in enumerate(positions):
        start = time.perf_counter()
        await pool.move(view, seat, bot, n)
        pooled.append(time.perf_counter() - start)
    await pool.close()
    starts = []
    for _ in range(10):
        start = time.perf_counter()
        worker = await asyncio.to_thread(MoveWorker)
        starts.append(time.perf_counter() - start)
        worker.kill()
    return [
        summary(f"{bot}, in this thread", direct),
        summary(f"{bot}, asyncio.to_thread", threaded),
        summary(f"{bot}, worker process", pooled),
        summary("starting a worker", starts),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--game", default="mr-house-basic")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    lines = asyncio.run(measure(args.bot, views(args.game, args.moves, args.seed)))
    print(f"{args.game}, {args.moves} moves; Python {sys.version.split()[0]}, {platform.machine()}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
