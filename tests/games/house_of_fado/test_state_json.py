"""House of Fado's saved state: a round trip, and each consistency check from_json
makes (checks.py) refusing a state no game could reach with a StateError naming the
field."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.core import StateError
from tests.games.house_of_fado.helpers import new

SPEC = hb.game("house-of-fado")


def midgame(players: int = 2, actions: int = 60, **options: Any) -> dict:
    s = new(players, seed=7, **options)
    rng = random.Random(7)
    for _ in range(actions):
        (p,) = s.acting_players()
        s.apply(p, rng.choice(s.legal_actions(p)))
    return json.loads(json.dumps(s.to_json()))


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"promos": True}), (4, {}), (2, {"assistants": True, "promos": True})],
)
def test_a_saved_state_loads_as_it_was_and_plays_on_alike(players: int, options: dict) -> None:
    saved = midgame(players, **options)
    loaded = SPEC.state_from_json(copy.deepcopy(saved))
    assert loaded.to_json() == saved
    original = SPEC.state_from_json(copy.deepcopy(saved))
    rng = random.Random(1)
    for _ in range(20):
        (p,) = original.acting_players()
        assert loaded.observe(p) == original.observe(p)
        action = rng.choice(original.legal_actions(p))
        original.apply(p, action)
        loaded.apply(p, action)
    assert loaded.to_json() == original.to_json()


def _swap_tile_into_musicians(d: dict) -> None:
    d["musicians"][0][1] = d["market"][1][0]


def _move_tile_to_wrong_column(d: dict) -> None:
    d["market"][0].append(d["market"][1].pop())


def _two_on_one_space(d: dict) -> None:
    d["workers"][0][0] = d["workers"][1][0] = 4


Corrupt = Callable[[dict], Any]
CASES: list[tuple[Corrupt, str]] = [
    (lambda d: d.__setitem__("money", [5]), "money"),
    (lambda d: d.__setitem__("turn", 3), "turn"),
    (lambda d: d.__setitem__("decider", 2), "decider"),
    (lambda d: d.__setitem__("first", 2), "first"),
    (lambda d: d.__setitem__("phase", "dance"), "phase"),
    (lambda d: d["notes"].pop(), "notes"),
    (lambda d: d["workers"][0].append(-1), "workers"),
    (lambda d: d["assistants"][0].append(-1), "assistants"),
    (lambda d: d["market"].append([]), "market"),
    (lambda d: d["star_owner"].append(-1), "star_owner"),
    (lambda d: d["critics"].pop(), "critics"),
    (lambda d: d["cubes_removed"].__setitem__(0, 9), "cubes_removed"),
    (lambda d: d["tables"][0].pop(), "tables"),
    (lambda d: d["tables"][0].__setitem__(0, [0, 0, 0]), "tables"),
    (lambda d: d["bar"].__setitem__(0, [0, 0, 0]), "bar"),
    (lambda d: d["musicians"][0].append(-1), "musicians"),
    (lambda d: d["fame"].__setitem__(0, 7), "fame"),
    (lambda d: d["fame"].pop(), "fame"),
    (_move_tile_to_wrong_column, "market"),
    (_swap_tile_into_musicians, "musicians"),
    (lambda d: d["stack"].append(d["display"][0]), "stack"),
    (lambda d: d["note_supply"].__setitem__(0, d["note_supply"][0] - 1), "note_supply"),
    (lambda d: d["bag"].append(0), "bag"),
    (lambda d: d["critics"].__setitem__(0, not d["critics"][0]), "critics"),
    (_two_on_one_space, "workers"),
    (lambda d: d["workers"][0].__setitem__(0, -2), "workers"),
    (lambda d: d["billboard_tiles"].__setitem__(0, 3), "billboard_tiles"),
    (lambda d: d["billboard_tiles"].__setitem__(0, d["billboard_tiles"][1]), "billboard_tiles"),
    (lambda d: d.__setitem__("origin", -2), "origin"),
    (lambda d: d.__setitem__("target", 8), "target"),  # a kick-out space
    (lambda d: d.__setitem__("bonus_space", 0), "bonus_space"),  # an action space
    (lambda d: d.__setitem__("extra", 3), "extra"),  # Vital gives 2
    (lambda d: d["billboard_cubes"][0].pop(), "billboard_cubes"),
    (lambda d: d["earned"][0].pop(), "earned"),
]


@pytest.mark.parametrize(("corrupt", "field"), CASES)
def test_a_state_no_game_could_reach_is_refused_naming_the_field(
    corrupt: Corrupt, field: str
) -> None:
    saved = json.loads(json.dumps(new(2).to_json()))
    corrupt(saved)
    with pytest.raises(StateError, match=field):
        SPEC.state_from_json(saved)


def test_the_assistants_are_refused_beyond_2_players() -> None:
    saved = json.loads(json.dumps(new(3).to_json()))
    saved["options"]["assistants"] = True
    with pytest.raises(StateError, match="options"):
        SPEC.state_from_json(saved)
    saved = json.loads(json.dumps(new(2, assistants=True).to_json()))
    saved["assistants"][1].pop()
    with pytest.raises(StateError, match="assistants"):
        SPEC.state_from_json(saved)


@pytest.mark.rule("HF-77")
def test_hf_77_a_cube_by_the_billboard_came_off_the_prestige_track() -> None:
    """HF-77: "Take the leftmost prestige cube from your board and place it on an empty
    space next to the musician you just placed": a seat has no more cubes by the
    billboard than it took off its track."""
    saved = json.loads(json.dumps(new(2).to_json()))
    saved["billboard_cubes"][0][1] = 1
    with pytest.raises(StateError, match="billboard_cubes: player 1 has 1 cubes by the billboard"):
        SPEC.state_from_json(saved)
    saved["cubes_removed"][1] = 1
    saved["earned"][1][1] = 2  # the promotion's points: its musician's fame
    SPEC.state_from_json(saved)


@pytest.mark.rule("HF-129")
@pytest.mark.parametrize(
    ("kind", "points", "message"),
    [
        (0, 4, "scored 4 points for fado tiles, not the 0"),
        (1, 1, "scored 1 points for 0 promotions"),
        (3, 5, "scored 5 points for fame 6"),
    ],
)
def test_hf_129_the_points_scored_in_play_are_those_of_the_moves(
    kind: int, points: int, message: str
) -> None:
    """HF-129: "the points scored during play (fado tiles, promotions, dismissals and
    fame 6 musicians)": a saved state's are the points of its fado tiles, at most the
    top fame a promotion, 6 a fame 6 musician."""
    saved = json.loads(json.dumps(new(2).to_json()))
    saved["earned"][0][kind] = points
    with pytest.raises(StateError, match=f"earned: player 0 {message}"):
        SPEC.state_from_json(saved)
