"""`housebuilders bench --versus`: our games beside OpenSpiel's and PettingZoo's, one run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housebuilders.cli import app

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

WIDE = {"COLUMNS": "160"}
SMALL = ["bench", "--versus", "mr-house-basic", "--players", "2", "--runs", "1", "--seconds", "1"]


def test_versus_writes_its_tables_between_the_markers_and_as_json(
    runner: CliRunner, tmp_path: Path
) -> None:
    doc = tmp_path / "performance.md"
    doc.write_text("before\n<!-- versus -->\nold figures\n<!-- /versus -->\nafter\n")
    figures = tmp_path / "versus.json"
    args = [*SMALL, "--markdown", str(doc), "--json", str(figures)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    for text in ("backgammon (OpenSpiel, C++)", "connect_four_v3 (PettingZoo)", "ISMCTSBot"):
        assert text in result.output
    text = doc.read_text()
    assert text.startswith("before\n<!-- versus -->\n")
    assert text.endswith("<!-- /versus -->\nafter\n")
    assert "old figures" not in text
    assert "| mr-house-basic, 2 players |" in text and "| backgammon (OpenSpiel, C++) |" in text
    data = json.loads(figures.read_text())
    reference = next(r for r in data["rules"] if r["name"].startswith("backgammon"))
    assert reference["ratio"] == 1.0 and reference["rate"] > 0
    (ours,) = data["search"]
    assert ours["game"] == "mr-house-basic" and ours["ours"] > 0 and ours["theirs"] > 0


def test_a_file_without_the_markers_is_refused_before_the_run(
    runner: CliRunner, tmp_path: Path
) -> None:
    doc = tmp_path / "notes.md"
    doc.write_text("no markers here\n")
    result = runner.invoke(app, [*SMALL, "--markdown", str(doc)])
    assert result.exit_code == 2
    assert "no <!-- versus --> ... <!-- /versus --> lines" in result.output
    assert doc.read_text() == "no markers here\n"


def test_a_json_file_that_cannot_be_written_is_refused_before_the_run(
    runner: CliRunner, tmp_path: Path
) -> None:
    result = runner.invoke(app, [*SMALL, "--json", str(tmp_path / "no" / "such.json")])
    assert result.exit_code == 2
    assert "cannot write" in result.output and "no such writable folder" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--versus", "--strength"], "--strength goes without --versus"),
        (["--versus", "--web"], "--web goes without --versus"),
        (["mr-house-basic", "--markdown", "x.md"], "--markdown goes with --versus"),
        (["--versus", "welcome-to", "--players", "5", "--players", "101"], "not 101"),
    ],
)
def test_versus_options_that_do_not_fit_exit_2(
    runner: CliRunner, args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["bench", *args], env=WIDE)
    assert result.exit_code == 2
    assert message in result.output
