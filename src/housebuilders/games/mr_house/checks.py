"""What a loaded Mr House state must satisfy (docs/games/mr-house.md, "Saved states").

The schemas give the JSON's shape (``to_json`` of each variant); the ``check_``
functions go through the rulebook's components and say where each one is: the
movement markers in hands or on the city, the worker cards and privilege cards in
their decks, on the board or with the players, the materials, the money, the
tracks, and who is asked what in which phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, StrictBool, StrictInt

from housebuilders.core.loading import Count, GameStateJson, StateSchema, once, refuse, row, within
from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.actions import MATERIALS, PART_IDS
from housebuilders.games.mr_house.house import GIVEN_UP_WALL, NO_GARAGE_WALL
from housebuilders.games.mr_house.params import CONSTRUCTION_EXPO, OFFICE, STORE, WORK_NOTICE_BOARD
from housebuilders.games.mr_house.phases import (
    AWAIT_NAMES,
    BUILDING,
    BUILDING_PART,
    BUY_AT_STORE,
    CREW_CHOICE,
    EXPO_CHOICE,
    HIRING,
    MOVE,
    MOVEMENT,
    OFFICE_CHOICE,
    OVER,
    PREPARING,
    PURCHASES,
    RECEIPT,
    ROLLING,
)

if TYPE_CHECKING:
    from housebuilders.games.mr_house.advanced import MrHouseAdvancedState
    from housebuilders.games.mr_house.basic import MrHouseBasicState
    from housebuilders.games.mr_house.common import MrHouseState


# == the JSON's shape ==================================================================
class Materials(StateSchema):
    wood: Count
    brick: Count
    cement: Count
    steel: Count
    window: Count
    door: Count


assert tuple(Materials.model_fields) == MATERIALS


class WallJson(StateSchema):
    part: Literal["wood_wall", "brick_wall"]
    windows: Annotated[int, Field(ge=0, le=H.MAX_WINDOWS_PER_WALL)]
    door: bool


class ColumnJson(StateSchema):
    walls: Annotated[list[WallJson], Field(min_length=1, max_length=H.MAX_LEVELS)]
    roof: Literal["roof", "ceramic_roof"] | None
    chimney: bool


class PlayerJson(StateSchema):
    materials: Materials
    hand: list[int]
    house: Annotated[list[ColumnJson], Field(max_length=H.MAX_COLUMNS)]


class MrHouseJson(GameStateJson):
    players: int
    turn: int
    phase: str
    order: list[int]
    supply: Materials
    #: location number -> its markers: [player, value, history index]
    stacks: dict[str, list[row(StrictInt, StrictInt, StrictInt)]]  # type: ignore[valid-type]
    placed: Count
    purchase: row(StrictInt, StrictInt)  # type: ignore[valid-type]
    builder: Count


class BasicPlayerJson(PlayerJson):
    coins: Count
    permit: bool
    workers: Count


class BasicJson(MrHouseJson):
    board_workers: Count
    worker_deck: Count
    permit_given: bool
    groups: list[str]
    player_state: list[BasicPlayerJson]


class AdvancedPlayerJson(PlayerJson):
    money: int
    loans: Count
    quality: int
    permit: bool
    worker_spaces: list[int]
    tired: Count
    privileges: list[int]
    garage: row(StrictInt, StrictBool, StrictInt)  # type: ignore[valid-type]


class AdvancedJson(MrHouseJson):
    prices: Materials
    player_order_track: list[int]
    worker_deck: list[int]
    board_cards: list[row(StrictInt, StrictInt)]  # type: ignore[valid-type]
    privilege_deck: list[int]
    privilege_box: list[int]
    expo_current: list[int]
    expo_future: list[int]
    asked: str
    chooser: int
    hired: Count
    receipt: int
    pending: row(StrictInt, StrictInt, StrictInt) | None  # type: ignore[valid-type]
    player_state: list[AdvancedPlayerJson]


def index_of(field: str, value: str, names: tuple[str, ...]) -> int:
    """The position of ``value`` among ``names``, or a StateError naming the field."""
    if value not in names:
        refuse(field, f"{value!r} is not one of {list(names)}")
    return names.index(value)


# == both variants =====================================================================
def check_common(s: MrHouseState) -> None:
    """The turn, the order, the stores, the movement markers and the phase's pointers."""
    p, n = s.p, s.p.players
    within("turn", s.turn, 1, p.turns)
    once("player", range(n), {"order": s.order})
    for m, name in enumerate(MATERIALS):
        within(f"supply.{name}", s.supply[m], 0, p.stock[m])
    for pl in range(n):
        check_house(f"player_state.{pl}.house", s.house[pl], p.parts, s.ground_floor_door())
    # The movement markers: each player's five, in hand or on the city.
    markers = [list(hand) for hand in s.hand]
    for number, stack in enumerate(s.stacks):
        where = f"stacks.{number}"
        players = [pl for pl, _, _ in stack]
        if len(set(players)) != len(players):
            refuse(where, "a player has two markers on one location")
        for i, (pl, value, index) in enumerate(stack):
            markers[pl].append(value)
            earlier = stack[i - 1][2] if i else -1
            if not earlier < index < len(s.history):
                refuse(where, f"marker {i} points at history entry {index}, out of order")
            if value not in p.marker_values or s.history[index] != (pl, s.PLACE[value][number]):
                refuse(where, f"marker {i} is not the placement at history.{index}")
    total = n * len(p.marker_values)
    on_city = sum(len(stack) for stack in s.stacks)
    if s.phase in (MOVEMENT, PURCHASES):
        for pl in range(n):
            if sorted(markers[pl]) != list(p.marker_values):
                refuse(
                    f"player_state.{pl}.hand",
                    f"the player's markers (hand and city) are {sorted(markers[pl])}, "
                    f"not {list(p.marker_values)}",
                )
    elif on_city or any(s.hand):
        refuse("stacks", "the movement markers are back with their owners after the purchases")
    if s.phase == MOVEMENT:
        within("placed", s.placed, 0, total - 1)
        for position, pl in enumerate(s.order):  # placed in turn order, one at a time
            due = s.placed // n + (position < s.placed % n)
            if len(markers[pl]) - len(s.hand[pl]) != due:
                refuse("placed", f"player {pl} has not placed {due} markers, as the order says")
    elif s.placed != total:
        refuse("placed", f"all {total} markers are placed after the movement")
    if s.placed != on_city and s.phase in (MOVEMENT, PURCHASES):
        refuse("placed", f"{s.placed} markers placed but {on_city} on the city")
    placements = sum(action[0] == "place" for _, action in s.history)
    if placements != (s.turn - 1) * total + s.placed:
        refuse(
            "history",
            f"places {placements} markers, not {total} a turn for {s.turn - 1} turns "
            f"and {s.placed} this turn",
        )
    if s.phase == PURCHASES:
        within("purchase.0", s.loc, 1, p.last_location)
        within("purchase.1", s.pos, 0, len(s.stacks[s.loc]) - 1)
    else:  # a location holds one marker a player at most: the last one resolved
        within("purchase.0", s.loc, 0, p.last_location + 1)
        within("purchase.1", s.pos, 0, n)
    within("builder", s.builder, 0, n)


def check_house(
    field: str, house: H.House, parts: tuple[int, ...], ground_floor_door: bool
) -> None:
    """A house as the rules build it (docs/games/mr-house.md, rulings 1-5), the door on
    a ground-floor wall with the option ``door="ground-floor"``."""
    doors = 0
    for c, col in enumerate(house):
        for level, wall in enumerate(col.walls):
            where = f"{field}.{c}.walls.{level}"
            if wall.part not in parts:
                refuse(where, f"a {PART_IDS[wall.part]} is not a part of this variant")
            if wall.door and wall.windows:
                refuse(where, "a wall cannot have both a window and a door")
            if wall.door and level and ground_floor_door:
                refuse(where, 'a door stands on a ground-floor wall (option door="ground-floor")')
            doors += wall.door
        if col.roof and col.roof not in parts:
            refuse(f"{field}.{c}.roof", f"a {PART_IDS[col.roof]} is not a part of this variant")
        if col.chimney and not col.roof:
            refuse(f"{field}.{c}.chimney", "a chimney stands on a roof")
    if doors > 1:
        refuse(field, "a house has one door")


def load_stacks(s: MrHouseState, stacks: dict[str, list[tuple[int, int, int]]]) -> None:
    """The markers on the city, by location number, with each player's reach."""
    p = s.p
    s.stacks = [[] for _ in range(p.last_location + 1)]
    s.own, s.reach = [0] * p.players, [0] * p.players
    for key, stack in stacks.items():
        number = int(key) if key.isdigit() else -1
        within(f"stacks.{key}", number, 1, p.last_location)
        for pl, value, index in stack:
            within(f"stacks.{key}", pl, 0, p.players - 1)
            s.stacks[number].append((pl, value, index))
            s.own[pl] |= 1 << number
            s.reach[pl] |= p.adjacent[number]


# == the basic variant =================================================================
def check_basic(s: MrHouseBasicState) -> None:
    check_common(s)
    p, n = s.p, s.p.players
    # The worker cards: in the deck, on the work notice board or hired.
    within("worker_deck", s.deck, 0, p.worker_deck)
    within("board_workers", s.board_workers, 0, p.board_worker_cards)
    for pl in range(n):
        within(f"player_state.{pl}.workers", s.workers[pl], 0, p.player_worker_spaces)
        # the bank's 1 coin a turn is the only way to get one
        within(f"player_state.{pl}.coins", s.coins[pl], 0, s.turn)
    if s.deck + s.board_workers + sum(s.workers) != p.worker_deck:
        refuse(
            "worker_deck, board_workers, player_state.*.workers",
            f"the worker cards there are not the {p.worker_deck} of the game",
        )
    # The office's one permit a turn.
    if s.permit_given and (s.phase == MOVEMENT or not any(s.permit)):
        refuse("permit_given", "no permit was given this turn")
    # Who is asked what.
    if s.phase == PURCHASES:
        pl, value, _ = s.stacks[s.loc][s.pos]
        if p.kinds[s.loc] != STORE or not value or not s.supply[p.material_at[s.loc]]:
            refuse("purchase", "the purchases wait only on a marker at a store with stock")
    if s.phase in (PREPARING, ROLLING):
        within("builder", s.builder, 0, n - 1)
    if s.groups and s.phase not in (PREPARING, ROLLING) or s.phase == ROLLING and not s.groups:
        refuse("groups", "prepared groups are rolled for in the construction only")


# == the advanced variant ==============================================================
def check_advanced(s: MrHouseAdvancedState) -> None:
    asked = {
        MOVEMENT: (MOVE,),
        PURCHASES: (BUY_AT_STORE, OFFICE_CHOICE, HIRING, EXPO_CHOICE, RECEIPT),
        BUILDING: (BUILDING_PART, CREW_CHOICE),
        OVER: (BUILDING_PART,),
    }.get(s.phase)
    if asked is None:
        refuse("phase", f"{s.PHASE_NAMES[s.phase]!r} is not a phase of the advanced variant")
    check_common(s)
    p, n = s.p, s.p.players
    for m, name in enumerate(MATERIALS):
        within(f"prices.{name}", s.prices[m], p.price_min[m], p.price_max[m])
    once("player", range(n), {"player_order_track": s.track})
    for pl in range(n):
        where = f"player_state.{pl}"
        if s.money[pl] < 1:
            refuse(f"{where}.money", f"{s.money[pl]}: loans keep a player's money above 0")
        within(f"{where}.quality", s.quality[pl], p.quality_start, p.quality_max)
        if len(s.spaces[pl]) != p.card_spaces:
            refuse(f"{where}.worker_spaces", f"a player board has {p.card_spaces} spaces")
        within(f"{where}.tired", s.tired[pl], 0, (2 << p.card_spaces) - 1)
        for i, card in enumerate(s.spaces[pl]):
            if card == -1 and s.tired[pl] & (2 << i):
                refuse(f"{where}.tired", f"space {i + 1} is empty: nobody there is tired")
        wall, door, roof = s.garage[pl]
        if (
            wall not in (NO_GARAGE_WALL, GIVEN_UP_WALL, *H.WALLS)
            or roof not in (0, *H.ROOFS)
            or wall < 0
            and (door or roof)
        ):
            refuse(f"{where}.garage", "a garage is a wall, then a door and a roof on it")
    # The worker cards: face down in the deck, face up on the board, on player boards,
    # or out of the game (pushed off a board, or unhired at price 0).
    once(
        "worker card",
        range(len(p.worker_cards)),
        {
            "worker_deck": s.worker_deck,
            "board_cards": [card for card, _ in s.board_cards],
            **{
                f"player_state.{pl}.worker_spaces": [c for c in s.spaces[pl] if c != -1]
                for pl in range(n)
            },
        },
        may_leave=True,
    )
    if len(s.board_cards) > p.board_worker_cards:
        refuse("board_cards", f"the work notice board holds {p.board_worker_cards} cards")
    for i, (card, coins) in enumerate(s.board_cards):
        within(f"board_cards.{i}", coins, 0, p.worker_cards[card].price - 1)
    # The privilege cards: the box keeps those not dealt; the dealt ones are in the
    # deck, at the expo, with a player, or discarded.
    once(
        "privilege card",
        range(len(p.privilege_cards)),
        {
            "privilege_deck": s.privilege_deck,
            "privilege_box": s.privilege_box,
            "expo_current": s.expo_current,
            "expo_future": s.expo_future,
            **{f"player_state.{pl}.privileges": s.privileges[pl] for pl in range(n)},
        },
        may_leave=True,
    )
    if len(s.privilege_box) != len(p.privilege_cards) - p.privilege_dealt:
        refuse("privilege_box", f"{p.privilege_dealt} privilege cards are dealt, the rest boxed")
    for field, cards in (("expo_current", s.expo_current), ("expo_future", s.expo_future)):
        within(field, len(cards), 0, p.expo_cards)
    # Who is asked what.
    if s.await_ not in asked:
        refuse("asked", f"{AWAIT_NAMES[s.await_]!r} is not asked in the {s.PHASE_NAMES[s.phase]}")
    within("chooser", s.chooser, -1, n - 1)
    within("hired", s.hired, 0, max(p.marker_values))
    if s.phase == PURCHASES:
        where = {
            BUY_AT_STORE: STORE,
            OFFICE_CHOICE: OFFICE,
            HIRING: WORK_NOTICE_BOARD,
            EXPO_CHOICE: CONSTRUCTION_EXPO,
            RECEIPT: CONSTRUCTION_EXPO,
        }[s.await_]
        if p.kinds[s.loc] != where:
            refuse("purchase", f"{AWAIT_NAMES[s.await_]!r} is asked at the {where}")
        if s.await_ in (BUY_AT_STORE, OFFICE_CHOICE, HIRING):
            if s.chooser != s.stacks[s.loc][s.pos][0]:
                refuse("chooser", "the chooser is the owner of the marker being resolved")
            if s.await_ == OFFICE_CHOICE and s.pos not in s.office_takers():
                office = s.setup["options"]["office"]
                refuse("purchase", f"this marker gains no office benefit (option office={office})")
        elif all(pl != s.chooser for pl, value, _ in s.stacks[s.loc] if value):
            refuse("chooser", "the chooser has no marker (other than 0) at this location")
    if (s.receipt != -1) != (s.await_ == RECEIPT):
        refuse("receipt", "a card is decided on receipt exactly when receipt is asked")
    if s.receipt != -1 and s.receipt not in s.privileges[s.chooser]:
        refuse("receipt", "the card decided on receipt is the chooser's")
    if (s.pending is not None) != (s.await_ == CREW_CHOICE):
        refuse("pending", "a part waits for its crew exactly when a crew is asked")
    if s.pending is not None:
        within("pending.0", s.pending[0], 0, len(PART_IDS) - 1)
        within("pending.1", s.pending[1], -1, H.MAX_COLUMNS - 1)  # -1: the garage
        within("pending.2", s.pending[2], 0, H.MAX_LEVELS)
    if s.phase == BUILDING:
        within("builder", s.builder, 0, n - 1)
