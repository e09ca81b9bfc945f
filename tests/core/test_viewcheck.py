"""The kit's check of the parts that ask why not (``core.viewcheck.check_asks``, run by
``check_views`` on every seat's drawing): each asks about an action of the game that is
not legal now and that the engine refuses, on the seat's determinization, with a
message and a rule."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import housebuilders as hb
from housebuilders.core import State
from housebuilders.core.viewcheck import check_asks, check_no_part_in_another
from housebuilders.games.dream_home.state import DreamHomeState


def start() -> tuple[State, int]:
    """Dream Home's first position and the seat to act."""
    state = hb.game("dream-home").new_game(2, seed=1)
    return state, state.acting_players()[0]


def test_an_ask_the_engine_refuses_with_a_rule_passes() -> None:
    state, seat = start()
    check_asks(state, seat, [{"kind": "place-room", "space": 0}])
    check_asks(state, 1 - seat, [{"kind": "place-room", "space": 0}])  # not to act


def test_an_ask_about_a_legal_move_fails_it_is_drawn_as_the_move() -> None:
    state, seat = start()
    legal = state.legal_json(seat)[0]["action"]
    with pytest.raises(AssertionError, match="is legal, drawn as asking why not"):
        check_asks(state, seat, [legal])


@pytest.mark.parametrize(
    "asked",
    [{"kind": "take-column", "column": 7}, {"kind": "no-such-move"}, {"kind": "discard"}],
)
def test_an_ask_about_no_action_of_the_game_fails(asked: dict[str, object]) -> None:
    state, seat = start()
    with pytest.raises(AssertionError, match="not an action"):
        check_asks(state, seat, [asked])


def test_an_ask_with_a_field_the_action_does_not_have_fails() -> None:
    state, seat = start()
    with pytest.raises(AssertionError):
        check_asks(state, seat, [{"kind": "place-room", "space": 0, "face": 1}])


def test_a_refusal_that_does_not_say_why_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat = start()
    monkeypatch.setattr(DreamHomeState, "refusal", lambda self, player, action: ("", "Game Play"))
    with pytest.raises(AssertionError, match="must say why and name a rule"):
        check_asks(state, seat, [{"kind": "place-room", "space": 0}])


@pytest.mark.parametrize(
    "drawing",
    [
        '<g class="ask" data-action="{}"><g class="act" data-index="3"/></g>',
        '<g class="act" data-index="3"><g><g class="ask" data-action="{}"/></g></g>',
        '<g class="act" data-index="3"><g class="act" data-index="4"/></g>',
    ],
)
def test_a_move_or_an_ask_inside_another_fails(drawing: str) -> None:
    with pytest.raises(AssertionError, match="a move or an ask inside another"):
        check_no_part_in_another(ET.fromstring(f"<svg>{drawing}</svg>"), 0)


def test_moves_and_asks_side_by_side_pass() -> None:
    side_by_side = '<g class="ask" data-action="{}"><title>t</title></g><g data-index="3"/>'
    check_no_part_in_another(ET.fromstring(f"<svg><g>{side_by_side}</g></svg>"), 0)
