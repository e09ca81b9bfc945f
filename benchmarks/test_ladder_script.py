"""benchmarks/ladder.py still runs: a tiny ladder prints a table per game, with the
game's goal figures and its reference, and --save keeps the leaderboards for the
lobby's hints."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def test_a_tiny_ladder_prints_each_game_s_table_with_the_hints(
    capsys: pytest.CaptureFixture[str], script: Callable[[str], Any]
) -> None:
    games = ["--game", "mr-house-basic", "--game", "dream-home"]
    script("ladder").main([*games, "--bots", "random,greedy", "--games", "2"])
    out = capsys.readouterr().out
    assert "#### mr-house-basic" in out and "#### dream-home" in out
    head = "| bot | hint | rating (95%) | ordinal | wins (games) | mean score |"
    assert f"{head} complete house |" in out
    assert f"{head} kids | roof points | empty rooms |" in out
    assert out.count("| random | beginner |") == 2 and out.count("| greedy | casual |") == 2
    # the rulebook's scoring examples, under their tables
    assert "Reference: the rulebook's scoring example: a home of 29 points." in out
    assert "Reference: the rulebook's scoring example: 19 and 19 points" in out


def test_save_keeps_the_games_measured_and_the_others(
    script: Callable[[str], Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "ladder.json"
    saved.write_text(json.dumps({"games": {"welcome-to": {"bots": [{"bot": "greedy"}]}}}))
    module = script("ladder")
    monkeypatch.setattr(module, "ladder_path", lambda: saved)
    module.main(["--game", "mr-house-basic", "--bots", "random,greedy", "--games", "2", "--save"])
    games = json.loads(saved.read_text())["games"]
    assert games["welcome-to"] == {"bots": [{"bot": "greedy"}]}
    basic = games["mr-house-basic"]
    assert [row["bot"] for row in basic["bots"]] == ["greedy", "random"]
    assert (basic["players"], basic["games"], basic["seed"]) == (2, 2, 0)
    assert {"mu", "sigma", "ordinal", "games", "win_rate"} <= set(basic["bots"][0])


def test_a_bad_bot_is_one_line(
    capsys: pytest.CaptureFixture[str], script: Callable[[str], Any]
) -> None:
    with pytest.raises(SystemExit, match="unknown bot 'nope'"):
        script("ladder").main(["--game", "mr-house-basic", "--bots", "random,nope"])
