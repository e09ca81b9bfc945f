"""Phase 4, construction: whose workers go where, building and town-wall rules, refused
plans, workers coming back (MB-81, MB-82, MB-84, MB-86, MB-88, MB-90 to MB-94, Q9)."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.master_builder.actions import FIRES, NONE, STAFFS, SUBMIT_PLAN
from housebuilders.games.master_builder.state import MasterBuilderState
from tests.games.master_builder.positions import A, F, J, M, give, new, own, planning

TOWN_WALL, BUILDING, EIGHT = 0, 2, 7  # contract 1: six apprentice sections; contract 3
# ("building"): apprentice walls, merchant roofs; contract 8: the rulebook's example


def builder(skills: list[int], contract: int, built: list[int] | None = None) -> MasterBuilderState:
    """Round 2's plans: player 0 owns ``contract`` (``built`` its sections) and the
    workers of ``skills``; player 1 has nothing."""
    s = new(2)
    give(s, 0, skills)
    own(s, 0, contract)
    if built:
        s.built[contract] = built[:]
    planning(s)
    return s


def build(s: MasterBuilderState, *sections: int, skill: int = A, contract: int = -1) -> None:
    c = s.contracts[0][0] if contract == -1 else contract
    for section in sections:
        s.apply(0, STAFFS[c, section, skill, NONE])
    s.apply(0, SUBMIT_PLAN)
    s.apply(1, SUBMIT_PLAN)


@pytest.mark.rule("MB-69", "MB-81")
def test_mb_81_face_down_others_workers_others_contracts_and_built_sections_are_refused() -> None:
    s = builder([A, A], BUILDING, [1, 0, 1, 0, 0, 0])
    (merchant,) = give(s, 1, [J])
    own(s, 1, EIGHT)
    s.down = [s.workers[0][0]]
    s.apply(0, STAFFS[BUILDING, 1, A, NONE])
    with pytest.raises(hb.IllegalAction, match="no available apprentice|placed on one section"):
        s.apply(0, STAFFS[BUILDING, 3, A, NONE])  # the other apprentice is face down
    with pytest.raises(hb.IllegalAction, match="no available merchant"):
        s.apply(0, STAFFS[BUILDING, 3, J, NONE])  # player 2's merchant
    with pytest.raises(hb.IllegalAction, match="do not own contract 8"):
        s.apply(0, STAFFS[EIGHT, 4, A, NONE])
    with pytest.raises(hb.IllegalAction, match="already built"):
        s.apply(0, STAFFS[BUILDING, 0, A, NONE])
    assert merchant in s.workers[1]


@pytest.mark.rule("MB-82", "MB-87", "MB-92")
def test_mb_82_one_plan_may_start_two_buildings_at_once() -> None:
    """"Each player chooses when they start and finish a building": one plan starts a
    building (a gable and a side wall) and a town wall (its wall section and a side); the
    unbuilt sections wait for a later round."""
    s = builder([A, A, A, A], BUILDING)
    own(s, 0, TOWN_WALL)
    for contract, section in ((BUILDING, 0), (BUILDING, 2), (TOWN_WALL, 0), (TOWN_WALL, 1)):
        s.apply(0, STAFFS[contract, section, A, NONE])
    assert s.plan_fault(0) is None
    s.apply(0, SUBMIT_PLAN)
    s.apply(1, SUBMIT_PLAN)
    assert s.built[BUILDING] == [1, 0, 1, 0, 0, 0]
    assert s.built[TOWN_WALL] == [1, 1, 0, 0, 0, 0]
    assert sorted(s.contracts[0]) == [TOWN_WALL, BUILDING] and s.town == []


@pytest.mark.rule("MB-84", "MB-87")
def test_mb_84_a_plan_that_does_not_stand_is_refused_whole_and_changes_nothing() -> None:
    s = builder([A, A], BUILDING)
    s.apply(0, STAFFS[BUILDING, 0, A, NONE])
    s.apply(0, STAFFS[BUILDING, 1, A, NONE])  # two gables, no side wall
    before = s.to_json()
    with pytest.raises(hb.IllegalAction, match="must be stable") as refused:
        s.apply(0, SUBMIT_PLAN)
    assert refused.value.rule == "master-builder §Building Rules"
    assert s.to_json() == before


@pytest.mark.rule("MB-86")
def test_mb_86_a_worker_is_shown_by_its_type_and_quirks_not_by_clothing() -> None:
    s = new(2)
    (foreman,) = give(s, 0, [F])
    seen = s.observe(1)["players"][0]["workers"][0]
    assert seen["skill"] == F and seen["quirks"] and set(seen) >= {"skill", "quirks", "wage"}
    said = s.describe(FIRES[foreman])
    assert "foreman" in said and all(q in said for q in seen["quirks"])


@pytest.mark.rule("MB-88")
@pytest.mark.parametrize("section", [1, 3])
def test_mb_88_a_started_building_takes_a_single_gable_or_side_wall_later(section: int) -> None:
    s = builder([A], BUILDING, [1, 0, 1, 0, 0, 0])
    build(s, section)
    assert s.built[BUILDING][section] == 1


@pytest.mark.rule("MB-90")
def test_mb_90_one_roof_section_alone_once_the_four_walls_stand() -> None:
    s = builder([J], BUILDING, [1, 1, 1, 1, 0, 0])
    build(s, 4, skill=J)
    assert s.built[BUILDING] == [1, 1, 1, 1, 1, 0]


@pytest.mark.rule("MB-91")
def test_mb_91_the_second_town_wall_waits_for_the_first() -> None:
    s = builder([A, A], TOWN_WALL, [1, 1, 0, 0, 0, 0])
    with pytest.raises(hb.IllegalAction, match="first town wall completely"):
        s.apply(0, STAFFS[TOWN_WALL, 3, A, NONE])


@pytest.mark.rule("MB-92")
@pytest.mark.parametrize("alone", [0, 1, 2])
def test_mb_92_a_town_wall_begins_with_its_wall_section_and_a_side_together(alone: int) -> None:
    s = builder([A, A], TOWN_WALL)
    s.apply(0, STAFFS[TOWN_WALL, alone, A, NONE])
    with pytest.raises(hb.IllegalAction, match="one wall section and one side"):
        s.apply(0, SUBMIT_PLAN)


@pytest.mark.rule("MB-92")
@pytest.mark.parametrize("side", [1, 2])
def test_mb_92_q9_a_wall_section_with_either_side_stands_and_the_reverse_follows(
    side: int,
) -> None:
    s = builder([A, A], TOWN_WALL)
    build(s, 0, side)
    reverse = 3 - side
    assert s.built[TOWN_WALL][:3] == [1, int(side == 1), int(side == 2)]
    planning(s)
    build(s, reverse)
    assert s.built[TOWN_WALL][:3] == [1, 1, 1]


@pytest.mark.rule("MB-93")
def test_mb_93_q9_the_first_walls_reverse_and_the_second_walls_start_in_one_plan() -> None:
    s = builder([A, A, A], TOWN_WALL, [1, 1, 0, 0, 0, 0])
    build(s, 2, 3, 5)
    assert s.built[TOWN_WALL] == [1, 1, 1, 1, 0, 1]
    s = builder([A] * 6, TOWN_WALL)
    build(s, 0, 1, 2, 3, 4, 5)  # a whole town-wall contract in one phase
    assert TOWN_WALL in s.town


@pytest.mark.rule("MB-94")
def test_mb_94_after_phase_4_every_worker_is_face_up_and_free() -> None:
    s = builder([A, A, M], BUILDING)
    s.down = [s.workers[0][2]]
    build(s, 0, 2)
    assert s.down == [] and s.available(0) == [1, 0, 0, 2] and s.plans == [[], []]
