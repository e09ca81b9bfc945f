"""``housebuilders rules GAME``: a game's numbered rules with the tests marked with each."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from housebuilders.cli import app


def test_rules_lists_each_rule_with_its_marked_tests(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "test_home.py").write_text(
        "import pytest\n@pytest.mark.rule('DH-12')\ndef test_first_space_stays_empty(): pass\n"
    )
    result = runner.invoke(
        app, ["rules", "dream-home", "--tests", str(tmp_path)], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "DH-12" in result.output and "test_first_space_stays_empty" in result.output
    assert "1 of 107 rules have a marked test" in result.output


def test_missing_lists_the_untested_rules_and_fails(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "test_home.py").write_text(
        "import pytest\n@pytest.mark.rule('DH-12')\ndef test_first_space_stays_empty(): pass\n"
    )
    result = runner.invoke(app, ["rules", "dream-home", "--tests", str(tmp_path), "--missing"])
    assert result.exit_code == 1
    assert "DH-13" in result.output and "DH-12 " not in result.output


def test_the_projects_tests_mark_every_rule(runner: CliRunner) -> None:
    tests = Path(__file__).resolve().parent.parent
    result = runner.invoke(app, ["rules", "master-builder", "--tests", str(tests), "--missing"])
    assert result.exit_code == 0, result.output
    assert "119 of 119 rules have a marked test" in result.output


def test_bad_input_is_one_line_not_a_traceback(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "test_broken.py").write_text("def test_x(:\n")
    for args, says in [
        (["rules", "no-such-game"], "no game 'no-such-game'"),
        (["rules", "dream-home", "--tests", str(tmp_path / "nowhere")], "no test file or folder"),
        (["rules", "dream-home", "--tests", str(tmp_path)], "cannot be read as Python"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert says in result.output and "Traceback" not in result.output
