"""Shortcuts for setting up Mr House positions in tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import housebuilders as hb
from housebuilders.core.rng import ScriptedRng
from housebuilders.games.mr_house import actions as A, basic as B
from housebuilders.games.mr_house.actions import MATERIALS
from housebuilders.games.mr_house.house import CERAMIC_ROOF, ROOF, Column, House, Wall
from housebuilders.games.mr_house.phases import BUILDING, BUILDING_PART, PURCHASES

WOOD, BRICK, CEMENT, STEEL, WINDOW_M, DOOR_M = range(6)
GAME = "mr-house-basic"


def new(
    players: int = 3,
    seed: int = 0,
    content: Mapping[str, Any] | None = None,
    **options: str,
) -> B.MrHouseBasicState:
    state = hb.new_game(GAME, players, seed=seed, options=options, content=content)
    assert isinstance(state, B.MrHouseBasicState)
    return state


def materials(**counts: int) -> list[int]:
    return [counts.get(m, 0) for m in MATERIALS]


def act(state: B.MrHouseBasicState, action: hb.Action) -> None:
    """Apply ``action`` for the one acting player."""
    (player,) = state.acting_players()
    state.apply(player, action)


def place_all(state: B.MrHouseBasicState, moves: list[tuple[int, int]]) -> None:
    """Place markers in turn order: ``moves`` lists (value, location) per placement."""
    for value, location in moves:
        act(state, A.PlaceMarker(value, location))


def at_construction(
    players: int = 3,
    store: dict[int, list[int]] | None = None,
    workers: dict[int, int] | None = None,
    houses: dict[int, House] | None = None,
    rolls: list[int] | None = None,
    content: Mapping[str, Any] | None = None,
    **options: str,
) -> B.MrHouseBasicState:
    """A position at the start of the construction phase of turn 1, player 0 first."""
    s = new(players, content=content, **options)
    for player, stock in (store or {}).items():
        s.store[player] = list(stock)
    for player, n in (workers or {}).items():
        s.workers[player] = n
    for player, house in (houses or {}).items():
        s.house[player] = house
    s.hand = [[] for _ in range(players)]
    s.placed = players * 5
    s.phase, s.builder = B.PREPARING, 0
    if rolls is not None:
        s.rng = ScriptedRng(rolls)
    return s


def column(*walls: Wall, roof: bool | str = False, chimney: bool = False) -> Column:
    """A column of walls; ``roof=True`` for a sheet-metal roof, or ``roof="ceramic_roof"``."""
    kind = {False: 0, True: ROOF, "roof": ROOF, "ceramic_roof": CERAMIC_ROOF}[roof]
    return Column(tuple(walls), kind, chimney)


def wood(windows: int = 0, door: bool = False) -> Wall:
    return Wall(0, windows, door)


def brick(windows: int = 0, door: bool = False) -> Wall:
    return Wall(1, windows, door)


def place_plans(state: B.MrHouseBasicState, plans: dict[int, list[tuple[int, int]]]) -> None:
    """Each player's markers as (value, location), in that player's own order; the
    placements are interleaved in turn order from the first player."""
    queues = {p: list(moves) for p, moves in plans.items()}
    while any(queues.values()):
        (player,) = state.acting_players()
        value, location = queues[player].pop(0)
        state.apply(player, A.PlaceMarker(value, location))


def take_first(state: B.MrHouseBasicState) -> None:
    """Purchases: the acting player takes the fewest materials offered."""
    (player,) = state.acting_players()
    state.apply(player, next(a for a in state.legal_actions(player) if isinstance(a, A.Take)))


def resolve_until(state: B.MrHouseBasicState, location: int) -> None:
    while state.phase == B.PURCHASES and state.loc < location:
        take_first(state)


# -- the advanced variant ----------------------------------------------------------------
ADVANCED = "mr-house-advanced"


def adv(players: int = 3, seed: int = 0, order: list[int] | None = None, **options: str):
    """A new advanced game; ``order`` fixes the player order (and the track)."""
    from housebuilders.games.mr_house.advanced import MrHouseAdvancedState

    state = hb.new_game(ADVANCED, players, seed=seed, options=options)
    assert isinstance(state, MrHouseAdvancedState)
    if order is not None:
        state.order, state.track = list(order), list(order)
    return state


def adv_purchases(state, stacks: dict[int, list[tuple[int, int]]], hold: bool = True) -> None:
    """Skip the movement: put these markers (player, value) on these locations, in
    placement order, and start the purchases. ``hold`` adds a marker of player 0 at
    the wood store (9), if it has none, so the purchases stop there before the turn
    can end."""
    if hold and 9 not in stacks:
        stacks = {**stacks, 9: [(0, 1)]}
    state.hand = [[] for _ in range(state.p.players)]
    state.placed = state.p.players * 5
    for number, markers in stacks.items():
        state.stacks[number] = [(pl, v, 0) for pl, v in markers]
    state.phase, state.loc, state.pos = PURCHASES, 1, 0
    state._resolve_purchases(reveal=True)


def adv_construction(state, order: list[int] | None = None) -> None:
    """Skip to the construction phase of the current turn (builders in ``order``)."""
    if order is not None:
        state.order = list(order)
    state.hand = [[] for _ in range(state.p.players)]
    state.placed = state.p.players * 5
    state.phase, state.await_, state.builder = BUILDING, BUILDING_PART, 0


def card_with(state, workers: int, stars: int | None = None) -> int:
    """The id of a worker card with this many workers (and stars)."""
    return next(
        i
        for i, c in enumerate(state.p.worker_cards)
        if c.workers == workers and (stars is None or c.stars == stars)
    )


def privilege(state, name: str) -> int:
    return next(i for i, c in enumerate(state.p.privilege_cards) if c.name == name)
