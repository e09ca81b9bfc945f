"""A Mr House house drawn for the web table (svg.py draws the rest): the columns,
ground floor at the bottom, with dashed spots for the legal builds (split in two
when two parts may go there), the part waiting for its crew, the advanced variant's
garage; and the house parts' pictures and fills."""

from __future__ import annotations

from typing import Any, NamedTuple

from housebuilders.core.draw import (
    MUTED,
    Acts,
    Box,
    Legal,
    act,
    asks,
    bold,
    circle,
    explained,
    ghost,
    line,
    pattern,
    polygon,
    rect,
    text,
)
from housebuilders.games.mr_house.house import MAX_COLUMNS, MAX_LEVELS

Json = dict[str, Any]

MATERIAL_COLOURS = {
    "wood": "#b07a45",
    "brick": "#b5523b",
    "cement": "#a3a3a3",
    "steel": "#5f7d95",
    "window": "#9fd3ee",
    "door": "#6b4226",
}
WALL_FILLS = {"wood_wall": "url(#mh-wood)", "brick_wall": "url(#mh-brick)"}
ROOF_FILLS = {"roof": "#8a949e", "ceramic_roof": "url(#mh-tiles)"}
SOLID = {"stroke": "#333", "stroke_width": 1.2}
PATTERNS = (
    pattern("mh-wood", 8, 8, "#d9a86c", "M0 0V8M4 0V8", "#a8743f"),
    pattern("mh-brick", 16, 8, "#c0603f", "M0 0H16M0 4H16M4 0V4M12 4V8", "#f1d9c8"),
    pattern("mh-tiles", 8, 6, "#c8502a", "M0 6Q2 3 4 6Q6 3 8 6", "#8e3518"),
)


def part_icon(part: str, x: float, y: float) -> list[str]:
    """A 16 x 14 picture of a house part (the legend, the prepared groups)."""
    if part in WALL_FILLS:
        return [rect(Box(x, y, 16, 14), fill=WALL_FILLS[part], **SOLID)]
    if part in ROOF_FILLS:
        return [
            polygon([(x, y + 14), (x + 8, y), (x + 16, y + 14)], fill=ROOF_FILLS[part], **SOLID)
        ]
    if part == "chimney":
        return [rect(Box(x + 5, y, 7, 14), fill="#8b3a2b", **SOLID)]
    return _window(Box(x + 1, y, 14, 14)) if part == "window" else _door(Box(x + 3, y, 10, 14))


def _window(box: Box) -> list[str]:
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return [
        rect(box, fill=MATERIAL_COLOURS["window"], stroke="#333"),
        line(cx, box.y, cx, box.y + box.h, stroke="#333", stroke_width=0.7),
        line(box.x, cy, box.x + box.w, cy, stroke="#333", stroke_width=0.7),
    ]


def _door(box: Box) -> list[str]:
    knob = circle(
        box.x + box.w * 0.78, box.y + box.h * 0.55, max(0.8, box.w * 0.07), fill="#f2c94c"
    )
    return [rect(box, fill=MATERIAL_COLOURS["door"], stroke="#222"), knob]


# -- the house ----------------------------------------------------------------------------------
class Spot(NamedTuple):
    """A place of the house drawing where a build action would put its part."""

    slot: str  # "wall", "roof", "chimney" or "opening" (a window or a door)
    column: int  # -1: the garage
    level: int


def _slot(part: str) -> str:
    if part in WALL_FILLS:
        return "wall"
    return "roof" if part in ROOF_FILLS else "chimney" if part == "chimney" else "opening"


#: what each house part is, needs and scores (a tooltip): part id -> (name, the sums)
About = dict[str, tuple[str, str]]
#: the legal builds by the spot they go to
Spots = dict[Spot, list[Legal]]


def _told(about: About, part: str, *parts: str, ask: Json | None = None) -> str:
    """A built part's drawing with its tooltip: its name, what it needed and scores;
    asking why not ``ask`` (a part to build on it) if given."""
    name, sums = about.get(part, ("", ""))
    title = f"{name}: {sums}" if name else ""
    if ask is not None:
        return asks(ask, title, *parts)
    return explained(title, *parts) if title else "".join(parts)


def _build_ask(part: str, column: int, level: int, spots: Spots | None) -> Json | None:
    """Building ``part`` at (column, level), to ask why not, on the seat's own house
    (``spots``: its legal builds; None, another's house) where it is not legal now and
    the action space has it."""
    if spots is None or not (-1 <= column < MAX_COLUMNS and 0 <= level <= MAX_LEVELS):
        return None
    if part != "chimney" and level == MAX_LEVELS or part == "chimney" and level == 0:
        return None
    spot = spots.get(Spot(_slot(part), column, level), [])
    if any(item.action["part"] == part for item in spot):
        return None
    return {"kind": "build", "part": part, "column": column, "level": level}


def _build(item: Legal, about: About, *parts: str) -> str:
    """A spot for a legal build: clickable, titled with the move's sentence; over its
    drawing, the same sentence and what the part needs and scores (the browser shows
    the innermost title)."""
    sums = about.get(item.action["part"], ("", ""))[1]
    return act(item, explained(f"{item.text} ({sums})", *parts) if sums else "".join(parts))


def house(
    entry: Json,
    acts: Acts,
    pending: Json | None,
    box: Box,
    about: About | None = None,
    asking: bool = False,
) -> list[str]:
    """The house, ground floor at the bottom, with dashed spots for the legal builds, and
    the garage beside it (advanced). ``about`` gives each part's tooltip: its built
    parts and its spots say what the part needs and scores. The seat's own house
    (``asking``) asks why not where a part could go but may not now: a wall beside the
    house and on each column without a roof, a roof on it, a window on a built wall, a
    chimney on a roof, the garage's door."""
    columns, garage = entry["house"], entry.get("garage")
    about = about or {}
    spots: Spots = {}
    for item in acts.of("build"):
        a = item.action
        spots.setdefault(Spot(_slot(a["part"]), a["column"], a["level"]), []).append(item)
    garage_builds = [item for s, items in spots.items() if s.column < 0 for item in items]
    used = [s.column for s in spots] + ([pending["column"]] if pending else [])
    width = max(1, len(columns) + (len(columns) in used or asking))
    with_garage = garage is not None or -1 in used
    units = width + 1.9 * with_garage
    levels = max([len(c["walls"]) for c in columns] + [1])
    levels = max([levels] + [s.level + 1 for s in spots if s.slot == "wall"])
    u = min(64.0, (box.w - 20) / units, (box.h - 24) / (levels + 0.8))
    ground = box.y + box.h - 20
    x0 = box.x + (box.w - units * u) / 2
    parts = [line(box.x + 4, ground, box.x + box.w - 4, ground, stroke="#6d8f4e", stroke_width=4)]
    if not columns and not used:
        no_house = text(box.x + box.w / 2, ground - 14, "no house yet", 13, "middle", fill=MUTED)
        parts.append(no_house)
    mine = spots if asking else None
    if asking:  # under the rest: a legal spot drawn over one of them is the move
        parts += _empty_asks(columns, x0, ground, u, spots)
    for c, col in enumerate(columns):
        parts += _column(col, x0 + c * u, ground, u, spots, c, about, mine)
        parts.append(text(x0 + (c + 0.5) * u, ground + 15, c + 1, 11, "middle", fill=MUTED))
    for spot, items in spots.items():
        if spot.slot == "wall" and spot.column >= 0:
            y, h = ground - (spot.level + 1) * u, u
            if Spot("roof", spot.column, spot.level - 1) in spots:
                h = 0.4 * u  # the lower part of the spot is the roof's
            parts += _ghost_walls(items, Box(x0 + spot.column * u, y, u, h), about)
    garage_at = _GarageShape.at(x0 + (width + 0.5) * u, ground, u)
    if with_garage:
        door = _build_ask("door", -1, 0, mine) if garage and not garage.get("door") else None
        parts += _garage(garage, garage_builds, garage_at, u, about, door)
    if pending:
        parts += _pending(pending, x0, ground, u, garage_at)
    return parts


def _column(
    col: Json,
    x: float,
    ground: float,
    u: float,
    spots: Spots,
    c: int,
    about: About,
    mine: Spots | None = None,
) -> list[str]:
    """A column of the house; on the seat's own (``mine``, its legal builds), a built
    wall asks why not a window on it, a roof why not a chimney."""
    walls = col["walls"]
    top = ground - len(walls) * u
    parts: list[str] = []
    if col.get("chimney"):  # first, so that the roof hides its foot
        chimney = rect(_chimney_box(x, top, u), fill="#8b3a2b", **SOLID)
        parts.append(_told(about, "chimney", chimney))
    for lv, wall in enumerate(walls):
        y = ground - (lv + 1) * u
        fill = WALL_FILLS.get(wall["part"], "#ccc")
        ask = _build_ask("window", c, lv, mine)
        parts.append(_told(about, wall["part"], rect(Box(x, y, u, u), fill=fill, **SOLID),
                           ask=ask))  # fmt: skip
        parts += _openings(wall, spots.get(Spot("opening", c, lv), []), x, y, u, about)
    roof = _roof_points(x - 0.1 * u, x + 1.1 * u, top, u)
    if col.get("roof"):
        drawn = polygon(roof, fill=ROOF_FILLS.get(col["roof"], "#8a949e"), **SOLID)
        ask = None if col.get("chimney") else _build_ask("chimney", c, len(walls), mine)
        parts.append(_told(about, col["roof"], drawn, ask=ask))
    else:
        parts += _ghost_roofs(spots.get(Spot("roof", c, len(walls) - 1), []), roof, u, about)
    for item in spots.get(Spot("chimney", c, len(walls)), [])[:1]:
        spot = rect(_chimney_box(x, top - 0.1 * u, u), **ghost(small=True))
        parts.append(_build(item, about, spot))
    return parts


def _empty_asks(columns: list[Json], x0: float, ground: float, u: float, spots: Spots) -> list[str]:
    """Where a part could go on the seat's house but may not now, each asking why not:
    a wall beside the house (a new column), and on each column without a roof a wall
    above it and a roof on it (a wooden wall and a sheet roof: the plainest)."""
    clear = {"fill": "transparent"}  # an ask is clicked anywhere inside
    parts = []
    new = _build_ask("wood_wall", len(columns), 0, spots)
    if new:
        box = Box(x0 + len(columns) * u, ground - u, u, u)
        parts.append(asks(new, "a wall here would start a new column", rect(box, **clear)))
    for c, col in enumerate(columns):
        walls = len(col["walls"])
        if col.get("roof") or not walls:
            continue
        x, top = x0 + c * u, ground - walls * u
        wall = _build_ask("wood_wall", c, walls, spots)
        if wall:
            box = Box(x, top - u, u, u)
            parts.append(asks(wall, "a wall here would stand on this column",
                              rect(box, **clear)))  # fmt: skip
        roof = _build_ask("roof", c, walls - 1, spots)
        if roof:
            shape = polygon(_roof_points(x - 0.1 * u, x + 1.1 * u, top, u), **clear)
            parts.append(asks(roof, "a roof here would close this column", shape))
    return parts


def _chimney_box(x: float, top: float, u: float) -> Box:
    return Box(x + 0.62 * u, top - 0.62 * u, 0.16 * u, 0.5 * u)


def _roof_points(left: float, right: float, base: float, u: float) -> list[tuple[float, float]]:
    return [(left, base), ((left + right) / 2, base - 0.55 * u), (right, base)]


def _ghost_roofs(
    items: list[Legal], roof: list[tuple[float, float]], u: float, about: About
) -> list[str]:
    """A roof spot: dashed, or its two halves when a sheet and a tile roof may both go."""
    (left, base), (mid, apex), (right, _) = roof
    if len(items) == 1:
        plus = bold(mid, base - 0.12 * u, "+", 0.3 * u, "middle")
        return [_build(items[0], about, polygon(roof, **ghost()), plus)]
    parts = []
    items = sorted(items, key=lambda i: i.action["part"] != "roof")
    for item, edge in zip(items, (left, right), strict=False):
        label = "tile" if item.action["part"] == "ceramic_roof" else "sheet"
        half = polygon([(edge, base), (mid, apex), (mid, base)], **ghost())
        tag = text((edge + 2 * mid) / 3, base - 0.06 * u, label, 0.17 * u, "middle")
        parts.append(_build(item, about, half, tag))
    return parts


def _ghost_walls(items: list[Legal], box: Box, about: About) -> list[str]:
    """A wall spot: dashed, split in two when a wooden and a brick wall may both go."""
    if not items:
        return []
    items = sorted(items, key=lambda i: i.action["part"] != "wood_wall")
    parts, w = [], box.w / len(items)
    for i, item in enumerate(items):
        part = item.action["part"]
        cell = Box(box.x + i * w, box.y, w, box.h)
        label = "brick" if part == "brick_wall" else "wood"
        size = max(8.0, min(12.0, (cell.w - 4) / (0.6 * len(label))))
        inside = Box(cell.x + 3, cell.y + 3, cell.w - 6, cell.h - 6)
        parts.append(
            _build(
                item,
                about,
                rect(cell, **ghost()),
                rect(inside, fill=WALL_FILLS.get(part, "#ccc"), opacity=0.35),
                bold(cell.x + w / 2, cell.y + cell.h / 2 + 0.35 * size, label, size, "middle"),
            )
        )
    return parts


def _openings(
    wall: Json, items: list[Legal], x: float, y: float, u: float, about: About
) -> list[str]:
    """A wall's windows or door, and dashed spots for new ones."""
    new_window = next((item for item in items if item.action["part"] == "window"), None)
    new_door = next((item for item in items if item.action["part"] == "door"), None)
    n = wall.get("windows", 0)
    left, right, centre = x + 0.12 * u, x + 0.62 * u, x + 0.37 * u
    window = Box(0, y + 0.22 * u, 0.26 * u, 0.3 * u)
    door = Box(x + 0.33 * u, y + 0.38 * u, 0.34 * u, 0.62 * u)
    parts = [_told(about, "door", *_door(door))] if wall.get("door") else []
    for wx in [centre] if n == 1 and not new_window else [left, right][:n]:
        parts.append(_told(about, "window", *_window(window._replace(x=wx))))
    if new_window:
        spot = window._replace(x=right if n == 1 or new_door else centre)
        parts.append(_build(new_window, about, *_ghost_opening(spot, u)))
    if new_door:
        spot = door._replace(x=x + 0.6 * u if new_window else door.x, w=0.3 * u)
        parts.append(_build(new_door, about, *_ghost_opening(spot, u)))
    return parts


def _ghost_opening(box: Box, u: float) -> list[str]:
    size = 0.22 * u
    plus = bold(box.x + box.w / 2, box.y + box.h / 2 + 0.35 * size, "+", size, "middle")
    return [rect(box, **ghost(small=True)), plus]


def _pending(pending: Json, x0: float, ground: float, u: float, garage: _GarageShape) -> list[str]:
    """The part waiting for its crew (advanced), outlined where it will go."""
    part, c, lv = pending["part"], pending["column"], pending["level"]
    x, outline = x0 + c * u, {"fill": "none", "stroke": "#e08a00", "stroke_width": 3}
    slot = _slot(part)
    if c < 0:
        shape = {"wall": garage.wall, "opening": garage.door}.get(slot)
        if shape is None:
            return [polygon(garage.roof, **outline)]
        return [rect(shape, **outline)]
    if slot == "roof":
        return [
            polygon(_roof_points(x - 0.1 * u, x + 1.1 * u, ground - (lv + 1) * u, u), **outline)
        ]
    if slot == "chimney":
        return [rect(_chimney_box(x, ground - lv * u, u), **outline)]
    return [rect(Box(x, ground - (lv + 1) * u, u, u), **outline)]


class _GarageShape(NamedTuple):
    wall: Box
    door: Box
    roof: list[tuple[float, float]]

    @staticmethod
    def at(x: float, ground: float, u: float) -> _GarageShape:
        w, h = 1.4 * u, 0.75 * u
        wall = Box(x, ground - h, w, h)
        door = Box(x + 0.25 * w, wall.y + 0.3 * h, 0.5 * w, 0.7 * h)
        return _GarageShape(
            wall, door, _roof_points(x - 0.08 * u, x + w + 0.08 * u, wall.y, 0.64 * u)
        )


def _garage(
    garage: Json | None,
    items: list[Legal],
    shape: _GarageShape,
    u: float,
    about: About,
    door_ask: Json | None = None,
) -> list[str]:
    """The advanced variant's garage, a low building beside the house; its wall asks
    why not ``door_ask`` (its door) if given."""
    wall, door = shape.wall, shape.door
    parts = [text(wall.x + wall.w / 2, wall.y + wall.h + 15, "garage", 11, "middle", fill=MUTED)]
    by_part = {item.action["part"]: item for item in items}
    if garage is None:
        return parts + _ghost_walls([by_part[p] for p in WALL_FILLS if p in by_part], wall, about)
    drawn = rect(wall, fill=WALL_FILLS.get(garage["wall"], "#ccc"), **SOLID)
    parts.append(_told(about, garage["wall"], drawn, ask=door_ask))
    if garage.get("door"):
        gate = [rect(door, fill="#7d8a96", stroke="#333")]
        for k in (1, 2, 3):
            y = door.y + k * door.h / 4
            gate.append(line(door.x, y, door.x + door.w, y, stroke="#4d5863"))
        parts.append(_told(about, "door", *gate))
    elif "door" in by_part:
        parts.append(_build(by_part["door"], about, *_ghost_opening(door, u)))
    if garage.get("roof"):
        drawn = polygon(shape.roof, fill=ROOF_FILLS.get(garage["roof"], "#8a949e"), **SOLID)
        parts.append(_told(about, garage["roof"], drawn))
    else:
        roofs = [by_part[p] for p in ROOF_FILLS if p in by_part]
        parts += _ghost_roofs(roofs, shape.roof, u, about)
    return parts
