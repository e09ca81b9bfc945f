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

from housebuilders.core import Json
from housebuilders.core.features import Features, Vector
from housebuilders.games.welcome_to.content import ACTION_NAMES
from housebuilders.games.welcome_to.phases import STAGE_NAMES

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

FEATURES = Features("welcome-to", encode)
