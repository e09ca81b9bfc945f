"""House of Fado's turn: placing and moving workers, and kick-outs (HF-21 to HF-35,
Q5 to Q9), from the rulebook's "Gameplay" section."""

from __future__ import annotations

import random

import pytest

from housebuilders.games.house_of_fado.actions import (
    ACTION_SPACES,
    DONE,
    GAINS,
    KICKS,
    NO_BONUS,
    BonusMoney,
    GainNote,
    KickTo,
    Move,
    Place,
    location_of,
)
from housebuilders.games.house_of_fado.phases import BONUS, KICK, PLACE, REHEARSAL
from tests.games.house_of_fado.helpers import (
    BILLBOARD_1,
    BOARD_CUSTOMER,
    BOARD_MONEY,
    BOARD_NOTE,
    MARKET_1,
    MARKET_2,
    MARKET_CUSTOMER,
    MARKET_MONEY,
    RESTAURANT,
    ROOM,
    ROOM_FAME,
    ROOM_MONEY,
    ROOM_MONEY_2,
    STREET_1,
    STREET_2,
    STREET_MONEY,
    STREET_NOTE_1,
    STREET_NOTE_2,
    bar,
    new,
    play,
    put,
    refused,
)


@pytest.mark.rule("HF-20", "HF-21")
def test_hf_21_q5_players_act_one_at_a_time_in_seat_order_from_the_first() -> None:
    s = new(4, seed=3)
    s.first = s.turn = s.decider = 2
    rng, turns = random.Random(3), []
    while len(turns) < 9:
        if s.phase == PLACE:
            turns.append(s.turn)
        (p,) = s.acting_players()
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert turns == [2, 3, 0, 1, 2, 3, 0, 1, 2]
    assert s.first == 2  # Q5: the token never moves


@pytest.mark.rule("HF-22")
def test_hf_22_q6_a_turn_is_one_placement_then_its_action_then_the_next_player() -> None:
    s = new(3)
    play(s, Place(ROOM))
    assert s.phase == REHEARSAL and s.acting_players() == (0,)
    play(s, GAINS[0])
    assert s.phase == PLACE and s.turn == 1 and s.notes[0][0] == 1
    assert s.workers[0].count(ROOM) == 1 and s.workers[0].count(-1) == 2


@pytest.mark.rule("HF-23")
def test_hf_23_no_legal_action_puts_a_worker_on_a_kick_out_space() -> None:
    s = new(2)
    rng = random.Random(1)
    for _ in range(80):
        (p,) = s.acting_players()
        legal = s.legal_actions(p)
        if s.phase == PLACE:
            assert all(a.space < ACTION_SPACES for a in legal)
        s.apply(p, rng.choice(legal))
    refused(new(2), 0, Place(STREET_MONEY), "action space")


@pytest.mark.rule("HF-24", "HF-28")
def test_hf_24_a_worker_stays_on_its_space_and_keeps_blocking_its_owner() -> None:
    s = new(2)
    play(s, Place(ROOM), GAINS[0])
    for space in (MARKET_1, STREET_1, BILLBOARD_1, MARKET_2):  # four more turns
        play(s, Place(space))
        if s.phase != PLACE:
            play(s, DONE)
    assert ROOM in s.workers[0]
    assert Place(ROOM) not in s.legal_actions(0)


@pytest.mark.rule("HF-25")
def test_hf_25_supply_first_then_only_moves() -> None:
    s = new(2)
    put(s, 0, MARKET_1, STREET_1)
    legal = s.legal_actions(0)
    assert legal and all(isinstance(a, Place) for a in legal)
    refused(s, 0, Move(MARKET_1, ROOM), "you still have a worker in your supply: place it")
    put(s, 0, BILLBOARD_1)
    legal = s.legal_actions(0)
    assert legal and all(isinstance(a, Move) for a in legal)
    refused(s, 0, Place(ROOM), "all your workers are on the board")


@pytest.mark.rule("HF-26")
def test_hf_26_a_worker_on_a_kick_out_space_moves_and_takes_its_new_action() -> None:
    s = new(2)
    put(s, 0, MARKET_MONEY, STREET_1, BILLBOARD_1)
    play(s, Move(MARKET_MONEY, ROOM))
    assert s.phase == REHEARSAL and ROOM in s.workers[0] and MARKET_MONEY not in s.workers[0]
    play(s, GAINS[2])
    assert s.notes[0][2] == 1


@pytest.mark.rule("HF-27")
def test_hf_27_never_back_to_the_location_just_left_from_either_kind_of_space() -> None:
    s = new(2)
    put(s, 0, STREET_NOTE_1, MARKET_1, BILLBOARD_1)
    assert not [a for a in s.legal_actions(0)
                if a.origin == STREET_NOTE_1 and a.space in (STREET_1, STREET_2)]  # fmt: skip
    e = refused(
        s,
        0,
        Move(STREET_NOTE_1, STREET_2),
        "never place your worker on the same location you just removed it from",
    )
    assert "Gameplay" in e.rule
    s.workers[0] = [STREET_1, MARKET_1, BILLBOARD_1]
    refused(s, 0, Move(STREET_1, STREET_2), "same location you just removed it from")


@pytest.mark.rule("HF-28")
def test_hf_28_never_onto_a_location_you_already_hold_even_on_a_kick_out_space() -> None:
    s = new(2)
    put(s, 0, ROOM_FAME)
    assert Place(ROOM) not in s.legal_actions(0)
    e = refused(
        s,
        0,
        Place(ROOM),
        "never place your worker on a location that already has one of your workers on it",
    )
    assert "Rehearsal Room" in str(e)
    put(s, 0, STREET_1, MARKET_1)
    refused(s, 0, Move(MARKET_1, ROOM), "already has one of your workers")
    refused(s, 0, Move(ROOM_FAME, STREET_2), "already has one of your workers")


@pytest.mark.rule("HF-29")
def test_hf_29_q7_your_restaurant_is_your_own_location() -> None:
    s = new(2)
    put(s, 1, RESTAURANT)
    play(s, Place(RESTAURANT))  # seat 0 closes its own restaurant; nobody is kicked
    assert s.workers[1] == [RESTAURANT, -1, -1] and s.turn == 1
    assert Place(RESTAURANT) not in s.legal_actions(1)  # Q7: stays there, blocks closing
    refused(s, 1, Place(RESTAURANT), "your restaurant")
    put(s, 0, MARKET_1, STREET_1)  # Q7: move it away, then come back on a later turn
    s.turn = s.decider = 0
    assert not [a for a in s.legal_actions(0) if a.space == RESTAURANT]
    play(s, Move(RESTAURANT, ROOM), GAINS[0], Place(STREET_2), DONE)
    assert Move(MARKET_1, RESTAURANT) in s.legal_actions(0)


@pytest.mark.rule("HF-30")
def test_hf_30_a_placement_kicks_out_the_worker_there_and_takes_the_action_in_full() -> None:
    s = new(2)
    put(s, 1, ROOM)
    play(s, Place(ROOM))
    assert ROOM not in s.workers[1] and s.workers[0].count(ROOM) == 1
    play(s, KickTo(ROOM_MONEY), NO_BONUS)
    assert s.phase == REHEARSAL and s.acting_players() == (0,)
    play(s, GAINS[1])
    assert s.notes[0][1] == 1


@pytest.mark.rule("HF-31")
def test_hf_31_the_kicked_player_picks_an_open_kick_out_space_of_that_location() -> None:
    s = new(3)
    put(s, 1, ROOM)
    put(s, 2, ROOM_MONEY)
    play(s, Place(ROOM))
    assert s.phase == KICK and s.acting_players() == (1,)
    assert s.legal_actions(0) == []
    assert set(s.legal_actions(1)) == {KICKS[ROOM_MONEY_2 - ACTION_SPACES],
                                       KICKS[ROOM_FAME - ACTION_SPACES]}  # fmt: skip
    refused(s, 1, KickTo(STREET_MONEY), "not allowed now")
    play(s, KickTo(ROOM_MONEY_2))
    assert ROOM_MONEY_2 in s.workers[1]


@pytest.mark.rule("HF-32")
def test_hf_32_the_bonus_is_optional_and_comes_before_the_active_players_action() -> None:
    s = new(2)
    put(s, 1, ROOM)
    play(s, Place(ROOM), KickTo(ROOM_MONEY))
    assert s.phase == BONUS and NO_BONUS in s.legal_actions(1)
    play(s, BonusMoney())
    assert s.money[1] == 7 and s.phase == REHEARSAL and s.acting_players() == (0,)
    s2 = new(2)
    put(s2, 1, ROOM)
    play(s2, Place(ROOM), KickTo(ROOM_MONEY), NO_BONUS)
    assert s2.money[1] == 5 and s2.phase == REHEARSAL


@pytest.mark.rule("HF-33")
def test_hf_33_a_kicked_worker_stays_at_the_location_and_is_never_kicked_again() -> None:
    s = new(3)
    put(s, 1, ROOM)
    play(s, Place(ROOM), KickTo(ROOM_MONEY), NO_BONUS, GAINS[0])
    assert ROOM_MONEY in s.workers[1]
    assert Place(ROOM) not in s.legal_actions(1)  # HF-28: still his location
    play(s, Place(STREET_1), DONE)  # seat 1
    play(s, Place(ROOM))  # seat 2 kicks seat 0 only
    assert ROOM_MONEY in s.workers[1] and s.acting_players() == (0,)


@pytest.mark.rule("HF-34", "HF-45")
def test_hf_34_a_priced_or_limited_bonus_space_may_be_chosen_but_its_bonus_refused() -> None:
    s = new(2)
    put(s, 1, STREET_1)
    s.money[1] = 1
    play(s, Place(STREET_1), KickTo(STREET_NOTE_2))  # 2 money: he cannot pay
    assert STREET_NOTE_2 in s.workers[1] and s.money[1] == 1 and s.acting_players() == (0,)
    s = new(2)
    put(s, 1, MARKET_1)
    bar(s, 1, 0, 1)  # a full bar
    play(s, Place(MARKET_1), KickTo(MARKET_CUSTOMER))
    assert s.acting_players() == (0,) and s.bar[1] == [0, 1]


@pytest.mark.rule("HF-35")
def test_hf_35_q9_the_observation_shows_every_kick_out_space_its_bonus_and_occupant() -> None:
    s = new(2)
    put(s, 1, BOARD_NOTE)
    seen = s.observe(None)["kickouts"]
    assert [[k["bonus"] for k in loc] for loc in seen] == [
        ["money", "customer", "customer"], ["money", "note", "note"],
        ["money", "money", "fame"], ["money", "note", "customer"],
    ]  # fmt: skip
    assert [k["gain"] for k in seen[2]] == [2, 2, 0]  # Q9: two "take 2 money" spaces
    assert seen[3][1]["piece"] == {"seat": 1, "assistant": False}
    assert seen[3][0]["piece"] is None and seen[3][2]["space"] == BOARD_CUSTOMER
    assert {location_of(k["space"]) for k in seen[0]} == {0}
    assert seen[0][0]["space"] == MARKET_MONEY and seen[3][0]["space"] == BOARD_MONEY


@pytest.mark.rule("HF-21")
def test_q5_a_kicked_players_choice_is_not_a_turn() -> None:
    s = new(2)
    put(s, 1, ROOM)
    play(s, Place(ROOM), KickTo(ROOM_MONEY), BonusMoney(), GainNote(0))
    assert s.turn == 1 and s.phase == PLACE  # seat 1's own turn comes as usual


@pytest.mark.rule("HF-22")
def test_q6_a_worker_may_go_where_nothing_can_be_done() -> None:
    s = new(2)
    s.money[0] = 0
    play(s, Place(MARKET_1))  # nothing affordable: the turn ends at once
    assert s.turn == 1 and MARKET_1 in s.workers[0]
    s = new(2)
    play(s, Place(MARKET_1))
    assert DONE in s.legal_actions(0)  # doing nothing is allowed
    play(s, DONE)
    assert s.turn == 1


@pytest.mark.rule("HF-22")
def test_q6_a_legal_move_always_exists() -> None:
    s = new(2)
    for held in ([MARKET_1, STREET_1, ROOM], [RESTAURANT, BILLBOARD_1, ROOM_FAME],
                 [STREET_NOTE_2, BOARD_MONEY, MARKET_CUSTOMER]):  # fmt: skip
        s.workers[0] = list(held)
        assert s.legal_actions(0)


@pytest.mark.rule("HF-31")
def test_q8_a_kicked_worker_always_finds_an_open_kick_out_space() -> None:
    s = new(4)
    put(s, 1, ROOM_MONEY)
    put(s, 2, ROOM_FAME)
    put(s, 3, ROOM)
    play(s, Place(ROOM))  # two kick-out spaces taken: the third is left
    assert ROOM_MONEY_2 in s.workers[3]
    assert s.phase == BONUS and s.acting_players() == (3,)
