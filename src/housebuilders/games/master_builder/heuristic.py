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
from .content import SECTIONS, can_staff, needs, workers
from .phases import (
    BID,
    DRAFT,
    EVENT,
    EVENT_CHOICE,
    HIRE,
    LOAN,
    LOOK,
    OPEN,
    OPENING_BID,
    PLAN,
    RENT,
    RENT_ANSWER,
    REPAY,
)
from .state import MasterBuilderState, plan_key, unkey

HELD = 0.6  # a contract's worth before it is started, by the share its crew can build
BUILT = 0.4  # the rest of the amount, by the share of sections built
PLANNED = 1.0  # a planned section that stands, as a share of a built one
STARTED = 0.3  # a planned section of a building that does not stand yet but can be mended
STUCK = 3.0  # the cost of a planned section of a building that cannot be mended
DONE = 0.05  # a plan handed in: ahead of an equal plan still open, so a bot finishes
FIDDLE = 0.01  # each change to a plan, so a bot does not take a section off and back


BEFORE_PLAN = (DRAFT, HIRE, LOOK, OPEN, OPENING_BID, BID, EVENT, EVENT_CHOICE, RENT, RENT_ANSWER)


def wages_due(state: MasterBuilderState, player: int) -> float:
    """The wages still to pay at the present wage, this round's until they are paid."""
    if state.phase == LOAN:  # the seats before the one taking loans have paid
        unpaid = (player - state.first) % state.num_players >= state.event_step
    else:
        unpaid = state.phase != REPAY
    paydays = state.last_round - state.round + unpaid
    return state.wage[player] * paydays


def worth(state: MasterBuilderState, player: int) -> float:
    value = float(state.scores()[player]["total"])
    if state.is_terminal():
        return value
    planned: dict[int, float] = {}
    if state.phase == PLAN:
        planned = planned_shares(state, player)
        changes = sum(p == player for p, _ in state.history[state.plan_from :])
        value += DONE * state.submitted[player] - FIDDLE * changes
    if state.round == state.last_round and state.phase not in BEFORE_PLAN:
        return value + last_plan(state, player, planned)
    for c in state.contracts[player]:
        done = (sum(state.built[c]) + planned.get(c, 0.0)) / SECTIONS
        amount = state.content.contracts[c].amount
        value += amount * (HELD * feasible(state, player, c) + BUILT * done)
        value -= state.breakdown_of(c)
    value -= wages_due(state, player)
    return value


def last_plan(state: MasterBuilderState, player: int, planned: dict[int, float]) -> float:
    """In the last construction: what the plan adds to the final scoring, as if built."""
    gain = 0.0
    penalty = state.content.unfinished_penalty
    for c, share in planned.items():
        if share > 0:
            missing = SECTIONS - sum(state.built[c]) - share / PLANNED
            left = state.content.contracts[c].amount if missing <= 0 else max(
                0, state.content.contracts[c].amount - penalty * missing)
            gain += left - state.breakdown_of(c)
        else:
            gain += share
    return gain


def feasible(state: MasterBuilderState, player: int, contract: int) -> float:
    """The share of the sections (built ones counted) that ``player``'s crew could build
    one at a time, and 0 once no construction is left."""
    skills = sorted(workers(state.content)[w].skill for w in state.workers[player])
    count = 0
    for s, need in enumerate(needs(state.content)[contract]):
        if state.built[contract][s] or (
            len(skills) >= len(need) and can_staff(need, skills[: len(need)])
        ):
            count += 1
    return count / SECTIONS


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
