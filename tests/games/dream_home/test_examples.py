"""The rulebook's worked examples, played through the public API (DH-59, DH-104)."""

from __future__ import annotations

import pytest

from housebuilders.core import IllegalAction
from housebuilders.games.dream_home.actions import Decorate, NoMegaphone, Place, PlaceDown, Take
from housebuilders.games.dream_home.phases import DECOR, MEGAPHONE, PLACE, TAKE
from housebuilders.games.dream_home.state import DreamHomeState
from tests.games.dream_home.helpers import new, stack

# round: (column, room card, resource card), and where seat 0 puts the room and token
SCORING_EXAMPLE = [
    (0, "garage", None, Place(10), None),
    (0, "workshop", None, PlaceDown(11), None),  # the empty room
    (1, "living room", "roof:red*", Place(6), None),
    (1, "living room", "decor:piano", Place(7), Decorate(6)),
    (1, "playroom", "roof:blue", Place(5), None),
    (1, "bathroom", "roof:blue", Place(8), None),
    (1, "dressing room", "roof:green", Place(9), None),
    (0, "bathroom", None, Place(0), None),
    (1, "bedroom", "decor:cat house", Place(1), Decorate(1)),
    (0, "kitchen", None, Place(2), None),
    (0, "pantry", None, Place(3), None),
    (0, "kitchen", None, Place(4), None),
]


def other_seat_plays(s: DreamHomeState, seat: int) -> None:
    """Seat 1's turn: the rightmost column left, its first legal placement and token."""
    s.apply(seat, max(s.legal_actions(seat), key=lambda a: a.column))
    while s.acting_players() == (seat,) and s.phase in (PLACE, DECOR):
        s.apply(seat, s.legal_actions(seat)[0])


def scoring_example() -> DreamHomeState:
    """The rulebook's scoring example played to the end, seat 0's home the example's."""
    s = new(2, **{"column-discard": False})
    stack(s, {r: {col: (room, res)} for r, (col, room, res, _, _) in
              enumerate(SCORING_EXAMPLE, start=1)})  # fmt: skip
    for column, _, _, place, decor in SCORING_EXAMPLE:
        if s.phase == MEGAPHONE:  # seat 1 took a Megaphone: it keeps it
            s.apply(1, NoMegaphone())
        assert s.acting_players() == (0,)
        s.apply(0, Take(column))
        s.apply(0, place)
        if decor is not None:
            assert s.phase == DECOR
            s.apply(0, decor)
        other_seat_plays(s, 1)
    while not s.is_terminal():  # the Roofer, if seat 1 holds it
        (p,) = s.acting_players()
        s.apply(p, s.legal_actions(p)[0])
    return s


@pytest.mark.rule("DH-104")
def test_dh_104_the_rulebooks_scoring_example_scores_29() -> None:
    score = scoring_example().scores()[0]
    assert score["breakdown"] == {
        "rooms": 2 + 4 + 1 + 1 + 1 + 1 + 1 + 3 + 1 + 0 + 0,
        "decor": 3 + 1,
        "functionality": 3 + 3,
        "roof": 3 + 1,
        "helpers": 0,
    }
    assert score["total"] == 29


@pytest.mark.rule("DH-84", "DH-101", "DH-103", "DH-104", "DH-106")
def test_the_goal_figures_of_the_scoring_example() -> None:
    """The benchmark's goal figures of the example home: its roof of four mixed cards
    with one window scores 3 + 1, the workshop put face down is its one empty room, and
    its kids are those of its face-up rooms' artwork."""
    s = scoring_example()
    goals = s.goals()
    assert goals["roof points"][0] == 4.0
    assert goals["empty rooms"][0] == 1.0
    rooms = s.cards.rooms
    face_up = [c for c, down in zip(s.homes[0], s.down[0], strict=True) if not down]
    assert goals["kids"][0] == float(sum(rooms[c].kids for c in face_up)) > 0


@pytest.mark.rule("DH-90", "DH-101")
def test_a_home_at_the_start_is_all_empty_rooms_with_no_roof() -> None:
    goals = new(3).goals()
    assert goals["empty rooms"] == [12.0, 12.0, 12.0]
    assert goals["roof points"] == [0.0, 0.0, 0.0] == goals["kids"]


@pytest.mark.rule("DH-55", "DH-59")
def test_dh_59_williams_cat_house_finishes_his_bedroom() -> None:
    s = new(4)
    stack(s, {1: {1: ("bedroom", "decor:cat house")}, 2: {1: ("bedroom", "decor:canopy bed")}})
    s.apply(0, Take(1))
    s.apply(0, Place(8))
    s.apply(0, Decorate(8))  # the cat house finishes the one-card bedroom
    for seat in (1, 2, 3):
        other_seat_plays(s, seat)
    s.apply(0, Take(1))
    with pytest.raises(IllegalAction, match="finished room"):
        s.apply(0, Place(9))  # beside it
    s.apply(0, Place(5))  # a bedroom elsewhere is a second bedroom...
    assert s.phase == DECOR  # ...so the canopy bed may go on it


@pytest.mark.rule("DH-52", "DH-59")
def test_dh_59_with_no_second_bedroom_the_canopy_bed_is_discarded() -> None:
    s = new(4)
    stack(s, {1: {1: ("bedroom", "decor:cat house")}, 2: {1: ("kitchen", "decor:canopy bed")}})
    s.apply(0, Take(1))
    s.apply(0, Place(5))
    s.apply(0, Decorate(5))
    for seat in (1, 2, 3):
        other_seat_plays(s, seat)
    canopy = s.board_resources[1]
    s.apply(0, Take(1))
    s.apply(0, Place(9))
    assert s.phase == TAKE and canopy in s.resource_discard
    assert s.token_owner[2] == -1  # the canopy bed's token stays in the supply
