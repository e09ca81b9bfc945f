"""The ``housebuilders`` command: list the games, play one in the terminal or serve the
web table, simulate many between bots, measure the rules' speed and the bots' strength,
list a game's numbered rules with their tests, train a learned bot.

Every command explains itself with ``--help``. Mistakes a user can make (an unknown
game or bot, a bad player count, bad component data or options) print one red line
and exit with code 2, never a traceback (``common.user_errors``).

One module a concern: ``play`` (list, play), ``arena`` (simulate, tournament,
report), ``experiment``, ``bench``, ``serve``, ``rules``, ``learn`` (train); ``common``
holds what they share.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import typer

from housebuilders.cli import arena, bench, experiment, learn, play, rules, serve
from housebuilders.cli.play import seat_lineup, winners_line

__all__ = ["app", "main", "seat_lineup", "winners_line"]

app = typer.Typer(
    name="housebuilders",
    help="House-building board games: play them in the browser or the terminal, "
    "simulate bots, benchmark.",
    no_args_is_help=True,
    add_completion=False,
)


def _help(command: Callable[..., None]) -> str:
    """A command's docstring as its --help: each paragraph on one line, for Rich to wrap
    at the terminal's width (Typer's rich mode keeps a docstring's line breaks)."""
    paragraphs = inspect.cleandoc(command.__doc__ or "").split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


COMMANDS: list[tuple[str, Callable[..., None]]] = [
    ("list", play.list_games),
    ("play", play.play),
    ("simulate", arena.simulate),
    ("tournament", arena.tournament),
    ("report", arena.report),
    ("experiment", experiment.experiment),
    ("bench", bench.bench),
    ("serve", serve.serve),
    ("train", learn.train),
    ("rules", rules.rules),
]
for name, command in COMMANDS:
    app.command(name, help=_help(command))(command)


def main() -> None:
    """The console script's entry point."""
    app()
