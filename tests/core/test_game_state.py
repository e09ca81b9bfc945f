"""The kit's GameState: the fields every game has, declared once in core, and a game's
own fields declared once (``Fields``), from which ``clone`` is generated."""

from __future__ import annotations

import json

import pytest

from housebuilders.core import Action, Fields, IllegalAction, StateError
from housebuilders.core.state import _noting
from tests.core.toy import SPEC, Add, ToyState


def played(*amounts: int) -> ToyState:
    state = SPEC.new_game(2, seed=3)
    assert isinstance(state, ToyState)
    for amount in amounts:
        state.apply(state.acting_players()[0], Add(amount))
    return state


def test_clone_copies_every_field_independently() -> None:
    state = played(2, 1)
    copy = state.clone()
    assert type(copy) is ToyState and copy.to_json() == state.to_json()
    copy.apply(0, Add(1))
    copy.rng.next64()
    assert state.totals == [2, 1] and state.added == [[2], [1]] and len(state.history) == 2
    assert copy.totals == [3, 1] and copy.added == [[2, 1], [1]]
    assert copy.rng.state != state.rng.state
    assert copy.content is state.content and copy.setup is state.setup


def test_clone_is_generated_from_the_declared_fields() -> None:
    assert ToyState.clone.__qualname__ == "ToyState.clone"
    assert "generated" in (ToyState.clone.__doc__ or "")


def test_to_json_puts_the_common_fields_around_the_games_own() -> None:
    data = played(2).to_json()
    assert list(data) == [
        *("game", "format", "options", "content", "turn", "totals", "added"),
        *("rng", "history", "undo_floor", "log"),
    ]
    assert data["game"] == "toy" and data["history"] == [[0, {"kind": "add", "amount": 2}]]


def test_a_saved_state_loads_as_it_was() -> None:
    data = json.loads(json.dumps(played(2, 1, 1).to_json()))
    assert SPEC.state_from_json(data).to_json() == data


def test_the_common_fields_are_checked_as_they_load() -> None:
    data = played(2).to_json()
    with pytest.raises(StateError, match=r"^totals: 3 is out of range \(2 to 2\)"):
        SPEC.state_from_json({**data, "totals": [0, 0, 0], "added": [[], [], []]})
    with pytest.raises(StateError, match="^history.0: unknown action kind 'jump'"):
        SPEC.state_from_json({**data, "history": [[0, {"kind": "jump"}]]})


def test_new_game_sets_the_common_fields() -> None:
    state = SPEC.new_game(2, seed=3, content={"limit": 5})
    assert isinstance(state, ToyState)
    assert state.setup == {"options": {}, "content": {"limit": 5}}
    assert state.content.limit == 5 and state.content.rounds == 3
    assert (state.history, state.undo_floor, state.log) == ([], 0, [])


def test_a_slot_that_fields_does_not_declare_is_refused() -> None:
    with pytest.raises(TypeError, match=r"slots \['secret'\] that its FIELDS does not declare"):

        class Leaky(ToyState):
            __slots__ = ("secret",)


def test_a_state_class_without_slots_is_refused() -> None:
    with pytest.raises(TypeError, match="needs __slots__ = FIELDS.names"):

        class Loose(ToyState):
            pass


def test_a_subclass_declares_only_the_fields_it_adds() -> None:
    class Scored(ToyState):
        FIELDS = Fields(lists="bonus")
        __slots__ = FIELDS.names

    state = played(1)
    scored = Scored.__new__(Scored)
    for name in ("setup", "content", "rng", "history", "undo_floor", "log", *ToyState.FIELDS.names):
        setattr(scored, name, getattr(state, name))
    scored.bonus = [1, 2]
    copy = scored.clone()
    copy.bonus.append(3)
    copy.added[0].append(9)
    assert scored.bonus == [1, 2] and scored.added == [[1], []]


def test_a_hand_written_clone_is_kept() -> None:
    class Fast(ToyState):
        __slots__ = ()

        def clone(self) -> Fast:
            return self

    state = Fast.__new__(Fast)
    assert state.clone() is state


@pytest.mark.parametrize(
    "declare", [lambda: Fields(share="turn", lists="turn"), lambda: Fields(rows="history")]
)
def test_a_field_declared_twice_is_refused(declare) -> None:  # noqa: ANN001
    with pytest.raises(TypeError, match="declared twice"):
        declare()


def test_the_default_json_writes_and_loads_each_own_field_as_its_kind_copies() -> None:
    state = played(2, 1)
    saved = state._json()
    assert saved == {"turn": state.turn, "totals": state.totals, "added": state.added}
    assert saved["added"] is not state.added and saved["added"][0] is not state.added[0]
    loaded = ToyState.__new__(ToyState)
    loaded._load_fields(json.loads(json.dumps(saved)))
    assert loaded._json() == saved


def test_a_field_of_objects_needs_its_own_json() -> None:
    class Boxed(ToyState):
        FIELDS = Fields(copies="boxes")
        __slots__ = FIELDS.names

    boxed = Boxed.__new__(Boxed)
    for name in ToyState.FIELDS.names:
        setattr(boxed, name, getattr(played(1), name))
    boxed.boxes = []
    with pytest.raises(NotImplementedError, match="field 'boxes' holds objects"):
        boxed._json()


def test_apply_checks_a_move_against_the_list_already_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """Legality is computed once per move: ``apply`` checks against the list
    ``legal_actions`` made for this seat at this point, and lists again once a move was
    played, or on a copy."""
    made: list[int] = []
    listing = ToyState.legal_actions.__wrapped__  # type: ignore[attr-defined]

    def counted(self: ToyState, player: int) -> list[Action]:
        made.append(player)
        return listing(self, player)

    monkeypatch.setattr(ToyState, "legal_actions", _noting(counted))
    state = played()
    first = state.acting_players()[0]
    state.apply(first, state.legal_actions(first)[0])
    assert made == [first]  # apply did not list again
    second = state.acting_players()[0]
    state.apply(second, Add(1))  # nothing listed at this point: apply lists
    assert made == [first, second]
    state.legal_actions(first)
    copy = state.clone()
    copy.apply(first, Add(1))  # a copy lists its own
    assert made == [first, second, first, first]
    with pytest.raises(IllegalAction):
        state.apply(first, Add(5))  # the list made is still checked
