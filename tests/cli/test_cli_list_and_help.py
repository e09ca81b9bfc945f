"""`housebuilders list` and every command's --help."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import housebuilders as hb
from housebuilders.cli import app


def test_list_shows_games_and_player_counts(runner: CliRunner) -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    assert "mr-house-basic" in result.output
    assert "2-4" in result.output


def test_list_shows_each_games_options_with_choices_default_and_meaning(
    runner: CliRunner,
) -> None:
    result = runner.invoke(app, ["list"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert "mr-house-advanced options" in result.output and "welcome-to options" in result.output
    office = hb.game("mr-house-advanced").options[1]
    for word in (office.name, *office.choices, "contradicts"):
        assert word in result.output
    assert "standard-81" in result.output


def test_list_of_one_game_shows_only_its_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["list", "welcome-to"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert "deck" in result.output and "rulebook-63" in result.output
    assert "mr-house" not in result.output


def test_list_of_an_unknown_game_names_the_known_ones(runner: CliRunner) -> None:
    result = runner.invoke(app, ["list", "monopoly"])
    assert result.exit_code == 2
    assert "no game 'monopoly'; known games: " in result.output
    assert all(game_id in result.output for game_id in hb.game_ids())


@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
def test_the_option_help_points_to_the_list(runner: CliRunner, command: str) -> None:
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    assert "`housebuilders list`" in result.output


@pytest.mark.parametrize("command", ["list", "play", "simulate", "bench"])
def test_every_command_has_help(runner: CliRunner, command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "Usage" in result.output


def test_no_command_shows_help(runner: CliRunner) -> None:
    result = runner.invoke(app, [])
    assert "list" in result.output and "simulate" in result.output


def test_list_usage_shows_its_optional_game_once_bracketed(runner: CliRunner) -> None:
    result = runner.invoke(app, ["list", "--help"])
    assert "[GAME]" in result.output and "[[GAME]]" not in result.output


def test_the_command_list_wraps_each_summary_at_the_terminals_width(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    summary = (
        "List the games with their player counts, and each game's options: the KEY=VALUE "
        "that --option of play, simulate and tournament take."
    )
    assert summary in result.output  # one line: no line break of the docstring kept
    simulate = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"})
    assert "bot (s + i) mod (number of bots), so over a multiple" in simulate.output
