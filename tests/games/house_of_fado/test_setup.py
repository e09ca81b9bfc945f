"""House of Fado's setup (HF-1 to HF-20, HF-132)."""

from __future__ import annotations

from collections import Counter

import pytest

from housebuilders.core import Rng
from housebuilders.games.house_of_fado.content import DATA, market_tiles
from housebuilders.games.house_of_fado.deal import SUPPLY, Layout, setup, uncovered_tables
from housebuilders.games.house_of_fado.state import HouseOfFadoState
from tests.games.house_of_fado.helpers import new as new_state

CONTENT = DATA.load()


def new(players: int, seed: int = 1, promos: bool = False, assistants: bool = False) -> Layout:
    return setup(CONTENT, players, Rng(seed), promos=promos, assistants=assistants)


@pytest.mark.rule("HF-1")
@pytest.mark.parametrize("players", [1, 5])
def test_hf_1_only_2_to_4_players_are_set_up(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        new(players)
    assert all(new(p) for p in (2, 3, 4))


@pytest.mark.rule("HF-2", "HF-4")
@pytest.mark.parametrize(("players", "per_type"), [(2, 4), (3, 5), (4, 6)])
def test_hf_2_hf_4_the_market_lays_out_the_tiles_for_the_player_count(
    players: int, per_type: int
) -> None:
    table = new(players)
    assert [len(tiles) for tiles in table.market] == [per_type] * 3
    assert all(CONTENT.musicians[m].type == t for t, tiles in enumerate(table.market)
               for m in tiles)  # fmt: skip


@pytest.mark.rule("HF-3")
def test_hf_3_with_the_promos_each_type_keeps_its_count_and_the_seed_picks_who_leaves() -> None:
    printed = len(CONTENT.musicians)
    left_out = set()
    for seed in range(40):
        table = new(3, seed, promos=True)
        assert [len(tiles) for tiles in table.market] == [5, 5, 5]
        for t, tiles in enumerate(table.market):
            used = set(market_tiles(CONTENT, 3)[t]) | {printed + t}
            left_out |= used - set(tiles)
        assert new(3, seed, promos=True).market == table.market  # fixed by the seed
    assert {printed, printed + 1, printed + 2} <= left_out  # the promo itself may leave
    assert new(3, 1, promos=True).fame[printed:] == [p.fame for p in CONTENT.promos]


@pytest.mark.rule("HF-5")
def test_hf_5_six_full_note_stacks() -> None:
    assert new(2).note_supply == [CONTENT.note_copies] * 6


@pytest.mark.rule("HF-6", "HF-7")
@pytest.mark.parametrize(("players", "tiles"), [(2, 10), (3, 18), (4, 18)])
def test_hf_6_hf_7_four_fado_tiles_face_up_and_the_rest_in_the_stack(
    players: int, tiles: int
) -> None:
    table = new(players)
    assert len(table.display) == 4 and len(table.display) + len(table.stack) == tiles
    if players == 2:
        assert all(CONTENT.fado[n].two for n in table.display + table.stack)
    assert new(players, 2).display + new(players, 2).stack != table.display + table.stack


@pytest.mark.rule("HF-8", "HF-9")
@pytest.mark.parametrize(("players", "total"), [(2, 18), (3, 27), (4, 36)])
def test_hf_8_hf_9_the_bag_fills_three_groups_of_four(players: int, total: int) -> None:
    table = new(players)
    assert [len(g) for g in table.groups] == [4, 4, 4]  # Q1
    every = Counter(table.bag + [c for g in table.groups for c in g])
    assert every == Counter({0: 2 * players, 1: 3 * players, 2: 4 * players})
    assert sum(every.values()) == total and table.discard == []


@pytest.mark.rule("HF-10")
@pytest.mark.parametrize(
    ("players", "critics"),
    [(2, [False, True, False]), (3, [True, False, True]), (4, [True, True, True])],
)
def test_hf_10_critics_by_player_count(players: int, critics: list[bool]) -> None:
    assert new(players).critics == critics


@pytest.mark.rule("HF-11")
def test_hf_11_five_unclaimed_stars() -> None:
    assert new(4).star_owner == [-1] * 5


@pytest.mark.rule("HF-12")
def test_hf_12_each_type_gets_one_billboard_tile_chosen_by_the_seed() -> None:
    layouts = {tuple(new(3, seed).billboard_tiles) for seed in range(30)}
    assert all(sorted(layout) == [0, 1, 2] for layout in layouts) and len(layouts) > 1


@pytest.mark.rule("HF-14", "HF-17", "HF-19")
def test_hf_14_hf_17_hf_19_each_player_starts_with_5_money_3_workers_off_the_board() -> None:
    table = new(4)
    assert table.money == [5] * 4 and table.points == [0] * 4
    assert table.workers == [[SUPPLY] * 3] * 4 and table.cubes_removed == [0] * 4
    assert table.musicians == [[-1] * 3] * 4 and table.notes == [[0] * 6] * 4
    assert table.tables == [[[], [], []]] * 4 and table.bar == [[]] * 4
    assert table.critic == [-1] * 4 and table.fado_scored == [[]] * 4


@pytest.mark.rule("HF-15", "HF-19", "HF-132")
def test_hf_15_hf_132_three_assistants_only_in_the_2_player_variant() -> None:
    assert new(2, assistants=True).assistants == [[SUPPLY] * 3] * 2
    assert new(2).assistants == [[], []]
    with pytest.raises(ValueError, match="2-player variant"):
        new(3, assistants=True)


@pytest.mark.rule("HF-16", "HF-101")
def test_hf_16_hf_101_the_4_seat_table_opens_after_the_5th_cube() -> None:
    assert [uncovered_tables(CONTENT, n) for n in (0, 4, 5, 8)] == [
        [0, 1], [0, 1], [0, 1, 2], [0, 1, 2]
    ]  # fmt: skip


@pytest.mark.rule("HF-20")
def test_hf_20_the_seed_chooses_the_first_player() -> None:
    firsts = {new(4, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new(4, 7).first == new(4, 7).first


def views(state: HouseOfFadoState) -> list[dict]:
    """What each seat and a spectator see."""
    return [state.observe(seat) for seat in (*range(state.num_players), None)]


@pytest.mark.rule("HF-4")
def test_hf_4_every_seat_and_the_spectator_see_the_market_by_type_with_its_fame() -> None:
    state = new_state(3)
    shown = state.market[1][0]
    state.fame[shown] = 3  # a tile back in the market with its die
    for seen in views(state):
        assert [[t["id"] for t in column] for column in seen["market"]] == state.market
        assert all(t["type"] == kind for kind, column in enumerate(seen["market"])
                   for t in column)  # fmt: skip
        fame = {t["id"]: t["fame"] for column in seen["market"] for t in column}
        assert fame[shown] == 3 and fame == {t: state.fame[t] for t in fame}


@pytest.mark.rule("HF-7")
def test_hf_7_the_display_and_the_stacks_top_are_public_the_rest_hidden_and_reshuffled() -> None:
    state = new_state(3)
    top, below = state.stack[0], state.stack[1:]
    for seen in views(state):
        assert [t["id"] for t in seen["display"]] == state.display
        assert seen["stack_top"]["id"] == top and seen["stack"] == len(state.stack)
    orders = set()
    for seed in range(6):
        copy = state.determinize(0, seed)
        assert copy.display == state.display and copy.stack[0] == top
        assert sorted(copy.stack[1:]) == sorted(below)
        assert views(copy) == views(state)  # nobody sees the order below the top
        orders.add(tuple(copy.stack[1:]))
    assert len(orders) > 1  # reshuffled


@pytest.mark.rule("HF-12")
@pytest.mark.parametrize(("players", "side"), [(2, "two"), (3, "many"), (4, "many")])
def test_hf_12_every_seat_sees_each_types_scoring_tile_on_the_side_for_the_player_count(
    players: int, side: str
) -> None:
    state = new_state(players)
    expected = [getattr(CONTENT.billboard[n], side) for n in state.billboard_tiles]
    assert [len(values) for values in expected] == [3 if players > 2 else 2] * 3
    for seen in views(state):
        assert [b["scoring"] for b in seen["billboard"]] == expected
