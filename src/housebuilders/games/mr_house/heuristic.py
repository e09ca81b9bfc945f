"""Mr House's evaluation of a position, for the greedy bot and for search cut-offs.

A designer should be able to read it. A player's worth is:

- the points they have now (house parts, and the +4 once the house is complete);
- while turns remain, what the house is on its way to: a share of the +4 for each
  requirement of a complete house already met, and a bonus for parts that carry
  others (a wall carries a roof and windows);
- their materials, worth the parts they can make for this house (a plan: walls,
  then what fits on them), times the chance those parts get built in the rolls
  left; materials that fit no part are worth little;
- coins, workers, the permit, and what their movement markers will bring in the
  purchases still to resolve.

Every term but the points fades as the constructions run out, so at the end a
player's worth is their score. The evaluation of a position for a player is their
worth minus the best opponent's: the bot plays to win, not merely to score.
"""

from __future__ import annotations

from typing import Any

from ...core import State, win_shares
from . import house as H
from .advanced import MrHouseAdvancedState
from .basic import MrHouseBasicState
from .params import BANK, OFFICE, STORE, WORK_NOTICE_BOARD
from .phases import OVER, PREPARING, PURCHASES, ROLLING

#: What a built part is worth beyond its points while turns remain: a wall carries
#: a roof and windows, the door is a requirement of the complete house.
PART_BONUS = (0.6, 0.6, 0.2, 0.2, 0.2, 0.6, 0.2)
LEFTOVER_VALUE = 0.15  # a material that fits no part of the plan (yet)
COIN_VALUE = 0.7  # any one material when needed, and the unspent-coin bonus
WORKER_VALUE = 0.3  # per construction left: one roll in six more succeeds
PERMIT_VALUE = 1.5  # a complete house needs one
#: Share of the complete-house bonus credited per requirement already met.
COMPLETION_SHARE = 0.1
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
    p = s.p
    house = s.house[player]
    later = constructions_to_come(s, player)
    future = min(1.0, (p.turns - s.turn) / 2)  # a part's use to later parts
    chance = min(1.0, s.quality(player) / p.die_sides)
    converts = 1.0 - (1.0 - chance) ** later  # a material's chance to end up built

    n = H.counts(house)
    worth = float(sum(k * v for k, v in zip(n, p.points, strict=True)))
    worth += future * sum(k * b for k, b in zip(n, PART_BONUS, strict=True))
    if H.is_complete(house, s.permit[player]):
        worth += p.complete_house_points
    else:
        worth += p.complete_house_points * COMPLETION_SHARE * future * requirements_met(house)

    room = Room(house)
    materials, extras = coming_purchases(s, player)
    store = [have + more for have, more in zip(s.store[player], materials, strict=True)]
    if s.phase in (PREPARING, ROLLING) and s._builder() == player:
        # A prepared group gets this turn's roll, and the later ones if it fails;
        # a group with nowhere to go comes back to the storehouse.
        odds = chance + (1.0 - chance) * converts
        for part in sorted(s.groups):  # walls first: they make room for the rest
            if room.take(part):
                worth += odds * part_worth(s, part, future)
            else:
                store = [have + need for have, need in zip(store, p.recipes[part], strict=True)]
    worth += converts * plan_worth(s, room, store, future)
    return (
        worth
        + extras
        + COIN_VALUE * s.coins[player]
        + WORKER_VALUE * s.workers[player] * later
        + (PERMIT_VALUE * future if s.permit[player] else 0.0)
    )


def constructions_to_come(s: MrHouseBasicState | MrHouseAdvancedState, player: int) -> int:
    """The player's constructions still to come, not counting one under way."""
    after_this_turn = s.p.turns - s.turn
    if s.phase < PREPARING:  # movement or purchases: this turn's construction is to come
        return after_this_turn + 1
    if s.phase == OVER:
        return 0
    return after_this_turn + (s.order.index(player) > s.builder)


def part_worth(s: MrHouseBasicState | MrHouseAdvancedState, part: int, future: float) -> float:
    return s.p.points[part] + future * PART_BONUS[part]


class Room:
    """Where parts can still go in a house, counting the parts already planned."""

    __slots__ = ("walls", "open_tops", "bare_roofs", "window_slots", "door_slot")

    def __init__(self, house: H.House) -> None:
        self.walls = H.MAX_COLUMNS * H.MAX_LEVELS - sum(len(c.walls) for c in house)
        self.open_tops = sum(1 for c in house if not c.roof)
        self.bare_roofs = sum(1 for c in house if c.roof and not c.chimney)
        self.window_slots = sum(
            H.MAX_WINDOWS_PER_WALL - w.windows for c in house for w in c.walls if not w.door
        )
        self.door_slot = not H.has_door(house)

    def take(self, part: int) -> bool:
        """Plan ``part`` if the house has room for it; False if not."""
        if part in H.WALLS:
            if not self.walls:
                return False
            self.walls -= 1
            self.open_tops += 1
            self.window_slots += H.MAX_WINDOWS_PER_WALL
        elif part == H.ROOF:
            if not self.open_tops:
                return False
            self.open_tops -= 1
            self.bare_roofs += 1
        elif part == H.CHIMNEY:
            if not self.bare_roofs:
                return False
            self.bare_roofs -= 1
        elif part == H.WINDOW:
            if not self.window_slots:
                return False
            self.window_slots -= 1
        else:  # the door
            if not self.door_slot:
                return False
            self.door_slot = False
        return True


def plan_worth(
    s: MrHouseBasicState | MrHouseAdvancedState, room: Room, store: list[int], future: float
) -> float:
    """What the materials are worth as parts for this house: repeatedly make the part
    worth the most per material that the materials allow and the house has room for;
    what is left over is worth little."""
    recipes = s.p.recipes
    store = list(store)
    ranked = _ranked_parts(s.p, future)
    total = 0.0
    while True:
        for part in ranked:
            recipe = recipes[part]
            if all(have >= need for have, need in zip(store, recipe, strict=True)) and room.take(
                part
            ):
                for m, need in enumerate(recipe):
                    store[m] -= need
                total += part_worth(s, part, future)
                break
        else:
            return total + LEFTOVER_VALUE * future * sum(store)


_RANKED: dict[tuple[int, float], tuple[Any, tuple[int, ...]]] = {}


def _ranked_parts(params: Any, future: float) -> tuple[int, ...]:
    """The variant's parts, most worth per material first (cached: it is asked often)."""
    key = (id(params), future)
    hit = _RANKED.get(key)
    if hit is None or hit[0] is not params:
        if len(_RANKED) > 256:
            _RANKED.clear()
        worth = [params.points[p] + future * PART_BONUS[p] for p in range(len(params.points))]
        order = tuple(sorted(params.parts, key=lambda p: -worth[p] / sum(params.recipes[p])))
        hit = _RANKED[key] = (params, order)
    return hit[1]


def requirements_met(house: H.House) -> int:
    """How many of the complete house's requirements a house meets (the permit aside)."""
    n = H.counts(house)
    return (
        (n[H.WOOD_WALL] + n[H.BRICK_WALL] >= 2)
        + (n[H.ROOF] >= 2)
        + (bool(house) and all(c.roof for c in house))
        + (n[H.CHIMNEY] >= 1)
        + (n[H.DOOR] == 1)
        + (bool(house) and all(w.door or w.windows for c in house for w in c.walls))
    )


def coming_purchases(s: MrHouseBasicState, player: int) -> tuple[list[int], float]:
    """What ``player``'s markers will bring in this turn's purchases still to resolve:
    materials by kind, and the worth of coins, a permit and workers. Read from the
    state itself: in a determinized view the opponents' values are samples."""
    materials = [0] * len(s.supply)
    if s.phase > PURCHASES:
        return materials, 0.0
    p = s.p
    extras = 0.0
    cards = s.board_workers
    permit_free = not s.permit_given
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
                extras += COIN_VALUE if mine else 0.0
            elif kind == OFFICE:
                if permit_free and not s.permit[owner]:
                    permit_free = False
                    extras += PERMIT_VALUE if mine else 0.0
            elif kind == WORK_NOTICE_BOARD:
                if cards and s.workers[owner] < p.player_worker_spaces:
                    cards -= 1
                    extras += WORKER_VALUE * (p.turns - s.turn + 1) if mine else 0.0
            else:
                took = min(value, stock)
                stock -= took
                if mine:
                    materials[p.material_at[number]] += took
    return materials, extras


# == The advanced variant ===============================================================
#: An incomplete house loses whatever its points: being complete outweighs any score.
COMPLETE_HOUSE_VALUE = 20.0
MONEY_VALUE = 0.1  # a material costs 3 or 4: a little under half a point's worth
MONEY_TIE = 0.001  # at the end money only breaks ties
PRIVILEGE_VALUE = 0.8  # a card's special action, or its colour majority
WORKER_TURN_VALUE = 0.25  # a worker available for one more construction


def evaluate_advanced(state: State, player: int) -> float:
    """The position for ``player``: their worth minus the best opponent's, where
    worth counts being complete above everything (an incomplete house loses)."""
    return evaluate_advanced_all(state)[player]


def evaluate_advanced_all(state: State) -> list[float]:
    """``evaluate_advanced`` for every player at once."""
    assert isinstance(state, MrHouseAdvancedState)
    majorities = state.privilege_points()
    return versus([advanced_worth(state, p, majorities[p]) for p in range(state.p.players)])


def advanced_worth(s: MrHouseAdvancedState, player: int, majority: int) -> float:
    """The player's score now, plus being complete, plus what can still become points
    in the constructions to come. At the end of the game it is the final score, the
    complete-house value and a pinch of money (the tie-break)."""
    p = s.p
    house = s.house[player]
    later = constructions_to_come(s, player)
    future = min(1.0, (p.turns - s.turn) / 2)
    n = H.counts(house)
    worth = float(sum(k * v for k, v in zip(n, p.points, strict=True)))
    worth += s.garage_points(player) + s.quality[player] + s.loan_points(player) + majority
    worth += MONEY_TIE * s.money[player]
    complete = H.is_complete(house, s.permit[player])
    if complete:
        worth += COMPLETE_HOUSE_VALUE
    if not later:
        return worth
    # What the constructions to come can still make of it.
    worth += future * sum(k * b for k, b in zip(n, PART_BONUS, strict=True))
    if not complete:
        share = COMPLETE_HOUSE_VALUE * COMPLETION_SHARE
        worth += share * (requirements_met(house) + s.permit[player])
    materials, money_spent = _advanced_coming_purchases(s, player)
    store = [have + more for have, more in zip(s.store[player], materials, strict=True)]
    worth += (1.0 - 0.4**later) * plan_worth(s, Room(house), store, future)
    worth += MONEY_VALUE * (s.money[player] - money_spent)
    worth += PRIVILEGE_VALUE * len(s.privileges[player])
    for i, card in enumerate(s.spaces[player]):
        if card != -1:  # the card works in the constructions before it leaves the board
            turns_left = min(later, p.card_spaces - i)
            worth += WORKER_TURN_VALUE * p.worker_cards[card].workers * turns_left
    return worth


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
