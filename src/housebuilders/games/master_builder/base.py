"""Master Builder's state as every phase sees it: its fields (declared for ``clone`` and
typed), the small queries of them that several phases ask, and what the phases ask of
each other (each defined in its phase's module). The phases' classes (hiring.py,
auction.py, events.py, building.py, income.py, seen.py) derive from it, and
``MasterBuilderState`` (state.py) from them."""

from __future__ import annotations

from abc import abstractmethod

from housebuilders.core import Fields, GameState
from housebuilders.games.master_builder.actions import Staff
from housebuilders.games.master_builder.content import DATA, SKILLS, MasterBuilderContent, workers

#: Q10's two readings of the late repayment (the option late-repayment), the default first
LATE = ("deck-exhausted", "none-in-play")


class MasterBuilderBase(GameState):
    """The fields of a game of Master Builder and the queries every phase asks."""

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
        rows="decks workers contracts ious hands built plans rented_in rented_out looked fired",
    )
    __slots__ = FIELDS.names
    content: MasterBuilderContent

    # the fields' types (ids are ints, NONE = -1 for none; money in thousands)
    phase: str
    round: int
    first: int
    turn: int
    last_round: int
    go_round: int
    all_passed: bool
    open_passes: int
    auction: int
    high: int
    bidder: int
    looking: int
    event: int
    event_step: int
    no_roofs: bool
    plan_from: int
    cash: list[int]
    wage: list[int]
    contract_deck: list[int]
    removed: list[int]
    economy: list[int]
    boxed_economy: list[int]
    economy_shown: list[int]
    event_deck: list[int]
    events_seen: list[int]
    display: list[int]
    bonus: list[int]
    gone: list[int]
    town: list[int]
    passed: list[bool]
    submitted: list[bool]
    pending_events: list[int]
    down: list[int]
    seen_workers: list[int]
    income: list[int]
    offer: list[int]
    offered: list[int]
    carried: list[int]
    asks: list[int]
    decks: list[list[int]]
    workers: list[list[int]]
    contracts: list[list[int]]
    ious: list[list[int]]
    hands: list[list[int]]
    built: list[list[int]]
    plans: list[list[int]]
    rented_in: list[list[int]]
    rented_out: list[list[int]]
    looked: list[list[int]]
    fired: list[list[int]]

    # == queries every phase asks =======================================================
    def _num_players(self) -> int:
        return len(self.cash)

    def option(self, name: str) -> bool:
        return bool(self.setup["options"].get(name, False))

    def next_seat(self, player: int) -> int:
        return (player + 1) % len(self.cash)

    def contract_name(self, contract: int) -> str:
        """ "8, Inn": the contract's number and name in the content."""
        card = self.content.contracts[contract]
        return f"{card.number}, {card.name}"

    def is_town_wall(self, contract: int) -> bool:
        return self.content.contracts[contract].kind == "town-wall"

    def available(self, player: int) -> list[int]:
        """The skills ``player`` can place this phase: own face-up workers not rented out,
        and workers rented in (MB-81, MB-118), counted by skill."""
        cards = workers(self.content)
        counts = [0] * SKILLS
        down, out = self.down, self.rented_out[player]
        for w in self.workers[player]:
            if not (down and w in down or out and w in out):
                counts[cards[w].skill] += 1
        for skill in self.rented_in[player]:
            counts[skill] += 1
        return counts

    # -- what a loan costs to repay (MB-106, MB-107, Q10) ----------------------------------
    def late(self) -> bool:
        """MB-106, Q10: the late repayment "if the contract deck has been exhausted": once
        the face-down deck is empty; with late-repayment "none-in-play", only once no
        contract remains in play either ("if contract cards remain in play": none on
        offer)."""
        if self.setup["options"].get("late-repayment") == LATE[1]:
            return not self.contract_deck and not self.display
        return not self.contract_deck

    def repayment(self, loan: int, late: bool | None = None) -> int:
        """What ``loan`` costs to repay now; ``late``: ``late()``, if the caller has it."""
        loan_card = self.content.loans[loan]
        if late is None:
            late = self.late()
        return loan_card.late if late else loan_card.early

    def debt(self, player: int, late: bool | None = None) -> int:
        """What ``player``'s IOUs cost to repay now; ``late``: ``late()``, if the caller
        has it (the encoder asks it once for every seat)."""
        if late is None:
            late = self.late()
        total = 0
        for k, n in enumerate(self.ious[player]):
            if n:
                total += n * self.repayment(k, late)
        return total

    # == what the phases ask of each other (each defined in the module named) ============
    @abstractmethod
    def _start_phase_2(self) -> bool:
        """Phase 2, the contracts revealed (auction.py); True: a reveal."""

    @abstractmethod
    def _reopen(self) -> None:
        """The first player opens again after an auction (auction.py)."""

    @abstractmethod
    def _start_phase_3(self) -> None:
        """Phase 3, the round's events (events.py)."""

    @abstractmethod
    def _next_event(self) -> None:
        """The next event from the deck, or Phase 4 (events.py)."""

    @abstractmethod
    def _next_event_choice(self) -> bool:
        """The next seat to choose for the event; False once all are done (events.py)."""

    @abstractmethod
    def _start_phase_4(self) -> None:
        """Phase 4, renting or the plans (building.py)."""

    @abstractmethod
    def _staff(self, player: int, action: Staff) -> bool:
        """A section staffed in ``player``'s plan (building.py)."""

    @abstractmethod
    def _start_phase_5(self) -> None:
        """Phase 5, income and wages (income.py)."""

    @abstractmethod
    def _ask_to_repay(self, seats: list[int], phase: str) -> bool:
        """Ask ``seats``, to whom money came unasked, whether to repay (income.py)."""

    @abstractmethod
    def _go_on(self, phase: str) -> None:
        """The game goes on from where the money came (income.py)."""

    @abstractmethod
    def _release(self, player: int, worker: int) -> None:
        """``worker`` leaves ``player`` for the bottom of its deck (hiring.py)."""
