"""Dream Home's public log (``state.log``, the web table's events): every move every
seat sees, and nothing a seat may not know (a roof card taken goes face down on its
stack, DH-47, Q4)."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.core import IllegalAction
from housebuilders.core.testing import random_playout
from housebuilders.games.dream_home.actions import Place, PlaceDown, Take
from housebuilders.games.dream_home.state import DreamHomeState
from tests.games.dream_home.helpers import new, resource_id, room_id

COLOURS = ("red", "blue", "green", "brown")


def played(players: int, seed: int) -> DreamHomeState:
    state = new(players, seed=seed)
    random_playout(state, random.Random(seed))
    return state


def column_2(s: DreamHomeState, room: str, resource: str) -> None:
    """Put a room card and a resource card in column 2 of the board, from the decks."""
    s.room_deck.append(s.board_rooms[1])
    s.board_rooms[1] = card = room_id(s, room, avoid=set(range(60)) - set(s.room_deck))
    s.room_deck.remove(card)
    s.resource_deck.append(s.board_resources[1])
    s.board_resources[1] = card = resource_id(s, resource, set(range(48)) - set(s.resource_deck))
    s.resource_deck.remove(card)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_played_game_logs_its_rounds_moves_and_end(players: int) -> None:
    s = played(players, seed=players)
    log = s.log
    assert log[0] == "round 1 begins; player 0 is first"
    assert "round 12 ends: the cards left on the board are discarded" in log
    assert sum(" takes " in line for line in log) == 12 * players
    assert sum(" places the " in line or " to place the " in line for line in log) >= 12 * players
    if players < 4:  # DH-70: the first player discards a column each round
        assert sum(" discards column " in line for line in log) == 12
    assert log[-1] == "the game is over"
    assert DreamHomeState.from_json(s.to_json()).log == log


def test_the_log_names_the_cards_taken_and_where_the_room_goes() -> None:
    s = new(4)
    column_2(s, "kitchen", "decor:piano")
    s.apply(0, Take(1))
    assert s.log[-1] == "player 0 takes column 2: the kitchen and the piano decor card"
    s.apply(0, PlaceDown(10))
    face_down = "face down, as an empty room, on basement, space 1"
    assert s.log[-2] == f"player 0 places the kitchen {face_down}"
    assert s.log[-1] == "player 0 discards the piano decor card"  # DH-52: no room takes it
    s.apply(1, Take(0))
    assert s.log[-1].endswith("of column 1 and the first player marker")
    s.apply(1, Place(10) if Place(10) in s.legal_actions(1) else PlaceDown(10))
    assert s.log[-1].startswith("player 1 places the ")


def test_the_placing_moves_name_the_room_card_held_as_the_log_does() -> None:
    s = new(4)
    column_2(s, "kitchen", "decor:piano")
    assert s.describe(PlaceDown(10)).startswith("place the room card face down")  # none held
    s.apply(0, Take(1))
    assert s.describe(PlaceDown(10)) == (
        "place the kitchen face down, as an empty room, on basement, space 1"
    )
    assert s.describe(Place(10)) == "place the kitchen on basement, space 1"
    assert s.describe(PlaceDown(10)) in [move["text"] for move in s.legal_json(0)]
    text = s.describe(PlaceDown(10))
    s.apply(0, PlaceDown(10))
    assert s.log[-2] == "player 0 " + text.replace("place ", "places ", 1)  # the same words


@pytest.mark.rule("DH-47")
def test_a_roof_card_taken_is_logged_only_as_a_roof_card() -> None:
    """Two games alike but for the roof card taken: once it lies on the stack, no
    seat may tell which it was, and the logs are the same."""
    logs = []
    for roof in ("roof:red*", "roof:blue"):
        s = new(4)
        column_2(s, "living room", roof)
        s.apply(0, Take(1))
        s.apply(0, Place(5))
        assert s.observe(1)["players"][0]["roof_cards"] is None
        logs.append(s.log)
    assert logs[0] == logs[1]
    assert logs[0][-2] == "player 0 takes column 2: the living room and a roof card"
    assert not any(colour in line for line in logs[0] for colour in COLOURS)


@pytest.mark.rule("DH-29", "DH-47")
@pytest.mark.parametrize("seed", range(4))
def test_a_roof_cards_colour_is_logged_only_when_it_lies_face_up(seed: int) -> None:
    """A roof card is named only on its way to the discard pile (DH-70) or when the
    Roofer takes it back from there (DH-65): both piles' cards are public."""
    s = played(2 + seed % 3, seed)
    for line in s.log:
        if any(f" {colour} roof card" in line for colour in COLOURS):
            assert " discards column " in line or "from the discard pile" in line, line


def test_a_move_that_is_not_asked_now_is_refused_in_plain_words() -> None:
    s = new(4)
    with pytest.raises(IllegalAction) as caught:
        s.apply(0, Place(10))
    assert caught.value.message == (
        "'place the room card on basement, space 1' is not what is asked now: "
        "you are asked to choose a column to take"
    )
    s.apply(0, Take(1))
    with pytest.raises(IllegalAction, match="you are asked to place your room card in your home"):
        s.apply(0, Take(2))
    assert hb.replay("dream-home", 4, 1, s.history).log == s.log
