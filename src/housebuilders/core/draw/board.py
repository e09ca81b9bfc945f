"""The parts most boards are made of: the drawing's frame and header, cards, tokens,
tracks and tables."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from housebuilders.core.draw.actions import Legal, act
from housebuilders.core.draw.svg import Box, bold, circle, el, num, quoted, rect, text
from housebuilders.core.draw.theme import INK, WARM, Theme, ghost

#: the header's height: a game's drawing starts below it
HEADER_HEIGHT = 60


def document(
    theme: Theme,
    width: float,
    height: float,
    title: str,
    parts: Iterable[str],
    patterns: Iterable[str] = (),
) -> str:
    """The SVG document ``width`` x ``height`` (the client scales it to its column) on
    the theme's paper: ``title`` is its accessible name, then the theme's style and the
    game's ``patterns`` (``pattern``), then ``parts``."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{theme.name}" viewBox="0 0 '
        f'{num(width)} {num(height)}" width="100%" font-family={quoted(theme.font)} '
        f'role="img" aria-label={quoted(title)}>'
    )
    style = el("defs", el("style", theme.style()) + "".join(patterns))
    paper = rect(Box(0, 0, width, height), fill=theme.paper)
    return "\n".join([head, style, paper, *parts, "</svg>"]) + "\n"


def pattern(name: str, w: float, h: float, fill: str, d: str, ink: str) -> str:
    """A fill (``fill="url(#name)"``) tiling a ``w`` x ``h`` cell of colour ``fill``
    with the strokes ``d`` in ``ink``: wood grain, bricks, tiles."""
    body = el("rect", width=w, height=h, fill=fill)
    body += el("path", d=d, stroke=ink, stroke_width=0.8, fill="none")
    return el("pattern", body, id=name, width=w, height=h, patternUnits="userSpaceOnUse")


def header(
    theme: Theme, width: float, title: str, status: str, notes: tuple[str, str] = ("", "")
) -> list[str]:
    """The band across the top, ``HEADER_HEIGHT`` high: the title and a status line (who
    acts, what is asked) on the left, up to two notes on the right (top, bottom)."""
    parts = [
        rect(Box(0, 0, width, HEADER_HEIGHT), fill=theme.header),
        text(16, 26, title, 19, fill="#fff", font_weight="bold"),
        text(16, 49, status, 15, fill="#fff"),
    ]
    for y, note in zip((26, 49), notes, strict=True):
        if note:
            parts.append(text(width - 16, y, note, 14, "end", fill=theme.header_note))
    return parts


def card_face(box: Box, fill: str, edge: str, rx: float = 6, highlight: bool = False) -> str:
    """A card's face (class ``card``: it lights up under the pointer when clickable),
    its edge thick and warm when ``highlight`` (the card in play)."""
    return rect(
        box,
        rx=rx,
        fill=fill,
        stroke=WARM if highlight else edge,
        stroke_width=4 if highlight else 1.5,
        class_="card",
    )


def token(
    cx: float, cy: float, label: object, fill: str, ink: str = "#fff", r: float = 11
) -> list[str]:
    """A round token (a player's marker, a place in an order) with a short label."""
    return [
        circle(cx, cy, r, fill=fill, stroke="#0008"),
        bold(cx, cy + 4.5, label, 13, "middle", fill=ink),
    ]


def track(
    box: Box,
    boxes: int,
    crossed: int,
    colour: str,
    values: Sequence[object] | None = None,
    item: Legal | None = None,
) -> list[str]:
    """A row of ``boxes`` boxes in ``box`` (at most 34 apart), the first ``crossed``
    filled in ``colour``; ``values`` printed in them if given, else a filled box is
    struck through; the next box is a ghost spot clickable for ``item`` if given."""
    parts = []
    step = min(34.0, box.w / max(1, boxes))
    for k in range(boxes):
        cell = Box(box.x + k * step, box.y, step - 4, box.h)
        on = k < crossed
        drawn = [rect(cell, rx=3, fill=colour if on else "#fff", stroke=colour)]
        if values is not None:
            cx, base = cell.x + cell.w / 2, cell.y + (cell.h + 10) / 2
            drawn.append(text(cx, base, values[k], 12.5, "middle", fill="#fff" if on else colour))
        elif on:
            d = f"M{cell.x + 4} {cell.y + 4}L{cell.x + cell.w - 4} {cell.y + cell.h - 4}"
            drawn.append(el("path", d=d, stroke="#fff", stroke_width=2))
        if item and k == crossed:
            drawn[0] = rect(cell, rx=3, **ghost())
            parts.append(act(item, *drawn))
        else:
            parts += drawn
    return parts


class Row(NamedTuple):
    """A table's row: its cells, each cell's ink (None: the ink), and the attributes
    of the row's group (``data_player=2``)."""

    cells: Sequence[object]
    inks: Sequence[str | None] = ()
    attrs: Mapping[str, Any] = {}


def table(
    box: Box, columns: Sequence[tuple[str, float]], rows: Iterable[Row], height: float = 26
) -> list[str]:
    """A table from the box's top left: a header row of the ``columns``' labels (a label
    and a width each), then the rows, every other one shaded."""
    parts = [rect(Box(box.x, box.y, box.w, height), fill="#efe6d4")]
    x = box.x + 10
    for label, w in columns:
        parts.append(bold(x, box.y + 18, label, 13))
        x += w
    for i, row in enumerate(rows):
        y = box.y + height * (i + 1)
        if i % 2:
            parts.append(rect(Box(box.x, y, box.w, height), fill="#fbf6ea"))
        x, drawn = box.x + 10, []
        for k, ((_, w), value) in enumerate(zip(columns, row.cells, strict=True)):
            ink = row.inks[k] if k < len(row.inks) else None
            drawn.append(text(x, y + 18, value, 13, fill=ink or INK))
            x += w
        parts.append(el("g", "".join(drawn), class_="row", **row.attrs))
    return parts
