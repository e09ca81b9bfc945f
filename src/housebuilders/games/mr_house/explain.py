"""Why an action is refused: a message for the player and the rulebook section.

Only called once an action has been found missing from the legal list, so it may
take its time; it never decides legality itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action
from . import house as H
from .actions import (
    ACTION_CLASSES,
    COIN_MATERIALS,
    MATERIAL_INDEX,
    MATERIALS,
    PART_INDEX,
    PART_NAMES,
)

if TYPE_CHECKING:
    from .basic import MrHouseBasicState

MOVE, BUY, BUILD = "Movement Around the City", "Purchases", "Construction"


def explain_basic(s: MrHouseBasicState, player: int, action: Action) -> tuple[str, str]:
    from .basic import MOVEMENT, PHASE_NAMES, PREPARING, PURCHASES, ROLLING

    kind = action[0] if isinstance(action, Action) else None
    if kind not in ACTION_CLASSES or type(action) is not ACTION_CLASSES[kind]:
        return f"{action!r} is not a Mr House action", "Sequence of Play"
    phase = PHASE_NAMES[s.phase]
    needs = {
        "place": (MOVEMENT,),
        "take": (PURCHASES,),
        "spend-coin": (MOVEMENT, PURCHASES, PREPARING),
        "prepare": (PREPARING,),
        "start-building": (PREPARING,),
        "build": (ROLLING,),
        "remove": (PREPARING, ROLLING),
        "finish-building": (ROLLING,),
    }[kind]
    if s.phase not in needs:
        when = " or ".join(PHASE_NAMES[p] for p in needs)
        return f"'{action}' is for the {when} phase; this is the {phase} phase", s._phase_section()
    if kind == "place":
        return _placement(s, player, action[1], action[2])
    if kind == "take":
        return _take(s, action[1], action[2])
    if kind == "spend-coin":
        if action[1] not in COIN_MATERIALS:
            return (
                "a coin buys any one extra building material except a window or a door",
                BUY,
            )
        return "you have no coin to spend", BUY
    if kind == "prepare":
        return _prepare(s, player, action[1])
    if kind in ("build", "remove"):
        return _part(s, player, kind, action[1], action[2], action[3])
    return "roll for every prepared group that can be placed before you finish", BUILD


def _placement(s: MrHouseBasicState, player: int, value: int, location: int) -> tuple[str, str]:
    if value not in s.hand[player]:
        return f"you have no {value} marker left to place (in hand: {s.hand[player]})", MOVE
    if not 1 <= location <= s.p.last_location:
        return f"there is no location {location} on the board", MOVE
    if s.own[player] >> location & 1:
        return (
            f"a building can have only one marker of a given player color: you already "
            f"have a marker on the {s.p.names[location]}",
            MOVE,
        )
    return (
        f"the {s.p.names[location]} is not orthogonally adjacent to any of your earlier "
        "markers: each later marker must be placed next to one of them",
        MOVE,
    )


def _take(s: MrHouseBasicState, material: str, count: int) -> tuple[str, str]:
    here = s.p.material_at[s.loc]
    if MATERIAL_INDEX.get(material) != here:
        return f"this is the {s.p.names[s.loc]}: it has {MATERIALS[here]}, not {material}", BUY
    value = s.stacks[s.loc][s.pos][1]
    if count > value:
        return f"you may take no more than the number on your marker ({value})", BUY
    if count < 0:
        return "you cannot take a negative number of materials", BUY
    return f"only {s.supply[here]} {material} are left in the store", BUY


def _prepare(s: MrHouseBasicState, player: int, part: str) -> tuple[str, str]:
    index = PART_INDEX.get(part)
    if index is None:
        return f"there is no house part {part!r}", BUILD
    recipe = s.p.recipes[index]
    missing = [
        f"{need - have} {MATERIALS[m]}"
        for m, (have, need) in enumerate(zip(s.store[player], recipe, strict=True))
        if have < need
    ]
    return f"a {PART_NAMES[index]} needs {', '.join(missing)} more", BUILD


def _part(
    s: MrHouseBasicState, player: int, kind: str, part: str, column: int, level: int
) -> tuple[str, str]:
    index = PART_INDEX.get(part)
    if index is None:
        return f"there is no house part {part!r}", BUILD
    house = s.house[player]
    name = PART_NAMES[index]
    if kind == "remove":
        return f"there is no {name} at column {column + 1}, level {level + 1} to give up", BUILD
    if index not in s.groups:
        return f"you have no prepared group of materials for a {name}", BUILD
    return why_not_here(house, index, column, level), BUILD


def why_not_here(house: H.House, part: int, column: int, level: int) -> str:
    """The construction rule a part at (column, level) breaks."""
    name = PART_NAMES[part]
    col = house[column] if 0 <= column < len(house) else None
    if part in H.WALLS:
        if column == len(house) and len(house) >= H.MAX_COLUMNS:
            return f"the house already has {H.MAX_COLUMNS} columns, the table's limit"
        if col is None:
            return "a new ground-floor wall starts the next column of the row"
        if col.roof:
            return "a wall cannot stand on a roof: give up the roof first"
        return f"a {name} on column {column + 1} goes on top of its highest wall"
    if part == H.ROOF:
        if col is None:
            return "a roof can only be placed on an already built wall"
        if col.roof:
            return f"column {column + 1} already has a roof"
        return "a roof goes on the top wall of its column"
    if part == H.CHIMNEY:
        if col is None or not col.roof:
            return "a chimney can only be placed on an already built roof"
        if col.chimney:
            return "a house can have as many chimneys as it has roofs: this roof has one"
        return "a chimney goes on its roof"
    if col is None or not 0 <= level < len(col.walls):
        return "walls must be built first, and only later windows and doors"
    wall = col.walls[level]
    if part == H.WINDOW:
        if wall.door:
            return "a wall cannot have both a window and a door"
        return "a wall can have up to 2 windows"
    if H.has_door(house):
        return "the whole house can have only 1 door"
    if wall.windows:
        return "a wall cannot have both a window and a door"
    if wall.door:
        return "a wall can have only 1 door"
    return "the door goes on a ground-floor wall (ruling 3)"
