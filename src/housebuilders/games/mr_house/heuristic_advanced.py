"""Mr House's evaluation of a position in the advanced variant (heuristic.py has the
whole picture): being complete outweighs any score, each part is built by a crew
(``CrewClock``), money, privilege cards, quality and loans count as they score."""

from __future__ import annotations

import math
from typing import Any

from housebuilders.core import Action, State
from housebuilders.core.content import remembered
from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.actions import GARAGE
from housebuilders.games.mr_house.advanced import MrHouseAdvancedState
from housebuilders.games.mr_house.advanced_purchases import shift_in
from housebuilders.games.mr_house.params import OFFICE, STORE, WORK_NOTICE_BOARD
from housebuilders.games.mr_house.phases import BUILDING, HIRING, MOVEMENT, OVER, PURCHASES
from housebuilders.games.mr_house.plan import (
    LEFTOVER_VALUE,
    Plan,
    _per_params,
    permit_chance,
    versus,
)

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
