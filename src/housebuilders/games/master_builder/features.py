"""Master Builder observations as vectors for learning (core/features.py).

The round and phase; the contracts by number: on display (with their bonus), up for
auction, taken, built in town, and the sections built of each; the auction's high bid
and who has passed; the worker decks' tops and sizes (and the deck the observer looks
into); the events seen and the one in play. Per seat (the observer's first, padded to
four): cash, wage, debt, workers by skill and quirk, contracts, rented workers, the
hand's size (its cards only for the observer) and the construction plan once the
observation shows it (the others' stay hidden until the plans are revealed).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING

from housebuilders.core import Json
from housebuilders.core.content import per_content
from housebuilders.core.features import Features, Vector, relative, rotated, seats
from housebuilders.games.master_builder import phases
from housebuilders.games.master_builder.content import MasterBuilderContent, workers

if TYPE_CHECKING:
    from housebuilders.games.master_builder.state import MasterBuilderState

SEATS = 4
CONTRACTS = 12
SECTIONS = 6
EVENTS = 16
DECKS = 4
SKILLS = 4
PHASES = (phases.DRAFT, phases.HIRE, phases.LOOK, phases.OPEN, phases.OPENING_BID, phases.BID,
          phases.EVENT, phases.EVENT_CHOICE, phases.RENT, phases.RENT_ANSWER, phases.PLAN,
          phases.LOAN, phases.REPAY, phases.OVER, phases.REPAY_BONUS,
          phases.REPAY_GAIN, phases.RENT_PRICE, phases.RENT_COUNTER)  # fmt: skip


def _workers(v: Vector, workers: list[Json], quirks: list[str]) -> None:
    up, down = [0.0] * SKILLS, [0.0] * SKILLS
    traits = [0.0] * len(quirks)
    place = {q: i for i, q in enumerate(quirks)}
    for w in workers:
        (down if w["down"] else up)[min(w["skill"], SKILLS - 1)] += 1 / 3
        for q in set(w["quirks"]):
            if (i := place.get(q)) is not None:
                traits[i] += 1 / 3
    v.extend(up)
    v.extend(down)
    v.extend(traits)
    v.num(sum(w["wage"] for w in workers), 20)


def _worker(v: Vector, w: Json | None, quirks: list[str]) -> None:
    v.onehot(w["skill"] if w else None, SKILLS)
    v.extend([float(w is not None and q in w["quirks"]) for q in quirks])
    v.num(w["wage"] if w else None, 5)


def _contracts(v: Vector, numbers: list[int]) -> None:
    v.counts(numbers, range(CONTRACTS))


def _seat(v: Vector, entry: Json, quirks: list[str]) -> None:
    v.num(entry["cash"], 30)
    v.num(entry["wage"], 20)
    v.num(entry["debt"], 80)
    _workers(v, entry["workers"], quirks)
    _contracts(v, entry["contracts"])
    v.num(len(entry["rented_in"]), 2)
    v.num(len(entry["rented_out"]), 2)
    v.num(entry["hand"], 3)
    v.counts(entry.get("hand_cards", ()), range(EVENTS))
    v.flag(entry["submitted"])
    plan = entry.get("plan")
    v.flag(plan is not None)
    v.num(len(plan) if plan else None, 3)
    v.num(entry["score"]["total"], 50)


def encode(obs: Json) -> array:
    v = Vector()
    you, players = obs["you"], obs["players"]
    quirks = [q["code"] for q in obs["quirks"]]
    n = len(players)
    v.onehot(n - 2, SEATS - 1)
    v.num(obs["round"], 6)
    v.num(obs["last_round"], 6)
    v.word(obs["phase"], PHASES)
    v.onehot(relative(obs["first"], you, n), SEATS)
    acting = [0.0] * SEATS
    for seat in obs["acting"]:
        acting[relative(seat, you, n) or 0] = 1.0
    v.extend(acting)
    for d in range(DECKS):
        deck = obs["decks"][d] if d < len(obs["decks"]) else None
        _worker(v, deck["top"] if deck else None, quirks)
        v.num(deck["size"] if deck else None, 12)
    looking = obs["looking"]
    v.counts([w["skill"] for w in looking or ()], range(SKILLS), 6)
    v.onehot(obs["looked_deck"], DECKS)
    v.num(obs["contract_deck"], CONTRACTS)
    v.num(obs["economy_left"], 6)
    v.num(len(obs["economy_shown"]), 6)
    v.num(obs["event_deck"], EVENTS)
    v.onehot(obs["event"], EVENTS)
    v.num(obs["pending_events"], 3)
    v.counts(obs["events_seen"], range(EVENTS))
    v.flag(obs["no_roofs"])
    bonus = [0.0] * CONTRACTS
    for shown in obs["display"]:
        if 0 <= shown["contract"] < CONTRACTS:
            bonus[shown["contract"]] = 1 + shown["bonus"] / 10
    v.extend(bonus)
    v.onehot(obs["auction"], CONTRACTS)
    v.num(obs["high"], 50)
    v.onehot(relative(obs["bidder"], you, n), SEATS)
    v.padded(rotated(obs["passed"], you), SEATS)
    _contracts(v, obs["gone"])
    _contracts(v, obs["town"])
    built = obs["built"]
    for c in range(CONTRACTS):
        v.padded(built[c] if c < len(built) else (), SECTIONS)
    v.num(len(obs["offer"]), 3)
    v.flag(obs["late"])
    return seats(v, rotated(players, you), lambda v, e: _seat(v, e, quirks), SEATS)


# == the same vectors read from the state (Features.of_state) =========================
@dataclass(frozen=True)
class _Cards:
    """What ``encode`` reads off each worker card in the observation, made once per
    content (by worker id)."""

    quirks: int  # the content's quirks: a seat's count of each
    top: tuple[list[float], ...]  # ``_worker`` of the card atop a deck
    no_top: list[float]  # ``_worker`` of no card
    skill: tuple[int, ...]  # its place among the skills counted
    traits: tuple[tuple[int, ...], ...]  # the places of its quirks, counted once each
    wage: tuple[int, ...]


@per_content
def _cards(content: MasterBuilderContent) -> _Cards:
    quirks = [q.code for q in content.quirks]
    place = {q: i for i, q in enumerate(quirks)}
    cards = workers(content)

    def top(w: Json | None) -> list[float]:
        v = Vector()
        _worker(v, w, quirks)
        return v.values

    return _Cards(
        quirks=len(quirks),
        top=tuple(top({"skill": c.skill, "quirks": c.quirks, "wage": c.wage}) for c in cards),
        no_top=top(None),
        skill=tuple(min(c.skill, SKILLS - 1) for c in cards),
        traits=tuple(tuple(place[q] for q in set(c.quirks) if q in place) for c in cards),
        wage=tuple(c.wage for c in cards),
    )


def _count(ids: list[int], width: int) -> list[float]:
    """``Vector.counts`` of ids all below ``width`` (contracts, events: the content has
    at most as many) over ``range(width)``."""
    row = [0.0] * (width + 1)
    for i in ids:
        row[i] += 1.0
    return row


def encode_of_state(s: MasterBuilderState, you: int | None) -> array:
    """``encode`` of the state itself, without its observation: what it hides hidden
    here too (the others' hands, the others' plans while the plans are made, the deck
    looked into but by the seat looking, every deck below its top)."""
    v = Vector()
    out = v.values
    cards = _cards(s.content)
    n = s.num_players
    phase = s.phase
    v.onehot(n - 2, SEATS - 1)
    out += (s.round / 6, s.last_round / 6)
    v.word(phase, PHASES)
    v.onehot(relative(s.first, you, n), SEATS)
    acting = [0.0] * SEATS
    for player in s.acting_players():
        acting[relative(player, you, n) or 0] = 1.0
    out += acting
    decks = s.decks
    for d in range(DECKS):
        deck = decks[d] if d < len(decks) else None
        out += cards.top[deck[0]] if deck else cards.no_top
        v.num(len(deck) if deck is not None else None, 12)
    looking = [0.0] * (SKILLS + 1)  # the deck looked into, by skill: its looker's alone
    if phase == phases.LOOK and you == s.turn:
        for w in decks[s.looking]:
            looking[cards.skill[w]] += 1 / 6  # the content has SKILLS skills, no other
    out += looking
    v.onehot(s.looking, DECKS)
    out += (len(s.contract_deck) / CONTRACTS, len(s.economy) / 6,
            len(s.economy_shown) / 6, len(s.event_deck) / EVENTS)  # fmt: skip
    v.onehot(s.event, EVENTS)
    v.num(len(s.pending_events), 3)
    out += _count(s.events_seen, EVENTS)
    v.flag(s.no_roofs)
    bonus = [0.0] * CONTRACTS
    for c in s.display:
        if 0 <= c < CONTRACTS:
            bonus[c] = 1 + s.bonus[c] / 10
    out += bonus
    v.onehot(s.auction, CONTRACTS)
    v.num(s.high, 50)
    v.onehot(relative(s.bidder, you, n), SEATS)
    v.padded(rotated(s.passed, you), SEATS)
    out += _count(s.gone, CONTRACTS)
    out += _count(s.town, CONTRACTS)
    built = s.built
    for row in built[:CONTRACTS]:
        if len(row) == SECTIONS:
            out += row
        else:
            v.padded(row, SECTIONS)
    out += (0.0,) * (SECTIONS * max(0, CONTRACTS - len(built)))
    v.num(len(s.offer), 3)
    v.flag(s.late())
    no_hand = [0.0] * (EVENTS + 1)
    down = s.down
    plans_shown = phase != phases.PLAN

    def seat(v: Vector, p: int) -> None:
        out = v.values
        cash = s.cash[p]
        debt = s.debt(p)
        out += (cash / 30, s.wage[p] / 20, debt / 80)
        up, face_down = [0.0] * SKILLS, [0.0] * SKILLS
        traits = [0.0] * cards.quirks
        crew = s.workers[p]
        for w in crew:
            (face_down if down and w in down else up)[cards.skill[w]] += 1 / 3
            for i in cards.traits[w]:
                traits[i] += 1 / 3
        out += up
        out += face_down
        out += traits
        out.append(sum([cards.wage[w] for w in crew]) / 20)
        contracts = s.contracts[p]
        out += _count(contracts, CONTRACTS)
        hand = s.hands[p]
        out += (len(s.rented_in[p]) / 2, len(s.rented_out[p]) / 2, len(hand) / 3)
        out += _count(hand, EVENTS) if p == you else no_hand
        v.flag(s.submitted[p])
        out += (1.0, len(s.plans[p]) / 3) if p == you or plans_shown else (0.0, 0.0)
        buildings = sum([s.breakdown_of(c) for c in contracts])
        out.append((cash + buildings - debt) / 50)

    return seats(v, rotated(range(n), you), seat, SEATS)


FEATURES = Features("master-builder", encode, encode_of_state)
