"""Observation encoders: a fixed-length vector of numbers per seat, for learning.

Each game writes one, in ``games/<game>/features.py``, as a function of the seat's
observation (``state.observe(player)``) and nothing else, so the information rule
holds for it as it holds for the observation: an encoding never shows what the seat
cannot see (the conformance kit checks it: ``testing.check_features``). The game
declares it on its spec, ``features="<module>:FEATURES"``, imported the first time
it is asked for; the RL adapters (``housebuilders.envs``) turn the vectors into NumPy
arrays. Only the standard library here: a vector is an ``array('f')``.

Conventions, so that one network reads every seat alike: seats are relative to the
observing one (0 is the seat itself, 1 the next, ...), padded to the game's largest
table; counts are scaled to about [0, 1] by a fixed scale, not by the position; a
value a seat cannot see is encoded as absent (zeros and a flag), never guessed. Every
value lies within [-LIMIT, LIMIT], the bounds of the environments' observation spaces:
a count is bounded by the game's components, and an amount the rules do not bound (money,
a debt, a score) is written by ``amount``, capped at LIMIT times its scale (the
conformance kit checks every encoding it sees against the bounds).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from struct import Struct
from typing import Any

from housebuilders.core.spec import game
from housebuilders.core.state import Json, State

#: the bound of every value of an encoding, both ways (docs/rl.md, Observations)
LIMIT = 4.0


def amount(x: float, scale: float) -> float:
    """``x / scale``, capped to [-LIMIT, LIMIT]: an amount the rules do not bound."""
    y = x / scale
    return LIMIT if y > LIMIT else -LIMIT if y < -LIMIT else y


class Vector:
    """A vector being written, value by value (the encoders' one tool); ``done()`` is
    the finished ``array('f')``. (The values gather in a list, made an array once:
    appending to a list is several times cheaper than to an array.)"""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    def done(self) -> array:
        values = self.values
        return array("f", pack(values))  # 2.5 times array("f", values)

    def num(self, x: float | None, scale: float = 1.0) -> None:
        """``x / scale`` (None: 0)."""
        self.values.append(0.0 if x is None else x / scale)

    def amount(self, x: float | None, scale: float) -> None:
        """``amount(x, scale)`` (None: 0): an amount the rules do not bound."""
        self.values.append(0.0 if x is None else amount(x, scale))

    def nums(self, xs: Iterable[float | None], scale: float = 1.0) -> None:
        if scale == 1.0:
            self.values.extend([0.0 if x is None else x for x in xs])
        else:
            self.values.extend([0.0 if x is None else x / scale for x in xs])

    def flag(self, b: object) -> None:
        """1 if ``b`` is true, else 0."""
        self.values.append(1.0 if b else 0.0)

    def onehot(self, i: int | None, n: int) -> None:
        """``n`` values, 1 at ``i`` (none for None or an ``i`` outside 0..n-1)."""
        row = [0.0] * n
        if i is not None and 0 <= i < n:
            row[i] = 1.0
        self.values.extend(row)

    def word(self, value: Any, vocabulary: Sequence[Any]) -> None:
        """A one-hot over ``vocabulary`` and one more place for anything else (a name a
        content override brought), all zero for None."""
        n = len(vocabulary)
        row = [0.0] * (n + 1)
        if value is not None:
            row[_index_of(vocabulary).get(value, n)] = 1.0
        self.values.extend(row)

    def counts(self, items: Iterable[Any], vocabulary: Sequence[Any], scale: float = 1.0) -> None:
        """How many of ``items`` are each word of ``vocabulary`` (and a last place for
        any other), scaled."""
        n = len(vocabulary)
        row = [0.0] * (n + 1)
        step = 1.0 / scale
        index = _index_of(vocabulary).get
        for item in items:
            row[index(item, n)] += step
        self.values.extend(row)

    def padded(self, xs: Sequence[float | None], n: int, scale: float = 1.0) -> None:
        """The first ``n`` of ``xs`` (scaled), zeros after them."""
        self.nums(xs[:n], scale)
        if len(xs) < n:
            self.values.extend([0.0] * (n - len(xs)))

    def extend(self, values: Iterable[float]) -> None:
        self.values.extend(values)

    def __len__(self) -> int:
        return len(self.values)


# -- for encoders that put their vector together from parts packed once -------------
# (``array("f", b"".join(parts))``: a part that does not change is packed once and
# kept, by the values it is made of; float32 bytes join as the values would.)
_PACKERS: dict[int, Struct] = {}  # a Struct("<n>f") by n


def pack(values: Sequence[float]) -> bytes:
    """``values`` as float32 bytes, as ``Vector.done`` makes them."""
    n = len(values)
    packer = _PACKERS.get(n)
    if packer is None:
        packer = _PACKERS[n] = Struct(f"{n}f")
    return packer.pack(*values)


def packed_onehots(n: int) -> tuple[bytes, ...]:
    """``Vector.onehot(i, n)`` packed, for each ``i`` of 0..n-1, then (at ``n``, and
    so at -1 too) all zeros: the onehot of None."""
    return tuple(pack([float(i == j) for j in range(n)]) for i in range(n + 1))


#: the places of the words of each tuple vocabulary (the encoders' module constants,
#: or a tuple an encoder made once for its call), by the tuple's identity: a tuple
#: cannot change, and the one kept here keeps its identity from being reused
_PLACES: dict[int, tuple[Sequence[Any], dict[Any, int]]] = {}


def _index_of(vocabulary: Sequence[Any]) -> dict[Any, int]:
    """Each word's place in ``vocabulary`` (its first, if it comes twice)."""
    hit = _PLACES.get(id(vocabulary))
    if hit is not None and hit[0] is vocabulary:
        return hit[1]
    if not isinstance(vocabulary, tuple):  # a range, or a list made for the call
        return _places(vocabulary if isinstance(vocabulary, range) else tuple(vocabulary))
    if len(_PLACES) >= 256:
        _PLACES.clear()
    places = _places(vocabulary)
    _PLACES[id(vocabulary)] = (vocabulary, places)
    return places


@lru_cache(maxsize=256)
def _places(vocabulary: Sequence[Any]) -> dict[Any, int]:
    places: dict[Any, int] = {}
    for i, word in enumerate(vocabulary):
        places.setdefault(word, i)
    return places


def relative(seat: int | None, you: int | None, players: int) -> int | None:
    """``seat`` as the observing seat sees it: 0 itself, 1 the next, ... (None stays
    None; a spectator sees seats as they are)."""
    if seat is None or seat < 0:
        return None
    return seat if you is None else (seat - you) % players


def rotated(entries: Sequence[Any], you: int | None) -> list[Any]:
    """Per-seat ``entries`` from the observing seat on: its own first."""
    if you is None:
        return list(entries)
    return [*entries[you:], *entries[:you]]


def seats(
    v: Vector, entries: Sequence[Any], write: Callable[[Vector, Any], None], capacity: int
) -> array:
    """Each of ``entries`` (one per seat, the observer's first: ``rotated``) written by
    ``write`` after a flag that the seat is there, then zeros for the seats up to
    ``capacity`` the table does not have; the finished vector."""
    width = 0
    for entry in entries:
        v.flag(True)
        start = len(v)
        write(v, entry)
        width = len(v) - start
    v.extend((0.0,) * ((1 + width) * (capacity - len(entries))))
    return v.done()


@dataclass(frozen=True, eq=False)
class Features:
    """A game's encoder: ``encode(state, player)`` is the vector of what ``player``
    sees, ``size(players)`` its length at that player count (the same in every state
    of every game with that many players; the game's options and content do not
    change it)."""

    #: the game's id
    game: str
    #: the vector of an observation (``state.observe(player)``): a function of the
    #: observation alone
    of_observation: Callable[[Json], array]
    #: optional, for speed: the same vector read from the state itself, without
    #: making the observation; the conformance kit holds it equal to
    #: ``of_observation``'s on every state it checks (``testing.check_features``), so
    #: it shows no more than the observation does
    of_state: Callable[[Any, int | None], array] | None = None
    _sizes: dict[int, int] = field(default_factory=dict, init=False, repr=False)

    def encode(self, state: State, player: int | None) -> array:
        """The vector of what ``player`` sees (None: a spectator)."""
        if self.of_state is not None:
            return self.of_state(state, player)
        return self.of_observation(state.observe(player))

    def encode_observed(self, state: State, player: int | None) -> array:
        """The vector made from the observation, whatever ``of_state`` says."""
        return self.of_observation(state.observe(player))

    def size(self, players: int) -> int:
        """The vector's length with ``players`` seats (measured once on a new game)."""
        size = self._sizes.get(players)
        if size is None:
            state = game(self.game).new_game(players, seed=0)
            size = self._sizes[players] = len(self.encode(state, 0))
        return size
