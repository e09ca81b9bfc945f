"""Master Builder's actions in the words of its content, and why it refuses one, in the
rulebook's words where a rule deserves them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from housebuilders.core import Action
from housebuilders.core.content import per_content
from housebuilders.games.master_builder.actions import (
    NONE,
    AcceptRent,
    Bid,
    ChooseWorker,
    DeclineChoice,
    DeclineRent,
    EventDismiss,
    EventUnavailable,
    FireWorker,
    HireWorker,
    LookIntoDeck,
    OfferRent,
    PlayEvent,
    PutUp,
    RentOut,
    RentPrice,
    RepayIou,
    Staff,
    SubmitPlan,
    TakeLoan,
    Unstaff,
    a_worker,
    money,
    section_name,
)
from housebuilders.games.master_builder.content import (
    MAX_WORKERS,
    MasterBuilderContent,
    can_staff,
    needs,
    workers,
)
from housebuilders.games.master_builder.phases import (
    BID,
    DRAFT,
    HIRE,
    LOAN,
    LOOK,
    OPEN,
    OPENING_BID,
    PLAN,
    RENT,
    RENT_ANSWER,
    RENT_COUNTER,
    SECTIONS,
)

if TYPE_CHECKING:
    from housebuilders.games.master_builder.base import MasterBuilderBase
    from housebuilders.games.master_builder.state import MasterBuilderState

HIRING = "Hiring a Worker"
BIDDING = "Bidding on a Contract"
CODES = "Building Section Codes"
BUILDING = "Building Rules"


def skill_names(content: MasterBuilderContent) -> tuple[str, ...]:
    """The worker types' names in the content, best first."""
    return tuple(skill.name for skill in content.skills)


def worker_name(s: MasterBuilderBase, worker: int) -> str:
    """ "the foreman (W, N; wage $4,000)"."""
    return worker_names(s.content)[worker]


@per_content
def worker_names(content: MasterBuilderContent) -> tuple[str, ...]:
    """Each worker card's worker_name, by id."""
    names = skill_names(content)
    return tuple(f"the {names[card.skill]} ({', '.join(card.quirks)}; wage {money(card.wage)})"
                 for card in workers(content))  # fmt: skip


def describe(s: MasterBuilderState, action: Action) -> str:
    """``action`` naming the content's workers, skills, loans and contracts."""
    cards = workers(s.content)
    if isinstance(action, FireWorker | ChooseWorker | EventDismiss | EventUnavailable) and (
        action.worker < len(cards)
    ):
        verb = {FireWorker: "fire", ChooseWorker: "choose", EventDismiss: "dismiss",
                EventUnavailable: "turn face down"}[type(action)]  # fmt: skip
        return f"{verb} {worker_name(s, action.worker)}"
    if isinstance(action, HireWorker) and s.decks[action.skill]:
        return f"hire {worker_name(s, s.decks[action.skill][0])}"
    if isinstance(action, PutUp) and action.contract < len(s.content.contracts):
        c = s.content.contracts[action.contract]
        return (f"name contract {c.number}, {c.name} (amount {money(c.amount)}, minimum bid "
                f"{money(c.min_bid)}), for bidding")  # fmt: skip
    if isinstance(action, DeclineChoice) and s.looking != NONE:
        return f"take no worker from the {skill_names(s.content)[s.looking]} deck"
    if isinstance(action, PlayEvent) and action.event < len(s.content.events):
        return action.words(tuple(e.name for e in s.content.events))
    if isinstance(action, Staff | Unstaff) and action.contract < len(s.content.contracts):
        name = s.content.contracts[action.contract].name
        if isinstance(action, Unstaff):
            return action.words(name)
        return action.words(skill_names(s.content), name)
    if isinstance(action, AcceptRent | DeclineRent | RentPrice) and s.offer:
        return _rent_answer(s, action)
    if isinstance(action, HireWorker | LookIntoDeck | OfferRent | RentOut | Staff):
        return action.words(skill_names(s.content))
    if isinstance(action, TakeLoan | RepayIou):
        return action.words(tuple(loan.name for loan in s.content.loans))
    return str(action)


def _rent_answer(s: MasterBuilderState, action: AcceptRent | DeclineRent | RentPrice) -> str:
    """An answer to the rent offer on the table, naming its worker and price: "accept:
    rent player 0's foreman for $3,000", "propose a rent of $2,000 instead"."""
    owner, skill, renter, price = s.offer
    worker = skill_names(s.content)[skill]
    if isinstance(action, RentPrice):
        return str(action) + " instead" * (s.phase == RENT_ANSWER)
    if s.phase == RENT_COUNTER:  # the owner, on the other seat's counter-offer
        if isinstance(action, AcceptRent):
            return f"accept {money(price)}: rent your {worker} to player {renter}"
        return f"decline {money(price)}: no rental"
    if isinstance(action, AcceptRent):
        return f"accept: rent player {owner}'s {worker} for {money(price)}"
    return str(action)


def illegal(s: MasterBuilderState, player: int, action: Action) -> tuple[str, str] | None:
    """The rulebook's words for a hire past the wage cap, a contract named that one cannot
    bid on, a bid below the minimum, not higher or above one's cash, a repayment one cannot
    pay, a section without the skill, a roof before four walls, a worker on two sections, a
    plan that does not stand."""
    if isinstance(action, HireWorker) and s.phase in (DRAFT, HIRE):
        return _hire(s, player, action)
    if isinstance(action, PutUp) and s.phase == OPEN:
        return _put_up(s, player, action)
    if isinstance(action, RepayIou) and s.phase != LOAN:
        return _repay(s, player, action)
    if isinstance(action, Bid) and s.phase in (OPENING_BID, BID):
        return _bid(s, player, action)
    if isinstance(action, Staff) and s.phase == PLAN:
        return _staff(s, player, action)
    if isinstance(action, DeclineChoice) and s.phase == LOOK and s.option("must-hire-after-look"):
        return (
            "a player who paid to look into a worker deck chooses a worker from it "
            "(the option must-hire-after-look)",
            SECTIONS[LOOK],
        )
    if (
        isinstance(action, RentOut)
        and s.phase == RENT
        and player == s.turn
        and (s.offered.count(action.player) >= s.rent_offers())
    ):
        return (f"you made player {action.player} {s.rent_offers()} offers this turn that came "
                "to nothing: the negotiation with that player is over until your next turn "
                "(options.rent_offers)", SECTIONS[RENT])  # fmt: skip
    if isinstance(action, SubmitPlan) and s.phase == PLAN:
        fault = s.plan_fault(player)
        if fault:
            return FAULTS[fault], BUILDING
    return None


def _hire(s: MasterBuilderState, player: int, action: HireWorker) -> tuple[str, str] | None:
    deck = s.decks[action.skill]
    if not deck:
        return f"the {skill_names(s.content)[action.skill]} deck is empty", HIRING
    if deck[0] in s.fired[player]:
        return (f"you fired {worker_name(s, deck[0])} in this phase: a worker fired is not "
                "hired again by the same player in the same phase, so that hiring and "
                "firing come to an end", HIRING)  # fmt: skip
    total = s.wage[player] + workers(s.content)[deck[0]].wage
    cap = s.content.wage_cap
    if total > cap:
        return (f"The wage track ends at {cap}: a player may only hire a new worker if the new "
                f"total of wages does not exceed this upper limit (hiring "
                f"{worker_name(s, deck[0])} would bring yours from {s.wage[player]} to "
                f"{total})", HIRING)  # fmt: skip
    return None


def _put_up(s: MasterBuilderState, player: int, action: PutUp) -> tuple[str, str] | None:
    c = action.contract
    if c not in s.display:
        return f"contract {c + 1} is not on offer", SECTIONS[OPEN]
    low = s.content.contracts[c].min_bid
    if s.cash[player] < low:
        return (f"A player MUST be able to pay the amount they bid, and may NOT take a loan "
                f"to cover it: the minimum bid on contract {c + 1} is {money(low)} and you "
                f"have {money(s.cash[player])}", BIDDING)  # fmt: skip
    return None


def _repay(s: MasterBuilderState, player: int, action: RepayIou) -> tuple[str, str] | None:
    name = s.content.loans[action.loan].name
    if not s.ious[player][action.loan]:
        return f"you hold no {name} IOU to repay", SECTIONS[LOAN]
    cost, cash = s.repayment(action.loan), s.cash[player]
    if s.phase == OPENING_BID:
        low = s.content.contracts[s.auction].min_bid
        if cash - cost < low:
            return (
                f"repaying a {name} loan ({money(cost)}) would leave you {money(cash - cost)}"
                f", less than your opening bid's minimum of {money(low)}",
                BIDDING,
            )
    elif cash < cost:
        return (f"repaying a {name} loan costs {money(cost)} and you have {money(cash)}",
                SECTIONS[LOAN])  # fmt: skip
    return None


def _bid(s: MasterBuilderState, player: int, action: Bid) -> tuple[str, str] | None:
    if s.phase == OPENING_BID:
        low = s.content.contracts[s.auction].min_bid
        if action.amount < low:
            return (f"The initial bid must ALWAYS be at least equal to the minimum bid shown "
                    f"on the contract: {money(low)} for contract {s.auction + 1}, not "
                    f"{money(action.amount)}", BIDDING)  # fmt: skip
    elif action.amount <= s.high:
        return (f"If another player is interested in the contract, they must bid a higher "
                f"amount than {money(s.high)}", BIDDING)  # fmt: skip
    if action.amount > s.cash[player]:
        return (f"A player MUST be able to pay the amount they bid, and may NOT take a loan "
                f"to cover it: you have {money(s.cash[player])}, not "
                f"{money(action.amount)}", BIDDING)  # fmt: skip
    return None


def _staff(s: MasterBuilderState, player: int, action: Staff) -> tuple[str, str] | None:
    c, sec = action.contract, action.section
    if c >= len(s.content.contracts) or c not in s.contracts[player]:
        return f"you do not own contract {c + 1}", CODES
    where = section_name(c, sec)
    if s.built[c][sec]:
        return f"{where} is already built", BUILDING
    crew = (action.first,) if action.second == NONE else (action.first, action.second)
    need = needs(s.content)[c][sec]
    if not can_staff(need, crew):
        wanted = " and ".join(a_worker(n, skill_names(s.content)) for n in need)
        return (f"The colour is the MINIMUM skill of the worker required: {where} needs "
                f"{wanted} (or better), one worker for each colour", CODES)  # fmt: skip
    rule = s.section_rule(player, c, sec)
    if rule:
        return FAULTS[rule], BUILDING
    free = s.free_skills(player)
    for skill in set(crew):
        if free[skill] < crew.count(skill):
            name = skill_names(s.content)[skill]
            placed = s.available(player)[skill] - free[skill]
            if placed:
                return (
                    f"A worker card is placed on one section only: your available "
                    f"{name}s are all on other sections already",
                    CODES,
                )
            return f"you have no available {name} for this construction", CODES
    return None


FAULTS = {
    "roof": "The roof can only be built when all 4 walls have been built",
    "no-roofs": "No roof sections may be built this round (event)",
    "town-wall": "You build the first town wall completely, then build the other",
    "stable": "A building must be stable, that is, it must begin with at least two sections: "
    "a side wall and a gable",
    "town-stable": "A town wall begins with one wall section and one side built together",
}
assert MAX_WORKERS
