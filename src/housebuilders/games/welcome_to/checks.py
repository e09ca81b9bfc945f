"""What a loaded Welcome To state must satisfy (docs/games/welcome-to.md, "Saved states").

The schemas give the JSON's shape (``WelcomeToState.to_json``); the ``check_``
functions go through the components: every construction card in one stack or its
discards, the three city plans, each sheet as the rules fill it (numbers rising
along a street, a box crossed for each action used, a number or a refusal each
round), and each player's stage of this round's choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, StrictInt

from housebuilders.core.loading import Count, GameStateJson, StateSchema, once, refuse, row, within
from housebuilders.games.welcome_to.content import ESTATE_SIZES
from housebuilders.games.welcome_to.phases import ACTING, ADJUSTING, CHOOSE, DONE, MARKING, WRITING
from housebuilders.games.welcome_to.sheet import EMPTY, Layout, Sheet

if TYPE_CHECKING:
    from housebuilders.games.welcome_to.state import WelcomeToState

STACKS = PLANS = 3


# == the JSON's shape ==================================================================
class StreetJson(StateSchema):
    numbers: list[Count | None]
    bis: list[int]
    pools: list[int]
    fences: list[int]
    parks: Count


class SheetJson(StateSchema):
    streets: list[StreetJson]
    improvements: Annotated[list[Count], Field(min_length=ESTATE_SIZES, max_length=ESTATE_SIZES)]
    temps: Count
    extensions: Count
    refusals: Count
    plans: Annotated[list[int | None], Field(min_length=PLANS, max_length=PLANS)]
    used: list[row(StrictInt, StrictInt, StrictInt)]  # type: ignore[valid-type]


Three = Field(min_length=STACKS, max_length=STACKS)
# (rows are types built at run time)
Marking = row(StrictInt, list[StrictInt], list[row(StrictInt, StrictInt, StrictInt)])  # type: ignore[misc]


class WelcomeToJson(GameStateJson):
    piles: Annotated[list[list[int]], Three]
    discards: Annotated[list[list[int]], Three]
    plans: Annotated[list[int], Three]
    flipped: Annotated[list[bool], Three]
    round: Annotated[int, Field(ge=1)]
    public: Annotated[list[SheetJson], Field(min_length=1)]
    pending: list[SheetJson | None]
    stage: list[int]
    choice: list[row(StrictInt, StrictInt, StrictInt, StrictInt) | None]  # type: ignore[valid-type]
    marking: list[Marking | None]  # type: ignore[valid-type]
    over: bool


# == the sheets ========================================================================
def check_sheet_json(field: str, data: dict[str, Any], L: Layout) -> None:
    """The sheet's streets, houses and gaps, before it is read."""
    if len(data["streets"]) != len(L.streets):
        refuse(f"{field}.streets", f"the sheet has {len(L.streets)} streets")
    for s, (street, size) in enumerate(zip(data["streets"], L.streets, strict=True)):
        where = f"{field}.streets.{s}"
        if len(street["numbers"]) != size:
            refuse(f"{where}.numbers", f"street {s + 1} has {size} houses")
        for key, count in (("bis", size), ("pools", size), ("fences", size - 1)):
            marks = street[key]
            if len(set(marks)) != len(marks) or not all(0 <= i < count for i in marks):
                refuse(f"{where}.{key}", f"distinct positions 0 to {count - 1}")


def check_sheet(
    field: str, sheet: Sheet, L: Layout, plans: list[Any], choosing: bool, limits: bool
) -> int:
    """A sheet as the rules fill it; return the rounds it has played (a number written
    or a refusal each). While a player is ``choosing``, the temporary worker's box is
    crossed before the number is written. ``limits``: the option track-limits."""
    numbered = 0  # bitmask of the houses with a number
    for street, size in enumerate(L.streets):
        base, where = L.first[street], f"{field}.streets.{street}.numbers"
        row = sheet.numbers[base : base + size]
        filled = [(n, base + h) for h, n in enumerate(row) if n != EMPTY]
        numbered |= sum(1 << i for _, i in filled)
        if filled and not L.lowest <= min(filled)[0] <= max(filled)[0] <= L.highest:
            refuse(where, f"house numbers are {L.lowest} to {L.highest}")
        for (a, i), (b, j) in zip(filled, filled[1:], strict=False):
            if b < a or b == a and not (sheet.bis >> i & 1 or sheet.bis >> j & 1):
                refuse(where, "a street's numbers rise (only a B repeats one)")
    if (sheet.bis | sheet.pools) & ~numbered:
        refuse(field, "a house without a number has no B and no pool")
    if sheet.pools & ~L.pools:
        refuse(field, "pools are built only where the sheet prints one")
    bis, boxes = bin(sheet.bis).count("1"), len(L.extension_ladder) - 1
    if limits and bis > boxes:
        refuse(f"{field}.bis", f"{bis} B numbers: track-limits allows {boxes}, one a penalty box")
    if sheet.extensions != min(bis, boxes):  # a B past the track's last box crosses none
        refuse(f"{field}.extensions", f"{sheet.extensions} boxes crossed for {bis} B numbers")
    pools = bin(sheet.pools).count("1")
    within(f"{field}.pools", pools, 0, len(L.pool_ladder) - 1)
    for street, ladder in enumerate(L.parks):
        within(f"{field}.streets.{street}.parks", sheet.parks[street], 0, len(ladder) - 1)
    for size, ladder in enumerate(L.estate_ladders, start=1):
        within(f"{field}.improvements.{size - 1}", sheet.improvements[size - 1], 0, len(ladder) - 1)
    within(f"{field}.temps", sheet.temps, 0, L.temp_boxes)
    within(f"{field}.refusals", sheet.refusals, 0, L.max_refusals)
    written = (
        bin(numbered).count("1") - bis
    )  # an extension's B copies a number: it is the round's action
    actions = (
        bin(sheet.fences).count("1")
        + sum(sheet.parks)
        + sum(sheet.improvements)
        + pools
        + sheet.extensions
        + sheet.temps
    )
    if actions > written + choosing:
        refuse(field, f"{actions} actions used with only {written} numbers written")
    for k, (points, plan) in enumerate(zip(sheet.plans, plans, strict=True)):
        if points is not None and points not in (plan.first, plan.later):
            refuse(f"{field}.plans.{k}", f"plan {k + 1} scores {plan.first} or {plan.later}")
    estates = set(sheet.estates(L))
    if len(set(sheet.used)) != len(sheet.used) or not estates.issuperset(sheet.used):
        refuse(f"{field}.used", "estates used for plans are distinct complete estates")
    return written + sheet.refusals


def check_claims(field: str, sheet: Sheet, plans: list[Any]) -> None:
    """A revealed sheet used one estate of the right size for each estate of its plans."""
    needed = sorted(size for k, plan in enumerate(plans) if sheet.plans[k] is not None
                    for size in plan.estates)  # fmt: skip
    if sorted(end - start + 1 for _, start, end in sheet.used) != needed:
        refuse(f"{field}.used", "the estates used are not those of the plans claimed")


def extends(pending: Sheet, public: Sheet) -> bool:
    """Whether ``pending`` is ``public`` with this round's choice added."""

    def kept(old: list[Any], new: list[Any], empty: Any) -> bool:
        return all(a in (empty, b) for a, b in zip(old, new, strict=True))

    def grew(old: list[int], new: list[int]) -> bool:
        return all(a <= b for a, b in zip(old, new, strict=True))

    def has(old: int, new: int) -> bool:
        return old & new == old

    return (
        kept(public.numbers, pending.numbers, EMPTY)
        and kept(public.plans, pending.plans, None)
        and grew(public.parks, pending.parks)
        and grew(public.improvements, pending.improvements)
        and grew([public.temps, public.refusals], [pending.temps, pending.refusals])
        and has(public.fences, pending.fences)
        and has(public.pools, pending.pools)
        and has(public.bis, pending.bis)
        and set(public.used) <= set(pending.used)
    )


# == the whole state ===================================================================
def check_state(s: WelcomeToState) -> None:
    L, n = s.L, s.num_players
    # Who is asked what: each player's stage of this round's choice, all done at the end.
    for field, values in (
        ("pending", s.pending), ("stage", s.stage), ("choice", s.choice), ("marking", s.marking)
    ):  # fmt: skip
        if len(values) != n:
            refuse(field, f"lists {len(values)} players, not {n}")
    for p, stage in enumerate(s.stage):
        within(f"stage.{p}", stage, CHOOSE, DONE)
    if s.over:
        if any(st != DONE for st in s.stage) or any(s.pending) or any(s.choice):
            refuse("stage", "at the end every choice is made and revealed")
    elif all(st == DONE for st in s.stage):
        refuse("stage", "the round is revealed once every player is done")
    # A number or a refusal each round, until a sheet is full or refused too often.
    within("round", s.round, 1, L.houses + L.max_refusals)
    # The construction cards: each in one stack or in its discards.
    once(
        "construction card",
        range(len(s.cards)),
        {
            **{f"piles.{i}": pile for i, pile in enumerate(s.piles)},
            **{f"discards.{i}": discard for i, discard in enumerate(s.discards)},
        },
    )
    for i, (pile, discard) in enumerate(zip(s.piles, s.discards, strict=True)):
        if not pile or not discard:
            refuse(f"piles.{i}", "each stack shows a number and a flipped action")
    # The city plans: one of each deck, flipped once someone has claimed it.
    for k in range(PLANS):
        within(f"plans.{k}", s.plans[k], 0, len(s.content.plans.deck(k)) - 1)
    plans = [s._plan(k) for k in range(PLANS)]
    for k in range(PLANS):
        if s.flipped[k] != any(sheet.plans[k] is not None for sheet in s.public):
            refuse(f"flipped.{k}", "a plan is flipped once a revealed sheet has claimed it")
    # The sheets: one number or refusal per round played.
    limits = s.option("track-limits")
    played = s.round if s.over else s.round - 1
    for p, shown in enumerate(s.public):
        rounds = check_sheet(f"public.{p}", shown, L, plans, False, limits)
        check_claims(f"public.{p}", shown, plans)
        if rounds != played:
            refuse(f"public.{p}", f"{rounds} numbers and refusals after {played} rounds")
    for p, sheet in enumerate(s.pending):
        if sheet is not None:
            rounds = check_sheet(f"pending.{p}", sheet, L, plans, True, limits)
            if not extends(sheet, s.public[p]) or not played <= rounds <= played + 1:
                refuse(f"pending.{p}", "this round's sheet is the revealed one and one choice")
    # This round's choices, stage by stage.
    if s.over:
        return
    pairs = s.pairs()
    for p in range(n):
        stage, choice, marking, sheet = s.stage[p], s.choice[p], s.marking[p], s.pending[p]
        if (stage == CHOOSE) != (sheet is None):
            refuse(f"pending.{p}", "a player has this round's sheet once they start choosing")
        if (marking is not None) != (stage == MARKING):
            refuse(f"marking.{p}", "estates are marked while a plan is claimed")
        if marking is not None:
            assert sheet is not None
            plan, sizes, chosen = marking
            within(f"marking.{p}.0", plan, 0, PLANS - 1)
            if not sizes or not all(1 <= size <= ESTATE_SIZES for size in sizes):
                refuse(f"marking.{p}.1", "the estate sizes still to mark")
            if not set(chosen) <= set(sheet.used):
                refuse(f"marking.{p}.2", "the estates marked are on the sheet")
        if choice is None:
            if stage in (ADJUSTING, WRITING, ACTING):
                refuse(f"choice.{p}", "a player placing a number has chosen a pair")
            continue
        pair, number, street, house = choice
        within(f"choice.{p}.0", pair, 0, STACKS - 1)
        if stage == CHOOSE:
            refuse(f"choice.{p}", "a player still choosing a pair has no choice yet")
        drawn, action = pairs[pair]
        if stage == ADJUSTING and (number != drawn or action != "temp"):
            refuse(f"choice.{p}", "the temporary worker changes the number of a temp pair")
        if stage in (ADJUSTING, WRITING):
            if (street, house) != (-1, -1):
                refuse(f"choice.{p}", "the number is not written yet")
            if abs(number - drawn) > 2 or not L.lowest <= number <= L.highest:
                refuse(f"choice.{p}.1", f"{number} is not the pair's number {drawn} (± 2)")
            continue
        within(f"choice.{p}.2", street, 0, len(L.streets) - 1)
        within(f"choice.{p}.3", house, 0, L.streets[street] - 1)
        assert sheet is not None
        if sheet.numbers[L.first[street] + house] != number:
            refuse(f"choice.{p}", f"house {house} of street {street} does not hold {number}")
