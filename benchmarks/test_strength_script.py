"""benchmarks/strength.py still runs: a tiny run prints the Markdown table."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest


def _script() -> ModuleType:
    path = Path(__file__).with_name("strength.py")
    spec = importlib.util.spec_from_file_location("strength_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TINY = ["--games-greedy", "1", "--games-ismcts", "1", "--positions", "2"]
SEARCH = ["--ismcts", "ismcts:iterations=10,depth=4", "--search-bot", "ismcts:iterations=10"]


def test_a_tiny_run_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    _script().main([*TINY, *SEARCH])
    out = capsys.readouterr().out
    assert "| greedy vs random | 1 |" in out
    assert "| ismcts:iterations=10,depth=4 vs greedy | 1 |" in out
    assert "iterations/s**" in out


def test_a_bad_bot_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match="unknown bot 'nope'"):
        _script().main([*TINY, "--ismcts", "nope"])
