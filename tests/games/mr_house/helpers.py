"""Shortcuts for setting up Mr House positions in tests."""

from __future__ import annotations

import housebuilders as hb
from housebuilders.core.rng import ScriptedRng
from housebuilders.games.mr_house import basic as B
from housebuilders.games.mr_house.actions import MATERIALS
from housebuilders.games.mr_house.house import Column, House, Wall

WOOD, BRICK, CEMENT, STEEL, WINDOW_M, DOOR_M = range(6)
GAME = "mr-house-basic"


def new(players: int = 3, seed: int = 0) -> B.MrHouseBasicState:
    state = hb.new_game(GAME, players, seed=seed)
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
        act(state, B.PlaceMarker(value, location))


def at_construction(
    players: int = 3,
    store: dict[int, list[int]] | None = None,
    workers: dict[int, int] | None = None,
    houses: dict[int, House] | None = None,
    rolls: list[int] | None = None,
) -> B.MrHouseBasicState:
    """A position at the start of the construction phase of turn 1, player 0 first."""
    s = new(players)
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


def column(*walls: Wall, roof: bool = False, chimney: bool = False) -> Column:
    return Column(tuple(walls), roof, chimney)


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
        state.apply(player, B.PlaceMarker(value, location))


def take_first(state: B.MrHouseBasicState) -> None:
    """Purchases: the acting player takes the fewest materials offered."""
    (player,) = state.acting_players()
    state.apply(player, next(a for a in state.legal_actions(player) if isinstance(a, B.Take)))


def resolve_until(state: B.MrHouseBasicState, location: int) -> None:
    while state.phase == B.PURCHASES and state.loc < location:
        take_first(state)
