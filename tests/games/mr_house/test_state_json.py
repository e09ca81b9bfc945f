"""A saved Mr House state is checked as it loads (games/mr_house/checks.py): each
inconsistency below is refused with a StateError naming the field."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import housebuilders as hb

WALL = {"part": "wood_wall", "windows": 0, "door": False}


def saved(
    game_id: str, moves: int, players: int = 3, seed: int = 1, **options: str
) -> dict[str, Any]:
    """The JSON of a game after ``moves`` random moves."""
    state = hb.new_game(game_id, players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(moves):
        player = rng.choice(state.acting_players())
        state.apply(player, rng.choice(state.legal_actions(player)))
    return json.loads(json.dumps(state.to_json()))


def refused(game_id: str, data: dict[str, Any], match: str) -> None:
    with pytest.raises(hb.StateError, match=match):
        hb.game(game_id).state_from_json(data)


def in_movement(game_id: str) -> dict[str, Any]:
    """Turn 1, four markers placed (the first player has placed two)."""
    data = saved(game_id, 4)
    assert data["phase"] == "movement" and data["placed"] == 4
    return data


BOTH = ["mr-house-basic", "mr-house-advanced"]


# == both variants =====================================================================
@pytest.mark.parametrize("game_id", BOTH)
def test_the_saved_positions_load(game_id: str) -> None:
    for moves in (0, 4, 40):
        data = saved(game_id, moves)
        assert hb.game(game_id).state_from_json(data).to_json() == data


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("mr-house-basic", {"door": "ground-floor"}),
        ("mr-house-advanced", {"door": "ground-floor", "office": "highest-two"}),
        ("mr-house-advanced", {"office": "first-one"}),
    ],
)
def test_a_game_with_options_saves_loads_and_replays(game_id: str, options: dict[str, str]) -> None:
    data = saved(game_id, 150, seed=2, **options)
    assert data["options"] == hb.game(game_id).check_options(options)  # every option
    assert hb.game(game_id).state_from_json(data).to_json() == data
    again = hb.replay(game_id, 3, 2, data["history"], options=data["options"])
    assert again.to_json() == data


@pytest.mark.parametrize("game_id", BOTH)
def test_a_fifth_player_is_refused(game_id: str) -> None:
    data = in_movement(game_id)
    data["players"] = 5
    refused(game_id, data, r"^players: 5 is out of range \(2 to 4\)")


@pytest.mark.parametrize("game_id", BOTH)
def test_a_player_board_missing_is_refused(game_id: str) -> None:
    data = in_movement(game_id)
    data["player_state"].pop()
    refused(game_id, data, "^player_state: lists 2 players, not 3")


@pytest.mark.parametrize("game_id", BOTH)
def test_the_acting_seat_changed_is_refused(game_id: str) -> None:
    """The first two in the order swapped: the one who has placed one marker fewer would
    be first."""
    data = in_movement(game_id)
    order = data["order"]
    data["order"] = [order[1], order[0], order[2]]
    refused(game_id, data, "^placed: player .* has not placed")


@pytest.mark.parametrize("game_id", BOTH)
def test_a_player_twice_in_the_order_is_refused(game_id: str) -> None:
    data = in_movement(game_id)
    data["order"][1] = data["order"][0]
    refused(game_id, data, "^order: player .* is also in order")


@pytest.mark.parametrize("game_id", BOTH)
def test_a_sixth_movement_marker_is_refused(game_id: str) -> None:
    data = in_movement(game_id)
    data["player_state"][1]["hand"].append(3)
    refused(game_id, data, r"^player_state.1.hand: the player's markers")


@pytest.mark.parametrize("game_id", BOTH)
def test_a_marker_changed_on_the_city_is_refused(game_id: str) -> None:
    """The marker's value disagrees with the placement its history entry records."""
    data = in_movement(game_id)
    stack = next(iter(data["stacks"].values()))
    stack[0][1] = 9
    refused(game_id, data, r"^stacks.\d+: marker 0 is not the placement at history")


@pytest.mark.parametrize("game_id", BOTH)
def test_a_marker_on_no_location_is_refused(game_id: str) -> None:
    data = in_movement(game_id)
    data["stacks"]["12"] = data["stacks"].pop(next(iter(data["stacks"])))
    refused(game_id, data, r"^stacks.12: 12 is out of range")


@pytest.mark.parametrize("game_id", BOTH)
def test_a_turn_the_history_does_not_show_is_refused(game_id: str) -> None:
    data = in_movement(game_id)
    data["turn"] = 2
    refused(game_id, data, "^history: places 4 markers, not 15 a turn for 1 turns and 4")


@pytest.mark.parametrize("game_id", BOTH)
def test_a_store_above_its_stock_is_refused(game_id: str) -> None:
    data = in_movement(game_id)
    data["supply"]["wood"] = 99
    refused(game_id, data, r"^supply.wood: 99 is out of range")


@pytest.mark.parametrize("game_id", BOTH)
def test_negative_materials_are_refused(game_id: str) -> None:
    data = in_movement(game_id)
    data["player_state"][0]["materials"]["brick"] = -1
    refused(game_id, data, "^player_state.0.materials.brick: input should be greater than")


@pytest.mark.parametrize(
    ("house", "match"),
    [
        (
            [{"walls": [{**WALL, "door": True, "windows": 1}], "roof": None, "chimney": False}],
            "both a window and a door",
        ),  # fmt: skip
        ([{"walls": [WALL], "roof": None, "chimney": True}], "a chimney stands on a roof"),
        ([{"walls": [{**WALL, "door": True}], "roof": None, "chimney": False}] * 2, "one door"),
        ([{"walls": [], "roof": None, "chimney": False}], "at least 1 item"),
        ([{"walls": [{**WALL, "windows": 3}], "roof": None, "chimney": False}], "less than"),
    ],
)
@pytest.mark.parametrize("game_id", BOTH)
def test_a_house_the_rules_cannot_build_is_refused(
    game_id: str, house: list[Any], match: str
) -> None:
    data = in_movement(game_id)
    data["player_state"][2]["house"] = house
    refused(game_id, data, f"^player_state.2.house.*{match}")


@pytest.mark.parametrize("game_id", BOTH)
def test_a_house_the_rules_can_build_loads(game_id: str) -> None:
    data = in_movement(game_id)
    house = [{"walls": [{**WALL, "door": True}, WALL], "roof": "roof", "chimney": True}]
    data["player_state"][2]["house"] = house
    assert hb.game(game_id).state_from_json(data).to_json() == data


UPSTAIRS_DOOR = [{"walls": [WALL, {**WALL, "door": True}], "roof": None, "chimney": False}]


@pytest.mark.parametrize("game_id", BOTH)
def test_an_upper_floor_door_loads_by_default(game_id: str) -> None:
    data = in_movement(game_id)
    data["player_state"][2]["house"] = UPSTAIRS_DOOR
    assert hb.game(game_id).state_from_json(data).to_json() == data


@pytest.mark.rule("MH-39")
@pytest.mark.parametrize("game_id", BOTH)
def test_an_upper_floor_door_is_refused_with_the_ground_floor_option(game_id: str) -> None:
    data = in_movement(game_id)
    data["options"]["door"] = "ground-floor"
    data["player_state"][2]["house"] = UPSTAIRS_DOOR
    refused(game_id, data, '^player_state.2.house.0.walls.1: a door .*door="ground-floor"')


# == the basic variant =================================================================
BASIC = "mr-house-basic"


def test_a_worker_card_too_many_is_refused() -> None:
    data = in_movement(BASIC)
    data["worker_deck"] += 1
    refused(BASIC, data, "^worker_deck, board_workers, .*not the 28 of the game")


def test_a_hired_worker_beyond_the_board_is_refused() -> None:
    data = in_movement(BASIC)
    data["player_state"][0]["workers"] = 5
    refused(BASIC, data, r"^player_state.0.workers: 5 is out of range \(0 to 4\)")


@pytest.mark.rule("MH-35")
def test_a_ceramic_roof_in_the_basic_variant_is_refused() -> None:
    data = in_movement(BASIC)
    house = [{"walls": [WALL], "roof": "ceramic_roof", "chimney": False}]
    data["player_state"][0]["house"] = house
    refused(BASIC, data, "^player_state.0.house.0.roof: a ceramic_roof is not a part")


def test_groups_outside_the_construction_are_refused() -> None:
    data = in_movement(BASIC)
    data["groups"] = ["roof"]
    refused(BASIC, data, "^groups: prepared groups are rolled for in the construction only")


def test_a_permit_given_in_the_movement_is_refused() -> None:
    data = in_movement(BASIC)
    data["permit_given"] = True
    refused(BASIC, data, "^permit_given: no permit was given this turn")


def test_an_unknown_phase_is_refused() -> None:
    data = in_movement(BASIC)
    data["phase"] = "lunch"
    refused(BASIC, data, "^phase: 'lunch' is not one of")


# == the advanced variant ==============================================================
ADVANCED = "mr-house-advanced"


def advanced(change: Callable[[dict[str, Any]], None], match: str) -> None:
    data = saved(ADVANCED, 40)
    change(data)
    refused(ADVANCED, data, match)


def test_a_worker_card_in_two_places_is_refused() -> None:
    def twice(d: dict[str, Any]) -> None:
        d["worker_deck"].append(d["board_cards"][0][0])

    advanced(twice, r"^board_cards: worker card \d+ is also in worker_deck")


def test_a_privilege_card_in_two_places_is_refused() -> None:
    def twice(d: dict[str, Any]) -> None:
        d["player_state"][0]["privileges"].append(d["expo_current"][0])

    advanced(twice, r"^player_state.0.privileges: privilege card \d+ is also in expo_current")


def test_a_privilege_card_that_does_not_exist_is_refused() -> None:
    advanced(lambda d: d["expo_future"].append(15), "^expo_future: 15 is not a privilege card")


def test_the_box_of_undealt_privilege_cards_changed_is_refused() -> None:
    advanced(lambda d: d["privilege_box"].pop(), "^privilege_box: 12 privilege cards are dealt")


def test_money_at_zero_is_refused() -> None:
    def broke(d: dict[str, Any]) -> None:
        d["player_state"][1]["money"] = 0

    advanced(broke, "^player_state.1.money: 0: loans keep a player's money above 0")


def test_a_price_beyond_the_table_is_refused() -> None:
    advanced(lambda d: d["prices"].update(door=13), r"^prices.door: 13 is out of range \(8 to 12\)")


def test_quality_beyond_the_track_is_refused() -> None:
    def better(d: dict[str, Any]) -> None:
        d["player_state"][0]["quality"] = 16

    advanced(better, r"^player_state.0.quality: 16 is out of range \(-3 to 15\)")


def test_a_tired_worker_on_an_empty_space_is_refused() -> None:
    def tired(d: dict[str, Any]) -> None:
        d["player_state"][1]["worker_spaces"] = [-1, -1, -1, -1]
        d["player_state"][1]["tired"] = 2

    advanced(tired, "^player_state.1.tired: space 1 is empty")


def test_a_garage_door_without_its_wall_is_refused() -> None:
    def door(d: dict[str, Any]) -> None:
        d["player_state"][0]["garage"] = [-1, True, 0]

    advanced(door, "^player_state.0.garage: a garage is a wall, then a door")


def test_a_garage_given_up_loads_and_a_door_on_it_is_refused() -> None:
    state = hb.game("mr-house-advanced").new_game(2, 1)
    d = state.to_json()
    d["player_state"][0]["garage"] = [-2, False, 0]  # given up: no other may be built
    assert hb.game("mr-house-advanced").state_from_json(d).garage[0] == (-2, False, 0)
    advanced(lambda d: d["player_state"][0].update(garage=[-2, True, 0]),
             "^player_state.0.garage: a garage is a wall, then a door")  # fmt: skip


def test_a_question_of_another_phase_is_refused() -> None:
    advanced(lambda d: d.update(asked="crew"), "^asked: 'crew' is not asked in the movement")


def test_the_unused_phase_is_refused() -> None:
    advanced(lambda d: d.update(phase="(unused)"), "^phase: '\\(unused\\)' is not a phase")


def test_a_card_on_receipt_outside_the_expo_is_refused() -> None:
    advanced(lambda d: d.update(receipt=3), "^receipt: a card is decided on receipt exactly when")


def test_a_worker_card_price_paid_off_is_refused() -> None:
    """A card whose coins reach its price has left the board."""

    def paid(d: dict[str, Any]) -> None:
        d["board_cards"][0][1] = 99

    advanced(paid, r"^board_cards.0: 99 is out of range")


def test_another_chooser_in_the_purchases_is_refused() -> None:
    """Player 1's marker is resolved at a store: player 2 may not choose for it."""
    data = saved(ADVANCED, 22)
    assert (data["asked"], data["chooser"], data["purchase"]) == ("buy", 1, [7, 0])
    data["chooser"] = 2
    refused(ADVANCED, data, "^chooser: the chooser is the owner of the marker being resolved")


def test_purchases_waiting_at_no_store_are_refused() -> None:
    data = saved(BASIC, 16)
    assert data["phase"] == "purchases" and data["purchase"] == [7, 0]
    data["purchase"] = [1, 0]  # the bank: a marker there is resolved without a choice
    refused(BASIC, data, "^purchase: the purchases wait only on a marker at a store")


def test_a_builder_beyond_the_players_is_refused() -> None:
    data = saved(BASIC, 23)
    assert data["phase"] == "construction: preparing"
    data["builder"] = 3
    refused(BASIC, data, r"^builder: 3 is out of range \(0 to 2\)")


def test_an_office_benefit_the_option_does_not_give_is_refused() -> None:
    data = saved(ADVANCED, 16, seed=3)  # the office's second non-zero marker chooses
    assert data["asked"] == "office" and data["purchase"] == [2, 1]
    assert hb.game(ADVANCED).state_from_json(data).to_json() == data
    data["options"]["office"] = "first-one"
    refused(ADVANCED, data, "^purchase: this marker gains no office benefit .*first-one")


@pytest.mark.parametrize("game_id", BOTH)
def test_a_marker_position_past_a_location_is_refused(game_id: str) -> None:
    """A location holds one marker a player at most: after the purchases the position
    resolved last is at most the number of players."""
    data = in_movement(game_id)
    data["purchase"] = [0, 4]
    refused(game_id, data, r"^purchase.1: 4 is out of range \(0 to 3\)")


def test_more_coins_than_turns_is_refused() -> None:
    """ "At the bank (location 1), each player receives only 1 coin", and the bank is
    where coins come from: one a turn at most."""
    data = in_movement(BASIC)
    data["player_state"][0]["coins"] = 1
    hb.game(BASIC).state_from_json(data)
    data["player_state"][0]["coins"] = 2
    refused(BASIC, data, r"^player_state.0.coins: 2 is out of range \(0 to 1\)")


@pytest.mark.parametrize(("index", "value"), [(1, 16), (1, -2), (2, 17)])
def test_a_part_waiting_for_its_crew_off_the_house_is_refused(index: int, value: int) -> None:
    """The part waiting for its crew stands in a column of the house (-1: the garage)
    and on one of its floors."""
    data = saved(ADVANCED, 58)
    assert data["asked"] == "crew"
    data["pending"][index] = value
    refused(ADVANCED, data, f"^pending.{index}: {value} is out of range")
