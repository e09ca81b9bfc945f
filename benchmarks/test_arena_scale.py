"""benchmarks/arena_scale.py still runs: a few games in each set-up, real figures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


@pytest.mark.ray
@pytest.mark.slow
def test_the_scale_benchmark_measures_processes_and_ray(script: Callable[[str], Any]) -> None:
    pytest.importorskip("ray")
    bench = script("arena_scale")
    scale = bench.measure(games=8, rounds=1)
    assert list(scale.setups) == list(bench.SETUPS)
    for setup in scale.setups.values():
        assert len(setup.rates) == 1 and setup.median > 0
    assert scale.speed_up > 0 and scale.ray_overhead is not None and scale.ray_start > 0
    assert bench.report(scale).row_count == 3
    assert len(bench.summary(scale)) == 3
