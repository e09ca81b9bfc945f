"""``housebuilders train``: a learned bot, trained by MaskablePPO (the learn extra,
imported when the command runs) and written to one policy file."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from housebuilders.arena import check_players, find_game
from housebuilders.cli.common import (
    GameArg,
    UserError,
    bot_list,
    err_console,
    out_console,
    progress_bar,
    seed_range,
    user_errors,
)
from housebuilders.core.log import plural

if TYPE_CHECKING:  # the learn extra is imported when the command runs
    from housebuilders.learn.train import Progress as Status, Settings, TrainResult

#: what the command says when the learn extra is missing
MISSING_EXTRA = "housebuilders train needs the learn extra: pip install 'housebuilders[learn]'"


def training_module() -> ModuleType:
    """``housebuilders.learn.train``, or a UserError naming the extra to install."""
    try:
        training = importlib.import_module("housebuilders.learn.train")
    except ImportError as e:
        raise UserError(f"{MISSING_EXTRA} ({e})") from None
    return training


def train(
    game_id: GameArg,
    steps: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="The budget in learner steps (actions of the trained seat).",
            show_default=False,
        ),
    ] = None,
    minutes: Annotated[
        float | None,
        typer.Option(
            min=0.01,
            help="The budget in minutes of wall-clock time (the evaluation not counted). "
            "With --steps, whichever ends first; with neither, 30 minutes.",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Players at the table (default: 2; Welcome To: 1).", show_default=False),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            dir_okay=False,
            help="The policy file to write (default: GAME.npz here).",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the network and the training games.")] = 0,
    checkpoints: Annotated[
        Path | None,
        typer.Option(
            "--checkpoints",
            file_okay=False,
            help="The checkpoint directory (default: the --out file's name with "
            ".checkpoints): the model and the training's state, every --checkpoint-steps.",
            show_default=False,
        ),
    ] = None,
    checkpoint_steps: Annotated[
        int, typer.Option(min=1, help="Learner steps between checkpoints.")
    ] = 50_000,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue the training in the checkpoint directory, with its settings; "
            "the budget (--steps, --minutes) counts what it had done.",
        ),
    ] = False,
    eval_games: Annotated[
        int,
        typer.Option(
            min=0, help="Games of the final evaluation against each of --eval-bots (0: none)."
        ),
    ] = 200,
    eval_bots: Annotated[
        str, typer.Option(help="The bots the policy is evaluated against, comma-separated.")
    ] = "random,greedy",
    opponents: Annotated[
        str | None,
        typer.Option(
            help="The curriculum, its stages comma-separated, each a bot name or self (the "
            "policy's own snapshots), sharing the budget equally (default: "
            "random 20%, greedy:samples=1 40%, self 40%).",
            show_default=False,
        ),
    ] = None,
    reward: Annotated[
        str | None,
        typer.Option(
            help="mixed (win ±1 plus the score margin, scaled), goal (win ±1 plus the "
            "game's heuristic lead, scaled: a complete house counts), score (the margin "
            "alone) or win (±1 alone); each with --step-cost a step. Default: the game's "
            "(mixed; goal for mr-house-advanced). One player: score.",
            show_default=False,
        ),
    ] = None,
    step_cost: Annotated[
        float | None,
        typer.Option(
            min=0.0,
            help="The reward's cost of each learner step (default: 0.5 / the game's episode "
            "cap, so a capped episode costs half a loss): stalling never pays.",
            show_default=False,
        ),
    ] = None,
    envs: Annotated[int, typer.Option(min=1, help="Games played side by side.")] = 8,
    runs: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Trainings side by side, seeds --seed, --seed + 1, ..., one a core, each "
            "with the whole budget; the one that plays best in --select-games games "
            "against each of --eval-bots, on seeds neither trained on nor evaluated on, "
            "is written to --out. Default: the game's (2 for mr-house-advanced, else 1).",
            show_default=False,
        ),
    ] = None,
    select_games: Annotated[
        int, typer.Option(min=1, help="With several --runs: the games that choose among them.")
    ] = 100,
    imitate: Annotated[
        str | None,
        typer.Option(
            help="A bot whose moves the policy learns before the curriculum (its time "
            "counted in the budget), or none. Default: the game's (greedy:samples=1 for "
            "mr-house-advanced, else none).",
            show_default=False,
        ),
    ] = None,
    imitate_moves: Annotated[
        int, typer.Option(min=1, help="With --imitate: the teacher's moves learnt from.")
    ] = 150_000,
) -> None:
    """Train a bot for GAME by reinforcement learning and write it to one policy file,
    played by the bot learned:policy=FILE (in NumPy: `housebuilders play GAME --bots
    learned:policy=FILE`).

    MaskablePPO (sb3-contrib, on PyTorch: pip install 'housebuilders\\[learn]') plays
    one seat, drawn at each game, against a curriculum of bots: random first, then
    greedy on one sample, then snapshots of itself (half the games) and greedy; with
    --imitate BOT (Mr House advanced: greedy:samples=1) it first learns that bot's
    moves. The reward comes at the end of each game: a win +1 or a loss -1 plus the score margin
    divided by the mean total of random play (Mr House advanced and Welcome To: the
    heuristic's lead, paid as it changes), less a small cost for every step; a
    game the episode cap cuts short is lost. Checkpoints go to a directory every
    --checkpoint-steps; --resume continues from there. With --runs N (Mr House
    advanced: 2), N trainings of seeds one after another run side by side and the one
    that plays best on seeds of their own is kept.

    At the end the policy (its best actions) plays --eval-games games against each of
    --eval-bots, seats alternating, on seeds no training game used; the table gives
    its score rate with 95% Wilson intervals, and the policy file keeps the figures.
    docs/rl.md, Training, has the details.
    """
    console = out_console()
    with user_errors():
        training = training_module()
        spec = find_game(game_id)
        count = players if players is not None else (1 if spec.min_players == 1 else 2)
        check_players(spec, count)
        stages = None if opponents is None else bot_list(opponents, "--opponents")
        choosers = bot_list(eval_bots, "--eval-bots")  # they choose among --runs too
        judges = choosers if eval_games else []
        path = out if out is not None else Path(f"{spec.id}.npz")
        try:
            settings = training.Settings(
                spec.id,
                count,
                steps,
                minutes,
                seed,
                reward or "",
                step_cost,
                stages,
                envs,
                checkpoint_steps=checkpoint_steps,
                runs=runs,
                imitate=None if imitate is None else "" if imitate == "none" else imitate,
                imitate_moves=imitate_moves,
            )
        except training.TrainingError as e:
            raise UserError(str(e)) from None
        solo = count < 2 and bool(judges)  # a strength match needs two seats
        if solo:
            judges = []
        _header(console, settings, path, resume, choosers, select_games)
        try:
            result = _train(
                console, training, settings, path, checkpoints, resume, eval_games, choosers,
                select_games,
            )  # fmt: skip
        except training.TrainingError as e:
            raise UserError(str(e)) from None
        except KeyboardInterrupt:
            where = checkpoints or training.default_checkpoints(path)
            err_console().print(
                Text(
                    f"stopped; the training so far is in {where}, --resume continues",
                    style="yellow",
                ),
                soft_wrap=True,
            )
            raise typer.Exit(130) from None
        console.print(
            f"trained {plural(result.steps, 'step')} in {_duration(result.seconds)}; "
            f"policy written to {result.out} (checkpoints in {result.checkpoints})",
            soft_wrap=True,
        )
        if result.runs:
            _runs(console, result, settings.players)
        if judges:
            _evaluate(console, training, path, spec.id, count, judges, eval_games)
        elif solo:
            console.print("one player: no match to evaluate (the policy file has no figures)")


def _header(
    console: Console, s: Settings, path: Path, resume: bool, bots: list[str], games: int
) -> None:
    budget = []
    if s.steps is not None:
        budget.append(plural(s.steps, "step"))
    if s.minutes is not None:
        budget.append(f"{s.minutes:g} minutes")
    console.print(
        f"{'resuming' if resume else 'training'} {s.game}, {plural(s.players, 'player')}, "
        f"for {' or '.join(budget)}; curriculum {', '.join(s.stages())}; "
        f"reward {s.reward}, step cost {s.step_cost:g}; writing {path}",
        soft_wrap=True,
    )
    if s.imitate and not resume:
        console.print(
            f"first, {plural(s.imitate_moves, 'move')} of {s.imitate} taught "
            f"({s.imitate_epochs} passes over them)",
            soft_wrap=True,
        )
    if s.runs and s.runs > 1:
        seeds = ", ".join(str(s.seed + i) for i in range(s.runs))
        judge = "its mean score alone" if s.players == 1 else f"against {', '.join(bots)}"
        console.print(
            f"{s.runs} runs side by side (seeds {seeds}), each for the whole budget; the "
            f"one kept plays best in {plural(games, 'game')} {judge}",
            soft_wrap=True,
        )


def _train(
    console: Console,
    training: ModuleType,
    settings: Settings,
    path: Path,
    checkpoints: Path | None,
    resume: bool,
    eval_games: int,
    select_bots: list[str],
    select_games: int,
) -> TrainResult:
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[steps]:,} steps"),
        TextColumn("{task.fields[figures]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    count = settings.runs or 1
    with Progress(*columns, console=console, transient=True) as bar:
        tasks = [bar.add_task("starting", total=1000, steps=0, figures="") for _ in range(count)]

        def show(run: int, p: Status) -> None:
            figures = ""
            if p.won is not None and p.reward is not None:
                last = min(p.games, 100)
                figures = f"won {p.won:.0%}, reward {p.reward:+.2f} (last {last} games)"
            if p.fraction >= 1 and count > 1:
                figures = "trained; playing the games that choose"
            run_name = f"seed {settings.seed + run} " if count > 1 else ""
            stage = p.stage if p.stage.startswith("imitate") else f"vs {p.stage}"
            bar.update(
                tasks[run],
                completed=round(1000 * p.fraction),
                description=run_name + stage,
                steps=p.steps,
                figures=figures,
            )

        from housebuilders.learn.runs import train_runs  # the learn extra, as ``training``

        result: TrainResult = train_runs(
            settings, path, checkpoints, resume, show, eval_games, select_bots, select_games
        )
        return result


def _runs(console: Console, result: TrainResult, players: int) -> None:
    """The runs of a training of several and the one kept."""
    table = Table(title="the runs", title_justify="left")
    for heading in ("seed", "steps", "time", "mean total" if players == 1 else "score rate"):
        table.add_column(heading, justify="right")
    table.add_column("kept")
    for run in result.runs:
        score = run["selection"]
        table.add_row(
            str(run["seed"]),
            f"{run['steps']:,}",
            _duration(run["seconds"]),
            f"{score:.1f}" if players == 1 else f"{score:.1%}",
            "yes" if run["kept"] else "",
        )
    console.print(table)


def _evaluate(
    console: Console,
    training: ModuleType,
    path: Path,
    game_id: str,
    players: int,
    bots: list[str],
    games: int,
) -> None:
    with progress_bar(console) as bar:
        tasks = {bot: bar.add_task(f"evaluating vs {bot}", total=games) for bot in bots}
        results = training.evaluate(
            path,
            game_id,
            players,
            bots,
            games,
            progress=lambda bot, done: bar.update(tasks[bot], completed=done),
        )
    training.add_evaluation(path, results)
    seed = training.EVAL_SEED
    table = Table(
        title=f"{path} against the ladder: {plural(games, 'game')} each, seats alternating, "
        f"{seed_range(seed, seed + games - 1)}",
        title_justify="left",
    )
    for heading in ("opponent", "won/tied/lost", "score rate", "95% interval", "mean score"):
        table.add_column(heading, justify="left" if heading == "opponent" else "right")
    for r in results:
        low, high = r.interval
        table.add_row(
            r.bot_b,
            f"{r.wins}/{r.ties}/{r.losses}",
            f"{r.score_rate:.1%}",
            f"{low:.1%} to {high:.1%}",
            f"{r.mean_score_a:.1f} vs {r.mean_score_b:.1f}",
        )
        for error in r.errors[:3]:
            console.print(Text(f"seed {error.seed}: {error.message}", style="yellow"))
    console.print(table)


def _duration(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s" if minutes else f"{rest} s"
