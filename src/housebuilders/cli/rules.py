"""``housebuilders rules GAME``: a game's numbered rules, each with the tests that
check it (``core/rule_ids.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from housebuilders.arena import find_game
from housebuilders.cli.common import GameArg, UserError, err_console, out_console, user_errors
from housebuilders.core.rule_ids import marked_tests, numbered_rules


def rules(
    game_id: GameArg,
    tests: Annotated[
        list[Path] | None,
        typer.Option(
            "--tests",
            help="A test file or folder to look for `@pytest.mark.rule` markers in; repeat "
            "for several (default: ./tests when there is one).",
        ),
    ] = None,
    missing: Annotated[
        bool,
        typer.Option(
            "--missing", help="Only the rules no test is marked with; exit code 1 if any."
        ),
    ] = False,
) -> None:
    """List a game's rules, numbered as in its rules reference (DH-12, HF-3, MB-40),
    each in a line of our own words with the rulebook section it comes from, and the
    tests marked with its id (`@pytest.mark.rule("DH-12")`).

    The tests are found by reading the test files, nothing is run: from a checkout, in
    its folder, `housebuilders rules dream-home` lists the project's tests; `--tests`
    points at other ones (a game of your own)."""
    with user_errors():
        spec = find_game(game_id)
        try:
            listed = numbered_rules(spec)
        except (OSError, ValueError) as e:
            raise UserError(f"{spec.id}'s rules reference cannot be read: {e}") from None
        if not listed:
            raise UserError(f"{spec.id} has no numbered rules reference")
        paths = tests if tests is not None else [p for p in [Path("tests")] if p.is_dir()]
        for path in paths:
            if not path.exists():
                raise UserError(f"no test file or folder {path}")
        try:
            marked = marked_tests(paths)
        except ValueError as e:
            raise UserError(str(e)) from None
    shown = [r for r in listed if not (missing and marked.get(r.id))]
    table = Table(title=f"{spec.name}: {len(listed)} rules", show_lines=False)
    table.add_column("rule", no_wrap=True)
    table.add_column("section")
    table.add_column("in our words", ratio=3)
    table.add_column("tests", ratio=2)
    for rule in shown:
        names = [where.rpartition("/")[2] for where in marked.get(rule.id, [])]
        found = Text("\n".join(names)) if names else Text("none", style="red")
        table.add_row(rule.id, rule.section, rule.text, found)
    if shown:
        out_console().print(table)
    untested = sum(1 for r in listed if not marked.get(r.id))
    summary = f"{len(listed) - untested} of {len(listed)} rules have a marked test"
    if not paths:
        summary = "no tests folder here: give --tests"
    err_console().print(summary)
    if missing and untested:
        raise typer.Exit(1)
