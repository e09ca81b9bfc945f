"""House of Fado's 2-player variant: assistants (HF-132 to HF-139, Q25, Q26), from the
rulebook's "If you are playing with the 2 player variant"."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.core import OptionError
from housebuilders.games.house_of_fado.actions import (
    FROM_SUPPLY,
    NO_ASSISTANT,
    REMOVE_OWN,
    RETURN_OWN,
    BonusMoney,
    FreeKickout,
    GainNote,
    KickTo,
    LeaveAssistant,
    Move,
    Place,
)
from housebuilders.games.house_of_fado.phases import (
    ASSISTANT,
    BONUS,
    KICK,
    OVERFLOW,
    OWN_ASSISTANT,
    REHEARSAL,
)
from housebuilders.games.house_of_fado.state import HouseOfFadoState

from .helpers import (
    BILLBOARD_1,
    BILLBOARD_2,
    MARKET_1,
    RESTAURANT,
    ROOM,
    ROOM_FAME,
    ROOM_MONEY,
    ROOM_MONEY_2,
    STREET_1,
    STREET_2,
    STREET_MONEY,
    new,
    play,
    put,
    refused,
)

SUPPLY = -1


def variant() -> HouseOfFadoState:
    return new(2, assistants=True)


def test_hf_132_the_assistants_are_refused_at_3_or_4_players() -> None:
    for players in (3, 4):
        with pytest.raises(OptionError, match="for 2 players"):
            hb.new_game("house-of-fado", players, seed=1, options={"assistants": True})
    assert variant().assistants == [[SUPPLY] * 3] * 2


def test_hf_133_an_assistant_may_be_left_only_on_a_vacated_board_action_space() -> None:
    s = variant()
    put(s, 0, MARKET_1, STREET_MONEY, BILLBOARD_1)
    play(s, Move(MARKET_1, ROOM))
    assert s.phase == ASSISTANT and set(s.legal_actions(0)) == {LeaveAssistant(FROM_SUPPLY),
                                                                NO_ASSISTANT}  # fmt: skip
    play(s, LeaveAssistant(FROM_SUPPLY))
    assert s.assistants[0].count(MARKET_1) == 1 and s.phase == REHEARSAL
    assert s.musicians[0] == [-1, -1, -1]  # the assistant takes no action
    play(s, GainNote(0))
    s = variant()  # from a kick-out space or from supply: nothing to leave
    put(s, 0, MARKET_1, STREET_MONEY, BILLBOARD_1)
    play(s, Move(STREET_MONEY, ROOM))
    assert s.phase == REHEARSAL
    s = variant()
    play(s, Place(ROOM))
    assert s.phase == REHEARSAL


def test_q26_no_assistant_on_a_restaurants_action_space() -> None:
    s = variant()
    put(s, 0, RESTAURANT, STREET_1, BILLBOARD_1)
    play(s, Move(RESTAURANT, ROOM))
    assert s.phase == REHEARSAL
    assert not [a for a in hb.game("house-of-fado").actions
                if isinstance(a, LeaveAssistant) and a.source == RESTAURANT]  # fmt: skip


def test_hf_134_the_assistant_may_come_from_another_space() -> None:
    s = variant()
    put(s, 0, MARKET_1, STREET_1, BILLBOARD_1)
    s.assistants[0][0] = STREET_2
    play(s, Move(MARKET_1, ROOM))
    assert LeaveAssistant(STREET_2) in s.legal_actions(0)
    play(s, LeaveAssistant(STREET_2))
    assert sorted(s.assistants[0]) == [SUPPLY, SUPPLY, MARKET_1]


def test_hf_135_q25_a_kicked_assistant_goes_to_a_kick_out_space_with_its_bonus() -> None:
    s = variant()
    s.assistants[1][0] = ROOM
    play(s, Place(ROOM))
    assert s.phase == KICK and s.acting_players() == (1,)
    play(s, KickTo(ROOM_MONEY))
    assert s.assistants[1][0] == ROOM_MONEY and s.phase == BONUS  # Q25: the bonus too
    play(s, BonusMoney())
    assert s.money[1] == 7 and s.phase == REHEARSAL


def test_hf_136_your_own_kicked_assistant_leaves_or_goes_back_with_no_bonus() -> None:
    s = variant()
    put(s, 0, MARKET_1, STREET_1, BILLBOARD_1)
    s.assistants[0][0] = ROOM
    play(s, Move(MARKET_1, ROOM))
    assert s.phase == OWN_ASSISTANT and set(s.legal_actions(0)) == {REMOVE_OWN, RETURN_OWN}
    back = s.clone()
    play(back, RETURN_OWN)
    assert back.assistants[0][0] == MARKET_1 and back.phase == REHEARSAL
    assert back.money[0] == 5 and not [a for a in back.assistants[0] if a >= 8]
    play(s, REMOVE_OWN)
    assert s.assistants[0][0] == SUPPLY and s.phase == ASSISTANT and s.money[0] == 5
    s = variant()  # a worker from supply came from no space: the assistant leaves
    s.assistants[0][0] = ROOM
    play(s, Place(ROOM))
    assert s.legal_actions(0) == [REMOVE_OWN]


def test_hf_137_your_assistants_never_block_your_worker() -> None:
    s = variant()
    s.assistants[0][:2] = [BILLBOARD_1, ROOM_MONEY]
    legal = s.legal_actions(0)
    assert {Place(BILLBOARD_1), Place(BILLBOARD_2), Place(ROOM)} <= set(legal)
    play(s, Place(BILLBOARD_2))
    assert BILLBOARD_1 in s.assistants[0] and BILLBOARD_2 in s.workers[0]


def test_hf_138_with_no_open_kick_out_space_the_kicker_frees_one_of_his_assistants() -> None:
    s = variant()
    put(s, 1, ROOM_MONEY)
    s.assistants[0][0] = ROOM_MONEY_2
    s.assistants[1][:2] = [ROOM_FAME, ROOM]
    play(s, Place(ROOM))
    assert s.phase == OVERFLOW and s.acting_players() == (0,)
    assert s.legal_actions(0) == [FreeKickout(ROOM_MONEY_2)]  # his own first
    play(s, FreeKickout(ROOM_MONEY_2))
    assert s.assistants[0][0] == SUPPLY and s.assistants[1][1] == ROOM_MONEY_2
    assert s.phase == BONUS and s.acting_players() == (1,)


def test_hf_138_hf_139_else_an_opponents_assistant_never_a_worker() -> None:
    s = variant()
    put(s, 1, ROOM_MONEY)
    s.assistants[1] = [ROOM_MONEY_2, ROOM_FAME, ROOM]
    play(s, Place(ROOM))
    assert set(s.legal_actions(0)) == {FreeKickout(ROOM_MONEY_2), FreeKickout(ROOM_FAME)}
    refused(s, 0, FreeKickout(ROOM_MONEY), "not allowed now")
    play(s, FreeKickout(ROOM_FAME))
    # the freed assistant is in supply, the kicked one on the freed space (no musician
    # to raise: no bonus), the worker where it was
    assert s.assistants[1] == [ROOM_MONEY_2, SUPPLY, ROOM_FAME]
    assert ROOM_MONEY in s.workers[1] and s.phase == REHEARSAL
