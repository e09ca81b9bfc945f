"""benchmarks/strength.py still runs: a tiny run prints the Markdown table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

TINY = ["--games-greedy", "1", "--games-ismcts", "1", "--positions", "2"]
SEARCH = ["--ismcts", "ismcts:iterations=10,depth=4", "--search-bot", "ismcts:iterations=10"]


def test_a_tiny_run_prints_the_table(
    capsys: pytest.CaptureFixture[str], script: Callable[[str], Any]
) -> None:
    script("strength").main([*TINY, *SEARCH])
    out = capsys.readouterr().out
    assert "| greedy vs random | 1 |" in out
    assert "| ismcts:iterations=10,depth=4 vs greedy | 1 |" in out
    assert "iterations/s**" in out
    assert "| sd | complete house |" in out  # Mr House's goal, each bot's share
    assert "Reference: the rulebook's scoring example" in out


def test_a_bad_bot_is_one_line(
    capsys: pytest.CaptureFixture[str], script: Callable[[str], Any]
) -> None:
    with pytest.raises(SystemExit, match="unknown bot 'nope'"):
        script("strength").main([*TINY, "--ismcts", "nope"])
