"""``housebuilders bench``: the rules' speed with random play, the bots' strength, or the
web table under load (``--web``: ``bench.web_load``, with the server extra)."""

from __future__ import annotations

import json
import statistics
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from housebuilders.arena import check_players, find_game
from housebuilders.arena.strength import (
    STANDARD_PAIRS,
    StrengthResult,
    goal_names,
    goal_text,
    iterations_text,
    match as strength_match,
    move_ms_text,
    wdl_text,
)
from housebuilders.bench import measure
from housebuilders.cli.bench_versus import versus as bench_versus
from housebuilders.cli.common import (
    KNOWN_BOTS,
    UserError,
    bot_list,
    out_console,
    progress_bar,
    seed_range,
    user_errors,
)
from housebuilders.cli.serve import check_port
from housebuilders.core import GameSpec, build
from housebuilders.core.log import plural

if TYPE_CHECKING:
    from housebuilders.bench.web_load import Load

#: the player counts ``bench`` measures by default, from the game's minimum
DEFAULT_COUNTS = 4
#: the runs of each count whose median ``bench`` reports by default
DEFAULT_RUNS = 5


def bench(
    game_id: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="The game id (see `housebuilders list`); with --web, the tables' game "
            "(default: mr-house-basic).",
            show_default=False,
        ),
    ] = None,
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
            "ismcts:seconds=0.1,greedy. With --web: the bot at every table (default "
            "greedy). " + KNOWN_BOTS
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
    versus: Annotated[
        bool,
        typer.Option(
            "--versus",
            help="Compare with the references instead, in one run: random play against "
            "OpenSpiel's C++ backgammon and Python tic-tac-toe, the PettingZoo environments "
            "against connect_four_v3 and leduc_holdem_v4, our ISMCTS's iterations a second "
            "against OpenSpiel's ISMCTSBot; every game, or GAME alone (docs/performance.md). "
            "Needs the rl extra.",
        ),
    ] = False,
    markdown: Annotated[
        Path | None,
        typer.Option(
            dir_okay=False,
            help="With --versus: also write the tables into this Markdown file, between its "
            "lines <!-- versus --> and <!-- /versus --> (docs/performance.md).",
        ),
    ] = None,
    web: Annotated[
        bool,
        typer.Option(
            "--web",
            help="Load the web table instead: start `housebuilders serve` and play --tables "
            "tables of a person (thinking --think s before each move, on the websocket) "
            "and a bot, with --spectators; report the moves served a second, the p50 and "
            "p99 of moves and views, the errors and the server's CPU time (docs/web.md, "
            "Load). Needs the server extra.",
        ),
    ] = False,
    tables: Annotated[
        int | None,
        typer.Option(
            min=1, max=2000, help="With --web: tables in play (default 200).", show_default=False
        ),
    ] = None,
    spectators: Annotated[
        int | None,
        typer.Option(
            min=0,
            max=2000,
            help="With --web: spectators, each on a random table's websocket (default 20).",
            show_default=False,
        ),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(
            min=1,
            max=3600,
            help="With --web: the seconds measured, after the warm-up (default 60). With "
            "--versus: the seconds each contender plays a round (default 1).",
            show_default=False,
        ),
    ] = None,
    warm_up: Annotated[
        float | None,
        typer.Option(
            min=0,
            max=600,
            help="With --web: seconds of warm-up, not measured: the "
            "tables open in its first half (default 10).",
            show_default=False,
        ),
    ] = None,
    think: Annotated[
        float | None,
        typer.Option(
            min=0,
            max=60,
            help="With --web: the seconds a person thinks before each move (default 1).",
            show_default=False,
        ),
    ] = None,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="With --web: the server's database, e.g. postgresql+psycopg://... "
            "(one of its own: the tables opened stay in it, unfinished; default: a "
            "fresh SQLite file in a temporary folder)."
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=64,
            help="With --web: server processes (serve --workers), PostgreSQL only (default 1).",
            show_default=False,
        ),
    ] = None,
    port: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=65535,
            help="With --web: the server's port on 127.0.0.1 (default: a free one).",
            show_default=False,
        ),
    ] = None,
    json_out: Annotated[
        Path | None,
        typer.Option(
            "--json",
            dir_okay=False,
            help="With --web or --versus: also write the figures to this file as JSON.",
        ),
    ] = None,
) -> None:
    """Measure the rules' speed with random play, the bots' strength, or the web table
    under load.

    By default: random full games per second, actions per second and the
    mean clone() time, per player count (the game's first four counts unless
    --players says which), each the median of several runs.

    With --strength: for each pair of bots A,B, --games games with seats
    rotated (A and B swap seats every game). The table gives A's score rate
    (win 1, tie 1/2) with its 95% Wilson interval, A's wins/draws/losses,
    each bot's mean score and milliseconds per move, and the search
    iterations per second of a bot that searches (ismcts).

    With --versus: every game beside the references, in one run: random play against
    OpenSpiel's C++ backgammon, the PettingZoo environments against connect_four_v3,
    ISMCTS's iterations a second against OpenSpiel's (each contender timed in turn,
    --runs rounds, its best round kept).

    With --web: a server started for the test, --tables tables of a person and a bot
    and --spectators, played as the browser plays them; the moves asked, served and
    refused, the moves a second, the p50 and p99 of moves, pushes, the bot's replies
    and views, the errors by kind and the CPU time (docs/web.md, Load).
    """
    out = out_console()
    if versus:
        with user_errors():
            bench_versus(out, game_id, players, games, runs, seed, strength, bots, jobs,
                         web, seconds, json_out, markdown)  # fmt: skip
        return
    web_options = {
        "--tables": tables,
        "--spectators": spectators,
        "--seconds": seconds,
        "--warm-up": warm_up,
        "--think": think,
        "--database-url": database_url,
        "--workers": workers,
        "--port": port,
        "--json": json_out,
    }
    with user_errors():
        if web:
            not_web = {
                "--players": players,
                "--games": games != 100,
                "--runs": runs,
                "--seed": seed != 0,
                "--strength": strength,
                "--jobs": jobs != 1,
            }
            for flag, given in not_web.items():
                if given:
                    raise UserError(f"{flag} goes without --web")
            if markdown is not None:
                raise UserError("--markdown goes with --versus")
            load = _web_load(game_id, bots, web_options)
            _bench_web(out, load, json_out)
            return
        for flag, value in web_options.items():
            if value is not None:
                raise UserError(f"{flag} goes with --web")
        if markdown is not None:
            raise UserError("--markdown goes with --versus")
        if game_id is None:
            raise UserError(
                "name a GAME to measure (see `housebuilders list`), or give --web or --versus"
            )
        spec = find_game(game_id)
        if strength:
            if runs is not None:
                raise UserError("--runs goes without --strength (a strength match is one run "
                                "of --games games a pair)")  # fmt: skip
            count = _strength_players(spec, players)
            pairs = _strength_pairs(bots)
            _bench_strength(out, spec, count, pairs, games, seed, jobs)
            return
        if bots is not None:
            raise UserError("--bots goes with --strength or --web")
        if jobs != 1:
            raise UserError("--jobs goes with --strength")
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
    table = Table(title=title, caption=build.summary())
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


def _web_load(game_id: str | None, bots: str | None, options: dict[str, Any]) -> Load:
    """The load test's settings (a ``web_load.Load``) from the command's options,
    checked: the game, one bot, a port that is free."""
    web_load = _web_load_module()
    if bots is not None and len(bot_list(bots)) != 1:
        raise UserError(f"--bots with --web names the one bot at every table, not {bots!r}")
    if options["--port"] is not None:
        check_port("127.0.0.1", options["--port"])
    given = {flag.removeprefix("--").replace("-", "_"): value for flag, value in options.items()}
    given |= {"game": find_game(game_id).id if game_id else None, "bot": bots}
    del given["json"]
    load: Load = web_load.Load(**{k: v for k, v in given.items() if v is not None})
    if load.workers > 1 and web_load.database_kind(load.database_url) != "postgresql":
        raise UserError(
            f"--workers {load.workers} needs PostgreSQL (--database-url postgresql+psycopg://"
            "...): on SQLite one server process serves the tables"
        )
    return load


def _web_load_module() -> Any:
    """``bench.web_load``, or a clear error when the server extra (httpx, websockets,
    the server itself) is not installed."""
    try:
        import fastapi  # noqa: F401  (the server the test starts)

        from housebuilders.bench import web_load
    except ImportError as e:
        raise UserError(
            f"bench --web needs the server extra: pip install 'housebuilders[server]' ({e})"
        ) from None
    return web_load


def _bench_web(out: Console, load: Load, json_out: Path | None) -> None:
    web_load = _web_load_module()
    with progress_bar(out) as progress:
        total = load.warm_up + load.seconds
        task = progress.add_task(f"{load.tables} tables, warming up", total=total)

        def tick(elapsed: float) -> None:
            phase = "warming up" if elapsed < load.warm_up else "measuring"
            description = f"{load.tables} tables, {phase}"
            progress.update(task, completed=min(elapsed, total), description=description)

        try:
            figures = web_load.run(load, tick)
        except web_load.LoadError as e:
            raise UserError(str(e)) from None
    summary = figures.summary(load)
    servers = f"{load.workers} server process{'es' * (load.workers != 1)}"
    heading = (
        f"Web table under load: {plural(load.tables, 'table')} of {load.game}, each a person "
        f"(thinking {load.think:g} s a move, on the websocket) and {load.bot}; "
        f"{plural(load.spectators, 'spectator')}; {summary['settings']['database']}, "
        f"{servers}; {load.seconds:g} s measured after {load.warm_up:g} s of warm-up"
    )
    out.print(Text(heading, style="bold"))
    out.print(_latency_table(summary))
    out.print(_load_table(summary))
    out.print(Text(WEB_LEGEND, style="dim"))
    if json_out is not None:
        json_out.write_text(json.dumps(summary, indent=2) + "\n")
        out.print(f"figures: {json_out}")


#: what the load test's figures are, under its tables
WEB_LEGEND = (
    "move: a move's POST to its answer (2xx); move → push: from that POST to the first view "
    "after it on the person's websocket; the bot's reply: from a move's answer to the next "
    "view asking the person to move (the bot's moves between); view: a GET of a table's view "
    "(a person's on opening a table and after a refusal, a spectator's every 1 to 3 s); "
    "every view with its drawing, as the page asks. The moves, the latencies and the CPU are "
    "of the measured seconds (the server's CPU: its processes' and their bot workers'; this "
    "process's: the clients'); the tables, the games and the errors of the whole run, "
    "warm-up included."
)


def _figure(value: float | None) -> str:
    return "–" if value is None else f"{value:,.1f}"


def _latency_table(summary: dict[str, Any]) -> Table:
    """The latencies of the measured seconds, one row per kind of request."""
    table = Table(title="Latencies")
    table.add_column("")
    for column in ("count", "p50 ms", "p99 ms", "max ms"):
        table.add_column(column, justify="right")
    rows = (
        ("move", "move"),
        ("move → push", "move_to_push"),
        ("the bot's reply", "bot_reply"),
        ("view", "view"),
        ("  spectators' view", "spectator_view"),
    )
    for label, key in rows:
        figures = summary["latency_ms"][key]
        milliseconds = (_figure(figures[q]) for q in ("p50", "p99", "max"))
        table.add_row(label, str(figures["count"]), *milliseconds)
    return table


def _load_table(summary: dict[str, Any]) -> Table:
    """The moves, the errors (each kind on a line of its own) and the CPU time."""
    moves, errors, cpu = summary["moves"], summary["errors"], summary["cpu_seconds"]
    tables = summary["tables"]
    seconds = summary["measured_seconds"] or float("nan")
    table = Table(title="Moves, errors, CPU", show_header=False)
    table.add_column()
    table.add_column(justify="right")
    share = "–" if moves["served_share"] is None else f"{moves['served_share']:.1%}"
    rows = [
        ("moves asked", str(moves["asked"])),
        ("moves served (2xx)", f"{moves['served']} ({share})"),
        ("moves refused (409: the table moved on)", str(moves["refused"])),
        ("moves served a second", _figure(moves["served_per_second"])),
        ("moves a second, the bots' too", _figure(moves["all_per_second"])),
        ("views pushed to spectators", str(summary["spectator_pushes"])),
        ("tables opened, games finished", f"{tables['opened']}, {tables['games_finished']}"),
        ("errors", str(errors["total"])),
    ]
    rows += [(f"  {kind}", str(count)) for kind, count in sorted(errors["by_kind"].items())]
    for who, key in (("server CPU", "server"), ("this process's CPU", "client")):
        value = cpu[key]
        rows.append(
            (who, "–" if value is None else f"{value:.1f} s ({value / seconds:.0%} of a core)")
        )
    for label, value in rows:
        table.add_row(label, value, style="red" if label == "errors" and value != "0" else None)
    return table


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
                    progress=partial(_advance, progress, task),
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


def _advance(progress: Any, task: Any, done: int) -> None:
    """Show ``done`` games of ``task`` on the ``progress`` bar."""
    progress.update(task, completed=done)
