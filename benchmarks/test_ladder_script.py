"""benchmarks/ladder.py still runs: a tiny ladder prints a table per game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


def test_a_tiny_ladder_prints_each_game_s_table_with_the_hints(
    capsys: pytest.CaptureFixture[str], script: Callable[[str], Any]
) -> None:
    games = ["--game", "mr-house-basic", "--game", "dream-home"]
    script("ladder").main([*games, "--bots", "random,greedy", "--games", "2"])
    out = capsys.readouterr().out
    assert "#### mr-house-basic" in out and "#### dream-home" in out
    assert "| bot | hint | rating (95%) | ordinal | wins (games) | mean score |" in out
    assert out.count("| random | beginner |") == 2 and out.count("| greedy | casual |") == 2


def test_a_bad_bot_is_one_line(
    capsys: pytest.CaptureFixture[str], script: Callable[[str], Any]
) -> None:
    with pytest.raises(SystemExit, match="unknown bot 'nope'"):
        script("ladder").main(["--game", "mr-house-basic", "--bots", "random,nope"])
