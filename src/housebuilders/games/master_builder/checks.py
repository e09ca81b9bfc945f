"""Master Builder's saved state: its schema and the consistency checks ``from_json`` makes
(each refusal a StateError naming the field)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, StrictBool, StrictInt

from housebuilders.core.loading import GameStateJson, once, refuse, within
from housebuilders.games.master_builder.content import (
    LOANS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SECTIONS,
    SKILLS,
    wages,
    workers,
)
from housebuilders.games.master_builder.phases import SECTIONS as PHASES

if TYPE_CHECKING:
    from housebuilders.games.master_builder.state import MasterBuilderState

Seat = Annotated[StrictInt, Field(ge=-1, le=MAX_PLAYERS - 1)]  # -1: none
Id = Annotated[StrictInt, Field(ge=-1, le=10_000)]
Money = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)]
Phase = Literal[
    "draft", "hire", "look", "open", "opening-bid", "bid", "event", "event-choice", "rent",
    "rent-answer", "plan", "loan", "repay", "over", "repay-bonus", "repay-gain", "rent-price",
    "rent-counter",
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
    fired: list[list[Id]]


def check(s: MasterBuilderState) -> None:
    """What no game could reach: a card in two places or missing, a seat or a count out
    of range, a wage marker that is not the sum of the wages, a value outside the rules'
    ranges (``ranges``)."""
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
    cards_count = len(workers(content))
    if s.phase not in ("hire", "look") and any(s.fired):
        refuse("fired", "workers are fired in this phase only during hiring")
    for row in s.fired:
        if any(not 0 <= w < cards_count for w in row) or len(set(row)) != len(row):
            refuse("fired", "each a worker card, once")
    if s.looking != -1 and s.phase != "look":
        refuse("looking", "a deck is looked into only while choosing from it")
    for name in ("wage", "passed", "submitted", "income", "workers", "contracts", "ious",
                 "hands", "plans", "rented_in", "rented_out", "looked", "fired"):  # fmt: skip
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
    ranges(s)


def ranges(s: MasterBuilderState) -> None:
    """The rules' ranges: a wage marker on the track (MB-36: it ends at 30), cash never
    below 0 (a bid, a rent, a look and a repayment are paid from cash, a "pay" event takes
    what a seat has, wages are covered by loans) nor above all the money a seat can hold;
    no more IOUs than wages could call for (loans only for wages, MB-104); the high bid at
    least the contract's minimum and within its bidder's cash (MB-45, MB-48); a bonus of
    $5,000 on a contract carried over and nothing elsewhere (MB-64); sections built only
    on contracts held or in the town, and the town's buildings complete."""
    content, players = s.content, s.num_players
    top = content.most_cash()
    for p in range(players):
        if not 0 <= s.wage[p] <= content.wage_cap:
            refuse("wage", f"player {p}'s wage marker is {s.wage[p]}, off the wage track "
                   f"(0 to {content.wage_cap})")  # fmt: skip
        if not 0 <= s.cash[p] <= top:
            refuse("cash", f"player {p} holds {s.cash[p]}: cash is 0 to {top} (the most a "
                   "seat can hold)")  # fmt: skip
        if s.income[p] < 0:
            refuse("income", f"player {p}'s income is {s.income[p]}, below 0")
    smallest = min(loan.amount for loan in content.loans)
    most_loans = content.rounds * -(-content.wage_cap // smallest)
    for p in range(players):
        if sum(s.ious[p]) > most_loans:
            refuse("ious", f"player {p} holds {sum(s.ious[p])} IOUs, more than wages could "
                   f"call for in {content.rounds} rounds ({most_loans})")  # fmt: skip
    if s.bidder == -1:
        if s.high != 0:
            refuse("high", "a high bid without a bidder")
    elif s.auction == -1:
        refuse("bidder", "a bidder without a contract up for bidding")
    else:
        low = content.contracts[s.auction].min_bid
        if not low <= s.high <= s.cash[s.bidder]:
            refuse("high", f"the high bid {s.high} is not between contract {s.auction + 1}'s "
                   f"minimum ({low}) and its bidder's cash ({s.cash[s.bidder]})")  # fmt: skip
    for c, bonus in enumerate(s.bonus):
        if bonus != (content.unwanted_bonus if c in s.carried else 0):
            refuse("bonus", f"contract {c + 1} has {bonus} on it: only a contract carried "
                   f"over has {content.unwanted_bonus}")  # fmt: skip
    held = {c for row in s.contracts for c in row}
    for c, row in enumerate(s.built):
        if c in s.town and not all(row):
            refuse("built", f"contract {c + 1} is in the town with sections unbuilt")
        if any(row) and c not in held and c not in s.town:
            refuse("built", f"contract {c + 1} has sections built and nobody holds it")
    if bool(s.offer) != (s.phase in ("rent-price", "rent-answer", "rent-counter")):
        refuse("offer", "a rent offer waits only while it is priced or answered")
    if s.offer and s.phase == "rent-price" and s.offer[3] != -1:
        refuse("offer", "the offer's price is still to propose (-1)")
    if s.offer and s.phase != "rent-price" and not 0 <= s.offer[3] <= top:
        refuse("offer", f"a rent of {s.offer[3]} is out of range (0 to {top})")
