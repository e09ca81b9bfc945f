"""benchmarks/profile_rules.py still runs: a tiny run prints a table per part."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from housebuilders.core import build

pytest.importorskip("pettingzoo")


def test_a_tiny_run_prints_a_table_per_part(
    capsys: pytest.CaptureFixture[str], script: Callable[[str], Any]
) -> None:
    script("profile_rules").main(["--games", "mr-house-basic", "--seconds", "0.1", "--top", "3"])
    out = capsys.readouterr().out
    for part in ("rules", "env", "search"):
        assert f"**mr-house-basic, {part}**" in out
    assert out.count("| module | share | function | share |") == 3
    if build.compiled():  # cProfile sees no compiled function: the script says so
        assert "run with HOUSEBUILDERS_PURE=1" in out
    else:
        assert "games/mr_house/" in out
