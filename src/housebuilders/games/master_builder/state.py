"""Master Builder's rules (the rulebook master-builder.txt), the ids of its rules checklist
in comments (MB-1 to MB-119; its open questions Q1..Q30 built as their readings, the other
reading an option where the text allows more, docs/games/master-builder.md).

A round: Phase 1 hire and/or fire (round 1: the draft), Phase 2 the auctions, Phase 3 the
events, Phase 4 the construction (plans made at once and hidden, then revealed and built
together), Phase 5 income, wages and loans. phases.py gives the turn structure. Money is in
thousands throughout."""

from __future__ import annotations

from typing import Any

from housebuilders.core import Action, Fields, GameState, Json, Rng
from housebuilders.core.content import per_content, remembered
from housebuilders.core.loading import parse
from housebuilders.core.rng import seed_state

from . import explain
from .actions import (
    ACCEPT_RENT,
    BIDS,
    CHOOSES,
    CREWS,
    DECLINE_CHOICE,
    DECLINE_RENT,
    DISMISSES,
    END_RENTING,
    FIRES,
    HIRES,
    KEEP_LOANS,
    LOOKS,
    NONE,
    OFFERS,
    PASS_BID,
    PASS_HIRING,
    PASS_OPENING,
    PLAYS,
    PUT_UPS,
    RENT_OUTS,
    RENT_PRICES,
    REPAYS,
    STAFFS,
    SUBMIT_PLAN,
    TAKE_LOANS,
    UNAVAILABLES,
    UNSTAFFS,
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
    money,
)
from .checks import MasterBuilderJson, check
from .content import (
    DATA,
    QUIRK_CODES,
    SECTIONS,
    SKILL_CODES,
    SKILLS,
    MasterBuilderContent,
    can_staff,
    needs,
    workers,
)
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
    OVER,
    PLAN,
    RENT,
    RENT_ANSWER,
    RENT_COUNTER,
    RENT_PRICE,
    REPAY,
    REPAY_BONUS,
    REPAY_GAIN,
    SECTIONS as PHASE_SECTIONS,
    TRACK,
    TRACK_OF,
)
from .deal import setup

CREW_INDEX = {crew: i for i, crew in enumerate(CREWS)}
WALLS, ROOFS = (0, 1, 2, 3), (4, 5)  # a building's sections (content.KINDS)
GABLES, SIDE_WALLS = (0, 1), (2, 3)
TOWN = ((0, 1, 2), (3, 4, 5))  # a town wall contract's two walls: wall section, side, side
OPTIONS = ("choosing-workers", "selective-events", "additional-events", "renting-workers")
#: the other readings of rulings, each an option off by default (docs: "Which rulings are
#: options")
READINGS = ("three-go-rounds", "removed-contracts-end-early", "must-hire-after-look",
            "repay-when-asked", "rent-offers-only")
#: Q10's two readings of the late repayment (the option late-repayment), the default first
LATE = ("deck-exhausted", "none-in-play")


def plan_key(contract: int, section: int, crew: tuple[int, int]) -> int:
    return (contract * SECTIONS + section) * len(CREWS) + CREW_INDEX[crew]


def unkey(key: int) -> tuple[int, int, tuple[int, int]]:
    place, crew = divmod(key, len(CREWS))
    contract, section = divmod(place, SECTIONS)
    return contract, section, CREWS[crew]


def crew_skills(crew: tuple[int, int]) -> tuple[int, ...]:
    return crew[:1] if crew[1] == NONE else crew


class MasterBuilderState(GameState):
    DATA = DATA
    # phase (phases.py); round 1..; first: the mallet (MB-22); turn: the seat asked now
    # in a sequential phase; last_round: 6, or the round after the early end (Q17);
    # go_round: phase 1's go-rounds done, all_passed: nobody acted in this go-round (Q2,
    # three-go-rounds); open_passes: seats in a row that passed, in phase 1 (Q2) or on (or
    # unable to) open in phase 2 (Q3); auction: the
    # contract up for bidding, high its bid, bidder its bidder; looking: the deck looked
    # into (MB-115, -1 none); event: the event being carried out (-1 none), event_step:
    # the seats done with it; no_roofs: the "no-roofs" event this round; plan_from: the
    # history index where this round's plans began (hidden until the reveal, MB-83)
    FIELDS = Fields(
        share="phase round first turn last_round go_round all_passed open_passes auction high "
        "bidder looking event event_step no_roofs plan_from",
        # decks are top first; seen_workers: worker cards everyone has seen (by id);
        # events_seen: event cards carried out (their place under the deck is known);
        # bonus: by contract, the $5,000 on an unwanted one (MB-64); gone: contracts
        # removed unwanted (MB-66); passed: this auction's passes by seat; submitted: plans
        # in; pending_events: events still to carry out this round; down: face-down
        # workers (MB-69); income: this round's completions' amounts by seat; offer:
        # [owner, skill, player, price] of a rent offer being priced (price -1) or answered;
        # offered: a seat for each offer of the renting seat that came to nothing this turn
        # (Q29: a seat is offered no more after options.rent_offers of them); carried:
        # the contracts on display unwanted last round (MB-64); asks: the seats to ask at
        # once whether to repay with money that came to them unasked (Q13), the first now
        lists="cash wage contract_deck removed economy boxed_economy economy_shown event_deck "
        "events_seen display bonus gone town passed submitted pending_events down "
        "seen_workers income offer offered carried asks",
        # decks by skill; per seat: workers, contracts (owned, unfinished), ious (count by
        # type), hands (selective events), plans (plan keys), rented_in (skills),
        # rented_out (worker ids), looked (worker ids whose place that seat alone knows),
        # fired (worker ids it fired in this phase 1, not hired again then, Q2); built: by
        # contract, each section's flag (0/1)
        rows="decks workers contracts ious hands built plans rented_in rented_out looked "
        "fired",
    )
    __slots__ = FIELDS.names
    content: MasterBuilderContent

    def _num_players(self) -> int:
        return len(self.cash)

    def option(self, name: str) -> bool:
        return bool(self.setup["options"].get(name, False))

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
            return tuple(p for p, done in enumerate(self.submitted) if not done)
        return (self.turn,)

    def next_seat(self, player: int) -> int:
        return (player + 1) % self.num_players

    def late(self) -> bool:
        """MB-106, Q10: the late repayment "if the contract deck has been exhausted": once
        the face-down deck is empty; with late-repayment "none-in-play", only once no
        contract remains in play either ("if contract cards remain in play": none on
        offer)."""
        if self.setup["options"].get("late-repayment") == LATE[1]:
            return not self.contract_deck and not self.display
        return not self.contract_deck

    def repayment(self, loan: int) -> int:
        loan_card = self.content.loans[loan]
        return loan_card.late if self.late() else loan_card.early

    def goals(self) -> dict[str, list[float]]:
        """The IOUs each builder still owes at the end (MB-95 to MB-107), and what they
        would cost to repay."""
        players = range(self.num_players)
        return {
            "IOUs owed": [float(sum(self.ious[p])) for p in players],
            "debt": [float(self.debt(p)) for p in players],
        }

    def debt(self, player: int) -> int:
        return sum(n * self.repayment(k) for k, n in enumerate(self.ious[player]))

    def worker_wage(self, worker: int) -> int:
        return workers(self.content)[worker].wage

    def can_hire(self, player: int, worker: int) -> bool:
        """MB-36: the new wage total may not pass the cap of 30; Q2: nor a card the seat
        fired in this phase (so that hiring and firing end)."""
        return (self.wage[player] + self.worker_wage(worker) <= self.content.wage_cap
                and worker not in self.fired[player])  # fmt: skip

    def round_1_closed(self) -> bool:
        """MB-58: in round 1, once a seat holds two contracts."""
        most = self.content.round_1_most_contracts
        return self.round == 1 and any(len(c) >= most for c in self.contracts)

    def may_bid(self, player: int) -> bool:
        """MB-58, MB-59: after round 1 closes, only seats without a contract bid."""
        return not self.round_1_closed() or not self.contracts[player]

    def may_open(self, player: int) -> bool:
        """MB-54: a seat that may bid and can pay some contract's minimum."""
        minimum = min(self.content.contracts[c].min_bid for c in self.display)
        return self.may_bid(player) and self.cash[player] >= minimum

    def available(self, player: int) -> list[int]:
        """The skills ``player`` can place this phase: own face-up workers not rented out,
        and workers rented in (MB-81, MB-118), counted by skill."""
        cards = workers(self.content)
        counts = [0] * SKILLS
        out = self.rented_out[player]
        for w in self.workers[player]:
            if w not in self.down and w not in out:
                counts[cards[w].skill] += 1
        for skill in self.rented_in[player]:
            counts[skill] += 1
        return counts

    def free_skills(self, player: int) -> list[int]:
        """available() less the workers already placed in the plan (MB-80)."""
        counts = self.available(player)
        for key in self.plans[player]:
            for skill in crew_skills(unkey(key)[2]):
                counts[skill] -= 1
        return counts

    def placed(self, player: int, contract: int) -> set[int]:
        """The sections of ``contract`` built or in ``player``'s plan."""
        done = {s for s in range(SECTIONS) if self.built[contract][s]}
        return done | {s for c, s, _ in map(unkey, self.plans[player]) if c == contract}

    def contract_name(self, contract: int) -> str:
        """ "8, Inn": the contract's number and name in the content."""
        card = self.content.contracts[contract]
        return f"{card.number}, {card.name}"

    def is_town_wall(self, contract: int) -> bool:
        return self.content.contracts[contract].kind == "town-wall"

    def section_rule(
        self, player: int, contract: int, section: int, placed: set[int] | None = None
    ) -> str | None:
        """Why ``section`` cannot join the plan for the building rules, or None:
        the roof after four walls (MB-89, Q7), no roofs after the "no-roofs" event, one
        town wall after the other (MB-91, Q9). ``placed``: ``placed(player, contract)``,
        where the caller has it."""
        if placed is None:
            placed = self.placed(player, contract)
        if self.is_town_wall(contract):
            other = set(TOWN[1 - section // 3])
            if placed & other and not other <= placed:
                return "town-wall"
            return None
        if section in ROOFS:
            if self.no_roofs:
                return "no-roofs"
            if not set(WALLS) <= placed:
                return "roof"
        return None

    def plan_fault(self, player: int) -> str | None:
        """Why the plan cannot be erected (MB-84), or None: the first contract's fault."""
        for c in sorted({unkey(k)[0] for k in self.plans[player]}):
            fault = self.contract_fault(player, c)
            if fault:
                return fault
        return None

    def contract_fault(self, player: int, contract: int) -> str | None:
        """Why the plan's sections of ``contract`` cannot be erected, or None: the stable
        start (MB-87, MB-92) and the rules of section_rule, over the whole plan."""
        new = {s for c, s, _ in map(unkey, self.plans[player]) if c == contract}
        built = {s for s in range(SECTIONS) if self.built[contract][s]}
        placed = built | new
        if self.is_town_wall(contract):
            started = [w for w in TOWN if placed & set(w)]
            if len(started) == 2 and not any(set(w) <= placed for w in started):
                return "town-wall"  # MB-91: both started, neither finished
            for wall in TOWN:
                fresh = new & set(wall)
                if fresh and not built & set(wall) and (wall[0] not in fresh or len(fresh) < 2):
                    return "town-stable"
            return None
        if new & set(ROOFS) and not set(WALLS) <= placed:
            return "roof"
        if new & set(WALLS) and not built & set(WALLS) and not (
            new & set(GABLES) and new & set(SIDE_WALLS)
        ):
            return "stable"
        return None

    def sketch_plan(self, player: int) -> list[Staff]:
        """A plan that stands for ``player``'s workers on hand, made afresh (whatever the
        seat has planned): the contracts nearest completion first, each by ``sketch``.
        The bots' guess at a hidden plan."""
        free = skills_of(self.available(player))
        built = [list(row) for row in self.built]
        order = sorted(self.contracts[player], reverse=True,
                       key=lambda c: (sum(built[c]), self.content.contracts[c].amount))  # fmt: skip
        return [STAFFS[c, section, *crew]
                for c in order for section, crew in sketch(self, c, built[c], free)]  # fmt: skip

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
        return [*self.phase_actions(player), *self.repays(player, keep)]

    def phase_actions(self, player: int) -> list[Action]:
        """What ``player`` is asked in this phase, repayments aside."""
        phase = self.phase
        if phase == PLAN:
            return self.plan_actions(player)
        if phase == DRAFT:
            return self.hires(player)
        if phase == HIRE:
            return [*self.hires(player), *(FIRES[w] for w in self.workers[player]), PASS_HIRING]
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

    def top_bid(self, player: int) -> int:
        """MB-48: a bid is paid from cash, never from a loan (nor the bonus, Q22); there is
        no other limit."""
        return self.cash[player]

    def hires(self, player: int) -> list[Action]:
        """MB-25, MB-35, MB-36, MB-115: a deck's face-up card, or a look into it."""
        out: list[Action] = [
            HIRES[s] for s, deck in enumerate(self.decks)
            if deck and self.can_hire(player, deck[0])
        ]  # fmt: skip
        fee = self.content.options.choosing_fee
        if self.option("choosing-workers") and self.cash[player] >= fee:
            out += [LOOKS[s] for s, deck in enumerate(self.decks)
                    if any(self.can_hire(player, w) for w in deck)]  # fmt: skip
        return out

    def repays(self, player: int, keep: int = 0) -> list[Action]:
        """MB-107, Q13: a whole IOU at its current amount, from cash (leaving ``keep``)."""
        return [REPAYS[k] for k, n in enumerate(self.ious[player])
                if n and self.cash[player] - self.repayment(k) >= keep]  # fmt: skip

    def offers(self, player: int) -> list[Action]:
        """MB-118, Q29: a free face-up worker's skill, to another seat this seat has not
        made ``options.rent_offers`` offers this turn that came to nothing; its price is
        proposed next. With rent-offers-only, the price (up to ``options.max_rent``, within
        what the seat can pay) is named in the offer, and one declined offer is the last to
        that seat this turn."""
        free = self.available(player)
        for skill in self.rented_in[player]:
            free[skill] -= 1  # a rented worker is not sublet
        seats = [p for p in range(self.num_players)
                 if p != player and self.offered.count(p) < self.rent_offers()]  # fmt: skip
        if not self.option("rent-offers-only"):
            return [RENT_OUTS[s, p] for s in range(SKILLS) if free[s] for p in seats]
        top = self.content.options.max_rent
        return [OFFERS[s, p, price] for s in range(SKILLS) if free[s] for p in seats
                for price in range(min(top, self.cash[p]) + 1)]  # fmt: skip

    def rent_offers(self) -> int:
        """Q29: the offers a seat renting out may make another in its turn that come to
        nothing (declined, or countered and the counter declined): the bound that ends the
        negotiation; one with rent-offers-only."""
        return 1 if self.option("rent-offers-only") else self.content.options.rent_offers

    def matches(self, worker: int, with_down: bool) -> bool:
        event = self.content.events[self.event]
        card = workers(self.content)[worker]
        if not with_down and worker in self.down:
            return False
        return (not event.quirks or any(q in card.quirks for q in event.quirks)) and (
            not event.skills or SKILL_CODES[card.skill] in event.skills
        )

    def event_targets(self, player: int) -> list[int]:
        """The workers an event's choice may take: dismissals take face-down ones too
        (Q16); a player with fewer than ``at_least`` matches is not affected."""
        event = self.content.events[self.event]
        dismiss = event.effect == "dismiss"
        found = [w for w in self.workers[player] if self.matches(w, dismiss)]
        return sorted(found) if len(found) >= event.at_least else []

    def plan_actions(self, player: int) -> list[Action]:
        """MB-76 to MB-93: a section of an owned contract staffed by free workers, the
        rules of building kept; a section taken off; the plan finished if it stands."""
        out: list[Action] = []
        free = self.free_skills(player)
        planned = {(c, s) for c, s, _ in map(unkey, self.plans[player])}
        need = needs(self.content)
        for c in self.contracts[player]:
            placed = self.placed(player, c)  # built or planned
            for s in range(SECTIONS):
                if s in placed or self.section_rule(player, c, s, placed):
                    continue
                for crew in fitting(need[c][s]):
                    if has_free(free, crew):
                        out.append(STAFFS[c, s, *crew])
        out += [UNSTAFFS[c, s] for c, s in sorted(planned)]
        if self.plan_fault(player) is None:
            out.append(SUBMIT_PLAN)
        return out

    # == moves ==========================================================================
    def _apply(self, player: int, action: Action) -> bool:
        before = self.position()
        revealed = _HANDLERS[type(action)](self, player, action)
        after = self.position()
        # the economic card and contracts (Phase 2) and the events (Phase 3) are revealed
        # by whichever action leads into them
        return revealed or any(
            before < (r, track) <= after
            for r in range(before[0], after[0] + 1) for track in (1, 2)
        )  # fmt: skip

    def position(self) -> tuple[int, int]:
        """The round and the trowel's space (5 once over)."""
        return self.round, TRACK_OF.get(self.phase, len(TRACK))

    # -- Phase 1 (MB-25 to MB-39, MB-115) ------------------------------------------------
    def _take(self, player: int, skill: int, worker: int) -> bool:
        """A hire: the card leaves its deck; the new top, if any, is face up."""
        deck = self.decks[skill]
        top = deck[0] == worker
        deck.remove(worker)
        self.workers[player].append(worker)
        self.wage[player] += self.worker_wage(worker)  # MB-35
        self.seen_workers[worker] = 1
        revealed = False
        if deck and not self.seen_workers[deck[0]]:
            self.seen_workers[deck[0]] = 1
            revealed = True
        for looked in self.looked:
            if worker in looked:
                looked.remove(worker)
        if not top:
            revealed = True
        self.log.append(f"player {player} hires {explain.worker_name(self, worker)}")
        return revealed

    def _hire(self, player: int, action: HireWorker) -> bool:
        revealed = self._take(player, action.skill, self.decks[action.skill][0])
        return self._after_phase_1_action(acted=True) or revealed

    def _look(self, player: int, action: LookIntoDeck) -> bool:
        """MB-115, Q26: pay the fee; the deck is shown to this seat alone."""
        self.cash[player] -= self.content.options.choosing_fee
        self.looking = action.skill
        seen = set(self.looked[player]) | set(self.decks[action.skill])
        self.looked[player] = sorted(seen)
        self.log.append(f"player {player} pays {money(self.content.options.choosing_fee)} to "
                        f"look into the {self.content.skills[action.skill].name} deck")  # fmt: skip
        self.phase = LOOK
        return True

    def _choose(self, player: int, action: ChooseWorker) -> bool:
        skill = self.looking
        self.looking = NONE
        self.phase = DRAFT if self.round == 1 else HIRE
        self._take(player, skill, action.worker)
        self._after_phase_1_action(acted=True)
        return True

    def _decline_choice(self, player: int, action: DeclineChoice) -> bool:
        """Q26: no worker from the deck looked into; the fee stays paid and the seat is
        asked again what to do with its turn (a new look costs the fee again, so cash
        bounds the looks)."""
        name = self.content.skills[self.looking].name
        self.looking = NONE
        self.phase = DRAFT if self.round == 1 else HIRE
        self.log.append(f"player {player} takes no worker from the {name} deck")
        return False

    def _fire(self, player: int, action: FireWorker) -> bool:
        """MB-37, MB-38: under its deck; the wage falls at once."""
        self._release(player, action.worker)
        self.fired[player].append(action.worker)  # Q2: not hired again by it this phase
        self.log.append(f"player {player} fires {explain.worker_name(self, action.worker)}")
        return self._after_phase_1_action(acted=True)

    def _release(self, player: int, worker: int) -> None:
        self.workers[player].remove(worker)
        self.wage[player] -= self.worker_wage(worker)
        if worker in self.down:
            self.down.remove(worker)
        self.decks[workers(self.content)[worker].skill].append(worker)
        self.seen_workers[worker] = 1

    def _pass_hiring(self, player: int, action: PassHiring) -> bool:
        return self._after_phase_1_action(acted=False)

    def _after_phase_1_action(self, acted: bool) -> bool:
        """The next seat's opportunity, or Phase 2. MB-34, Q2: the phase ends once every
        seat has passed in a row (nothing changed since each passed); with
        three-go-rounds, after a go-round in which all passed or the third go-round."""
        if acted:
            self.all_passed = False
        self.open_passes = 0 if acted else self.open_passes + 1
        self.turn = self.next_seat(self.turn)
        if self.round > 1 and not self.option("three-go-rounds"):
            return self._start_phase_2() if self.open_passes >= self.num_players else False
        if self.turn != self.first:
            return False
        self.go_round += 1
        if self.round == 1:  # MB-26
            if all(len(w) >= self.content.draft_workers for w in self.workers):
                return self._start_phase_2()
            return False
        if self.go_round >= self.content.hire_turns or self.all_passed:
            return self._start_phase_2()
        self.all_passed = True
        return False

    # -- Phase 2 (MB-40 to MB-66) ---------------------------------------------------------
    def _start_phase_2(self) -> bool:
        """MB-40 to MB-43: reveal the round's contracts beside the carried-over ones."""
        players, content = self.num_players, self.content
        self.fired = [[] for _ in range(players)]  # Q2: phase 1's fires are done
        if self.round == 1:
            count = players + content.extra_contracts_round_1
        elif self.round > self.last_round - 1 and self.last_round < content.rounds:
            count = 0  # Q17: the extra round turns no card
        elif self.economy:
            card = self.economy.pop(0)
            self.economy_shown.append(card)
            count = content.economy[card].reveal[players - 2]
            self.log.append(f"economic situation: {content.economy[card].name} "
                            f"({count} contracts)")  # fmt: skip
        else:
            count = 0
        count = min(count, len(self.contract_deck))  # MB-42
        new, self.contract_deck = self.contract_deck[:count], self.contract_deck[count:]
        self.display = self.display + new
        self.turn, self.open_passes = self.first, 0
        self.phase = OPEN
        self._next_opening()
        return True

    def _next_opening(self) -> None:
        """Q3, MB-54, MB-55, MB-62: the next seat able to open, or the phase's end."""
        n = self.num_players
        while True:
            if not self.display or self.open_passes >= n:
                self._end_phase_2()
                return
            if self.round_1_closed() and len(self.display) == 1:  # MB-62
                without = [p for p in range(n) if not self.contracts[p]]
                if len(without) == 1:
                    c = self.display[0]
                    self._award(without[0], c, self.content.contracts[c].min_bid)
                    continue
            if self.may_open(self.turn):
                return
            self.open_passes += 1
            self.turn = self.next_seat(self.turn)

    def _put_up(self, player: int, action: PutUp) -> bool:
        self.auction, self.phase = action.contract, OPENING_BID
        return False

    def _pass_opening(self, player: int, action: PassOpening) -> bool:
        self.open_passes += 1
        self.turn = self.next_seat(self.turn)
        self._next_opening()
        return False

    def _bid(self, player: int, action: Bid) -> bool:
        if self.phase == OPENING_BID:  # MB-44, MB-45
            self.passed = [not self.may_bid(p) for p in range(self.num_players)]
            self.phase = BID
        self.high, self.bidder = action.amount, player
        self._next_bidder(player)
        return False

    def _pass_bid(self, player: int, action: PassBid) -> bool:
        self.passed[player] = True  # MB-49
        self._next_bidder(player)
        return False

    def _next_bidder(self, after: int) -> None:
        """MB-46: clockwise, skipping seats that passed or cannot raise; the last
        bidder standing wins (MB-50, MB-51)."""
        seat = after
        for _ in range(self.num_players):
            seat = self.next_seat(seat)
            if seat == self.bidder:
                break
            if self.passed[seat]:
                continue
            if self.cash[seat] <= self.high:
                self.passed[seat] = True
                continue
            self.turn = seat
            return
        winner, bonus = self.bidder, self.bonus[self.auction]
        self._award(self.bidder, self.auction, self.high)
        self.auction, self.high, self.bidder = NONE, 0, NONE
        if not self._ask_to_repay([winner] if bonus else [], REPAY_BONUS):
            self._go_on(REPAY_BONUS)

    def _reopen(self) -> None:
        """MB-53: after an auction the first player opens again."""
        self.turn, self.open_passes, self.phase = self.first, 0, OPEN
        self._next_opening()

    def _award(self, player: int, contract: int, price: int) -> None:
        """MB-50, MB-65: pay the bid, then receive the bonus on it."""
        self.cash[player] += self.bonus[contract] - price
        self.bonus[contract] = 0
        self.display.remove(contract)
        if contract in self.carried:
            self.carried.remove(contract)
        self.contracts[player].append(contract)
        self.log.append(f"player {player} acquires contract {self.contract_name(contract)} for "
                        f"{money(price)}")  # fmt: skip

    def _end_phase_2(self) -> None:
        """MB-64, MB-66: unwanted contracts stay with $5,000 once, then leave; MB-109, Q17:
        the early end once "all contracts have been acquired by players" (none removed
        unwanted; with removed-contracts-end-early, once nothing is left to acquire)."""
        for c in self.display[:]:
            if c in self.carried:
                self.bonus[c] = 0
                self.display.remove(c)
                self.carried.remove(c)
                self.gone.append(c)
            else:
                self.bonus[c] = self.content.unwanted_bonus
                self.carried.append(c)
        acquired = not self.gone or self.option("removed-contracts-end-early")
        if (not self.contract_deck and not self.display and acquired
                and self.round <= self.content.rounds - 2
                and self.last_round == self.content.rounds):  # fmt: skip
            self.last_round = self.round + 1
            done = "no contract is left to acquire" if self.gone else "every contract is acquired"
            self.log.append(f"{done}: round {self.last_round} is the last")
        self._start_phase_3()

    # -- Phase 3 (MB-67 to MB-74, MB-116, MB-117) -----------------------------------------
    def _start_phase_3(self) -> None:
        """MB-67, MB-116, MB-117, Q27, Q28: the round's events; pending_events holds one
        NONE per event still to draw from the deck."""
        count = self.content.options.additional_events if self.option("additional-events") else 1
        if self.option("selective-events") and self.hands[self.first]:
            self.pending_events = [NONE] * (count - 1)
            self.phase, self.turn = EVENT, self.first
            return
        self.pending_events = [NONE] * count
        self._next_event()

    def _play_event(self, player: int, action: PlayEvent) -> bool:
        self.hands[player].remove(action.event)
        self.event_deck.append(action.event)  # carried out, then under the deck (Q27)
        if not self._begin_event(action.event):
            self._next_event()
        return True

    def _next_event(self) -> None:
        """The next event from the deck's top (MB-73: then under the deck), or Phase 4."""
        while self.pending_events and self.event_deck:
            self.pending_events.pop(0)
            card = self.event_deck.pop(0)
            self.event_deck.append(card)
            if self._begin_event(card):
                return
        self.pending_events = []
        self._start_phase_4()

    def _begin_event(self, card: int) -> bool:
        """Carry out ``card``; True if it waits for a choice (EVENT_CHOICE)."""
        if card not in self.events_seen:
            self.events_seen.append(card)
        event = self.content.events[card]
        self.event, self.event_step = card, 0
        self.log.append(f"event: {event.name}: {event.text}")
        gainers = []
        if event.effect == "unavailable":  # MB-69
            for p in range(self.num_players):
                found = [w for w in self.workers[p] if self.matches(w, False)]
                if len(found) >= event.at_least:
                    self.down += found
                    self.cash[p] += event.gain
                    gainers.append(p)
        elif event.effect == "pay":
            for p in range(self.num_players):
                found = [w for w in self.workers[p] if self.matches(w, True)]
                if len(found) >= event.at_least:
                    self.cash[p] += event.gain - min(event.pay, self.cash[p])
                    gainers.append(p)
        elif event.effect == "no-roofs":
            self.no_roofs = True
        elif event.effect in ("choose-unavailable", "dismiss"):
            return self._next_event_choice()
        self.event = NONE
        first = self.first  # in turn order
        order = sorted(gainers, key=lambda p: (p - first) % self.num_players)
        return self._ask_to_repay(order if event.gain else [], REPAY_GAIN)

    def _next_event_choice(self) -> bool:
        """MB-68, Q15: each seat in turn order with a matching worker chooses one; False
        once every seat is done."""
        n = self.num_players
        while self.event_step < n:
            seat = (self.first + self.event_step) % n
            if self.event_targets(seat):
                self.phase, self.turn = EVENT_CHOICE, seat
                return True
            self.event_step += 1
        self.event = NONE
        return False

    def _event_choice(self, player: int, action: EventDismiss | EventUnavailable) -> bool:
        if isinstance(action, EventDismiss):
            self._release(player, action.worker)  # MB-72, Q14
        else:
            self.down.append(action.worker)
        gain = self.content.events[self.event].gain
        self.cash[player] += gain
        self.event_step += 1
        if not self._ask_to_repay([player] if gain else [], REPAY_GAIN):
            self._go_on(REPAY_GAIN)
        return False

    # -- money come unasked (Q13) ---------------------------------------------------------
    def _ask_to_repay(self, seats: list[int], phase: str) -> bool:
        """Q13, "A loan may be repaid at any time": money came to ``seats`` without their
        asking (a contract's bonus, an event's gain); each that can now repay a loan is
        asked at once, in that order, in ``phase``. False if none is (the caller goes on);
        never with repay-when-asked."""
        if self.option("repay-when-asked"):
            return False
        self.asks = [p for p in seats if self.repays(p)]
        if not self.asks:
            return False
        self.phase, self.turn = phase, self.asks[0]
        return True

    def _next_ask(self) -> None:
        """The next seat to ask, or the game goes on from where the money came."""
        self.asks = [p for p in self.asks[1:] if self.repays(p)]
        if self.asks:
            self.turn = self.asks[0]
        else:
            self._go_on(self.phase)

    def _go_on(self, phase: str) -> None:
        """What follows the money's coming: after an auction, the opening (MB-53); after
        an event's gain, the event's next choice or the next event."""
        if phase == REPAY_BONUS:
            self._reopen()
        elif self.event == NONE or not self._next_event_choice():
            self._next_event()

    # -- Phase 4 (MB-75 to MB-94, MB-118) -------------------------------------------------
    def _start_phase_4(self) -> None:
        self.event = NONE
        if self.option("renting-workers"):
            self.phase, self.turn, self.event_step = RENT, self.first, 0
            return
        self._start_plans()

    def _start_plans(self) -> None:
        self.phase = PLAN
        self.submitted = [False] * self.num_players
        self.plan_from = len(self.history) + 1  # this action is recorded after _apply

    def _offer(self, player: int, action: OfferRent) -> bool:
        self.offer = [player, action.skill, action.player, action.price]
        self.phase, self.turn = RENT_ANSWER, action.player
        return False

    def _rent_out(self, player: int, action: RentOut) -> bool:
        """Q29: the worker offered; its owner proposes the price next."""
        self.offer = [player, action.skill, action.player, NONE]
        self.phase = RENT_PRICE
        return False

    def _rent_price(self, player: int, action: RentPrice) -> bool:
        """Q29: the owner's price, answered by the other seat; or that seat's counter-offer,
        answered by the owner."""
        self.offer[3] = action.price
        if self.phase == RENT_PRICE:
            self.phase, self.turn = RENT_ANSWER, self.offer[2]
        else:
            self.phase, self.turn = RENT_COUNTER, self.offer[0]
        return False

    def _answer(self, player: int, action: AcceptRent | DeclineRent) -> bool:
        owner, skill, renter, price = self.offer
        if isinstance(action, AcceptRent):
            cards = workers(self.content)
            worker = next(w for w in sorted(self.workers[owner]) if cards[w].skill == skill
                          and w not in self.down and w not in self.rented_out[owner])  # fmt: skip
            self.rented_out[owner].append(worker)
            self.rented_in[renter].append(skill)
            self.cash[renter] -= price
            self.cash[owner] += price
        else:
            self.offered.append(renter)  # an offer that came to nothing (Q29's bound)
        self.offer = []
        self.phase, self.turn = RENT, owner
        return False

    def _end_renting(self, player: int, action: EndRenting) -> bool:
        self.event_step, self.offered = self.event_step + 1, []
        if self.event_step >= self.num_players:
            self.event_step = 0
            self._start_plans()
        else:
            self.turn = self.next_seat(player)
        return False

    def _staff(self, player: int, action: Staff) -> bool:
        self.plans[player].append(
            plan_key(action.contract, action.section, action.crew))
        return False

    def _unstaff(self, player: int, action: Unstaff) -> bool:
        self.plans[player] = [k for k in self.plans[player]
                              if unkey(k)[:2] != (action.contract, action.section)]  # fmt: skip
        return False

    def _submit(self, player: int, action: SubmitPlan) -> bool:
        self.submitted[player] = True
        if not all(self.submitted):
            return False
        self._build()
        return True

    def _build(self) -> None:
        """MB-83, MB-94: every plan shown and erected at once; workers come back."""
        amounts = self.content.contracts
        for p in range(self.num_players):
            for c, s, _ in map(unkey, self.plans[p]):
                self.built[c][s] = 1
            for c in self.contracts[p][:]:
                if all(self.built[c]):
                    self.contracts[p].remove(c)
                    self.town.append(c)  # MB-97
                    self.income[p] += amounts[c].amount
                    self.log.append(f"player {p} completes contract {self.contract_name(c)}")
            self.plans[p] = []
            self.rented_in[p], self.rented_out[p] = [], []
        self.down, self.no_roofs = [], False
        self.submitted = [False] * self.num_players
        self.plan_from = 0
        self._start_phase_5()

    # -- Phase 5 (MB-95 to MB-107) ---------------------------------------------------------
    def _start_phase_5(self) -> None:
        for p in range(self.num_players):  # MB-95, MB-98: income before wages
            self.cash[p] += self.income[p]
            self.income[p] = 0
        self.event_step = 0
        self._next_wages()

    def _next_wages(self) -> None:
        """MB-99, MB-100: in turn order; a seat short of its wages takes loans."""
        n = self.num_players
        while self.event_step < n:
            seat = (self.first + self.event_step) % n
            if self.cash[seat] < self.wage[seat]:
                self.phase, self.turn = LOAN, seat
                return
            self.cash[seat] -= self.wage[seat]
            self.event_step += 1
        self.event_step = 0
        self._next_repay()

    def _loan(self, player: int, action: TakeLoan) -> bool:
        self.cash[player] += self.content.loans[action.loan].amount  # MB-102
        self.ious[player][action.loan] += 1
        self._next_wages()
        return False

    def _next_repay(self) -> None:
        """Q13: each seat's last chance to repay this round, in turn order."""
        n = self.num_players
        while self.event_step < n:
            seat = (self.first + self.event_step) % n
            if self.repays(seat):
                self.phase, self.turn = REPAY, seat
                return
            self.event_step += 1
        self.event_step = 0
        self._end_round()

    def _repay(self, player: int, action: RepayIou) -> bool:
        """MB-107, Q13: a free action: the seat is asked again, in the same phase (in the
        last chance, only while it can repay more)."""
        self.cash[player] -= self.repayment(action.loan)
        self.ious[player][action.loan] -= 1
        if self.phase == REPAY:
            self._next_repay()
        elif self.phase in (REPAY_BONUS, REPAY_GAIN) and not self.repays(player):
            self._next_ask()
        return False

    def _keep(self, player: int, action: KeepLoans) -> bool:
        if self.phase != REPAY:
            self._next_ask()
            return False
        self.event_step += 1
        self._next_repay()
        return False

    def _end_round(self) -> None:
        """MB-22, MB-23, MB-108, MB-109."""
        if self.round >= self.last_round:
            self.phase = OVER
            self.log.append("the game is over")
            return
        self.round += 1
        self.first = self.next_seat(self.first)
        self.turn, self.go_round, self.all_passed = self.first, 0, True
        self.open_passes = 0
        self.phase = HIRE

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
        out = []
        for p in range(self.num_players):
            points = self.breakdown(p)
            out.append({"total": sum(points.values()), "breakdown": points})
        return out

    # == what a seat sees (MB-12 to MB-15, MB-19, MB-83, Q24) ============================
    def unseen_moves_from(self) -> int:
        return self.plan_from if self.phase == PLAN else len(self.history)

    def is_public(self, index: int) -> bool:
        return not (self.phase == PLAN and index >= self.plan_from)

    def observe(self, player: int | None) -> Json:
        content, cards = self.content, workers(self.content)

        def worker(w: int) -> Json:
            card = cards[w]
            return {"id": w, "skill": card.skill, "quirks": card.quirks, "wage": card.wage,
                    "down": w in self.down}  # fmt: skip

        scores = self.scores()
        seats = []
        for p in range(self.num_players):
            seat: Json = {
                "cash": self.cash[p], "wage": self.wage[p],
                "workers": [worker(w) for w in self.workers[p]],
                "contracts": self.contracts[p][:],
                "ious": self.ious[p][:], "debt": self.debt(p),
                "hand": len(self.hands[p]),
                "rented_in": self.rented_in[p][:], "rented_out": self.rented_out[p][:],
                "submitted": self.submitted[p], "score": scores[p],
            }  # fmt: skip
            if p == player:
                seat["hand_cards"] = sorted(self.hands[p])
            if p == player or self.phase != PLAN:
                seat["plan"] = [list(unkey(k)[:2]) + list(unkey(k)[2])
                                for k in self.plans[p]]  # fmt: skip
            seats.append(seat)
        looking = None
        if self.phase == LOOK and player == self.turn:
            looking = [worker(w) for w in self.decks[self.looking]]
        return {
            "game": self.spec.id, "you": player, "over": self.is_terminal(),
            "round": self.round, "last_round": self.last_round, "phase": self.phase,
            "track": TRACK[TRACK_OF[self.phase]] if self.phase != OVER else None,
            "first": self.first, "acting": list(self.acting_players()),
            "players": seats,
            "decks": [{"top": worker(d[0]) if d else None, "size": len(d)} for d in self.decks],
            "looking": looking, "looked_deck": self.looking,
            "contract_deck": len(self.contract_deck),
            "economy_left": len(self.economy),
            "economy_shown": [content.economy[e].model_dump() for e in self.economy_shown],
            "event_deck": len(self.event_deck),
            "event": self.event, "pending_events": len(self.pending_events),
            "events_seen": self.events_seen[:], "no_roofs": self.no_roofs,
            "display": [{"contract": c, "bonus": self.bonus[c]} for c in self.display],
            "auction": self.auction, "high": self.high, "bidder": self.bidder,
            "passed": self.passed[:], "gone": self.gone[:], "town": self.town[:],
            "built": [row[:] for row in self.built], "offer": self.offer[:],
            "late": self.late(),
            **_shown_content(content),
        }  # fmt: skip

    # == refusals =======================================================================
    def _phase_section(self) -> str:
        return PHASE_SECTIONS[self.phase]

    def describe(self, action: Action) -> str:
        return explain.describe(self, action)

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        return explain.illegal(self, player, action)

    # == copies and hidden information =================================================
    def determinize(self, player: int, seed: int) -> MasterBuilderState:
        """Resample what ``player`` cannot see: the contract deck with the removed
        contracts, the unturned economic cards with the unused ones, the event cards
        never revealed (deck and others' hands), each worker deck's unseen cards, and the
        others' plans not yet revealed (in the history too)."""
        s = self.clone()
        s.rng = rng = Rng(seed_state(seed))
        pool = s.contract_deck + s.removed
        rng.deal(pool)
        cut = len(s.contract_deck)
        s.contract_deck, s.removed = pool[:cut], pool[cut:]
        pool = s.economy + s.boxed_economy
        rng.deal(pool)
        cut = len(s.economy)
        s.economy, s.boxed_economy = pool[:cut], pool[cut:]
        seen = set(s.events_seen)
        slots = [(None, i) for i, e in enumerate(s.event_deck) if e not in seen]
        slots += [(p, i) for p in range(s.num_players) if p != player
                  for i, e in enumerate(s.hands[p]) if e not in seen]  # fmt: skip
        _reshuffle(rng, slots, lambda p: s.event_deck if p is None else s.hands[p])
        known = set(s.looked[player])
        for deck in s.decks:
            slots = [(None, i) for i in range(1, len(deck))
                     if not s.seen_workers[deck[i]] and deck[i] not in known]  # fmt: skip
            _reshuffle(rng, slots, lambda _p, d=deck: d)
        if s.phase == PLAN:
            s._resample_plans(player)
        return s

    def _resample_plans(self, player: int) -> None:
        """The others' plans not yet revealed: for each, the plan a sensible player makes
        with its workers on hand (``sketch_plan``, from what every seat sees of its crew
        and contracts), its actions in the history replacing theirs; their repayments
        stay."""
        start = self.plan_from
        mine = [(p, a) for p, a in self.history[start:] if p == player]
        # the others' repayments are public (their cash and IOUs show them, Q13)
        others = [(p, a) for p, a in self.history[start:]
                  if p != player and isinstance(a, RepayIou)]  # fmt: skip
        for p in range(self.num_players):
            if p == player:
                continue
            done = self.submitted[p]
            self.plans[p], self.submitted[p] = [], False
            for staff in self.sketch_plan(p):
                self._staff(p, staff)
                others.append((p, staff))
            if done:
                self.submitted[p] = True
                others.append((p, SUBMIT_PLAN))
        self.history[start:] = others + mine

    # == saved state ====================================================================
    @classmethod
    def from_json(cls, d: Json) -> MasterBuilderState:
        parse(MasterBuilderJson, d)
        s = cls._restore(d, len(d["cash"]), field="cash")
        s._load_fields(d)
        check(s)
        return s


def _reshuffle(rng: Rng, slots: list[tuple[Any, int]], where: Any) -> None:
    values = [where(p)[i] for p, i in slots]
    rng.deal(values)
    for (p, i), value in zip(slots, values, strict=True):
        where(p)[i] = value


_FITTING: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def fitting(need: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The crews (CREWS) that meet a section's need (MB-76 to MB-79)."""
    found = _FITTING.get(need)
    if found is None:
        found = _FITTING[need] = tuple(c for c in CREWS if can_staff(need, crew_skills(c)))
    return found


def _shown_content(content: MasterBuilderContent) -> Json:
    """The content every observation shows (the contracts, events, skills, quirks and
    loans), copied from a template made once per content."""
    made = _content_json(content)
    return {
        "contracts": [{**c, "sections": c["sections"][:], "workforce": c["workforce"][:]}
                      for c in made["contracts"]],
        **{key: [dict(entry) for entry in made[key]]
           for key in ("events", "skills", "quirks", "loans")},
    }  # fmt: skip


@per_content
def _content_json(content: MasterBuilderContent) -> Json:
    return {
        "contracts": [c.model_dump() for c in content.contracts],
        "events": [{"name": e.name, "text": e.text} for e in content.events],
        "skills": [{"name": k.name, "code": k.code, "wage": k.wage} for k in content.skills],
        "quirks": [{"code": q.code, "name": q.name} for q in content.quirks],
        "loans": [{"name": n.name, "amount": n.amount, "early": n.early, "late": n.late}
                  for n in content.loans],
    }  # fmt: skip


Sketch = tuple[tuple[int, tuple[int, int]], ...]
SKETCHES_KEPT = 20_000  # sketches remembered per content (a game asks for about 600)


@per_content
def _sketches(content: Any) -> dict[tuple[Any, ...], tuple[Sketch, list[int]]]:
    """The sketches made so far for a content: the bots ask for the same ones often."""
    return {}


def sketch(state: MasterBuilderState, contract: int, built: list[int], free: list[int]) -> Sketch:
    """A plan for ``contract`` (sections ``built`` so far) that stands: the sections the
    ``free`` workers (skills) can build this round by the building rules (a stable start,
    the roof after the walls, one town wall after the other), each with its crew, the
    least skilled fitting workers, who are taken from ``free``. Remembered: it depends
    on nothing else of the state but the content and the no-roofs event."""

    def make() -> tuple[Sketch, list[int]]:
        left = list(free)
        return tuple(_sketch(state, contract, built, left)), left

    key = (contract, *built, -1, *free, state.no_roofs)
    made, left = remembered(_sketches(state.content), key, SKETCHES_KEPT, make)
    free[:] = left
    return made


def _sketch(
    state: MasterBuilderState, contract: int, built: list[int], free: list[int]
) -> list[tuple[int, tuple[int, int]]]:
    need = needs(state.content)[contract]
    out: list[tuple[int, tuple[int, int]]] = []
    if state.is_town_wall(contract):
        for wall in sorted(TOWN, key=lambda w: not any(built[s] for s in w)):  # started first
            todo = [s for s in wall if not built[s]]
            unbuilt, start = len(todo), len(out)
            if todo and unbuilt == len(wall):  # a fresh wall: its wall section and a side
                crews = _take_all(free, [need[wall[0]], need[todo[1]]])
                if crews is None:
                    break
                out += zip((wall[0], todo[1]), crews, strict=True)
                todo = todo[2:]
            for s in todo:
                crew = _take(free, need[s])
                if crew is not None:
                    out.append((s, crew))
            if len(out) - start < unbuilt:
                break  # this wall unfinished: the other waits (MB-91)
        return out
    if not any(built[s] for s in WALLS):  # a gable and a side wall first (MB-87)
        pairs = sorted(((g, w) for g in GABLES for w in SIDE_WALLS),
                       key=lambda gw: -sum(need[gw[0]]) - sum(need[gw[1]]))  # fmt: skip
        for pair in pairs:
            crews = _take_all(free, [need[s] for s in pair])
            if crews is not None:
                out += zip(pair, crews, strict=True)
                break
        else:
            return out
    for s in WALLS:
        if not built[s] and all(s != o for o, _ in out):
            crew = _take(free, need[s])
            if crew is not None:
                out.append((s, crew))
    walls = sum(built[s] for s in WALLS) + sum(s in WALLS for s, _ in out)
    if walls == len(WALLS) and not state.no_roofs:  # the roof after four walls (MB-89)
        for s in ROOFS:
            crew = _take(free, need[s]) if not built[s] else None
            if crew is not None:
                out.append((s, crew))
    return out


def _take(free: list[int], need: tuple[int, ...]) -> tuple[int, int] | None:
    """The least skilled workers of ``free`` meeting ``need``, taken from it, as a crew."""
    trial = list(free)
    taken = []
    for n in sorted(need, reverse=True):  # the easiest part first
        fit = [w for w in trial if w <= n]
        if not fit:
            return None
        taken.append(max(fit))
        trial.remove(taken[-1])
    free[:] = trial
    taken.sort()
    return (taken[0], taken[1] if len(taken) > 1 else NONE)


def _take_all(free: list[int], needs_: list[tuple[int, ...]]) -> list[tuple[int, int]] | None:
    """Crews for every need of ``needs_``, or None (and nothing taken)."""
    trial = list(free)
    crews = [_take(trial, n) for n in needs_]
    if any(c is None for c in crews):
        return None
    free[:] = trial
    return crews  # type: ignore[return-value]


def skills_of(counts: list[int]) -> list[int]:
    """Skill counts as a list of skills, best first: [1, 0, 2, 0] -> [0, 2, 2]."""
    return [s for s, n in enumerate(counts) for _ in range(n)]


def has_free(free: list[int], crew: tuple[int, int]) -> bool:
    a, b = crew
    if b == NONE:
        return free[a] > 0
    return free[a] > (1 if a == b else 0) and free[b] > 0


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
