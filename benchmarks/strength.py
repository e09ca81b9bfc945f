"""The standard strength matches of the bots, printed as a Markdown table for
docs/bots.md.

    .venv/bin/python benchmarks/strength.py --game mr-house-basic
    .venv/bin/python benchmarks/strength.py --game welcome-to --jobs 2   # 2 games at once
    .venv/bin/python benchmarks/strength.py --games-greedy 2 --games-ismcts 2 \\
        --ismcts ismcts:iterations=30 --search-bot ismcts:iterations=30   # a quick check

It plays, seats rotated (``housebuilders.arena.strength``):

- greedy against random (``--games-greedy`` games);
- the search bot (``--ismcts``, default ``ismcts:seconds=0.1``) against greedy
  (``--games-ismcts`` games);

and times one decision of ``--search-bot`` (default ``ismcts:iterations=300``) at
``--positions`` positions of a 4-player game, for the search speed in iterations per
second. Progress goes to stderr, the table to stdout. The full default run takes a
while (the ISMCTS match spends 0.1 s on each of its moves): run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import platform
from collections.abc import Sequence

from rich.console import Console
from rich.progress import Progress

import housebuilders as hb
from housebuilders.agents import AgentError
from housebuilders.arena.strength import (
    Speed,
    StrengthResult,
    goal_names,
    goal_text,
    iterations_text,
    match,
    move_ms_text,
    search_speed,
    wdl_text,
)
from housebuilders.cli.common import progress_bar


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mr-house-basic", help="the game id")
    parser.add_argument("--players", type=int, default=2, help="players in the matches")
    parser.add_argument("--games-greedy", type=int, default=200, help="greedy vs random games")
    parser.add_argument("--games-ismcts", type=int, default=50, help="search bot vs greedy games")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument(
        "--ismcts", default="ismcts:seconds=0.1", help="the search bot matched against greedy"
    )
    parser.add_argument(
        "--search-bot", default="ismcts:iterations=300", help="the bot timed for iterations/s"
    )
    parser.add_argument("--search-players", type=int, default=4, help="players of that game")
    parser.add_argument("--positions", type=int, default=5, help="positions timed")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="games played at once in worker processes (bots with a time budget share "
        "the cores: at most one job per idle core)",
    )
    return parser.parse_args(argv)


def run_pair(
    progress: Progress, game: str, a: str, b: str, games: int, players: int, seed: int, jobs: int
) -> StrengthResult:
    """One match, with its own progress bar."""
    task = progress.add_task(f"{a} vs {b}", total=games)
    return match(
        game,
        a,
        b,
        games,
        players=players,
        seed=seed,
        progress=lambda done: progress.update(task, completed=done),
        jobs=jobs,
    )


def match_row(r: StrengthResult, goals: list[str]) -> str:
    low, high = r.interval
    failed = f" ({len(r.errors)} failed)" if r.errors else ""
    figures = "".join(
        f"| {goal_text(r, name, a=True)} / {goal_text(r, name, a=False)} " for name in goals
    )
    return (
        f"| {r.bot_a} vs {r.bot_b} | {r.games}{failed} | {r.score_rate:.1%} "
        f"| {low:.1%} – {high:.1%} | {wdl_text(r)} "
        f"| {r.mean_score_a:.1f} / {r.mean_score_b:.1f} "
        f"| {r.score_spread(a=True):.1f} / {r.score_spread(a=False):.1f} {figures}"
        f"| {move_ms_text(r.speed_a)} / {move_ms_text(r.speed_b)} "
        f"| {iterations_text(r.speed_a)} |"
    )


def markdown(args: argparse.Namespace, results: list[StrengthResult], search: Speed) -> list[str]:
    """The tables for docs/bots.md, with how they were made."""
    goals = goal_names(results)
    reference = hb.game(args.game).reference
    lines = [
        f"Game `{args.game}`, {args.players} players, seeds from {args.seed}, seats rotated; "
        "score rate of the first bot (win 1, tie 1/2) with its 95% Wilson interval; "
        "each bot's mean score, its standard deviation and the game's goal figures "
        "(first bot / second).",
        "",
        "| match | games | score rate | 95% CI | W/D/L | mean scores | sd "
        + "".join(f"| {name} " for name in goals)
        + "| ms per move | iterations/s |",
        "|---|--:|--:|--:|--:|--:|--:|" + "--:|" * len(goals) + "--:|--:|",
        *(match_row(r, goals) for r in results),
        "",
        *([f"Reference: {reference}.", ""] if reference else []),
        f"Search speed: `{args.search_bot}`, one decision at each of {search.decisions} "
        f"positions of a {args.search_players}-player game: "
        f"**{iterations_text(search)} iterations/s** "
        f"({move_ms_text(search)} ms per decision).",
        "",
        f"Measured with `benchmarks/strength.py` on Python {platform.python_version()}, "
        f"{platform.machine()}.",
    ]
    for r in results:
        lines += [
            f"- game seed {e.seed} (`--bots {','.join(e.lineup)}`): {e.bot or 'error'}: {e.message}"
            for e in r.errors
        ]
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    try:
        results, search = measure(args)
    except (AgentError, KeyError, ValueError) as e:  # a bad game, bot or count: one line
        raise SystemExit(f"error: {e.args[0] if e.args else e}") from None
    print("\n".join(markdown(args, results, search)))


def measure(args: argparse.Namespace) -> tuple[list[StrengthResult], Speed]:
    """Play the two matches and time the search bot."""
    pairs = [("greedy", "random", args.games_greedy), (args.ismcts, "greedy", args.games_ismcts)]
    with progress_bar(Console(stderr=True)) as progress:
        results = [
            run_pair(progress, args.game, a, b, games, args.players, args.seed, args.jobs)
            for a, b, games in pairs
        ]
        task = progress.add_task(f"{args.search_bot}: search speed", total=None)
        search = search_speed(
            args.game, args.search_bot, args.search_players, args.positions, args.seed
        )
        progress.update(task, completed=1)
    return results, search


if __name__ == "__main__":
    main()
