"""The seeded generator (core/rng.py) draws SplitMix64's numbers, in either build: the
compiled one types its arithmetic as 64-bit C integers (core/rng.pxd), and must wrap
exactly as Python's integers masked to 64 bits do."""

from __future__ import annotations

import random

import pytest

from housebuilders.core.rng import Rng, mix

MASK = (1 << 64) - 1


def reference_next(state: int) -> tuple[int, int]:
    """SplitMix64 as published, in Python's integers: the next state and its output."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def reference_below(state: int, n: int) -> tuple[int, int]:
    limit = MASK - (1 << 64) % n
    while True:
        state, r = reference_next(state)
        if r <= limit:
            return state, r % n


def test_the_published_splitmix64_sequence_from_seed_0() -> None:
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_mix_of_any_integer_is_that_of_its_low_64_bits() -> None:
    draw = random.Random(1)
    for _ in range(20_000):
        value = draw.getrandbits(draw.choice((8, 63, 64, 65, 100))) * draw.choice((1, -1))
        z = value & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        assert mix(value) == z ^ (z >> 31), value


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 81, 1000, 2**40 + 3, 2**63 + 5, 2**64 - 1])
def test_below_draws_as_the_reference_does(n: int) -> None:
    draw = random.Random(n)
    for _ in range(2_000):
        seed = draw.getrandbits(64)
        rng = Rng(seed)
        state, expected = reference_below(seed, n)
        assert rng.below(n) == expected and rng.state == state


def test_shuffle_is_fisher_yates_on_below() -> None:
    draw = random.Random(2)
    for _ in range(2_000):
        seed, size = draw.getrandbits(64), draw.randrange(0, 100)
        items, expected, state = list(range(size)), list(range(size)), seed
        for i in range(size - 1, 0, -1):
            state, j = reference_below(state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        rng = Rng(seed)
        rng.shuffle(items)
        assert items == expected and rng.state == state


@pytest.mark.parametrize("n", [0, -3])
def test_below_refuses_an_empty_range(n: int) -> None:
    with pytest.raises(ValueError, match="n > 0"):
        Rng(1).below(n)
