"""Mr House's plan of a house and the turns a player has left, what both variants'
evaluations (heuristic.py, heuristic_advanced.py) stand on: ``house_plan`` (what the
house still needs, then what adds points), ``Plan`` (the player's materials laid out on
it), ``Clock`` (the constructions and purchases left, the roll's odds) and the chance a
chain of parts gets built (``chain_chance``)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.actions import COIN_MATERIALS, MATERIALS
from housebuilders.games.mr_house.advanced import MrHouseAdvancedState
from housebuilders.games.mr_house.basic import MrHouseBasicState
from housebuilders.games.mr_house.phases import OVER, PREPARING, PURCHASES, ROLLING

if TYPE_CHECKING:
    from housebuilders.games.mr_house.heuristic_advanced import CrewClock

LEFTOVER_VALUE = 0.15  # a material that fits no part of the plan (yet)


def versus(worth: list[float]) -> list[float]:
    """Each player's worth minus the best of the others'."""
    return [w - max(v for q, v in enumerate(worth) if q != p) for p, w in enumerate(worth)]


#: What a good player brings home from a turn's purchases, in materials (of 7 that
#: the markers allow).
MATERIALS_PER_TURN = 4.0
#: A movement marker not yet placed (this turn or a later one), per point of its
#: value: what it may still buy.
HAND_VALUE = 0.25
#: The chance to get the permit in a turn's purchases, for a player who goes for it.
PERMIT_PER_TURN = 0.5
#: How much of this construction's roll a part counts on before its group is
#: prepared: its materials are in the storehouse (or to be bought with a coin), and
#: the builder prepares them before starting to build; short of 1 so that preparing
#: it is worth doing, and buying with a coin what a group lacks too.
IN_STORE_CREDIT = 0.9
WITH_COIN_CREDIT = 0.8
#: A prepared group the plan has no use for: it is rolled all the same.
UNPLANNED_GROUP = 0.5
#: The materials a coin buys (not a window or a door).
COIN_BUYS = tuple(MATERIALS.index(m) for m in COIN_MATERIALS)


def permit_chance(purchases: int, per_turn: float = PERMIT_PER_TURN) -> float:
    """The chance the permit comes in one of ``purchases`` turns."""
    return 1.0 - (1.0 - per_turn) ** purchases


@functools.cache
def chain_chance(steps: int, constructions: int, quality: int, sides: int) -> float:
    """The chance that a chain of ``steps`` parts, each standing on the one before
    (a wall, its roof, the roof's chimney), gets built in ``constructions`` turns at
    ``quality``: in a construction the parts are rolled in order until one fails, so
    the chain is built if its last success comes before the ``constructions``-th
    failure (a negative binomial)."""
    if constructions <= 0:
        return 0.0
    hit = min(max(quality, 0), sides) / sides
    if hit >= 1.0:
        return 1.0
    miss = 1.0 - hit
    return sum(math.comb(steps - 1 + f, f) * hit**steps * miss**f for f in range(constructions))


class Clock:
    """The turns a player has left: constructions, purchases and the roll's odds."""

    __slots__ = ("after", "ahead", "purchases", "quality", "sides", "future", "per_turn")

    def __init__(self, s: MrHouseBasicState, player: int, quality: int):
        self.after = s.p.turns - s.turn  # turns after this one
        #: the player has yet to prepare their groups for this turn's construction
        building = s.phase in (PREPARING, ROLLING)
        self.ahead = (
            s.phase < PREPARING
            or (building and s.order.index(player) > s.builder)
            or (s.phase == PREPARING and s._builder() == player)
        )
        if s.phase == OVER:
            self.after = 0
        self.purchases = self.after + int(s.phase < PURCHASES and any(s.hand[player]))
        self.quality = quality
        self.sides = s.p.die_sides
        self.per_turn = MATERIALS_PER_TURN
        self.future = min(1.0, self.after / 2)

    def chance(
        self,
        part: int,
        steps: int,
        arrival: float,
        credit: float,
        scarce: int = 0,
        common: int = 0,
    ) -> float:
        """The chance a part ``steps`` down its chain gets built, its materials there
        ``arrival`` turns from now (0: this turn), with ``credit``: how sure it is to
        be rolled in this turn's construction if the player is building now. (The
        basic variant's purchases are counted in ``arrival`` alone: ``scarce`` and
        ``common`` are the advanced clock's.)"""
        later = self.after - math.ceil(arrival) + 1 if arrival else self.after
        chance = chain_chance(steps, later, self.quality, self.sides)
        if credit and not arrival:
            now = chain_chance(steps, later + 1, self.quality, self.sides)
            chance += credit * (now - chance)
        return chance


class Item(NamedTuple):
    """A part of the plan: ``parts`` (alternatives, as the two walls) standing on the
    item at index ``under`` (-1: on the house as it is), ``steps`` down its chain;
    ``needed`` for the complete house or not; ``carries`` a needed item."""

    parts: tuple[int, ...]
    under: int
    needed: bool
    steps: int
    carries: bool = False


class _Drawing:
    """house_plan's notebook: items added in order, each after what it stands on."""

    def __init__(self) -> None:
        self.items: list[Item] = []

    def add(self, parts: tuple[int, ...], under: int = -1, needed: bool = True) -> int:
        steps = 1 + (self.items[under].steps if under >= 0 else 0)
        if under >= 0 and needed:
            self.items[under] = self.items[under]._replace(carries=True)
        self.items.append(Item(parts, under, needed, steps))
        return len(self.items) - 1


@functools.lru_cache(maxsize=4096)
def house_plan(
    house: H.House, ground_floor_door: bool, roof: tuple[int, ...] = H.ROOFS[:1]
) -> tuple[Item, ...]:
    """What the house still needs to be complete (the permit aside), then what would
    add points without adding needs: a second window on a wall, a chimney on every
    roof. (A third column, or a wall on a wall, is not in the plan: each makes the
    house need more, a roof or a window, before it is complete.)"""
    d = _Drawing()
    new_walls = [d.add(H.WALLS) for _ in range(max(0, 2 - len(house)))]
    roofs = [d.add(roof) for col in house if not col.roof]
    roofs += [d.add(roof, wall) for wall in new_walls]
    bare = [lv for col in house for lv, w in enumerate(col.walls) if not w.door and not w.windows]
    door_on_bare = False
    open_new = list(new_walls)  # the new walls that want a window
    if not H.has_door(house):
        if bare and (not ground_floor_door or 0 in bare):
            d.add((H.DOOR,))
            door_on_bare = True
        elif new_walls:
            d.add((H.DOOR,), open_new.pop())
        else:  # every wall has its windows: the door needs a column of its own
            wall = d.add(H.WALLS)
            roofs.append(d.add(roof, wall))
            d.add((H.DOOR,), wall)
    bare_windows = len(bare) - door_on_bare
    for _ in range(bare_windows):
        d.add((H.WINDOW,))
    for wall in open_new:
        d.add((H.WINDOW,), wall)
    roofed = sum(1 for col in house if col.roof and not col.chimney)
    extra_chimneys = list(roofs)
    if not any(col.chimney for col in house):
        if roofed:
            d.add((H.CHIMNEY,))
            roofed -= 1
        else:
            first = min(roofs, key=lambda r: d.items[r].steps)
            d.add((H.CHIMNEY,), first)
            extra_chimneys.remove(first)
    for under in extra_chimneys:
        d.add((H.CHIMNEY,), under, needed=False)
    for _ in range(roofed):
        d.add((H.CHIMNEY,), needed=False)
    single = sum(1 for col in house for w in col.walls if w.windows == 1)
    for _ in range(single + bare_windows):
        d.add((H.WINDOW,), needed=False)
    for wall in open_new:
        d.add((H.WINDOW,), wall, needed=False)
    return tuple(d.items)


class Plan:
    """A player's materials laid out on their house plan: which parts they fund now,
    which wait for purchases to come, and what it all is worth.

    ``points``: the points the plan's parts are expected to add; ``complete``: the
    chance every part the complete house needs gets built (the permit aside);
    ``coins_left``, ``leftover``: the coins and materials the plan does not use.
    """

    __slots__ = ("points", "complete", "coins_left", "leftover", "later")

    def __init__(
        self,
        s: MrHouseBasicState | MrHouseAdvancedState,
        house: H.House,
        store: list[int],
        groups: list[int],
        coins: int,
        clock: Clock | CrewClock,
    ) -> None:
        p = s.p
        store = list(store)
        groups = list(groups)
        items = house_plan(house, s.ground_floor_door(), _roofs(p))
        deficit = [0] * len(store)
        recipes, share = _sparse(p)
        n = len(items)
        arrival = [0.0] * n
        credit = [0.0] * n
        chance = [0.0] * n
        points = 0.0
        complete = 1.0
        later = 0  # needed parts not built in this turn's construction
        ahead = clock.ahead
        for i, item in enumerate(items):
            under = item.under
            if under >= 0 and not item.needed and not chance[under]:
                continue
            scarce = 0  # windows and doors the part still needs bought
            common = 0  # and the other materials
            parts = item.parts
            part = next((g for g in parts if g in groups), -1)
            if part >= 0:  # a prepared group: rolled in this construction
                groups.remove(part)
                credit[i] = 1.0
            else:
                part, lacking, wild = _cheapest(parts, recipes, store)
                if wild == lacking and wild <= coins:  # no window or door lacking
                    coins -= wild
                    for m, need in recipes[part]:
                        store[m] = max(store[m] - need, 0)
                    credit[i] = (WITH_COIN_CREDIT if wild else IN_STORE_CREDIT) * ahead
                elif item.needed:  # bought in the turns to come
                    for m, need in recipes[part]:
                        have = store[m]
                        if have < need:
                            deficit[m] += need - have
                            store[m] = 0
                            if m not in COIN_BUYS:
                                scarce += need - have
                            else:
                                common += need - have
                        else:
                            store[m] = have - need
                    arrival[i] = _arrival(deficit, share, clock.per_turn)
                else:
                    continue
            if under >= 0:
                arrival[i] = max(arrival[i], arrival[under])
                credit[i] = min(credit[i], credit[under])
            chance[i] = clock.chance(part, item.steps, arrival[i], credit[i], scarce, common)
            points += chance[i] * p.points[part]
            if item.needed:
                later += chance[i] < 1.0
                if not item.carries:
                    complete *= chance[i]
        # A group the plan has no use for is rolled all the same: a wall then stands
        # where it does harm (a third column to roof and give a window).
        self.points = points - UNPLANNED_GROUP * len(groups)
        self.complete = complete
        self.later = later
        self.coins_left = coins
        self.leftover = sum(store)


Recipe = tuple[tuple[int, int], ...]  # (material, count) for each material it needs


def _roofs(params: Any) -> tuple[int, ...]:
    return tuple(r for r in H.ROOFS if r in params.parts)


def _cheapest(
    parts: tuple[int, ...], recipes: tuple[Recipe, ...], store: list[int]
) -> tuple[int, int, int]:
    """The alternative that lacks the fewest materials: it, how many it lacks, and how
    many of those a coin can buy."""
    best, least, best_wild = parts[0], -1, 0
    for part in parts:
        lacking = wild = 0
        for m, need in recipes[part]:
            have = store[m]
            if have < need:
                lacking += need - have
                if m in COIN_BUYS:
                    wild += need - have
        if least < 0 or lacking < least:
            best, least, best_wild = part, lacking, wild
    return best, least, best_wild


_PER_PARAMS: dict[tuple[str, int], tuple[Any, Any]] = {}


def _per_params(name: str, params: Any, make: Callable[[Any], Any]) -> Any:
    """``make(params)``, worked out once per params (a game's params are fixed)."""
    hit = _PER_PARAMS.get((name, id(params)))
    if hit is None or hit[0] is not params:
        if len(_PER_PARAMS) > 64:
            _PER_PARAMS.clear()
        hit = _PER_PARAMS[name, id(params)] = (params, make(params))
    return hit[1]


def _sparse(params: Any) -> tuple[tuple[Recipe, ...], tuple[float, ...]]:
    """The variant's recipes as (material, count) pairs, and a player's share of each
    store's stock a turn (cached per params)."""
    return _per_params("sparse", params, _make_sparse)


def _make_sparse(params: Any) -> tuple[tuple[Recipe, ...], tuple[float, ...]]:
    recipes = tuple(
        tuple((m, need) for m, need in enumerate(recipe) if need) for recipe in params.recipes
    )
    share = tuple(max(stock, 1) / params.players for stock in params.stock)
    return recipes, share


def _arrival(deficit: list[int], share: tuple[float, ...], per_turn: float) -> float:
    """The turns from now by which purchases bring the missing materials: about
    ``per_turn`` a turn, and of each material at most a player's ``share`` of what the
    store gets each turn (a door a turn between two players: one each other turn)."""
    turns = sum(deficit) / per_turn
    for need, per_turn_of_it in zip(deficit, share, strict=True):
        if need:
            turns = max(turns, need / per_turn_of_it)
    return turns
