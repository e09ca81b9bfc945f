"""``housebuilders bench``: the rules' speed with random play, or the bots' strength."""

from __future__ import annotations

import statistics
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..arena import check_players, find_game
from ..arena.strength import (
    STANDARD_PAIRS,
    StrengthResult,
    goal_names,
    goal_text,
    iterations_text,
    match as strength_match,
    move_ms_text,
    wdl_text,
)
from ..bench import measure
from ..core import GameSpec
from ..core.log import plural
from .common import (
    KNOWN_BOTS,
    GameArg,
    UserError,
    bot_list,
    out_console,
    progress_bar,
    seed_range,
    user_errors,
)

#: the player counts ``bench`` measures by default, from the game's minimum
DEFAULT_COUNTS = 4
#: the runs of each count whose median ``bench`` reports by default
DEFAULT_RUNS = 5


def bench(
    game_id: GameArg,
    players: Annotated[
        list[int] | None,
        typer.Option(
            help="A player count to measure; repeat for several (default: the game's "
            f"first {DEFAULT_COUNTS} counts from its minimum, such as 2-4 or 1-{DEFAULT_COUNTS}). "
            "With --strength: one count (default 2)."
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(min=1, help="Random games per run; with --strength, games per pair."),
    ] = 100,
    runs: Annotated[
        int | None,
        typer.Option(
            min=1,
            help=f"Runs; the median is reported (default: {DEFAULT_RUNS}; not with --strength).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed + i.")] = 0,
    strength: Annotated[
        bool,
        typer.Option(
            "--strength",
            help="Measure the bots instead: head-to-head matches, seats rotated, with the "
            "first bot's score rate (win 1, tie 1/2) and its 95% Wilson interval, "
            "wins/draws/losses, mean scores and the time per move.",
        ),
    ] = False,
    bots: Annotated[
        str | None,
        typer.Option(
            help="With --strength: the pair to match, A,B (e.g. greedy,random or "
            "ismcts:iterations=300,greedy). Default: greedy,random then "
            "ismcts:seconds=0.1,greedy. " + KNOWN_BOTS
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            min=1,
            help="With --strength: games played at once, in worker processes. Bots with a "
            "time budget share the cores: give them at most one job per idle core.",
        ),
    ] = 1,
) -> None:
    """Measure the rules' speed with random play, or the bots' strength.

    By default: random full games per second, actions per second and the
    mean clone() time, per player count (the game's first four counts unless
    --players says which), each the median of several runs.

    With --strength: for each pair of bots A,B, --games games with seats
    rotated (A and B swap seats every game). The table gives A's score rate
    (win 1, tie 1/2) with its 95% Wilson interval, A's wins/draws/losses,
    each bot's mean score and milliseconds per move, and the search
    iterations per second of a bot that searches (ismcts).
    """
    out = out_console()
    with user_errors():
        spec = find_game(game_id)
        if strength:
            if runs is not None:
                raise UserError("--runs goes without --strength (a strength match is one run "
                                "of --games games a pair)")  # fmt: skip
            count = _strength_players(spec, players)
            pairs = _strength_pairs(bots)
            _bench_strength(out, spec, count, pairs, games, seed, jobs)
            return
        for given, flag in ((bots is not None, "--bots"), (jobs != 1, "--jobs")):
            if given:
                raise UserError(f"{flag} goes with --strength")
        counts = [check_players(spec, n) for n in players] if players else default_counts(spec)
        _bench_throughput(out, spec, counts, games, runs or DEFAULT_RUNS, seed)


def default_counts(spec: GameSpec) -> list[int]:
    """The player counts measured without --players: the game's first ``DEFAULT_COUNTS``
    (all of 2-4, 1-4 of Welcome To's 1-100)."""
    last = min(spec.max_players, spec.min_players + DEFAULT_COUNTS - 1)
    return list(range(spec.min_players, last + 1))


def _bench_throughput(
    out: Console, spec: GameSpec, counts: list[int], games: int, runs: int, seed: int
) -> None:
    title = f"{spec.id}: random play, median of {plural(runs, 'run')} of {plural(games, 'game')}"
    table = Table(title=title)
    for column in ("players", "games/s", "actions/s", "actions/game", "clone µs"):
        table.add_column(column, justify="right")
    with progress_bar(out) as progress:
        task = progress.add_task(f"{spec.id}, random play", total=len(counts) * runs)
        for count in counts:
            progress.update(task, description=f"{spec.id}, {plural(count, 'player')}")
            timed = []
            for _ in range(runs):  # one run at a time, for the progress bar
                timed.append(measure(spec.id, count, games=games, runs=1, seed=seed))
                progress.advance(task)
            median = statistics.median
            table.add_row(
                str(count),
                f"{median(t.games_per_s for t in timed):,.1f}",
                f"{median(t.actions_per_s for t in timed):,.0f}",
                f"{median(t.actions_per_game for t in timed):.1f}",
                f"{median(t.clone_us for t in timed):.2f}",
            )
    out.print(table)


def _strength_players(spec: GameSpec, players: list[int] | None) -> int:
    """The one player count of a strength match: 2 (or the game's minimum) by default
    (the match checks it)."""
    if not players:
        return max(2, spec.min_players)
    if len(players) > 1:
        raise UserError("--strength plays at one player count: give --players once")
    return players[0]


def _strength_pairs(bots: str | None) -> list[tuple[str, str]]:
    """The pairs to match: ``--bots A,B``, or the standard pairs (each match checks its
    bots before its first game)."""
    if bots is None:
        return list(STANDARD_PAIRS)
    names = bot_list(bots)
    if len(names) != 2:
        raise UserError(f"--bots names a pair, A,B, not {len(names)} bot(s): {bots!r}")
    return [(names[0], names[1])]


def _bench_strength(
    out: Console,
    spec: GameSpec,
    players: int,
    pairs: list[tuple[str, str]],
    games: int,
    seed: int,
    jobs: int,
) -> None:
    results: list[StrengthResult] = []
    with progress_bar(out) as progress:
        for a, b in pairs:
            task = progress.add_task(f"{a} vs {b}", total=games)
            results.append(
                strength_match(
                    spec.id,
                    a,
                    b,
                    games,
                    players=players,
                    seed=seed,
                    progress=lambda done, task=task: progress.update(task, completed=done),
                    jobs=jobs,
                )
            )
    out.print(_strength_table(spec, players, seed, games, results))
    for result in results:
        for error in result.errors:
            who = f"{error.bot} raised" if error.bot else "error"
            line = (
                f"game seed {error.seed} (--bots {','.join(error.lineup)}): {who}: {error.message}"
            )
            out.print(Text(line, style="yellow"))


def _strength_table(
    spec: GameSpec,
    players: int,
    seed: int,
    games: int,
    results: list[StrengthResult],
) -> Table:
    """Two rows per pair: A with its score rate, then B."""
    table = Table(
        title=f"{spec.id}, {plural(players, 'player')}: bot strength, "
        f"{seed_range(seed, seed + games - 1)}",
        caption="score: A's score rate against B (win 1, tie 1/2), with its 95% Wilson "
        "interval; W/D/L: A's wins, draws, losses (a game both lost is a loss); "
        "mean, sd: the final scores' mean and standard deviation; then the game's goal "
        "figures (State.goals: the share of seats that met a yes-or-no goal); ms/move: time "
        "per decision; iter/s: search iterations per second"
        + (f". Reference: {spec.reference}" if spec.reference else ""),
    )
    goals = goal_names(results)
    table.add_column("A vs B", overflow="fold")  # a long bot name folds, figures stay whole
    for column in ("games", "score", "95% CI", "W/D/L", "mean", "sd", *goals, "ms/move",
                   "iter/s"):  # fmt: skip
        table.add_column(column, justify="right", no_wrap=True)
    for r in results:
        low, high = r.interval
        failed = f" +{len(r.errors)} failed" if r.errors else ""
        table.add_row(
            r.bot_a,
            f"{r.games}{failed}",
            f"{r.score_rate:.1%}",
            f"{low:.0%}-{high:.0%}",
            wdl_text(r),
            f"{r.mean_score_a:.1f}",
            f"{r.score_spread(a=True):.1f}",
            *(goal_text(r, name, a=True) for name in goals),
            move_ms_text(r.speed_a),
            iterations_text(r.speed_a),
        )
        table.add_row(
            f"  vs {r.bot_b}",
            "",
            "",
            "",
            "",
            f"{r.mean_score_b:.1f}",
            f"{r.score_spread(a=False):.1f}",
            *(goal_text(r, name, a=False) for name in goals),
            move_ms_text(r.speed_b),
            iterations_text(r.speed_b),
            end_section=True,
        )
    return table
