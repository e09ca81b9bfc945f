"""benchmarks/arena_scale.py still runs: a few games in each set-up, real figures."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest


def _script():  # noqa: ANN202  (the benchmark is a script, not a package module)
    path = Path(__file__).with_name("arena_scale.py")
    spec = importlib.util.spec_from_file_location("arena_scale_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.ray
@pytest.mark.slow
def test_the_scale_benchmark_measures_processes_and_ray() -> None:
    pytest.importorskip("ray")
    script = _script()
    scale = script.measure(games=8, rounds=1)
    assert list(scale.setups) == list(script.SETUPS)
    for setup in scale.setups.values():
        assert len(setup.rates) == 1 and setup.median > 0
    assert scale.speed_up > 0 and scale.ray_overhead is not None and scale.ray_start > 0
    assert script.report(scale).row_count == 3
    assert len(script.summary(scale)) == 3
