"""Welcome To observations as vectors for learning (core/features.py).

The vector's length is the same at every player count (1 to 100): the observer's own
sheet in full, house by house, and the other sheets summed up (how many have chosen
this round, their temporary workers, refusals and claimed city plans), which is what
the scoring compares between sheets. The round's three pairs, the piles, the city
plans, and where the observer is in its turn (the pair and house chosen so far). The
others' choices of the round are not in the observation until the round is revealed,
so not here either.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import TYPE_CHECKING

from housebuilders.core import Json
from housebuilders.core.content import per_content
from housebuilders.core.features import Features, Vector, pack
from housebuilders.games.welcome_to.content import ACTION_NAMES, WelcomeToContent
from housebuilders.games.welcome_to.phases import DONE, STAGE_NAMES
from housebuilders.games.welcome_to.sheet import EMPTY, Layout, Sheet

if TYPE_CHECKING:
    from housebuilders.games.welcome_to.state import WelcomeToState

ACTIONS = tuple(ACTION_NAMES)
STREETS = 3
HOUSES = 12  # the longest street's houses (10, 11, 12 on the Classic sheet)
NUMBERS = 17  # house numbers 0 to 17
SIZES = 6  # estate sizes 1 to 6


def _sheet(v: Vector, entry: Json) -> None:
    for street in range(STREETS):
        row = entry["streets"][street] if street < len(entry["streets"]) else None
        numbers = row["numbers"] if row else []
        v.padded([n is not None for n in numbers], HOUSES)
        v.padded([-1 if n is None else n for n in numbers], HOUSES, NUMBERS)
        for key in ("bis", "pools", "fences"):
            marks = [0.0] * HOUSES
            for house in row[key] if row else ():
                if house < HOUSES:
                    marks[house] = 1.0
            v.extend(marks)
        v.num(row["parks"] if row else None, 6)
    v.padded(entry["improvements"], SIZES, 4)
    v.num(entry["temps"], 11)
    v.num(entry["extensions"], 9)
    v.num(entry["refusals"], 3)
    for claimed in entry["plans"][:3]:
        v.flag(claimed is not None)
        v.num(claimed, 13)
    v.num(len(entry["used"]), 6)


def _others(v: Vector, others: list[Json]) -> None:
    k = max(len(others), 1)
    v.num(len(others), 10)
    v.num(sum(e["done"] for e in others), k)
    temps = [e["temps"] for e in others] or [0]
    v.num(max(temps), 11)
    v.num(sum(temps), 11 * k)
    v.num(sum(e["refusals"] for e in others), 3 * k)
    for plan in range(3):
        v.num(sum(e["plans"][plan] is not None for e in others), k)
    written = sum(n is not None for e in others for s in e["streets"] for n in s["numbers"])
    v.num(written, 33 * k)


def encode(obs: Json) -> array:
    v = Vector()
    you, players = obs["you"], obs["players"]
    v.num(obs["round"], 30)
    v.flag(obs["phase"] == "over")
    for pair in obs["pairs"][:3]:
        v.num(pair["number"], NUMBERS)
        v.word(pair["action"], ACTIONS)
    v.nums(obs["stacks"][:3], 27)
    v.nums(obs["discards"][:3], 27)
    for plan in obs["plans"][:3]:
        v.counts([min(size, SIZES) for size in plan["estates"]], range(1, SIZES + 1), 3)
        v.num(plan["first"], 13)
        v.num(plan["later"], 13)
        v.flag(plan["flipped"])
    own = players[you] if you is not None else None
    v.flag(own is not None)
    if own is None:
        v.extend((0.0,) * _SHEET)
    else:
        start = len(v)
        _sheet(v, own)
        assert len(v) - start == _SHEET
    v.flag(own is not None and own["done"])
    _others(v, [e for p, e in enumerate(players) if p != you])
    turn = obs.get("turn") or {}
    v.word(turn.get("asked"), STAGE_NAMES)
    v.onehot(turn.get("pair"), 3)
    v.num(turn.get("number"), NUMBERS)
    v.word(turn.get("action"), ACTIONS)
    v.onehot(turn.get("street"), STREETS)
    v.num(turn.get("house"), HOUSES)
    v.onehot(turn.get("plan"), 3)
    v.counts([min(size, SIZES) for size in turn.get("sizes", ())], range(1, SIZES + 1), 3)
    return v.done()


def _sheet_size() -> int:
    v = Vector()
    empty = {"numbers": [], "bis": [], "pools": [], "fences": [], "parks": 0}
    _sheet(v, {"streets": [empty] * STREETS, "improvements": [], "temps": 0, "extensions": 0,
               "refusals": 0, "plans": [None] * 3, "used": []})  # fmt: skip
    return len(v)


_SHEET = _sheet_size()

# == the same vectors read from the state (Features.of_state) =========================
# The vector is put together as float32 bytes: a revealed sheet's values packed once
# (kept in its ``memo``: it never changes again), a street's kept by its houses and
# marks, the rest packed each call.


def _word(value: object, vocabulary: tuple[object, ...]) -> list[float]:
    v = Vector()
    v.word(value, vocabulary)
    return v.values


def _onehot(i: int, n: int) -> list[float]:
    v = Vector()
    v.onehot(i, n)
    return v.values


_ACTION = {action: _word(action, ACTIONS) for action in ACTIONS}  # ``v.word`` of each
_OTHER_ACTION = _word("another", ACTIONS)
_STAGE = tuple(_word(name, STAGE_NAMES) for name in STAGE_NAMES)
_SIZES = range(1, SIZES + 1)
_SIZE_PLACE = {size: size - 1 for size in _SIZES}  # a size's place in ``v.counts``
_NO_SHEET = pack([0.0] * (1 + _SHEET))  # no own sheet (a spectator): its flag, its values
_MEMO = "features"  # a revealed sheet's packed values, in its memo
_ZEROS = (0.0,) * HOUSES
_NO_CHOICE = (0.0,) * (3 + 1 + len(ACTIONS) + 1 + STREETS + 1)  # no pair chosen yet
_NO_MARKING = (0.0,) * (3 + SIZES + 1)  # no estates being marked for a plan
_NO_TURN = pack([0.0] * (len(STAGE_NAMES) + 1 + len(_NO_CHOICE) + len(_NO_MARKING)))


@cache
def _marks(mask: int) -> tuple[float, ...]:
    """The ``HOUSES`` marks of a street's houses (or gaps) by a bitmask of them."""
    return tuple(float(mask >> house & 1) for house in range(HOUSES))


@per_content
def _plans(content: WelcomeToContent) -> tuple[tuple[list[float], ...], ...]:
    """Each plan's values (but whether it is flipped), by deck and index in the deck."""

    def values(estates: list[int], first: int, later: int) -> list[float]:
        v = Vector()
        v.counts([min(size, SIZES) for size in estates], _SIZES, 3)
        v.num(first, 13)
        v.num(later, 13)
        return v.values

    return tuple(
        tuple(values(plan.estates, plan.first, plan.later) for plan in content.plans.deck(k))
        for k in range(3)
    )


def _street(numbers: list[int], bis: int, pools: int, fences: int, parks: int) -> bytes:
    """A street's values in ``_sheet``, packed: its houses' ``numbers``, its marks as
    bitmasks of its houses (gaps, for the fences)."""
    row = numbers[:HOUSES]
    pad = _ZEROS[len(row) :]
    values = [0.0 if n < 0 else 1.0 for n in row]
    values += pad
    values += [(-1 if n < 0 else n) / NUMBERS for n in row]
    values += pad
    values += _marks(bis)
    values += _marks(pools)
    values += _marks(fences)
    values.append(parks / 6)
    return pack(values)


#: the streets' packed values lately seen, by (marks, parks, numbers): a street
#: changes a house or a mark a round, at most
_STREETS: dict[tuple[int, ...], bytes] = {}
_NO_STREET = pack([0.0] * (5 * HOUSES + 1))  # a street the sheet does not have


def _sheet_of_state(L: Layout, sheet: Sheet) -> bytes:
    """``_sheet`` of the sheet's JSON, packed."""
    parts = []
    numbers, parks = sheet.numbers, sheet.parks
    streets, streets_seen = len(L.streets), _STREETS
    for street in range(STREETS):
        if street >= streets:
            parts.append(_NO_STREET)
            continue
        size, base = L.streets[street], L.first[street]
        houses = (1 << size) - 1
        bis, pools = sheet.bis >> base & houses, sheet.pools >> base & houses
        fences = sheet.fences >> L.gap_first[street] & houses >> 1
        key = (bis, pools, fences, parks[street], *numbers[base : base + size])
        values = streets_seen.get(key)
        if values is None:
            if len(streets_seen) >= 8192:
                streets_seen.clear()
            values = streets_seen[key] = _street(
                numbers[base : base + size], bis, pools, fences, parks[street]
            )
        parts.append(values)
    improvements = sheet.improvements[:SIZES]
    tail = [x / 4 for x in improvements]
    tail += _ZEROS[: SIZES - len(improvements)]
    tail += (sheet.temps / 11, sheet.extensions / 9, sheet.refusals / 3)
    for claimed in sheet.plans[:3]:
        tail += (0.0, 0.0) if claimed is None else (1.0, claimed / 13)
    tail.append(len(sheet.used) / 6)
    parts.append(pack(tail))
    return b"".join(parts)


def encode_of_state(s: WelcomeToState, you: int | None) -> array:
    """``encode`` of the state itself, without its observation (which shows the others'
    sheets as the last reveal left them, and the observer's own as it stands: so does
    this)."""
    cards, piles, discards = s.cards, s.piles, s.discards
    values = [s.round / 30, 1.0 if s.over else 0.0]
    for k in range(3):
        values.append(cards[piles[k][-1]][0] / NUMBERS)
        values += _ACTION.get(cards[discards[k][-1]][1], _OTHER_ACTION)
    values += [len(pile) / 27 for pile in piles[:3]]
    values += [len(pile) / 27 for pile in discards[:3]]
    plans = _plans(s.content)
    for k in range(3):
        values += plans[k][s.plans[k]]
        values.append(1.0 if s.flipped[k] else 0.0)
    public, stage, L = s.public, s.stage, s.L
    if you is None:
        parts = [pack(values), _NO_SHEET]
        values = [0.0]
    else:
        values.append(1.0)
        own = s.pending[you] or public[you]
        sheet = own.memo.get(_MEMO) if own.frozen else None
        if sheet is None:
            sheet = _sheet_of_state(L, own)
            if own.frozen:
                own.memo[_MEMO] = sheet
        parts = [pack(values), sheet]
        values = [1.0 if stage[you] == DONE else 0.0]
    # the others' sheets, summed up
    others = len(public) - (you is not None)
    k = max(others, 1)
    done = temps = most = refusals = written = 0
    claimed = [0, 0, 0]
    for p, sheet in enumerate(public):
        if p == you:
            continue
        done += stage[p] == DONE
        temps += sheet.temps
        most = max(most, sheet.temps)
        refusals += sheet.refusals
        for plan, points in enumerate(sheet.plans[:3]):
            claimed[plan] += points is not None
        written += len(sheet.numbers) - sheet.numbers.count(EMPTY)
    values += (others / 10, done / k, most / 11, temps / (11 * k), refusals / (3 * k))
    values += (claimed[0] / k, claimed[1] / k, claimed[2] / k, written / (33 * k))
    # where the observer is in its turn
    if you is None or s.over or stage[you] == DONE:
        parts.append(pack(values))
        parts.append(_NO_TURN)
    else:
        values += _STAGE[stage[you]]
        choice = s.choice[you]
        if choice is None:
            values += _NO_CHOICE
        else:
            pair, number, street, house = choice
            values += _onehot(pair, 3)
            values.append(number / NUMBERS)
            values += _ACTION.get(cards[discards[pair][-1]][1], _OTHER_ACTION)
            values += _onehot(street, STREETS) if street >= 0 else _ZEROS[:STREETS]
            values.append(house / HOUSES if street >= 0 else 0.0)
        marking = s.marking[you]
        if marking is None:
            values += _NO_MARKING
        else:
            values += _onehot(marking[0], 3)
            sizes, step = [0.0] * (SIZES + 1), 1.0 / 3
            for size in marking[1]:
                sizes[_SIZE_PLACE.get(min(size, SIZES), SIZES)] += step
            values += sizes
        parts.append(pack(values))
    return array("f", b"".join(parts))


FEATURES = Features("welcome-to", encode, encode_of_state)
