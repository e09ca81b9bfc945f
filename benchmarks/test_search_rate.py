"""benchmarks/search_rate.py still runs: a tiny run prints each game's iterations a
second as JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest


def test_a_tiny_run_prints_the_rates_as_json(
    capsys: pytest.CaptureFixture[str], script: Callable[[str], Any]
) -> None:
    script("search_rate").main(["mr-house-basic", "dream-home", "--positions", "1",
                                "--seconds", "0.02"])  # fmt: skip
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) == {"mr-house-basic", "dream-home"}
    assert all(rate > 0 for rate in figures.values())
