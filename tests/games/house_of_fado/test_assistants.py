"""House of Fado's 2-player variant: assistants (HF-132 to HF-139, Q25, Q26, ruling
27), from the rulebook's "If you are playing with the 2 player variant"."""

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
from tests.games.house_of_fado.helpers import (
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


@pytest.mark.rule("HF-15", "HF-132")
def test_hf_132_the_assistants_are_refused_at_3_or_4_players() -> None:
    for players in (3, 4):
        with pytest.raises(OptionError, match="for 2 players"):
            hb.new_game("house-of-fado", players, seed=1, options={"assistants": True})
    assert variant().assistants == [[SUPPLY] * 3] * 2


@pytest.mark.rule("HF-133")
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


@pytest.mark.rule("HF-133")
def test_q26_an_assistant_may_be_left_on_your_restaurants_action_space() -> None:
    """Q26: "You may leave an assistant on an action space (not a kick out space) that
    you are vacating with one of your workers": a restaurant's is an action space ("Your
    restaurant board has 1 action space, which only you can use")."""
    s = variant()
    put(s, 0, RESTAURANT, STREET_1, BILLBOARD_1)
    play(s, Move(RESTAURANT, ROOM))
    assert s.phase == ASSISTANT
    assert set(s.legal_actions(0)) == {LeaveAssistant(FROM_SUPPLY), NO_ASSISTANT}
    play(s, LeaveAssistant(FROM_SUPPLY))
    assert s.assistants[0].count(RESTAURANT) == 1 and s.phase == REHEARSAL
    assert "leaves an assistant on their restaurant" in s.log[-1]
    assert s.observe(1)["players"][0]["assistants"].count(RESTAURANT) == 1
    assert hb.game("house-of-fado").state_from_json(s.to_json()).to_json() == s.to_json()


@pytest.mark.rule("HF-136", "HF-137")
def test_q26_an_assistant_on_your_restaurant_is_kicked_out_only_by_you() -> None:
    """Only you use your restaurant's space, so only your worker kicks the assistant
    out there: "If you kick out your own assistant, either remove it from the board or
    move it to the space you took that worker from." It never blocks you (HF-137) and
    the close goes on."""
    s = variant()
    put(s, 0, MARKET_1, STREET_1, BILLBOARD_1)
    s.assistants[0][0] = RESTAURANT
    s.assistants[1][0] = RESTAURANT  # the other seat's restaurant: not seat 0's
    assert Move(MARKET_1, RESTAURANT) in s.legal_actions(0)
    play(s, Move(MARKET_1, RESTAURANT))
    assert s.phase == OWN_ASSISTANT and set(s.legal_actions(0)) == {REMOVE_OWN, RETURN_OWN}
    back = s.clone()
    play(back, RETURN_OWN)
    assert back.assistants[0][0] == MARKET_1 and back.assistants[1][0] == RESTAURANT
    assert back.phase != OWN_ASSISTANT and back.money[0] >= 5  # the close: income, no bonus
    play(s, REMOVE_OWN)
    assert s.assistants[0][0] == SUPPLY and s.phase == ASSISTANT  # Market 1 is vacant


@pytest.mark.rule("HF-134")
def test_q26_an_assistant_on_your_restaurant_may_be_taken_to_another_space() -> None:
    """HF-134: "This assistant can come from your supply or somewhere else on the
    board", your restaurant's space among them."""
    s = variant()
    put(s, 0, MARKET_1, STREET_1, BILLBOARD_1)
    s.assistants[0] = [RESTAURANT, STREET_2, SUPPLY]
    play(s, Move(MARKET_1, ROOM))
    assert LeaveAssistant(RESTAURANT) in s.legal_actions(0)
    play(s, LeaveAssistant(RESTAURANT))
    assert sorted(s.assistants[0]) == [SUPPLY, MARKET_1, STREET_2]
    assert str(LeaveAssistant(RESTAURANT)) == (
        "leave an assistant from the restaurant on the vacated space"
    )


@pytest.mark.rule("HF-133", "HF-136")
def test_q26_the_option_restaurant_assistant_off_keeps_them_to_the_main_board() -> None:
    """The narrower reading, as an option: only the main board's action spaces hold an
    assistant; a worker leaving the restaurant leaves none, and your own kicked
    assistant cannot go back to it."""
    s = new(2, assistants=True, **{"restaurant-assistant": False})
    put(s, 0, RESTAURANT, STREET_1, BILLBOARD_1)
    play(s, Move(RESTAURANT, ROOM))
    assert s.phase == REHEARSAL
    s = new(2, assistants=True, **{"restaurant-assistant": False})
    put(s, 0, RESTAURANT, STREET_1, BILLBOARD_1)
    s.assistants[0][0] = ROOM
    play(s, Move(RESTAURANT, ROOM))
    assert s.legal_actions(0) == [REMOVE_OWN]
    refused(s, 0, RETURN_OWN, "no assistant goes on a restaurant")
    data = variant().to_json()
    data["options"]["restaurant-assistant"] = False
    data["assistants"][0][0] = RESTAURANT
    with pytest.raises(hb.StateError, match="no assistant on a restaurant"):
        hb.game("house-of-fado").state_from_json(data)


def test_q26_a_worker_and_an_assistant_on_one_restaurant_are_refused_in_a_saved_state() -> None:
    data = variant().to_json()
    data["workers"][0][0] = RESTAURANT
    data["assistants"][0][0] = RESTAURANT
    with pytest.raises(hb.StateError, match="two pieces on player 0's restaurant"):
        hb.game("house-of-fado").state_from_json(data)


@pytest.mark.rule("HF-134")
def test_hf_134_the_assistant_may_come_from_another_space() -> None:
    s = variant()
    put(s, 0, MARKET_1, STREET_1, BILLBOARD_1)
    s.assistants[0][0] = STREET_2
    play(s, Move(MARKET_1, ROOM))
    assert LeaveAssistant(STREET_2) in s.legal_actions(0)
    play(s, LeaveAssistant(STREET_2))
    assert sorted(s.assistants[0]) == [SUPPLY, SUPPLY, MARKET_1]


@pytest.mark.rule("HF-135")
def test_hf_135_q25_a_kicked_assistant_goes_to_a_kick_out_space_with_its_bonus() -> None:
    s = variant()
    s.assistants[1][0] = ROOM
    play(s, Place(ROOM))
    assert s.phase == KICK and s.acting_players() == (1,)
    play(s, KickTo(ROOM_MONEY))
    assert s.assistants[1][0] == ROOM_MONEY and s.phase == BONUS  # Q25: the bonus too
    play(s, BonusMoney())
    assert s.money[1] == 7 and s.phase == REHEARSAL


@pytest.mark.rule("HF-136")
def test_hf_136_your_own_kicked_assistant_leaves_or_goes_back_with_no_bonus() -> None:
    """HF-136: "If you kick out your own assistant, either remove it from the board or
    move it to the space you took that worker from. It does not go to a kick out
    space." Neither gives a bonus."""
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
    refused(s, 0, RETURN_OWN, "came from your supply")


@pytest.mark.rule("HF-136")
def test_hf_136_ruling_27_from_a_kick_out_space_it_may_go_back_there_by_default() -> None:
    """Ruling 27: "move it to the space you took that worker from" names any space: a worker that
    came from a kick-out space may take the assistant's place there, with no bonus (the
    default, own-assistant-back="any-space")."""
    s = variant()
    put(s, 0, MARKET_1, STREET_MONEY, BILLBOARD_1)
    s.assistants[0][0] = ROOM
    play(s, Move(STREET_MONEY, ROOM))
    assert set(s.legal_actions(0)) == {REMOVE_OWN, RETURN_OWN}
    play(s, RETURN_OWN)
    assert s.assistants[0][0] == STREET_MONEY and s.money[0] == 5
    assert s.phase == REHEARSAL  # nothing to leave: a kick-out space takes no assistant
    assert "moves it to the Street, kick-out space 1" in s.log[-1]


@pytest.mark.rule("HF-136")
def test_hf_136_ruling_27_the_option_action_space_only_removes_it() -> None:
    """Ruling 27: "It does not go to a kick out space" read as a limit (own-assistant-back=
    "action-space"): from a kick-out space the assistant can only be removed."""
    s = new(2, assistants=True, **{"own-assistant-back": "action-space"})
    put(s, 0, MARKET_1, STREET_MONEY, BILLBOARD_1)
    s.assistants[0][0] = ROOM
    play(s, Move(STREET_MONEY, ROOM))
    assert s.legal_actions(0) == [REMOVE_OWN]
    refused(s, 0, RETURN_OWN, "does not go to a kick out space")
    play(s, REMOVE_OWN)
    assert s.assistants[0][0] == SUPPLY and s.phase == REHEARSAL
    s = new(2, assistants=True, **{"own-assistant-back": "action-space"})
    put(s, 0, MARKET_1, STREET_1, BILLBOARD_1)  # from an action space: both, as ever
    s.assistants[0][0] = ROOM
    play(s, Move(MARKET_1, ROOM))
    assert set(s.legal_actions(0)) == {REMOVE_OWN, RETURN_OWN}


@pytest.mark.rule("HF-137")
def test_hf_137_your_assistants_never_block_your_worker() -> None:
    s = variant()
    s.assistants[0][:2] = [BILLBOARD_1, ROOM_MONEY]
    legal = s.legal_actions(0)
    assert {Place(BILLBOARD_1), Place(BILLBOARD_2), Place(ROOM)} <= set(legal)
    play(s, Place(BILLBOARD_2))
    assert BILLBOARD_1 in s.assistants[0] and BILLBOARD_2 in s.workers[0]


@pytest.mark.rule("HF-138")
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


@pytest.mark.rule("HF-138", "HF-139")
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
