"""House of Fado's component data: the schema of data.toml and what is derived from it
once per content object (the tiles in play by player count)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from housebuilders.core import GameData, Schema
from housebuilders.core.content import per_content

TYPES = 3  # Portuguese guitar, singer, classical guitar: one restaurant space each
GROUPS = 3  # the street's customer groups, left to right
KICKOUTS = 3  # kick-out spaces per location (Q9)
MIN_PLAYERS, MAX_PLAYERS = 2, 4
# Bounds of the fixed action space (actions.py): content beyond them is refused.
MAX_TILES = 24  # musician tiles, printed and promo
MAX_NOTES = 6  # note kinds
COLOURS = 3  # customer colours
TABLES = 3  # a restaurant's tables
MAX_SPEND = 3  # customers one fame step may cost
#: the points scored during play, by kind (HF-129): a seat's ``earned`` counts
EARNED = ("fado_tiles", "promotions", "dismissals", "fame_six")


class Customers(Schema):
    colours: list[str] = Field(min_length=1)
    per_player: list[int]
    groups: int
    group_size: int = Field(ge=1)
    refill_at: int = Field(ge=0)
    critic_groups: list[list[int]]


class Fame(Schema):
    max: int
    hire_cost: list[int]
    customers: list[int]
    rehearsal_cost: list[int]


class MusicianType(Schema):
    name: str
    base_cost: int = Field(ge=0)
    colours: list[str] = Field(min_length=1)


class Musician(Schema):
    name: str
    type: int
    players: int = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)  # the fewest players it is used at
    note: str


class Promo(Schema):
    name: str
    type: int
    fame: int = Field(ge=2)  # "they start out with more than 1 fame"
    power: Literal["extra-cube", "extra-customers", "money-on-hire"]
    amount: int = Field(ge=0)


class FadoTile(Schema):
    notes: list[str] = Field(min_length=1)
    points: int = Field(ge=0)
    two: bool  # the "2" on the back: in the 2-player set


class BillboardTile(Schema):
    name: str
    many: list[int] = Field(min_length=3, max_length=3)  # 3-4 players: 1st, 2nd, 3rd
    two: list[int] = Field(min_length=2, max_length=2)  # 2 players: 1st, 2nd


class KickOut(Schema):
    bonus: Literal["money", "customer", "note", "fame"]
    gain: int = Field(0, ge=0)
    price: int = Field(0, ge=0)
    groups: list[int] = []


class Location(Schema):
    between: list[list[int]] = Field(min_length=1)  # per action space: its two neighbours
    kickouts: list[KickOut] = Field(min_length=KICKOUTS, max_length=KICKOUTS)


class HouseOfFadoContent(Schema):
    starting_money: int = Field(ge=0)
    workers: int = Field(ge=1)
    assistants: int = Field(ge=0)
    bar_seats: int = Field(ge=0)
    tables: list[int] = Field(min_length=1)
    covered_table: int
    unlock_after: int = Field(ge=1)
    prestige_cubes: int = Field(ge=1)
    critic_cost: list[int]
    critic_cubes: int = Field(ge=0)
    income: list[int]
    stars: int
    fado_star_tiles: int = Field(ge=1)
    star_points: list[int]
    fado_set_points: list[int] = Field(min_length=2)
    money_per_point: int = Field(ge=1)
    notes: list[str] = Field(min_length=1)
    note_copies: int = Field(ge=0)
    customers: Customers
    fame: Fame
    types: list[MusicianType] = Field(min_length=TYPES, max_length=TYPES)
    musicians: list[Musician]
    promos: list[Promo]
    fado: list[FadoTile]
    billboard: list[BillboardTile] = Field(min_length=TYPES, max_length=TYPES)
    market: Location
    street: Location
    rehearsal: Location
    billboard_location: Location

    @model_validator(mode="after")
    def _consistent(self) -> HouseOfFadoContent:
        self._check_tables()
        self._check_customers()
        self._check_components()
        self._check_board()
        return self

    def _check_tables(self) -> None:
        if len(self.tables) != TABLES:
            raise ValueError(f"tables: a restaurant has {TABLES} tables")
        if not 0 <= self.covered_table < len(self.tables):
            raise ValueError(f"covered_table: no table {self.covered_table}")
        if self.unlock_after > self.prestige_cubes:
            raise ValueError("unlock_after: more cubes than the prestige track holds")
        for name in ("critic_cost", "income"):
            if len(getattr(self, name)) != self.prestige_cubes + 1:
                raise ValueError(f"{name}: one value per cubes removed, 0 to {self.prestige_cubes}")
        # the three musician stars, the fado star and the prestige star
        if self.stars != TYPES + 2:
            raise ValueError(f"stars: the rules place {TYPES + 2} stars")
        if len(self.star_points) != self.stars + 1 or self.star_points[0] != 0:
            raise ValueError("star_points: one value per number of stars, 0 (worth 0) to stars")

    def _check_customers(self) -> None:
        c = self.customers
        if len(c.colours) != COLOURS:
            raise ValueError(f"customers.colours: the rules name {COLOURS} colours")
        if len(c.per_player) != len(c.colours):
            raise ValueError("customers.per_player: one count per colour")
        if c.groups != GROUPS:
            raise ValueError(f"customers.groups: the street has {GROUPS} groups")
        if len(c.critic_groups) != MAX_PLAYERS - MIN_PLAYERS + 1:
            raise ValueError("customers.critic_groups: one list per player count, 2 to 4")
        for groups in c.critic_groups:
            if len(set(groups)) != len(groups) or not all(0 <= g < GROUPS for g in groups):
                raise ValueError(f"customers.critic_groups: {groups} is not distinct groups 0-2")
        for t in self.types:
            for colour in t.colours:
                if colour not in c.colours:
                    raise ValueError(f"types: {t.name!r} names no customer colour {colour!r}")
        f = self.fame
        if f.max < 2 or len(f.customers) != f.max - 1 or len(f.rehearsal_cost) != f.max - 1:
            raise ValueError("fame: customers and rehearsal_cost need one value per fame step")
        if not all(1 <= n <= MAX_SPEND for n in f.customers):
            raise ValueError(f"fame.customers: each step costs 1 to {MAX_SPEND} customers")
        if len(f.hire_cost) != f.max - 1:
            raise ValueError("fame.hire_cost: one price per fame below the top (none at the top)")

    def _check_components(self) -> None:
        if len(self.notes) > MAX_NOTES or len(set(self.notes)) != len(self.notes):
            raise ValueError(f"notes: at most {MAX_NOTES} distinct notes")
        if len(self.musicians) + len(self.promos) > MAX_TILES:
            raise ValueError(f"musicians and promos: at most {MAX_TILES} tiles")
        for tile in self.musicians:
            if not 0 <= tile.type < TYPES or tile.note not in self.notes:
                raise ValueError(
                    f"musician {tile.name!r}: no type {tile.type} or note {tile.note!r}"
                )
        for promo in self.promos:
            if not 0 <= promo.type < TYPES or promo.fame >= self.fame.max:
                raise ValueError(f"promo {promo.name!r}: no type {promo.type} or fame too high")
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            if any(not tiles for tiles in market_tiles(self, players)):
                raise ValueError(f"musicians: a type has no tile at {players} players")
        for n, fado_tile in enumerate(self.fado, 1):
            if any(note not in self.notes for note in fado_tile.notes):
                raise ValueError(f"fado tile {n}: a note not in notes ({fado_tile.notes})")
        two = sum(tile.two for tile in self.fado)
        if two < 5 or len(self.fado) < 5:
            raise ValueError("fado: the display needs 4 tiles and the stack 1, at every count")

    def _check_board(self) -> None:
        for name, limit in (("market", TYPES), ("street", GROUPS), ("billboard_location", TYPES)):
            for pair in getattr(self, name).between:
                if len(pair) != 2 or pair[1] != pair[0] + 1 or not 0 <= pair[0] < limit - 1:
                    raise ValueError(f"{name}.between: {pair} is not two neighbours")
        if self.rehearsal.between != [[]]:
            raise ValueError("rehearsal.between: the room has one action space, between nothing")
        for name in ("market", "street", "rehearsal", "billboard_location"):
            for kick in getattr(self, name).kickouts:
                if (kick.bonus == "customer") != bool(kick.groups):
                    raise ValueError(f"{name}.kickouts: only a customer bonus names groups")
                if not all(0 <= g < GROUPS for g in kick.groups):
                    raise ValueError(f"{name}.kickouts: no group among {kick.groups}")


DATA = GameData(HouseOfFadoContent, Path(__file__).with_name("data.toml"))


def market_tiles(content: HouseOfFadoContent, players: int) -> tuple[tuple[int, ...], ...]:
    """The printed musician tiles (indices in content.musicians) used at ``players``, by
    type: those whose back mark allows that count (HF-2), promos aside."""
    return tuple(
        tuple(m for m, tile in enumerate(content.musicians) if tile.type == t
              and tile.players <= players)
        for t in range(TYPES)
    )  # fmt: skip


@per_content
def fado_sets(content: HouseOfFadoContent) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The fado tiles in play (indices in content.fado): at 2 players, then at 3-4 (HF-6)."""
    every = tuple(range(len(content.fado)))
    return tuple(n for n in every if content.fado[n].two), every


def bag(content: HouseOfFadoContent, players: int) -> tuple[int, ...]:
    """The customer bag at ``players``, as colour indices (HF-8)."""
    counts = content.customers.per_player
    return tuple(c for c, n in enumerate(counts) for _ in range(n * players))
