"""`housebuilders bench --web`: the web table under load, run small against a real server
on SQLite, and its refusals."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import housebuilders.bench
from housebuilders.bench import web_load
from housebuilders.cli import app

SMALL = ["--tables", "5", "--spectators", "2", "--seconds", "5", "--warm-up", "2"]


@pytest.mark.slow
def test_a_small_load_serves_moves_without_errors(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    args = ["bench", "--web", *SMALL, "--think", "0.2", "--json", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    for text in ("5 tables of mr-house-basic", "Latencies", "move → push", "moves served a second"):
        assert text in result.output
    figures = json.loads(out.read_text())
    assert figures["settings"] | {"database": "sqlite"} == figures["settings"]
    assert figures["errors"] == {"total": 0, "by_kind": {}}
    moves = figures["moves"]
    assert moves["served"] > 10 and moves["served_share"] == 1.0 and moves["refused"] == 0
    assert moves["asked"] == moves["served"]
    assert 0 < moves["served_per_second"] < moves["all_per_second"]  # the bots move too
    latency = figures["latency_ms"]
    assert latency["move"]["count"] == moves["served"]
    assert latency["move_to_push"]["count"] >= moves["served"] - 5  # the last, maybe not yet
    assert latency["bot_reply"]["count"] > 0
    for kind in ("move", "move_to_push", "bot_reply", "view", "spectator_view"):
        assert 0 < latency[kind]["p50"] <= latency[kind]["p99"] <= latency[kind]["max"], kind
    assert latency["spectator_view"]["count"] >= 2 and figures["spectator_pushes"] > 0
    assert figures["tables"]["opened"] >= 5
    assert figures["cpu_seconds"]["server"] > 0 and figures["cpu_seconds"]["client"] > 0


def test_a_bot_the_server_refuses_stops_the_run_with_its_reason(runner: CliRunner) -> None:
    args = ["bench", "--web", "--tables", "1", "--spectators", "0", "--seconds", "1"]
    result = runner.invoke(app, [*args, "--warm-up", "0", "--bots", "ismcts:iterations=99999999"])
    assert result.exit_code == 2, result.output
    assert "the server refused a table" in result.output and "iterations" in result.output


def test_a_server_that_cannot_start_is_reported(runner: CliRunner) -> None:
    args = ["bench", "--web", "--tables", "1", "--seconds", "1", "--database-url", "nosuch://x"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "the server stopped as it started" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["mr-house-basic", "--tables", "5"], "--tables goes with --web"),
        (["mr-house-basic", "--json", "x.json"], "--json goes with --web"),
        (["--web", "--strength"], "--strength goes without --web"),
        (["--web", "--players", "3"], "--players goes without --web"),
        (["--web", "--bots", "greedy,random"], "names the one bot at every table"),
        (["--web", "--workers", "2"], "--workers 2 needs PostgreSQL"),
        (["--web", "no-such-game"], "no-such-game"),
        ([], "name a GAME"),
    ],
)
def test_bench_web_refuses_what_does_not_go_together(
    runner: CliRunner, args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["bench", *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())


def test_bench_web_without_the_server_extra_names_it(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(sys.modules, "housebuilders.bench.web_load")
    monkeypatch.delattr(housebuilders.bench, "web_load")
    monkeypatch.setitem(sys.modules, "websockets.asyncio.client", None)  # not installed
    result = runner.invoke(app, ["bench", "--web", *SMALL])  # small, should it run after all
    assert result.exit_code == 2, result.output
    assert "pip install 'housebuilders[server]'" in " ".join(result.output.split())


def test_the_summary_gives_null_for_figures_never_measured() -> None:
    figures = web_load.Figures(seconds=2.0, moves_asked=4, moves_served=3, table_moves=7)
    figures.move = [0.010, 0.020, 0.030]
    summary = figures.summary(web_load.Load(tables=3))
    assert summary["moves"]["served_share"] == 0.75
    assert summary["moves"]["served_per_second"] == 1.5
    assert summary["moves"]["all_per_second"] == 3.5
    assert summary["latency_ms"]["move"]["count"] == 3
    assert math.isclose(summary["latency_ms"]["move"]["p50"], 20.0)
    assert summary["latency_ms"]["view"] == {"count": 0, "p50": None, "p99": None, "max": None}
    assert summary["cpu_seconds"] == {"server": None, "client": None}
    json.dumps(summary, allow_nan=False)  # JSON without NaN
