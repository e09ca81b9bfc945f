"""Construction (basic variant): groups, dice against quality, and the house's structure."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.mr_house import basic as B
from housebuilders.games.mr_house.actions import (
    Build,
    FinishBuilding,
    Prepare,
    Remove,
    SpendCoin,
    StartBuilding,
)
from housebuilders.games.mr_house.house import counts
from tests.games.mr_house.helpers import act, at_construction, brick, column, materials, wood

PLENTY = materials(wood=9, brick=9, cement=9, steel=9, window=9, door=9)
ROOFED = (column(wood(), roof=True),)
TWO_WALLS = (column(wood()), column(brick()))


def ready(
    house=(), store=PLENTY, workers=0, rolls=None, players=2, **options: str
) -> B.MrHouseBasicState:
    return at_construction(
        players,
        store={0: list(store)},
        workers={0: workers},
        houses={0: house},
        rolls=rolls,
        **options,
    )


@pytest.mark.rule("MH-28", "MH-30")
def test_prepare_groups_then_roll_each() -> None:
    # Rulebook example: Jacob sorts his materials into three groups: a wooden wall,
    # a roof and a chimney.
    s = ready(store=materials(wood=4, steel=2, brick=2, cement=1), rolls=[1, 1, 1])
    for part in ("wood_wall", "roof", "chimney"):
        act(s, Prepare(part))
    assert s.store[0] == materials()
    act(s, StartBuilding())
    act(s, Build("wood_wall", 0, 0))
    act(s, Build("roof", 0, 0))
    act(s, Build("chimney", 0, 1))
    assert counts(s.house[0])[:4] == [1, 0, 1, 1]
    assert s.acting_players() == (1,)  # all groups rolled: the next builder


@pytest.mark.rule("MH-27", "MH-28")
def test_prepare_needs_the_materials() -> None:
    s = ready(store=materials(wood=1, steel=1))
    assert Prepare("wood_wall") not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="needs 1 wood more") as e:
        s.apply(0, Prepare("wood_wall"))
    assert e.value.rule == "mr-house-basic §Construction"


@pytest.mark.rule("MH-29")
def test_quality_is_one_plus_workers() -> None:
    s = ready(workers=2)
    assert s.quality(0) == 4  # 1 + the printed worker + 2 hired


@pytest.mark.rule("MH-27", "MH-30")
def test_roll_at_or_below_quality_succeeds() -> None:
    # Jacob's company has quality 3: he needs to roll 3 or less.
    s = ready(workers=1, rolls=[3])
    act(s, Prepare("brick_wall"))
    act(s, StartBuilding())
    act(s, Build("brick_wall", 0, 0))
    assert counts(s.house[0])[1] == 1
    assert s.store[0] == [9, 7, 8, 9, 9, 9]  # 2 brick and 1 cement went to the bank


@pytest.mark.rule("MH-30", "MH-31")
def test_failed_roll_returns_materials_to_storehouse() -> None:
    # Jacob rolls 5 with quality 3: the wooden wall fails; he keeps the materials.
    s = ready(store=materials(wood=2, steel=1, brick=2, cement=1), workers=1, rolls=[5, 3])
    act(s, Prepare("wood_wall"))
    act(s, Prepare("brick_wall"))
    act(s, StartBuilding())
    act(s, Build("wood_wall", 0, 0))
    assert s.house[0] == ()
    assert s.store[0] == materials(wood=2, steel=1)
    act(s, Build("brick_wall", 0, 0))
    assert counts(s.house[0])[1] == 1


@pytest.mark.rule("MH-31")
def test_failed_group_materials_wait_for_next_turn() -> None:
    s = ready(store=materials(wood=2, steel=1), rolls=[6])
    act(s, Prepare("wood_wall"))
    act(s, StartBuilding())
    act(s, Build("wood_wall", 0, 0))
    # No second try this turn: player 0's construction is over, the materials wait.
    assert s.acting_players() == (1,)
    assert s.store[0] == materials(wood=2, steel=1)


@pytest.mark.rule("MH-9", "MH-28")
def test_builders_go_in_turn_order_from_first_player() -> None:
    s = at_construction(3, store={p: list(PLENTY) for p in range(3)})
    s.order = [1, 2, 0]
    order = []
    while s.phase in (B.PREPARING, B.ROLLING):
        order.append(s.acting_players()[0])
        act(s, StartBuilding())
    assert order == [1, 2, 0]


@pytest.mark.rule("MH-33")
def test_walls_before_windows_and_doors() -> None:
    s = ready(house=(column(wood(door=True)),))
    act(s, Prepare("window"))
    act(s, StartBuilding())
    with pytest.raises(hb.IllegalAction, match="walls must be built first"):
        s.apply(0, Build("window", 1, 0))


@pytest.mark.rule("MH-32")
def test_nothing_to_place_and_nothing_to_give_up_finishes_by_itself() -> None:
    s = ready()
    act(s, Prepare("window"))
    act(s, Prepare("door"))
    act(s, StartBuilding())  # no wall to put them on: the groups go back
    assert s.acting_players() == (1,)
    assert s.store[0] == PLENTY


@pytest.mark.rule("MH-37")
def test_roof_only_on_a_built_wall() -> None:
    s = ready(house=ROOFED)
    act(s, Prepare("roof"))
    act(s, StartBuilding())
    with pytest.raises(hb.IllegalAction, match="roof can only be placed on an already built wall"):
        s.apply(0, Build("roof", 1, 0))


@pytest.mark.rule("MH-38")
def test_chimney_with_no_roof_refused() -> None:
    s = ready(house=TWO_WALLS)
    act(s, Prepare("chimney"))
    act(s, StartBuilding())
    with pytest.raises(hb.IllegalAction, match="chimney can only be placed on an already built"):
        s.apply(0, Build("chimney", 0, 1))


@pytest.mark.rule("MH-38")
def test_as_many_chimneys_as_roofs() -> None:
    s = ready(house=(column(wood(), roof=True, chimney=True),))
    act(s, Prepare("chimney"))
    act(s, StartBuilding())
    with pytest.raises(hb.IllegalAction, match="as many chimneys as it has roofs"):
        s.apply(0, Build("chimney", 0, 1))


@pytest.mark.rule("MH-34", "MH-36", "MH-37")
def test_walls_stack_into_levels_and_roofs_at_any_level() -> None:
    s = ready(house=TWO_WALLS, rolls=[1, 1, 1])
    act(s, Prepare("brick_wall"))
    act(s, Prepare("roof"))
    act(s, Prepare("roof"))
    act(s, StartBuilding())
    assert Build("brick_wall", 0, 1) in s.legal_actions(0)  # on top of a wall
    assert Build("brick_wall", 2, 0) in s.legal_actions(0)  # a new ground-floor wall
    act(s, Build("brick_wall", 0, 1))
    act(s, Build("roof", 0, 1))  # roofs need not be at the same level
    act(s, Build("roof", 1, 0))
    assert [len(c.walls) for c in s.house[0]] == [2, 1]
    assert all(c.roof for c in s.house[0])


@pytest.mark.rule("MH-36")
def test_wall_on_a_roof_refused() -> None:
    s = ready(house=ROOFED)
    act(s, Prepare("wood_wall"))
    act(s, StartBuilding())
    assert Build("wood_wall", 0, 1) not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="cannot stand on a roof"):
        s.apply(0, Build("wood_wall", 0, 1))


@pytest.mark.rule("MH-39")
def test_up_to_two_windows_per_wall() -> None:
    s = ready(house=(column(wood(windows=2)),))
    act(s, Prepare("window"))
    act(s, StartBuilding())
    with pytest.raises(hb.IllegalAction, match="up to 2 windows"):
        s.apply(0, Build("window", 0, 0))


@pytest.mark.rule("MH-39")
def test_window_on_a_wall_with_a_door_refused() -> None:
    s = ready(house=(column(wood(door=True)),))
    act(s, Prepare("window"))
    act(s, StartBuilding())
    with pytest.raises(hb.IllegalAction, match="both a window and a door"):
        s.apply(0, Build("window", 0, 0))


@pytest.mark.rule("MH-39")
def test_door_on_a_wall_with_a_window_refused() -> None:
    s = ready(house=(column(wood(windows=1)),))
    act(s, Prepare("door"))
    act(s, StartBuilding())
    with pytest.raises(hb.IllegalAction, match="both a window and a door"):
        s.apply(0, Build("door", 0, 0))


@pytest.mark.rule("MH-40")
def test_second_door_refused() -> None:
    s = ready(house=(column(wood(door=True)), column(wood())))
    act(s, Prepare("door"))
    act(s, StartBuilding())
    with pytest.raises(hb.IllegalAction, match="only 1 door"):
        s.apply(0, Build("door", 1, 0))


@pytest.mark.rule("MH-39")
def test_a_door_on_an_upper_floor_wall_without_windows() -> None:
    # "A wall can have up to 2 windows, or 1 door. A wall cannot have both a window and
    # a door. The whole house can have only 1 door." Nothing keeps the door downstairs.
    s = ready(house=(column(wood(windows=1), wood()),), rolls=[1])
    act(s, Prepare("door"))
    act(s, StartBuilding())
    assert s.legal_actions(0)[:1] == [Build("door", 0, 1)]
    act(s, Build("door", 0, 1))
    assert s.house[0][0].walls[1].door


@pytest.mark.rule("MH-39")
def test_door_only_on_the_ground_floor_is_an_option() -> None:
    s = ready(house=(column(wood(), wood()),), door="ground-floor")
    act(s, Prepare("door"))
    act(s, StartBuilding())
    assert [a for a in s.legal_actions(0) if isinstance(a, Build)] == [Build("door", 0, 0)]
    with pytest.raises(hb.IllegalAction, match='ground-floor wall .*door="ground-floor"'):
        s.apply(0, Build("door", 0, 1))


@pytest.mark.rule("MH-39")
def test_window_on_an_upper_floor() -> None:
    s = ready(house=(column(wood(door=True), wood()),), rolls=[1])
    act(s, Prepare("window"))
    act(s, StartBuilding())
    act(s, Build("window", 0, 1))
    assert s.house[0][0].walls[1].windows == 1


@pytest.mark.rule("MH-24")
def test_spend_coin_for_window_refused_in_construction() -> None:
    s = ready()
    s.coins[0] = 1
    with pytest.raises(hb.IllegalAction, match="except a window or a door"):
        s.apply(0, SpendCoin("window"))
    act(s, SpendCoin("cement"))
    assert s.store[0][2] == 10


@pytest.mark.rule("MH-41")
def test_giving_up_a_part_takes_what_stands_on_it() -> None:
    # Rulebook example: Marta removes a roof to build a new wall there; her investment
    # in the roof is simply lost.
    s = ready(
        house=(column(wood(windows=1), roof=True, chimney=True), column(brick())),
        store=materials(wood=2, steel=1),
        rolls=[1],
    )
    act(s, Remove("roof", 0, 0))
    assert s.house[0][0] == column(wood(windows=1))  # the chimney went with the roof
    act(s, Prepare("wood_wall"))
    act(s, StartBuilding())
    act(s, Build("wood_wall", 0, 1))
    assert len(s.house[0][0].walls) == 2


@pytest.mark.rule("MH-41")
def test_giving_up_a_ground_wall_takes_its_column() -> None:
    s = ready(house=(column(wood(), wood(windows=2), roof=True), column(brick(door=True))))
    act(s, Remove("wood_wall", 0, 0))
    assert s.house[0] == (column(brick(door=True)),)


@pytest.mark.rule("MH-41")
def test_giving_up_a_part_that_is_not_there_refused() -> None:
    s = ready(house=TWO_WALLS)
    with pytest.raises(hb.IllegalAction, match="no roof"):
        s.apply(0, Remove("roof", 0, 0))


@pytest.mark.rule("MH-32")
def test_finish_only_when_no_prepared_group_can_be_placed() -> None:
    s = ready(rolls=[1])
    act(s, Prepare("wood_wall"))
    act(s, Prepare("chimney"))
    act(s, StartBuilding())
    with pytest.raises(hb.IllegalAction, match="roll for every prepared group"):
        s.apply(0, FinishBuilding())
    act(s, Build("wood_wall", 0, 0))
    assert FinishBuilding() in s.legal_actions(0)  # the chimney has no roof to go on
    act(s, FinishBuilding())
    assert s.store[0][1:3] == [9, 9]  # the chimney's brick and cement are back


@pytest.mark.rule("MH-32")
def test_player_with_nothing_to_build_is_skipped() -> None:
    s = at_construction(2, store={0: materials(), 1: materials(wood=2, steel=1)})
    s._begin_construction()
    assert s.acting_players() == (1,)


@pytest.mark.rule("MH-24")
def test_no_coin_spending_while_rolling() -> None:
    # Ruling 7: coins are spent while placing, taking or preparing; once rolling, a
    # new material could not join a group this turn.
    s = ready(rolls=[1])
    s.coins[0] = 1
    act(s, Prepare("wood_wall"))
    act(s, Prepare("wood_wall"))
    act(s, StartBuilding())
    assert not any(isinstance(a, SpendCoin) for a in s.legal_actions(0))
    with pytest.raises(hb.IllegalAction, match="construction: rolling phase"):
        s.apply(0, SpendCoin("wood"))


@pytest.mark.rule("MH-27")
def test_each_part_costs_the_materials_its_player_board_shows() -> None:
    # The player board's recipes: the walls, the roof and the chimney are the
    # rulebook's (its Jacob example); the window and door parts are proposed.
    recipes = {
        "wood_wall": materials(wood=2, steel=1),
        "brick_wall": materials(brick=2, cement=1),
        "roof": materials(wood=2, steel=1, brick=1),
        "chimney": materials(cement=1, brick=1),
        "window": materials(window=1, wood=1),
        "door": materials(door=1, steel=1),
    }
    for part, recipe in recipes.items():
        s = ready(store=recipe)
        assert Prepare(part) in s.legal_actions(0)
        act(s, Prepare(part))
        assert s.store[0] == materials(), part  # exactly the recipe, nothing left
        short = list(recipe)
        short[next(m for m, n in enumerate(recipe) if n)] -= 1
        assert Prepare(part) not in ready(store=short).legal_actions(0), part


@pytest.mark.rule("MH-35")
def test_the_basic_variant_offers_one_kind_of_roof() -> None:
    s = ready()
    prepared = {a.part for a in s.legal_actions(0) if isinstance(a, Prepare)}
    assert "roof" in prepared and "ceramic_roof" not in prepared
    with pytest.raises(hb.IllegalAction):
        s.apply(0, Prepare("ceramic_roof"))
