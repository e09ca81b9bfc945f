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

This module holds the basic variant's evaluation; the plan and the clock are in plan.py,
the advanced variant's evaluation in heuristic_advanced.py.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from housebuilders.core import State, win_shares
from housebuilders.core.content import remembered
from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.basic import MrHouseBasicState
from housebuilders.games.mr_house.params import BANK, OFFICE, STORE, WORK_NOTICE_BOARD
from housebuilders.games.mr_house.phases import MOVEMENT, OVER, PREPARING, PURCHASES, ROLLING
from housebuilders.games.mr_house.plan import (
    HAND_VALUE,
    LEFTOVER_VALUE,
    Clock,
    Plan,
    _per_params,
    permit_chance,
    versus,
)

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
    coming = coming_all(state)
    return versus([player_worth(state, p, coming[p]) for p in range(state.p.players)])



def player_worth(s: MrHouseBasicState, player: int, coming: Coming | None = None) -> float:
    """The score ``player`` can expect at the end: the points built, and for each part
    still planned its points times the chance it gets built in time; the +4 times
    the chance the house gets complete; a little for coins and spare materials.
    ``coming``: ``coming_purchases(s, player)``, if known."""
    p = s.p
    house = s.house[player]
    n = H.counts(house)
    worth = float(sum(k * v for k, v in zip(n, p.points, strict=True)))
    complete = H.is_complete(house, s.permit[player])
    if complete:
        worth += p.complete_house_points
    if coming is None:
        coming = coming_purchases(s, player)
    store = [have + more for have, more in zip(s.store[player], coming.materials, strict=True)]
    builder = s.phase in (PREPARING, ROLLING) and s._builder() == player
    groups = s.groups if builder else []
    clock = Clock(s, player, s.quality(player) + coming.workers)
    plan = _basic_plan(s, house, store, groups, s.coins[player] + coming.coins, clock)
    worth += plan.points
    if not complete:
        permit = s.permit[player] or coming.permit
        chance = 1.0 if permit else permit_chance(clock.purchases)
        worth += p.complete_house_points * chance * plan.complete
    # the markers still to place this turn, and those of the turns to come
    hand = sum(s.hand[player]) if s.phase == MOVEMENT else 0
    worth += HAND_VALUE * (hand + sum(p.marker_values) * clock.after)
    return worth + COIN_VALUE * plan.coins_left + LEFTOVER_VALUE * plan.leftover * clock.future


def _basic_plan(
    s: MrHouseBasicState, house: H.House, store: list[int], groups: list[int], coins: int,
    clock: Clock,
) -> Plan:  # fmt: skip
    """``Plan`` in the basic variant, where it depends only on the house, the
    materials, the groups prepared, the coins and the clock's turns, quality and
    whether the player still prepares: the same few recur in a search's leaves, so
    plans are kept (per params). A kept plan is shared: read it, do not change it."""
    plans: dict[tuple[Any, ...], Plan] = _per_params("basic plans", s.p, lambda _: {})
    key = (house, tuple(store), tuple(groups), coins, clock.after, clock.ahead,
           clock.quality, s.ground_floor_door())  # fmt: skip
    return remembered(
        plans, key, PLANS_KEPT, lambda: Plan(s, house, store, groups, coins, clock)
    )


#: basic plans remembered per params (a search's move makes hundreds)
PLANS_KEPT = 50_000


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
    return coming_all(s)[player]


def coming_all(s: MrHouseBasicState) -> list[Coming]:
    """``coming_purchases`` of every seat, the markers read once."""
    players = s.p.players
    materials = [[0] * len(s.supply) for _ in range(players)]
    if s.phase > PURCHASES:
        return [Coming(m) for m in materials]
    p = s.p
    coins, workers, permit = [0] * players, [0] * players, [False] * players
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
            if kind == BANK:
                coins[owner] += 1
            elif kind == OFFICE:
                if permit_free and not s.permit[owner]:
                    permit_free = False
                    permit[owner] = True
            elif kind == WORK_NOTICE_BOARD:
                if cards and hired[owner] < p.player_worker_spaces:
                    cards -= 1
                    hired[owner] += 1
                    workers[owner] += 1
            else:
                took = min(value, stock)
                stock -= took
                materials[owner][p.material_at[number]] += took
    return [Coming(*seat) for seat in zip(materials, coins, permit, workers, strict=True)]
