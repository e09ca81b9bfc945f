"""`housebuilders bench GAME --strength`: head-to-head matches in a table."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import housebuilders as hb
from housebuilders.agents import registry
from housebuilders.cli import app

STRENGTH = ["bench", "mr-house-basic", "--strength", "--games", "2"]
WIDE = {"COLUMNS": "160"}  # one line per table row, whatever the bot names


def _rows(output: str) -> list[list[str]]:
    return [
        [cell.strip() for cell in line.split("│")[1:-1]]
        for line in output.splitlines()
        if line.startswith("│")
    ]


def test_strength_prints_the_pair_with_score_rate_and_interval(runner: CliRunner) -> None:
    result = runner.invoke(app, [*STRENGTH, "--bots", "greedy,random", "--seed", "4"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "mr-house-basic, 2 players: bot strength, seeds 4-5" in result.output
    for text in ("score", "95% CI", "W/D/L", "mean", "ms/move", "iter/s", "Wilson"):
        assert text in result.output
    a, b = _rows(result.output)
    assert a[0] == "greedy" and a[1] == "2" and a[2].endswith("%") and "%-" in a[3]
    assert sum(int(n) for n in a[4].split("/")) == 2
    assert b[0] == "vs random" and b[-1] == "—"


def test_a_table_written_to_a_file_keeps_its_columns_whole(runner: CliRunner) -> None:
    """Out of a terminal, and without COLUMNS, the output is wide enough for the table
    (Rich alone would cut it at 80 columns)."""
    result = runner.invoke(app, [*STRENGTH, "--bots", "greedy,random"], env={"COLUMNS": None})
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if "A vs B" in line)
    assert "complete house" in header and "iter/s" in header and "…" not in header


def test_strength_gives_the_spread_the_goal_figures_and_the_reference(runner: CliRunner) -> None:
    result = runner.invoke(app, [*STRENGTH, "--bots", "greedy,random"], env=WIDE)
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if "A vs B" in line)
    assert [c.strip() for c in header.split("┃")[1:-1]][5:8] == ["mean", "sd", "complete house"]
    a, b = _rows(result.output)
    assert float(a[6]) >= 0 and a[7].endswith("%") and b[7].endswith("%")
    assert "Reference: the rulebook's scoring example" in " ".join(result.output.split())


def test_strength_of_a_search_bot_reports_iterations_per_second(runner: CliRunner) -> None:
    bots = "ismcts:iterations=20,depth=4,random"
    result = runner.invoke(app, [*STRENGTH, "--bots", bots, "--players", "3"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "3 players" in result.output
    a, b = _rows(result.output)
    assert float(a[-1].replace(",", "")) > 0
    assert b[-1] == "—"


def test_strength_is_deterministic_apart_from_timings(runner: CliRunner) -> None:
    args = [*STRENGTH, "--bots", "greedy,random", "--seed", "2"]
    first, second = (_rows(runner.invoke(app, args, env=WIDE).output) for _ in range(2))
    assert [row[:6] for row in first] == [row[:6] for row in second]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random"], "names a pair"),
        (["--bots", "random,greedy,random"], "names a pair"),
        (["--bots", "random,nope"], "unknown bot 'nope'"),
        (["--bots", "ismcts:iterations=x,random"], "takes an int"),
        (["--players", "2", "--players", "3"], "give --players once"),
        (["--players", "5"], "takes 2 to 4 players, not 5"),
    ],
)
def test_strength_bad_input_exits_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, [*STRENGTH, *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_bots_without_strength_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "mr-house-basic", "--bots", "random,greedy"])
    assert result.exit_code == 2
    assert "--bots goes with --strength" in result.output


def test_strength_with_jobs_plays_games_at_once_with_the_same_results(
    runner: CliRunner,
) -> None:
    args = [*STRENGTH, "--bots", "greedy,random", "--seed", "2", "--games", "4"]
    alone = runner.invoke(app, args, env=WIDE)
    shared = runner.invoke(app, [*args, "--jobs", "2"], env=WIDE)
    assert shared.exit_code == 0, shared.output
    assert [row[:6] for row in _rows(shared.output)] == [row[:6] for row in _rows(alone.output)]
    result = runner.invoke(app, ["bench", "mr-house-basic", "--jobs", "2"])
    assert result.exit_code == 2
    assert "--jobs goes with --strength" in result.output


def test_strength_with_a_bad_game_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "nope", "--strength"])
    assert result.exit_code == 2
    assert "no game 'nope'" in result.output


def test_bench_help_explains_strength(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "--help"])
    assert result.exit_code == 0
    for text in ("--strength", "--bots", "score rate", "Wilson"):
        assert text in result.output


class Grumpy:
    """Raises at its first decision in seat 1; plays the first legal action elsewhere."""

    def __init__(self, seed: int = 0, name: str = "grumpy") -> None:
        self.name = name

    def choose(self, view: hb.State, player: int) -> hb.Action:
        if player == 1:
            raise RuntimeError("not this seat")
        return view.legal_actions(player)[0]


def test_a_game_whose_bot_raises_is_reported_with_its_seed(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._BOTS, "grumpy", registry.BotInfo("grumpy", Grumpy))
    result = runner.invoke(app, [*STRENGTH, "--bots", "grumpy,random", "--seed", "7"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert _rows(result.output)[0][1] == "1 +1 failed"
    assert "game seed 8 (--bots random,grumpy): grumpy raised: RuntimeError: not this seat" in (
        result.output
    )
