"""Noughts, tic-tac-toe whose "mark" action names a row and a column, and an impostor
that takes tic-tac-toe's id (tests/plugins/test_plugins.py)."""

from __future__ import annotations

from hb_tictactoe import TicTacToeState, spec

from housebuilders.core import Action


class Place(Action, kind="mark"):
    row: int
    column: int

    def __str__(self) -> str:
        return f"mark row {self.row + 1}, column {self.column + 1}"


class NoughtsState(TicTacToeState):
    __slots__ = ()
    MOVES = tuple(Place(i // 3, i % 3) for i in range(9))


class ImpostorState(TicTacToeState):
    __slots__ = ()


NOUGHTS = spec("noughts", "Noughts", NoughtsState)
IMPOSTOR = spec("tic-tac-toe", "Tic-tac-toe again", ImpostorState)
