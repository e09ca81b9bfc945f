"""`housebuilders list` and every command's --help."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from housebuilders.cli import app


def test_list_shows_games_and_player_counts(runner: CliRunner) -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    assert "mr-house-basic" in result.output
    assert "2-4" in result.output


@pytest.mark.parametrize("command", ["list", "play", "simulate", "bench"])
def test_every_command_has_help(runner: CliRunner, command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "Usage" in result.output


def test_no_command_shows_help(runner: CliRunner) -> None:
    result = runner.invoke(app, [])
    assert "list" in result.output and "simulate" in result.output
