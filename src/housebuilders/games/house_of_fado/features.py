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
from dataclasses import dataclass
from typing import TYPE_CHECKING

from housebuilders.core import Json
from housebuilders.core.content import per_content
from housebuilders.core.features import Features, Vector, relative, rotated, seats
from housebuilders.games.house_of_fado import phases
from housebuilders.games.house_of_fado.actions import (
    ACTION_SPACES,
    DISPLAY,
    RESTAURANT_SPACE,
    SPACES,
)
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
FAMES = tuple(range(1, FAME + 1))  # a tuple: its places are looked up by identity
NO_TILE = (0.0, 0.0)  # ``_tile`` of no tile


@dataclass(frozen=True)
class _Vocabulary:
    """What ``encode`` reads off the observation's own lists, made once per content."""

    colour_place: tuple[int, ...]  # by colour: its name's place in the colours' names
    colour_width: int  # a count of customers by colour: one more place for others
    fado: tuple[list[float], ...]  # each fado tile's ``_fado`` values, by id
    no_fado: list[float]  # ``_fado`` of no tile
    fado_points: tuple[int, ...]  # each fado tile's points, by id
    restaurant: tuple[list[float], ...]  # by cubes removed: from them to the open tables


@per_content
def _vocabulary(content: HouseOfFadoContent) -> _Vocabulary:
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

    return _Vocabulary(
        colour_place=tuple(colours.index(name) for name in colours),
        colour_width=len(colours) + 1,
        fado=tuple(fado({"notes": list(t.notes), "points": t.points}) for t in content.fado),
        no_fado=fado(None),
        fado_points=tuple(t.points for t in content.fado),
        restaurant=tuple(restaurant(r) for r in range(content.prestige_cubes + 1)),
    )


def _customers(v: Vector, colours: list[int], words: _Vocabulary, scale: float) -> None:
    """``v.counts`` of the names of ``colours`` (customers), read by colour."""
    row, step, place = [0.0] * words.colour_width, 1.0 / scale, words.colour_place
    for colour in colours:
        row[place[colour]] += step
    v.extend(row)


def encode_of_state(s: HouseOfFadoState, you: int | None) -> array:
    """``encode`` of the state itself, without its observation (which shows all of the
    table but the fado stack below its top: so does this)."""
    v = Vector()
    words, fame = _vocabulary(s.content), s.fame
    n = s.num_players
    v.onehot(n - 2, SEATS - 1)
    v.word(s.phase, PHASES)
    v.onehot(relative(s.first, you, n), SEATS)
    v.onehot(relative(s.turn, you, n), SEATS)
    acting = [0.0] * SEATS
    for player in s.acting_players():
        acting[relative(player, you, n) or 0] = 1.0
    v.extend(acting)
    v.flag(s.ending)
    v.onehot(s.origin, SPACES)
    v.onehot(s.target, SPACES)
    pieces: dict[int, list[float]] = {}  # each occupied space's ``_piece`` values
    for kinds, assistant in ((s.workers, 0.0), (s.assistants, 1.0)):
        for owner, spaces in enumerate(kinds):
            row = [0.0] * (SEATS + 1)
            row[relative(owner, you, n) or 0] = 1.0
            row[SEATS] = assistant
            for space in spaces:
                pieces.setdefault(space, row)
    empty = [0.0] * (SEATS + 1)
    for space in range(ACTION_SPACES):
        v.extend(pieces.get(space, empty) if space != RESTAURANT_SPACE else empty)
    for kickouts in s.board.kickout_spaces:
        for space in kickouts:
            v.extend(pieces.get(space, empty))
    for tiles in s.market[:TYPES]:
        v.num(len(tiles), 5)
        v.counts([fame[t] for t in tiles], FAMES, 2)
    v.padded(s.note_supply, MAX_NOTES, 3)
    display = s.display
    for d in range(DISPLAY):
        tile = display[d] if d < len(display) else NONE
        v.extend(words.no_fado if tile == NONE else words.fado[tile])
    v.extend(words.fado[s.stack[0]] if s.stack and s.stack[0] != NONE else words.no_fado)
    v.num(len(s.stack), 20)
    v.padded([s.bag.count(c) for c in range(COLOURS)], COLOURS, 20)
    v.padded([s.discard.count(c) for c in range(COLOURS)], COLOURS, 20)
    for g in range(GROUPS):
        _customers(v, s.groups[g], words, 4)
        v.flag(s.critics[g])
    for t in range(TYPES):
        tile = s.billboard[t]
        v.extend(NO_TILE if tile == NONE else (1.0, fame[tile] / FAME))
        v.padded(rotated(s.billboard_cubes[t], you), SEATS, 5)
    for owner in s.star_owner[:STARS]:
        v.onehot(relative(owner, you, n), SEATS)
    v.num(s.extra, 2)
    v.num(len(s.rising), TYPES)
    scores = s.scores()

    def seat(v: Vector, p: int) -> None:
        v.num(s.money[p], 20)
        _by_space(v, s.workers[p])
        _by_space(v, s.assistants[p])
        v.extend(words.restaurant[s.cubes_removed[p]])
        for tile in s.musicians[p][:TYPES]:
            v.extend(NO_TILE if tile == NONE else (1.0, fame[tile] / FAME))
        v.padded(s.notes[p], MAX_NOTES, 6)
        tables = s.tables[p]
        for t in range(TABLES):
            _customers(v, tables[t] if t < len(tables) else [], words, 4)
        _customers(v, s.bar[p], words, 2)
        v.onehot(s.critic[p], TABLES)
        scored = s.fado_scored[p]
        v.num(len(scored), 10)
        v.num(sum(words.fado_points[t] for t in scored), 60)
        v.num(s.stars(p), STARS)
        v.nums(s.earned[p], 50)
        v.num(scores[p]["total"], 150)

    return seats(v, rotated(range(n), you), seat, SEATS)


FEATURES = Features("house-of-fado", encode, encode_of_state)
