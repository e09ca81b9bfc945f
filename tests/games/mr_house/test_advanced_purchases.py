"""Advanced variant: Purchases (stores and prices, loans, the office, the work notice
board, the player order track, the construction expo)."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.mr_house.actions import (
    Buy,
    ChoosePrivilege,
    Hire,
    OfficeChoice,
    OnReceipt,
    PlaceMarker,
    StopHiring,
)
from housebuilders.games.mr_house.content import load_content
from housebuilders.games.mr_house.phases import PURCHASES
from tests.games.mr_house.helpers import adv, adv_purchases, card_with, privilege

ORDER, OFFICE, BRICK, WINDOW, CEMENT, WORK, STEEL, DOOR, WOOD, EXPO = range(1, 11)


@pytest.mark.rule("MH-61")
def test_wood_bought_at_price_four() -> None:
    # Rulebook example: the price of wood is 4; the blue player buys only 2 wood with a
    # marker of value 3 and pays 8.
    s = adv(3, order=[0, 1, 2])
    s.prices[0] = 4
    s.money[2] = 50
    adv_purchases(s, {WOOD: [(2, 3)]})
    assert s.acting_players() == (2,)
    assert [a for a in s.legal_actions(2) if isinstance(a, Buy)] == [
        Buy("wood", n) for n in range(4)
    ]
    s.apply(2, Buy("wood", 2))
    assert s.money[2] == 42 and s.store[2][0] == 3


@pytest.mark.rule("MH-60")
def test_buying_with_marker_zero_refused() -> None:
    s = adv(2, order=[0, 1])
    adv_purchases(s, {WOOD: [(0, 0), (1, 2)]})
    assert s.acting_players() == (1,)  # the 0 marker is skipped
    with pytest.raises(hb.IllegalAction, match="a marker with 0 never gets an item") as e:
        s.apply(0, Buy("wood", 1))
    assert e.value.rule == "mr-house-advanced §Purchases"


@pytest.mark.rule("MH-61")
def test_buying_more_than_the_marker_refused() -> None:
    s = adv(2, order=[0, 1])
    adv_purchases(s, {WOOD: [(0, 2)]})
    with pytest.raises(hb.IllegalAction, match="no more than the number on your marker"):
        s.apply(0, Buy("wood", 3))


@pytest.mark.rule("MH-80")
def test_loan_example_from_two_money_to_sixteen() -> None:
    # "a player has 2 money but spends 6 (so their money falls to -4); they must
    # immediately take a loan and receive +20 money: 16"
    s = adv(2, order=[0, 1])
    s.money[0] = 2
    s.prices[3] = 6  # steel
    adv_purchases(s, {STEEL: [(0, 1)]})
    s.apply(0, Buy("steel", 1))
    assert s.money[0] == 16 and s.loans[0] == 1


@pytest.mark.rule("MH-80")
def test_loan_when_money_reaches_exactly_zero() -> None:
    s = adv(2, order=[0, 1])
    s.money[0] = 6
    s.prices[3] = 6
    adv_purchases(s, {STEEL: [(0, 1)]})
    s.apply(0, Buy("steel", 1))
    assert s.money[0] == 20 and s.loans[0] == 1


@pytest.mark.rule("MH-3", "MH-80")
def test_loans_repeated_until_money_above_zero() -> None:
    s = adv(2, order=[0, 1])
    s.money[0] = 1
    s.prices[5] = 12  # door
    s.supply[5] = 3
    adv_purchases(s, {DOOR: [(0, 3)]})
    s.apply(0, Buy("door", 3))  # 36 to pay with 1: -35, two loans
    assert s.money[0] == 5 and s.loans[0] == 2


@pytest.mark.rule("MH-63")
def test_office_money_four_times_marker() -> None:
    # Rulebook example: Marta at the office with a 3 marker takes 4 x 3 = 12 money.
    s = adv(3, order=[0, 1, 2])
    s.money[1] = 50
    adv_purchases(s, {OFFICE: [(1, 3)]})
    assert set(s.legal_actions(1)) >= {
        OfficeChoice("permit"),
        OfficeChoice("quality"),
        OfficeChoice("money"),
    }
    s.apply(1, OfficeChoice("money"))
    assert s.money[1] == 62


#: the office's stack, first placed first: player 2's 0, then 0's 1, 3's 2 and 1's 3
OFFICE_STACK = [(2, 0), (0, 1), (3, 2), (1, 3)]


def office_takers(stack: list[tuple[int, int]] = OFFICE_STACK, **options: str) -> list[int]:
    """Who gains the office's benefit from ``stack``, in the order they choose."""
    s = adv(4, order=[0, 1, 2, 3], **options)
    adv_purchases(s, {OFFICE: stack})
    takers = []
    while s.loc == OFFICE:
        (player,) = s.acting_players()
        takers.append(player)
        s.apply(player, OfficeChoice("money"))
    return takers


@pytest.mark.rule("MH-63")
def test_office_only_two_players_benefit() -> None:
    # The office section: "At the office, only 2 players will gain a benefit"; by
    # default (office="first-two") the first two non-zero markers in stack order.
    s = adv(4, order=[0, 1, 2, 3])
    adv_purchases(s, {OFFICE: OFFICE_STACK})
    assert s.acting_players() == (0,)
    s.apply(0, OfficeChoice("permit"))
    assert s.acting_players() == (3,)
    s.apply(3, OfficeChoice("quality"))
    assert s.permit == [True, False, False, False]
    assert s.quality[3] == -2
    assert s.loc == WOOD  # player 1's marker, third non-zero, gains nothing
    assert office_takers(office="first-two") == [0, 3]


@pytest.mark.rule("MH-63")
def test_office_two_highest_markers_is_an_option() -> None:
    # "only 2 players will gain a benefit", read as at the expo: "the player with the
    # highest non-0 marker ... The player with the second highest non-0 marker".
    assert office_takers(office="highest-two") == [3, 1]  # the 2 and the 3, in stack order


@pytest.mark.rule("MH-63")
def test_office_two_highest_markers_tie_by_the_stack() -> None:
    # "equal values rank by the stack" (ruling 11): of three 2s, the first two placed
    stack = [(2, 1), (0, 2), (1, 2), (3, 2)]
    assert office_takers(stack, office="highest-two") == [0, 1]


@pytest.mark.rule("MH-63")
def test_office_one_player_only_is_an_option() -> None:
    # The movement section: "Some spaces give 1 item to only 1 player (e.g. office)".
    assert office_takers(office="first-one") == [0]


@pytest.mark.rule("MH-63")
def test_office_permit_not_offered_twice() -> None:
    s = adv(2, order=[0, 1])
    s.permit[0] = True
    adv_purchases(s, {OFFICE: [(0, 1)]})
    assert OfficeChoice("permit") not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="already have a building permit"):
        s.apply(0, OfficeChoice("permit"))


@pytest.mark.rule("MH-64", "MH-66")
def test_worker_card_price_six_two_stars() -> None:
    # Rulebook example: Marta buys a worker card with quality 2 and price 6; it has 2
    # workers. She pays 6 and moves her quality marker ahead 2 spaces.
    s = adv(3, order=[0, 1, 2])
    card = card_with(s, workers=2, stars=2)
    s.board_cards = [(card, 0)]
    s.money[1] = 40
    adv_purchases(s, {WORK: [(1, 1)]})
    s.apply(1, Hire(card))
    assert s.money[1] == 34 and s.quality[1] == -1
    assert s.spaces[1][0] == card
    assert (1, 2) in s.workers_available(1)


@pytest.mark.rule("MH-64")
def test_hire_up_to_marker_value_then_stop() -> None:
    s = adv(2, order=[0, 1])
    a, b, c = s.board_cards[0][0], s.board_cards[1][0], s.board_cards[2][0]
    adv_purchases(s, {WORK: [(0, 2), (1, 1)]})
    s.apply(0, Hire(a))
    assert s.acting_players() == (0,)
    s.apply(0, Hire(b))
    assert s.acting_players() == (1,)  # player 0's marker of 2 is used up
    s.apply(1, StopHiring())
    assert s.board_cards == [(c, 0)]


@pytest.mark.rule("MH-65")
def test_new_worker_cards_enter_left_and_push_older_off_the_board() -> None:
    s = adv(2, order=[0, 1])
    s.spaces[0] = [-1, 11, 12, 13]
    s.board_cards = [(20, 0), (21, 0), (22, 0)]
    adv_purchases(s, {WORK: [(0, 2)]})
    s.apply(0, Hire(20))
    assert s.spaces[0] == [20, 11, 12, 13]
    s.apply(0, Hire(21))
    assert s.spaces[0] == [21, 20, 11, 12]  # 13 left the game


def test_the_log_names_a_hired_and_a_pushed_worker_card_as_the_action_does() -> None:
    s = adv(2, order=[0, 1])
    card = card_with(s, workers=2, stars=1)
    s.spaces[0] = [-1, 11, 12, 13]
    s.board_cards = [(card, 0), (21, 0)]
    s.money[0] = 40
    adv_purchases(s, {WORK: [(0, 2)]})
    price = s.p.worker_cards[card].price
    assert s.describe(Hire(card)) == f"hire a worker card (2 workers, 1 star) for {price}"
    s.apply(0, Hire(card))
    assert s.log[-1] == f"player 0 hires a worker card (2 workers, 1 star) for {price}"
    assert str(Hire(card)) == "hire a worker card (2 workers, 1 star)"
    s.apply(0, Hire(21))
    pushed = s.words.worker_card(13)
    assert pushed.startswith("a worker card (")
    assert f"{pushed} is pushed off player 0's board" in s.log


@pytest.mark.rule("MH-64", "MH-76")
def test_worker_card_price_with_coins() -> None:
    s = adv(2, order=[0, 1])
    card = card_with(s, workers=3, stars=2)  # price 8
    s.board_cards = [(card, 3)]
    s.money[0] = 30
    adv_purchases(s, {WORK: [(0, 1)]})
    assert s.describe(Hire(card)) == "hire a worker card (3 workers, 2 stars) for 5"
    s.apply(0, Hire(card))
    assert s.money[0] == 25


@pytest.mark.rule("MH-67")
def test_player_order_example() -> None:
    # The order is red (0), green (1), yellow (2); yellow places a 2 marker at the
    # player order track and nobody else a non-zero one: yellow 1st, red 2nd, green 3rd.
    s = adv(3, order=[0, 1, 2])
    adv_purchases(s, {ORDER: [(0, 0), (2, 2)]})
    assert s.track == [2, 0, 1]
    assert s.order == [0, 1, 2]  # this turn keeps its order (ruling 22)


@pytest.mark.rule("MH-67")
def test_player_order_several_movers_in_stack_order() -> None:
    s = adv(4, order=[0, 1, 2, 3])
    adv_purchases(s, {ORDER: [(3, 1), (1, 0), (2, 3)]})
    assert s.track == [3, 2, 0, 1]


@pytest.mark.rule("MH-62")
def test_expo_highest_marker_chooses_second_gets_the_other() -> None:
    s = adv(3, order=[0, 1, 2])
    s.expo_current = [privilege(s, "Fence and Gate"), privilege(s, "Gazebo")]
    adv_purchases(s, {EXPO: [(0, 1), (1, 3), (2, 2)]}, hold=False)
    assert s.acting_players() == (1,)
    s.apply(1, ChoosePrivilege(privilege(s, "Gazebo")))
    assert s.privileges == [[], [privilege(s, "Gazebo")], [privilege(s, "Fence and Gate")]]


@pytest.mark.rule("MH-62")
def test_expo_equal_markers_rank_by_the_stack() -> None:
    s = adv(3, order=[0, 1, 2])
    adv_purchases(s, {EXPO: [(2, 2), (0, 2), (1, 1)]}, hold=False)
    assert s.acting_players() == (2,)  # placed first among the 2s


@pytest.mark.rule("MH-94")
@pytest.mark.parametrize("name", ["Wind Energy Generator", "Photovoltaic Panels"])
def test_wind_energy_generator_decided_on_receipt(name: str) -> None:
    # Rulebook example: the card gained with a 3 marker on the expo: keep it, or
    # discard it for 5 x 3 = 15 money.
    s = adv(2, order=[0, 1])
    wind = privilege(s, name)
    s.expo_current = [wind, privilege(s, "Gazebo")]
    s.money[0] = 30
    adv_purchases(s, {EXPO: [(0, 3)]}, hold=False)
    s.apply(0, ChoosePrivilege(wind))
    assert s.legal_actions(0) == [OnReceipt("keep"), OnReceipt("cash")]
    s.apply(0, OnReceipt("cash"))
    assert s.money[0] == 45 and s.privileges[0] == []


@pytest.mark.rule("MH-94")
def test_wind_energy_generator_kept_counts_for_colours() -> None:
    s = adv(2, order=[0, 1])
    wind = privilege(s, "Wind Energy Generator")
    s.expo_current = [wind]
    adv_purchases(s, {EXPO: [(1, 2)]}, hold=False)
    s.apply(1, OnReceipt("keep"))
    assert s.privileges[1] == [wind]
    assert s.privilege_points() == [0, 1]


@pytest.mark.rule("MH-90")
def test_privilege_cards_held_are_public() -> None:
    s = adv(2, order=[0, 1])
    s.privileges[1] = [privilege(s, "Gazebo")]
    assert s.observe(0)["players"][1]["privileges"][0]["name"] == "Gazebo"


@pytest.mark.rule("MH-80")
def test_money_has_no_upper_limit() -> None:
    # Ruling 30: the end of the money track is not a rule.
    s = adv(3, order=[0, 1, 2])
    s.money[1] = 500
    adv_purchases(s, {OFFICE: [(1, 3)]})
    s.apply(1, OfficeChoice("money"))
    assert s.money[1] == 512


@pytest.mark.rule("MH-66")
def test_negative_stars_are_allowed_and_quality_stays_on_its_track() -> None:
    # Ruling 14: a card's stars may be negative in the data; quality never goes below
    # the track's start (-3) nor past its end.
    cards = [c.model_dump() for c in load_content().advanced.worker_cards]
    cards[0] |= {"workers": 1, "stars": -1, "price": 1}
    s = hb.new_game("mr-house-advanced", 3, seed=0, content={"advanced": {"worker_cards": cards}})
    s.order, s.track = [0, 1, 2], [0, 1, 2]
    card = card_with(s, workers=1, stars=-1)
    s.board_cards = [(card, 0)]
    s.money[1] = 40
    adv_purchases(s, {WORK: [(1, 1)]})
    s.apply(1, Hire(card))
    assert s.quality[1] == s.p.quality_start == -3
    s._raise_quality(1, 100)
    assert s.quality[1] == s.p.quality_max


@pytest.mark.rule("MH-60")
def test_advanced_locations_resolve_in_number_order_and_markers_return() -> None:
    s = adv(2, order=[0, 1])
    plans = {
        0: [(1, WOOD), (2, OFFICE), (3, BRICK), (1, WINDOW), (0, CEMENT)],
        1: [(3, STEEL), (1, DOOR), (2, WOOD), (0, ORDER), (1, WORK)],
    }
    for turn in range(5):
        for player in (0, 1):
            s.apply(player, PlaceMarker(*plans[player][turn]))
    visited = []
    while s.phase == PURCHASES:
        (player,) = s.acting_players()
        visited.append(s.loc)
        s.apply(player, s.legal_actions(player)[0])
    # every location with a non-zero marker asks, in number order (the player order
    # track, 1, and the cement store, 5, hold only 0 markers)
    assert visited == sorted(visited)
    assert set(visited) == {OFFICE, BRICK, WINDOW, WORK, STEEL, DOOR, WOOD}
    assert all(not stack for stack in s.stacks)
    assert s.hand == [[0, 1, 1, 2, 3]] * 2
