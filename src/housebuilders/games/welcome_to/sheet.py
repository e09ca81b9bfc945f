"""A player's Classic sheet: the streets' houses, fences, pools and score tracks.

The sheet is plain data with the queries the rules ask of it (where may a number
go, which estates are complete) and its score. Houses are numbered flat across the
streets (``Layout.first[street] + house``); so are the gaps between houses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from housebuilders.core.content import per_content
from housebuilders.games.welcome_to.content import ESTATE_SIZES, WelcomeToContent

Json = dict[str, Any]
EMPTY = -1
BEYOND = 1 << 30  # above every number: the end of a street
Estate = tuple[int, int, int]  # (street, first house, last house)


@dataclass(frozen=True)
class Layout:
    """The sheet's shape and score ladders, from the content."""

    streets: tuple[int, ...]  # houses per street
    first: tuple[int, ...]  # flat index of each street's first house
    gap_first: tuple[int, ...]  # flat index of each street's first gap
    houses: int
    pools: int  # bitmask of the houses with a printed pool
    lowest: int
    highest: int
    temp_boxes: int
    parks: tuple[tuple[int, ...], ...]
    pool_ladder: tuple[int, ...]
    extension_ladder: tuple[int, ...]
    refusal_ladder: tuple[int, ...]
    estate_ladders: tuple[tuple[int, ...], ...]  # by size - 1
    temp_ranking: tuple[int, ...]

    @property
    def max_refusals(self) -> int:
        return len(self.refusal_ladder) - 1

    @cached_property
    def json(self) -> Json:
        """The layout as an observation carries it, the content's public sheet and
        ladders in data.toml's shape: ``{"sheet": {...}, "ladders": {...}}``. Made once
        and shared by every observation: read it, do not change it."""
        pools = self.pools
        return {
            "sheet": {
                "streets": list(self.streets),
                "pools": [
                    [h for h in range(size) if pools >> (first + h) & 1]
                    for first, size in zip(self.first, self.streets, strict=True)
                ],
                "lowest_number": self.lowest,
                "highest_number": self.highest,
                "temp_boxes": self.temp_boxes,
            },
            "ladders": {
                "parks": [list(p) for p in self.parks],
                "pools": list(self.pool_ladder),
                "extension": list(self.extension_ladder),
                "refusals": list(self.refusal_ladder),
                "estates": [list(e) for e in self.estate_ladders],
                "temp_ranking": list(self.temp_ranking),
            },
        }

    @cached_property
    def gap_list(self) -> tuple[tuple[int, int, int], ...]:
        """Every gap between two houses, street by street, left to right: (street,
        gap, flat index)."""
        return tuple(
            (street, gap, self.gap_first[street] + gap)
            for street, size in enumerate(self.streets)
            for gap in range(size - 1)
        )

    @cached_property
    def neighbour_list(self) -> tuple[tuple[int, int, int, int, int], ...]:
        """Every house with each neighbour on its street, street by street, left to
        right, the left neighbour first: (street, house, side, flat index of the house,
        flat index of the neighbour)."""
        return tuple(
            (street, house, side, self.first[street] + house, self.first[street] + house + side)
            for street, size in enumerate(self.streets)
            for house in range(size)
            for side in (-1, 1)
            if 0 <= house + side < size
        )

    def has_pool(self, street: int, house: int) -> bool:
        return bool(self.pools >> (self.first[street] + house) & 1)


@per_content
def layout_of(content: WelcomeToContent) -> Layout:
    """The content's layout, made once per content object."""
    return layout_from_json(content.sheet.model_dump(), content.ladders.model_dump())


def layout_from_json(sheet: Json, ladders: Json) -> Layout:
    """The layout of a sheet and score ladders shaped as data.toml's ``[sheet]`` and
    ``[ladders]`` (as an observation carries them, see ``Layout.json``)."""
    first, gap_first, total, gaps = [], [], 0, 0
    for size in sheet["streets"]:
        first.append(total)
        gap_first.append(gaps)
        total += size
        gaps += size - 1
    pools = 0
    for street, houses in enumerate(sheet["pools"]):
        for house in houses:
            pools |= 1 << (first[street] + house)
    return Layout(
        streets=tuple(sheet["streets"]),
        first=tuple(first),
        gap_first=tuple(gap_first),
        houses=total,
        pools=pools,
        lowest=sheet["lowest_number"],
        highest=sheet["highest_number"],
        temp_boxes=sheet["temp_boxes"],
        parks=tuple(tuple(p) for p in ladders["parks"]),
        pool_ladder=tuple(ladders["pools"]),
        extension_ladder=tuple(ladders["extension"]),
        refusal_ladder=tuple(ladders["refusals"]),
        estate_ladders=tuple(tuple(e) for e in ladders["estates"]),
        temp_ranking=tuple(ladders["temp_ranking"]),
    )


class Sheet:
    """One player's sheet. Mutable; ``copy`` gives an independent one."""

    __slots__ = (
        "numbers", "bis", "pools", "fences", "parks", "improvements", "temps",
        "extensions", "refusals", "plans", "used", "frozen", "cached_json", "memo",
    )  # fmt: skip

    def __init__(self, layout: Layout, plans: int = 3) -> None:
        self.numbers = [EMPTY] * layout.houses
        self.bis = 0  # bitmask: houses written by an extension (nB)
        self.pools = 0  # bitmask: pools built
        self.fences = 0  # bitmask over the gaps between houses
        self.parks = [0] * len(layout.streets)  # park boxes crossed per street
        self.improvements = [0] * ESTATE_SIZES  # values crossed per estate size - 1
        self.temps = 0  # temporary-worker boxes crossed
        self.extensions = 0  # extension penalty boxes crossed
        self.refusals = 0
        self.plans: list[int | None] = [None] * plans  # points of each plan claimed
        self.used: tuple[Estate, ...] = ()  # estates marked for plans
        #: a revealed sheet never changes again (changes go to a copy), so its JSON,
        #: once made, is kept
        self.frozen = False
        self.cached_json: dict[str, Any] | None = None
        #: values derived from a frozen sheet by others (the heuristic), kept
        self.memo: dict[str, Any] = {}

    def copy(self) -> Sheet:
        s = Sheet.__new__(Sheet)
        s.numbers = self.numbers[:]
        s.bis, s.pools, s.fences = self.bis, self.pools, self.fences
        s.parks, s.improvements = self.parks[:], self.improvements[:]
        s.temps, s.extensions, s.refusals = self.temps, self.extensions, self.refusals
        s.plans, s.used = self.plans[:], self.used
        s.frozen, s.cached_json, s.memo = False, None, {}
        return s

    def freeze(self) -> Sheet:
        """Mark the sheet revealed: from now on it is only read."""
        self.frozen = True
        return self

    # -- where numbers may go ---------------------------------------------------------
    def places(self, layout: Layout, number: int) -> list[tuple[int, int]]:
        """Every empty house where ``number`` keeps its street strictly increasing."""
        # A street's numbers never decrease left to right, so the nearest number on
        # each side of an empty house bounds it (the street's end, none), and the first
        # number not below ``number`` ends the search in a street.
        numbers, first, out = self.numbers, layout.first, []
        for street, size in enumerate(layout.streets):
            base = first[street]
            below, start = EMPTY, base  # the nearest number to the left; the house after it
            for index in range(base, base + size):
                value = numbers[index]
                if value == EMPTY:
                    continue
                if below < number < value:
                    out += [(street, house - base) for house in range(start, index)]
                if value >= number:
                    break
                below, start = value, index + 1
            else:
                if below < number < BEYOND:
                    out += [(street, house - base) for house in range(start, base + size)]
        return out

    def fits(self, layout: Layout, number: int) -> bool:
        """Whether ``number`` may go somewhere: ``places`` stopped at the first."""
        numbers, first = self.numbers, layout.first
        for street, size in enumerate(layout.streets):
            base = first[street]
            below, start = EMPTY, base
            for index in range(base, base + size):
                value = numbers[index]
                if value == EMPTY:
                    continue
                if below < number < value and start < index:
                    return True
                if value >= number:
                    break
                below, start = value, index + 1
            else:
                if below < number < BEYOND and start < base + size:
                    return True
        return False

    def number(self, layout: Layout, street: int, house: int) -> int:
        return self.numbers[layout.first[street] + house]

    def is_full(self) -> bool:
        return EMPTY not in self.numbers

    def has_fence(self, layout: Layout, street: int, gap: int) -> bool:
        return bool(self.fences >> (layout.gap_first[street] + gap) & 1)

    # -- estates ---------------------------------------------------------------------
    def segments(self, layout: Layout, street: int) -> list[tuple[int, int]]:
        """The street's stretches between fences, as (first house, last house)."""
        size = layout.streets[street]
        cuts = self.fences >> layout.gap_first[street] & ((1 << (size - 1)) - 1)
        return list(stretches(size, cuts))

    def estates(self, layout: Layout) -> list[Estate]:
        """Complete estates: 1 to 6 numbered houses between two fences."""
        numbers, fences, out = self.numbers, self.fences, []
        for street, size in enumerate(layout.streets):
            cuts = fences >> layout.gap_first[street] & ((1 << (size - 1)) - 1)
            if not cuts and size > ESTATE_SIZES:
                continue  # a street too long to be an estate, and no fence on it
            base = layout.first[street]
            for start, end in stretches(size, cuts):
                houses = numbers[base + start : base + end + 1]
                if end - start < ESTATE_SIZES and EMPTY not in houses:
                    out.append((street, start, end))
        return out

    def complete_estates(self, layout: Layout, any_length: bool = False) -> int:
        """How many complete estates the tie-break counts: those of 1 to 6 houses, and
        with ``any_length`` the fenced, fully numbered stretches of 7 or more as well
        (complete estates that score nothing, the other reading of ruling 13)."""
        count = len(self.estates(layout))
        if any_length:
            for street in range(len(layout.streets)):
                base = layout.first[street]
                for start, end in self.segments(layout, street):
                    houses = self.numbers[base + start : base + end + 1]
                    count += end - start >= ESTATE_SIZES and EMPTY not in houses
        return count

    def free_estates(self, layout: Layout) -> list[Estate]:
        """Complete estates not yet used for a plan."""
        if not self.used:
            return self.estates(layout)
        used = set(self.used)
        return [e for e in self.estates(layout) if e not in used]

    def free_sizes(self, layout: Layout) -> list[int]:
        """The sizes of the complete estates not yet used for a plan."""
        return [end - start + 1 for _, start, end in self.free_estates(layout)]

    # -- scoring -----------------------------------------------------------------------
    def score(self, layout: Layout, temp_points: int) -> dict[str, int]:
        estates = self.estates(layout)
        return {
            "plans": sum(p for p in self.plans if p is not None),
            "parks": sum(ladder[n] for ladder, n in zip(layout.parks, self.parks, strict=True)),
            "pools": layout.pool_ladder[bin(self.pools).count("1")],
            "estates": sum(
                layout.estate_ladders[size - 1][self.improvements[size - 1]]
                for size in (end - start + 1 for _, start, end in estates)
            ),
            "temporary_workers": temp_points,
            "extensions": -layout.extension_ladder[self.extensions],
            "refusals": -layout.refusal_ladder[self.refusals],
        }

    # -- JSON --------------------------------------------------------------------------
    def to_json(self, layout: Layout) -> dict[str, Any]:
        """The sheet as JSON (shared for a frozen sheet: do not change it)."""
        if self.cached_json is not None:
            return self.cached_json
        streets = []
        for street, size in enumerate(layout.streets):
            base = layout.first[street]
            streets.append(
                {
                    "numbers": [None if n < 0 else n for n in self.numbers[base : base + size]],
                    "bis": _bits(self.bis >> base, size),
                    "pools": _bits(self.pools >> base, size),
                    "fences": _bits(self.fences >> layout.gap_first[street], size - 1),
                    "parks": self.parks[street],
                }
            )
        data = {
            "streets": streets,
            "improvements": self.improvements[:],
            "temps": self.temps,
            "extensions": self.extensions,
            "refusals": self.refusals,
            "plans": self.plans[:],
            "used": [list(e) for e in self.used],
        }
        if self.frozen:
            self.cached_json = data
        return data

    @classmethod
    def from_json(cls, layout: Layout, data: dict[str, Any]) -> Sheet:
        s = cls(layout, len(data["plans"]))
        for street, row in enumerate(data["streets"]):
            base = layout.first[street]
            for house, n in enumerate(row["numbers"]):
                s.numbers[base + house] = EMPTY if n is None else n
            for house in row["bis"]:
                s.bis |= 1 << (base + house)
            for house in row["pools"]:
                s.pools |= 1 << (base + house)
            for gap in row["fences"]:
                s.fences |= 1 << (layout.gap_first[street] + gap)
            s.parks[street] = row["parks"]
        s.improvements = list(data["improvements"])
        s.temps, s.extensions = data["temps"], data["extensions"]
        s.refusals, s.plans = data["refusals"], list(data["plans"])
        s.used = tuple(tuple(e) for e in data["used"])  # type: ignore[misc]
        return s


@cache
def stretches(size: int, fences: int) -> tuple[tuple[int, int], ...]:
    """A street of ``size`` houses cut by ``fences`` (a bitmask over its gaps): its
    stretches between fences, as (first house, last house)."""
    out, start = [], 0
    while fences:
        gap = (fences & -fences).bit_length() - 1  # the next fence
        out.append((start, gap))
        start = gap + 1
        fences &= fences - 1
    out.append((start, size - 1))
    return tuple(out)


def _bits(mask: int, n: int) -> list[int]:
    """The positions of the set bits among the lowest ``n``."""
    mask &= (1 << n) - 1
    return [i for i in range(n) if mask >> i & 1] if mask else []


def temp_points(layout: Layout, temps: list[int]) -> list[int]:
    """The temporary-worker ranking: the highest distinct positive count scores the
    first value, the next distinct count the second, and so on; ties share; zero
    workers score zero."""
    distinct = sorted({t for t in temps if t > 0}, reverse=True)
    ranking = layout.temp_ranking
    value = {t: ranking[i] for i, t in enumerate(distinct[: len(ranking)])}
    return [value.get(t, 0) for t in temps]
