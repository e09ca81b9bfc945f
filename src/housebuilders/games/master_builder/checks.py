"""Master Builder's saved state: its schema and the consistency checks ``from_json`` makes
(each refusal a StateError naming the field)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, StrictBool, StrictInt

from housebuilders.core.loading import GameStateJson, once, refuse, within

from .content import LOANS, MAX_PLAYERS, MIN_PLAYERS, SECTIONS, SKILLS, wages, workers
from .phases import SECTIONS as PHASES

if TYPE_CHECKING:
    from .state import MasterBuilderState

Seat = Annotated[StrictInt, Field(ge=-1, le=MAX_PLAYERS - 1)]  # -1: none
Id = Annotated[StrictInt, Field(ge=-1, le=10_000)]
Money = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)]
Phase = Literal[
    "draft", "hire", "look", "open", "opening-bid", "bid", "event", "event-choice", "rent",
    "rent-answer", "plan", "loan", "repay", "over", "repay-bonus", "repay-gain",
]  # fmt: skip


class MasterBuilderJson(GameStateJson):
    phase: Phase
    round: Annotated[StrictInt, Field(ge=1, le=100)]
    first: Seat
    turn: Seat
    last_round: Annotated[StrictInt, Field(ge=1, le=100)]
    go_round: Annotated[StrictInt, Field(ge=0, le=100)]
    all_passed: StrictBool
    open_passes: Annotated[StrictInt, Field(ge=0, le=MAX_PLAYERS)]
    auction: Id
    high: Money
    bidder: Seat
    looking: Annotated[StrictInt, Field(ge=-1, le=SKILLS - 1)]
    event: Id
    event_step: Annotated[StrictInt, Field(ge=0, le=MAX_PLAYERS)]
    no_roofs: StrictBool
    plan_from: Annotated[StrictInt, Field(ge=0)]
    cash: list[Money]
    wage: list[Money]
    contract_deck: list[Id]
    removed: list[Id]
    economy: list[Id]
    boxed_economy: list[Id]
    economy_shown: list[Id]
    event_deck: list[Id]
    events_seen: list[Id]
    display: list[Id]
    bonus: list[Money]
    gone: list[Id]
    town: list[Id]
    passed: list[StrictBool]
    submitted: list[StrictBool]
    pending_events: list[Id]
    down: list[Id]
    seen_workers: list[Annotated[StrictInt, Field(ge=0, le=1)]]
    income: list[Money]
    offer: list[Money]
    offered: list[Seat]
    carried: list[Id]
    asks: list[Seat]
    decks: list[list[Id]]
    workers: list[list[Id]]
    contracts: list[list[Id]]
    ious: list[list[Annotated[StrictInt, Field(ge=0, le=1000)]]]
    hands: list[list[Id]]
    built: list[list[Annotated[StrictInt, Field(ge=0, le=1)]]]
    plans: list[list[Annotated[StrictInt, Field(ge=0, le=100_000)]]]
    rented_in: list[list[Annotated[StrictInt, Field(ge=0, le=SKILLS - 1)]]]
    rented_out: list[list[Id]]
    looked: list[list[Id]]


def check(s: MasterBuilderState) -> None:
    """What no game could reach: a card in two places or missing, a seat or a count out
    of range, a wage marker that is not the sum of the wages."""
    content, players = s.content, s.num_players
    within("players", players, MIN_PLAYERS, MAX_PLAYERS)
    assert s.phase in PHASES
    within("first", s.first, 0, players - 1)
    within("turn", s.turn, 0, players - 1)
    within("bidder", s.bidder, -1, players - 1)
    for seat in s.offered:
        within("offered", seat, 0, players - 1)
    for seat in s.asks:
        within("asks", seat, 0, players - 1)
    if bool(s.asks) != (s.phase in ("repay-bonus", "repay-gain")) or (
        s.asks and s.asks[0] != s.turn
    ):
        refuse("asks", "the seats asked to repay with money just come, the first to act")
    within("round", s.round, 1, s.last_round)
    within("last_round", s.last_round, 2, content.rounds)
    within("plan_from", s.plan_from, 0, len(s.history))
    within("go_round", s.go_round, 0, max(content.hire_turns, content.draft_workers))
    if s.looking != -1 and s.phase != "look":
        refuse("looking", "a deck is looked into only while choosing from it")
    for name in ("wage", "passed", "submitted", "income", "workers", "contracts", "ious",
                 "hands", "plans", "rented_in", "rented_out", "looked"):  # fmt: skip
        if len(getattr(s, name)) != players:
            refuse(name, f"one entry per player ({players})")
    cards = workers(content)
    if len(s.decks) != SKILLS:
        refuse("decks", f"{SKILLS} worker decks")
    for skill, deck in enumerate(s.decks):
        if any(not 0 <= w < len(cards) or cards[w].skill != skill for w in deck):
            refuse("decks", "each deck holds workers of its own skill")
    once("worker card", range(len(cards)), {
        "decks": [w for deck in s.decks for w in deck],
        "workers": [w for row in s.workers for w in row],
    })  # fmt: skip
    if len(s.seen_workers) != len(cards):
        refuse("seen_workers", "one flag per worker card")
    for p in range(players):
        if wages(content, s.workers[p]) != s.wage[p]:
            refuse("wage", f"player {p}'s wage marker is the sum of their workers' wages")
        if len(s.ious[p]) != LOANS:
            refuse("ious", f"a count per loan type ({LOANS})")
        if any(w not in s.workers[p] for w in s.rented_out[p]):
            refuse("rented_out", "a seat rents out its own workers only")
    contracts = len(content.contracts)
    once("contract", range(contracts), {
        "contract_deck": s.contract_deck, "removed": s.removed, "display": s.display,
        "contracts": [c for row in s.contracts for c in row], "town": s.town, "gone": s.gone,
    })  # fmt: skip
    if any(c not in s.display for c in s.carried):
        refuse("carried", "a contract carried over is on display")
    if s.auction != -1 and s.auction not in s.display:
        refuse("auction", "the contract up for bidding is on display")
    for name in ("bonus", "built"):
        if len(getattr(s, name)) != contracts:
            refuse(name, f"one entry per contract ({contracts})")
    if any(len(row) != SECTIONS for row in s.built):
        refuse("built", f"{SECTIONS} sections per contract")
    once("economic card", range(len(content.economy)), {
        "economy": s.economy, "boxed_economy": s.boxed_economy,
        "economy_shown": s.economy_shown,
    })  # fmt: skip
    once("event card", range(len(content.events)), {
        "event_deck": s.event_deck, "hands": [e for row in s.hands for e in row],
    })  # fmt: skip
    owned = {w for row in s.workers for w in row}
    if any(w not in owned for w in s.down):
        refuse("down", "only hired workers are face down")
    if s.event != -1:
        within("event", s.event, 0, len(content.events) - 1)
    for key in (k for row in s.plans for k in row):
        within("plans", key, 0, contracts * SECTIONS * 14 - 1)
    if s.offer:
        if len(s.offer) != 4:
            refuse("offer", "an offer is [owner, skill, player, price]")
        owner, skill, player, _ = s.offer
        for seat in (owner, player):
            within("offer", seat, 0, players - 1)
        within("offer", skill, 0, SKILLS - 1)
