"""benchmarks/server_load.py still runs: short levels against a real server, with
real figures."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest


@pytest.mark.slow
def test_the_load_benchmark_measures_moves_and_latency(script: Callable[[str], Any]) -> None:
    bench = script("server_load")
    results = bench.measure([1, 3], seconds=1.5, max_actions=400)
    assert [r.tables for r in results] == [1, 3]
    for level in results:
        assert level.actions > 0 and level.rate > 0 and level.refused == 0
        assert 0 < level.percentile(50) <= level.percentile(99)
        assert not math.isnan(level.percentile(99))
    assert bench.report(results).row_count == 2
