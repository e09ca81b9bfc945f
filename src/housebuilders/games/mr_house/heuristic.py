"""Mr House's evaluation of a position, for the greedy bot and for search cut-offs.

A designer should be able to read it. A player's worth is the score they can expect
at the end of the game:

- the points they have now (house parts; the +4, or in the advanced variant being
  complete at all, once the house is complete);
- the house's *plan* (``house_plan``): what it still needs to be complete (two
  columns, each roofed; a door; a window on every other wall; a chimney), then what
  adds points without adding needs (a second window, a chimney on every roof). The
  player's materials are laid out on the plan in that order (``Plan``): a part is
  funded by a prepared group, by the storehouse (and coins), or by the purchases to
  come, which bring a few materials a turn and of the rare ones (doors, windows) only
  the player's share of the stock;
- each planned part's points times the chance it gets built in time: in the basic
  variant the chance its chain (a wall, its roof, the roof's chimney) succeeds in the
  constructions left at the player's quality (``chain_chance``); in the advanced one
  whether a crew builds it now, or a try in each turn left (``CrewClock``);
- the complete-house value times the chance every needed part gets built and the
  permit comes;
- a little for coins, spare materials and the movement markers still to place, and in
  the advanced variant for money, privileges, quality and loans as they score.

At the end a player's worth is their score. The evaluation of a position for a player
is their worth minus the best opponent's: the bot plays to win, not merely to score.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, NamedTuple

from ...core import Action, State, win_shares
from ...core.content import remembered
from . import house as H
from .actions import COIN_MATERIALS, GARAGE, MATERIALS
from .advanced import MrHouseAdvancedState
from .advanced_purchases import shift_in
from .basic import MrHouseBasicState
from .params import BANK, OFFICE, STORE, WORK_NOTICE_BOARD
from .phases import BUILDING, HIRING, MOVEMENT, OVER, PREPARING, PURCHASES, ROLLING

LEFTOVER_VALUE = 0.15  # a material that fits no part of the plan (yet)
COIN_VALUE = 0.7  # any one material when needed, and the unspent-coin bonus
#: At the end, on top of the score: a win (shared: its share, ``win_shares``), so the
#: winner after the tie-breaks comes first among equal scores; a loss adds nothing.
WIN_VALUE = 0.5


def evaluate(state: State, player: int) -> float:
    """The position for ``player``: their worth minus the best opponent's."""
    return evaluate_all(state)[player]


def evaluate_all(state: State) -> list[float]:
    """``evaluate`` for every player at once."""
    assert isinstance(state, MrHouseBasicState)
    if state.phase == OVER:
        totals = [float(s["total"]) for s in state.scores()]
        win = [WIN_VALUE * share for share in win_shares(state.winners(), state.num_players)]
        return [v + bonus for v, bonus in zip(versus(totals), win, strict=True)]
    return versus([player_worth(state, p) for p in range(state.p.players)])


def versus(worth: list[float]) -> list[float]:
    """Each player's worth minus the best of the others'."""
    return [w - max(v for q, v in enumerate(worth) if q != p) for p, w in enumerate(worth)]


def player_worth(s: MrHouseBasicState, player: int) -> float:
    """The score ``player`` can expect at the end: the points built, and for each part
    still planned its points times the chance it gets built in time; the +4 times
    the chance the house gets complete; a little for coins and spare materials."""
    p = s.p
    house = s.house[player]
    n = H.counts(house)
    worth = float(sum(k * v for k, v in zip(n, p.points, strict=True)))
    complete = H.is_complete(house, s.permit[player])
    if complete:
        worth += p.complete_house_points
    coming = coming_purchases(s, player)
    store = [have + more for have, more in zip(s.store[player], coming.materials, strict=True)]
    builder = s.phase in (PREPARING, ROLLING) and s._builder() == player
    groups = s.groups if builder else []
    clock = Clock(s, player, s.quality(player) + coming.workers)
    plan = Plan(s, house, store, groups, s.coins[player] + coming.coins, clock)
    worth += plan.points
    if not complete:
        permit = s.permit[player] or coming.permit
        chance = 1.0 if permit else permit_chance(clock.purchases)
        worth += p.complete_house_points * chance * plan.complete
    # the markers still to place this turn, and those of the turns to come
    hand = sum(s.hand[player]) if s.phase == MOVEMENT else 0
    worth += HAND_VALUE * (hand + sum(p.marker_values) * clock.after)
    return worth + COIN_VALUE * plan.coins_left + LEFTOVER_VALUE * plan.leftover * clock.future


class Coming(NamedTuple):
    """What a player's markers will bring in this turn's purchases still to resolve."""

    materials: list[int]
    coins: int = 0
    permit: bool = False
    workers: int = 0


def coming_purchases(s: MrHouseBasicState, player: int) -> Coming:
    """What ``player``'s markers will bring in this turn's purchases still to resolve,
    read from the state itself: in a determinized view the opponents' values are
    samples."""
    materials = [0] * len(s.supply)
    if s.phase > PURCHASES:
        return Coming(materials)
    p = s.p
    coins = workers = 0
    permit = False
    cards = s.board_workers
    permit_free = not s.permit_given
    hired = s.workers[:]
    for number in range(1, p.last_location + 1):
        if s.phase == PURCHASES and number < s.loc:
            continue
        kind = p.kinds[number]
        stock = s.supply[p.material_at[number]] if kind == STORE else 0
        start = s.pos if s.phase == PURCHASES and number == s.loc else 0
        for owner, value, _ in s.stacks[number][start:]:
            if not value:
                continue
            mine = owner == player
            if kind == BANK:
                coins += mine
            elif kind == OFFICE:
                if permit_free and not s.permit[owner]:
                    permit_free = False
                    permit = permit or mine
            elif kind == WORK_NOTICE_BOARD:
                if cards and hired[owner] < p.player_worker_spaces:
                    cards -= 1
                    hired[owner] += 1
                    workers += mine
            else:
                took = min(value, stock)
                stock -= took
                if mine:
                    materials[p.material_at[number]] += took
    return Coming(materials, coins, permit, workers)


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

    def __init__(self, s: MrHouseBasicState | MrHouseAdvancedState, player: int, quality: int):
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
        self, part: int, steps: int, arrival: float, credit: float, scarce: int = 0,
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
        clock: Clock,
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


# == The advanced variant ===============================================================
#: An incomplete house loses whatever its points: being complete outweighs any score.
COMPLETE_HOUSE_VALUE = 80.0
MONEY_VALUE = 0.1  # a material costs 3 or 4: under half a point
MONEY_TIE = 0.001  # at the end money only breaks ties
PRIVILEGE_VALUE = 0.8  # a card's special action, or its colour majority


def evaluate_advanced(state: State, player: int) -> float:
    """The position for ``player``: their worth minus the best opponent's, where
    worth counts being complete above everything (an incomplete house loses)."""
    return evaluate_advanced_all(state)[player]


def evaluate_advanced_all(state: State) -> list[float]:
    """``evaluate_advanced`` for every player at once."""
    return versus(
        [points + COMPLETE_HOUSE_VALUE * complete for points, complete in outlooks(state)]
    )


def advanced_worth(s: MrHouseAdvancedState, player: int, majority: int) -> float:
    """The player's expected points, plus being complete at ``COMPLETE_HOUSE_VALUE``
    (an incomplete house loses whatever its points)."""
    points, complete = advanced_outlook(s, player, majority)
    return points + COMPLETE_HOUSE_VALUE * complete


#: The construction's moves that change only the builder's own outlook: its house,
#: materials, garage and rested workers; the builder stays the builder.
OWN_MOVES = ("build", "remove", "crew")


def construction_choice(s: MrHouseAdvancedState, player: int, legal: list[Action]) -> Action:
    """The advanced variant's ``GameSpec.heuristic_choice``, asked for the
    construction's moves: the move ``evaluate_advanced`` likes best one step ahead
    (the first of equals), found faster. A build, a removal or a crew
    (``OWN_MOVES``) leaves the others' outlooks as they are now, so they are worked
    out once; the other moves (finishing, a privilege card, a repayment) are valued
    in full."""
    if len(legal) == 1:
        return legal[0]
    best, best_value = legal[0], float("-inf")
    majorities = s.privilege_points()
    others = None
    for action in legal:
        after = s.clone()
        after.play(player, action)
        if action[0] in OWN_MOVES:
            if others is None:
                others = max(
                    advanced_worth(s, q, majorities[q]) for q in range(s.p.players) if q != player
                )
            value = advanced_worth(after, player, majorities[player]) - others
        else:
            value = evaluate_advanced(after, player)
        if value > best_value:
            best, best_value = action, value
    return best


def win_chances_advanced(state: State) -> list[float]:
    """Each player's chance to win: their house complete, and every other house either
    incomplete or behind on points. The difference in points to come is taken as
    normal, its spread ``SPREAD_AT_END`` plus ``SPREAD_PER_TURN`` a turn after this one;
    the chances of two houses as independent."""
    assert isinstance(state, MrHouseAdvancedState)
    views = outlooks(state)
    spread = SPREAD_AT_END + SPREAD_PER_TURN * (state.p.turns - state.turn)
    chances = []
    for p, (points, complete) in enumerate(views):
        chance = complete
        for q, (other, other_complete) in enumerate(views):
            if q != p:
                ahead = 0.5 * (1.0 + math.erf((points - other) / (spread * math.sqrt(2.0))))
                chance *= 1.0 - other_complete + other_complete * ahead
        chances.append(chance)
    return chances


#: How far the final points difference between two players is from the difference of
#: their expected points (its standard deviation), measured over greedy's self-play:
#: 5.2 in the first turn, 2.4 in the last.
SPREAD_AT_END = 2.0
SPREAD_PER_TURN = 0.6


def outlooks(state: State) -> list[tuple[float, float]]:
    """Each player's ``advanced_outlook``."""
    assert isinstance(state, MrHouseAdvancedState)
    majorities = state.privilege_points()
    return [advanced_outlook(state, p, majorities[p]) for p in range(state.p.players)]


def advanced_outlook(s: MrHouseAdvancedState, player: int, majority: int) -> tuple[float, float]:
    """The points the player can expect at the end (their score now, plus what the
    constructions to come can still make of the house: its plan, ``Plan``, built by the
    crews the player will have) and the chance their house is complete by then. At the
    end of the game: the final score with a pinch of money (the tie-break), and 1 or
    0."""
    p = s.p
    house = s.house[player]
    store = s.store[player]
    garage = s.garage_points(player)
    if s.pending is not None and s._builder() == player:  # a part waiting for its crew
        part, column, level = s.pending
        store = [have - need for have, need in zip(store, p.recipes[part], strict=True)]
        if column == GARAGE:
            if part in H.WALLS:
                garage = p.garage_wall_points
            elif part == H.DOOR:
                garage = p.garage_complete_points
        else:
            house = H.build(house, part, column, level)
    n = H.counts(house)
    points = float(sum(k * v for k, v in zip(n, p.points, strict=True)))
    points += garage + s.quality[player] + s.loan_points(player) + majority
    points += MONEY_TIE * s.money[player]
    complete = 1.0 if H.is_complete(house, s.permit[player]) else 0.0
    if s.phase == OVER:
        return points, complete
    clock = CrewClock(s, player)
    materials, money_spent = _advanced_coming_purchases(s, player)
    store = [have + more for have, more in zip(store, materials, strict=True)]
    plan = _advanced_plan(s, house, store, clock)
    points += plan.points
    if not complete:
        permit = s.permit[player] or _coming_permit(s, player)
        chance = 1.0 if permit else permit_chance(clock.purchases, ADVANCED_PERMIT_PER_TURN)
        complete = chance * plan.complete * clock.capacity(plan.later)
    points += LEFTOVER_VALUE * plan.leftover * clock.future
    if clock.hires:  # cards to hire this turn: their stars raise the quality, paid for
        stars = sum(p.worker_cards[c].stars for c in clock.hires)
        points += min(stars, p.quality_max - s.quality[player]) - MONEY_TIE * clock.hire_cost
    if clock.purchases:  # after the last purchases money only breaks ties
        points += MONEY_VALUE * (s.money[player] - money_spent - clock.hire_cost)
    points += PRIVILEGE_VALUE * len(s.privileges[player])
    return points, complete


def _advanced_plan(
    s: MrHouseAdvancedState, house: H.House, store: list[int], clock: CrewClock
) -> Plan:
    """``Plan`` in the advanced variant, where it depends only on the house, the
    materials and the clock's crews and turns: the same few houses and stores recur in a
    search's leaves, so plans are kept (per params). The crews this turn's plan staffs
    are taken from the clock as ``Plan`` takes them."""
    plans: dict[tuple[Any, ...], tuple[Plan, tuple[int, ...]]] = _per_params(
        "plans", s.p, lambda _: {}
    )
    key = (
        house,
        tuple(store),
        tuple(clock.crews[0]),
        clock.after,
        clock.buying,
        s.ground_floor_door(),
    )
    # made, the plan staffs this turn's crews from clock.crews[0]: what it left is kept
    plan, left = remembered(
        plans, key, PLANS_KEPT,
        lambda: (Plan(s, house, store, [], 0, clock), tuple(clock.crews[0])),
    )  # fmt: skip
    clock.crews[0] = list(left)
    return plan


PLANS_KEPT = 50_000  # advanced plans remembered per params (a search's move makes hundreds)


#: The chance a later turn gets a part built that this turn cannot: with its
#: materials here but no crew left, or with materials still to buy (the markers,
#: the stock and the money can fall short). Each turn with a crew is another try.
LATER_CREW_CHANCE = 0.9
OUT_OF_REACH = 0.02
HIRES_PER_TURN = 0.5
ADVANCED_MATERIALS_PER_TURN = 4.0
#: The office gives two players a benefit a turn, the permit one of three.
ADVANCED_PERMIT_PER_TURN = 0.25
LATER_PURCHASE_CHANCE = 0.4
#: Each window or door a part still needs bought makes a turn's try less likely: their
#: stores get one or two a turn for everyone. Swept over greedy's self-play (1.0, 0.85,
#: 0.8, 0.75, 0.6): 0.8 completes the most houses (57.8% to 65.2% over 300 new seeds).
SCARCE_PURCHASE = 0.8
#: And so does each other material it still needs bought: a part that lacks a brick
#: and a bag of cement is further off than one that lacks only the cement, so the
#: marker that buys the brick is worth placing before the one that buys the cement.
#: Swept over greedy's self-play (1.0, 0.95, 0.9, 0.85, 0.8, 0.7): 0.9 completes the
#: most houses (77.0% and 75.8% to 96.0% and 96.3% over seeds 1000-1299, 2000-2299).
COMMON_PURCHASE = 0.9


class CrewClock:
    """``Clock`` for the advanced variant, where a part is built, without a roll, by a
    crew of rested workers: each worker card (and the printed worker) builds one part a
    turn, and a card leaves the board once it has shifted off its right end. Parts are
    given the first turn, from their materials' arrival, with a crew left."""

    __slots__ = (
        "ahead", "after", "purchases", "future", "crews", "per_turn", "need", "buying",
        "hires", "hire_cost",
    )  # fmt: skip

    def __init__(self, s: MrHouseAdvancedState, player: int) -> None:
        p = s.p
        self.after = p.turns - s.turn
        self.ahead = False  # the variant has no groups to prepare: building is at once
        #: this turn's markers, still to place, may buy for this turn's construction
        self.buying = s.phase < BUILDING
        self.purchases = self.after + int(s.phase == MOVEMENT and any(s.hand[player]))
        self.future = min(1.0, self.after / 2)
        self.per_turn = ADVANCED_MATERIALS_PER_TURN
        cards = p.worker_cards
        #: the cards this turn's markers at the work notice board will hire, and their
        #: price: they come onto the board's first spaces, rested
        self.hires, self.hire_cost = _coming_hires(s, player)
        spaces = s.spaces[player]
        if self.hires:
            spaces = list(spaces)
            for card in self.hires:
                shift_in(spaces, 0, card)
        if s.phase < BUILDING or (s.phase == BUILDING and s.order.index(player) > s.builder):
            now = [1] + [cards[c].workers for c in spaces if c != -1]
        elif s.phase == BUILDING and s._builder() == player:
            now = [workers for _, workers in s.workers_available(player)]
        else:
            now = []
        #: each turn's crews, by their workers: the printed worker and each card
        self.crews = [sorted(now)] + [
            sorted(
                [1]
                + [
                    cards[c].workers
                    for i, c in enumerate(spaces)
                    if c != -1 and i + t < p.card_spaces
                ]
            )
            for t in range(1, self.after + 1)
        ]
        self.need = p.crew

    def chance(
        self, part: int, steps: int, arrival: float, credit: float, scarce: int = 0,
        common: int = 0,
    ) -> float:
        """Built at once if the materials are here and a crew is rested; else a try in
        each turn left once the materials are here, less likely for each of the
        ``scarce`` windows and doors still to buy (a store of one or two a turn, shared)
        and, a little, for each of the ``common`` other materials.
        (Whether the crews suffice is ``capacity``'s.) Never quite nothing: a plan the
        clock says is out of reach still ranks the moves that bring it nearer."""
        if not arrival and self.crews[0] and _staff(self.crews[0], self.need[part]):
            return 1.0
        if arrival:  # bought in the turns to come, or still this turn
            tries = self.after + self.buying + 1 - max(arrival, 1.0)
            chance = LATER_PURCHASE_CHANCE * SCARCE_PURCHASE**scarce * COMMON_PURCHASE**common
        else:
            tries, chance = self.after, LATER_CREW_CHANCE
        return max(OUT_OF_REACH, 1.0 - (1.0 - chance) ** tries)

    def capacity(self, parts: int) -> float:
        """The chance the crews of the turns to come build ``parts`` more parts: the
        cards on the board as they shift off it, a card hired every other turn, and
        this turn's crews left if its construction is still to come."""
        crews = sum(len(turn) for turn in self.crews[1:]) + HIRES_PER_TURN * self.after
        if self.buying:
            crews += len(self.crews[0])
        return min(1.0, crews / parts) ** 2 if parts else 1.0


def _staff(crews: list[int], need: int) -> bool:
    """Take from ``crews`` (workers per card, sorted) the smallest card that has
    ``need`` workers, else the fewest cards, largest first, that together have them;
    False if they cannot."""
    for i, workers in enumerate(crews):
        if workers >= need:
            del crews[i]
            return True
    total = 0
    for used, workers in enumerate(reversed(crews), 1):
        total += workers
        if total >= need:
            del crews[len(crews) - used :]
            return True
    return False


def _coming_hires(s: MrHouseAdvancedState, player: int) -> tuple[list[int], int]:
    """The worker cards ``player``'s markers at the work notice board will hire this
    turn, and their price: a card a marker (a marker may hire more, but each costs),
    the most workers first, then the most stars; the markers before them, anyone's,
    take their cards first."""
    if s.phase > PURCHASES:
        return [], 0
    p = s.p
    board = p.kinds.index(WORK_NOTICE_BOARD)
    if s.phase == PURCHASES and s.loc > board:
        return [], 0
    start = 0
    if s.phase == PURCHASES and s.loc == board:  # one marker hiring now, if it has not
        start = s.pos + (s.await_ == HIRING and s.hired > 0)
    markers = s.stacks[board][start:]
    if not any(owner == player and value for owner, value, _ in markers):
        return [], 0
    specs = p.worker_cards
    cards = sorted(s.board_cards, key=lambda c: (-specs[c[0]].workers, -specs[c[0]].stars))
    hires, cost = [], 0
    for owner, value, _ in markers:
        if not cards:
            break
        if value:
            card, coins = cards.pop(0)
            if owner == player:
                hires.append(card)
                cost += specs[card].price - coins
    return hires, cost


def _coming_permit(s: MrHouseAdvancedState, player: int) -> bool:
    """Whether ``player`` will take the permit at the office this turn: one of the
    markers that gain the office's benefit (``office_takers``) is theirs, the office
    still to resolve."""
    office = next(n for n in range(1, s.p.last_location + 1) if s.p.kinds[n] == OFFICE)
    if s.phase > PURCHASES or (s.phase == PURCHASES and s.loc > office):
        return False
    stack = s.stacks[office]
    return any(stack[i][0] == player for i in s.office_takers(office))


def _advanced_coming_purchases(s: MrHouseAdvancedState, player: int) -> tuple[list[int], int]:
    """Materials ``player``'s markers at the stores will buy this turn (as much as the
    marker allows), and what they will cost."""
    materials = [0] * len(s.supply)
    cost = 0
    if s.phase > PURCHASES:
        return materials, cost
    p = s.p
    for number in range(1, p.last_location + 1):
        if p.kinds[number] != STORE or (s.phase == PURCHASES and number < s.loc):
            continue
        m = p.material_at[number]
        stock = s.supply[m]
        start = s.pos if s.phase == PURCHASES and number == s.loc else 0
        for owner, value, _ in s.stacks[number][start:]:
            took = min(value, stock)
            stock -= took
            if owner == player:
                materials[m] += took
                cost += took * s.prices[m]
    return materials, cost
