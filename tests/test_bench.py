"""The throughput measurements behind `housebuilders bench`."""

from __future__ import annotations

import pytest

from housebuilders.bench import measure


def test_measure_reports_positive_figures() -> None:
    t = measure("mr-house-basic", 2, games=3, runs=2)
    assert t.games_per_s > 0 and t.actions_per_s > t.games_per_s
    assert t.actions_per_game > 10
    assert 0 < t.clone_us < 10_000


def test_measure_needs_games_and_runs() -> None:
    with pytest.raises(ValueError):
        measure("mr-house-basic", 2, games=0)
