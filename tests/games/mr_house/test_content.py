"""Mr House component data: data.toml through its schema, and overrides."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.mr_house.content import DATA_FILE, load_content


def test_data_file_marks_proposed_values() -> None:
    text = DATA_FILE.read_text()
    assert text.count("# proposed") >= 15


def test_content_override_replaces_a_proposed_value() -> None:
    # Someone holding the real box reads 7 steel for 3 players off the board.
    state = hb.new_game("mr-house-basic", 3, content={"basic": {"stock": {"steel": [5, 7, 9]}}})
    assert state.supply[3] == 7
    assert hb.new_game("mr-house-basic", 3).supply[3] == 6  # the default is untouched


def test_content_override_survives_json_and_replay() -> None:
    content = {"basic": {"points": {"brick_wall": 2}}}
    state = hb.new_game("mr-house-basic", 2, seed=3, content=content)
    back = hb.game("mr-house-basic").state_from_json(state.to_json())
    assert back.p.points[1] == 2


def test_bad_content_names_the_file_the_field_and_what_was_expected() -> None:
    with pytest.raises(hb.ContentError) as e:
        load_content({"basic": {"stock": {"wood": [5, "six", 8]}}})
    message = str(e.value)
    assert "data.toml" in message
    assert "basic.stock.wood.1" in message
    assert "valid integer" in message


def test_content_with_unknown_field_refused() -> None:
    with pytest.raises(hb.ContentError, match="basic.colour"):
        load_content({"basic": {"colour": "red"}})


def test_content_with_asymmetric_board_refused() -> None:
    locations = [loc.model_dump() for loc in load_content().basic.locations]
    locations[0]["adjacent"] = [2, 4, 6, 8, 9]
    with pytest.raises(hb.ContentError, match="adjacency must be symmetric"):
        load_content({"basic": {"locations": locations}})


def test_content_with_unknown_material_refused() -> None:
    with pytest.raises(hb.ContentError, match="unknown materials"):
        load_content({"parts": {"roof": {"name": "roof", "materials": {"gold": 1}}}})
