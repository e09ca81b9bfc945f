"""A player's house: walls in columns, roofs on top, chimneys on roofs.

The house is an immutable value (tuples all the way down), so a state clone shares
it for free; building or giving up a part returns a new house.

Geometry (rulings 1-5 in docs/games/mr-house.md): ground-floor walls stand in one
row, one column each; a wall stands on the ground (a new column) or on the top wall
of a column without a roof; a roof covers one column's top wall; one chimney per
roof; windows and doors sit on walls (up to 2 windows, or 1 door, per wall), on any
floor, and one door per house. The option ``door="ground-floor"`` keeps the door to a
ground-floor wall (ruling 3).
"""

from __future__ import annotations

from typing import NamedTuple

WOOD_WALL, BRICK_WALL, ROOF, CHIMNEY, WINDOW, DOOR, CERAMIC_ROOF = range(7)
WALLS = (WOOD_WALL, BRICK_WALL)
ROOFS = (ROOF, CERAMIC_ROOF)  # sheet metal (the basic variant's only roof) and ceramic tile
#: The table's limits on a house's size. No game reaches them with the rulebook's
#: components (a player gets at most 46 materials in 6 turns: at most 15 walls).
MAX_COLUMNS = 16
MAX_LEVELS = 16
MAX_WINDOWS_PER_WALL = 2


class Wall(NamedTuple):
    part: int  # WOOD_WALL or BRICK_WALL
    windows: int = 0
    door: bool = False


class Column(NamedTuple):
    walls: tuple[Wall, ...]
    roof: int = 0  # 0: none; else the roof's part (ROOF or CERAMIC_ROOF)
    chimney: bool = False


House = tuple[Column, ...]

NO_GARAGE_WALL = -1
#: the wall of a garage given up: none stands, and no other may be built ("Each player
#: may build only one garage")
GIVEN_UP_WALL = -2


class Garage(NamedTuple):
    """The advanced variant's garage, beside the house: a wall, then a door and a roof."""

    wall: int = NO_GARAGE_WALL  # the wall's part (WOOD_WALL, BRICK_WALL), none or given up
    door: bool = False
    roof: int = 0  # 0: none; else ROOF or CERAMIC_ROOF


NO_GARAGE = Garage()
GIVEN_UP_GARAGE = Garage(GIVEN_UP_WALL)
EMPTY: House = ()


def placements(house: House, part: int, ground_floor_door: bool = False) -> list[tuple[int, int]]:
    """Every (column, level) where ``part`` may be built now; with ``ground_floor_door``
    the door goes only on a ground-floor wall (the option ``door="ground-floor"``)."""
    if part in WALLS:
        spots = [
            (c, len(col.walls))
            for c, col in enumerate(house)
            if not col.roof and len(col.walls) < MAX_LEVELS
        ]
        if len(house) < MAX_COLUMNS:
            spots.append((len(house), 0))
        return spots
    if part in ROOFS:
        return [(c, len(col.walls) - 1) for c, col in enumerate(house) if not col.roof]
    if part == CHIMNEY:
        return [(c, len(col.walls)) for c, col in enumerate(house) if col.roof and not col.chimney]
    if part == WINDOW:
        return [
            (c, lv)
            for c, col in enumerate(house)
            for lv, wall in enumerate(col.walls)
            if not wall.door and wall.windows < MAX_WINDOWS_PER_WALL
        ]
    if part == DOOR:
        if has_door(house):
            return []
        return [
            (c, lv)
            for c, col in enumerate(house)
            for lv, wall in enumerate(col.walls[:1] if ground_floor_door else col.walls)
            if not wall.windows
        ]
    raise ValueError(f"unknown part {part}")


def build(house: House, part: int, column: int, level: int) -> House:
    """The house with ``part`` added at (column, level); the spot must be valid."""
    if part in WALLS:
        if column == len(house):
            return (*house, Column((Wall(part),)))
        col = house[column]
        return _replace(house, column, col._replace(walls=(*col.walls, Wall(part))))
    col = house[column]
    if part in ROOFS:
        return _replace(house, column, col._replace(roof=part))
    if part == CHIMNEY:
        return _replace(house, column, col._replace(chimney=True))
    wall = col.walls[level]
    wall = wall._replace(windows=wall.windows + 1) if part == WINDOW else wall._replace(door=True)
    return _replace(house, column, _with_wall(col, level, wall))


def removals(house: House) -> list[tuple[int, int, int]]:
    """Every built part that can be given up: (part, column, level)."""
    out = []
    for c, col in enumerate(house):
        for lv, wall in enumerate(col.walls):
            out.append((wall.part, c, lv))
            if wall.windows:
                out.append((WINDOW, c, lv))
            if wall.door:
                out.append((DOOR, c, lv))
        if col.roof:
            out.append((col.roof, c, len(col.walls) - 1))
        if col.chimney:
            out.append((CHIMNEY, c, len(col.walls)))
    return out


def remove(house: House, part: int, column: int, level: int) -> House:
    """The house without that part, and without whatever stood on it (ruling 15).

    A wall takes with it its windows or door and everything above it in its column;
    a ground-floor wall takes its whole column, and the row closes up.
    """
    col = house[column]
    if part in WALLS:
        if level == 0:
            return house[:column] + house[column + 1 :]
        return _replace(house, column, Column(col.walls[:level]))
    if part in ROOFS:
        return _replace(house, column, Column(col.walls))
    if part == CHIMNEY:
        return _replace(house, column, col._replace(chimney=False))
    wall = col.walls[level]
    wall = wall._replace(windows=wall.windows - 1) if part == WINDOW else wall._replace(door=False)
    return _replace(house, column, _with_wall(col, level, wall))


def counts(house: House) -> list[int]:
    """How many of each part the house has, indexed by part."""
    n = [0] * 7
    for col in house:
        for wall in col.walls:
            n[wall.part] += 1
            n[WINDOW] += wall.windows
            n[DOOR] += wall.door
        if col.roof:
            n[col.roof] += 1
        n[CHIMNEY] += col.chimney
    return n


def has_door(house: House) -> bool:
    return any(wall.door for col in house for wall in col.walls)


def size(house: House) -> int:
    """Walls plus roofs: the house's size for the tie-breaks."""
    n = counts(house)
    return n[WOOD_WALL] + n[BRICK_WALL] + n[ROOF] + n[CERAMIC_ROOF]


def is_complete(house: House, permit: bool) -> bool:
    """The rulebook's complete house: at least 2 walls; 2 roofs; all walls covered by a
    roof or a higher-story wall; at least 1 chimney; exactly 1 door; all other walls
    have at least 1 window; a permit."""
    n = counts(house)
    return (
        permit
        and n[WOOD_WALL] + n[BRICK_WALL] >= 2
        and n[ROOF] + n[CERAMIC_ROOF] >= 2
        and all(col.roof for col in house)
        and n[CHIMNEY] >= 1
        and n[DOOR] == 1
        and all(wall.door or wall.windows for col in house for wall in col.walls)
    )


def _replace(house: House, column: int, col: Column) -> House:
    return (*house[:column], col, *house[column + 1 :])


def _with_wall(col: Column, level: int, wall: Wall) -> Column:
    return col._replace(walls=(*col.walls[:level], wall, *col.walls[level + 1 :]))


# -- JSON ---------------------------------------------------------------------------
def to_json(house: House, part_ids: tuple[str, ...]) -> list[dict[str, object]]:
    return [
        {
            "walls": [
                {"part": part_ids[w.part], "windows": w.windows, "door": w.door} for w in col.walls
            ],
            "roof": part_ids[col.roof] if col.roof else None,
            "chimney": col.chimney,
        }
        for col in house
    ]


def from_json(data: list[dict[str, object]], part_ids: tuple[str, ...]) -> House:
    house: House = ()
    for col in data:
        walls = tuple(
            Wall(part_ids.index(w["part"]), int(w.get("windows", 0)), bool(w.get("door", False)))
            for w in col["walls"]  # type: ignore[attr-defined]
        )
        if not walls:
            raise ValueError("a column of the house needs at least one wall")
        roof = col.get("roof")
        roof_part = part_ids.index("roof") if roof is True else part_ids.index(roof) if roof else 0
        house = (*house, Column(walls, roof_part, bool(col.get("chimney"))))
    return house
