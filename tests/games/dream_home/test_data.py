"""Dream Home's component data (DH-1 to DH-8, DH-48, DH-58)."""

from __future__ import annotations

import pytest

from housebuilders.core import ContentError
from housebuilders.games.dream_home.content import DATA, above, below, cards
from tests.games.dream_home.helpers import new

CONTENT = DATA.load()


@pytest.mark.rule("DH-1", "DH-14")
def test_dh_1_a_new_game_holds_60_room_cards_48_resource_cards_and_10_tokens() -> None:
    for players in (2, 3, 4):
        s = new(players)
        board_rooms = [c for c in s.board_rooms if c != -1]
        board_res = [c for c in s.board_resources if c != -1]
        assert len(s.room_deck) + len(board_rooms) == 60
        assert len(s.resource_deck) + len(board_res) == 48
        assert s.token_owner == [-1] * 10  # DH-14: all ten in the supply
        assert s.observe(None)["first"] == 0  # one first-player marker


@pytest.mark.rule("DH-3", "DH-4")
def test_dh_3_dh_4_the_home_has_12_spaces_and_two_columns_over_the_basement() -> None:
    s = new(2)
    assert all(home == [-1] * 12 for home in s.homes) and s.roofs == [[], []]
    under = below(CONTENT)
    columns = CONTENT.basement_under
    assert [under[5 + c - 1] for c in columns] == [10, 11]
    grounded = [space for space in range(5, 10) if under[space] is None]
    assert len(grounded) == 3
    assert all(under[top] == 5 + top for top in range(5))
    assert above(CONTENT)[10] == 5 + columns[0] - 1


@pytest.mark.rule("DH-5")
def test_dh_5_every_room_card_has_its_fields() -> None:
    for room in CONTENT.rooms:
        assert 1 <= room.max_size <= 3
        assert len(room.points) == room.max_size and len(room.kids) == room.copies
        assert room.class_ in ("normal", "unique", "basement")


@pytest.mark.rule("DH-6")
def test_dh_6_the_room_deck_is_60_cards_with_the_rulebooks_values() -> None:
    rooms = {room.name: room for room in CONTENT.rooms}
    assert sum(r.copies for r in CONTENT.rooms) == 60
    assert sum(r.copies for r in CONTENT.rooms if r.class_ != "basement") == 46
    assert rooms["living room"].points == [1, 4, 9]
    assert rooms["bedroom"].max_size == 2
    assert rooms["garage"].points == [0, 4]
    assert rooms["pantry"].special is not None and rooms["pantry"].special.points == 3


@pytest.mark.rule("DH-7")
def test_dh_7_the_resource_deck_is_48_cards() -> None:
    kinds = [r.kind for r in cards(CONTENT).resources]
    assert len(kinds) == 48
    assert (kinds.count("roof"), kinds.count("decor")) == (24, 10)
    assert (kinds.count("helper"), kinds.count("tool")) == (5, 9)


@pytest.mark.rule("DH-48")
def test_dh_48_four_roof_types_each_with_exactly_one_window() -> None:
    roofs = [r for r in cards(CONTENT).resources if r.kind == "roof"]
    assert len(CONTENT.roof.colours) == 4
    for colour in range(4):
        assert sum(r.window for r in roofs if r.index == colour) == 1


@pytest.mark.rule("DH-58")
@pytest.mark.parametrize(
    ("name", "room", "points"),
    [("piano", "living room", 3), ("paintings", "living room", 2), ("cat house", "bedroom", 1),
     ("canopy bed", "bedroom", 2), ("ice-cream machine", "kitchen", 2),
     ("hydromassage bath", "bathroom", 2), ("rocking horse", "playroom", 2),
     ("treehouse", "", 2), ("birdhouse", "", 1), ("wine rack", "wine cellar", 2)],
)  # fmt: skip
def test_dh_58_each_decor_tokens_room_and_value(name: str, room: str, points: int) -> None:
    decor = {d.name: d for d in CONTENT.decor}
    assert (decor[name].room, decor[name].points) == (room, points)
    assert len(CONTENT.decor) == 10


def test_dh_8_the_decks_last_exactly_twelve_rounds() -> None:
    assert 12 * 5 == 60 and 12 * 4 == 48
    assert CONTENT.rounds == 12


def test_proposed_values_are_listed() -> None:
    proposed = DATA.proposed()
    assert "rooms[*].copies" in proposed and "basement_under" in proposed


@pytest.mark.rule("DH-8")
def test_dh_8_content_whose_decks_would_not_last_twelve_rounds_is_refused() -> None:
    with pytest.raises(ContentError, match="must last exactly 12 rounds"):
        DATA.load({"roof": {"copies": 5}})
    with pytest.raises(ContentError, match="no room type 'den'"):
        DATA.load({"functionality": {"each_upper_floor": "den"}})
