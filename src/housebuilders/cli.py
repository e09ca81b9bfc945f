"""The ``housebuilders`` command: list the games, play one in the terminal or serve the
web table, simulate many between bots, measure the rules' speed and the bots' strength.

Every command explains itself with ``--help``. Mistakes a user can make (an unknown
game or bot, a bad player count, bad component data or options) print one red line
and exit with code 2, never a traceback.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

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

from . import bench as bench_module
from .agents import AgentError, bot_names as all_bot_names, check_game, split_bots
from .agents.turn import BotError, make_agents
from .arena import (
    ArenaError,
    Record,
    Run,
    RunOptions,
    SimulationResult,
    Tally,
    check_players,
    default_jobs,
    find_game,
    rate,
    read_results,
    run,
    simulation,
    tournament_run,
)
from .arena.page import to_html
from .arena.report import (
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
    interval_text,
    length_row,
    nobody_won_text,
    outcome_text,
    rating_rows,
    score_rows,
    seat_caveat,
    seat_rows,
    summarize,
)
from .arena.strength import (
    STANDARD_PAIRS,
    StrengthResult,
    iterations_text,
    match as strength_match,
    move_ms_text,
    wdl_text,
    wilson,
)
from .arena.tournament import cycle as tournament_cycle
from .core import Action, ContentError, GameSpec, OptionError, State, game, game_ids
from .core.content import read_toml

app = typer.Typer(
    name="housebuilders",
    help="House-building board games: play them in the browser or the terminal, "
    "simulate bots, benchmark.",
    no_args_is_help=True,
    add_completion=False,
)

EXIT_USAGE = 2


class UserError(Exception):
    """A mistake in what the user asked for: reported in one line, exit code 2."""


class Quit(BaseException):
    """The human player left the game (not an Exception: not a bot's error either)."""


# == shared helpers ==========================================================================
def _out() -> Console:
    return Console(highlight=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False)


#: what a user can get wrong: each is reported in one red line, exit code 2
USER_ERRORS = (UserError, ArenaError, ContentError, OptionError, AgentError)


@contextmanager
def user_errors(out: Path | None = None) -> Iterator[None]:
    """Turn the errors a user can cause into one red line and exit code 2, a bot that
    raised into one line and exit code 1, and Ctrl+C into a note on what was kept in
    the results file ``out`` (exit code 130)."""
    try:
        yield
    except USER_ERRORS as e:
        _error_line(str(e))
        raise typer.Exit(EXIT_USAGE) from None
    except BotError as e:
        _error_line(f"bot {e.bot!r} (seat {e.seat}) raised {e}")
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        kept = f"; the finished games are in {out}, --resume continues" if out else ""
        _err().print(Text(f"stopped{kept}", style="yellow"), soft_wrap=True)
        raise typer.Exit(130) from None


def _error_line(text: str) -> None:
    message = " ".join(line.strip() for line in text.splitlines() if line.strip())
    _err().print(Text(f"error: {message}", style="bold red"), soft_wrap=True)


def load_content(path: Path | None) -> dict[str, Any] | None:
    """The TOML file to merge over the game's data.toml, or None."""
    return read_toml(path) if path is not None else None


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``["deck=standard-81", "turns=5"]`` -> options; values read as JSON when they can
    be (numbers, true/false), as text otherwise."""
    options: dict[str, Any] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UserError(f"an option is KEY=VALUE, not {item!r}")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value.strip()
    return options


# -- option types shared by the commands ----------------------------------------------------
GameArg = Annotated[
    str, typer.Argument(metavar="GAME", help="The game id (see `housebuilders list`).")
]
KNOWN_BOTS = f"Bots: {', '.join(all_bot_names())}."
ContentOpt = Annotated[
    Path | None,
    typer.Option(
        "--content",
        help="A TOML file shaped like the game's data.toml, merged over it "
        "(e.g. a value read off the real box in place of a proposed one).",
        dir_okay=False,
    ),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        help="A game option as KEY=VALUE; repeat for several. Each game's options, their "
        "choices and defaults: `housebuilders list`.",
    ),
]


# == list ====================================================================================
@app.command("list")
def list_games(
    game_id: Annotated[
        str | None,
        typer.Argument(metavar="[GAME]", help="Only this game (see the ids listed)."),
    ] = None,
) -> None:
    """List the games with their player counts, and each game's options: the KEY=VALUE
    that --option of play, simulate and tournament take."""
    with user_errors():
        specs = [find_game(game_id)] if game_id is not None else [game(g) for g in game_ids()]
    out = _out()
    table = Table(title="Games")
    table.add_column("id", no_wrap=True)
    for column in ("name", "players", "rulebook", "options"):
        table.add_column(column)
    for spec in specs:
        players = f"{spec.min_players}-{spec.max_players}"
        names = ", ".join(o.name for o in spec.options) or "none"
        table.add_row(spec.id, spec.name, players, spec.rulebook, names)
    out.print(table)
    for spec in specs:
        if spec.options:
            out.print(options_table(spec))


def options_table(spec: GameSpec) -> Table:
    """A game's options: name, choices (the default first), default and what it means."""
    table = Table(title=f"{spec.id} options (--option KEY=VALUE)")
    table.add_column("option", no_wrap=True)
    table.add_column("choices", no_wrap=True)
    table.add_column("default", no_wrap=True)
    table.add_column("meaning")
    for o in spec.options:
        choices = sorted(o.choices, key=lambda choice: choice != o.default)  # the default first
        table.add_row(o.name, "\n".join(map(str, choices)), str(o.default), o.help)
    return table


# == play ====================================================================================
class HumanAgent:
    """The person at the keyboard: shown the table from their seat, they pick an action
    from a numbered menu. ``q`` (or the end of input) leaves the game."""

    name = "you"

    def __init__(self, console: Console) -> None:
        self.console = console

    def choose(self, view: State, player: int) -> Action:
        self.console.print(Text(draw(view.spec, view.observe(player))))
        actions = view.legal_actions(player)
        self.console.print(Text(f"Your move, player {player}:", style="bold"))
        for number, action in enumerate(actions, start=1):
            self.console.print(Text(f"  {number:>3}. {view.describe(action)}"))
        return actions[self._ask(len(actions)) - 1]

    def _ask(self, count: int) -> int:
        while True:
            try:
                answer = self.console.input(f"Choose 1-{count} (q to quit): ").strip()
            except EOFError:
                raise Quit from None
            if answer.lower() in ("q", "quit", "exit"):
                raise Quit
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer)
            self.console.print(Text(f"{answer!r} is not a number from 1 to {count}.", "yellow"))


class Narrator:
    """Prints the public log's new entries after each action (never the action itself,
    which may hold a secret such as a face-down marker's value)."""

    def __init__(self, console: Console, state: State) -> None:
        self.console = console
        self.shown = len(_log(state) or ())

    def __call__(self, state: State, player: int, action: Action) -> None:
        log = _log(state)
        if log is None:  # a game without a public log: say only who moved
            self.console.print(Text(f"  player {player} moved", style="dim"))
            return
        for entry in log[self.shown :]:
            self.console.print(Text(f"  {entry}", style="cyan"))
        self.shown = len(log)


def _log(state: State) -> list[str] | None:
    """The state's public event log, if the game keeps one."""
    return getattr(state, "log", None)


def draw(spec: GameSpec, observation: Mapping[str, Any]) -> str:
    """The observation through the game's text view (JSON if the game has none)."""
    if spec.text_view is not None:
        return spec.text_view(dict(observation))
    return json.dumps(observation, indent=2)


def seat_lineup(bots: list[str], players: int, seat: int | None) -> list[str | None]:
    """Bot names per seat (None: the human). Bots fill the other seats in order; if
    fewer are given than needed, the last one repeats."""
    if seat is not None and not 0 <= seat < players:
        raise UserError(f"--seat must be from 0 to {players - 1}, not {seat}")
    needed = players - (seat is not None)
    if len(bots) > needed:
        raise UserError(f"{len(bots)} bots given for {needed} bot seats (see --players)")
    names: list[str | None] = list(bots) + [bots[-1]] * (needed - len(bots))
    if seat is not None:
        names.insert(seat, None)
    return names


def score_table(state: State, names: list[str]) -> Table:
    """Categories down, players across: the breakdown, the total, the rank and who
    won."""
    scores, ranking, winners = state.scores(), state.ranking(), state.winners()
    table = Table(title="Final scores")
    table.add_column("")
    for player, name in enumerate(names):
        table.add_column(f"P{player} {name}", justify="right")
    for category in scores[0]["breakdown"]:
        table.add_row(category, *(str(s["breakdown"][category]) for s in scores))
    table.add_row("total", *(str(s["total"]) for s in scores), style="bold")
    if "complete" in scores[0]:  # a game where an incomplete house loses
        table.add_row("complete house", *("yes" if s["complete"] else "no" for s in scores))
    table.add_row("rank", *(str(r) for r in ranking), style="bold")
    table.add_row("result", *("won" if p in winners else "lost" for p in range(len(names))))
    return table


def winners_line(state: State, names: list[str]) -> str:
    """Who won: one player, several sharing the win, or nobody (everyone lost)."""
    winners = [f"player {p} ({names[p]})" for p in state.winners()]
    if not winners:
        return "Everyone lost: nobody wins."
    if len(winners) == 1:
        return f"Winner: {winners[0]}."
    return "Winners, sharing the win: " + ", ".join(winners) + "."


def ranking_line(state: State, names: list[str]) -> str:
    ranking = state.ranking()
    order = sorted(range(len(ranking)), key=lambda p: (ranking[p], p))
    return "Ranking: " + ", ".join(f"{ranking[p]}. player {p} ({names[p]})" for p in order)


@app.command()
def play(
    game_id: GameArg,
    players: Annotated[
        int | None,
        typer.Option(
            help="Number of players (default: one per bot listed, plus you with --seat; "
            "at least the game's minimum)."
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(help="Your seat, from 0. Leave it out to watch the bots play each other."),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help="Bots for the other seats in order, comma-separated, e.g. random,greedy "
            "or greedy:samples=4; the last one repeats if fewer are given. " + KNOWN_BOTS
        ),
    ] = "random",
    seed: Annotated[int | None, typer.Option(help="Game seed (default: a random one).")] = None,
    content: ContentOpt = None,
    option: OptionOpt = None,
) -> None:
    """Play a game in the terminal against bots (or watch bots play).

    On your turn the table is drawn from your seat and your legal actions are listed;
    type a number to play one, q to leave. The bots' moves are narrated from the
    public log. At the end: the score breakdown and the ranking.
    """
    out = _out()
    with user_errors():
        spec = find_game(game_id)
        names_given = split_bots(bots)
        if players is None:  # as many seats as the bots and the human fill
            players = max(spec.min_players, len(names_given) + (seat is not None))
        count = check_players(spec, players)
        lineup = seat_lineup(names_given, count, seat)
        seed = secrets.randbelow(2**31) if seed is None else seed
        state = spec.new_game(count, seed, parse_options(option), load_content(content))
        agents = make_agents([HumanAgent(out) if n is None else n for n in lineup], seed)
        for agent in agents:  # greedy needs the game's heuristic: say so before the game
            check_game(agent, spec)
        names = [a.name for a in agents]
        out.print(
            Text(
                f"{spec.name}, seed {seed}: "
                + ", ".join(f"player {p} {n}" for p, n in enumerate(names)),
                style="bold",
            )
        )
        try:
            run(state, agents, seed, on_action=Narrator(out, state))
        except Quit:
            out.print("You left the game.")
            return
    if seat is None:
        out.print(Text(draw(spec, state.observe(None))))
    out.print(score_table(state, names))
    out.print(winners_line(state, names))
    out.print(ranking_line(state, names))


# == simulate, tournament, report ============================================================
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


def _print_kept(out: Console, planned: Run, path: Path | None) -> None:
    if planned.kept:
        text = f"{planned.kept} games kept from {path}"
        out.print(Text(text, style="dim"), soft_wrap=True)


def _heading(records: list[Record], game_id: str, players: int, seed: int) -> str:
    failed = sum(not r.ok for r in records)
    lost = sum(r.nobody_won for r in records)
    return (
        f"{len(records) - failed} games of {game_id}, {players} players, "
        f"seeds {seed}-{seed + len(records) - 1}"
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


@app.command()
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
    out = _out()
    with user_errors(out_file):
        spec = find_game(game_id)
        count = players if players is not None else spec.min_players
        planned = simulation(
            spec.id,
            count,
            games,
            split_bots(bots),
            seed,
            parse_options(option),
            load_content(content),
            run_options(jobs, backend, ray_address, batch, out_file, resume),
        )
        records = _play(out, planned, f"{spec.id}, {count} players")
    _print_kept(out, planned, out_file)
    out.print(_heading(records, spec.id, count, seed))
    result = SimulationResult.from_records(records)
    out.print(_seat_table(result))
    out.print(_bot_table(result))
    _print_errors(out, records)
    _print_results_file(out, out_file)


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


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


@app.command()
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
    out = _out()
    with user_errors(out_file):
        spec = find_game(game_id)
        count = players if players is not None else spec.min_players
        names = split_bots(bots)
        planned = tournament_run(
            spec.id,
            count,
            names,
            games,
            seed,
            seatings.value,
            parse_options(option),
            load_content(content),
            run_options(jobs, backend, ray_address, batch, out_file, resume),
        )
        full_cycle = tournament_cycle(names, count, seatings.value)
        records = _play(out, planned, f"{spec.id}, {count} players")
        leaderboard = rate(records)
    _print_kept(out, planned, out_file)
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
    _print_errors(out, records)
    _print_results_file(out, out_file)


@app.command()
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
    out = _out()
    with user_errors():
        summary = summarize(read_results(results))
        if html is not None:
            _write(html, to_html(summary))
    _print_report(out, summary)
    if html is not None:
        out.print(Text(f"report: {html}", style="bold"), soft_wrap=True)


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
    _print_errors(out, summary.errors)


def _heading_of(summary: Report) -> str:
    low, high = summary.seeds
    return (
        f"{summary.games} games of {summary.game}, {summary.players} players, "
        f"seeds {low}-{high}{outcome_text(summary)}"
    )


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


# == bench ===================================================================================
@app.command()
def bench(
    game_id: GameArg,
    players: Annotated[
        list[int] | None,
        typer.Option(
            help="A player count to measure; repeat for several (default: all). "
            "With --strength: one count (default 2)."
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(min=1, help="Random games per run; with --strength, games per pair."),
    ] = 100,
    runs: Annotated[
        int, typer.Option(min=1, help="Runs; the median is reported (not with --strength).")
    ] = 5,
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
    mean clone() time, per player count, each the median of several runs.

    With --strength: for each pair of bots A,B, --games games with seats
    rotated (A and B swap seats every game). The table gives A's score rate
    (win 1, tie 1/2) with its 95% Wilson interval, A's wins/draws/losses,
    each bot's mean score and milliseconds per move, and the search
    iterations per second of a bot that searches (ismcts).
    """
    out = _out()
    with user_errors():
        spec = find_game(game_id)
        if strength:
            count = _strength_players(spec, players)
            pairs = _strength_pairs(bots)
            _bench_strength(out, spec, count, pairs, games, seed, jobs)
            return
        for given, flag in ((bots is not None, "--bots"), (jobs != 1, "--jobs")):
            if given:
                raise UserError(f"{flag} goes with --strength")
        counts = (
            [check_players(spec, n) for n in players]
            if players
            else list(range(spec.min_players, spec.max_players + 1))
        )
    _bench_throughput(out, spec, counts, games, runs, seed)


def _bench_throughput(
    out: Console, spec: GameSpec, counts: list[int], games: int, runs: int, seed: int
) -> None:
    table = Table(title=f"{spec.id}: random play, median of {runs} runs of {games} games")
    for column in ("players", "games/s", "actions/s", "actions/game", "clone µs"):
        table.add_column(column, justify="right")
    for count in counts:
        t = bench_module.measure(spec.id, count, games=games, runs=runs, seed=seed)
        table.add_row(
            str(count),
            f"{t.games_per_s:,.1f}",
            f"{t.actions_per_s:,.0f}",
            f"{t.actions_per_game:.1f}",
            f"{t.clone_us:.2f}",
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
    names = split_bots(bots)
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
    with _progress(out) as progress:
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
        title=f"{spec.id}, {players} players: bot strength, seeds {seed}-{seed + games - 1}",
        caption="score: A's score rate against B (win 1, tie 1/2), with its 95% Wilson "
        "interval; W/D/L: A's wins, draws, losses (a game both lost is a loss); "
        "mean: mean final score; ms/move: time per decision; iter/s: search iterations per second",
    )
    table.add_column("A vs B", overflow="fold")  # a long bot name folds, figures stay whole
    for column in ("games", "score", "95% CI", "W/D/L", "mean", "ms/move", "iter/s"):
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
            move_ms_text(r.speed_b),
            iterations_text(r.speed_b),
            end_section=True,
        )
    return table


# == serve ===================================================================================
@app.command()
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0 to let other machines in).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the database, e.g. postgresql+psycopg://user:pw@host/db "
            "(default: $HOUSEBUILDERS_DATABASE_URL, else the SQLite file var/housebuilders.db)."
        ),
    ] = None,
    tables_per_minute: Annotated[
        int | None,
        typer.Option(
            help="Tables one client address may open per minute, 0: no limit "
            "(default: $HOUSEBUILDERS_TABLES_PER_MINUTE, else 20).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_bot_tables: Annotated[
        int | None,
        typer.Option(
            help="Tables of bots only in play at once, 0: no limit "
            "(default: $HOUSEBUILDERS_MAX_BOT_TABLES, else 4).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_bot_seats: Annotated[
        int | None,
        typer.Option(
            help="Bot seats at the tables in play, 0: no limit "
            "(default: $HOUSEBUILDERS_MAX_BOT_SEATS, else 100).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_spectators: Annotated[
        int | None,
        typer.Option(
            help="Spectators' live connections per table, 0: no limit "
            "(default: $HOUSEBUILDERS_MAX_SPECTATORS, else 64).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_seat_connections: Annotated[
        int | None,
        typer.Option(
            help="Live connections per seat, 0: no limit "
            "(default: $HOUSEBUILDERS_MAX_SEAT_CONNECTIONS, else 8).",
            show_default=False,
            min=0,
        ),
    ] = None,
    move_seconds: Annotated[
        float | None,
        typer.Option(
            min=0.1,
            max=3600,
            help="Seconds a bot has per move: one still thinking then is stopped and a "
            "random legal move played for it; bots may not ask for more (default: 10).",
        ),
    ] = None,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            min=1, help="Processes the bots think in, shared by all tables (default: the cores)."
        ),
    ] = None,
) -> None:
    """Serve the web table: open the address it prints, pick a game and the seats
    (people or bots), and share each person's link.

    Games are stored in the database as they are played and go on after a restart.
    Limits (docs/security.md) come from the options, else the environment.
    """
    with user_errors():
        try:
            import uvicorn

            from .server import create_app
            from .server.db import check, database_url as chosen_url
            from .server.limits import Limits
        except ImportError as e:
            raise UserError(
                f"the web table needs the server extra: pip install 'housebuilders[server]' ({e})"
            ) from None
        url = chosen_url(database_url)
        try:
            check(url)
            limits = Limits.from_env(
                tables_per_minute=tables_per_minute,
                max_bot_tables=max_bot_tables,
                max_bot_seats=max_bot_seats,
                max_spectators=max_spectators,
                max_seat_connections=max_seat_connections,
            )
        except ValueError as e:
            raise UserError(str(e)) from None
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
        _out().print(
            Text(
                f"housebuilders web table on http://{shown}:{port}/ (database: {_safe(url)})",
                "bold",
            ),
            soft_wrap=True,  # the address must stay on one line to be clicked or copied
        )
        _out().print("Open that address in your browser. Ctrl+C stops the server.")
    bots = {"move_seconds": move_seconds} if move_seconds is not None else {}
    app = create_app(url, limits, bot_workers=bot_workers, **bots)
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _safe(url: str) -> str:
    """A database URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, credentials = head.partition("//")
    return f"{scheme}//{credentials.split(':', 1)[0]}:***@{tail}"


def main() -> None:
    """The console script's entry point."""
    app()
