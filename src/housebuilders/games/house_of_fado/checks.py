"""House of Fado's saved state: its schema and the consistency checks ``from_json``
makes (each refusal a StateError naming the field)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, StrictBool, StrictInt

from housebuilders.core.loading import Count, GameStateJson, once, refuse, within
from housebuilders.games.house_of_fado.actions import ACTION_SPACES, RESTAURANT_SPACE, SPACES
from housebuilders.games.house_of_fado.content import (
    COLOURS,
    EARNED,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TYPES,
    bag,
)
from housebuilders.games.house_of_fado.phases import SECTIONS

if TYPE_CHECKING:
    from housebuilders.games.house_of_fado.state import HouseOfFadoState

Seat = Annotated[StrictInt, Field(ge=0, le=MAX_PLAYERS - 1)]
Tile = Annotated[StrictInt, Field(ge=-1, le=1000)]  # a tile id, -1: none
Space = Annotated[StrictInt, Field(ge=-2, le=SPACES - 1)]  # -1 supply, -2 being kicked
Colour = Annotated[StrictInt, Field(ge=0, le=COLOURS - 1)]
Small = Annotated[StrictInt, Field(ge=0, le=1000)]
Phase = Literal[
    "place",
    "assistant",
    "own-assistant",
    "overflow",
    "kick",
    "bonus",
    "market",
    "street",
    "rehearsal",
    "billboard",
    "raise",
    "six",
    "dismiss",
    "critic",
    "over",
]


class HouseOfFadoJson(GameStateJson):
    phase: Phase
    turn: Seat
    decider: Seat
    first: Seat
    ending: StrictBool
    origin: Space
    target: Space
    bonus_space: Space
    extra: Small
    joao: StrictBool
    resume: Literal["", "kick"]
    fame: list[Small]
    note_supply: list[Small]
    display: list[Tile]
    stack: list[Small]
    bag: list[Colour]
    discard: list[Colour]
    critics: list[StrictBool]
    billboard_tiles: list[Small]
    star_owner: list[Annotated[StrictInt, Field(ge=-1, le=MAX_PLAYERS - 1)]]
    star_tiles: list[Tile]
    billboard: list[Tile]
    removed: list[Small]
    money: list[Count]
    cubes_removed: list[Small]
    critic: list[Annotated[StrictInt, Field(ge=-1, le=2)]]
    rising: list[Annotated[StrictInt, Field(ge=0, le=TYPES - 1)]]
    market: list[list[Small]]
    groups: list[list[Colour]]
    workers: list[list[Space]]
    assistants: list[list[Space]]
    musicians: list[list[Tile]]
    notes: list[list[Small]]
    tables: list[list[list[Colour]]]
    bar: list[list[Colour]]
    fado_scored: list[list[Small]]
    earned: list[list[Small]]
    billboard_cubes: list[list[Small]]


def check(s: HouseOfFadoState) -> None:
    """What no game could reach: a component in two places or missing, a count
    changed, a piece off the board's spaces, a seat out of range."""
    content, players = s.content, s.num_players
    assert s.phase in SECTIONS
    within("players", players, MIN_PLAYERS, MAX_PLAYERS)
    for name in ("turn", "decider", "first"):
        within(name, getattr(s, name), 0, players - 1)
    for name in ("workers", "assistants", "musicians", "notes", "tables", "bar", "fado_scored",
                 "earned", "cubes_removed", "critic"):  # fmt: skip
        if len(getattr(s, name)) != players:
            refuse(name, f"one entry per player ({players})")
    if any(len(w) != content.workers for w in s.workers):
        refuse("workers", f"every player has {content.workers} workers")
    variant = s.setup["options"]["assistants"]
    if variant and players != 2:
        refuse("options", "the assistants are a 2-player variant")
    if any(len(a) != (content.assistants if variant else 0) for a in s.assistants):
        refuse("assistants", "assistants only in the 2-player variant, 3 each")
    for name, size in (("market", TYPES), ("billboard", TYPES), ("star_tiles", TYPES),
                       ("billboard_cubes", TYPES), ("billboard_tiles", TYPES),
                       ("star_owner", content.stars), ("groups", 3), ("critics", 3),
                       ("note_supply", len(content.notes))):  # fmt: skip
        if len(getattr(s, name)) != size:
            refuse(name, f"{size} entries")
    if sorted(s.billboard_tiles) != list(range(TYPES)):
        refuse("billboard_tiles", "each billboard scoring tile under one type's space (HF-12)")
    for p in range(players):
        within("cubes_removed", s.cubes_removed[p], 0, content.prestige_cubes)
        if len(s.tables[p]) != len(content.tables):
            refuse("tables", f"a restaurant has {len(content.tables)} tables")
        if len(s.bar[p]) > content.bar_seats:
            refuse("bar", f"a bar has {content.bar_seats} seats")
        for t, seated in enumerate(s.tables[p]):
            if len(seated) > content.tables[t]:
                refuse("tables", f"table {t} has {content.tables[t]} seats")
        if len(s.musicians[p]) != TYPES or len(s.notes[p]) != len(content.notes):
            refuse("musicians", "one space per musician type and per note")
    _check_turn(s)
    _check_components(s)
    _check_pieces(s)
    _check_points(s)


def _check_turn(s: HouseOfFadoState) -> None:
    """This turn's spaces, and Vital's customers left."""
    within("origin", s.origin, -1, SPACES - 1)  # -1: from the supply, or no turn yet
    within("target", s.target, -1, RESTAURANT_SPACE)  # an action space
    if s.bonus_space != -1:
        within("bonus_space", s.bonus_space, ACTION_SPACES, SPACES - 1)  # a kick-out space
    vital = [p.amount for p in s.content.promos if p.power == "extra-customers"]
    within("extra", s.extra, 0, max(vital, default=0))


def _check_points(s: HouseOfFadoState) -> None:
    """The cubes by the billboard came off each seat's prestige track, and the points
    scored in play are those of what it did (``earned``: fado tiles, promotions,
    dismissals, fame 6)."""
    content, top = s.content, s.content.fame.max
    if any(len(row) != s.num_players for row in s.billboard_cubes):
        refuse("billboard_cubes", f"one count per player ({s.num_players}) by each musician")
    if any(len(row) != len(EARNED) for row in s.earned):
        refuse("earned", f"{len(EARNED)} counts per player: {', '.join(EARNED)}")
    for p in range(s.num_players):
        promoted = sum(row[p] for row in s.billboard_cubes)
        if promoted > s.cubes_removed[p]:
            refuse("billboard_cubes", f"player {p} has {promoted} cubes by the billboard but "
                   f"took {s.cubes_removed[p]} off their prestige track")  # fmt: skip
        fado, promotions, _, six = s.earned[p]
        scored = sum(content.fado[t].points for t in s.fado_scored[p])
        if fado != scored:
            refuse("earned", f"player {p} scored {fado} points for fado tiles, not the "
                   f"{scored} of those they scored")  # fmt: skip
        if promotions > top * promoted:
            refuse("earned", f"player {p} scored {promotions} points for {promoted} "
                   f"promotions, each worth its musician's fame (at most {top})")  # fmt: skip
        tiles = len(s.fame)
        if six % 6 or six > 6 * tiles:
            refuse("earned", f"player {p} scored {six} points for fame 6: 6 for each "
                   "musician that reached it")  # fmt: skip


def _check_components(s: HouseOfFadoState) -> None:
    content, players = s.content, s.num_players
    tiles = len(content.musicians) + len(content.promos)
    if len(s.fame) != tiles or any(f > content.fame.max for f in s.fame):
        refuse("fame", f"one die (0 to {content.fame.max}) per musician tile")
    type_of = s.board.type_of
    for t, column in enumerate(s.market):
        if any(not 0 <= tile < tiles or type_of[tile] != t for tile in column):
            refuse("market", f"the market's column {t} holds tiles of its type only")
    once("musician tile", range(tiles), {
        "market": [x for column in s.market for x in column],
        "musicians": [x for row in s.musicians for x in row if x != -1],
        "billboard": [x for x in s.billboard if x != -1],
        "star_tiles": [x for x in s.star_tiles if x != -1],
        "removed": s.removed,
    }, may_leave=True)  # fmt: skip
    once("fado tile", range(len(content.fado)), {
        "display": [x for x in s.display if x != -1], "stack": s.stack,
        "fado_scored": [x for row in s.fado_scored for x in row],
    }, may_leave=True)  # fmt: skip
    for n in range(len(content.notes)):
        if s.note_supply[n] + sum(row[n] for row in s.notes) != content.note_copies:
            refuse("note_supply", f"{content.note_copies} tiles of each note, in supply or held")
    every = Counter(s.bag + s.discard + [c for g in s.groups for c in g] + [
        c for p in range(players) for seated in (*s.tables[p], s.bar[p]) for c in seated
    ])  # fmt: skip
    if every != Counter(bag(content, players)):
        refuse("bag", "the customers in the bag, the street, the restaurants and the discard "
               "pile are those of the player count")  # fmt: skip
    critics = sum(s.critics) + sum(c != -1 for c in s.critic)
    if critics != len(content.customers.critic_groups[players - MIN_PLAYERS]):
        refuse("critics", "the critics of the player count, in the street or a restaurant")


def _check_pieces(s: HouseOfFadoState) -> None:
    seen: set[int] = set()
    for name in ("workers", "assistants"):
        for spaces in getattr(s, name):
            for space in spaces:
                if space >= 0 and space != RESTAURANT_SPACE:  # each seat has its own
                    if space in seen:
                        refuse(name, f"two pieces on space {space}")
                    seen.add(space)
    for seat, (workers, assistants) in enumerate(zip(s.workers, s.assistants, strict=True)):
        here = [*workers, *assistants].count(RESTAURANT_SPACE)
        if here > 1:
            refuse("assistants", f"two pieces on player {seat}'s restaurant")
        if RESTAURANT_SPACE in assistants and not s.setup["options"]["restaurant-assistant"]:
            refuse("assistants", "no assistant on a restaurant with restaurant-assistant off")
    kicked = sum(space == -2 for pieces in (s.workers, s.assistants) for row in pieces
                 for space in row)  # fmt: skip
    if kicked > (1 if s.phase in ("kick", "overflow", "own-assistant") else 0):
        refuse("workers", "only one piece is kicked out at a time, while it is placed")
