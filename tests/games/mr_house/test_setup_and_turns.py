"""Game Preparation, Sequence of Play and Preparation for the Next Turn (basic variant)."""

from __future__ import annotations

import random

import pytest

from housebuilders.core.testing import random_playout
from housebuilders.games.mr_house import basic as B
from tests.games.mr_house.helpers import materials, new

STOCK = {  # wood, brick, cement, steel, window, door by player count
    2: [5, 4, 4, 5, 2, 1],
    3: [6, 5, 5, 6, 3, 2],
    4: [8, 7, 7, 8, 4, 3],
}


@pytest.mark.rule("MH-5")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_places_materials_by_player_count(players: int) -> None:
    # "place 5 wood in a 2-player game, 6 wood in a 3-player game, and 8 wood in a
    # 4-player game"
    assert new(players).supply == STOCK[players]


@pytest.mark.rule("MH-4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_worker_cards_one_fewer_than_players(players: int) -> None:
    s = new(players)
    assert s.board_workers == players - 1
    assert s.deck == 28 - (players - 1)


@pytest.mark.rule("MH-6")
def test_setup_each_player_gets_one_of_each_basic_material() -> None:
    s = new(4)
    assert s.store == [materials(wood=1, brick=1, cement=1, steel=1)] * 4


@pytest.mark.rule("MH-1", "MH-6")
def test_setup_each_player_has_markers_0_1_1_2_3_and_the_printed_worker() -> None:
    s = new(3)
    assert s.hand == [[0, 1, 1, 2, 3]] * 3
    assert [s.quality(p) for p in range(3)] == [2, 2, 2]  # 1 + the printed worker
    assert s.coins == [0, 0, 0] and s.permit == [False] * 3


@pytest.mark.rule("MH-7", "MH-43")
def test_game_lasts_six_turns_and_first_player_rotates() -> None:
    s = new(3, seed=4)
    rng = random.Random(4)
    firsts = {}
    while not s.is_terminal():
        firsts.setdefault(s.turn, s.order[0])
        p = s.acting_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert s.turn == 6
    assert firsts == {1: 0, 2: 1, 3: 2, 4: 0, 5: 1, 6: 2}


@pytest.mark.rule("MH-42")
def test_preparation_replenishes_materials_up_to_setup_numbers() -> None:
    s = new(2)
    s.supply = [0, 1, 4, 5, 0, 1]
    s._end_turn()
    assert s.turn == 2 and s.supply == STOCK[2]


@pytest.mark.rule("MH-42")
def test_preparation_replenishes_worker_cards_from_the_deck() -> None:
    s = new(4)
    s.board_workers, s.deck = 1, 1
    s._end_turn()
    assert s.board_workers == 2 and s.deck == 0  # the deck ran out


@pytest.mark.rule("MH-26")
def test_preparation_markers_return_to_their_owners() -> None:
    s = new(2, seed=1)
    while s.turn == 1:
        p = s.acting_players()[0]
        s.apply(p, s.legal_actions(p)[0])
    assert s.hand == [[0, 1, 1, 2, 3]] * 2
    assert all(not stack for stack in s.stacks)


@pytest.mark.rule("MH-7", "MH-44")
def test_sixth_turn_ends_the_game_without_preparation() -> None:
    s = new(2, seed=2)
    random_playout(s, random.Random(2))
    assert s.is_terminal() and s.turn == 6
    assert s.acting_players() == ()
    assert s.phase == B.OVER
