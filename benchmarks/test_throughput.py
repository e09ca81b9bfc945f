"""Throughput of the Mr House rules engine (pytest-benchmark).

Quick by design (fixed, small numbers of rounds) so they run with every `pytest`;
`housebuilders bench mr-house-basic` gives the fuller figures. Compare runs with
`pytest benchmarks --benchmark-autosave` then `--benchmark-compare`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.bench import random_game, sample_states

SPEC = hb.game("mr-house-basic")


@pytest.mark.parametrize("players", [2, 4])
def test_random_game(benchmark: Any, players: int) -> None:
    """One full game of uniformly random legal actions, from setup to scoring."""
    seeds = iter(range(1_000_000))

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        seed = next(seeds)
        return (SPEC, players, seed, random.Random(seed)), {}

    final = benchmark.pedantic(random_game, setup=setup, rounds=10, iterations=1)
    assert final.is_terminal()


def random_playout(spec: hb.GameSpec, players: int, seed: int, rng: random.Random) -> hb.State:
    """``random_game`` as search plays it: each action from the legal list, played
    unchecked (``State.play``)."""
    state = spec.new_game(players, seed)
    while not state.is_terminal():
        player = state.acting_players()[0]
        state.play(player, rng.choice(state.legal_actions(player)))
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_random_playout_unchecked(benchmark: Any, players: int) -> None:
    """The same games as ``test_random_game`` without the legality check of ``apply``."""
    seeds = iter(range(1_000_000))

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        seed = next(seeds)
        return (SPEC, players, seed, random.Random(seed)), {}

    final = benchmark.pedantic(random_playout, setup=setup, rounds=10, iterations=1)
    assert final.is_terminal()


@pytest.fixture(scope="module")
def midgame() -> list[hb.State]:
    return sample_states(SPEC, 3, seed=1, games=2)


def test_clone(benchmark: Any, midgame: list[hb.State]) -> None:
    """clone() over states sampled from whole games (the cost of every search node)."""

    def clone_all() -> None:
        for state in midgame:
            state.clone()

    benchmark.pedantic(clone_all, rounds=20, iterations=5)


def test_legal_actions(benchmark: Any, midgame: list[hb.State]) -> None:
    """legal_actions() of the acting player over states sampled from whole games."""
    live = [s for s in midgame if not s.is_terminal()]

    def legal_all() -> None:
        for state in live:
            state.legal_actions(state.acting_players()[0])

    benchmark.pedantic(legal_all, rounds=20, iterations=5)
