"""Where the time goes, per game: a profile of random play, of PettingZoo steps and of
ISMCTS, by module and by function (cProfile's own time, as shares of the whole).

    .venv/bin/python benchmarks/profile_rules.py                       # every game, all three
    .venv/bin/python benchmarks/profile_rules.py --games master-builder --part rules
    .venv/bin/python benchmarks/profile_rules.py --seconds 5 --top 8

**rules**: random play as ``housebuilders bench`` plays it (``legal_actions``, a random
choice, the checked ``apply``), at 2 players, for ``--seconds``. **env**: the game's
PettingZoo environment at 2 players, ``env.last()`` (the observation and its mask),
a random legal action, ``env.step``. **search**: ``ismcts:seconds=0.1`` deciding on
positions of random 2-player games. Each prints a Markdown table of the modules and
of the functions that take the most time; docs/performance.md keeps what they found.
The profiler slows everything by about half again: read the shares, not the rates.
It sees Python's functions only: profile the pure build (``HOUSEBUILDERS_PURE=1``,
docs/performance.md), since the compiled one hides the rules' own functions.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import pstats
import random
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from housebuilders import agents
from housebuilders.agents.turn import decide
from housebuilders.core import build, builtin_game_ids, game
from housebuilders.core.testing import random_playout

GAMES = tuple(builtin_game_ids())
PARTS = ("rules", "env", "search")


def random_play(game_id: str, seconds: float) -> None:
    spec, rng = game(game_id), random.Random(0)
    spec.new_game(2, 0)  # the content loaded before the clock starts
    end, g = time.perf_counter() + seconds, 0
    while time.perf_counter() < end:
        random_playout(spec.new_game(2, g), rng)
        g += 1


def env_steps(game_id: str, seconds: float) -> None:
    from housebuilders.bench.versus import aec_steps
    from housebuilders.envs import pettingzoo as hbpz

    aec_steps(partial(hbpz.env, game_id, players=2))(seconds, 0)


def search(game_id: str, seconds: float) -> None:
    from housebuilders.bench.versus import positions

    for i, state in enumerate(positions(game_id, max(1, round(seconds / 0.1)), 0)):
        decide(agents.make("ismcts:seconds=0.1", seed=i), state, state.acting_players()[0], i)


RUNS: dict[str, Callable[[str, float], None]] = {
    "rules": random_play,
    "env": env_steps,
    "search": search,
}


def _where(filename: str) -> str:
    """A function's file as the table names it: the package's modules by their path
    under housebuilders/, the rest by their package or ``python``."""
    path = Path(filename)
    parts = path.parts
    if "housebuilders" in parts:
        return "/".join(parts[parts.index("housebuilders") + 1 :])
    if "site-packages" in parts:
        return parts[parts.index("site-packages") + 1]
    return "python" if filename.startswith(("/", "<")) else "builtins"


def profile(run: Callable[[], None], top: int) -> tuple[list[tuple[str, float]], ...]:
    """``run()`` profiled: the ``top`` modules and functions by their own time, as
    shares of the whole."""
    profiler = cProfile.Profile()
    profiler.enable()
    run()
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    modules: collections.Counter[str] = collections.Counter()
    functions: collections.Counter[str] = collections.Counter()
    for (filename, _line, name), (_cc, _nc, own, _cum, _callers) in stats.items():
        where = _where(filename)
        modules[where] += own
        functions[f"{where}: {name}"] += own
    total = sum(modules.values()) or 1.0
    return tuple(
        [(name, own / total) for name, own in counter.most_common(top)]
        for counter in (modules, functions)
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--part", choices=(*PARTS, "all"), default="all")
    parser.add_argument("--seconds", type=float, default=3.0, help="profiled per game and part")
    parser.add_argument("--top", type=int, default=6, help="rows of each table")
    args = parser.parse_args(argv)
    parts = PARTS if args.part == "all" else (args.part,)
    if build.compiled():
        print(f"note: {build.summary()}: cProfile does not see the compiled functions; "
              "run with HOUSEBUILDERS_PURE=1 to profile the rules")  # fmt: skip
    for game_id in args.games.split(","):
        for part in parts:
            RUNS[part](game_id, 0.05)  # imports and content loaded outside the profile
            modules, functions = profile(partial(RUNS[part], game_id, args.seconds), args.top)
            print(f"\n**{game_id}, {part}**\n")
            print("| module | share | function | share |")
            print("|---|---:|---|---:|")
            for (module, m), (function, f) in zip(modules, functions, strict=False):
                print(f"| {module} | {m:.0%} | {function} | {f:.0%} |")


if __name__ == "__main__":
    main()
