"""`housebuilders tournament` and `housebuilders report`."""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housebuilders.cli import app
from tests.arena.known_results import KNOWN

#: The modules of the arena and ray extras.
MISSING = [
    "openskill",
    "openskill.models",
    "matplotlib",
    "matplotlib.figure",
    "matplotlib.backends.backend_agg",
    "ray",
]


@pytest.mark.parametrize(
    ("command", "text"),
    [
        ("simulate", "pip install 'housebuilders[ray]'"),
        ("tournament", "Plackett-Luce"),
        ("report", "pip install 'housebuilders[arena]'"),
    ],
)
def test_the_commands_explain_themselves(runner: CliRunner, command: str, text: str) -> None:
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "Usage" in result.output
    assert text in result.output


def test_tournament_prints_a_leaderboard_with_uncertainty(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "t.jsonl"
    args = [
        "tournament",
        "mr-house-basic",
        "--bots",
        "random,random:,greedy:samples=1",
        "--games",
        "6",
    ]
    result = runner.invoke(app, [*args, "--jobs", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for text in ("Leaderboard", "mu", "sigma", "ordinal", "random:", "win rate"):
        assert text in result.output
    assert "Goal figures" in result.output and "complete house" in result.output
    assert "6 games of mr-house-basic, 2 players" in result.output
    assert len(out.read_text().splitlines()) == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3", "--bots", "random,random:"], "needs at least 3 bots"),
        (["--bots", "random,random"], "listed twice"),
        (["--bots", "random,nope"], "unknown bot 'nope'"),
        (["--bots", "random,random:", "--seatings", "some"], "'some' is not one of"),
    ],
)
def test_bad_tournaments_exit_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", "mr-house-basic", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.fixture
def known_file(tmp_path: Path) -> Path:
    path = tmp_path / "known.jsonl"
    path.write_text("".join(json.dumps(r.to_json()) + "\n" for r in KNOWN))
    return path


def test_report_prints_the_tables(runner: CliRunner, known_file: Path) -> None:
    result = runner.invoke(app, ["report", str(known_file)])
    assert result.exit_code == 0, result.output
    for text in (
        "3 games of mr-house-basic, 2 players, seeds 100-103, 1 failed",
        "Win rate per bot",
        "Win rate per seat",
        "First player (seat 0) wins 83.3%",
        "Scores",
        "walls",
        "Game length",
        "RuntimeError: boom",
    ):
        assert text in result.output, text


def test_report_writes_one_html_file_with_its_figures(
    runner: CliRunner, known_file: Path, tmp_path: Path
) -> None:
    page = tmp_path / "report.html"
    result = runner.invoke(app, ["report", str(known_file), "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert f"report: {page}" in result.output
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page.read_text())
    assert len(images) == 5
    assert all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)


def test_report_of_a_bad_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    missing = runner.invoke(app, ["report", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2 and "no results file" in missing.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"index": 0}\nnot json\n{}\n')
    broken = runner.invoke(app, ["report", str(bad)])
    assert broken.exit_code == 2 and "line 1" in broken.output
    assert "Traceback" not in broken.output
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    nothing = runner.invoke(app, ["report", str(empty)])
    assert nothing.exit_code == 2 and "no games" in nothing.output


def test_without_the_extras_each_command_names_what_to_install(
    runner: CliRunner, known_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in MISSING:
        monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    monkeypatch.delitem(sys.modules, "housebuilders.arena.figures", raising=False)
    plain = runner.invoke(app, ["report", str(known_file)])
    assert plain.exit_code == 0 and "Win rate per bot" in plain.output
    assert "Ratings" not in plain.output
    for args, message in [
        (["report", str(known_file), "--html", str(tmp_path / "r.html")], "[arena]"),
        (["tournament", "mr-house-basic", "--bots", "random,random:"], "[arena]"),
        (["simulate", "mr-house-basic", "--backend", "ray"], "[ray]"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert f"pip install 'housebuilders{message}'" in result.output


def test_report_counts_the_games_everyone_lost(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "lost.jsonl"
    # random bots never complete a house: every game is lost by everyone
    simulate = ["simulate", "mr-house-advanced", "--players", "2", "--games", "2", "--jobs", "1"]
    ran = runner.invoke(app, [*simulate, "--bots", "random,random", "--out", str(out)])
    assert ran.exit_code == 0, ran.output
    assert "2 games of mr-house-advanced, 2 players, seeds 0-1, 2 everyone lost" in ran.output
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 everyone lost" in result.output and "Everyone lost 2 of 2 games" in result.output


def test_a_tournament_of_a_one_player_game_asks_for_players(runner: CliRunner) -> None:
    result = runner.invoke(app, ["tournament", "welcome-to", "--bots", "random,greedy"])
    assert result.exit_code == 2
    assert "welcome-to's default is 1" in result.output and "--players 2" in result.output


def test_report_will_not_write_its_page_over_the_results(
    runner: CliRunner, known_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = known_file.read_text()
    monkeypatch.chdir(known_file.parent)
    for page in (str(known_file), known_file.name, f"./{known_file.name}"):
        result = runner.invoke(app, ["report", known_file.name, "--html", page])
        assert result.exit_code == 2, result.output
        assert "is the results file" in result.output
    assert known_file.read_text() == before


def test_report_refuses_two_runs_in_one_file(runner: CliRunner, tmp_path: Path) -> None:
    files = []
    for seed in ("0", "10"):
        out = tmp_path / f"seed{seed}.jsonl"
        args = ["simulate", "mr-house-basic", "--games", "2", "--jobs", "1", "--seed", seed]
        assert runner.invoke(app, [*args, "--out", str(out)]).exit_code == 0
        files.append(out.read_text())
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("".join(files))
    result = runner.invoke(app, ["report", str(mixed)])
    assert result.exit_code == 2
    assert "the results mix runs: game 0 is in them twice (seeds 0 and 10)" in result.output


def test_report_of_a_study_manifest_says_it_is_not_a_results_file(
    runner: CliRunner, tmp_path: Path
) -> None:
    manifest = tmp_path / "experiment.json"
    manifest.write_text(json.dumps({"game": "mr-house-basic", "games": 2}, indent=1) + "\n")
    result = runner.invoke(app, ["report", str(manifest)])
    assert result.exit_code == 2
    assert f"{manifest} is not a results file" in result.output
