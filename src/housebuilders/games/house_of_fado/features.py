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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from housebuilders.core import Json
from housebuilders.core.content import per_content
from housebuilders.core.features import (
    Features,
    Vector,
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
    v.num(entry["money"], 20)
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
    v.nums(entry["earned"].values(), 50)
    v.num(entry["score"]["total"], 150)


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
# The vector is put together as float32 bytes (as Dream Home's is): each seat's values
# (none relative to the observer), the public board's, the pieces' on the spaces and
# the billboard's each kept by the values they are made of and packed once; the few
# values of the turn packed at each call.
FAMES = tuple(range(1, FAME + 1))  # a tuple: its places are looked up by identity
NO_TILE = (0.0, 0.0)  # ``_tile`` of no tile
_KEPT = 4096  # the packed parts kept, of each kind, per content (some 400 bytes each)
_PLAYERS = packed_onehots(SEATS - 1)  # by the player count less 2
_SEAT = packed_onehots(SEATS)  # by a seat as the observer sees it; the last: None
_SPACE = packed_onehots(SPACES)  # by space; the last (and -1): none
_FLAG = (pack([0.0]), pack([1.0]))


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
    fado: tuple[list[float], ...]  # each fado tile's ``_fado`` values, by id
    no_fado: list[float]  # ``_fado`` of no tile
    fado_points: tuple[int, ...]  # each fado tile's points, by id
    restaurant: tuple[list[float], ...]  # by cubes removed: from them to the open tables
    order: tuple[int, ...]  # the spaces in the vector's order: the action spaces, kick-outs
    #: the market, fado tiles, bag, discard and street, by their tiles and customers;
    #: the billboard, the
    #: stars and the close's extra customers, by them and the observer; a seat's values
    #: to its assistants (its flag first), by its money and pieces; the rest of them, by
    #: its own and the points its billboard cubes score; those points, by the billboard
    board: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    tail: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    crews: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    seats: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    billboard: dict[tuple[object, ...], tuple[int, ...]] = field(default_factory=dict)


@per_content
def _tables(content: HouseOfFadoContent) -> _Tables:
    colours, notes = tuple(content.customers.colours), tuple(content.notes)

    def fado(tile: Json | None) -> list[float]:
        v = Vector()
        _fado(v, tile, notes)
        return v.values

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
        fado=tuple(fado({"notes": list(t.notes), "points": t.points}) for t in content.fado),
        no_fado=fado(None),
        fado_points=tuple(t.points for t in content.fado),
        restaurant=tuple(restaurant(r) for r in range(content.prestige_cubes + 1)),
        order=(*range(ACTION_SPACES), *(k for ks in board_of(content).kickout_spaces for k in ks)),
    )


def _kept(kept: dict[tuple[object, ...], bytes], key: tuple[object, ...], values: Vector) -> bytes:
    """``values`` packed, kept under ``key`` (the cache cleared once it is full)."""
    if len(kept) >= _KEPT:
        kept.clear()
    packed = kept[key] = pack(values.values)
    return packed


def _customers(v: Vector, colours: list[int], t: _Tables, scale: float) -> None:
    """``v.counts`` of the names of ``colours`` (customers), read by colour."""
    row, step, place = [0.0] * t.colour_width, 1.0 / scale, t.colour_place
    for colour in colours:
        row[place[colour]] += step
    v.extend(row)


def _pieces(s: HouseOfFadoState, you: int | None, n: int) -> bytes:
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
    return b"".join(map(slots.__getitem__, _tables(s.content).order))


def _board(s: HouseOfFadoState, t: _Tables) -> Vector:
    """From the market to the street's groups."""
    v, fame = Vector(), s.fame
    for tiles in s.market[:TYPES]:
        v.num(len(tiles), 5)
        v.counts([fame[tile] for tile in tiles], FAMES, 2)
    v.padded(s.note_supply, MAX_NOTES, 3)
    display = s.display
    for d in range(DISPLAY):
        tile = display[d] if d < len(display) else NONE
        v.extend(t.no_fado if tile == NONE else t.fado[tile])
    v.extend(t.fado[s.stack[0]] if s.stack and s.stack[0] != NONE else t.no_fado)
    v.num(len(s.stack), 20)
    v.padded([s.bag.count(c) for c in range(COLOURS)], COLOURS, 20)
    v.padded([s.discard.count(c) for c in range(COLOURS)], COLOURS, 20)
    for g in range(GROUPS):
        _customers(v, s.groups[g], t, 4)
        v.flag(s.critics[g])
    return v


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


def _crew(s: HouseOfFadoState, p: int) -> Vector:
    """Seat ``p``'s values from its flag to its assistants (as ``seats`` writes them)."""
    v = Vector()
    v.flag(True)
    v.num(s.money[p], 20)
    _by_space(v, s.workers[p])
    _by_space(v, s.assistants[p])
    return v


def _restaurant(s: HouseOfFadoState, p: int, t: _Tables) -> Vector:
    """Seat ``p``'s values after its assistants: from its restaurant to its score."""
    v, fame = Vector(), s.fame
    v.extend(t.restaurant[s.cubes_removed[p]])
    for tile in s.musicians[p][:TYPES]:
        v.extend(NO_TILE if tile == NONE else (1.0, fame[tile] / FAME))
    v.padded(s.notes[p], MAX_NOTES, 6)
    tables = s.tables[p]
    for table in range(TABLES):
        _customers(v, tables[table] if table < len(tables) else [], t, 4)
    _customers(v, s.bar[p], t, 2)
    v.onehot(s.critic[p], TABLES)
    scored = s.fado_scored[p]
    v.num(len(scored), 10)
    v.num(sum(t.fado_points[tile] for tile in scored), 60)
    v.num(s.stars(p), STARS)
    v.nums(s.earned[p], 50)
    v.num(sum(s.breakdown(p).values()), 150)  # its total (``scored``)
    return v


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
        parts.append(_SEAT[relative(acting[0], you, n) or 0])
    else:
        row = [0.0] * SEATS
        for seat in acting:
            row[relative(seat, you, n) or 0] = 1.0
        parts.append(pack(row))
    parts += (_FLAG[bool(s.ending)], _SPACE[s.origin], _SPACE[s.target])
    parts.append(_pieces(s, you, n))
    # the market, the fado tiles, the bag and discard, the street
    stack, bag, discard = s.stack, s.bag, s.discard
    key = (len(stack), stack[0] if stack else NONE, *map(bag.count, _COLOURS),
           *map(discard.count, _COLOURS), *s.note_supply, NONE, *s.display, NONE, *fame,
           *map(tuple, s.market), *map(tuple, s.groups), *s.critics)  # fmt: skip
    chunk = t.board.get(key)
    parts.append(chunk if chunk is not None else _kept(t.board, key, _board(s, t)))
    # the billboard, the stars
    billboard, cubes, owners = s.billboard, s.billboard_cubes, s.star_owner
    key = (you, s.extra, len(s.rising), *billboard, *map(fame.__getitem__, billboard),
           *map(tuple, cubes), *owners)  # fmt: skip
    chunk = t.tail.get(key)
    parts.append(chunk if chunk is not None else _kept(t.tail, key, _tail(s, you)))
    # the seats, the observer's first: their points on the billboard, then their values
    key = (n, *s.billboard_tiles, *map(tuple, cubes))
    points = t.billboard.get(key)
    if points is None:
        if len(t.billboard) >= _KEPT:
            t.billboard.clear()
        points = t.billboard[key] = tuple(s.billboard_points(p) for p in range(n))
    crews, seats = t.crews, t.seats
    money, removed, critic, musicians, notes, tables, bar, scored, earned = (
        s.money, s.cubes_removed, s.critic, s.musicians, s.notes, s.tables, s.bar,
        s.fado_scored, s.earned)  # fmt: skip
    size = 0  # a seat's values' bytes
    for p in _ROTATED[n][you]:
        # its workers and assistants (moved most turns), then the rest
        key = (money[p], tuple(workers[p]), tuple(assistants[p]))
        chunk = crews.get(key)
        parts.append(chunk if chunk is not None else _kept(crews, key, _crew(s, p)))
        mine = musicians[p]
        key = (money[p], removed[p], critic[p], owners.count(p), points[p], tuple(mine),
               tuple(map(fame.__getitem__, mine)), tuple(notes[p]), *map(tuple, tables[p]),
               tuple(bar[p]), tuple(scored[p]), tuple(earned[p]))  # fmt: skip
        chunk = seats.get(key)
        if chunk is None:
            chunk = _kept(seats, key, _restaurant(s, p, t))
        parts.append(chunk)
        size = len(chunk) + len(parts[-2])
    parts.append(bytes(size * (SEATS - n)))  # zeros: the seats the table lacks
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
