"""Master Builder's building rules over a contract's sections held as a bitmask (bit ``s``
for section ``s``), and the tables made from them once, so that a plan's legal moves are
looked up rather than worked out at every step: which sections may join a plan (MB-89,
MB-91, the "no-roofs" event), why a plan's part of a contract cannot be erected (MB-87,
MB-89, MB-91, MB-92), and every plan key read back."""

from __future__ import annotations

from collections.abc import Sequence

from housebuilders.games.master_builder.actions import CREWS, UNSTAFFS, Unstaff
from housebuilders.games.master_builder.content import MAX_CONTRACTS, SECTIONS

MASKS = 1 << SECTIONS  # every set of a contract's sections
WALLS, ROOFS = 0b001111, 0b110000  # a building: gables 0-1, side walls 2-3, roof 4-5
GABLES, SIDE_WALLS = 0b000011, 0b001100
#: a town wall's two walls (wall section, side, side), and each wall's wall section
TOWN_WALLS, WALL_SECTIONS = (0b000111, 0b111000), (0b000001, 0b001000)


def mask_of(row: Sequence[int]) -> int:
    """A contract's row of 0/1 flags (``built``) as a mask."""
    return row[0] | row[1] << 1 | row[2] << 2 | row[3] << 3 | row[4] << 4 | row[5] << 5


def section_fault(town: bool, no_roofs: bool, placed: int, section: int) -> str | None:
    """Why ``section`` cannot join a plan whose contract has the sections ``placed``
    (built or planned), or None: one town wall after the other (MB-91, Q9); no roofs
    after the "no-roofs" event; the roof after four walls (MB-89, Q7)."""
    if town:
        other = TOWN_WALLS[1 - section // 3]
        return "town-wall" if placed & other and placed & other != other else None
    if ROOFS & (1 << section):
        if no_roofs:
            return "no-roofs"
        if placed & WALLS != WALLS:
            return "roof"
    return None


def part_fault(town: bool, built: int, new: int) -> str | None:
    """Why a plan's ``new`` sections of a contract with ``built`` ones cannot be erected,
    or None: both town walls started and neither finished (MB-91), a town wall begun
    without its wall section and a side (MB-92), a roof before four walls (MB-89), a
    building begun without a gable and a side wall (MB-87)."""
    placed = built | new
    if town:
        started = [w for w in TOWN_WALLS if placed & w]
        if len(started) == 2 and not any(placed & w == w for w in started):
            return "town-wall"
        for wall, wall_section in zip(TOWN_WALLS, WALL_SECTIONS, strict=True):
            fresh = new & wall
            if fresh and not built & wall and (not fresh & wall_section or fresh.bit_count() < 2):
                return "town-stable"
        return None
    if new & ROOFS and placed & WALLS != WALLS:
        return "roof"
    if new & WALLS and not built & WALLS and not (new & GABLES and new & SIDE_WALLS):
        return "stable"
    return None


#: OPEN_SECTIONS[town][no_roofs][placed]: the sections, in order, that may join a plan
OPEN_SECTIONS = tuple(
    tuple(
        tuple(
            tuple(s for s in range(SECTIONS)
                  if not placed & (1 << s) and section_fault(town, no_roofs, placed, s) is None)
            for placed in range(MASKS)
        )
        for no_roofs in (False, True)
    )
    for town in (False, True)
)  # fmt: skip
#: PART_FAULTS[town][built][new]: part_fault's answer
PART_FAULTS = tuple(
    tuple(tuple(part_fault(town, built, new) for new in range(MASKS)) for built in range(MASKS))
    for town in (False, True)
)
#: UNSTAFF_ROWS[contract][planned]: the sections taken off, in order
UNSTAFF_ROWS: tuple[tuple[tuple[Unstaff, ...], ...], ...] = tuple(
    tuple(tuple(UNSTAFFS[c, s] for s in range(SECTIONS) if planned & (1 << s))
          for planned in range(MASKS))
    for c in range(MAX_CONTRACTS)
)  # fmt: skip
#: KEYS[key]: a plan key read back as (contract, section, crew) (building.plan_key)
KEYS = tuple((c, s, crew) for c in range(MAX_CONTRACTS) for s in range(SECTIONS) for crew in CREWS)
