"""Helpers for a game's text view (``GameSpec.text_view``), the table drawn for the
terminal: names, lists in words, blocks of lines side by side or framed, aligned
columns."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

Json = dict[str, Any]


def player_name(observation: Json, seat: int) -> str:
    """The name the observation gives ``seat``, or "Player <seat>"."""
    return str(observation["players"][seat].get("name") or f"Player {seat}")


def listing(items: Iterable[object], empty: str = "none", sep: str = ", ") -> str:
    """``items`` joined by ``sep``, or ``empty`` if there is none."""
    return sep.join(str(item) for item in items) or empty


def beside(blocks: Sequence[list[str]], width: int) -> list[str]:
    """Blocks of lines (each line at most ``width`` characters) set side by side,
    ``width`` apart and aligned at the bottom, trailing spaces removed."""
    height = max((len(block) for block in blocks), default=0)
    padded = [[" " * width] * (height - len(b)) + [f"{s:<{width}}" for s in b] for b in blocks]
    return ["".join(cells).rstrip() for cells in zip(*padded, strict=True)]


def columns(rows: Iterable[Sequence[object]], align: str = "", gap: int = 2) -> list[str]:
    """``rows`` of cells as lines, each column as wide as its widest cell and ``gap``
    spaces from the next; ``align`` gives a column's alignment by its position
    (``<`` left, the default, ``>`` right, ``^`` centred)."""
    table = [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in table if i < len(row)) for i in range(_width(table))]
    lines = []
    for row in table:
        cells = [
            f"{cell:{align[i] if i < len(align) else '<'}{widths[i]}}" for i, cell in enumerate(row)
        ]
        lines.append((" " * gap).join(cells).rstrip())
    return lines


def boxed(lines: Sequence[str], title: str = "") -> list[str]:
    """``lines`` in a frame of ``+``, ``-`` and ``|``, with ``title`` in its top edge."""
    inner = max([len(s) for s in lines] + [len(title) + 2 if title else 0])
    edge = "-" * (inner + 2)
    top = f"+- {title} {edge[len(title) + 3 :]}+" if title else f"+{edge}+"
    return [top, *(f"| {s:<{inner}} |" for s in lines), f"+{edge}+"]


def _width(table: list[list[str]]) -> int:
    return max((len(row) for row in table), default=0)
