"""Master Builder's phases: what a seat is asked now, and the rulebook section of each.

The turn structure proposed for the engine (the first player holds the mallet; "in turn
order" is clockwise from them, seat after seat, MB-18, MB-21):

1. Hire and/or fire workers. Round 1 (DRAFT): one seat at a time, each takes the face-up
   card of a deck (hire-worker), going round the table in plain order until everyone has
   ``draft_workers`` (Q8); no pass, no fire. Rounds 2-6 (HIRE): one seat at a time, one
   hire, fire or pass each, until every seat has passed in a row, a seat never hiring
   again a card it fired in the phase (Q2; with three-go-rounds, ``hire_turns`` go-rounds
   at most, ending early after a go-round in which all passed). Choosing workers
   (option): look-into-deck pays the fee and shows that deck to that seat alone, who then
   chooses a card (LOOK) as their hire, or none (decline-choice) and acts again.
2. Acquire contracts. The reveal is automatic (round 1: players + 1; then the economic
   card's count). OPEN: the opener (the first player, or the next seat able to open) puts a
   contract up for bidding or passes; OPENING_BID: they bid at least its minimum; BID: the
   others clockwise, skipping those who passed, bid more or pass, until one bidder is left.
   The right to open then returns to the first player; the phase ends when every seat in a
   row passed on opening or nothing is on offer (Q3). Round 1's last contract, for the last
   seat without one, is given at its minimum bid without an action (MB-62).
3. Events. The reveal is automatic, except with selective events (EVENT: the first player
   plays a card of their hand). A choice an event asks (EVENT_CHOICE) is made one seat at a
   time in turn order and is public at once (Q15); seats with nothing to choose are skipped.
4. Construction. Renting (option, RENT): one seat at a time in turn order, offers one
   at a time, until the seat ends renting: the seat offers a worker to another (rent-out),
   proposes its price (RENT_PRICE); the other accepts, declines or proposes another price
   (RENT_ANSWER), which the owner accepts or declines (RENT_COUNTER). With
   rent-offers-only, an offer names its price at once and is accepted or declined. PLAN
   is simultaneous: every seat builds its plan section by section (hidden from the
   others), then submits; when the last plan is in, all are revealed and built at once.
5. Collect income and pay wages: automatic, except LOAN: a seat whose cash cannot cover
   its wages takes loans one at a time, in turn order (Q11); then REPAY, the last chance to
   repay loans, in turn order (Q13). A seat may repay a loan whenever it is asked anything
   else too (but a loan for its wages), without using up its turn (repay-iou stays with
   the same seat, in the same phase). Money that comes to a seat without its asking (a
   contract's bonus with an auction won, an event's gain) may repay a loan at once:
   REPAY_BONUS and REPAY_GAIN ask each such seat that can repay one, before the game goes
   on (Q13: "at any time").
"""

from __future__ import annotations

DRAFT = "draft"  # round 1: take a face-up worker (MB-25)
HIRE = "hire"  # rounds 2-6: hire, fire or pass (MB-31)
LOOK = "look"  # choosing workers: take a card of the deck looked into (MB-115)
OPEN = "open"  # name a contract for bidding, or pass (MB-44)
OPENING_BID = "opening-bid"  # the opener's bid, at least the minimum (MB-45)
BID = "bid"  # raise or pass (MB-46)
EVENT = "event"  # selective events: the first player plays an event card (MB-116)
EVENT_CHOICE = "event-choice"  # a worker the event asks for (MB-68)
RENT = "rent"  # renting workers: offer a worker, or end renting (MB-118)
RENT_ANSWER = "rent-answer"  # the seat offered a worker accepts, declines or counters (MB-118)
RENT_PRICE = "rent-price"  # the owner proposes the rent of the worker it offers (MB-118)
RENT_COUNTER = "rent-counter"  # the owner accepts or declines a counter-offer (MB-118)
PLAN = "plan"  # simultaneous construction plans (MB-83)
LOAN = "loan"  # a loan to pay wages (MB-100)
REPAY = "repay"  # the last chance to repay loans this round (Q13)
REPAY_BONUS = "repay-bonus"  # repay with a contract's bonus, at once (Q13)
REPAY_GAIN = "repay-gain"  # repay with an event's gain, at once (Q13)
OVER = "over"

# The phase track: the trowel's five spaces, in order (MB-20).
TRACK = (
    "Hire and/or Fire Workers",
    "Acquire Contracts",
    "Events",
    "Construction",
    "Collect Income and Pay Wages",
)
TRACK_OF = {
    DRAFT: 0, HIRE: 0, LOOK: 0, OPEN: 1, OPENING_BID: 1, BID: 1, EVENT: 2, EVENT_CHOICE: 2,
    RENT: 3, RENT_ANSWER: 3, PLAN: 3, LOAN: 4, REPAY: 4, REPAY_BONUS: 1, REPAY_GAIN: 2,
    RENT_PRICE: 3, RENT_COUNTER: 3,
}  # fmt: skip

ADDITIONAL = "Additional Rules"
SECTIONS = {
    DRAFT: "Phase 1: Hire and/or Fire Workers",
    HIRE: "Phase 1: Hire and/or Fire Workers",
    LOOK: ADDITIONAL,
    OPEN: "Phase 2: Acquire Contracts",
    OPENING_BID: "Bidding on a Contract",
    BID: "Bidding on a Contract",
    EVENT: ADDITIONAL,
    EVENT_CHOICE: "Phase 3: Events",
    RENT: ADDITIONAL,
    RENT_ANSWER: ADDITIONAL,
    RENT_PRICE: ADDITIONAL,
    RENT_COUNTER: ADDITIONAL,
    PLAN: "Phase 4: Construction",
    LOAN: "Credit",
    REPAY: "Credit",
    REPAY_BONUS: "Credit",
    REPAY_GAIN: "Credit",
    OVER: "End of Game",
}
