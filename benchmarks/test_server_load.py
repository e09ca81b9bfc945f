"""benchmarks/server_load.py still runs: short levels against a real server, with
real figures."""

from __future__ import annotations

import math
import os
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
        assert level.cpu_per_move > 0  # the server's processes' CPU time, read on Linux
    assert bench.report(results).row_count == 2


@pytest.mark.slow
@pytest.mark.postgres
def test_the_load_benchmark_runs_two_processes_on_postgresql(script: Callable[[str], Any]) -> None:
    url = os.environ.get("HOUSEBUILDERS_TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("CI must run the PostgreSQL tests: set HOUSEBUILDERS_TEST_POSTGRES_URL")
        pytest.skip("no PostgreSQL server: set HOUSEBUILDERS_TEST_POSTGRES_URL (make test does)")
    bench = script("server_load")
    results = bench.measure(
        [2],
        seconds=2,
        max_actions=200,
        database_url=url,
        svg=True,
        think=0.01,
        processes=2,
    )
    (level,) = results
    assert level.actions > 0 and level.refused == 0
    assert 0 < level.percentile(50) <= level.percentile(99)
    assert bench.report(results, svg=True, think=0.01, processes=2, db="postgresql").row_count == 1
