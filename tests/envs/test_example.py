"""examples/reinforce_mr_house.py still runs (a few episodes: the figures it shows after
600 are in docs/rl.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "reinforce_mr_house.py"


def test_the_reinforce_example_runs(capsys) -> None:  # noqa: ANN001
    spec = importlib.util.spec_from_file_location("reinforce_mr_house", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    before, sampled, after = module.main(["--episodes", "4", "--eval-games", "2"])
    assert all(0 <= x <= 1 for x in (before, sampled, after))
    assert "games won" in capsys.readouterr().out
