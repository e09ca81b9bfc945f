"""`housebuilders simulate` and `housebuilders bench`."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from housebuilders.cli import app


def test_simulate_prints_win_rates_per_seat_and_bot(
    runner: CliRunner, with_heuristic: object
) -> None:
    args = ["simulate", "mr-house-basic", "--players", "3", "--games", "4"]
    result = runner.invoke(app, [*args, "--bots", "random,greedy", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "4 games of mr-house-basic, 3 players, seeds 1-4" in result.output
    for text in ("Per seat", "Per bot", "win rate", "mean score", "random", "greedy"):
        assert text in result.output
    assert result.output.count("%") >= 5  # three seats, two bots


def test_simulate_is_deterministic(runner: CliRunner) -> None:
    args = ["simulate", "mr-house-basic", "--games", "3", "--seed", "2"]
    assert runner.invoke(app, args).output == runner.invoke(app, args).output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "nope"], "no game 'nope'"),
        (["simulate", "mr-house-basic", "--players", "1"], "takes 2 to 4 players, not 1"),
        (["simulate", "mr-house-basic", "--bots", "random,nope"], "unknown bot 'nope'"),
        (["simulate", "mr-house-basic", "--option", "x=1"], "has no option 'x'"),
        (["bench", "nope"], "no game 'nope'"),
        (["bench", "mr-house-basic", "--players", "5"], "takes 2 to 4 players, not 5"),
    ],
)
def test_bad_input_exits_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_simulate_greedy_without_heuristic_exits_2(
    runner: CliRunner, without_heuristic: object
) -> None:
    result = runner.invoke(app, ["simulate", "mr-house-basic", "--bots", "random,greedy"])
    assert result.exit_code == 2
    assert "needs a heuristic" in result.output


def test_simulate_bad_content_exits_2(runner: CliRunner, tmp_path: object) -> None:
    path = tmp_path / "bad.toml"  # type: ignore[operator]
    path.write_text("[basic]\nworker_deck = -1\n")
    result = runner.invoke(app, ["simulate", "mr-house-basic", "--content", str(path)])
    assert result.exit_code == 2
    assert "worker_deck" in result.output


def test_bench_prints_a_table(runner: CliRunner) -> None:
    args = ["bench", "mr-house-basic", "--players", "2", "--players", "4"]
    result = runner.invoke(app, [*args, "--games", "2", "--runs", "1"])
    assert result.exit_code == 0, result.output
    for text in ("games/s", "actions/s", "clone µs"):
        assert text in result.output
    rows = [line for line in result.output.splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == ["2", "4"]
