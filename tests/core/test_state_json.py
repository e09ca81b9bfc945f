"""state_from_json: a saved state is checked as it loads, and refused with a StateError
naming the field; the conformance kit's corruption check catches a game that is not."""

from __future__ import annotations

import dataclasses
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import housebuilders as hb
from housebuilders.core.testing import check_corrupted_states_refused


@cache
def midgame(game_id: str, players: int, moves: int = 40, seed: int = 1) -> hb.State:
    state = hb.new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        player = rng.choice(state.acting_players())
        state.apply(player, rng.choice(state.legal_actions(player)))
    return state


def saved(game_id: str, players: int = 3, moves: int = 40) -> dict[str, Any]:
    """A mid-game state's JSON, as a file or a socket would give it."""
    return json.loads(json.dumps(midgame(game_id, players, moves).to_json()))


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_a_saved_state_loads_as_it_was(game_id: str) -> None:
    data = saved(game_id)
    assert hb.game(game_id).state_from_json(data).to_json() == data


@pytest.mark.parametrize("game_id", hb.game_ids())
@pytest.mark.parametrize("data", [None, [], "state", 3])
def test_a_state_that_is_not_an_object_is_refused(game_id: str, data: Any) -> None:
    with pytest.raises(hb.StateError, match="JSON object"):
        hb.game(game_id).state_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_another_games_state_is_refused_naming_both_games(game_id: str) -> None:
    other = next(g for g in hb.game_ids() if g != game_id)
    with pytest.raises(hb.StateError, match=f"game: '{other}' is not '{game_id}'"):
        hb.game(game_id).state_from_json(saved(other))


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_a_saved_state_names_its_format_version(game_id: str) -> None:
    assert saved(game_id)["format"] == hb.game(game_id).state_format >= 1


@pytest.mark.parametrize("game_id", hb.game_ids())
@pytest.mark.parametrize("version", [0, "next", "1", True, None])
def test_a_state_of_another_format_version_is_refused_saying_which(
    game_id: str, version: Any
) -> None:
    data = saved(game_id)
    current = hb.game(game_id).state_format
    version = current + 1 if version == "next" else version
    data["format"] = version
    expected = (
        f"^format: {version!r} is not a format .* saved in format {current}; load the state"
    )
    with pytest.raises(hb.StateError, match=expected):
        hb.game(game_id).state_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_a_state_without_a_format_version_is_refused(game_id: str) -> None:
    data = saved(game_id)
    del data["format"]
    current = hb.game(game_id).state_format
    expected = rf"^format: missing \(a saved .* format version, {current}\)"
    with pytest.raises(hb.StateError, match=expected):
        hb.game(game_id).state_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_a_missing_key_is_named(game_id: str) -> None:
    data = saved(game_id)
    del data["history"]
    with pytest.raises(hb.StateError, match="^history: missing$"):
        hb.game(game_id).state_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_a_boolean_is_not_an_int(game_id: str) -> None:
    data = saved(game_id)
    data["undo_floor"] = True
    with pytest.raises(hb.StateError, match="undo_floor: input should be a valid integer"):
        hb.game(game_id).state_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_an_action_outside_the_game_in_the_history_is_named(game_id: str) -> None:
    data = saved(game_id)
    data["history"][3][1] = {"kind": "checkmate"}
    with pytest.raises(hb.StateError, match="history.3: unknown action kind 'checkmate'"):
        hb.game(game_id).state_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_a_history_entry_of_no_seat_is_named(game_id: str) -> None:
    data = saved(game_id)
    data["history"][0][0] = 7
    with pytest.raises(hb.StateError, match=r"history.0: 7 is out of range \(0 to 2\)"):
        hb.game(game_id).state_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_an_undo_floor_beyond_the_history_is_refused(game_id: str) -> None:
    data = saved(game_id)
    data["undo_floor"] = len(data["history"]) + 1
    with pytest.raises(hb.StateError, match="undo_floor: .* out of range"):
        hb.game(game_id).state_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_an_unknown_option_is_named(game_id: str) -> None:
    data = saved(game_id)
    data["options"] = {**data["options"], "nonsense": 1}
    with pytest.raises(hb.StateError, match="options: .*no option 'nonsense'"):
        hb.game(game_id).state_from_json(data)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_bad_content_is_named(game_id: str) -> None:
    data = saved(game_id)
    data["content"] = {"no such table": 1}
    with pytest.raises(hb.StateError, match="^content: .*invalid component data"):
        hb.game(game_id).state_from_json(data)


def test_an_error_of_a_games_loader_becomes_a_state_error() -> None:
    spec = hb.game("mr-house-basic")

    def careless(data: dict[str, Any]) -> hb.State:
        return data["no such key"]  # type: ignore[no-any-return]

    careless_spec = dataclasses.replace(spec, _state_from_json=careless)
    with pytest.raises(hb.StateError, match="not a valid mr-house-basic state .*KeyError"):
        careless_spec.state_from_json(saved("mr-house-basic"))


def test_the_kit_fails_a_game_that_loads_anything() -> None:
    """A loader that does not check what it loads fails the conformance check."""
    spec = hb.game("welcome-to")
    state = midgame("welcome-to", 3)
    trusting = dataclasses.replace(spec, _state_from_json=lambda data: state.clone())
    with pytest.raises(AssertionError, match="state_from_json loaded it"):
        check_corrupted_states_refused(trusting, state)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_the_kit_passes_every_game_mid_game(game_id: str) -> None:
    state = midgame(game_id, 3)
    check_corrupted_states_refused(state.spec, state)


# -- any change anywhere: a StateError or a state that works, never another error -----
def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths to every value that is not a list or an object."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in leaves(v, (*path, i))]
    return [path]


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    data = json.loads(json.dumps(data))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(),
    st.text(max_size=3),
    st.sampled_from(["wood", "roof", "movement", "fence", "pick", "done"]),
    st.lists(st.integers(-1, 5), max_size=3),
    st.just({}),
)


@pytest.mark.parametrize("game_id", hb.game_ids())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_property_any_value_anywhere_loads_cleanly_or_is_refused(game_id: str, data) -> None:
    """One value anywhere in a saved state replaced by any JSON value: the state is
    refused with a StateError, or it loads and works (seen by every seat, its acting
    players' legal actions listed)."""
    players = data.draw(st.sampled_from([2, 3]))
    moves = data.draw(st.sampled_from([0, 17, 40, 90]))
    original = saved(game_id, players, moves)
    path = data.draw(st.sampled_from(leaves(original)))
    bad = replaced(original, path, data.draw(JSON_VALUES))
    try:
        state = hb.game(game_id).state_from_json(bad)
    except hb.StateError:
        return
    for player in [None, *range(state.num_players)]:
        state.observe(player)
    for player in state.acting_players():
        state.legal_actions(player)
    state.scores()
