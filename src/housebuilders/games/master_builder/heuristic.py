"""Master Builder's evaluation for the greedy bot and search rollouts.

A seat's worth is its money if the game ended now (cash, the unfinished buildings as
final scoring counts them, less the loans' repayment) plus the progress of its contracts
toward their amounts (each built section brings a share of the amount nearer); the
evaluation is that worth against the best other seat's, in thousands of dollars."""

from __future__ import annotations

from housebuilders.core import State

from .content import SECTIONS
from .state import MasterBuilderState

PROGRESS = 0.5  # the share of a section's part of the amount counted before it is built


def worth(state: MasterBuilderState, player: int) -> float:
    value = float(state.scores()[player]["total"])
    if state.is_terminal():
        return value
    for c in state.contracts[player]:
        built = sum(state.built[c])
        value += PROGRESS * state.content.contracts[c].amount * built / SECTIONS
    return value


def evaluate(state: State, player: int) -> float:
    assert isinstance(state, MasterBuilderState)
    values = [worth(state, p) for p in range(state.num_players)]
    return values[player] - max(v for p, v in enumerate(values) if p != player)
