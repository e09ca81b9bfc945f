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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from housebuilders.core import Json
from housebuilders.core.content import per_content
from housebuilders.core.features import (
    Features,
    Vector,
    amount,
    pack,
    relative,
    rotated,
    seats,
)
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
    v.amount(entry["cash"], 30)
    v.num(entry["wage"], 20)
    v.amount(entry["debt"], 80)
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
    v.amount(entry["score"]["total"], 50)


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
    v.amount(obs["high"], 50)
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
# The vector is put together as float32 bytes (as games/dream_home/features.py does):
# what changes rarely (the round and who acts, the decks' tops, a seat's crew and
# contracts) packed once and kept by the values it is made of, the rest gathered in
# lists of floats and packed together between them, then one array of it all.


@dataclass(frozen=True)
class _Tables:
    """What ``encode`` reads off each worker card in the observation, made once per
    content (by worker id), and the parts of vectors lately packed."""

    quirks: int  # the content's quirks: a seat's count of each
    #: a deck's values packed (``_worker`` of the card atop it, its size) by its top card
    #: (the last: none) and size
    deck: tuple[tuple[bytes, ...], ...]
    skill: tuple[int, ...]  # its place among the skills counted
    traits: tuple[tuple[int, ...], ...]  # the places of its quirks, counted once each
    wage: tuple[int, ...]
    #: the vector's head (the table, round, phase, first seat and those acting) by
    #: (seats, round, last round, phase, first, observer, acting); a seat's crew and
    #: contracts by (crew, contracts, face-down); a contract's ``breakdown_of`` (what
    #: it scores) by (contract, its sections built)
    heads: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    crews: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    buildings: dict[tuple[object, ...], int] = field(default_factory=dict)


_KEPT = 4096  # the parts kept, of each kind, per content (at most some 200 bytes each)


@per_content
def _tables(content: MasterBuilderContent) -> _Tables:
    quirks = [q.code for q in content.quirks]
    place = {q: i for i, q in enumerate(quirks)}
    cards = workers(content)

    def deck(w: Json | None) -> tuple[bytes, ...]:
        v = Vector()
        _worker(v, w, quirks)
        return tuple(pack([*v.values, size / 12]) for size in range(len(cards) + 1))

    return _Tables(
        quirks=len(quirks),
        deck=(
            *(deck({"skill": c.skill, "quirks": c.quirks, "wage": c.wage}) for c in cards),
            deck(None),
        ),
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


def _onehots(n: int) -> tuple[list[float], ...]:
    """``Vector.onehot(i, n)``'s values at ``i``, for each ``i`` of 0..n-1, then (at
    ``n``, and so at -1 too) all zeros: the onehot of none."""
    return tuple([float(i == j) for j in range(n)] for i in range(n + 1))


# the onehots of the ids the state keeps (NONE = -1 reads the last, all zeros; the
# content has at most DECKS decks, EVENTS events and CONTRACTS contracts)
_SEAT_HOTS, _DECK_HOTS = _onehots(SEATS), _onehots(DECKS)
_EVENT_HOTS, _CONTRACT_HOTS = _onehots(EVENTS), _onehots(CONTRACTS)


def _head(s: MasterBuilderState, you: int | None) -> bytes:
    """The vector's first values: the table, round, phase, first seat and those acting."""
    n = s.num_players
    v = Vector()
    v.onehot(n - 2, SEATS - 1)
    v.num(s.round, 6)
    v.num(s.last_round, 6)
    v.word(s.phase, PHASES)
    v.onehot(relative(s.first, you, n), SEATS)
    acting = [0.0] * SEATS
    for player in s.acting_players():
        acting[relative(player, you, n) or 0] = 1.0
    v.extend(acting)
    return pack(v.values)


def _crew(t: _Tables, crew: list[int], contracts: list[int], down: list[int]) -> bytes:
    """A seat's workers by skill (face up, face down) and quirk, its wages, and its
    contracts counted."""
    up, face_down = [0.0] * SKILLS, [0.0] * SKILLS
    traits = [0.0] * t.quirks
    for w in crew:
        (face_down if down and w in down else up)[t.skill[w]] += 1 / 3
        for i in t.traits[w]:
            traits[i] += 1 / 3
    values = [*up, *face_down, *traits, sum([t.wage[w] for w in crew]) / 20]
    values += _count(contracts, CONTRACTS)
    return pack(values)


def encode_of_state(s: MasterBuilderState, you: int | None) -> array:
    """``encode`` of the state itself, without its observation: what it hides hidden
    here too (the others' hands, the others' plans while the plans are made, the deck
    looked into but by the seat looking, every deck below its top)."""
    t = _tables(s.content)
    n = s.num_players
    phase = s.phase
    key: tuple[object, ...] = (n, s.round, s.last_round, phase, s.first, you, s.acting_players())
    head = t.heads.get(key)
    if head is None:
        if len(t.heads) >= _KEPT:
            t.heads.clear()
        head = t.heads[key] = _head(s, you)
    decks, deck = s.decks, t.deck  # DECKS of them: one a skill (checks.py)
    parts = [head, *[deck[cards[0] if cards else -1][len(cards)] for cards in decks]]
    values = [0.0] * (SKILLS + 1)  # the deck looked into, by skill: its looker's alone
    if phase == phases.LOOK and you == s.turn:
        for w in decks[s.looking]:
            values[t.skill[w]] += 1 / 6  # the content has SKILLS skills, no other
    values += _DECK_HOTS[s.looking]
    values += (len(s.contract_deck) / CONTRACTS, len(s.economy) / 6,
               len(s.economy_shown) / 6, len(s.event_deck) / EVENTS)  # fmt: skip
    values += _EVENT_HOTS[s.event]
    values.append(len(s.pending_events) / 3)
    values += _count(s.events_seen, EVENTS)
    values.append(1.0 if s.no_roofs else 0.0)
    bonus = [0.0] * CONTRACTS
    for c in s.display:
        bonus[c] = 1 + s.bonus[c] / 10
    values += bonus
    values += _CONTRACT_HOTS[s.auction]
    values.append(amount(s.high, 50))
    bidder = relative(s.bidder, you, n)
    values += _SEAT_HOTS[-1 if bidder is None else bidder]
    values += rotated(s.passed, you)
    values += (0.0,) * (SEATS - n)
    values += _count(s.gone, CONTRACTS)
    values += _count(s.town, CONTRACTS)
    built = s.built
    for row in built:  # SECTIONS a contract (checks.py)
        values += row
    values += (0.0,) * (SECTIONS * (CONTRACTS - len(built)))
    late = s.late()
    values += (len(s.offer) / 3, 1.0 if late else 0.0)
    # the seats, as ``seats`` writes them: a flag, the seat's values; zeros for the
    # seats the table does not have
    no_hand = [0.0] * (EVENTS + 1)
    down = s.down
    plans_shown = phase != phases.PLAN
    crews, kept = t.crews, t.buildings
    for p in rotated(range(n), you):
        cash, debt = s.cash[p], s.debt(p, late)
        values += (1.0, amount(cash, 30), s.wage[p] / 20, amount(debt, 80))
        parts.append(pack(values))
        crew, contracts = s.workers[p], s.contracts[p]
        key = (tuple(crew), tuple(contracts), tuple(down))
        part = crews.get(key)
        if part is None:
            if len(crews) >= _KEPT:
                crews.clear()
            part = crews[key] = _crew(t, crew, contracts, down)
        parts.append(part)
        crew_size = len(part) // 4
        hand = s.hands[p]
        values = [len(s.rented_in[p]) / 2, len(s.rented_out[p]) / 2, len(hand) / 3]
        values += _count(hand, EVENTS) if p == you else no_hand
        values.append(1.0 if s.submitted[p] else 0.0)
        values += (1.0, len(s.plans[p]) / 3) if p == you or plans_shown else (0.0, 0.0)
        buildings = 0
        for c in contracts:
            key = (c, *built[c])
            worth = kept.get(key)
            if worth is None:
                if len(kept) >= _KEPT:
                    kept.clear()
                worth = kept[key] = s.breakdown_of(c)
            buildings += worth
        values.append(amount(cash + buildings - debt, 50))
    values += (0.0,) * ((len(values) + crew_size + 4) * (SEATS - n))
    parts.append(pack(values))
    return array("f", b"".join(parts))


FEATURES = Features("master-builder", encode, encode_of_state)
