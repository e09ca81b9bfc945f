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

from housebuilders.core import Json
from housebuilders.core.features import Features, Vector, relative, rotated, seats
from housebuilders.games.house_of_fado import phases
from housebuilders.games.house_of_fado.actions import ACTION_SPACES, DISPLAY, SPACES
from housebuilders.games.house_of_fado.content import COLOURS, GROUPS, MAX_NOTES, TABLES, TYPES

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


FEATURES = Features("house-of-fado", encode)
