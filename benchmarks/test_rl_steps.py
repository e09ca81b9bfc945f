"""benchmarks/rl_steps.py still runs: a tiny run of both parts prints both tables."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")


def test_a_tiny_run_prints_both_tables(
    capsys: pytest.CaptureFixture[str], script: Callable[[str], Any]
) -> None:
    script("rl_steps").main([
        "--only", "mr-house-basic,welcome-to", "--seconds", "0.05", "--rounds", "1",
        "--games", "1", "--move-seconds", "0.001", "--evaluators", "heuristic",
    ])  # fmt: skip
    out = capsys.readouterr().out
    assert "| mr-house-basic |" in out and "| welcome-to |" in out
    assert "| connect_four_v3 (PettingZoo) |" in out and "| leduc_holdem_v4 (PettingZoo) |" in out
    assert "| heuristic |" in out
