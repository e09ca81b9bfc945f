"""Master Builder's rules (the rulebook master-builder.txt), the ids of its rules checklist
in comments (MB-1 to MB-119; its open questions Q1..Q30 built as their readings, the other
reading an option where the text allows more, docs/games/master-builder.md).

A round: Phase 1 hire and/or fire (round 1: the draft), Phase 2 the auctions, Phase 3 the
events, Phase 4 the construction (plans made at once and hidden, then revealed and built
together), Phase 5 income, wages and loans. phases.py gives the turn structure. Money is in
thousands throughout.

This module holds the new game, the queries of the whole game, the legal actions and the
dispatch of a move (``_HANDLERS``: an action's class to the method that plays it). base.py
holds the state's fields and their types, the queries every phase asks and what the
phases ask of each other. Each phase's rules are in its own module, a class of methods on
that base which the state inherits: hiring.py (Phase 1), auction.py (2), events.py (3),
building.py (4), income.py (5); seen.py holds what a seat sees, and sketch.py the plans
the bots guess."""

from __future__ import annotations

from itertools import product
from typing import Any

from housebuilders.core import Action, Json, scored
from housebuilders.core.loading import parse
from housebuilders.games.master_builder import explain
from housebuilders.games.master_builder.actions import (
    ACCEPT_RENT,
    BIDS,
    CHOOSES,
    DECLINE_CHOICE,
    DECLINE_RENT,
    DISMISSES,
    END_RENTING,
    FIRES,
    KEEP_LOANS,
    NONE,
    PASS_BID,
    PASS_HIRING,
    PASS_OPENING,
    PLAYS,
    PUT_UPS,
    RENT_PRICES,
    TAKE_LOANS,
    UNAVAILABLES,
    AcceptRent,
    Bid,
    ChooseWorker,
    DeclineChoice,
    DeclineRent,
    EndRenting,
    EventDismiss,
    EventUnavailable,
    FireWorker,
    HireWorker,
    KeepLoans,
    LookIntoDeck,
    OfferRent,
    PassBid,
    PassHiring,
    PassOpening,
    PlayEvent,
    PutUp,
    RentOut,
    RentPrice,
    RepayIou,
    Staff,
    SubmitPlan,
    TakeLoan,
    Unstaff,
)
from housebuilders.games.master_builder.auction import Auction
from housebuilders.games.master_builder.building import Construction
from housebuilders.games.master_builder.checks import MasterBuilderJson, check
from housebuilders.games.master_builder.content import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    QUIRK_CODES,
    SECTIONS,
    workers,
)
from housebuilders.games.master_builder.deal import setup
from housebuilders.games.master_builder.events import Events
from housebuilders.games.master_builder.hiring import Hiring
from housebuilders.games.master_builder.income import Income
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
    OVER,
    PLAN,
    RENT,
    RENT_COUNTER,
    RENT_PRICE,
    REPAY,
    REPAY_BONUS,
    REPAY_GAIN,
    SECTIONS as PHASE_SECTIONS,
    TRACK,
    TRACK_OF,
)
from housebuilders.games.master_builder.seen import Seen

#: the seats still making their plans, by the seats' submitted flags
PLANNING = {
    flags: tuple(p for p, done in enumerate(flags) if not done)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    for flags in product((False, True), repeat=players)
}
OPTIONS = ("choosing-workers", "selective-events", "additional-events", "renting-workers")
#: the other readings of rulings, each an option off by default (docs: "Which rulings are
#: options")
READINGS = (
    "three-go-rounds",
    "removed-contracts-end-early",
    "must-hire-after-look",
    "repay-when-asked",
    "rent-offers-only",
)


class MasterBuilderState(Hiring, Auction, Events, Construction, Income, Seen):
    """A game of Master Builder: the fields and common queries (base.py) with each
    phase's rules (their modules), the new game, the legal actions and the moves."""

    __slots__ = ()

    # == setup (MB-10 to MB-19) =========================================================
    @classmethod
    def new(
        cls, players: int, seed: int, options: dict[str, Any], content: Any = None
    ) -> MasterBuilderState:
        s = cls._begin(seed, options, content)
        t = setup(s.content, players, s.rng, selective_events=options["selective-events"])
        s.first = s.turn = t.first
        s.round, s.last_round = 1, s.content.rounds
        s.go_round, s.all_passed, s.open_passes = 0, True, 0
        s.auction, s.high, s.bidder, s.looking = NONE, 0, NONE, NONE
        s.event, s.event_step, s.no_roofs, s.plan_from = NONE, 0, False, 0
        s.cash, s.wage, s.decks = t.cash, t.wage, t.decks
        s.contract_deck, s.removed = t.contract_deck, t.removed
        s.economy, s.boxed_economy, s.economy_shown = t.economy, t.boxed_economy, []
        s.event_deck, s.events_seen, s.hands = t.event_deck, [], t.hands
        s.display, s.bonus, s.gone, s.town = t.display, t.bonus, [], t.town
        s.built = [[int(b) for b in row] for row in t.built]
        s.workers, s.contracts, s.ious = t.workers, t.contracts, t.ious
        s.passed, s.submitted = [False] * players, [False] * players
        s.pending_events, s.down, s.income, s.offer = [], [], [0] * players, []
        s.offered, s.carried, s.asks = [], [], []
        s.seen_workers = [0] * len(workers(s.content))
        for deck in s.decks:
            if deck:
                s.seen_workers[deck[0]] = 1
        s.plans = [[] for _ in range(players)]
        s.rented_in = [[] for _ in range(players)]
        s.rented_out = [[] for _ in range(players)]
        s.looked = [[] for _ in range(players)]
        s.fired = [[] for _ in range(players)]
        s.phase = DRAFT
        return s

    # == queries ========================================================================
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def search_actions(self, player: int) -> list[Action]:
        """In an auction, the lowest bid and the pass: every raise is answered in turn,
        so a jump bid only pays more for the same contract. In a plan, no section the
        seat has taken off this round again: a search then cannot staff and unstaff it
        for ever, and a plan ends within two moves a section and the hand-in."""
        if self.phase == PLAN:
            off = {(a.contract, a.section) for p, a in self.history[self.plan_from :]
                   if p == player and isinstance(a, Unstaff)}  # fmt: skip
            legal = self.legal_actions(player)
            if not off:
                return legal
            return [a for a in legal
                    if not isinstance(a, Staff) or (a.contract, a.section) not in off]  # fmt: skip
        if self.quiet():  # no auction under way
            return self.legal_actions(player)
        moves = self.phase_actions(player)
        return [a for a in moves if not isinstance(a, Bid) or a is moves[0]]

    def quiet(self) -> bool:
        """Not while a contract is up for bidding: who gets it, and at what price, is
        what the position is worth."""
        return self.phase not in (OPENING_BID, BID)

    def acting_players(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == PLAN:
            return PLANNING[tuple(self.submitted)]
        return (self.turn,)

    def goals(self) -> dict[str, list[float]]:
        """The contracts each builder completed (MB-97: built into the town, and paid),
        its final money (the score's total, in thousands of dollars as the state keeps
        it: 40 is the $40,000 each starts with), the IOUs it still owes at the end
        (MB-95 to MB-107) and what they would cost to repay."""
        players = range(self.num_players)
        completed = [0.0] * self.num_players
        for line in self.log:  # the town does not say who built each contract; the log
            words = line.split(" ", 3)  # does: "player 0 completes contract 7, ..." (_build)
            if len(words) == 4 and words[0] == "player" and words[2] == "completes":
                completed[int(words[1])] += 1
        return {
            "buildings completed": completed,
            "money": [float(sum(self.breakdown(p).values())) for p in players],
            "IOUs owed": [float(sum(self.ious[p])) for p in players],
            "debt": [float(self.debt(p)) for p in players],
        }

    # == legal actions ==================================================================
    def legal_actions(self, player: int) -> list[Action]:
        """The phase's actions, then the loans ``player`` may repay (MB-107, Q13: at every
        decision, as a free action; in the opening bid only those that leave the named
        contract's minimum). Not while taking loans for wages: the seat's cash does not
        cover them, a repayment would be borrowed again, without end (MB-104); the last
        chance follows the wages."""
        if player not in self.acting_players():
            return []
        if self.phase in (REPAY, REPAY_BONUS, REPAY_GAIN):  # the last chance, money come (Q13)
            return [*self.repays(player), KEEP_LOANS]
        if self.phase == LOAN:
            return list(TAKE_LOANS)
        keep = self.content.contracts[self.auction].min_bid if self.phase == OPENING_BID else 0
        actions = self.phase_actions(player)  # a new list
        repays = self.repays(player, keep)
        if repays:
            actions += repays
        return actions

    def phase_actions(self, player: int) -> list[Action]:
        """What ``player`` is asked in this phase, repayments aside."""
        phase = self.phase
        if phase == PLAN:
            return self.plan_actions(player)
        if phase == DRAFT:
            return self.hires(player)
        if phase == HIRE:
            return [*self.hires(player), *map(FIRES.__getitem__, self.workers[player]), PASS_HIRING]
        if phase == LOOK:  # Q26: a seat may hire nobody from the deck it looked into
            deck = self.decks[self.looking]
            chooses: list[Action] = [CHOOSES[w] for w in sorted(deck) if self.can_hire(player, w)]
            return chooses + ([] if self.option("must-hire-after-look") else [DECLINE_CHOICE])
        if phase == OPEN:
            puts = [PUT_UPS[c] for c in self.display
                    if self.cash[player] >= self.content.contracts[c].min_bid]  # fmt: skip
            # MB-63, Q5; a seat that repaid below every minimum passes (MB-54)
            forced = puts and self.round == 1 and not self.contracts[player]
            return [*puts, *([] if forced else [PASS_OPENING])]
        if phase == OPENING_BID:
            low = self.content.contracts[self.auction].min_bid
            return list(BIDS[low - 1 : self.top_bid(player)])
        if phase == BID:
            return [*BIDS[self.high : self.top_bid(player)], PASS_BID]
        if phase == EVENT:
            return [PLAYS[e] for e in sorted(self.hands[player])]
        if phase == EVENT_CHOICE:
            dismiss = self.content.events[self.event].effect == "dismiss"
            kind = DISMISSES if dismiss else UNAVAILABLES
            return [kind[w] for w in self.event_targets(player)]
        if phase == RENT:
            return [*self.offers(player), END_RENTING]
        if phase == RENT_PRICE:  # Q29: any price the other seat can pay
            return list(RENT_PRICES[: self.cash[self.offer[2]] + 1])
        if phase == RENT_COUNTER:
            return [ACCEPT_RENT, DECLINE_RENT]
        # RENT_ANSWER: an offer the seat repaid below can only be declined or countered
        price = self.offer[3]
        accept = [ACCEPT_RENT] if self.cash[player] >= price else []
        counters = [] if self.option("rent-offers-only") else [
            a for a in RENT_PRICES[: self.cash[player] + 1] if a.price != price]  # fmt: skip
        return [*accept, *counters, DECLINE_RENT]

    # == moves ==========================================================================
    def _apply(self, player: int, action: Action) -> bool:
        before = self.round, TRACK_OF.get(self.phase, len(TRACK))  # position(), inline
        revealed = _HANDLERS[type(action)](self, player, action)
        if revealed:
            return True
        after = self.position()
        # the economic card and contracts (Phase 2) and the events (Phase 3) are revealed
        # by whichever action leads into them
        return after != before and any(
            before < (r, track) <= after
            for r in range(before[0], after[0] + 1) for track in (1, 2)
        )  # fmt: skip

    def position(self) -> tuple[int, int]:
        """The round and the trowel's space (5 once over)."""
        return self.round, TRACK_OF.get(self.phase, len(TRACK))

    # == the end (MB-111 to MB-114) ======================================================
    def breakdown_of(self, contract: int) -> int:
        """MB-111, Q18: an unfinished building's amount less $20,000 a missing section,
        never below 0."""
        missing = SECTIONS - sum(self.built[contract])
        amount = self.content.contracts[contract].amount
        return max(0, amount - self.content.unfinished_penalty * missing)

    def breakdown(self, player: int) -> dict[str, int]:
        buildings = sum(self.breakdown_of(c) for c in self.contracts[player])
        return {"cash": self.cash[player], "buildings": buildings, "loans": -self.debt(player)}

    def scores(self) -> list[Json]:
        return [scored(self.breakdown(p)) for p in range(self.num_players)]

    def standing(self, player: int) -> dict[str, float]:
        """The seat's cash, its crew, its unfinished contracts and their sections
        built, and its IOUs."""
        contracts = self.contracts[player]
        return {
            "cash ($1,000s)": float(self.cash[player]),
            "workers": float(len(self.workers[player])),
            "contracts": float(len(contracts)),
            "sections built": float(sum(sum(self.built[c]) for c in contracts)),
            "IOUs": float(sum(self.ious[player])),
        }

    # == refusals =======================================================================
    def _phase_section(self) -> str:
        return PHASE_SECTIONS[self.phase]

    def describe(self, action: Action) -> str:
        return explain.describe(self, action)

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        return explain.illegal(self, player, action)

    # == saved state ====================================================================
    @classmethod
    def from_json(cls, d: Json) -> MasterBuilderState:
        parse(MasterBuilderJson, d)
        s = cls._restore(d, len(d["cash"]), field="cash")
        s._load_fields(d)
        check(s)
        return s


_HANDLERS: dict[type, Any] = {
    HireWorker: MasterBuilderState._hire,
    LookIntoDeck: MasterBuilderState._look,
    ChooseWorker: MasterBuilderState._choose,
    DeclineChoice: MasterBuilderState._decline_choice,
    FireWorker: MasterBuilderState._fire,
    PassHiring: MasterBuilderState._pass_hiring,
    PutUp: MasterBuilderState._put_up,
    Bid: MasterBuilderState._bid,
    PassOpening: MasterBuilderState._pass_opening,
    PassBid: MasterBuilderState._pass_bid,
    PlayEvent: MasterBuilderState._play_event,
    EventDismiss: MasterBuilderState._event_choice,
    EventUnavailable: MasterBuilderState._event_choice,
    OfferRent: MasterBuilderState._offer,
    RentOut: MasterBuilderState._rent_out,
    RentPrice: MasterBuilderState._rent_price,
    AcceptRent: MasterBuilderState._answer,
    DeclineRent: MasterBuilderState._answer,
    EndRenting: MasterBuilderState._end_renting,
    Staff: MasterBuilderState._staff,
    Unstaff: MasterBuilderState._unstaff,
    SubmitPlan: MasterBuilderState._submit,
    TakeLoan: MasterBuilderState._loan,
    RepayIou: MasterBuilderState._repay,
    KeepLoans: MasterBuilderState._keep,
}
assert QUIRK_CODES  # the quirk codes a worker's card shows (MB-4)
