"""benchmarks/server_load.py still runs: short levels against a real server, with
real figures."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pytest


def _script():  # noqa: ANN202  (the benchmark is a script, not a package module)
    path = Path(__file__).with_name("server_load.py")
    spec = importlib.util.spec_from_file_location("server_load_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_load_benchmark_measures_moves_and_latency() -> None:
    script = _script()
    results = script.measure([1, 3], seconds=1.5, max_actions=400)
    assert [r.tables for r in results] == [1, 3]
    for level in results:
        assert level.actions > 0 and level.rate > 0 and level.refused == 0
        assert 0 < level.percentile(50) <= level.percentile(99)
        assert not math.isnan(level.percentile(99))
    assert script.report(results).row_count == 2
