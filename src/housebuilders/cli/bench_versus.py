"""``housebuilders bench --versus``: our games, environments and search side by side
with OpenSpiel's and PettingZoo's, in one run (``bench.versus``, the rl extra)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from housebuilders.arena import check_players, find_game
from housebuilders.cli.common import UserError, progress_bar
from housebuilders.core import GameSpec, builtin_game_ids

#: the lines between which ``--markdown`` writes the tables (docs/performance.md)
START, END = "<!-- versus -->", "<!-- /versus -->"
#: ``--versus``'s rounds by default (each contender keeps its best)
VERSUS_ROUNDS = 3


def versus(
    out: Console,
    game_id: str | None,
    players: list[int] | None,
    games: int,
    runs: int | None,
    seed: int,
    strength: bool,
    bots: str | None,
    jobs: int,
    web: bool,
    seconds: float | None,
    json_out: Path | None,
    markdown: Path | None,
) -> None:
    """``bench --versus``: the options checked, then the run."""
    others = {"--strength": strength, "--web": web, "--bots": bots is not None,
              "--jobs": jobs != 1, "--games": games != 100}  # fmt: skip
    for flag, given in others.items():
        if given:
            raise UserError(f"{flag} goes without --versus")
    specs = [find_game(game_id)] if game_id else [find_game(g) for g in builtin_game_ids()]
    counts = versus_counts(specs, players)
    run_versus(out, counts, seconds or 1.0, runs or VERSUS_ROUNDS, seed, json_out, markdown)


def versus_counts(specs: list[GameSpec], players: list[int] | None) -> dict[str, list[int]]:
    """The player counts timed: those given, else the smallest and 4 (Welcome To: 1, 4)."""
    counts = {}
    for spec in specs:
        wanted = players or (spec.min_players, min(4, spec.max_players))
        counts[spec.id] = sorted({check_players(spec, n) for n in wanted})
    return counts


def _versus_module() -> Any:
    try:
        from housebuilders.bench import versus
    except ImportError as e:
        raise UserError(
            f"bench --versus needs the rl extra: pip install 'housebuilders[rl]' ({e})"
        ) from None
    return versus


def run_versus(
    out: Console,
    counts: dict[str, list[int]],
    seconds: float,
    rounds: int,
    seed: int,
    json_out: Path | None,
    markdown: Path | None,
) -> None:
    versus = _versus_module()
    if markdown is not None:
        _check_markers(markdown)
    folder = json_out.parent if json_out is not None else None
    if folder is not None and not (folder.is_dir() and os.access(folder, os.W_OK)):
        raise UserError(f"cannot write {json_out}: no such writable folder {folder}")
    with progress_bar(out) as progress:
        task = progress.add_task("versus", total=versus.ticks(counts, rounds))
        figures = versus.run(
            counts, seconds, rounds, seed, tick=lambda what: progress.advance(task)
        )
    out.print(_rate_table("Random play (the checked apply)", "moves/s", "× backgammon (C++)",
                          figures.rules))  # fmt: skip
    out.print(_rate_table("PettingZoo environments, 2 players, observation and mask",
                          "steps/s", "× connect_four_v3", figures.envs))  # fmt: skip
    search = Table(
        title=f"ISMCTS iterations a second, {figures.search_seconds:g} s a move",
        caption=figures.build,
    )
    for column in ("game", "ours", "OpenSpiel's ISMCTSBot", "ours × theirs"):
        search.add_column(column, justify="left" if column == "game" else "right")
    for game_id, ours, theirs in figures.search:
        search.add_row(game_id, f"{ours:,.0f}", f"{theirs:,.0f}", f"{ours / theirs:.1f}")
    out.print(search)
    if json_out is not None:
        _write(json_out, json.dumps(figures.to_json(), indent=2) + "\n")
        out.print(f"figures: {json_out}")
    if markdown is not None:
        text = _check_markers(markdown)
        block = f"{START}\n{figures.markdown()}{END}"
        _write(markdown, re.sub(f"{re.escape(START)}.*?{re.escape(END)}", lambda m: block,
                                text, count=1, flags=re.S))  # fmt: skip
        out.print(f"tables written into {markdown}")


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text)
    except OSError as e:
        raise UserError(f"cannot write {path}: {e.strerror}") from None


def _check_markers(path: Path) -> str:
    """``path``'s text, which holds the two marker lines (checked before the run, and
    again after it)."""
    try:
        text = path.read_text()
    except OSError as e:
        raise UserError(f"cannot read {path}: {e.strerror}") from None
    if START not in text or END not in text.split(START, 1)[1]:
        raise UserError(f"{path} has no {START} ... {END} lines to write the tables between")
    return text


def _rate_table(title: str, unit: str, ratio: str, rates: list[Any]) -> Table:
    table = Table(title=title)
    for column in ("", unit, ratio):
        table.add_column(column, justify="right" if column else "left")
    for r in rates:
        table.add_row(r.name, f"{r.rate:,.0f}", f"{r.ratio:.2f}")
    return table
