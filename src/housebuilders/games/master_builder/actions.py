"""Master Builder's actions and its fixed action space.

Ids: a skill is 0 master craftsman to 3 apprentice (best first); a worker is its card id
(content.workers: the decks in skill order); a contract is its number minus 1; a section its
index in the contract's data (a building: gable, gable, side wall, side wall, roof, roof; a
town wall: wall section, side, side, then the second wall's); an event its index in
content.events; a loan 0 (Small) or 1 (Large); money counts thousands of dollars.

How the space stays small (5,802 actions, 2,000 of them bids and 2,001 rents):
- bids are absolute amounts in $1,000 steps up to MAX_BID (all the money a seat can ever
  hold, content.most_cash); a contract is put up for bidding first, then its opener bids
  (two steps), so no contract x amount product;
- a construction plan is built one section at a time, each section staffed whole by skill
  (the card does not matter in Phase 4: only the skill does, MB-86): contract x section x the
  14 crews of one or two skills, best first; the plan is revealed when submitted by all;
- renting offers a skill, not a card, to a player (rent-out), then a price, proposed by
  either side (rent-price, up to MAX_BID: a seat's cash bounds it); with the option
  rent-offers-only, at a price up to MAX_RENT in one action (offer-rent).

Actions added after the first 3,784 go at the end, so that the indices before them stay:
the decline of a look (decline-choice), rent-out and rent-price."""

from __future__ import annotations

from housebuilders.core import Action
from housebuilders.games.master_builder.content import (
    LOANS,
    MAX_BID,
    MAX_CONTRACTS,
    MAX_EVENTS,
    MAX_PLAYERS,
    MAX_RENT,
    MAX_WORKERS,
    SECTIONS,
    SKILLS,
    TOWN_WALLS,
)

NONE = -1  # no second worker on a one-worker section
SKILL_NAMES = ("master craftsman", "foreman", "merchant", "apprentice")
LOAN_NAMES = ("Small", "Large")
SECTION_NAMES = {
    "building": ("gable 1", "gable 2", "side wall 1", "side wall 2", "roof section 1",
                 "roof section 2"),
    "town-wall": ("the wall section of town wall 1", "side 1 of town wall 1",
                  "side 2 of town wall 1", "the wall section of town wall 2",
                  "side 1 of town wall 2", "side 2 of town wall 2"),
}  # fmt: skip


def money(thousands: int) -> str:
    """An amount in the rulebook's words: 7 -> "$7,000"."""
    return f"${thousands * 1000:,}"


def a_worker(skill: int, names: tuple[str, ...] = SKILL_NAMES) -> str:
    """"a foreman", "an apprentice" (``names``: the skills' names in the content)."""
    name = names[skill]
    return ("an " if name[0] in "aeiou" else "a ") + name


def section_name(contract: int, section: int, name: str = "") -> str:
    """A section in words: "gable 2 of contract 8", "side 1 of town wall 2 of contract 1";
    with the contract's ``name``: "gable 2 of contract 8, Inn"."""
    kind = "town-wall" if contract + 1 in TOWN_WALLS else "building"
    return f"{SECTION_NAMES[kind][section]} of contract {contract + 1}" + f", {name}" * bool(name)


# -- Phase 1: hire and/or fire workers (MB-25 to MB-39, MB-115) ------------------------


class HireWorker(Action, kind="hire-worker"):
    skill: int  # the deck whose face-up card is taken

    def __str__(self) -> str:
        return self.words(SKILL_NAMES)

    def words(self, skills: tuple[str, ...]) -> str:
        return f"hire the face-up {skills[self.skill]}"


class LookIntoDeck(Action, kind="look-into-deck"):
    skill: int

    def __str__(self) -> str:
        return self.words(SKILL_NAMES)

    def words(self, skills: tuple[str, ...]) -> str:
        return f"pay $1,000 to look into the {skills[self.skill]} deck"


class ChooseWorker(Action, kind="choose-worker"):
    worker: int  # a card of the deck looked into

    def __str__(self) -> str:
        return f"choose worker card {self.worker + 1} from the deck"


class DeclineChoice(Action, kind="decline-choice"):
    """After a look (choosing workers): hire nobody from that deck; the look stays paid and
    the seat chooses again what to do with its turn (Q26)."""

    def __str__(self) -> str:
        return "take no worker from this deck"


class FireWorker(Action, kind="fire-worker"):
    worker: int

    def __str__(self) -> str:
        return f"fire worker card {self.worker + 1}"


class PassHiring(Action, kind="pass-hiring"):
    def __str__(self) -> str:
        return "pass: neither hire nor fire a worker"


# -- Phase 2: acquire contracts (MB-40 to MB-66) --------------------------------------


class PutUp(Action, kind="put-up-contract"):
    contract: int

    def __str__(self) -> str:
        return f"name contract {self.contract + 1} for bidding"


class Bid(Action, kind="bid"):
    amount: int  # the whole bid, in thousands

    def __str__(self) -> str:
        return f"bid {money(self.amount)}"


class PassOpening(Action, kind="pass-opening"):
    def __str__(self) -> str:
        return "pass: name no contract for bidding"


class PassBid(Action, kind="pass-bid"):
    def __str__(self) -> str:
        return "pass on this contract"


# -- Phase 3: events (MB-67 to MB-74, MB-116) -----------------------------------------


class PlayEvent(Action, kind="play-event"):
    event: int  # a card of the first player's hand (selective events)

    def __str__(self) -> str:
        return f"play event card {self.event + 1} for this round"

    def words(self, events: tuple[str, ...]) -> str:
        """With the content's event names: "play Foremen's council for this round"."""
        return f"play {events[self.event]} for this round"


class EventDismiss(Action, kind="event-dismiss"):
    worker: int

    def __str__(self) -> str:
        return f"dismiss worker card {self.worker + 1}"


class EventUnavailable(Action, kind="event-unavailable"):
    worker: int

    def __str__(self) -> str:
        return f"turn worker card {self.worker + 1} face down: unavailable for this construction"


# -- Phase 4: construction (MB-75 to MB-94, MB-118) -----------------------------------


class OfferRent(Action, kind="offer-rent"):
    skill: int  # one of the owner's face-up workers of that skill
    player: int  # the seat offered it
    price: int  # in thousands, paid by the renter

    def __str__(self) -> str:
        return self.words(SKILL_NAMES)

    def words(self, skills: tuple[str, ...]) -> str:
        return (f"offer to rent {a_worker(self.skill, skills)} to player {self.player} "
                f"for {money(self.price)}")  # the seat as the board numbers it, from 0


class RentOut(Action, kind="rent-out"):
    """Renting, negotiated (MB-118, Q29): a free worker of ``skill`` offered to a seat; the
    price is proposed next (``RentPrice``)."""

    skill: int
    player: int  # the seat offered it, numbered as the board numbers it (from 0)

    def __str__(self) -> str:
        return self.words(SKILL_NAMES)

    def words(self, skills: tuple[str, ...]) -> str:
        return f"offer to rent {a_worker(self.skill, skills)} to player {self.player}"


class RentPrice(Action, kind="rent-price"):
    """A rent proposed: the owner's price for the worker offered, or the other seat's
    counter-offer (MB-118, Q29)."""

    price: int  # in thousands, paid by the renter

    def __str__(self) -> str:
        return f"propose a rent of {money(self.price)}"


class AcceptRent(Action, kind="accept-rent"):
    def __str__(self) -> str:
        return "accept the rent proposed"


class DeclineRent(Action, kind="decline-rent"):
    def __str__(self) -> str:
        return "decline: no rental"


class EndRenting(Action, kind="end-renting"):
    def __str__(self) -> str:
        return "rent out no more workers"


class Staff(Action, kind="staff-section"):
    contract: int
    section: int
    first: int  # the skills of the crew, best first
    second: int  # NONE for a one-worker section

    @property
    def crew(self) -> tuple[int, int]:
        return self.first, self.second

    def __str__(self) -> str:
        return self.words(SKILL_NAMES)

    def words(self, skills: tuple[str, ...], name: str = "") -> str:
        """With the content's skill names (and the contract's ``name``, if given)."""
        crew = a_worker(self.first, skills)
        if self.second != NONE:
            crew += f" and {a_worker(self.second, skills)}"
        where = section_name(self.contract, self.section, name) + "," * bool(name)
        return f"plan to build {where} with {crew}"


class Unstaff(Action, kind="unstaff-section"):
    contract: int
    section: int

    def __str__(self) -> str:
        return self.words()

    def words(self, name: str = "") -> str:
        return f"take the workers off {section_name(self.contract, self.section, name)}"


class SubmitPlan(Action, kind="submit-plan"):
    def __str__(self) -> str:
        return "finish your construction plan"


# -- Phase 5 and at any time: loans (MB-100 to MB-107) --------------------------------


class TakeLoan(Action, kind="take-loan"):
    loan: int

    def __str__(self) -> str:
        return self.words(LOAN_NAMES)

    def words(self, loans: tuple[str, ...]) -> str:
        return f"take a {loans[self.loan]} loan"


class RepayIou(Action, kind="repay-iou"):
    loan: int

    def __str__(self) -> str:
        return self.words(LOAN_NAMES)

    def words(self, loans: tuple[str, ...]) -> str:
        return f"repay a {loans[self.loan]} loan"


class KeepLoans(Action, kind="keep-loans"):
    def __str__(self) -> str:
        return "repay no more loans now"


CREWS = tuple((s, NONE) for s in range(SKILLS)) + tuple(
    (a, b) for a in range(SKILLS) for b in range(a, SKILLS)
)  # one worker, then two (best first): 4 + 10

HIRES = tuple(HireWorker(s) for s in range(SKILLS))
LOOKS = tuple(LookIntoDeck(s) for s in range(SKILLS))
CHOOSES = tuple(ChooseWorker(w) for w in range(MAX_WORKERS))
FIRES = tuple(FireWorker(w) for w in range(MAX_WORKERS))
PASS_HIRING = PassHiring()
PUT_UPS = tuple(PutUp(c) for c in range(MAX_CONTRACTS))
BIDS = tuple(Bid(amount) for amount in range(1, MAX_BID + 1))  # BIDS[n - 1] bids n
PASS_OPENING, PASS_BID = PassOpening(), PassBid()
PLAYS = tuple(PlayEvent(e) for e in range(MAX_EVENTS))
DISMISSES = tuple(EventDismiss(w) for w in range(MAX_WORKERS))
UNAVAILABLES = tuple(EventUnavailable(w) for w in range(MAX_WORKERS))
OFFERS = {(s, p, price): OfferRent(s, p, price) for s in range(SKILLS)
          for p in range(MAX_PLAYERS) for price in range(MAX_RENT + 1)}  # fmt: skip
ACCEPT_RENT, DECLINE_RENT, END_RENTING = AcceptRent(), DeclineRent(), EndRenting()
STAFFS = {(c, s, *crew): Staff(c, s, *crew) for c in range(MAX_CONTRACTS)
          for s in range(SECTIONS) for crew in CREWS}  # fmt: skip
UNSTAFFS = {(c, s): Unstaff(c, s) for c in range(MAX_CONTRACTS) for s in range(SECTIONS)}
SUBMIT_PLAN = SubmitPlan()
TAKE_LOANS = tuple(TakeLoan(n) for n in range(LOANS))
REPAYS = tuple(RepayIou(n) for n in range(LOANS))
KEEP_LOANS = KeepLoans()
DECLINE_CHOICE = DeclineChoice()
RENT_OUTS = {(s, p): RentOut(s, p) for s in range(SKILLS) for p in range(MAX_PLAYERS)}
RENT_PRICES = tuple(RentPrice(price) for price in range(MAX_BID + 1))  # up to any cash

SPACE: tuple[Action, ...] = (
    *HIRES, *LOOKS, *CHOOSES, *FIRES, PASS_HIRING,
    *PUT_UPS, *BIDS, PASS_OPENING, PASS_BID,
    *PLAYS, *DISMISSES, *UNAVAILABLES,
    *OFFERS.values(), ACCEPT_RENT, DECLINE_RENT, END_RENTING,
    *STAFFS.values(), *UNSTAFFS.values(), SUBMIT_PLAN,
    *TAKE_LOANS, *REPAYS, KEEP_LOANS,
    # added later, at the end so that the indices above stay (RL adapters keep them)
    DECLINE_CHOICE, *RENT_OUTS.values(), *RENT_PRICES,
)  # fmt: skip
