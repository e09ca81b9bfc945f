"""Mr House actions. A turn is a sequence of these small decisions.

Materials and parts travel by name ("wood", "roof") so that an action's JSON reads
plainly; columns and levels count from 0 in JSON and from 1 in the text.
"""

from __future__ import annotations

from functools import cache

from ...core import Action
from .house import CHIMNEY, DOOR, MAX_COLUMNS, MAX_LEVELS

MATERIALS = ("wood", "brick", "cement", "steel", "window", "door")
COIN_MATERIALS = (
    "wood",
    "brick",
    "cement",
    "steel",
)  # "any one extra material but a window or a door"
PART_IDS = ("wood_wall", "brick_wall", "roof", "chimney", "window", "door")
PART_NAMES = ("wooden wall", "brick wall", "roof", "chimney", "window", "door")
PART_INDEX = {p: i for i, p in enumerate(PART_IDS)}
MATERIAL_INDEX = {m: i for i, m in enumerate(MATERIALS)}
#: Bounds of the action space (fixed for the game, whatever the content).
MAX_MARKER_VALUE = 9
MAX_LOCATIONS = 12


@cache
def _location_name(number: int) -> str:
    """A location's name on the board of the rulebook's content."""
    from .content import load_content

    names = {loc.number: loc.name for loc in load_content().basic.locations}
    return names.get(number, f"location {number}")


def _article(name: str) -> str:
    return "an" if name[0] in "aeiou" else "a"


class PlaceMarker(Action, kind="place"):
    """Movement: put one movement marker, face down, on a location."""

    value: int
    location: int

    def __str__(self) -> str:
        name = _location_name(self.location)
        return f"place your {self.value} marker on the {name} ({self.location})"


class Take(Action, kind="take"):
    """Purchases: take up to the marker's value of the store's material."""

    material: str
    count: int

    def __str__(self) -> str:
        return f"take {self.count} {self.material}"


class SpendCoin(Action, kind="spend-coin"):
    """At any time in one's move: a coin for one extra material (not a window or door)."""

    material: str

    def __str__(self) -> str:
        return f"spend a coin on 1 {self.material}"


class Prepare(Action, kind="prepare"):
    """Construction: set aside the materials for one house part (a group)."""

    part: str

    def __str__(self) -> str:
        name = PART_NAMES[PART_INDEX[self.part]]
        return f"prepare the materials for {_article(name)} {name}"


class StartBuilding(Action, kind="start-building"):
    """Construction: the groups are ready; roll for them."""

    def __str__(self) -> str:
        return "start building (roll for the prepared groups)"


class Build(Action, kind="build"):
    """Construction: roll for a prepared group; on success the part goes here."""

    part: str
    column: int
    level: int

    def __str__(self) -> str:
        name = PART_NAMES[PART_INDEX[self.part]]
        return f"try to build {_article(name)} {name} {where(self.part, self.column, self.level)}"


class Remove(Action, kind="remove"):
    """Give up a built part (and whatever stands on it)."""

    part: str
    column: int
    level: int

    def __str__(self) -> str:
        name = PART_NAMES[PART_INDEX[self.part]]
        return f"give up the {name} {where(self.part, self.column, self.level)}"


class FinishBuilding(Action, kind="finish-building"):
    """Construction: end one's construction; unbuilt groups go back to the storehouse."""

    def __str__(self) -> str:
        return "finish building"


def where(part: str, column: int, level: int) -> str:
    if part in ("roof", "chimney"):
        return f"on column {column + 1}"
    floor = "the ground floor" if level == 0 else f"floor {level + 1}"
    return f"on {floor} of column {column + 1}"


ACTION_CLASSES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (PlaceMarker, Take, SpendCoin, Prepare, StartBuilding, Build, Remove, FinishBuilding)
}

# -- the canonical actions: built once, handed out by legal_actions -------------------
PLACE = [
    [PlaceMarker(v, loc) for loc in range(MAX_LOCATIONS + 1)] for v in range(MAX_MARKER_VALUE + 1)
]
TAKE = [[Take(m, n) for n in range(MAX_MARKER_VALUE + 1)] for m in MATERIALS]
SPEND_COIN = [SpendCoin(m) for m in MATERIALS]  # indexed by material; windows and doors never legal
PREPARE = [Prepare(p) for p in PART_IDS]
START_BUILDING = StartBuilding()
FINISH_BUILDING = FinishBuilding()
BUILD = [
    [[Build(p, c, lv) for lv in range(MAX_LEVELS + 1)] for c in range(MAX_COLUMNS)]
    for p in PART_IDS
]
REMOVE = [
    [[Remove(p, c, lv) for lv in range(MAX_LEVELS + 1)] for c in range(MAX_COLUMNS)]
    for p in PART_IDS
]


def _space() -> tuple[Action, ...]:
    """Every action, in a fixed order: the action space for RL masks."""
    out: list[Action] = []
    for row in PLACE:
        out.extend(row[1:])
    for row in TAKE:
        out.extend(row)
    out.extend(SpendCoin(m) for m in COIN_MATERIALS)
    out.extend(PREPARE)
    out.append(START_BUILDING)
    for table in (BUILD, REMOVE):
        for part, rows in enumerate(table):
            for row in rows:
                for lv, action in enumerate(row):
                    if _possible(part, lv):
                        out.append(action)
    out.append(FINISH_BUILDING)
    return tuple(out)


def _possible(part: int, level: int) -> bool:
    """Whether a part could ever stand at (column, level) of a house within the limits."""
    if part == CHIMNEY:  # above the roofed top wall
        return 1 <= level <= MAX_LEVELS
    if part == DOOR:  # ground floor only
        return level == 0
    return level < MAX_LEVELS  # walls, roofs, windows


ACTION_SPACE = _space()
