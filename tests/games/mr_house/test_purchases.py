"""Purchases (basic variant)."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.mr_house import basic as B
from housebuilders.games.mr_house.actions import PlaceMarker, SpendCoin, Take
from tests.games.mr_house.helpers import act, materials, new, place_plans, resolve_until

BANK, OFFICE, BRICK, WINDOW, CEMENT, WORK, STEEL, DOOR, WOOD = range(1, 10)
START = dict(wood=1, brick=1, cement=1, steel=1)


def to_purchases(
    players: int, plans: dict[int, list[tuple[int, int]]], setup=None
) -> B.MrHouseBasicState:
    s = new(players)
    if setup:
        setup(s)
    place_plans(s, plans)
    assert s.phase == B.PURCHASES
    return s


# Marta (0), Jacob (1) and Paul (2) at the wood store, in that order.
WOOD_EXAMPLE = {
    0: [(1, WOOD), (0, DOOR), (2, STEEL), (3, WORK), (1, BANK)],
    1: [(2, WOOD), (0, DOOR), (1, STEEL), (1, WORK), (3, BANK)],
    2: [(3, WOOD), (0, DOOR), (1, STEEL), (2, WORK), (1, BANK)],
}


@pytest.mark.rule("MH-19", "MH-20")
def test_stack_turned_over_first_placed_resolves_first() -> None:
    # Rulebook example: at the wood store Marta placed first, then Jacob, then Paul;
    # the stack is turned over and Marta takes wood first.
    s = to_purchases(3, WOOD_EXAMPLE)
    resolve_until(s, WOOD)
    assert s.acting_players() == (0,)
    act(s, Take("wood", 1))
    assert s.acting_players() == (1,)
    act(s, Take("wood", 2))
    assert s.acting_players() == (2,)
    takes = [a for a in s.legal_actions(2) if isinstance(a, Take)]
    assert takes == [Take("wood", n) for n in range(4)]  # 6 wood - 3 taken = 3 left


@pytest.mark.rule("MH-9", "MH-14", "MH-18")
def test_buildings_resolved_in_number_order() -> None:
    s = to_purchases(3, WOOD_EXAMPLE)
    visited = []
    while s.phase == B.PURCHASES:
        visited.append(s.loc)
        act(s, next(a for a in s.legal_actions(s.acting_players()[0]) if isinstance(a, Take)))
    assert visited == sorted(visited)
    assert DOOR not in visited  # only 0 markers there: nothing to decide
    # The bank (1) and the work notice board (6) resolve without a decision.
    assert s.coins == [1, 1, 1] and s.workers == [1, 1, 0]


@pytest.mark.rule("MH-21")
def test_zero_marker_gets_nothing() -> None:
    s = to_purchases(
        2,
        {
            0: [(0, BANK), (1, OFFICE), (2, BRICK), (3, WINDOW), (1, CEMENT)],
            1: [(0, OFFICE), (1, BANK), (2, WORK), (3, STEEL), (1, DOOR)],
        },
    )
    assert s.coins == [0, 1]  # player 0's 0 marker at the bank gets no coin
    assert s.permit == [True, False]  # player 1's 0 marker, first at the office, is skipped


@pytest.mark.rule("MH-20")
def test_store_take_up_to_marker_value() -> None:
    s = to_purchases(
        2,
        {
            0: [(3, WOOD), (2, OFFICE), (1, BRICK), (1, WINDOW), (0, CEMENT)],
            1: [(2, BANK), (0, WORK), (1, STEEL), (1, DOOR), (3, WOOD)],
        },
    )
    resolve_until(s, WOOD)
    assert [a for a in s.legal_actions(0) if isinstance(a, Take)] == [
        Take("wood", n) for n in range(4)
    ]
    with pytest.raises(hb.IllegalAction, match="no more than the number on your marker"):
        s.apply(0, Take("wood", 4))
    with pytest.raises(hb.IllegalAction, match="it has wood, not brick"):
        s.apply(0, Take("brick", 1))
    act(s, Take("wood", 3))
    assert s.store[0][0] == 1 + 3 and s.supply[0] == 5 - 3


@pytest.mark.rule("MH-20")
def test_store_materials_run_out() -> None:
    s = to_purchases(
        2,
        {
            0: [(3, DOOR), (0, STEEL), (1, WORK), (1, CEMENT), (2, WINDOW)],
            1: [(2, DOOR), (0, WOOD), (1, OFFICE), (1, BRICK), (3, WINDOW)],
        },
    )
    resolve_until(s, DOOR)
    # The 2-player door stock is 1: the 3 marker takes at most 1...
    assert [a for a in s.legal_actions(0) if isinstance(a, Take)] == [
        Take("door", 0),
        Take("door", 1),
    ]
    with pytest.raises(hb.IllegalAction, match="only 1 door"):
        s.apply(0, Take("door", 2))
    act(s, Take("door", 1))
    assert s.loc != DOOR  # ...and player 1, below, gets nothing without being asked


@pytest.mark.rule("MH-23")
def test_bank_gives_one_coin_regardless_of_value() -> None:
    s = to_purchases(
        2,
        {
            0: [(3, BANK), (0, OFFICE), (1, BRICK), (1, WINDOW), (2, CEMENT)],
            1: [(1, BANK), (0, WORK), (1, STEEL), (2, DOOR), (3, WOOD)],
        },
    )
    assert s.coins == [1, 1]


OFFICE_PLANS = {
    0: [(0, OFFICE), (1, WOOD), (1, DOOR), (2, STEEL), (3, WORK)],
    1: [(2, OFFICE), (1, BRICK), (1, WINDOW), (0, CEMENT), (3, WORK)],
    2: [(3, OFFICE), (1, BANK), (0, WORK), (1, STEEL), (2, DOOR)],
}


@pytest.mark.rule("MH-22")
def test_office_gives_single_permit_to_first_nonzero_marker() -> None:
    s = to_purchases(3, OFFICE_PLANS)
    assert s.permit == [False, True, False]


@pytest.mark.rule("MH-22")
def test_office_skips_player_with_permit() -> None:
    plans = {
        0: [(2, OFFICE), (1, WOOD), (1, DOOR), (0, STEEL), (3, WORK)],
        1: [(3, OFFICE), (1, BRICK), (1, WINDOW), (0, CEMENT), (2, WORK)],
        2: [(1, OFFICE), (3, BANK), (0, WORK), (1, STEEL), (2, DOOR)],
    }

    def has_permit(s: B.MrHouseBasicState) -> None:
        s.permit[0] = True

    s = to_purchases(3, plans, setup=has_permit)
    assert s.permit == [True, True, False]


WORK_PLANS = {
    0: [(3, WORK), (0, CEMENT), (1, WINDOW), (1, BRICK), (2, OFFICE)],
    1: [(1, WORK), (0, STEEL), (1, DOOR), (2, WOOD), (3, OFFICE)],
    2: [(2, WORK), (0, BANK), (1, OFFICE), (1, WOOD), (3, DOOR)],
}


@pytest.mark.rule("MH-25", "MH-29")
def test_work_notice_board_gives_one_worker_card_each() -> None:
    # Three players: two cards on the board. The third non-zero marker gets nothing
    # ("If a player takes the last worker card, then any remaining players there
    # receive nothing").
    s = to_purchases(3, WORK_PLANS)
    resolve_until(s, WORK + 1)
    assert s.workers == [1, 1, 0]
    assert s.board_workers == 0
    assert s.quality(0) == 3  # 1 + the printed worker + 1 hired


@pytest.mark.rule("MH-25")
def test_work_notice_board_skips_full_player_board() -> None:
    def full_board(s: B.MrHouseBasicState) -> None:
        s.workers[0] = 4  # ruling 16: four card spaces

    s = to_purchases(3, WORK_PLANS, setup=full_board)
    resolve_until(s, WORK + 1)
    assert s.workers == [4, 1, 1]


@pytest.mark.rule("MH-24")
def test_spend_coin_for_extra_material_any_time_during_move() -> None:
    s = new(2)
    s.coins = [2, 0]
    assert SpendCoin("steel") in s.legal_actions(0)
    act(s, SpendCoin("steel"))
    assert s.store[0] == materials(**{**START, "steel": 2}) and s.coins[0] == 1
    assert s.acting_players() == (0,)  # spending a coin does not end the move
    act(s, PlaceMarker(1, WOOD))
    assert s.acting_players() == (1,)
    with pytest.raises(hb.IllegalAction, match="no coin"):
        s.apply(1, SpendCoin("wood"))


@pytest.mark.rule("MH-24")
def test_spend_coin_for_window_refused() -> None:
    s = new(2)
    s.coins = [1, 0]
    assert SpendCoin("window") not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="except a window or a door") as e:
        s.apply(0, SpendCoin("window"))
    assert e.value.rule == "mr-house-basic §Purchases"
    with pytest.raises(hb.IllegalAction, match="except a window or a door"):
        s.apply(0, SpendCoin("door"))


@pytest.mark.rule("MH-24")
def test_spend_coin_while_taking_at_a_store() -> None:
    s = to_purchases(3, WOOD_EXAMPLE)
    resolve_until(s, WOOD)  # everyone has a coin from the bank by now
    assert SpendCoin("brick") in s.legal_actions(0)


@pytest.mark.rule("MH-19")
def test_purchase_reveals_stack_values() -> None:
    s = to_purchases(3, WOOD_EXAMPLE)
    wood = s.observe(2)["board"]["locations"][WOOD - 1]["markers"]
    assert [m["value"] for m in wood] == [None, None, 3]  # not yet turned over
    resolve_until(s, WOOD)
    wood = s.observe(2)["board"]["locations"][WOOD - 1]["markers"]
    assert [m["value"] for m in wood] == [1, 2, 3]
    assert s.undo_floor == len(s.history)  # a reveal: no undo past it


@pytest.mark.rule("MH-26")
def test_markers_return_after_purchases() -> None:
    s = to_purchases(3, WOOD_EXAMPLE)
    resolve_until(s, 99)
    assert s.phase != B.PURCHASES
    assert all(not stack for stack in s.stacks) and s.own == [0, 0, 0]


@pytest.mark.rule("MH-3")
def test_the_bank_does_not_run_out_of_coins() -> None:
    # Ruling 18: the box's counts are not game limits; a player far past any box's
    # count of coins still takes one at the bank.
    s = to_purchases(
        2,
        {
            0: [(3, BANK), (0, OFFICE), (1, BRICK), (1, WINDOW), (2, CEMENT)],
            1: [(1, BANK), (0, WORK), (1, STEEL), (2, DOOR), (3, WOOD)],
        },
        setup=lambda s: s.coins.__setitem__(0, 60),
    )
    assert s.coins == [61, 1]


@pytest.mark.rule("MH-2")
def test_face_down_worker_cards_are_kept_as_a_number() -> None:
    # Ruling 21: the basic variant's face-down worker cards are all alike (one worker
    # each), so the board and the deck keep only how many there are.
    s = new(3)
    assert isinstance(s.board_workers, int) and isinstance(s.deck, int)
    assert s.board_workers + s.deck == 28
    saved = s.to_json()
    assert isinstance(saved["board_workers"], int) and isinstance(saved["worker_deck"], int)
