"""``housebuilders experiment``: rule and content variants of a game played on the same
games, compared with paired statistics (``arena.experiment``)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from housebuilders.arena import find_game
from housebuilders.arena.experiment import (
    Experiment,
    Findings,
    difference_text,
    parse_variant,
    sentences,
    value_text,
)
from housebuilders.cli.arena import (
    Backend,
    BackendOpt,
    BatchOpt,
    JobsOpt,
    RayAddressOpt,
    SeedOpt,
    _run_progress,
    _write,
    run_options,
)
from housebuilders.cli.common import (
    KNOWN_BOTS,
    UserError,
    bot_list,
    out_console,
    seed_range,
    user_errors,
)
from housebuilders.core.log import plural


def experiment(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="The game id.")],
    variant: Annotated[
        list[str],
        typer.Option(
            "--variant",
            help="NAME=SPEC, 2 to 8 of them; the first is the baseline unless --baseline "
            "names another. SPEC is items separated by ';': OPTION=VALUE (a game option), "
            "PATH=VALUE (a value of the game's data.toml by its dotted path, e.g. "
            "basic.points.window=2; a number picks a list's element) or FILE.toml (merged "
            "over data.toml). An empty SPEC is the game as it is: rulebook=.",
        ),
    ],
    bots: Annotated[
        str,
        typer.Option(
            help="Bots, comma-separated; seats rotate from game to game, the same "
            "in every variant. " + KNOWN_BOTS
        ),  # fmt: skip
    ] = "greedy",
    games: Annotated[
        int, typer.Option(min=2, help="Games a variant (a batch, with --until-significant).")
    ] = 100,  # fmt: skip
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the game's minimum).")
    ] = None,
    baseline: Annotated[
        str | None, typer.Option(help="The variant the others are compared to.")
    ] = None,
    until_significant: Annotated[
        bool,
        typer.Option(
            "--until-significant",
            help="Play --games more a variant at a time until every difference's interval "
            "excludes zero or --budget is spent; says which.",
        ),
    ] = False,
    budget: Annotated[
        int | None,
        typer.Option(
            min=2,
            help="With --until-significant: the most games a variant (default: ten times --games).",
        ),  # fmt: skip
    ] = None,
    measure: Annotated[
        list[str] | None,
        typer.Option(
            "--measure",
            help="Compare only this measure (repeat for several), such as 'mean score', "
            "'seat 0 wins', 'length (actions)' or one of the game's goals; default: all.",
        ),
    ] = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = None,
    backend: BackendOpt = Backend.processes,
    ray_address: RayAddressOpt = None,
    batch: BatchOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            file_okay=False,
            help="A directory for the study: a results file a variant (NAME.jsonl, as "
            "`simulate --out` writes), experiment.json and report.html.",
        ),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the study in --out: games kept.")
    ] = False,
) -> None:
    """Compare rule and content variants of a game: every variant plays the same games
    (the same seeds, bots and seats), so that their differences come from the rules,
    not the deal.

    For each measure (scores, margin, length, each seat's and each bot's win rate, each
    scoring category's share, the games everyone lost, the game's own goals) it gives
    each variant's value and its paired difference to the baseline, with an interval
    that holds at 95% for the whole study (Bonferroni over every comparison), and a
    sentence per variant on what it changes. With --out, a self-contained report.html.

    Example: housebuilders experiment mr-house-basic --variant rulebook=
    --variant window2=basic.points.window=2 --bots greedy --games 200 --out study
    """
    console = out_console()
    with user_errors(out):
        spec = find_game(game_id)
        variants = [parse_variant(spec.id, text) for text in variant]
        if baseline is not None:
            first = [v for v in variants if v.name == baseline]
            if not first:
                raise UserError(f"no variant named {baseline!r}: "
                                f"{', '.join(v.name for v in variants)}")  # fmt: skip
            variants = first + [v for v in variants if v.name != baseline]
        if budget is not None and not until_significant:
            raise UserError("--budget goes with --until-significant")
        count = players if players is not None else spec.min_players
        run = run_options(jobs, backend, ray_address, batch, out, resume)
        study = Experiment(spec.id, count, games, bot_list(bots), variants, seed, run)
        limit = (budget or 10 * games) if until_significant else None
        with _run_progress(console) as bar:
            task = bar.add_task(f"{spec.id}, {len(variants)} variants", total=None)
            findings = study.play(
                lambda done, total: bar.update(task, completed=done, total=total),
                until_significant=limit,
                only=measure or (),
            )
    command = shlex.join(["housebuilders", "experiment", *sys.argv[2:]]) if _from_shell() else ""
    print_findings(console, findings, limit)
    if out is not None:
        with user_errors(out):  # the page needs matplotlib (the arena extra)
            from housebuilders.arena.study_page import to_html

            page = out / "report.html"
            html = to_html(findings, command or _command(findings, bots))
            _write(page, html)
        console.print(Text(f"report: {page}", style="bold"), soft_wrap=True)


def _from_shell() -> bool:
    return len(sys.argv) > 1 and sys.argv[1] == "experiment"


def _command(f: Findings, bots: str) -> str:
    """The command that plays the study again (when it did not come from a shell)."""
    words = ["housebuilders", "experiment", f.game_id, "--players", str(f.players),
             "--bots", bots, "--games", str(f.games), "--seed", str(f.seed)]  # fmt: skip
    for v in f.variants:
        words += ["--variant", v.text]
    return shlex.join(words)


def print_findings(console: Console, f: Findings, budget: int | None = None) -> None:
    base = f.baseline.name
    console.print(
        f"{f.game_id}, {plural(f.players, 'player')}, {plural(f.games, 'game')} a variant "
        f"({seed_range(f.seed, f.seed + f.games - 1)}, bots {', '.join(f.bots)}), against "
        f"{base}; intervals at "
        f"95% over the study's {f.comparisons} comparisons",
        soft_wrap=True,
    )
    for v in f.variants[1:]:
        table = Table(title=f"{v.name} ({v.spec or 'as it is'}) against {base}")
        table.add_column("measure")
        for column in (base, v.name, "difference"):
            table.add_column(column, justify="right")
        for row in f.rows:
            d = row.differences[v.name]
            style = "bold" if d.excludes_zero else "dim"
            table.add_row(
                row.measure.name,
                value_text(row.measure, row.values[base].mean),
                value_text(row.measure, row.values[v.name].mean),
                Text(difference_text(row.measure, d), style=style),
            )
        console.print(table)
    spread = Table(title="Scores (every seat)")
    spread.add_column("variant")
    for column in ("mean", "sd", "min", "median", "max"):
        spread.add_column(column, justify="right")
    for v in f.variants:
        mean, sd, low, median, high = f.spread[v.name]
        spread.add_row(v.name, f"{mean:.2f}", f"{sd:.2f}", str(low), f"{median:g}", str(high))
    console.print(spread)
    for sentence in sentences(f):
        console.print(sentence, soft_wrap=True)
    if budget is not None:
        left = len(f.undecided())
        if left:
            text = f"the budget of {budget} games a variant is spent: {left} differences "
            console.print(Text(text + "still include zero", style="yellow"), soft_wrap=True)
        else:
            text = f"every difference is significant (or nil) after {f.games} games"
            console.print(Text(text, style="green"))
    failed = {k: n for k, n in f.failed.items() if n}
    if failed:
        console.print(Text("failed games: " + ", ".join(f"{k} {n}" for k, n in failed.items()),
                           style="yellow"))  # fmt: skip
