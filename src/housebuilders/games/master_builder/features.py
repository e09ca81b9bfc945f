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

from housebuilders.core import Json
from housebuilders.core.features import Features, Vector, relative, rotated, seats
from housebuilders.games.master_builder import phases

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


FEATURES = Features("master-builder", encode)
