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

from ...core import State
from . import house as H
from .basic import OVER, PREPARING, PURCHASES, ROLLING, MrHouseBasicState
from .params import BANK, OFFICE, STORE, WORK_NOTICE_BOARD

#: What a built part is worth beyond its points while turns remain: a wall carries
#: a roof and windows, the door is a requirement of the complete house.
PART_BONUS = (0.6, 0.6, 0.2, 0.2, 0.2, 0.6, 0.2)
LEFTOVER_VALUE = 0.15  # a material that fits no part of the plan (yet)
COIN_VALUE = 0.7  # any one material when needed, and the unspent-coin bonus
WORKER_VALUE = 0.3  # per construction left: one roll in six more succeeds
PERMIT_VALUE = 1.5  # a complete house needs one
#: Share of the complete-house bonus credited per requirement already met.
COMPLETION_SHARE = 0.1


def evaluate(state: State, player: int) -> float:
    """The position for ``player``: their worth minus the best opponent's."""
    assert isinstance(state, MrHouseBasicState)
    if state.phase == OVER:
        totals = [s["total"] for s in state.scores()]
        best_other = max(t for p, t in enumerate(totals) if p != player)
        return totals[player] - best_other + (0.5 if state.ranking()[player] == 1 else 0.0)
    worth = [player_worth(state, p) for p in range(state.p.players)]
    return worth[player] - max(w for p, w in enumerate(worth) if p != player)


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


def constructions_to_come(s: MrHouseBasicState, player: int) -> int:
    """The player's constructions still to come, not counting one under way."""
    after_this_turn = s.p.turns - s.turn
    if s.phase < PREPARING:
        return after_this_turn + 1
    if s.phase == OVER:
        return 0
    return after_this_turn + (s.order.index(player) > s.builder)


def part_worth(s: MrHouseBasicState, part: int, future: float) -> float:
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


def plan_worth(s: MrHouseBasicState, room: Room, store: list[int], future: float) -> float:
    """What the materials are worth as parts for this house: repeatedly make the part
    worth the most per material that the materials allow and the house has room for;
    what is left over is worth little."""
    recipes = s.p.recipes
    store = list(store)
    ranked = sorted(s.p.parts, key=lambda part: -part_worth(s, part, future) / sum(recipes[part]))
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
