"""House of Fado's public log (``state.log``, the web table's events): every move, in
the open as they all are, and nothing of the fado stack below its face-up top."""

from __future__ import annotations

import random

import pytest

from housebuilders.core import IllegalAction
from housebuilders.core.testing import random_playout
from housebuilders.games.house_of_fado.actions import DONE, Hire, KickTo, Place, ScoreFado
from housebuilders.games.house_of_fado.state import HouseOfFadoState
from tests.games.house_of_fado.helpers import (
    MARKET_1,
    MARKET_MONEY,
    ROOM,
    SINGER,
    STREET_1,
    new,
    notes,
    play,
    put,
    tile,
)


def played(players: int, seed: int) -> HouseOfFadoState:
    state = new(players, seed=seed)
    random_playout(state, random.Random(seed))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_played_game_logs_its_moves_and_its_end(players: int) -> None:
    s = played(players, seed=players)
    log = s.log
    assert log[0].startswith("player 0 places a worker on the ")
    placed = sum(" places a worker on " in line or " moves a worker from " in line for line in log)
    assert placed == sum(action.kind in ("place-worker", "move") for _, action in s.history)
    assert any(" closes their restaurant: " in line for line in log)
    assert "a third star is gained: the game ends with this round" in log
    assert log[-1] == "the game is over"
    assert HouseOfFadoState.from_json(s.to_json()).log == log


def test_the_log_names_the_placement_the_kick_out_and_the_hire() -> None:
    s = new(2)
    singer = tile(s, SINGER)
    name = s.tile_json(singer)["name"]  # type: ignore[index]
    price = s.hire_price(singer, base=True)
    play(s, Place(MARKET_1))
    assert s.log[-1] == "player 0 places a worker on the Musician Market, action space 1"
    play(s, Hire(singer))  # the Market's space 1 lies beside the guitars and singers
    assert s.log[-1] == f"player 0 hires {name} (singer, fame 1) for {price} money"
    if s.acting_players() == (0,):  # money left for a guitar: hire no more
        play(s, DONE)
    play(s, Place(MARKET_1))
    assert s.log[-1] == "player 1 places a worker on the Musician Market, action space 1"
    assert s.acting_players() == (0,)  # the kicked worker's owner puts it out (HF-31)
    play(s, KickTo(MARKET_MONEY))
    assert s.log[-1] == "player 0's worker is kicked out to the Musician Market, kick-out space 1"


def test_the_tile_turned_up_from_the_stack_is_not_logged_before_nor_after() -> None:
    """Two games alike but for the fado stack below its top (which no seat sees): the
    same moves, a fado tile scored and the next turned up, give the same log."""
    logs = []
    for swap in (False, True):
        s = new(2)
        fado = next(n for n, t in enumerate(s.content.fado) if t.notes == ["Dó", "Ré"])
        where = s.display if fado in s.display else s.stack
        i = where.index(fado)
        where[i], s.display[2] = s.display[2], fado
        if swap:
            s.stack[1], s.stack[2] = s.stack[2], s.stack[1]
        notes(s, 0, "Dó", "Ré")
        play(s, Place(ROOM), ScoreFado(2))
        logs.append(s.log)
    assert logs[0] == logs[1]
    points = s.content.fado[fado].points
    assert logs[0][-1] == f"player 0 scores the fado tile Dó, Ré for {points} points"


@pytest.mark.parametrize("seed", range(3))
def test_games_that_differ_only_in_the_hidden_stack_log_alike(seed: int) -> None:
    a = new(3, seed=seed)
    b = a.clone()
    hidden = b.stack[1:]
    random.Random(seed).shuffle(hidden)
    b.stack[1:] = hidden
    rng = random.Random(seed)
    while not a.is_terminal() and a.observe(None) == b.observe(None):
        assert a.log == b.log
        (player,) = a.acting_players()
        action = rng.choice(a.legal_actions(player))
        a.apply(player, action)
        b.apply(player, action)
    assert a.log == b.log  # the move that turned up different tiles too
    assert len(a.history) > 10


def test_a_move_that_is_not_asked_now_is_refused_in_plain_words() -> None:
    s = new(2)
    with pytest.raises(IllegalAction) as caught:
        s.apply(0, Hire(tile(s, SINGER)))
    assert caught.value.message.endswith(
        "is not what is asked now: you are asked to place a worker from your supply on an "
        "action space"
    )
    put(s, 0, ROOM, MARKET_1, STREET_1)  # every worker on the board (HF-25)
    with pytest.raises(IllegalAction, match="you are asked to move one of your workers"):
        s.apply(0, Hire(tile(s, SINGER)))
