"""What the commands share: the console, the errors a user can make (one red line,
exit code 2, never a traceback) and the options every game command takes."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from housebuilders.agents import AgentError, bot_names as all_bot_names, split_bots
from housebuilders.agents.turn import BotError
from housebuilders.arena import ArenaError
from housebuilders.arena.errors import option_value
from housebuilders.core import ContentError, GameSpec, OptionError
from housebuilders.core.content import read_toml

EXIT_USAGE = 2


class UserError(Exception):
    """A mistake in what the user asked for: reported in one line, exit code 2."""


#: the width of what is written to a file or a pipe (Rich would take 80 columns and cut
#: a wide table's headings and figures short); ``COLUMNS`` overrides it
FILE_WIDTH = 200


def out_console() -> Console:
    """Standard output: a terminal's own width, else ``FILE_WIDTH`` (or ``COLUMNS``)."""
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = FILE_WIDTH
    return console


def err_console() -> Console:
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
        kept = f"; the finished games are in {out}, --resume continues" if _holds_games(out) else ""
        err_console().print(Text(f"stopped{kept}", style="yellow"), soft_wrap=True)
        raise typer.Exit(130) from None


def _holds_games(out: Path | None) -> bool:
    """Whether the results file ``out`` (or a study's directory of them) holds a game."""
    if out is None:
        return False
    try:
        files = list(out.glob("*.jsonl")) if out.is_dir() else [out]
        return any(f.is_file() and f.stat().st_size > 0 for f in files)
    except OSError:
        return False


def _error_line(text: str) -> None:
    message = " ".join(line.strip() for line in text.splitlines() if line.strip())
    err_console().print(Text(f"error: {message}", style="bold red"), soft_wrap=True)


def seed_range(low: int, high: int) -> str:
    """``seeds 0-99``, ``seed 7``, ``seeds -5 to -4`` (a dash would read as a minus)."""
    if low == high:
        return f"seed {low}"
    return f"seeds {low}-{high}" if low >= 0 else f"seeds {low} to {high}"


def load_content(path: Path | None) -> dict[str, Any] | None:
    """The TOML file to merge over the game's data.toml, or None."""
    return read_toml(path) if path is not None else None


def parse_options(items: list[str] | None, spec: GameSpec | None = None) -> dict[str, Any]:
    """``["deck=standard-81", "turns=5"]`` -> options. With the game's ``spec``, a value
    is the choice it names as ``housebuilders list`` shows it (``promos=True``; for a
    yes-or-no option true/false too); otherwise, and for an option the game does not
    have (the game says so), values are read as JSON when they can be (numbers,
    true/false), as text otherwise."""
    options: dict[str, Any] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UserError(f"an option is KEY=VALUE, not {item!r}")
        key = key.strip()
        if spec is not None:
            options[key] = option_value(spec, key, value)
            continue
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value.strip()
    return options


def bot_list(text: str, flag: str = "--bots") -> list[str]:
    """The bot names of ``--bots A,B:key=value,key=value,C`` (``agents.split_bots``; a
    setting after a comma belongs to the bot before it, which checks it): an empty name
    is refused."""
    if any(not piece.strip() for piece in text.split(",")):
        raise UserError(f"{flag} {text!r} has an empty bot name: give the names "
                        "separated by single commas, as in random,greedy")  # fmt: skip
    return split_bots(text)


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


def progress_bar(console: Console) -> Progress:
    """The progress bar of long work (matches, tournaments): what is done of how many,
    and the time left; gone once done."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
