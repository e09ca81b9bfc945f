"""``housebuilders simulate``, ``tournament`` and ``report``: many games between bots,
on every core or on Ray, their results file, and what it says."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from housebuilders.arena import (
    Record,
    Run,
    RunOptions,
    SimulationResult,
    Tally,
    default_jobs,
    find_game,
    rate,
    read_results,
    simulation,
    tournament_run,
)
from housebuilders.arena.page import to_html
from housebuilders.arena.report import (
    BOT_HEADER,
    LENGTH_HEADER,
    RATING_HEADER,
    SCORE_HEADER,
    SEAT_HEADER,
    Report,
    bot_rows,
    category_header,
    category_rows,
    error_lines,
    first_player_text,
    goal_header,
    goal_rows,
    interval_text,
    length_row,
    nobody_won_text,
    outcome_text,
    rating_goals,
    rating_rows,
    score_rows,
    seat_caveat,
    seat_rows,
    summarize,
    yes_no_goals,
)
from housebuilders.arena.strength import wilson
from housebuilders.arena.tournament import Rating, cycle as tournament_cycle
from housebuilders.cli.common import (
    KNOWN_BOTS,
    ContentOpt,
    GameArg,
    OptionOpt,
    UserError,
    bot_list,
    load_content,
    out_console,
    parse_options,
    seed_range,
    user_errors,
)
from housebuilders.core.log import plural


class Backend(StrEnum):
    processes = "processes"
    ray = "ray"


class Seatings(StrEnum):
    all = "all"
    rotate = "rotate"


JobsOpt = Annotated[
    int | None,
    typer.Option(
        min=1,
        help=f"Worker processes (default: the cores, {default_jobs()} here); 1 plays in this "
        "process. With --backend ray and no --ray-address: the CPUs of the local Ray.",
    ),
]
BackendOpt = Annotated[
    Backend,
    typer.Option(
        help="Where the games run: processes on this machine, or tasks on Ray "
        "(pip install 'housebuilders\\[ray]'). Same seeds, same results on either."
    ),
]
RayAddressOpt = Annotated[
    str | None,
    typer.Option(
        help="With --backend ray: the cluster to join, e.g. auto (the one `ray start` "
        "runs here) or ray://host:10001. Without it a local Ray is started and stopped."
    ),
]
BatchOpt = Annotated[
    int | None,
    typer.Option(
        min=1,
        help="Games per task (default: about 16 tasks per job, at most 50 games each).",
    ),
]
OutOpt = Annotated[
    Path | None,
    typer.Option(
        "--out",
        dir_okay=False,
        help="A JSON Lines file for the results, one game a line, written as games finish "
        "(read it with `housebuilders report`).",
    ),
]
ResumeOpt = Annotated[
    bool,
    typer.Option(
        "--resume",
        help="Continue the run in the --out file: the games already in it are kept, the "
        "others played. The other options must be those of that run.",
    ),
]
SeedOpt = Annotated[int, typer.Option(help="Seed of the first game; game i uses seed + i.")]


def run_options(
    jobs: int | None,
    backend: Backend,
    ray_address: str | None,
    batch: int | None,
    out: Path | None,
    resume: bool,
) -> RunOptions:
    """The run options of the flags (their pairs checked here to name the flags)."""
    if ray_address is not None and backend is not Backend.ray:
        raise UserError("--ray-address goes with --backend ray")
    if resume and out is None:
        raise UserError("--resume continues the --out file: give --out too")
    return RunOptions(jobs, backend.value, ray_address, batch, out, resume)


class GamesPerSecond(ProgressColumn):
    """The games finished per second (Rich's moving estimate)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("… games/s" if speed is None else f"{speed:,.1f} games/s", style="cyan")


def _run_progress(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def _play(out: Console, planned: Run, description: str) -> list[Record]:
    """Play a checked run under a progress bar (the games kept already counted)."""
    with _run_progress(out) as progress:
        task = progress.add_task(description, total=len(planned.plan), completed=planned.kept)
        return planned.play(lambda done: progress.update(task, completed=done))


def _print_kept(out: Console, planned: Run) -> None:
    if planned.kept:
        text = f"{plural(planned.kept, 'game')} kept from {planned.path}"
        out.print(Text(text, style="dim"), soft_wrap=True)


def _heading(records: list[Record], game_id: str, players: int, seed: int) -> str:
    failed = sum(not r.ok for r in records)
    lost = sum(r.nobody_won for r in records)
    return (
        f"{plural(len(records) - failed, 'game')} of {game_id}, {plural(players, 'player')}, "
        f"{seed_range(seed, seed + len(records) - 1)}"
        + (f", {lost} everyone lost" if lost else "")
        + (f", {failed} failed" if failed else "")
    )


def _print_errors(out: Console, records: list[Record]) -> None:
    for line in error_lines([r for r in records if not r.ok]):
        out.print(Text(line, style="yellow"), soft_wrap=True)


def _print_results_file(out: Console, path: Path | None) -> None:
    if path is not None:
        out.print(Text(f"results: {path}", style="bold"), soft_wrap=True)
        out.print(Text(f"  housebuilders report {path} --html report.html", style="dim"))


def simulate(
    game_id: GameArg,
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the game's minimum).")
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 100,
    bots: Annotated[
        str,
        typer.Option(
            help="Bots, comma-separated (e.g. greedy,ismcts:seconds=0.2,random). Seats rotate "
            "from game to game so each bot plays each seat equally. " + KNOWN_BOTS
        ),
    ] = "random",
    seed: SeedOpt = 0,
    jobs: JobsOpt = None,
    backend: BackendOpt = Backend.processes,
    ray_address: RayAddressOpt = None,
    batch: BatchOpt = None,
    out_file: OutOpt = None,
    resume: ResumeOpt = False,
    content: ContentOpt = None,
    option: OptionOpt = None,
) -> None:
    """Play many games between bots, on every core or on a Ray cluster, and report win
    rates and mean scores.

    Game i has seed SEED + i, and seat s is played by bot (s + i) mod (number of bots),
    so over a multiple of that many games every bot plays every seat equally. The same
    seeds give the same games whatever --jobs and --backend (bots with a time budget,
    such as ismcts:seconds=..., excepted).

    With --out, each game is written as it finishes (game, options, seed, bots by
    seat, scores with breakdowns, ranking, actions, seconds); a stopped run keeps
    what finished, and the same command with --resume plays only the rest.
    A game in which a bot raises is recorded with its error and seed; the run goes on.
    A shared first place counts as a win divided by the number of players sharing it.
    """
    out = out_console()
    with user_errors(out_file):
        spec = find_game(game_id)
        count = players if players is not None else spec.min_players
        planned = simulation(
            spec.id,
            count,
            games,
            bot_list(bots),
            seed,
            parse_options(option, spec),
            load_content(content),
            run_options(jobs, backend, ray_address, batch, out_file, resume),
        )
        records = _play(out, planned, f"{spec.id}, {count} players")
    _print_kept(out, planned)
    out.print(_heading(records, spec.id, count, seed))
    result = SimulationResult.from_records(records)
    out.print(_seat_table(result))
    out.print(_bot_table(result))
    _print_errors(out, records)
    _print_results_file(out, out_file)


def _ci(tally: Tally) -> str:
    return interval_text(wilson(tally.wins, tally.games))


def _seat_table(result: SimulationResult) -> Table:
    table = Table(title="Per seat")
    for column in ("seat", "games", "win rate", "95% CI", "mean score"):
        table.add_column(column, justify="right")
    for seat, tally in enumerate(result.seats):
        table.add_row(
            str(seat),
            str(tally.games),
            f"{tally.win_rate:.1%}",
            _ci(tally),
            f"{tally.mean_score:.2f}",
        )
    return table


def _bot_table(result: SimulationResult) -> Table:
    table = Table(title="Per bot")
    table.add_column("bot")
    for column in ("seats played", "win rate", "95% CI", "mean score"):
        table.add_column(column, justify="right")
    for name, tally in result.bots.items():
        table.add_row(
            name, str(tally.games), f"{tally.win_rate:.1%}", _ci(tally), f"{tally.mean_score:.2f}"
        )
    return table


def tournament(
    game_id: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            help="The bots, comma-separated, at least one per seat, each named once "
            "(random and random: are the same bot rated apart). " + KNOWN_BOTS
        ),
    ],
    players: Annotated[
        int | None, typer.Option(help="Players a game (default: the game's minimum).")
    ] = None,
    games: Annotated[
        int, typer.Option(min=1, help="Number of games (best a multiple of the cycle).")
    ] = 120,
    seatings: Annotated[
        Seatings,
        typer.Option(
            help="all: each group of bots in every order round the table (N! orders); "
            "rotate: only its N rotations (fewer games to a cycle)."
        ),
    ] = Seatings.all,
    seed: SeedOpt = 0,
    jobs: JobsOpt = None,
    backend: BackendOpt = Backend.processes,
    ray_address: RayAddressOpt = None,
    batch: BatchOpt = None,
    out_file: OutOpt = None,
    resume: ResumeOpt = False,
    content: ContentOpt = None,
    option: OptionOpt = None,
) -> None:
    """Rate bots against each other: every group of N of them at every seating,
    and a leaderboard of openskill Plackett-Luce ratings.

    Game i seats group i mod G (the G groups of N distinct bots) in seating
    (i div G) mod S; a full cycle of G x S games plays every group in every seating
    once. After each game, in order, the bots' ratings are updated from the game's
    ranking (a shared place is a tie). mu is a bot's estimated skill, sigma the
    uncertainty of it; the leaderboard is sorted by ordinal = mu - 3 sigma, a
    conservative estimate. Runs, --out and --resume as in `simulate`.
    """
    out = out_console()
    with user_errors(out_file):
        spec = find_game(game_id)
        count = players if players is not None else spec.min_players
        if count < 2:
            default = "" if players is not None else f" ({spec.id}'s default is {count})"
            raise UserError(f"a tournament needs at least 2 players a game{default}: "
                            "give --players 2 or more")  # fmt: skip
        names = bot_list(bots)
        planned = tournament_run(
            spec.id,
            count,
            names,
            games,
            seed,
            seatings.value,
            parse_options(option, spec),
            load_content(content),
            run_options(jobs, backend, ray_address, batch, out_file, resume),
        )
        full_cycle = tournament_cycle(names, count, seatings.value)
        records = _play(out, planned, f"{spec.id}, {count} players")
        leaderboard = rate(records)
    _print_kept(out, planned)
    out.print(_heading(records, spec.id, count, seed))
    uneven = "" if games % full_cycle == 0 else f"; {games} is not a multiple of it"
    out.print(
        Text(f"Every group of bots in every seating once: a cycle of {full_cycle} games{uneven}."),
        soft_wrap=True,
    )
    out.print(
        _rich_table(
            "Leaderboard",
            RATING_HEADER,
            rating_rows(leaderboard),
            caption="openskill Plackett-Luce ratings, game by game; sorted by ordinal = "
            "mu - 3 sigma; win rate with its 95% Wilson interval; mean: mean final score",
        )
    )
    _print_goals(out, leaderboard, spec.id)
    _print_errors(out, records)
    _print_results_file(out, out_file)


def report(
    results: Annotated[
        Path,
        typer.Argument(
            metavar="RESULTS", dir_okay=False, help="A results file (simulate/tournament --out)."
        ),
    ],
    html: Annotated[
        Path | None,
        typer.Option(
            "--html",
            dir_okay=False,
            help="Also write one self-contained HTML page: these tables and their figures "
            "(PNG, embedded). Needs matplotlib: pip install 'housebuilders\\[arena]'.",
        ),
    ] = None,
) -> None:
    """What a results file says: win rates per bot and per seat with 95% confidence
    intervals, the first player's advantage, score distributions and the share of
    each scoring category, game length, and ratings for a tournament.

    Win rates count the game's winners, a shared win as a fraction; games that
    everyone lost (Mr House advanced: no complete house) are counted and are a loss
    for every seat. Intervals are Wilson intervals. The first player's advantage is
    seat 0's win rate against the fair share, 1/N of the games someone won: seats
    rotate between the bots, so their strengths cancel out. Failed games are listed
    and left out of the figures.
    """
    out = out_console()
    with user_errors():
        if html is not None and _same_file(html, results):
            raise UserError(f"--html {html} is the results file: give the page another name, "
                            "such as report.html")  # fmt: skip
        summary = summarize(read_results(results))
        if html is not None:
            _write(html, to_html(summary))
    _print_report(out, summary)
    if html is not None:
        out.print(Text(f"report: {html}", style="bold"), soft_wrap=True)


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (the same path once resolved, or one file under
    two names)."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise UserError(f"cannot write {path}: {e.strerror or e}") from None


def _print_report(out: Console, summary: Report) -> None:
    out.print(_heading_of(summary))
    if lost := nobody_won_text(summary):
        out.print(Text(lost), soft_wrap=True)
    out.print(Text(first_player_text(summary)), soft_wrap=True)
    if caveat := seat_caveat(summary):
        out.print(Text(caveat, style="yellow"), soft_wrap=True)
    out.print(_rich_table("Win rate per bot", BOT_HEADER, bot_rows(summary)))
    out.print(_rich_table("Win rate per seat", SEAT_HEADER, seat_rows(summary)))
    out.print(_rich_table("Scores", SCORE_HEADER, score_rows(summary)))
    out.print(
        _rich_table(
            "Share of the points scored, by category",
            category_header(summary),
            category_rows(summary),
        )
    )
    out.print(_rich_table("Game length", LENGTH_HEADER, [length_row(summary)]))
    if summary.leaderboard:
        out.print(_rich_table("Ratings", RATING_HEADER, rating_rows(summary.leaderboard)))
        _print_goals(out, summary.leaderboard, summary.game)
    _print_errors(out, summary.errors)


def _heading_of(summary: Report) -> str:
    low, high = summary.seeds
    return (
        f"{plural(summary.games, 'game')} of {summary.game}, "
        f"{plural(summary.players, 'player')}, {seed_range(low, high)}{outcome_text(summary)}"
    )


def _print_goals(out: Console, board: Sequence[Rating], game_id: str) -> None:
    """The leaderboard's goal figures, a table of their own (the ratings stay readable
    in 80 columns), if the game has any."""
    if rating_goals(board):
        rows = goal_rows(board, yes_no_goals(game_id))
        caption = (
            "the game's goal figures (State.goals): each bot's mean over the seats it "
            "played, the share of them that met a yes-or-no goal"
        )
        out.print(_rich_table("Goal figures", goal_header(board), rows, caption=caption))


def _rich_table(
    title: str, header: list[str], rows: list[list[str]], caption: str | None = None
) -> Table:
    table = Table(title=title, caption=caption)
    table.add_column(header[0], overflow="fold", min_width=8)  # a long name folds
    for column in header[1:]:
        table.add_column(column, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    return table
