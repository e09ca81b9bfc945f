"""Master Builder's evaluation for the greedy bot and search rollouts.

A seat's worth is its money if the game ended now (cash, the unfinished buildings as final
scoring counts them, less the loans' repayment) plus what its position promises: each
contract's amount by the share of it built (and planned, in Phase 4), a contract in hand
worth a part of its amount while rounds remain, the workers' use for building, less the
wages still to pay. The evaluation is that worth against the best other seat's, in
thousands of dollars; at the end it is the final money alone."""

from __future__ import annotations

from housebuilders.core import State

from .actions import Staff
from .content import SECTIONS
from .phases import LOAN, PLAN, REPAY
from .state import MasterBuilderState, plan_key, unkey

HELD = 0.25  # a contract's worth before it is started, while rounds remain
BUILT = 0.75  # the rest of the amount, by the share of sections built
PLANNED = 0.8  # a planned section, as a share of a built one
WORKERS = 0.8  # the share of their wages workers earn back while there is work
STARTED = 0.3  # a planned section of a building that does not stand yet but can be mended
STUCK = 3.0  # the cost of a planned section of a building that cannot be mended


def wages_due(state: MasterBuilderState, player: int) -> float:
    """The wages still to pay at the present wage, this round's until they are paid; the
    part of them the workers earn back while there is building to do (WORKERS)."""
    paydays = state.last_round - state.round + (state.phase not in (LOAN, REPAY))
    work = any(not all(state.built[c]) for c in state.contracts[player])
    return state.wage[player] * paydays * (1 - WORKERS * work)


def worth(state: MasterBuilderState, player: int) -> float:
    value = float(state.scores()[player]["total"])
    if state.is_terminal():
        return value
    planned = planned_shares(state, player) if state.phase == PLAN else {}
    for c in state.contracts[player]:
        done = (sum(state.built[c]) + planned.get(c, 0.0)) / SECTIONS
        amount = state.content.contracts[c].amount
        value += amount * (HELD + BUILT * done) - state.breakdown_of(c)
    value -= wages_due(state, player)
    return value


def planned_shares(state: MasterBuilderState, player: int) -> dict[int, float]:
    """By contract, its planned sections counted as built ones (a share of PLANNED):
    whole if that part of the plan stands; STARTED if it can still be mended (a section
    of that contract can be staffed); a cost if it cannot, so that it is taken off."""
    counts: dict[int, int] = {}
    for c, _, _ in map(unkey, state.plans[player]):
        counts[c] = counts.get(c, 0) + 1
    if not counts:
        return {}
    staffs = [a for a in state.legal_actions(player) if isinstance(a, Staff)]
    shares: dict[int, float] = {}
    for c, n in counts.items():
        if state.contract_fault(player, c) is None:
            shares[c] = PLANNED * n
        elif any(mends(state, player, a) for a in staffs if a.contract == c):
            shares[c] = STARTED * n
        else:
            amount = state.content.contracts[c].amount
            shares[c] = -STUCK * n * SECTIONS / max(amount, 1)
    return shares


def mends(state: MasterBuilderState, player: int, action: Staff) -> bool:
    """Whether staffing ``action``'s section makes its contract's part of the plan stand."""
    plan = state.plans[player]
    plan.append(plan_key(action.contract, action.section, (action.first, action.second)))
    try:
        return state.contract_fault(player, action.contract) is None
    finally:
        plan.pop()


def evaluate(state: State, player: int) -> float:
    assert isinstance(state, MasterBuilderState)
    values = [worth(state, p) for p in range(state.num_players)]
    return values[player] - max(v for p, v in enumerate(values) if p != player)
