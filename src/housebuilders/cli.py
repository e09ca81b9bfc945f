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
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from . import bench as bench_module
from .agents import Agent, AgentError, check_game, make, split_bots
from .agents import bot_names as all_bot_names
from .arena import SimulationResult, bot_seed, run
from .arena import simulate as run_simulation
from .arena.strength import (
    STANDARD_PAIRS,
    StrengthResult,
    iterations_text,
    move_ms_text,
    wdl_text,
)
from .arena.strength import match as strength_match
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


class Quit(Exception):
    """The human player left the game."""


# == shared helpers ==========================================================================
def _out() -> Console:
    return Console(highlight=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the errors a user can cause into one red line and exit code 2."""
    try:
        yield
    except (UserError, ContentError, OptionError, AgentError) as e:
        message = " ".join(line.strip() for line in str(e).splitlines() if line.strip())
        _err().print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
        raise typer.Exit(EXIT_USAGE) from None


def find_game(game_id: str) -> GameSpec:
    if game_id not in game_ids():
        raise UserError(f"no game {game_id!r}; known games: {', '.join(game_ids())}")
    return game(game_id)


def check_players(spec: GameSpec, players: int | None) -> int:
    """The player count, defaulting to the game's minimum, checked against the game."""
    if players is None:
        return spec.min_players
    if not spec.min_players <= players <= spec.max_players:
        raise UserError(
            f"{spec.id} takes {spec.min_players} to {spec.max_players} players, not {players}"
        )
    return players


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


def bot_names(text: str, spec: GameSpec) -> list[str]:
    """The bot names in ``--bots``, each checked: the bot and its parameters exist and
    it can play ``spec`` (greedy needs the game's heuristic)."""
    names = split_bots(text)
    for name in names:
        check_game(make(name), spec)
    return names


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
    typer.Option("--option", help="A game option as KEY=VALUE; repeat for several."),
]


# == list ====================================================================================
@app.command("list")
def list_games() -> None:
    """List the games with their player counts."""
    table = Table(title="Games")
    for column in ("id", "name", "players", "rulebook"):
        table.add_column(column)
    for game_id in game_ids():
        spec = game(game_id)
        table.add_row(spec.id, spec.name, f"{spec.min_players}-{spec.max_players}", spec.rulebook)
    _out().print(table)


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
            self.console.print(Text(f"  {number:>3}. {action}"))
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
    """Categories down, players across: the breakdown, the total and the rank."""
    scores, ranking = state.scores(), state.ranking()
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
    return table


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
        names_given = bot_names(bots, spec)
        if players is None:  # as many seats as the bots and the human fill
            players = max(spec.min_players, len(names_given) + (seat is not None))
        count = check_players(spec, players)
        lineup = seat_lineup(names_given, count, seat)
        seed = secrets.randbelow(2**31) if seed is None else seed
        state = spec.new_game(count, seed, parse_options(option), load_content(content))
        agents = _agents(lineup, seed, out)
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
    out.print(ranking_line(state, names))


def _agents(lineup: list[str | None], seed: int, console: Console) -> list[Agent]:
    return [
        HumanAgent(console) if name is None else make(name, seed=bot_seed(seed, seat))
        for seat, name in enumerate(lineup)
    ]


# == simulate ================================================================================
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
            help="Bots, comma-separated (e.g. random,greedy). Seats rotate from game to game "
            "so each bot plays each seat equally. " + KNOWN_BOTS
        ),
    ] = "random",
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed + i.")] = 0,
    content: ContentOpt = None,
    option: OptionOpt = None,
) -> None:
    """Play many games between bots and report win rates and mean scores.

    A shared first place counts as a win divided by the number of players sharing it.
    """
    out = _out()
    with user_errors():
        spec = find_game(game_id)
        count = check_players(spec, players)
        names = bot_names(bots, spec)
        overrides = load_content(content)
        options = parse_options(option)
        spec.new_game(count, seed, options, overrides)  # bad data fails before the bar
        with _progress(out) as progress:
            task = progress.add_task(f"{spec.id}, {count} players", total=games)
            result = run_simulation(
                spec.id,
                count,
                games,
                names,
                seed=seed,
                options=options,
                content=overrides,
                progress=lambda done: progress.update(task, completed=done),
            )
    out.print(
        f"{result.games} games of {spec.id}, {count} players, seeds {seed}-{seed + games - 1}"
    )
    out.print(_seat_table(result))
    out.print(_bot_table(result))


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def _seat_table(result: SimulationResult) -> Table:
    table = Table(title="Per seat")
    for column in ("seat", "games", "win rate", "mean score"):
        table.add_column(column, justify="right")
    for seat, tally in enumerate(result.seats):
        table.add_row(
            str(seat), str(tally.games), f"{tally.win_rate:.1%}", f"{tally.mean_score:.2f}"
        )
    return table


def _bot_table(result: SimulationResult) -> Table:
    table = Table(title="Per bot")
    table.add_column("bot")
    for column in ("seats played", "win rate", "mean score"):
        table.add_column(column, justify="right")
    for name, tally in result.bots.items():
        table.add_row(name, str(tally.games), f"{tally.win_rate:.1%}", f"{tally.mean_score:.2f}")
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
            _bench_strength(out, spec, count, _strength_pairs(bots, spec), games, seed)
            return
        if bots is not None:
            raise UserError("--bots goes with --strength")
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
    """The one player count of a strength match: 2 (or the game's minimum) by default."""
    if not players:
        return check_players(spec, max(2, spec.min_players))
    if len(players) > 1:
        raise UserError("--strength plays at one player count: give --players once")
    if players[0] < 2:
        raise UserError("a strength match needs at least 2 players")
    return check_players(spec, players[0])


def _strength_pairs(bots: str | None, spec: GameSpec) -> list[tuple[str, str]]:
    """The pairs to match: ``--bots A,B``, or the standard pairs; each bot checked."""
    if bots is None:
        for name in dict.fromkeys(name for pair in STANDARD_PAIRS for name in pair):
            check_game(make(name), spec)
        return list(STANDARD_PAIRS)
    names = bot_names(bots, spec)
    if len(names) != 2:
        raise UserError(f"--bots names a pair, A,B, not {len(names)} bot(s): {bots!r}")
    return [(names[0], names[1])]


def _bench_strength(
    out: Console, spec: GameSpec, players: int, pairs: list[tuple[str, str]], games: int, seed: int
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
        "interval; W/D/L: A's wins, draws, losses; mean: mean final score; "
        "ms/move: time per decision; iter/s: search iterations per second",
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
) -> None:
    """Serve the web table: open the address it prints, pick a game and the seats
    (people or bots), and share each person's link.

    Games are stored in the database as they are played and go on after a restart.
    """
    with user_errors():
        try:
            import uvicorn

            from .server import create_app
            from .server.db import check
            from .server.db import database_url as chosen_url
        except ImportError as e:
            raise UserError(
                f"the web table needs the server extra: pip install 'housebuilders[server]' ({e})"
            ) from None
        url = chosen_url(database_url)
        try:
            check(url)
        except ValueError as e:
            raise UserError(str(e)) from None
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
        _out().print(
            Text(
                f"housebuilders web table on http://{shown}:{port}/ (database: {_safe(url)})",
                "bold",
            )
        )
        _out().print("Open that address in your browser. Ctrl+C stops the server.")
    uvicorn.run(create_app(url), host=host, port=port, log_level="warning")


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
