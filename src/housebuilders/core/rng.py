"""A seeded random number generator whose whole state is one integer.

The state lives inside the game state, so cloning, saving to JSON and replaying
are trivial and exact: same seed and same history give the same game, always.
The generator is SplitMix64 (Steele, Lea and Flood 2014), small and well mixed.

Its arithmetic is written so that 64-bit unsigned C integers compute it exactly as
Python's integers do (no ``2**64`` anywhere): the compiled build types it so
(rng.pxd, read by Cython alone), and a shuffle then costs a fifth of what it does in
Python's integers.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def mix(value: int) -> int:
    """SplitMix64's finaliser: a well-mixed 64-bit function of ``value``."""
    return _mix64(value & _MASK)


def _mix64(z: int) -> int:
    """``mix`` of a value of 64 bits."""
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


def seed_state(seed: int, stream: int = 0) -> int:
    """The generator state for ``seed`` (any int) on an independent ``stream``."""
    return mix(mix(seed) ^ mix(stream + 0x5EED))


#: a game seed that a table's secret stands for has this many bits: a signed 64-bit
#: database integer holds it
SECRET_SEED_BITS = 63


def seed_from_secret(secret: bytes) -> int:
    """The game seed a secret stands for: a keyed hash of it (BLAKE2b, the secret as the
    key), ``SECRET_SEED_BITS`` bits. A server draws a secret of 128 bits for a table, so
    that no search over seeds finds the one that deals what a spectator has seen: the
    generator's state ranges over 2**63 values (SplitMix64's own state has 64 bits),
    each as likely. Published once the game is over, the secret replays it exactly."""
    if not 16 <= len(secret) <= 64:
        raise ValueError(f"a secret has 16 to 64 bytes, not {len(secret)}")
    digest = hashlib.blake2b(b"housebuilders game seed", key=secret, digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SECRET_SEED_BITS)


def _below(rng: Rng, n: int) -> int:
    """``rng.below(n)``: draws until one falls under the largest multiple of ``n`` that
    64 bits hold (``limit`` is its last value: 2**64 - 1 less 2**64 mod n)."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    m = n
    limit = _MASK - (_MASK % m + 1) % m
    state = rng.state
    while True:
        state = (state + _GOLDEN) & _MASK
        z = _mix64(state)
        if z <= limit:
            rng.state = state
            return z % m


def _shuffle(rng: Rng, items: MutableSequence[Any]) -> None:
    """``rng.shuffle(items)``: Fisher-Yates."""
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


class Rng:
    """SplitMix64. ``state`` is a plain int: copy it to copy the generator."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        return _below(self, n)

    def roll(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        return self.below(sides) + 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        _shuffle(self, items)

    def deal(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place into an order drawn from the generator alone: they
        are sorted first, so nothing of the order they had (the true one, in a
        determinization: the order of a deck the seat has not seen) shows through. A
        determinization deals what a seat cannot see with this, never ``shuffle``."""
        items.sort()
        self.shuffle(items)


class ScriptedRng(Rng):
    """A generator that returns scripted die rolls, for tests that force outcomes.

    ``ScriptedRng([6, 1])`` makes the next two rolls a 6 and a 1, then fails loudly."""

    __slots__ = ("rolls",)

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def roll(self, sides: int = 6) -> int:
        if not self.rolls:
            raise AssertionError("the scripted die has no rolls left")
        return self.rolls.pop(0)
