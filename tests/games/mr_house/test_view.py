"""Mr House drawn as text (games/mr_house/py): a pure function of an observation.

(Kept here, beside the terminal it serves, while tests/games/mr_house is being
written by others; it belongs there eventually.)
"""

from __future__ import annotations

import copy
import random

import pytest

import housebuilders as hb
from housebuilders.games.mr_house.text import house as draw_house, text as text_view


def _house(*columns: dict) -> list[dict]:
    return list(columns)


def _wall(part: str = "wood_wall", windows: int = 0, door: bool = False) -> dict:
    return {"part": part, "windows": windows, "door": door}


def test_a_house_is_drawn_column_by_column() -> None:
    columns = _house(
        {"walls": [_wall(windows=1), _wall(windows=2)], "roof": True, "chimney": True},
        {"walls": [_wall("brick_wall", door=True)], "roof": True, "chimney": False},
        {"walls": [_wall()], "roof": False, "chimney": False},
    )
    names = hb.new_game("mr-house-basic", 2).observe(None)["part_names"]
    assert draw_house(columns, names)[:-1] == [
        "   ||",
        "  /\\",
        " /  \\   /\\",
        "|[][]| /  \\",
        "| [] |# DD #|    |",
        "==================",
        "  1     2     3",
    ]
    assert draw_house(columns, names)[-1] == (
        "| wooden wall  # brick wall  [] window  DD door  /\\ roof  ^^ ceramic roof  || chimney"
    )


def test_no_house_yet() -> None:
    assert draw_house([], {}) == ["(no house yet)"]


def _midway(players: int = 3, steps: int = 4, seed: int = 2) -> hb.State:
    """A game a few placements in: some markers on the board, face down."""
    state = hb.new_game("mr-house-basic", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        player = state.acting_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return state


@pytest.mark.rule("MH-11")
def test_face_down_markers_show_only_to_their_owner() -> None:
    state = _midway()
    mine = text_view(state.observe(0))
    spectator = text_view(state.observe(None))
    own_value = next(v for pl, v, _ in sum(state.stacks, []) if pl == 0)  # type: ignore[attr-defined]
    assert f"P0:{own_value}" in mine
    assert "P1:?" in mine and "P2:?" in mine
    assert "P0:?" in spectator and "P0:" + str(own_value) not in spectator


def test_the_table_shows_board_stores_workers_and_players() -> None:
    obs = _midway().observe(0)
    text = text_view(obs)
    for name in ("bank", "office", "work notice board", "wood store", "door store"):
        assert name in text
    assert "Stores: wood" in text
    assert "Worker cards:" in text
    assert "Player 0 (you" in text and "Player 2" in text
    assert "storehouse: wood 1" in text
    assert "permit no" in text and "quality" in text
    assert "markers in hand: " + " ".join(map(str, obs["players"][0]["hand"])) in text
    assert "face down" in text  # the opponents' hands


def test_purchases_point_at_the_location_being_resolved() -> None:
    state = _midway(players=2, steps=10)
    obs = state.observe(0)
    assert obs["phase"] == "purchases"
    line = next(x for x in text_view(obs).splitlines() if x.startswith(">"))
    assert line.split()[1] == str(obs["purchase"]["location"])


def test_it_does_not_change_the_observation() -> None:
    obs = _midway().observe(1)
    before = copy.deepcopy(obs)
    text_view(obs)
    assert obs == before


def test_it_is_the_games_text_view() -> None:
    assert hb.game("mr-house-basic").text_view is text_view


def test_advanced_view_shows_money_prices_quality_loans_expo_and_order() -> None:
    import random

    state = hb.new_game("mr-house-advanced", 3, seed=2)
    rng = random.Random(2)
    for _ in range(150):
        player = state.acting_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    text = hb.game("mr-house-advanced").text_view(state.observe(0))
    for needle in ("money", "loans", "quality", "@", "Construction expo", "player order track"):
        assert needle in text


@pytest.mark.parametrize("game", ["mr-house-basic", "mr-house-advanced"])
def test_every_position_of_a_game_is_drawn_for_every_seat(game: str) -> None:
    state = hb.new_game(game, 3, seed=4)
    rng = random.Random(4)
    building = 0
    while not state.is_terminal():
        for seat in (*range(3), None):
            text = text_view(state.observe(seat))
            assert text.startswith("Mr House - turn")
        if "construction" in state.observe(None):
            building += 1
            assert f"building: player {state.acting_players()[0]}" in text
        player = state.acting_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    assert building  # the construction phase was drawn
