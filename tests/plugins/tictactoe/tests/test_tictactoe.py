"""The plugin's own tests (its doc page cites them; housebuilders' kit reads them)."""

from __future__ import annotations

import pytest

import housebuilders as hb


def test_a_marked_square_is_refused() -> None:
    state = hb.new_game("tic-tac-toe", 2)
    state.apply(0, state.legal_actions(0)[4])
    with pytest.raises(hb.IllegalAction, match="taken"):
        state.apply(1, hb.game("tic-tac-toe").actions[4])


def test_three_in_a_row_wins() -> None:
    state = hb.new_game("tic-tac-toe", 2)
    for player, square in [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]:
        state.apply(player, hb.game("tic-tac-toe").actions[square])
    assert state.is_terminal() and state.winners() == [0]


def test_the_kit(check_game) -> None:  # the plugin's fixture: the whole kit in one call
    check_game("tic-tac-toe", games=20)
