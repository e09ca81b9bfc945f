"""`housebuilders simulate` and `housebuilders bench`."""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import housebuilders as hb
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


def test_simulate_gives_the_same_tables_with_one_job_or_two(runner: CliRunner) -> None:
    args = ["simulate", "mr-house-basic", "--games", "6", "--bots", "random,random:"]
    one = runner.invoke(app, [*args, "--jobs", "1"])
    two = runner.invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.output == two.output


def test_simulate_writes_one_line_per_game_and_resumes(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    args = ["simulate", "mr-house-basic", "--seed", "5", "--jobs", "1", "--out", str(out)]
    first = runner.invoke(app, [*args, "--games", "3"])
    assert first.exit_code == 0, first.output
    assert f"results: {out}" in first.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["index"], r["seed"], r["game"]) for r in lines] == [
        (0, 5, "mr-house-basic"),
        (1, 6, "mr-house-basic"),
        (2, 7, "mr-house-basic"),
    ]
    again = runner.invoke(app, [*args, "--games", "5"])
    assert again.exit_code == 2
    assert "already holds 3 games" in again.output and "--resume" in again.output
    resumed = runner.invoke(app, [*args, "--games", "5", "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert f"3 games kept from {out}" in resumed.output
    assert "5 games of mr-house-basic" in resumed.output
    assert len(out.read_text().splitlines()) == 5
    other = runner.invoke(app, [*args, "--games", "5", "--resume", "--bots", "random:"])
    assert other.exit_code == 2 and "another run" in other.output


def test_simulate_records_every_option_and_resumes_only_with_the_same(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "results.jsonl"
    args = ["simulate", "mr-house-advanced", "--games", "2", "--jobs", "1", "--out", str(out)]
    first = runner.invoke(app, [*args, "--option", "office=highest-two"])
    assert first.exit_code == 0, first.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["options"] for r in lines] == [{"door": "any-floor", "office": "highest-two"}] * 2
    other = runner.invoke(app, [*args, "--games", "3", "--resume"])  # office=first-two
    assert other.exit_code == 2 and "another run" in other.output and "options" in other.output


@pytest.fixture
def exploding_bot() -> Iterator[str]:
    """A bot that raises on its third decision, registered for one test."""
    with importlib.import_module("tests.arena.failing_bot").registered() as name:
        yield name


def test_simulate_reports_a_failing_bot_and_goes_on(runner: CliRunner, exploding_bot: str) -> None:
    args = ["simulate", "mr-house-basic", "--games", "4", "--jobs", "1"]
    result = runner.invoke(app, [*args, "--bots", f"random,{exploding_bot}"])
    assert result.exit_code == 0, result.output
    assert "0 games of mr-house-basic" in result.output and "4 failed" in result.output
    line = f"game 1, seed 1 (--bots {exploding_bot},random): {exploding_bot} (seat 0) raised"
    assert f"{line}: RuntimeError: boom" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "nope"], "no game 'nope'"),
        (["simulate", "mr-house-basic", "--players", "1"], "takes 2 to 4 players, not 1"),
        (["simulate", "mr-house-basic", "--bots", "random,nope"], "unknown bot 'nope'"),
        (["simulate", "mr-house-basic", "--option", "x=1"], "has no option 'x'"),
        (["simulate", "mr-house-basic", "--resume"], "--resume continues the --out file"),
        (["simulate", "mr-house-basic", "--ray-address", "auto"], "--backend ray"),
        (["simulate", "mr-house-basic", "--backend", "threads"], "'threads' is not one of"),
        (["simulate", "mr-house-basic", "--jobs", "0"], "greater than or equal to 1"),
        (["simulate", "mr-house-basic", "--out", "/no/such/dir/r.jsonl"], "cannot write"),
        (["bench", "nope"], "no game 'nope'"),
        (["bench", "mr-house-basic", "--players", "5"], "takes 2 to 4 players, not 5"),
    ],
)
def test_bad_input_exits_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.ray
def test_simulate_on_a_ray_cluster_that_is_not_there_exits_2(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("ray")
    monkeypatch.setenv("RAY_TMPDIR", str(tmp_path))  # no cluster started here to find
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    args = ["simulate", "mr-house-basic", "--games", "2", "--backend", "ray"]
    result = runner.invoke(app, [*args, "--ray-address", "auto"])
    assert result.exit_code == 2
    assert "cannot start or join the Ray cluster at 'auto'" in result.output
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


FULL = Path("/dev/full")


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "mr-house-basic"],
        ["tournament", "mr-house-basic", "--bots", "random,greedy:samples=1"],
    ],
)
def test_a_full_disk_is_one_line_not_a_traceback(runner: CliRunner, command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--games", "2", "--jobs", "1", "--out", str(FULL)])
    assert result.exit_code == 2, result.output
    assert "error: cannot write /dev/full: No space left on device" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("value", ["True", "true", "yes"])
def test_a_yes_or_no_option_takes_true_as_the_list_shows_it(
    runner: CliRunner, value: str, tmp_path: Path
) -> None:
    out = tmp_path / "r.jsonl"
    args = ["simulate", "house-of-fado", "--games", "1", "--jobs", "1", "--out", str(out)]
    result = runner.invoke(app, [*args, "--option", f"promos={value}"])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["options"]["promos"] is True


def test_a_bad_option_value_lists_the_choices_as_they_are_typed(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", "house-of-fado", "--option", "promos=maybe"])
    assert result.exit_code == 2
    assert "option 'promos' of house-of-fado takes False or True, not 'maybe'" in result.output


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("random,c=1", "bot 'random' has no parameter 'c' (parameters: none)"),
        ("greedy,", "has an empty bot name"),
        ("random,,greedy", "has an empty bot name"),
        (",random", "has an empty bot name"),
    ],
)
def test_a_bad_bot_list_says_what_is_wrong(runner: CliRunner, bots: str, message: str) -> None:
    result = runner.invoke(app, ["simulate", "mr-house-basic", "--games", "2", "--bots", bots])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "unknown bot" not in result.output


def test_the_headings_count_in_words_and_show_negative_seeds(runner: CliRunner) -> None:
    one = runner.invoke(app, ["simulate", "welcome-to", "--games", "1", "--jobs", "1"])
    assert one.exit_code == 0, one.output
    assert "1 game of welcome-to, 1 player, seed 0\n" in one.output
    args = ["simulate", "mr-house-basic", "--games", "2", "--jobs", "1", "--seed", "-5"]
    negative = runner.invoke(app, args)
    assert "2 games of mr-house-basic, 2 players, seeds -5 to -4" in negative.output


def test_a_run_stopped_before_any_game_says_only_stopped(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import housebuilders.arena.runner as runner_module

    real = runner_module.play_batch
    calls: list[int] = []

    def stopped_after(done: int) -> object:
        def play_batch(*args: object) -> object:
            calls.append(1)
            if len(calls) > done:
                raise KeyboardInterrupt
            return real(*args)  # type: ignore[arg-type]

        return play_batch

    out = tmp_path / "r.jsonl"
    args = ["simulate", "mr-house-basic", "--games", "3", "--jobs", "1", "--batch", "1"]
    monkeypatch.setattr(runner_module, "play_batch", stopped_after(0))
    first = runner.invoke(app, [*args, "--out", str(out)])
    assert first.exit_code == 130
    assert "stopped" in first.output and "finished games" not in first.output
    calls.clear()
    monkeypatch.setattr(runner_module, "play_batch", stopped_after(1))
    second = runner.invoke(app, [*args, "--out", str(out)])
    assert second.exit_code == 130
    assert f"stopped; the finished games are in {out}, --resume continues" in second.output


def test_bench_measures_the_games_first_four_counts_by_default_run_by_run(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import housebuilders.cli.bench as bench_module
    from housebuilders.bench import Throughput

    asked: list[tuple[int, int]] = []

    def measure(game_id: str, players: int, games: int, runs: int, seed: int) -> Throughput:
        asked.append((players, runs))
        return Throughput(game_id, players, games, runs, 10.0 * players, 100.0, 5.0, 1.0)

    monkeypatch.setattr(bench_module, "measure", measure)
    result = runner.invoke(app, ["bench", "welcome-to", "--runs", "3"])
    assert result.exit_code == 0, result.output
    assert asked == [(n, 1) for n in (1, 2, 3, 4) for _ in range(3)]  # one run a tick
    rows = [line for line in result.output.splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == ["1", "2", "3", "4"]
    assert "median of 3 runs of 100 games" in result.output
    assert bench_module.default_counts(hb.game("mr-house-basic")) == [2, 3, 4]


def test_bench_stopped_says_stopped(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    import housebuilders.cli.bench as bench_module

    def measure(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(bench_module, "measure", measure)
    result = runner.invoke(app, ["bench", "mr-house-basic", "--games", "1"])
    assert result.exit_code == 130
    assert "stopped" in result.output and "Traceback" not in result.output


def test_bench_says_one_run_of_one_game(runner: CliRunner) -> None:
    args = ["bench", "mr-house-basic", "--players", "2", "--games", "1", "--runs", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "median of 1 run of 1 game" in result.output


def test_bench_strength_refuses_runs(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "mr-house-basic", "--strength", "--runs", "3"])
    assert result.exit_code == 2
    assert "--runs goes without --strength" in result.output
