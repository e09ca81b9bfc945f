"""The ``housebuilders`` command: list the games, play one in the terminal or serve the
web table, simulate many between bots, measure the rules' speed and the bots' strength.

Every command explains itself with ``--help``. Mistakes a user can make (an unknown
game or bot, a bad player count, bad component data or options) print one red line
and exit with code 2, never a traceback (``common.user_errors``).

One module a concern: ``play`` (list, play), ``arena`` (simulate, tournament,
report), ``experiment``, ``bench``, ``serve``; ``common`` holds what they share.
"""

from __future__ import annotations

import typer

from . import arena, bench, experiment, play, serve
from .play import seat_lineup, winners_line

__all__ = ["app", "main", "seat_lineup", "winners_line"]

app = typer.Typer(
    name="housebuilders",
    help="House-building board games: play them in the browser or the terminal, "
    "simulate bots, benchmark.",
    no_args_is_help=True,
    add_completion=False,
)
app.command("list")(play.list_games)
app.command()(play.play)
app.command()(arena.simulate)
app.command()(arena.tournament)
app.command()(arena.report)
app.command()(experiment.experiment)
app.command()(bench.bench)
app.command()(serve.serve)


def main() -> None:
    """The console script's entry point."""
    app()
