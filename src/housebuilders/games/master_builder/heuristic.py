"""Master Builder's evaluation for the greedy bot and search rollouts.

A seat's worth is the money it would end the game with: cash less the loans' repayment
and the wages still to pay, plus what its crew will earn. What the crew will earn comes
from a forecast of the construction phases left (``Outlook``): each round the crew (the
workers on hand this round, then the crew less the worker the events most likely take)
builds what it can of the contracts held, nearest completion first, by ``sketch.sketch``
(each section by its least skilled fitting workers, by the building rules); a contract
finished pays its amount, one left unfinished scores as final scoring counts it, a
section built later costs a little more, and running short of cash for wages costs the
loans' interest. Idle workers earn a share of the contracts still to come (the unseen
deck's and, if bought, the display's). In an auction the opener counts the contract
bought at its minimum and the high bidder at the high bid; during construction the
plan's sections that stand count as built. The evaluation is the worth against the best
other seat's, whose hidden plan is taken to be the one a sensible player would make
(``sketch_plan``), in thousands of dollars; at the end it is the final money alone."""

from __future__ import annotations

from typing import Any

from housebuilders.core import State
from housebuilders.core.content import per_content, remembered
from housebuilders.games.master_builder.actions import NONE, Staff, Unstaff
from housebuilders.games.master_builder.building import has_free, plan_key, unkey
from housebuilders.games.master_builder.content import SECTIONS, needs, workers
from housebuilders.games.master_builder.phases import (
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
    RENT_COUNTER,
    RENT_PRICE,
    REPAY,
    REPAY_BONUS,
    REPAY_GAIN,
)
from housebuilders.games.master_builder.sketch import sketch, skills_of
from housebuilders.games.master_builder.state import MasterBuilderState

# the phases before this round's construction (its plan still to make)
BEFORE_AUCTION = frozenset((DRAFT, HIRE, LOOK))
BEFORE_PLAN = BEFORE_AUCTION | {OPEN, OPENING_BID, BID, REPAY_BONUS, EVENT, EVENT_CHOICE,
                                REPAY_GAIN, RENT, RENT_PRICE, RENT_ANSWER,
                                RENT_COUNTER}  # fmt: skip
AUCTION = frozenset((OPEN, OPENING_BID, BID, REPAY_BONUS))
BEFORE_EVENTS = BEFORE_AUCTION | AUCTION
UNSEEN_SHARE = 0.7  # a section of a contract still to come, as a share of its margin
MARKUP = 1.5  # the price expected for a contract still to come, by its minimum bid
DELAY = 0.05  # a section built in round n costs n times this share of the amount: build
# now (by the round's number, not the rounds from now, so that a round's end shifts nothing)
UNFINISHED_PLAN = 0.1  # a contract's plan that does not stand yet, counted as mended
STUCK = 3.0  # the cost of a planned section of a building that cannot be mended
DONE = 0.05  # a plan handed in: ahead of an equal plan still open, so a bot finishes
TAKEN_OFF = 1.0  # each section taken off the plan: a search does not wander off and back
OPTION = 0.5  # a contract on display: this share of what it would add if bought
LOAN_COST = 0.4  # the cost of borrowing for wages, by the amount short (loans repay 130-150%)

#: the contracts still to come: the skills their sections need, hardest first, each with
#: a section's mean value; and by forecast round, the share of each skill's sections
#: released to the seat by then
Pool = tuple[list[tuple[int, float]], list[list[float]]]
#: ``unseen_work``'s answer: the pool, the contracts on display that can be bought, and
#: the forecast round they can be built from
Work = tuple[Pool, list[int], int]


def unpaid(state: MasterBuilderState, player: int) -> bool:
    """Whether ``player``'s wages of this round are still to pay."""
    if state.phase == LOAN:  # the seats before the one taking loans have paid
        return (player - state.first) % state.num_players >= state.event_step
    return state.phase != REPAY


def wages_due(state: MasterBuilderState, player: int) -> float:
    """The wages still to pay at the present wage, this round's until they are paid."""
    return state.wage[player] * (state.last_round - state.round + unpaid(state, player))


def worth(
    state: MasterBuilderState, player: int, blind: bool = False, work: Work | None = None
) -> float:
    """``player``'s worth; ``blind``: as another seat judges it while the plans are
    hidden, with the plan a sensible player would make (``sketch_plan``) in place of the
    real one, so that it is the same whatever a determinization deals as that plan.
    ``work``: the position's ``seat_work``, if known (the same for every seat)."""
    if state.is_terminal():
        return float(sum(state.breakdown(player).values()))
    content = state.content
    cash = float(state.cash[player])
    held = {c: list(state.built[c]) for c in state.contracts[player]}
    if state.phase == OPENING_BID and state.turn == player:  # named: at least its minimum
        held[state.auction] = list(state.built[state.auction])
        cash += state.bonus[state.auction] - content.contracts[state.auction].min_bid
    elif state.phase == BID and state.bidder == player:
        held[state.auction] = list(state.built[state.auction])
        cash += state.bonus[state.auction] - state.high
    value = cash - state.debt(player) - wages_due(state, player)
    if state.phase == PLAN:
        if blind:
            for staff in state.sketch_plan(player):
                held[staff.contract][staff.section] = 1
        else:
            value += plan_value(state, player, held)
    outlook = Outlook(state, player, cash, work)
    base = outlook.earnings(held)
    for c in outlook.offered:  # what each contract on display would add if bought
        price = MARKUP * content.contracts[c].min_bid - state.bonus[c]
        more = outlook.earnings({**held, c: list(state.built[c])}, c, price)
        value += OPTION * max(0.0, more - base)
    return value + base


def likely_crew(state: MasterBuilderState, player: int) -> list[int]:
    """The skills at work in a round to come: the crew less, when it has more than one
    worker, the one most quirks expose to the events (most rounds' event takes some
    workers off the site). Remembered by the workers: not to be changed."""
    hired = tuple(state.workers[player])

    def make() -> list[int]:
        cards = workers(state.content)
        crew = sorted(hired, key=lambda w: (len(cards[w].quirks), -cards[w].skill))
        if len(crew) > 1:
            crew.pop()
        return sorted(cards[w].skill for w in crew)

    return remembered(_crews(state.content), hired, CREWS_KEPT, make)


CREWS_KEPT = 5_000  # likely crews remembered per content (a game makes a few dozen)


@per_content
def _crews(content: Any) -> dict[tuple[int, ...], list[int]]:
    return {}


def plan_value(state: MasterBuilderState, player: int, held: dict[int, list[int]]) -> float:
    """The plan's sections that stand count as built (in ``held``); those of a contract
    whose part does not stand yet count so too, with the section that would mend it, less
    a little; those that cannot be mended cost."""
    value = DONE * state.submitted[player]
    value -= TAKEN_OFF * sum(p == player and isinstance(a, Unstaff)
                             for p, a in state.history[state.plan_from :])  # fmt: skip
    planned: dict[int, list[int]] = {}
    for c, s, _ in map(unkey, state.plans[player]):
        planned.setdefault(c, []).append(s)
    if not planned:
        return value
    staffs: list[Staff] | None = None  # the sections that could be staffed, if asked
    plan, mended = state.plans[player], 0
    try:
        for c, sections in planned.items():
            if state.contract_fault(player, c) is not None:
                if staffs is None:
                    staffs = [a for a in state.legal_actions(player) if isinstance(a, Staff)]
                free = state.free_skills(player)
                mend = next((a for a in staffs if a.contract == c and has_free(free, a.crew)
                             and mends(state, player, a)), None)  # fmt: skip
                if mend is None:
                    value -= STUCK * len(sections)
                    continue
                plan.append(plan_key(c, mend.section, mend.crew))  # its workers are taken
                mended += 1
                value -= UNFINISHED_PLAN
                sections.append(mend.section)
            for s in sections:
                held[c][s] = 1
    finally:
        del plan[len(plan) - mended :]
    return value


def mends(state: MasterBuilderState, player: int, action: Staff) -> bool:
    """Whether staffing ``action``'s section makes its contract's part of the plan stand."""
    plan = state.plans[player]
    plan.append(plan_key(action.contract, action.section, action.crew))
    try:
        return state.contract_fault(player, action.contract) is None
    finally:
        plan.pop()


class Outlook:
    """A seat's construction phases left: the skills at work in each (``crews``, the first
    this round's when ``this_round``, the plan still to make), the contracts still to come
    (``pool`` and ``offered``, unseen_work), and the cash and wages that pay for it."""

    def __init__(
        self, state: MasterBuilderState, player: int, cash: float, work: Work | None = None
    ) -> None:
        self.state = state
        self.this_round = this_round = state.phase in BEFORE_PLAN
        likely = likely_crew(state, player)
        crews: list[list[int]] = []
        if this_round:  # the events still to come this round, or already carried out
            crews.append(likely if state.phase in BEFORE_EVENTS else skills_of(
                state.available(player)))  # fmt: skip
        self.crews = crews + [likely] * (state.last_round - state.round)
        self.pool, self.offered, self.display_at = work or unseen_work(
            state, len(self.crews), self.this_round)
        self.cash, self.wage = cash, state.wage[player]
        # this round's wages, to pay before the first forecast round's
        self.due_now = 0 if self.this_round else self.wage * unpaid(state, player)
        # what the forecast depends on but the contracts held: the pool by identity (a
        # remembered forecast holds its pool, so no other object takes that id)
        self.key = (id(self.pool), *map(tuple, crews), tuple(likely), len(self.crews),
                    state.round, state.no_roofs, self.display_at, cash, self.wage,
                    self.due_now)  # fmt: skip

    def earnings(self, held: dict[int, list[int]], later: int = NONE, price: float = 0) -> float:
        """What the crews earn on ``held`` (contracts and their sections built) and the
        contracts still to come, less what borrowing for the wages would cost; ``later``
        a contract on display bought at ``price`` at the next auction. Remembered: the
        seats' forecasts of a search's positions are mostly ones made before (nine in
        ten: a move changes one seat's holdings)."""
        key = (*self.key, later, price, *held, *map(tuple, held.values()))
        return remembered(_earned(self.state.content), key, EARNED_KEPT,
                          lambda: (self.pool, self._earnings(held, later, price)))[1]  # fmt: skip

    def _earnings(self, held: dict[int, list[int]], later: int, price: float) -> float:
        state = self.state
        content = state.content
        held = {c: list(built) for c, built in held.items()}
        kinds, release = self.pool
        left = [0.0] * len(kinds)  # the sections still to come, released and not taken
        earned = -price
        cash = self.cash - self.due_now - price
        borrowing = LOAN_COST * max(0.0, -cash)
        cash = max(cash, 0.0)
        for r, crew in enumerate(self.crews):
            for i, share in enumerate(release[r]):
                left[i] += share
            free = list(crew)  # skills, best first
            wait = DELAY * (state.round + r + (not self.this_round))  # by the round's number
            income = 0
            for c in sorted(held, key=lambda c: (sum(held[c]), content.contracts[c].amount),
                            reverse=True):  # fmt: skip
                if c == later and r < self.display_at:
                    continue
                built = held[c]
                new = sketch(self.state, c, built, free)
                for s, _ in new:
                    built[s] = 1
                earned -= wait * len(new) * content.contracts[c].amount / SECTIONS
                if all(built):
                    income += content.contracts[c].amount
                    del held[c]
            earned += income + take_pool(kinds, left, free)
            cash += income - self.wage
            if cash < 0:
                borrowing += LOAN_COST * -cash
                cash = 0.0
        for c, built in held.items():
            missing = SECTIONS - sum(built)
            earned += max(0, content.contracts[c].amount - content.unfinished_penalty * missing)
        return earned - borrowing


EARNED_KEPT = 50_000  # forecasts remembered per content (a search's move makes about 300)


@per_content
def _earned(content: Any) -> dict[tuple[Any, ...], tuple[Pool, float]]:
    return {}


WORK_KEPT = 5_000  # unseen_work's answers remembered per content (a game asks for about 300)


@per_content
def _work_memory(content: Any) -> dict[tuple[Any, ...], tuple[Pool, list[int], int]]:
    return {}


def unseen_work(state: MasterBuilderState, rounds: int, this_round: bool) -> tuple[
    Pool, list[int], int
]:  # fmt: skip
    """``find_unseen_work``, remembered: every seat's forecast of a position asks it, and
    so do the positions a search reaches again. Its answer is not to be changed."""
    taken = sorted(c for cs in state.contracts for c in cs)
    key = (state.num_players, state.phase, state.round, rounds, this_round, state.auction,
           state.bidder == NONE, len(state.contract_deck), *state.display, -1, *state.town,
           -1, *state.gone, -1, *taken)  # fmt: skip
    return remembered(_work_memory(state.content), key, WORK_KEPT,
                      lambda: find_unseen_work(state, rounds, this_round))  # fmt: skip


def find_unseen_work(state: MasterBuilderState, rounds: int, this_round: bool) -> tuple[
    Pool, list[int], int
]:  # fmt: skip
    """The contracts still to come: the one-worker sections of the deck's, which are the
    unseen contracts in proportion, by the forecast round they can first be built in (0:
    this round's construction if ``this_round``, else the next round's), by skill needed
    (hardest first): the skill and a section's mean value, and this seat's share of
    them, spread over the auctions left (round 1 reveals its players + 1 at once); the
    contracts on display that can be bought; and the forecast round they can be built
    from."""
    content = state.content
    pool: Pool = ([], [[] for _ in range(rounds)])
    auction_open = state.phase in BEFORE_AUCTION or state.phase in AUCTION
    display_at = 0 if not this_round or auction_open else 1
    deck_at = 0 if not this_round or state.phase in BEFORE_AUCTION else 1
    offered = [c for c in state.display if c != state.auction or state.bidder == NONE]
    if display_at >= rounds:
        offered = []
    deck = len(state.contract_deck)
    taken = {c for cs in state.contracts for c in cs} | set(state.town) | set(state.gone)
    unseen = [c for c in range(len(content.contracts))
              if c not in taken and c not in state.display]  # fmt: skip
    auctions = range(deck_at, rounds)
    if not (deck and unseen and auctions):
        return pool, offered, display_at
    per = deck / len(unseen) / state.num_players
    if state.round == 1 and state.phase in BEFORE_AUCTION:
        opening = min(state.num_players + content.extra_contracts_round_1, deck) / deck
    else:
        opening = 1.0 / len(auctions)
    rest = (1 - opening) / (len(auctions) - 1) if len(auctions) > 1 else 0.0
    need = needs(content)
    by_skill = [[0.0, 0.0] for _ in content.skills]  # value and share of each skill's sections
    for c in unseen:
        contract = content.contracts[c]
        margin = UNSEEN_SHARE * max(0.0, contract.amount - MARKUP * contract.min_bid) / SECTIONS
        for section in need[c]:
            if len(section) == 1:
                by_skill[section[0]][0] += margin
                by_skill[section[0]][1] += 1
    kinds, release = pool
    kinds += [(skill, value / n) for skill, (value, n) in enumerate(by_skill) if n]
    shares = [n * per for _, n in by_skill if n]
    for a in auctions:
        part = opening if a == auctions[0] else rest
        release[a] = [share * part for share in shares]
    return pool, offered, display_at


def take_pool(kinds: list[tuple[int, float]], left: list[float], free: list[int]) -> float:
    """The idle ``free`` workers' work on the contracts still to come: each worker,
    least skilled first, takes a section's worth of what is ``left`` (released and not
    yet taken, by the skill of ``kinds``), the hardest it can do first."""
    gained = 0.0
    for w in sorted(free, reverse=True):
        wanted = 1.0
        for i, (skill, margin) in enumerate(kinds):
            have = left[i]
            if have <= 0 or w > skill:
                continue
            used = min(wanted, have)
            left[i] = have - used
            wanted -= used
            gained += used * margin
            if wanted <= 0:
                break
    return gained


def _rounds(state: MasterBuilderState) -> int:
    """The forecast's rounds (``Outlook.crews``): this round's if its plan is still to
    make, and those left."""
    return (state.phase in BEFORE_PLAN) + max(0, state.last_round - state.round)


def seat_work(state: MasterBuilderState) -> Work:
    """What every seat's ``Outlook`` asks ``unseen_work``, asked once."""
    return unseen_work(state, _rounds(state), state.phase in BEFORE_PLAN)


def evaluate_all(state: State) -> list[float]:
    assert isinstance(state, MasterBuilderState)
    seats = range(state.num_players)
    work = None if state.is_terminal() else seat_work(state)
    values = [worth(state, p, work=work) for p in seats]
    seen = (
        [worth(state, p, blind=True, work=work) for p in seats] if state.phase == PLAN else values
    )
    return [values[p] - max(seen[q] for q in seats if q != p) for p in seats]


def evaluate(state: State, player: int) -> float:
    return evaluate_all(state)[player]
