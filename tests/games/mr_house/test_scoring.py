"""Game End (basic variant): part points, the complete house, unspent coins, tie-breaks."""

from __future__ import annotations

import pytest

from housebuilders.games.mr_house import basic as B
from housebuilders.games.mr_house.house import is_complete
from tests.games.mr_house.helpers import brick, column, materials, new, wood


def finished(players: int = 3) -> B.MrHouseBasicState:
    s = new(players)
    s.phase = B.OVER
    s.store = [materials() for _ in range(players)]
    s.hand = [[] for _ in range(players)]
    return s


JACOB = (  # 3 walls, 3 roofs, 2 chimneys, 3 windows, 1 door: complete
    column(wood(door=True), roof=True, chimney=True),
    column(brick(windows=2), roof=True, chimney=True),
    column(wood(windows=1), roof=True),
)
MARTA = (  # 4 walls on two floors, 2 roofs, 1 chimney, 3 windows, 1 door: complete
    column(wood(door=True), brick(windows=1), roof=True, chimney=True),
    column(brick(windows=1), wood(windows=1), roof=True),
)
PAUL = (  # 4 walls, 4 roofs, 1 chimney, 2 windows, 1 door: one wall has no window
    column(wood(door=True), roof=True, chimney=True),
    column(wood(windows=1), roof=True),
    column(wood(windows=1), roof=True),
    column(wood(), roof=True),
)


def scoring_example() -> B.MrHouseBasicState:
    """The rulebook's basic scoring example: Jacob (0), Marta (1), Paul (2)."""
    s = finished(3)
    s.house = [JACOB, MARTA, PAUL]
    s.permit = [True, True, True]
    s.coins = [0, 1, 0]  # Marta still has an unspent coin
    s.store[1] = materials(brick=1)  # ...and an unused brick; Jacob has no materials
    return s


@pytest.mark.rule("MH-34", "MH-46", "MH-47", "MH-48")
def test_rulebook_basic_scoring_example_table() -> None:
    jacob, marta, paul = scoring_example().scores()
    assert jacob["breakdown"] == {
        "walls": 3, "roofs": 6, "chimneys": 2, "windows": 3, "door": 1,
        "coins": 0, "complete_house": 4,
    }  # fmt: skip
    assert marta["breakdown"] == {
        "walls": 4, "roofs": 4, "chimneys": 1, "windows": 3, "door": 1,
        "coins": 2, "complete_house": 4,
    }  # fmt: skip
    assert paul["breakdown"] == {
        "walls": 4, "roofs": 8, "chimneys": 1, "windows": 2, "door": 1,
        "coins": 0, "complete_house": 0,
    }  # fmt: skip
    # Points for individual house parts: 15, 13, 16; totals 19, 19, 16.
    assert [sum(v for k, v in p["breakdown"].items() if k not in ("coins", "complete_house"))
            for p in (jacob, marta, paul)] == [15, 13, 16]  # fmt: skip
    assert [p["total"] for p in (jacob, marta, paul)] == [19, 19, 16]


def test_the_benchmark_s_goal_figure_is_the_complete_house() -> None:
    assert scoring_example().goals() == {"complete house": [1.0, 1.0, 0.0]}


@pytest.mark.rule("MH-49")
def test_rulebook_basic_scoring_example_jacob_wins_on_fewer_materials() -> None:
    # Yellow and red tie with equally big houses (6 walls and roofs each); red still
    # has an unused brick while yellow has no building materials, so yellow wins.
    assert scoring_example().ranking() == [1, 2, 3]


@pytest.mark.rule("MH-45")
def test_complete_house_needs_a_permit() -> None:
    assert is_complete(JACOB, permit=True)
    assert not is_complete(JACOB, permit=False)


@pytest.mark.rule("MH-45")
def test_complete_house_needs_two_walls_and_two_roofs() -> None:
    one_column = (column(wood(door=True), roof=True, chimney=True),)
    assert not is_complete(one_column, permit=True)


@pytest.mark.rule("MH-45")
def test_complete_house_needs_all_walls_covered() -> None:
    uncovered = (*JACOB, column(brick(windows=1)))
    assert not is_complete(uncovered, permit=True)


@pytest.mark.rule("MH-45")
def test_complete_house_walls_covered_by_a_higher_story_wall() -> None:
    # Marta's lower walls are covered by the walls above them.
    assert is_complete(MARTA, permit=True)


@pytest.mark.rule("MH-45")
def test_complete_house_needs_a_chimney() -> None:
    no_chimney = tuple(c._replace(chimney=False) for c in JACOB)
    assert not is_complete(no_chimney, permit=True)


@pytest.mark.rule("MH-45")
def test_complete_house_needs_exactly_one_door() -> None:
    no_door = (column(wood(windows=1), roof=True, chimney=True), *JACOB[1:])
    assert not is_complete(no_door, permit=True)


@pytest.mark.rule("MH-45")
def test_complete_house_with_its_door_upstairs() -> None:
    # "exactly 1 door; all other walls have at least 1 window": the door's floor is not
    # a requirement (ruling 3).
    upstairs = (column(wood(windows=1), brick(door=True), roof=True, chimney=True), *JACOB[1:])
    assert is_complete(upstairs, permit=True)


@pytest.mark.rule("MH-45")
def test_complete_house_needs_a_window_on_every_other_wall() -> None:
    assert not is_complete(PAUL, permit=True)


@pytest.mark.rule("MH-48")
def test_unspent_coins_most_two_second_one() -> None:
    assert B.coin_bonus([3, 2, 1], (2, 1)) == [2, 1, 0]


@pytest.mark.rule("MH-48")
def test_unspent_coins_tied_first_all_two_no_second() -> None:
    assert B.coin_bonus([3, 3, 1], (2, 1)) == [2, 2, 0]


@pytest.mark.rule("MH-48")
def test_unspent_coins_tied_second_all_one() -> None:
    assert B.coin_bonus([4, 2, 2, 1], (2, 1)) == [2, 1, 1, 0]


@pytest.mark.rule("MH-48")
def test_unspent_coins_need_at_least_one_coin() -> None:
    assert B.coin_bonus([2, 0, 0], (2, 1)) == [2, 0, 0]
    assert B.coin_bonus([0, 0, 0], (2, 1)) == [0, 0, 0]


@pytest.mark.rule("MH-49")
def test_tie_break_bigger_house_wins() -> None:
    s = finished(2)
    # Equal points: 2 walls + 1 roof (1+1+2 = 4) against 4 walls (4).
    s.house = [
        (column(wood(), wood(), roof=True),),
        (column(wood()), column(wood()), column(wood()), column(wood())),
    ]
    assert [x["total"] for x in s.scores()] == [4, 4]
    assert s.ranking() == [2, 1]  # 3 walls and roofs against 4


@pytest.mark.rule("MH-49")
def test_tie_break_fewer_materials_then_shared() -> None:
    s = finished(2)
    s.house = [(column(wood()),), (column(brick()),)]
    s.store[0] = materials(wood=2)
    s.store[1] = materials(steel=1)
    assert s.ranking() == [2, 1]
    s.store[1] = materials(cement=2)
    assert s.ranking() == [1, 1]  # still a tie: it remains a tie


@pytest.mark.rule("MH-49")
def test_ranking_shares_places_and_skips() -> None:
    s = finished(3)
    s.house = [(column(wood()),), (column(wood()),), ()]
    assert s.ranking() == [1, 1, 3]
