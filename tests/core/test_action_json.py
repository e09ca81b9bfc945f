"""Where JSON becomes an action (the server's requests, loaded histories): every field
checked by type and range, once, for every game, with an error naming the field."""

from __future__ import annotations

import dataclasses

import pytest

import housebuilders as hb


@pytest.mark.parametrize(
    ("game_id", "data", "message"),
    [
        ("mr-house-basic", {"kind": "prepare", "part": 123}, "'part' of action 'prepare' must"),
        ("mr-house-basic", {"kind": "prepare", "part": True}, "must be a string, not True"),
        ("mr-house-basic", {"kind": "prepare", "part": "attic"}, "'part' .* must be one of"),
        ("mr-house-basic", {"kind": "place", "value": True, "location": 1}, "'value' .* integer"),
        ("welcome-to", {"kind": "pick", "pair": "0"}, "'pair' of action 'pick' must be an integer"),
        ("welcome-to", {"kind": "pick", "pair": 7}, "integer from 0 to 2, not 7"),
        ("welcome-to", {"kind": "pick", "pair": False}, "must be an integer, not False"),
        ("welcome-to", {"kind": "pick", "pair": 1.0}, "must be an integer, not 1.0"),
        ("welcome-to", {"kind": "pick", "pair": None}, "must be an integer, not None"),
        ("welcome-to", {"kind": "pick"}, "missing \\['pair'\\]"),
        ("welcome-to", {"kind": "pick", "pair": 0, "house": 1}, "unexpected \\['house'\\]"),
        ("welcome-to", {"kind": "jump"}, "unknown action kind 'jump'"),
        ("welcome-to", ["pick", 0], "an action is an object"),
    ],
)
def test_a_malformed_action_names_what_is_wrong(game_id: str, data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hb.game(game_id).action_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_every_field_value_of_the_action_space_is_accepted(game_id: str) -> None:
    spec = hb.game(game_id)
    for action in spec.actions:
        assert spec.action_from_json(action.to_json()) == action


def test_a_bool_never_stands_for_an_int() -> None:
    """True == 1 in Python, so an unchecked True would be played as 1 and stored as true."""
    spec = hb.game("welcome-to")
    assert spec.action_from_json({"kind": "pick", "pair": 1}) in spec.actions
    with pytest.raises(ValueError):
        spec.action_from_json({"kind": "pick", "pair": True})


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_the_action_classes_are_those_of_the_action_space(game_id: str) -> None:
    spec = hb.game(game_id)
    assert spec.action_classes == {a.kind: type(a) for a in spec.actions}


def test_a_game_with_two_classes_of_one_kind_is_refused() -> None:
    class Move(hb.Action, kind="move"):
        to: int

    class Jump(hb.Action, kind="move"):
        to: int

    spec = hb.game("welcome-to")
    with pytest.raises(TypeError, match="two classes of action kind 'move': Move and Jump"):
        dataclasses.replace(spec, actions=(Move(1), Jump(2)), action_classes={})
