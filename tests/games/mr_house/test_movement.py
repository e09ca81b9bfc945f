"""Movement Around the City (basic variant)."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.mr_house.actions import PlaceMarker
from tests.games.mr_house.helpers import act, new, place_all

BANK, OFFICE, BRICK, WINDOW, CEMENT, WORK, STEEL, DOOR, WOOD = range(1, 10)


@pytest.mark.rule("MH-8", "MH-10")
def test_markers_placed_one_at_a_time_in_clockwise_order() -> None:
    s = new(3)
    order = []
    for _ in range(6):
        order.append(s.acting_players()[0])
        act(s, s.legal_actions(s.acting_players()[0])[0])
    assert order == [0, 1, 2, 0, 1, 2]


@pytest.mark.rule("MH-12")
def test_first_marker_can_go_anywhere() -> None:
    s = new(3)
    locations = {a.location for a in s.legal_actions(0) if isinstance(a, PlaceMarker)}
    assert locations == set(range(1, 10))
    values = {a.value for a in s.legal_actions(0) if isinstance(a, PlaceMarker)}
    assert values == {0, 1, 2, 3}


@pytest.mark.rule("MH-13", "MH-14")
def test_later_marker_must_be_orthogonally_adjacent() -> None:
    # Rulebook example: Jacob starts on the window store; his second marker may not
    # go onto the work notice board, which is not orthogonally adjacent to it.
    s = new(2)
    place_all(s, [(1, WINDOW), (1, WOOD)])
    legal = {a.location for a in s.legal_actions(0) if isinstance(a, PlaceMarker)}
    assert legal == {BANK, BRICK, CEMENT}
    with pytest.raises(hb.IllegalAction, match="not orthogonally adjacent") as e:
        s.apply(0, PlaceMarker(2, WORK))
    assert e.value.rule == "mr-house-basic §Movement Around the City"


@pytest.mark.rule("MH-13")
def test_later_marker_adjacent_to_any_earlier_marker() -> None:
    s = new(2)
    place_all(s, [(1, WINDOW), (1, WOOD), (2, CEMENT), (2, OFFICE)])
    legal = {a.location for a in s.legal_actions(0) if isinstance(a, PlaceMarker)}
    assert legal == {BANK, BRICK, WORK}  # next to the window store or the cement store


@pytest.mark.rule("MH-15")
def test_second_marker_on_same_building_refused() -> None:
    s = new(2)
    place_all(s, [(1, BANK), (1, WOOD)])
    with pytest.raises(hb.IllegalAction, match="only one marker of a given player"):
        s.apply(0, PlaceMarker(2, BANK))


@pytest.mark.rule("MH-16")
def test_marker_not_in_hand_refused() -> None:
    s = new(2)
    place_all(s, [(3, BANK), (1, WOOD)])
    with pytest.raises(hb.IllegalAction, match="no 3 marker"):
        s.apply(0, PlaceMarker(3, OFFICE))


@pytest.mark.rule("MH-17")
def test_new_marker_goes_on_top_of_the_stack() -> None:
    s = new(3)
    place_all(s, [(1, WOOD), (2, WOOD), (3, WOOD)])
    assert [(pl, v) for pl, v, _ in s.stacks[WOOD]] == [(0, 1), (1, 2), (2, 3)]


@pytest.mark.rule("MH-11")
def test_marker_values_hidden_from_opponents() -> None:
    s = new(3)
    place_all(s, [(3, WOOD), (2, WOOD)])
    stack = lambda viewer: s.observe(viewer)["board"]["locations"][WOOD - 1]["markers"]  # noqa: E731
    assert stack(0) == [{"player": 0, "value": 3}, {"player": 1, "value": None}]
    assert stack(1) == [{"player": 0, "value": None}, {"player": 1, "value": 2}]
    assert stack(None) == [{"player": 0, "value": None}, {"player": 1, "value": None}]
    assert "hand" not in s.observe(0)["players"][1]
    assert s.observe(0)["players"][1]["hand_size"] == 4


@pytest.mark.rule("MH-11")
def test_determinize_resamples_opponents_marker_values_and_history() -> None:
    s = new(2)
    place_all(s, [(3, WOOD), (0, BANK)])
    seen = set()
    for seed in range(40):
        view = s.determinize(0, seed)
        (_, value, index) = view.stacks[BANK][0]
        assert view.history[index] == (1, PlaceMarker(value, BANK))  # history agrees
        assert sorted([value, *view.hand[1]]) == [0, 1, 1, 2, 3]
        assert view.stacks[WOOD][0][1] == 3  # one's own markers stay as they are
        seen.add(value)
    assert seen == {0, 1, 2, 3}
