"""The building rules over section masks (sections.py) against the same rules read over
sets of sections, as the plans were checked before the tables: every set of sections
built and planned, every section, both kinds of contract."""

from __future__ import annotations

from itertools import product

import pytest

from housebuilders.games.master_builder.actions import CREWS, UNSTAFFS
from housebuilders.games.master_builder.building import (
    FREE_COUNTS,
    GABLES,
    ROOFS,
    SIDE_WALLS,
    TOWN,
    WALLS,
    free_key,
    plan_key,
)
from housebuilders.games.master_builder.content import MAX_CONTRACTS, SECTIONS
from housebuilders.games.master_builder.sections import (
    KEYS,
    MASKS,
    OPEN_SECTIONS,
    PART_FAULTS,
    UNSTAFF_ROWS,
    mask_of,
)


def sections_of(mask: int) -> set[int]:
    return {s for s in range(SECTIONS) if mask & (1 << s)}


def section_rule(town: bool, no_roofs: bool, placed: set[int], section: int) -> str | None:
    if town:
        other = set(TOWN[1 - section // 3])
        return "town-wall" if placed & other and not other <= placed else None
    if section in ROOFS:
        if no_roofs:
            return "no-roofs"
        if not set(WALLS) <= placed:
            return "roof"
    return None


def contract_fault(town: bool, built: set[int], new: set[int]) -> str | None:
    placed = built | new
    if town:
        started = [w for w in TOWN if placed & set(w)]
        if len(started) == 2 and not any(set(w) <= placed for w in started):
            return "town-wall"
        for wall in TOWN:
            fresh = new & set(wall)
            if fresh and not built & set(wall) and (wall[0] not in fresh or len(fresh) < 2):
                return "town-stable"
        return None
    if new & set(ROOFS) and not set(WALLS) <= placed:
        return "roof"
    if (
        new & set(WALLS)
        and not built & set(WALLS)
        and not (new & set(GABLES) and new & set(SIDE_WALLS))
    ):
        return "stable"
    return None


@pytest.mark.rule("MB-89", "MB-91")
def test_the_open_sections_are_those_the_rules_allow() -> None:
    for town, no_roofs, placed in product((False, True), (False, True), range(MASKS)):
        expected = tuple(
            s for s in range(SECTIONS)
            if s not in sections_of(placed)
            and section_rule(town, no_roofs, sections_of(placed), s) is None
        )  # fmt: skip
        assert OPEN_SECTIONS[town][no_roofs][placed] == expected


@pytest.mark.rule("MB-87", "MB-89", "MB-91", "MB-92")
def test_each_parts_fault_is_the_rules() -> None:
    for town, built, new in product((False, True), range(MASKS), range(MASKS)):
        expected = contract_fault(town, sections_of(built), sections_of(new))
        assert PART_FAULTS[town][built][new] == expected


def test_plan_keys_unstaff_rows_and_masks_read_back() -> None:
    for c, s, crew in product(range(MAX_CONTRACTS), range(SECTIONS), CREWS):
        assert KEYS[plan_key(c, s, crew)] == (c, s, crew)
    for c, planned in product(range(MAX_CONTRACTS), range(MASKS)):
        assert UNSTAFF_ROWS[c][planned] == tuple(
            UNSTAFFS[c, s] for s in sorted(sections_of(planned))
        )
    for row in product((0, 1), repeat=SECTIONS):
        assert sections_of(mask_of(list(row))) == {s for s in range(SECTIONS) if row[s]}


def test_a_free_key_tells_crews_apart_as_far_as_two_workers_of_a_skill() -> None:
    assert free_key([0, 0, 0, 0]) == 0
    assert FREE_COUNTS[free_key([5, -1, 2, 1])] == [2, 0, 2, 1]
    assert [free_key(counts) for counts in FREE_COUNTS] == list(range(len(FREE_COUNTS)))
