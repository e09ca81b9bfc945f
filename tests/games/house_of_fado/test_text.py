"""House of Fado in the terminal (games/house_of_fado/text.py): the board's action and
kick-out spaces with their pieces and bonuses, the street, the market, the fado tiles,
the billboard, the stars, and every restaurant, from the observation alone."""

from __future__ import annotations

import random
import re

import pytest

import housebuilders as hb
from housebuilders.core import State
from housebuilders.games.house_of_fado.actions import ACTION_SPACES, RESTAURANT_SPACE
from housebuilders.games.house_of_fado.text import bonus_label, piece_label, space_label, text

SPEC = hb.game("house-of-fado")


def played(players: int, seed: int, moves: int, **options: bool) -> State:
    state = SPEC.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_every_space_shows_with_its_piece_and_bonus() -> None:
    state = played(2, 1, 150, assistants=True)
    obs = state.observe(0)
    shown = text(obs)
    for space in range(ACTION_SPACES):
        if space != RESTAURANT_SPACE:  # "Street 1 [left / middle]: Player 0's worker"
            occupant = piece_label(obs, obs["spaces"][space])
            assert re.search(rf"{space_label(space)}( \[[^]]*\])?: {occupant}", shown)
    for row in obs["kickouts"]:  # "2 a note for 1: Player 1's assistant"
        for k, kick in enumerate(row, 1):
            assert f"{k} {bonus_label(obs, kick)}: {piece_label(obs, kick['piece'])}" in shown
    assert shown.count("  kick-outs: ") == 4
    for seat in (0, 1):
        for space in obs["players"][seat]["workers"] + obs["players"][seat]["assistants"]:
            assert space_label(space) in shown  # where each piece stands


def test_the_street_market_fado_tiles_billboard_and_stars_show() -> None:
    obs = played(3, 2, 200, promos=True).observe(1)
    shown = text(obs)
    for column in obs["market"]:
        assert all(f"{tile['name']} fame" in shown for tile in column)
    assert shown.count(" group: ") == 3
    assert all(" ".join(tile["notes"]) in shown for tile in obs["display"] if tile)
    assert f"fado stack: {obs['stack']} tiles" in shown
    assert shown.count("majorities score") == 3
    assert "fado star" in shown and "prestige star" in shown


def test_every_restaurant_and_whose_turn_show() -> None:
    state = played(4, 3, 120)
    obs = state.observe(2)
    shown = text(obs)
    assert shown.startswith("House of Fado: ")
    assert f"Player {obs['turn']}'s turn" in shown
    assert "Player 2 (you)" in shown
    for seat, p in enumerate(obs["players"]):
        assert f"Player {seat}" in shown
        assert f"money {p['money']}, {p['score']['total']} points" in shown
    assert shown.count("  tables: ") == 4 and shown.count("  bar (2 seats): ") == 4
    assert text(state.observe(None)).count("(you)") == 0  # a spectator is nobody


@pytest.mark.rule("HF-18")
def test_hf_18_the_treble_clef_shows_on_every_restaurant_board() -> None:
    """"Place the treble clef tile in the matching space of your restaurant board": it
    has no effect (Q4), and both views show it on each board."""
    state = played(4, 3, 40)
    obs = state.observe(None)
    assert text(obs).count("the treble clef in its place") == 4
    svg = SPEC.svg_view(obs, [])
    assert svg.count("♪ treble clef") == 4
