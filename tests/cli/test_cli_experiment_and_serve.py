"""`housebuilders experiment`'s refusals and `housebuilders serve`'s port checks."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from housebuilders.cli import app
from housebuilders.cli.common import UserError
from housebuilders.cli.serve import check_port

STUDY = ["experiment", "mr-house-basic", "--variant", "a=", "--games", "2", "--jobs", "1"]


def test_a_study_directory_that_cannot_be_made_is_one_line(
    runner: CliRunner, tmp_path: Path
) -> None:
    results = tmp_path / "r.jsonl"
    results.write_text("")
    out = results / "sub"  # below a file
    result = runner.invoke(app, [*STUDY, "--variant", "b=door=ground-floor", "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"error: cannot write {out}: Not a directory" in result.output
    assert "Traceback" not in result.output


def test_a_bad_variant_is_named_with_a_real_example(runner: CliRunner) -> None:
    result = runner.invoke(app, [*STUDY, "--variant", "b"])
    assert result.exit_code == 2
    assert "such as door8=advanced.prices.door.start=8" in result.output


def test_a_bad_value_in_a_variant_names_the_variant_not_the_data_file(
    runner: CliRunner,
) -> None:
    result = runner.invoke(app, [*STUDY, "--variant", "b=basic.points.window=abc"])
    assert result.exit_code == 2
    assert "error: variant b: invalid component data basic.points.window" in result.output
    assert "data.toml" not in result.output


def test_a_variants_yes_or_no_option_takes_true(runner: CliRunner) -> None:
    args = ["experiment", "house-of-fado", "--variant", "a=", "--games", "2", "--jobs", "1"]
    result = runner.invoke(app, [*args, "--variant", "promos=promos=True"])
    assert result.exit_code == 0, result.output
    assert "promos (promos=True) against a" in result.output


def test_serve_refuses_a_port_out_of_range(runner: CliRunner) -> None:
    for port in ("0", "99999"):
        result = runner.invoke(app, ["serve", "--port", port])
        assert result.exit_code == 2
        assert "Invalid value for '--port'" in result.output


def test_serve_refuses_a_port_in_use_before_announcing_it(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("the server started"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2, result.output
    assert f"port {port} on 127.0.0.1 is in use" in result.output
    assert "Open that address" not in result.output
    assert "Traceback" not in result.output


def test_a_free_port_passes_the_check() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    check_port("127.0.0.1", port)  # free again once closed
    with pytest.raises(UserError, match="cannot listen on"):
        check_port("no-such-host.invalid", port)
