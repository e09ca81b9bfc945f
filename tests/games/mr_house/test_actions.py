"""Mr House actions: sentences, JSON, the action space, refusals outside one's turn."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.mr_house.actions import (
    AdvancedPlaceMarker,
    Build,
    FinishBuilding,
    PlaceMarker,
    Prepare,
    Remove,
    SpendCoin,
    StartBuilding,
    Take,
)
from tests.games.mr_house.helpers import new


def test_actions_read_like_sentences() -> None:
    assert str(PlaceMarker(2, 9)) == "place your 2 marker on the wood store (9)"
    assert str(Take("wood", 2)) == "take 2 wood"
    assert str(PlaceMarker(0, 1)) == "place your 0 marker on the bank (1)"
    assert str(SpendCoin("brick")) == "spend a coin on 1 brick"
    assert str(Prepare("roof")) == (
        "prepare the materials for a roof (2 wood + 1 steel + 1 brick; scores 2 points)"
    )
    assert str(StartBuilding()) == "start building (roll for the prepared groups)"
    assert str(Build("wood_wall", 0, 1)) == "try to build a wooden wall on floor 2 of column 1"
    assert str(Build("chimney", 2, 1)) == "try to build a chimney on column 3"
    assert str(Remove("window", 0, 0)) == "give up the window on the ground floor of column 1"
    assert str(FinishBuilding()) == "finish building"


def test_action_json_round_trip() -> None:
    spec = hb.game("mr-house-basic")
    action = Build("door", 3, 0)
    assert action.to_json() == {"kind": "build", "part": "door", "column": 3, "level": 0}
    assert spec.action_from_json(action.to_json()) == action


def test_malformed_action_json_is_a_clear_error() -> None:
    spec = hb.game("mr-house-basic")
    with pytest.raises(ValueError, match="unknown action kind 'fly'"):
        spec.action_from_json({"kind": "fly"})
    with pytest.raises(ValueError, match="missing"):
        spec.action_from_json({"kind": "take", "material": "wood"})
    with pytest.raises(ValueError, match="unexpected"):
        spec.action_from_json({"kind": "take", "material": "wood", "count": 1, "x": 2})


@pytest.mark.rule("MH-9")
def test_acting_out_of_turn_refused() -> None:
    s = new(3)
    with pytest.raises(hb.IllegalAction, match="may not act now") as e:
        s.apply(1, PlaceMarker(1, 1))
    assert e.value.rule == "mr-house-basic §Movement Around the City"


@pytest.mark.rule("MH-9")
def test_action_of_another_phase_refused() -> None:
    s = new(2)
    with pytest.raises(hb.IllegalAction, match="purchases phase") as e:
        s.apply(0, Take("wood", 1))
    assert e.value.rule == "mr-house-basic §Movement Around the City"


@pytest.mark.rule("MH-44")
def test_action_after_the_end_refused() -> None:
    s = new(2)
    s.phase = 4
    with pytest.raises(hb.IllegalAction, match="the game is over"):
        s.apply(0, PlaceMarker(1, 1))


def test_advanced_placements_name_the_advanced_board() -> None:
    assert str(AdvancedPlaceMarker(1, 1)) == "place your 1 marker on the player order track (1)"
    assert str(AdvancedPlaceMarker(3, 10)) == "place your 3 marker on the construction expo (10)"
    assert AdvancedPlaceMarker(3, 10) == PlaceMarker(3, 10)  # the same action, other words
    state = hb.new_game("mr-house-advanced", 3, seed=7)
    placements = state.legal_actions(state.acting_players()[0])
    assert all(type(a) is AdvancedPlaceMarker for a in placements)
    parsed = hb.game("mr-house-advanced").action_from_json(
        {"kind": "place", "value": 1, "location": 1}
    )
    assert str(parsed) == "place your 1 marker on the player order track (1)"
