"""Dream Home observations as vectors for learning (core/features.py).

Cards are named by the rulebook's content (the names of data.toml; a name a content
override brings counts in one "other" place). The board's five columns, the decks'
sizes, the discards and the decor supply by name, the card in hand; per seat (the
observer's first, padded to four) the twelve spaces of its home, its roof count,
held cards and kept decor, and its score once the game is over. The roof cards stay
out unless the observation shows them (the game's end, or the house rule).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from housebuilders.core import Json
from housebuilders.core.content import per_content
from housebuilders.core.features import (
    Features,
    Vector,
    amount,
    pack,
    relative,
    rotated,
    seats,
)
from housebuilders.games.dream_home import phases
from housebuilders.games.dream_home.content import DATA, DreamHomeContent, shown_cards
from housebuilders.games.dream_home.values import EMPTY, FACE_UP, NOBODY, UNSEEN

if TYPE_CHECKING:
    from housebuilders.games.dream_home.state import DreamHomeState

SEATS = 4
SPACES = 12
_C = DATA.load(None)
ROOMS = tuple(r.name for r in _C.rooms)
ROOFS = tuple(c + w for c in _C.roof.colours for w in ("", " with a window"))
DECOR = tuple(d.name for d in _C.decor)
RESOURCES = (*ROOFS, *DECOR, *_C.helpers.names, *(t.name for t in _C.tools))
KINDS = ("roof", "decor", "helper", "tool")
PHASES = (phases.DISCARD, phases.MEGAPHONE, phases.TAKE, phases.PLACE, phases.DECOR,
          phases.ROOFER, phases.SUPPLIER, phases.HANDYMAN, phases.OVER,
          phases.SUPPLIER_AFTER)  # fmt: skip


def _room(v: Vector, room: Json | None) -> None:
    v.word(room["name"] if room else None, ROOMS)


def _resource(v: Vector, resource: Json | None) -> None:
    v.word(resource["kind"] if resource else None, KINDS)
    v.word(resource["name"] if resource else None, RESOURCES)


def _seat(v: Vector, entry: Json) -> None:
    home = entry["home"]
    for space in range(SPACES):
        room = home[space] if space < len(home) else None
        _room(v, room)
        v.flag(room is not None and room["face_up"])
        v.flag(room is not None and room["decor"] is not None)
    v.num(len(entry["kept_decor"]), 3)
    v.num(entry["roof"], 6)
    v.counts([r["name"] for r in entry["held"]], RESOURCES, 2)
    score = entry["score"]
    v.amount(score["total"] if score else None, 60)


def encode(obs: Json) -> array:
    v = Vector()
    you, players = obs["you"], obs["players"]
    n = len(players)
    v.onehot(n - 2, SEATS - 1)
    v.num(obs["round"], obs["rounds"])
    v.word(obs["phase"], PHASES)
    v.onehot(relative(obs["first"], you, n), SEATS)
    acting = [0.0] * SEATS
    for seat in obs["acting"]:
        acting[relative(seat, you, n) or 0] = 1.0
    v.extend(acting)
    for column in obs["columns"][:5]:
        _room(v, column["room"])
        _resource(v, column["resource"])
    v.num(obs["room_deck"], 60)
    v.num(obs["resource_deck"], 60)
    v.counts([r["name"] for r in obs["room_discard"]], ROOMS, 5)
    v.counts([r["name"] for r in obs["resource_discard"]], RESOURCES, 5)
    _room(v, obs["holding"])
    _resource(v, obs["pending"])
    v.counts(obs["supply"], DECOR)
    return seats(v, rotated(players, you), _seat, SEATS)


# == the same vectors read from the state (Features.of_state) =========================
# The vector is put together as float32 bytes: each card's values (and each home's,
# and the board's) packed once, the few values a state computes packed together,
# then one array of them all; a vector of ``Vector``'s floats would pack every value
# of every call.


@dataclass(frozen=True)
class _Tables:
    """What ``encode`` reads off the observation's cards, made once per content; the
    values packed (``_pack``)."""

    room: tuple[bytes, ...]  # each room card's ``_room``, by id; the last, of none
    resource: tuple[bytes, ...]  # each resource card's ``_resource``; the last, of none
    room_place: tuple[int, ...]  # each room card's name's place in ROOMS (else the last)
    resource_place: tuple[int, ...]  # each resource card's name's place in RESOURCES
    decor_place: tuple[int, ...]  # each decor token's name's place in DECOR
    #: a home space's values (``_room``, face up, decor): at 4 * room card + 2 * face
    #: up + decor on it; the last, of a space without a card (or with one its seat
    #: alone has seen)
    space: tuple[bytes, ...]
    no_seat: bytes  # the values of a seat the table does not have
    #: the board's columns lately seen, by their cards; the homes lately seen, by
    #: (decor on each space as bits, whether the seat sees its unseen cards, cards,
    #: how they lie): a board and a home change a card a turn
    boards: dict[tuple[int, ...], bytes] = field(default_factory=dict)
    homes: dict[tuple[int, ...], bytes] = field(default_factory=dict)
    #: the vector's head (table, round, phase, first seat, observer, who acts) and the
    #: decks' part (their sizes, the discards) lately seen, by what they are made of
    heads: dict[tuple[object, ...], bytes] = field(default_factory=dict)
    decks: dict[tuple[int, ...], bytes] = field(default_factory=dict)


@per_content
def _tables(content: DreamHomeContent) -> _Tables:
    rooms, resources = shown_cards(content)

    def values(write: Callable[[Vector, Json | None], None], card: Json | None) -> list[float]:
        v = Vector()
        write(v, card)
        return v.values

    def place(name: str, vocabulary: tuple[str, ...]) -> int:
        return vocabulary.index(name) if name in vocabulary else len(vocabulary)

    room = [values(_room, r) for r in [*rooms, None]]
    return _Tables(
        room=tuple(pack(row) for row in room),
        resource=tuple(pack(values(_resource, r)) for r in [*resources, None]),
        room_place=tuple(place(r["name"], ROOMS) for r in rooms),
        resource_place=tuple(place(r["name"], RESOURCES) for r in resources),
        decor_place=tuple(place(d.name, DECOR) for d in content.decor),
        space=(
            *(pack([*row, up, decor]) for row in room[:-1] for up in (0, 1) for decor in (0, 1)),
            pack([*room[-1], 0.0, 0.0]),
        ),
        no_seat=pack([0.0] * (1 + _seat_size())),
    )


def _seat_size() -> int:
    v = Vector()
    _seat(v, {"home": [], "kept_decor": [], "roof": 0, "held": [], "score": None})
    return len(v)


_SPACES = range(SPACES)
_KEPT = 4096  # the boards' and homes' values kept, per content (some 1,000 bytes each)


def _counts(row: list[float], cards: list[int], place: tuple[int, ...], scale: float) -> None:
    """``Vector.counts`` of the cards' names, added to ``row``: ``place`` is each card's
    name's place in it."""
    step = 1.0 / scale
    for card in cards:
        row[place[card]] += step


def encode_of_state(s: DreamHomeState, you: int | None) -> array:
    """``encode`` of the state itself, without its observation (which hides the room
    cards a seat drew by a Crowbar from the others until the end, and the roof cards:
    so does this)."""
    t = _tables(s.content)
    n = s.num_players
    over = s.is_terminal()
    acting = s.acting_players()
    heading = (n, s.round, s.phase, s.first, you, *acting)
    head = t.heads.get(heading)
    if head is None:  # the table, round, phase, first seat and who acts
        if len(t.heads) >= _KEPT:
            t.heads.clear()
        v = Vector()
        v.onehot(n - 2, SEATS - 1)
        v.num(s.round, s.content.rounds)
        v.word(s.phase, PHASES)
        v.onehot(relative(s.first, you, n), SEATS)
        row = [0.0] * SEATS
        for seat in acting:
            row[relative(seat, you, n) or 0] = 1.0
        v.extend(row)
        head = t.heads[heading] = pack(v.values)
    parts = [head]
    room, resource = t.room, t.resource  # EMPTY (-1) reads the last: no card
    key = (*s.board_rooms, *s.board_resources)
    board = t.boards.get(key)
    if board is None:
        if len(t.boards) >= _KEPT:
            t.boards.clear()
        board = t.boards[key] = b"".join(
            room[r] + resource[c]
            for r, c in zip(s.board_rooms[:5], s.board_resources[:5], strict=True)
        )
    parts.append(board)
    rooms, resources = s.room_discard, s.resource_discard
    key = (len(s.room_deck), len(s.resource_deck), len(rooms), *rooms, *resources)
    decks = t.decks.get(key)
    if decks is None:  # the decks' sizes, the discards counted by name
        if len(t.decks) >= _KEPT:
            t.decks.clear()
        values = [len(s.room_deck) / 60, len(s.resource_deck) / 60]
        discards = [0.0] * (len(ROOMS) + 1)
        _counts(discards, rooms, t.room_place, 5)
        values += discards
        discards = [0.0] * (len(RESOURCES) + 1)
        _counts(discards, resources, t.resource_place, 5)
        values += discards
        decks = t.decks[key] = pack(values)
    parts.append(decks)
    hidden = s.drawn() and you != s.current()
    parts.append(room[EMPTY if hidden else s.holding])
    parts.append(resource[s.pending])
    # the decor tokens: in the supply, kept beside a home, or on a space of it
    supply = [0.0] * (len(DECOR) + 1)
    kept = [0] * n
    decorated = [0] * n  # per seat: a bit per space with a token on it
    for token, (owner, space) in enumerate(zip(s.token_owner, s.token_at, strict=True)):
        if owner == NOBODY:
            supply[t.decor_place[token]] += 1.0
        elif 0 <= owner < n:
            if space == EMPTY:
                kept[owner] += 1
            else:
                decorated[owner] |= 1 << space
    values = supply
    scores = s.scores() if over else None
    rows, homes, resource_place = t.space, t.homes, t.resource_place
    # the seats, as ``seats`` writes them: a flag, the seat's values; zeros for the
    # seats the table does not have
    for p in rotated(range(n), you):
        values.append(1.0)
        parts.append(pack(values))
        decor, shown = decorated[p], over or p == you
        cards, downs = s.homes[p], s.down[p]
        key = (decor, shown, *cards, *downs)
        home = homes.get(key)
        if home is None:
            if len(homes) >= _KEPT:
                homes.clear()
            home = homes[key] = b"".join([
                rows[-1 if card == EMPTY or (down == UNSEEN and not shown)
                     else 4 * card + 2 * (down == FACE_UP) + (decor >> space & 1)]
                for space, card, down in zip(_SPACES, cards, downs, strict=True)
            ])  # fmt: skip
        parts.append(home)
        held = [0.0] * (len(RESOURCES) + 1)
        _counts(held, s.held[p], resource_place, 2)
        score = amount(scores[p]["total"], 60) if scores else 0.0
        values = [kept[p] / 3, len(s.roofs[p]) / 6, *held, score]
    parts.append(pack(values))
    parts.append(t.no_seat * (SEATS - n))
    return array("f", b"".join(parts))


FEATURES = Features("dream-home", encode, encode_of_state)
