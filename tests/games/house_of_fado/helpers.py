"""House of Fado test helpers: a new game with seat 0 to play first, and positions set
directly on the state's fields (workers, musicians, customers, money...), so each rule
is tested in a small position."""

from __future__ import annotations

from typing import Any

import pytest

import housebuilders as hb
from housebuilders.core import Action, IllegalAction
from housebuilders.games.house_of_fado.actions import (
    BILLBOARD,
    MARKET,
    REHEARSAL,
    STREET,
    kickout,
)
from housebuilders.games.house_of_fado.state import HouseOfFadoState

# musician types, customer colours, groups (content's indices, left to right)
GUITAR, SINGER, CLASSICAL = 0, 1, 2
GRAY, BLACK, BROWN = 0, 1, 2
LEFT, MIDDLE, RIGHT = 0, 1, 2
# action spaces (actions.py): 0-1 Market, 2-3 Street, 4 Rehearsal, 5-6 Billboard, 7 restaurant
MARKET_1, MARKET_2, STREET_1, STREET_2, ROOM, BILLBOARD_1, BILLBOARD_2, RESTAURANT = range(8)
# the kick-out spaces by their bonus (data.toml)
MARKET_MONEY, MARKET_CUSTOMER, MARKET_PAID_CUSTOMER = (kickout(MARKET, k) for k in range(3))
STREET_MONEY, STREET_NOTE_1, STREET_NOTE_2 = (kickout(STREET, k) for k in range(3))
ROOM_MONEY, ROOM_MONEY_2, ROOM_FAME = (kickout(REHEARSAL, k) for k in range(3))
BOARD_MONEY, BOARD_NOTE, BOARD_CUSTOMER = (kickout(BILLBOARD, k) for k in range(3))
NONE = -1


def new(players: int = 2, seed: int = 1, **options: Any) -> HouseOfFadoState:
    """A new game in which seat 0 is the first player."""
    state = hb.new_game("house-of-fado", players, seed=seed, options=options)
    assert isinstance(state, HouseOfFadoState)
    state.first = state.turn = state.decider = 0
    return state


def play(state: HouseOfFadoState, *actions: Action) -> None:
    """Apply each action for whoever is asked now."""
    for action in actions:
        (player,) = state.acting_players()
        state.apply(player, action)


def refused(state: HouseOfFadoState, player: int, action: Action, words: str) -> IllegalAction:
    """``action`` is refused with ``words`` (a regex) and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction, match=words) as caught:
        state.apply(player, action)
    assert caught.value.rule.startswith("house-of-fado §")
    assert state.to_json() == before
    return caught.value


def put(state: HouseOfFadoState, player: int, *spaces: int) -> None:
    """Put ``player``'s workers from supply on ``spaces``."""
    workers = state.workers[player]
    for space in spaces:
        workers[workers.index(NONE)] = space


def tile(state: HouseOfFadoState, kind: int, name: str | None = None) -> int:
    """A market tile of ``kind`` (by name, else the first one)."""
    c = state.content
    for t in state.market[kind]:
        shown = state.tile_json(t)
        if name is None or (shown is not None and shown["name"] == name):
            return t
    if name is not None:  # a promo left in the box by the setup: put it in the market
        promo = len(c.musicians) + next(i for i, p in enumerate(c.promos) if p.name == name)
        state.market[kind].append(promo)
        return promo
    raise LookupError(kind)


def give(state: HouseOfFadoState, player: int, kind: int, fame: int = 1,
         name: str | None = None) -> int:  # fmt: skip
    """Put a market tile of ``kind`` at ``fame`` in ``player``'s restaurant."""
    t = tile(state, kind, name)
    state.market[kind].remove(t)
    state.musicians[player][kind] = t
    state.fame[t] = fame
    return t


def _take(state: HouseOfFadoState, colours: tuple[int, ...]) -> None:
    """Take customers of ``colours`` out of the bag (then the street): they keep the
    number of customers in the game unchanged."""
    for colour in colours:
        if colour in state.bag:
            state.bag.remove(colour)
        else:
            next(g for g in state.groups if colour in g).remove(colour)


def seat(state: HouseOfFadoState, player: int, table: int, *colours: int) -> None:
    """Seat customers at one of ``player``'s tables."""
    _take(state, colours)
    state.tables[player][table] = list(colours)


def bar(state: HouseOfFadoState, player: int, *colours: int) -> None:
    _take(state, colours)
    state.bar[player] = list(colours)


def critic_to(state: HouseOfFadoState, player: int, table: int) -> None:
    """Give ``player`` a critic from the street at ``table``."""
    state.critics[state.critics.index(True)] = False
    state.critic[player] = table


def group(state: HouseOfFadoState, g: int, *colours: int) -> None:
    """Set a street group's customers (the others go to the bag or come from it)."""
    state.bag += state.groups[g]
    state.groups[g] = []
    for colour in colours:
        state.bag.remove(colour)
    state.groups[g] = list(colours)


def notes(state: HouseOfFadoState, player: int, *names: str) -> None:
    """Give ``player`` note tiles from the supply, by name."""
    for name in names:
        n = state.content.notes.index(name)
        state.note_supply[n] -= 1
        state.notes[player][n] += 1


def total(state: HouseOfFadoState, player: int) -> int:
    return int(state.scores()[player]["total"])


def points(state: HouseOfFadoState, player: int, category: str) -> int:
    return int(state.scores()[player]["breakdown"][category])


def legal_kinds(state: HouseOfFadoState) -> set[str]:
    (player,) = state.acting_players()
    return {a.kind for a in state.legal_actions(player)}
