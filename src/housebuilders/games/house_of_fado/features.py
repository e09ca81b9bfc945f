"""House of Fado observations as vectors for learning (core/features.py).

Everything on the table is public but the fado stack below its top tile, which the
observation leaves out and so does this. The board: who stands on each action and
kick-out space, the market's musicians by type and fame, the street's groups, the
face-up fado tiles by note, the bag and discard by colour, the billboard and the stars;
per seat (the observer's first, padded to four): money, workers and assistants by
space, restaurant (tables, bar, critic), musicians, notes, fado tiles, the points
earned and the score. Colours and notes are read by their place in the observation's
own lists, so a content override's renaming changes nothing.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import count
from struct import Struct
from typing import TYPE_CHECKING, Any

from housebuilders.core import Json
from housebuilders.core.content import per_content
from housebuilders.core.features import (
    Features,
    Vector,
    amount,
    pack,
    packed_onehots,
    relative,
    rotated,
    seats,
)
from housebuilders.games.house_of_fado import phases
from housebuilders.games.house_of_fado.actions import (
    ACTION_SPACES,
    DISPLAY,
    RESTAURANT_SPACE,
    SPACES,
)
from housebuilders.games.house_of_fado.board import board as board_of
from housebuilders.games.house_of_fado.content import (
    COLOURS,
    GROUPS,
    MAX_NOTES,
    TABLES,
    TYPES,
    HouseOfFadoContent,
)
from housebuilders.games.house_of_fado.deal import NONE, uncovered_tables

if TYPE_CHECKING:
    from housebuilders.games.house_of_fado.state import HouseOfFadoState

SEATS = 4
STARS = 5
FAME = 6
PHASES = (phases.PLACE, phases.ASSISTANT, phases.OWN_ASSISTANT, phases.OVERFLOW, phases.KICK,
          phases.BONUS, phases.MARKET, phases.STREET, phases.REHEARSAL, phases.BILLBOARD,
          phases.RAISE, phases.SIX, phases.DISMISS, phases.CRITIC, phases.OVER)  # fmt: skip


def _piece(v: Vector, piece: Json | None, you: int | None, n: int) -> None:
    v.onehot(relative(piece["seat"], you, n) if piece else None, SEATS)
    v.flag(piece is not None and piece["assistant"])


def _tile(v: Vector, tile: Json | None) -> None:
    v.flag(tile is not None)
    v.num(tile["fame"] if tile else None, FAME)


def _fado(v: Vector, tile: Json | None, notes: tuple[str, ...]) -> None:
    v.flag(tile is not None)
    v.counts(tile["notes"] if tile else (), notes, 3)
    v.num(tile["points"] if tile else None, 12)


def _by_space(v: Vector, spaces: list[int]) -> None:
    counts = [0.0] * SPACES
    for space in spaces:
        if 0 <= space < SPACES:
            counts[space] += 1.0
    v.extend(counts)
    v.num(sum(not 0 <= s < SPACES for s in spaces), 3)  # in supply


def _seat(v: Vector, entry: Json, colours: tuple[str, ...], notes: tuple[str, ...]) -> None:
    v.amount(entry["money"], 20)
    _by_space(v, entry["workers"])
    _by_space(v, entry["assistants"])
    v.num(entry["cubes_removed"], 10)
    v.num(entry["income"], 5)
    v.num(entry["critic_cost"], 5)
    v.counts(entry["open_tables"], range(TABLES))
    for tile in entry["musicians"][:TYPES]:
        _tile(v, tile)
    v.padded(entry["notes"], MAX_NOTES, 6)
    for t in range(TABLES):
        v.counts(entry["tables"][t] if t < len(entry["tables"]) else (), colours, 4)
    v.counts(entry["bar"], colours, 2)
    v.onehot(entry["critic"], TABLES)
    v.num(len(entry["fado"]), 10)
    v.num(sum(t["points"] for t in entry["fado"]), 60)
    v.num(entry["stars"], STARS)
    for points in entry["earned"].values():
        v.amount(points, 50)
    v.amount(entry["score"]["total"], 150)


def encode(obs: Json) -> array:
    v = Vector()
    you, players = obs["you"], obs["players"]
    colours, notes = tuple(obs["colours"]), tuple(obs["notes"])  # one vocabulary each
    n = len(players)
    v.onehot(n - 2, SEATS - 1)
    v.word(obs["phase"], PHASES)
    v.onehot(relative(obs["first"], you, n), SEATS)
    v.onehot(relative(obs["turn"], you, n), SEATS)
    acting = [0.0] * SEATS
    for seat in obs["acting"]:
        acting[relative(seat, you, n) or 0] = 1.0
    v.extend(acting)
    v.flag(obs["ending"])
    v.onehot(obs["origin"], SPACES)
    v.onehot(obs["target"], SPACES)
    for piece in obs["spaces"][:ACTION_SPACES]:
        _piece(v, piece, you, n)
    for location in obs["kickouts"]:
        for space in location:
            _piece(v, space["piece"], you, n)
    for tiles in obs["market"][:TYPES]:
        v.num(len(tiles), 5)
        v.counts([t["fame"] for t in tiles], range(1, FAME + 1), 2)
    v.padded(obs["note_supply"], MAX_NOTES, 3)
    for d in range(DISPLAY):
        _fado(v, obs["display"][d] if d < len(obs["display"]) else None, notes)
    _fado(v, obs["stack_top"], notes)
    v.num(obs["stack"], 20)
    v.padded(obs["bag"], COLOURS, 20)
    v.padded(obs["discard"], COLOURS, 20)
    for g in range(GROUPS):
        group = obs["groups"][g]
        v.counts(group["customers"], colours, 4)
        v.flag(group["critic"])
    for board in obs["billboard"][:TYPES]:
        _tile(v, board["tile"])
        v.padded(rotated(board["cubes"], you), SEATS, 5)
    for star in obs["stars"][:STARS]:
        v.onehot(relative(star["owner"], you, n), SEATS)
    v.num(obs["extra"], 2)
    v.num(len(obs["rising"]), TYPES)
    return seats(v, rotated(players, you), lambda v, e: _seat(v, e, colours, notes), SEATS)


# == the same vectors read from the state (Features.of_state) =========================
# The vector is put together as float32 bytes (as Dream Home's is) from parts, each
# kept by the values it is made of (and the observer) and packed once, and each small
# enough that a move changes few of them: a type's market, the note supply, the bag
# and discard, a street's group, the billboard and the stars; a seat's pieces, its
# restaurant to its points earned, its score. The fado tiles' parts are packed once
# per content, the few values of the turn at each call.
FAMES = tuple(range(1, FAME + 1))  # a tuple: its places are looked up by identity
NO_TILE = (0.0, 0.0)  # ``_tile`` of no tile
_KEPT = 4096  # the packed parts kept, of each kind, per content (some 300 bytes at most)
_PLAYERS = packed_onehots(SEATS - 1)  # by the player count less 2
_SEAT = packed_onehots(SEATS)  # by a seat as the observer sees it; the last: None
_SPACE = packed_onehots(SPACES)  # by space; the last (and -1): none
_FLAG = (pack([0.0]), pack([1.0]))
_ONE = Struct("f")  # one value packed (as ``pack`` packs it)
_FLAG_AND_ONE = Struct("2f")  # a flag and a value


def _word(phase: str) -> bytes:
    v = Vector()
    v.word(phase, PHASES)
    return pack(v.values)


_PHASE = {phase: _word(phase) for phase in PHASES}
_OTHER_PHASE = _word("another")


@dataclass(frozen=True)
class _Tables:
    """What ``encode`` reads off the observation's own lists, made once per content;
    and the parts of vectors lately packed, by the values they are made of."""

    colour_place: tuple[int, ...]  # by colour: its name's place in the colours' names
    colour_width: int  # a count of customers by colour: one more place for others
    fado: tuple[bytes, ...]  # each fado tile's ``_fado`` packed, by id; the last: no tile
    fado_points: tuple[int, ...]  # each fado tile's points, by id
    restaurant: tuple[list[float], ...]  # by cubes removed: from them to the open tables
    order: tuple[int, ...]  # the spaces in the vector's order: the action spaces, kick-outs
    #: the fame of every tile, by a number given it (no number given twice: the keys of
    #: the parts that read a tile's fame hold it, in place of the fame)
    fames: dict[tuple[object, ...], int] = field(default_factory=dict)
    numbers: Iterator[int] = field(default_factory=lambda: count(1))
    #: a type's market, by its tiles and their fame; the note supply; the stack's size and the
    #: bag's and discard's customers by colour; a street's group, by its critic and
    #: customers; the billboard, the stars, the close's extra customers and the rising
    #: musicians, by them and the observer (with the seats' points on the billboard,
    #: by seat); a seat's workers and assistants, by their spaces; a seat's restaurant,
    #: musicians and notes; its customers and critic; its fado tiles, stars and points
    #: earned; its score, by those three's keys, its money and billboard points
    market: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    supply: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    heaps: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    groups: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    tail: dict[tuple[object, ...], tuple[bytes, tuple[int, ...]]] = field(default_factory=dict)
    spaces: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    restaurants: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    guests: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    earned: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    scores: dict[tuple[object, ...], bytes] = field(default_factory=dict)


@per_content
def _tables(content: HouseOfFadoContent) -> _Tables:
    colours, notes = tuple(content.customers.colours), tuple(content.notes)

    def fado(tile: Json | None) -> bytes:
        v = Vector()
        _fado(v, tile, notes)
        return pack(v.values)

    def restaurant(removed: int) -> list[float]:
        v = Vector()
        v.num(removed, 10)
        v.num(content.income[removed], 5)
        v.num(content.critic_cost[removed], 5)
        v.counts(uncovered_tables(content, removed), range(TABLES))
        return v.values

    return _Tables(
        colour_place=tuple(colours.index(name) for name in colours),
        colour_width=len(colours) + 1,
        fado=(
            *(fado({"notes": list(t.notes), "points": t.points}) for t in content.fado),
            fado(None),
        ),  # fmt: skip
        fado_points=tuple(t.points for t in content.fado),
        restaurant=tuple(restaurant(r) for r in range(content.prestige_cubes + 1)),
        order=(*range(ACTION_SPACES), *(k for ks in board_of(content).kickout_spaces for k in ks)),
    )


def _kept(kept: dict[tuple[object, ...], Any], key: tuple[object, ...], value: Any) -> Any:
    """``value`` kept under ``key`` (the cache cleared once it is full)."""
    if len(kept) >= _KEPT:
        kept.clear()
    kept[key] = value
    return value


def _customers(v: Vector, colours: Sequence[int], t: _Tables, scale: float) -> None:
    """``v.counts`` of the names of ``colours`` (customers), read by colour."""
    row, step, place = [0.0] * t.colour_width, 1.0 / scale, t.colour_place
    for colour in colours:
        row[place[colour]] += step
    v.extend(row)


def _pieces(s: HouseOfFadoState, t: _Tables, you: int | None, n: int) -> bytes:
    """The pieces on the action and kick-out spaces (``_piece``'s values), packed."""
    slots = [_NO_PIECE] * SPACES  # by space
    seen = _SEEN[n][you]
    for kinds, pieces in ((s.workers, _PIECE[0]), (s.assistants, _PIECE[1])):
        for owner, spaces in enumerate(kinds):
            piece = pieces[seen[owner]]
            for space in spaces:
                # the first piece found there (``occupant``); none off the board
                if 0 <= space < SPACES and slots[space] is _NO_PIECE:
                    slots[space] = piece
    slots[RESTAURANT_SPACE] = _NO_PIECE  # the restaurant's space: each seat's own
    return b"".join(map(slots.__getitem__, t.order))


# -- the parts kept, each packed from the key it is kept by -------------------------
def _market(tiles: Sequence[int], fame: list[int]) -> bytes:
    """A type's market."""
    v = Vector()
    v.num(len(tiles), 5)
    v.counts([fame[tile] for tile in tiles], FAMES, 2)
    return pack(v.values)


def _supply(supply: tuple[int, ...]) -> bytes:
    v = Vector()
    v.padded(supply, MAX_NOTES, 3)
    return pack(v.values)


def _heaps(key: tuple[int, ...]) -> bytes:
    """The stack's size, the bag's and the discard's customers by colour."""
    v = Vector()
    v.num(key[0], 20)
    v.padded(key[1 : 1 + COLOURS], COLOURS, 20)
    v.padded(key[1 + COLOURS :], COLOURS, 20)
    return pack(v.values)


def _group(key: tuple[object, ...], t: _Tables) -> bytes:
    """A street's group, by its critic and customers."""
    v = Vector()
    _customers(v, key[1:], t, 4)  # type: ignore[arg-type]
    v.flag(key[0])
    return pack(v.values)


def _spaces(workers: list[int], assistants: list[int]) -> bytes:
    """A seat's workers and assistants by space."""
    v = Vector()
    _by_space(v, workers)
    _by_space(v, assistants)
    return pack(v.values)


def _board(parts: list[bytes], s: HouseOfFadoState, t: _Tables, fames: int) -> None:
    """From the market to the street's groups (``fames``: the tiles' fame's number)."""
    market = t.market
    for tiles in s.market[:TYPES]:
        key = (fames, *tiles)
        chunk = market.get(key)
        parts.append(chunk or _kept(market, key, _market(tiles, s.fame)))
    key = tuple(s.note_supply)
    chunk = t.supply.get(key)
    parts.append(chunk or _kept(t.supply, key, _supply(key)))
    display, stack, fado = s.display, s.stack, t.fado  # a tile's id, NONE: the last
    parts += map(fado.__getitem__, display[:DISPLAY])
    parts.append(fado[NONE] * (DISPLAY - len(display)))  # the display's empty places
    parts.append(fado[stack[0] if stack else NONE])
    bag, discard = s.bag, s.discard
    key = (len(stack), *map(bag.count, _COLOURS), *map(discard.count, _COLOURS))
    chunk = t.heaps.get(key)
    parts.append(chunk or _kept(t.heaps, key, _heaps(key)))
    groups, critics = s.groups, s.critics
    for g in range(GROUPS):
        key = (critics[g], *groups[g])
        chunk = t.groups.get(key)
        parts.append(chunk or _kept(t.groups, key, _group(key, t)))


def _tail(s: HouseOfFadoState, you: int | None) -> Vector:
    """The billboard, the stars, the close's extra customers and rising musicians."""
    v, n, fame = Vector(), s.num_players, s.fame
    for kind in range(TYPES):
        tile = s.billboard[kind]
        v.extend(NO_TILE if tile == NONE else (1.0, fame[tile] / FAME))
        v.padded(rotated(s.billboard_cubes[kind], you), SEATS, 5)
    for owner in s.star_owner[:STARS]:
        v.onehot(relative(owner, you, n), SEATS)
    v.num(s.extra, 2)
    v.num(len(s.rising), TYPES)
    return v


def _restaurant(s: HouseOfFadoState, p: int, t: _Tables) -> bytes:
    """Seat ``p``'s values after its assistants: its restaurant, musicians and notes."""
    v, fame = Vector(), s.fame
    v.extend(t.restaurant[s.cubes_removed[p]])
    for tile in s.musicians[p][:TYPES]:
        v.extend(NO_TILE if tile == NONE else (1.0, fame[tile] / FAME))
    v.padded(s.notes[p], MAX_NOTES, 6)
    return pack(v.values)


def _guests(s: HouseOfFadoState, p: int, t: _Tables) -> bytes:
    """Seat ``p``'s customers at its tables and bar, its critic."""
    v, tables = Vector(), s.tables[p]
    for table in range(TABLES):
        _customers(v, tables[table] if table < len(tables) else [], t, 4)
    _customers(v, s.bar[p], t, 2)
    v.onehot(s.critic[p], TABLES)
    return pack(v.values)


def _earned(s: HouseOfFadoState, p: int, t: _Tables) -> bytes:
    """Seat ``p``'s fado tiles scored, stars and points earned."""
    v, scored = Vector(), s.fado_scored[p]
    v.num(len(scored), 10)
    v.num(sum(t.fado_points[tile] for tile in scored), 60)
    v.num(s.stars(p), STARS)
    for points in s.earned[p]:
        v.amount(points, 50)
    return pack(v.values)


def encode_of_state(s: HouseOfFadoState, you: int | None) -> array:
    """``encode`` of the state itself, without its observation (which shows all of the
    table but the fado stack below its top: so does this)."""
    t = _tables(s.content)
    fame, workers, assistants = s.fame, s.workers, s.assistants
    n = len(workers)
    first, turn = s.first, s.turn  # (relative: -1, nobody, reads the last, no seat)
    parts = [
        _PLAYERS[n - 2],
        _PHASE.get(s.phase, _OTHER_PHASE),
        _SEAT[first if you is None or first < 0 else (first - you) % n],
        _SEAT[turn if you is None or turn < 0 else (turn - you) % n],
    ]
    acting = s.acting_players()  # none, or the seat deciding
    if len(acting) == 1:
        decider = acting[0]
        parts.append(_SEAT[decider if you is None else (decider - you) % n])
    else:
        row = [0.0] * SEATS
        for seat in acting:
            row[relative(seat, you, n) or 0] = 1.0
        parts.append(pack(row))
    parts += (_FLAG[bool(s.ending)], _SPACE[s.origin], _SPACE[s.target])
    parts.append(_pieces(s, t, you, n))
    key: tuple[object, ...] = tuple(fame)  # the tiles' fame (a few moves change it), numbered
    fames = t.fames.get(key) or _kept(t.fames, key, next(t.numbers))
    _board(parts, s, t, fames)  # the market, the fado tiles, the bag and discard, the street
    # the billboard, the stars (and the seats' points on the billboard)
    billboard, owners = s.billboard, s.star_owner
    key = (you, fames, s.extra, len(s.rising), *billboard, *s.billboard_tiles,
           *map(tuple, s.billboard_cubes), *owners)  # fmt: skip
    tail = t.tail.get(key)
    if tail is None:
        points = tuple(s.billboard_points(p) for p in range(n))
        tail = _kept(t.tail, key, (pack(_tail(s, you).values), points))
    chunk, points = tail
    parts.append(chunk)
    # the seats, the observer's first
    spaces, restaurants, guests, earns, scores = (
        t.spaces, t.restaurants, t.guests, t.earned, t.scores)  # fmt: skip
    start = len(parts)
    money, removed, critic, musicians, notes, tables, bar, scored, earned = (
        s.money, s.cubes_removed, s.critic, s.musicians, s.notes, s.tables, s.bar,
        s.fado_scored, s.earned)  # fmt: skip
    for p in _ROTATED[n][you]:
        # its flag, its money, its workers and assistants by space (one moves most turns)
        parts.append(_FLAG_AND_ONE.pack(1.0, amount(money[p], 20)))
        key = (*workers[p], *assistants[p])  # (as many workers, assistants each time)
        chunk = spaces.get(key)
        parts.append(chunk or _kept(spaces, key, _spaces(workers[p], assistants[p])))
        # its restaurant, musicians and notes; its customers and critic; its fado tiles,
        # stars and points earned (each kept by them); its score (``scored``'s total), by
        # all it depends on: those, its money and its points on the billboard
        hired = (fames, removed[p], *musicians[p], *notes[p])
        chunk = restaurants.get(hired)
        parts.append(chunk or _kept(restaurants, hired, _restaurant(s, p, t)))
        key = (critic[p], *map(tuple, tables[p]), tuple(bar[p]))
        chunk = guests.get(key)
        parts.append(chunk or _kept(guests, key, _guests(s, p, t)))
        won = (owners.count(p), *earned[p], *scored[p])
        chunk = earns.get(won)
        parts.append(chunk or _kept(earns, won, _earned(s, p, t)))
        key = (money[p], points[p], hired, won)
        chunk = scores.get(key)
        parts.append(chunk or _kept(scores, key, _ONE.pack(amount(s.total(p), 150))))
    # zeros: the seats the table lacks
    parts.append(bytes(sum(map(len, parts[start:])) // n * (SEATS - n)))
    return array("f", b"".join(parts))


_COLOURS = range(COLOURS)
#: the seats from the observer on (``rotated``), by the player count and the observer;
#: each seat as the observer sees it (``relative``)
_ROTATED = {n: {you: rotated(range(n), you) for you in (None, *range(n))}
            for n in range(2, SEATS + 1)}  # fmt: skip
_SEEN = {n: {you: [p if you is None else (p - you) % n for p in range(n)]
             for you in (None, *range(n))} for n in range(2, SEATS + 1)}  # fmt: skip
#: ``_piece`` of each seat's (by ``relative``) worker, then assistant; of no piece
_PIECE = tuple(tuple(pack([*(float(p == q) for q in range(SEATS)), assistant])
                     for p in range(SEATS)) for assistant in (0.0, 1.0))  # fmt: skip
_NO_PIECE = pack([0.0] * (SEATS + 1))


FEATURES = Features("house-of-fado", encode, encode_of_state)
