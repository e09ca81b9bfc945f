"""House of Fado's setup (rulebook "Setup"; HF-1 to HF-20): a new game dealt, its
layout as the lists the state will hold. Tiles are ids: a musician is its index in
content.musicians, a promo len(content.musicians) + its index in content.promos."""

from __future__ import annotations

from dataclasses import dataclass

from housebuilders.core import Rng
from housebuilders.games.house_of_fado.content import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TYPES,
    HouseOfFadoContent,
    bag,
    market_tiles,
)

SUPPLY = -1  # a worker or an assistant not on the board
NONE = -1  # no tile, no owner
DISPLAY = 4  # fado tiles face up beside the stack (HF-7)


@dataclass
class Layout:
    """Everything a new game sets out. Per seat: ``money``, ``workers`` and
    ``assistants`` (the space of each, SUPPLY off the board), ``cubes_removed``,
    ``musicians`` (the tile in each type's space, NONE), ``notes`` (a count per note),
    ``tables`` and ``bar`` (customer colours), ``critic`` (the table it sits at, NONE),
    ``fado_scored`` and ``points``."""

    first: int
    market: list[list[int]]  # by type: tile ids, in the market
    fame: list[int]  # by tile id: its die (0: it has none yet, HF-37)
    note_supply: list[int]  # by note: tiles in the stack
    display: list[int]  # fado tile ids face up (HF-7)
    stack: list[int]  # fado tile ids, the face-up top first; the rest hidden
    bag: list[int]  # customer colours; its order hidden
    discard: list[int]
    groups: list[list[int]]  # the street's groups, left to right: customer colours
    critics: list[bool]  # by group: a critic is there
    billboard_tiles: list[int]  # by type: the scoring tile under its space (HF-12)
    star_owner: list[int]  # the 3 musician stars by type, then fado, then prestige
    money: list[int]
    workers: list[list[int]]
    assistants: list[list[int]]
    cubes_removed: list[int]
    musicians: list[list[int]]
    notes: list[list[int]]
    tables: list[list[list[int]]]
    bar: list[list[int]]
    critic: list[int]
    fado_scored: list[list[int]]
    points: list[int]


def check_players(players: int, assistants: bool) -> None:
    """Refuse a player count the rulebook does not set up (HF-1), and the assistants
    variant beyond 2 players (HF-132)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"House of Fado is set up for 2 to 4 players, not {players}")
    if assistants and players != 2:
        raise ValueError("the assistants are a 2-player variant")


def setup(
    content: HouseOfFadoContent, players: int, rng: Rng, *, promos: bool, assistants: bool
) -> Layout:
    check_players(players, assistants)
    printed = len(content.musicians)
    fame = [0] * printed + [promo.fame for promo in content.promos]
    market = [list(tiles) for tiles in market_tiles(content, players)]
    if promos:  # HF-3: mix each in, then one tile of each type leaves at random
        for p, promo in enumerate(content.promos):
            market[promo.type].append(printed + p)
        for tiles in market:
            if tiles:
                tiles.pop(rng.below(len(tiles)))
    fado = [n for n, tile in enumerate(content.fado) if players > 2 or tile.two]  # HF-6
    rng.shuffle(fado)
    customers = list(bag(content, players))  # HF-8
    rng.shuffle(customers)
    size = content.customers.group_size
    groups = [[customers.pop() for _ in range(min(size, len(customers)))] for _ in range(3)]
    critic_groups = content.customers.critic_groups[players - MIN_PLAYERS]  # HF-10
    billboard = list(range(TYPES))  # HF-12
    rng.shuffle(billboard)
    seats = range(players)
    return Layout(
        first=rng.below(players),  # HF-20
        market=market,
        fame=fame,
        note_supply=[content.note_copies] * len(content.notes),  # HF-5
        display=fado[:DISPLAY],
        stack=fado[DISPLAY:],
        bag=customers,
        discard=[],
        groups=groups,  # Q1: 4 customers to each group, left to right
        critics=[g in critic_groups for g in range(3)],
        billboard_tiles=billboard,
        star_owner=[NONE] * content.stars,  # HF-11
        money=[content.starting_money] * players,  # HF-14
        workers=[[SUPPLY] * content.workers for _ in seats],  # HF-19
        assistants=[[SUPPLY] * (content.assistants if assistants else 0) for _ in seats],
        cubes_removed=[0] * players,  # HF-17
        musicians=[[NONE] * TYPES for _ in seats],
        notes=[[0] * len(content.notes) for _ in seats],
        tables=[[[] for _ in content.tables] for _ in seats],
        bar=[[] for _ in seats],
        critic=[NONE] * players,
        fado_scored=[[] for _ in seats],
        points=[0] * players,  # Q3
    )


def uncovered_tables(content: HouseOfFadoContent, cubes_removed: int) -> list[int]:
    """The tables not covered by the decoration tile (those empty take customers or a
    critic): the covered one only once ``unlock_after`` cubes have left (HF-16, HF-101)."""
    covered = cubes_removed < content.unlock_after
    return [t for t in range(len(content.tables)) if not (covered and t == content.covered_table)]
