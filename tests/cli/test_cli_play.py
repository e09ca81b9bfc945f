"""`housebuilders play`: a human against bots at the terminal, or bots watched."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housebuilders.cli import app, seat_lineup, winners_line
from housebuilders.games.mr_house.content import load_content

PLAY = ["play", "mr-house-basic", "--players", "2", "--seed", "5"]
ALWAYS_ONE = "1\n" * 3000


def test_a_scripted_human_plays_a_whole_game(runner: CliRunner) -> None:
    result = runner.invoke(app, [*PLAY, "--seat", "0", "--bots", "random"], input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert "Your move, player 0" in result.output
    assert "City" in result.output  # the board, drawn by the game's text view
    assert "Final scores" in result.output
    for category in ("walls", "roofs", "coins", "complete_house", "total", "rank"):
        assert category in result.output
    assert re.search(r"Ranking: 1\. player \d", result.output)


def test_bots_moves_are_narrated_without_their_secrets(runner: CliRunner) -> None:
    result = runner.invoke(app, [*PLAY, "--seat", "1", "--bots", "random"], input=ALWAYS_ONE)
    assert "player 0 placed a marker on the" in result.output
    # The only "place your N marker" lines are the human's own numbered menu entries.
    for line in result.output.splitlines():
        if "place your" in line:
            assert re.match(r"\s+\d+\. place your \d marker on the [a-z ]+ \(\d+\)$", line), line


def test_same_seed_same_game(runner: CliRunner) -> None:
    first = runner.invoke(app, [*PLAY, "--seat", "0"], input=ALWAYS_ONE)
    second = runner.invoke(app, [*PLAY, "--seat", "0"], input=ALWAYS_ONE)
    assert first.output == second.output


def test_q_quits_cleanly(runner: CliRunner) -> None:
    result = runner.invoke(app, [*PLAY, "--seat", "0"], input="1\nq\n")
    assert result.exit_code == 0
    assert "You left the game" in result.output
    assert "Final scores" not in result.output


def test_end_of_input_quits_cleanly(runner: CliRunner) -> None:
    result = runner.invoke(app, [*PLAY, "--seat", "0"], input="")
    assert result.exit_code == 0
    assert "You left the game" in result.output


def test_bad_input_reprompts(runner: CliRunner) -> None:
    result = runner.invoke(app, [*PLAY, "--seat", "0"], input="x\n0\n999\n\nq\n")
    assert result.exit_code == 0
    for bad in ("'x'", "'0'", "'999'", "''"):
        assert f"{bad} is not a number from 1 to" in result.output
    assert "Traceback" not in result.output


def test_watching_bots_play(runner: CliRunner) -> None:
    result = runner.invoke(app, [*PLAY, "--bots", "random,random"])
    assert result.exit_code == 0, result.output
    assert "Your move" not in result.output
    assert "place your" not in result.output
    assert "the game is over" in result.output
    assert "Final scores" in result.output


def test_greedy_plays_when_the_game_has_a_heuristic(
    runner: CliRunner, with_heuristic: object
) -> None:
    result = runner.invoke(app, [*PLAY, "--bots", "greedy,greedy:samples=2"])
    assert result.exit_code == 0, result.output
    assert "P0 greedy" in result.output


def test_content_file_overrides_the_data(runner: CliRunner, tmp_path: object) -> None:
    path = tmp_path / "short.toml"  # type: ignore[operator]
    path.write_text("turns = 1\n")
    result = runner.invoke(app, [*PLAY, "--bots", "random", "--content", str(path)])
    assert result.exit_code == 0, result.output
    assert "turn 1 of 1" in result.output


def test_players_default_to_the_seats_filled(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "mr-house-basic", "--bots", "random,random,random"])
    assert result.exit_code == 0
    output = " ".join(result.output.split())  # the header wraps where the seed's length puts it
    assert "player 2 random" in output and "player 3" not in output


def test_seat_lineup_repeats_the_last_bot() -> None:
    assert seat_lineup(["a"], 4, 2) == ["a", "a", None, "a"]
    assert seat_lineup(["a", "b"], 3, None) == ["a", "b", "b"]
    assert seat_lineup(["a", "b"], 3, 0) == [None, "a", "b"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope"], "no game 'nope'"),
        (["play", "mr-house-basic", "--players", "9"], "takes 2 to 4 players, not 9"),
        (["play", "mr-house-basic", "--seat", "2"], "--seat must be from 0 to 1"),
        (
            ["play", "mr-house-basic", "--players", "2", "--bots", "random,random,random"],
            "3 bots given for 2",
        ),
        (
            ["play", "mr-house-basic", "--bots", "random,random,random,random,random"],
            "takes 2 to 4 players, not 5",
        ),
        (["play", "mr-house-basic", "--bots", "nope"], "unknown bot 'nope'"),
        (["play", "mr-house-basic", "--bots", "greedy:depth=2"], "no parameter 'depth'"),
        (["play", "mr-house-basic", "--option", "nope=1"], "has no option 'nope'"),
        (["play", "mr-house-basic", "--option", "nope"], "KEY=VALUE"),
        (["play", "mr-house-basic", "--content", "/no/such.toml"], "no such file"),
    ],
)
def test_bad_input_exits_2_with_one_red_line(
    runner: CliRunner, args: list[str], message: str
) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert result.output.startswith("error: ")
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_bad_content_exits_2(runner: CliRunner, tmp_path: object) -> None:
    bad = tmp_path / "bad.toml"  # type: ignore[operator]
    bad.write_text('turns = "six"\n')
    broken = tmp_path / "broken.toml"  # type: ignore[operator]
    broken.write_text("turns = = 1\n")
    for path, message in ((bad, "turns"), (broken, "not valid TOML")):
        result = runner.invoke(app, ["play", "mr-house-basic", "--content", str(path)])
        assert result.exit_code == 2
        assert message in result.output
        assert len(result.output.strip().splitlines()) == 1


def test_greedy_without_heuristic_exits_2(runner: CliRunner, without_heuristic: object) -> None:
    result = runner.invoke(app, ["play", "mr-house-basic", "--bots", "greedy"])
    assert result.exit_code == 2
    assert "needs a heuristic" in result.output


def test_advanced_final_table_says_whose_house_is_complete(runner: CliRunner) -> None:
    args = ["play", "mr-house-advanced", "--bots", "random,random", "--seed", "3"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert "complete house" in result.output


def test_the_final_line_says_who_won(runner: CliRunner) -> None:
    result = runner.invoke(app, [*PLAY, "--bots", "greedy,random"])
    assert result.exit_code == 0, result.output
    assert re.search(r"Winner: player \d \((greedy|random)\)\.", result.output)


def test_the_final_line_says_everyone_lost_when_no_house_is_complete(runner: CliRunner) -> None:
    args = ["play", "mr-house-advanced", "--bots", "random,random", "--seed", "67"]  # no house
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Everyone lost: nobody wins." in result.output
    assert "Ranking: 1. player" in result.output  # the ranking still orders them
    assert "Winner" not in result.output


class Won:
    def __init__(self, winners: list[int]) -> None:
        self._winners = winners

    def winners(self) -> list[int]:
        return self._winners


def test_winners_line_names_one_winner_those_sharing_or_nobody() -> None:
    names = ["greedy", "random", "ismcts"]
    assert winners_line(Won([1]), names) == "Winner: player 1 (random)."  # type: ignore[arg-type]
    assert winners_line(Won([0, 2]), names) == (  # type: ignore[arg-type]
        "Winners, sharing the win: player 0 (greedy), player 2 (ismcts)."
    )
    assert winners_line(Won([]), names) == "Everyone lost: nobody wins."  # type: ignore[arg-type]


def test_the_table_and_the_menu_use_the_content_file(runner: CliRunner, tmp_path: Path) -> None:
    lines = []
    for loc in load_content().basic.locations:
        lines.append("[[basic.locations]]")
        data = loc.model_dump() | ({"name": "lumber yard"} if loc.number == 9 else {})
        lines += [
            f"{key} = {json.dumps(value)}" for key, value in data.items() if value is not None
        ]
    content = tmp_path / "box.toml"
    content.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, [*PLAY, "--seat", "0", "--content", str(content)], input="q\n")
    assert result.exit_code == 0, result.output
    menu = r"^\s+\d+\. place your \d marker on the lumber yard \(9\)$"
    assert re.search(menu, result.output, re.M)
    assert " 9 lumber yard" in result.output  # the city, drawn by the text view
    assert "wood store" not in result.output
