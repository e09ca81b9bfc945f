"""Advanced variant: every privilege card, loans, and the Game End."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.core.testing import random_playout
from housebuilders.games.mr_house.actions import RepayLoan, UsePrivilege
from housebuilders.games.mr_house.advanced import Garage
from housebuilders.games.mr_house.common import OVER
from housebuilders.games.mr_house.house import WOOD_WALL
from tests.games.mr_house.helpers import (
    adv,
    adv_construction,
    brick,
    column,
    materials,
    privilege,
    wood,
)

START = dict(wood=1, brick=1, cement=1, steel=1)


def holding(name: str, money: int = 50):
    """Player 0, first in movement, holds the card ``name``."""
    s = adv(2, order=[0, 1])
    card = privilege(s, name)
    s.privileges[0] = [card]
    s.money[0] = money
    return s, card


def use(name: str, money: int = 50):
    s, card = holding(name, money)
    assert UsePrivilege(card) in s.legal_actions(0)
    s.apply(0, UsePrivilege(card))
    assert s.privileges[0] == []  # discarded
    return s


@pytest.mark.rule("MH-91")
@pytest.mark.parametrize(
    ("name", "gained"),
    [
        ("Extra Wall and Roof Insulation", {"brick": 2}),
        ("Fence and Gate", {"wood": 2}),
        ("Lawn", {"cement": 2}),
        ("Flower Garden", {"cement": 1, "brick": 1}),
        ("Garden Pond", {"steel": 2}),
    ],
)
def test_privilege_free_materials(name: str, gained: dict[str, int]) -> None:
    s = use(name)
    expected = {**START}
    for m, n in gained.items():
        expected[m] = expected.get(m, 0) + n
    assert s.store[0] == materials(**expected)
    assert s.money[0] == 50


@pytest.mark.rule("MH-92")
def test_privilege_energy_efficient_windows_buy_a_window_for_two() -> None:
    s = use("Energy-Efficient Windows")
    assert s.store[0] == materials(**START, window=1) and s.money[0] == 48


@pytest.mark.rule("MH-92")
def test_privilege_gazebo_buys_a_door_for_five() -> None:
    s = use("Gazebo")
    assert s.store[0] == materials(**START, door=1) and s.money[0] == 45


@pytest.mark.rule("MH-92")
def test_privilege_buying_may_force_a_loan() -> None:
    s = use("Gazebo", money=3)
    assert s.money[0] == 18 and s.loans[0] == 1


@pytest.mark.rule("MH-93")
@pytest.mark.parametrize("name", ["Solar Water Heater", "Brick Driveway", "Swimming Pool"])
def test_privilege_quality_plus_one(name: str) -> None:
    assert use(name).quality[0] == -2


@pytest.mark.rule("MH-95")
def test_privilege_heat_pump_buys_the_first_worker_card_of_the_deck() -> None:
    s, card = holding("Heat Pump")
    top = s.worker_deck[-1]
    s.apply(0, UsePrivilege(card))
    assert s.spaces[0][0] == top and s.money[0] == 48
    assert s.quality[0] == -3 + s.p.worker_cards[top].stars
    assert s.undo_floor == len(s.history)  # a face-down card was revealed


@pytest.mark.rule("MH-95")
def test_privilege_heat_pump_needs_a_deck() -> None:
    s, card = holding("Heat Pump")
    s.worker_deck = []
    assert UsePrivilege(card) not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="worker deck is empty"):
        s.apply(0, UsePrivilege(card))


@pytest.mark.rule("MH-96")
def test_privilege_rainwater_tank_gains_eight_money() -> None:
    assert use("Rainwater Tank").money[0] == 58


@pytest.mark.rule("MH-96")
def test_privilege_alarm_system_gives_a_permit() -> None:
    assert use("Alarm System").permit[0]
    s, card = holding("Alarm System")
    s.permit[0] = True
    with pytest.raises(hb.IllegalAction, match="already have a building permit"):
        s.apply(0, UsePrivilege(card))


@pytest.mark.rule("MH-94")
@pytest.mark.parametrize("name", ["Wind Energy Generator", "Photovoltaic Panels"])
def test_privilege_decided_on_receipt_cannot_be_discarded_later(name: str) -> None:
    s, card = holding(name)
    assert UsePrivilege(card) not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="decided when received"):
        s.apply(0, UsePrivilege(card))


@pytest.mark.rule("MH-90")
def test_privilege_usable_in_construction_too() -> None:
    s, card = holding("Fence and Gate")
    adv_construction(s, order=[0, 1])
    assert UsePrivilege(card) in s.legal_actions(0)


@pytest.mark.rule("MH-90")
def test_privilege_not_held_refused() -> None:
    s = adv(2, order=[0, 1])
    with pytest.raises(hb.IllegalAction, match="do not hold"):
        s.apply(0, UsePrivilege(privilege(s, "Gazebo")))


# == Loans ================================================================================
@pytest.mark.rule("MH-81")
def test_repay_a_loan_any_time_the_player_may_act() -> None:
    s = adv(2, order=[0, 1])
    s.loans[0], s.money[0] = 2, 45
    assert RepayLoan() in s.legal_actions(0)
    s.apply(0, RepayLoan())
    assert s.loans[0] == 1 and s.money[0] == 25


@pytest.mark.rule("MH-81")
def test_repaying_must_leave_money_above_zero() -> None:
    s = adv(2, order=[0, 1])
    s.loans[0], s.money[0] = 1, 20
    assert RepayLoan() not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="must stay above 0") as e:
        s.apply(0, RepayLoan())
    assert e.value.rule == "mr-house-advanced §Loans"


@pytest.mark.rule("MH-82")
@pytest.mark.parametrize(
    ("loans", "points"), [(0, 1), (1, -1), (2, -2), (3, -4), (4, -6), (5, -9), (6, -12), (9, -12)]
)
def test_loan_points(loans: int, points: int) -> None:
    # "A player holds 5 loans at the end of the game. The player loses 9 points."
    s = adv(2)
    s.loans[0] = loans
    assert s.loan_points(0) == points


# == Game End ============================================================================
JACOB = (  # roofs 6, chimneys 2, walls 3, windows 2, door 1: 14
    column(wood(door=True), roof=True, chimney=True),
    column(wood(windows=1), roof=True, chimney=True),
    column(wood(windows=1), roof=True),
)
MARTA = (  # roofs 4, chimney 1, walls 4, windows 3, door 1: 13
    column(wood(door=True), wood(windows=1), roof=True, chimney=True),
    column(wood(windows=1), wood(windows=1), roof=True),
)
PAUL = (  # no door: incomplete
    column(brick(windows=1), roof="ceramic_roof", chimney=True),
    column(brick(windows=2), roof="ceramic_roof"),
)


def scoring_example():
    """The rulebook's advanced scoring example: Jacob (0), Marta (1), Paul (2)."""
    s = adv(3)
    s.phase = OVER
    s.house = [JACOB, MARTA, PAUL]
    s.permit = [True, True, True]
    green, pink, blue = (
        [i for i, c in enumerate(s.p.privilege_cards) if c.colour == colour]
        for colour in ("green", "pink", "blue")
    )
    s.privileges = [[green[0], pink[0]], [pink[1]], [pink[2], pink[3], blue[0]]]
    s.garage = [Garage(), Garage(WOOD_WALL, True), Garage()]
    s.quality = [0, 1, 5]
    s.loans = [0, 2, 0]
    return s


@pytest.mark.rule("MH-85", "MH-87", "MH-88")
def test_rulebook_advanced_scoring_example() -> None:
    jacob, marta, paul = scoring_example().scores()
    assert jacob["breakdown"] == {
        "walls": 3, "roofs": 6, "chimneys": 2, "windows": 2, "door": 1,
        "garage": 0, "privilege": 1, "quality": 0, "loans": 1,
    }  # fmt: skip
    assert marta["breakdown"] == {
        "walls": 4, "roofs": 4, "chimneys": 1, "windows": 3, "door": 1,
        "garage": 5, "privilege": 0, "quality": 1, "loans": -2,
    }  # fmt: skip
    assert (jacob["total"], marta["total"]) == (16, 17)
    assert (jacob["complete"], marta["complete"], paul["complete"]) == (True, True, False)


@pytest.mark.rule("MH-86")
def test_the_benchmark_s_goal_figures_of_the_advanced_example() -> None:
    """Jacob's and Marta's houses complete, Paul's not; Marta owes her two loans."""
    assert scoring_example().goals() == {
        "complete house": [1.0, 1.0, 0.0],
        "loans": [0.0, 2.0, 0.0],
    }


@pytest.mark.rule("MH-86")
def test_rulebook_advanced_scoring_example_marta_wins_paul_loses() -> None:
    s = scoring_example()
    assert s.scores()[2]["total"] > 17  # Paul scores more, and still loses
    assert s.ranking() == [2, 1, 3]


@pytest.mark.rule("MH-73", "MH-86")
def test_a_complete_house_in_the_advanced_variant_is_the_basic_variants() -> None:
    """Rulings 2, 3 and 4: "A complete house has at least 2 walls; 2 roofs; all walls
    covered by a roof or a higher-story wall; at least 1 chimney; exactly 1 door; all
    other walls have at least 1 window; a permit", upper floors included, the door on
    any floor."""
    base = (column(wood(door=True), roof=True, chimney=True), column(wood(windows=1), roof=True))
    houses = {
        base: True,
        (column(wood(windows=1), wood(door=True), roof=True, chimney=True), base[1]): True,
        (column(wood(door=True), wood(), roof=True, chimney=True), base[1]): False,
        (*base, column(wood(windows=1))): False,  # a column without its roof
    }
    for house, complete in houses.items():
        s = adv(2)
        s.phase, s.house, s.permit = OVER, [house, house], [True, True]
        assert s.scores()[0]["complete"] is complete, house


@pytest.mark.rule("MH-57")
def test_the_advanced_sixth_turn_ends_the_game_without_preparation() -> None:
    """Ruling 13: "The game ends after the sixth game turn. Then points are scored." """
    s = adv(2, seed=2)
    random_playout(s, random.Random(2))
    assert s.is_terminal() and s.turn == 6 and s.phase == OVER
    assert s.acting_players() == ()


@pytest.mark.rule("MH-86")
def test_incomplete_house_loses_whatever_the_points() -> None:
    s = scoring_example()
    s.permit = [False, True, True]  # Jacob's house is incomplete without a permit
    assert s.ranking() == [3, 1, 2]


@pytest.mark.rule("MH-88")
def test_privilege_majority_ties_all_score() -> None:
    s = adv(3)
    pink = [i for i, c in enumerate(s.p.privilege_cards) if c.colour == "pink"]
    s.privileges = [[pink[0]], [pink[1]], []]
    assert s.privilege_points() == [1, 1, 0]


@pytest.mark.rule("MH-88")
def test_privilege_cards_of_losing_players_still_count() -> None:
    s = scoring_example()
    assert s.privilege_points() == [1, 0, 2]  # Paul has the most pink and the blue


def tied(**changes):
    """Two players with the same complete house, money, loans and quality, changed by
    ``changes`` (attribute -> per-player values); both totals must stay equal."""
    s = adv(2)
    s.phase = OVER
    s.house = [JACOB, JACOB]
    s.permit = [True, True]
    s.quality, s.loans, s.money = [0, 0], [1, 1], [30, 30]
    for name, values in changes.items():
        setattr(s, name, values)
    assert s.scores()[0]["total"] == s.scores()[1]["total"]
    return s


@pytest.mark.rule("MH-89")
def test_tie_break_shared_when_all_is_equal() -> None:
    assert tied().ranking() == [1, 1]


@pytest.mark.rule("MH-89")
def test_tie_break_fewer_loans() -> None:
    # 0 loans (+1) against 1 loan (-1), made up by 2 quality points.
    assert tied(loans=[0, 1], quality=[0, 2]).ranking() == [1, 2]


@pytest.mark.rule("MH-89")
def test_tie_break_more_money() -> None:
    assert tied(money=[30, 31]).ranking() == [2, 1]


@pytest.mark.rule("MH-89")
def test_tie_break_higher_quality() -> None:
    s = adv(2)
    pink = next(i for i, c in enumerate(s.p.privilege_cards) if c.colour == "pink")
    assert tied(quality=[0, 1], privileges=[[pink], []]).ranking() == [2, 1]


@pytest.mark.rule("MH-85", "MH-89")
def test_tie_break_bigger_house_counts_the_garage() -> None:
    s = adv(2)
    pink = next(i for i, c in enumerate(s.p.privilege_cards) if c.colour == "pink")
    # A garage wall: 1 point and 1 more wall; the other's point is a privilege card.
    s = tied(garage=[Garage(), Garage(WOOD_WALL)], privileges=[[pink], []])
    assert s.ranking() == [2, 1]
