"""docs/rl.md held to the code: its table of spaces, and its Python blocks run."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

import housebuilders as hb

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
ROW = re.compile(r"^\| `([a-z-]+)` \| (\d+) to (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", re.M)
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def test_the_spaces_table_is_the_code() -> None:
    """Each game's players, observation length, action count and episode cap."""
    rows = {m[1]: tuple(int(x) for x in m.groups()[1:]) for m in ROW.finditer(DOC.read_text())}
    assert set(rows) == set(hb.builtin_game_ids())
    for game_id, row in rows.items():
        spec = hb.game(game_id)
        size = spec.features.size(spec.min_players)
        actual = (spec.min_players, spec.max_players, size, spec.action_space_size,
                  spec.episode_steps)  # fmt: skip
        assert row == actual, game_id


def _needs(code: str) -> list[str]:
    """The modules a block imports that cannot be imported here (an extra this test
    run lacks)."""
    names = re.findall(r"^\s*(?:from|import) ([\w.]+)", code, re.M)
    return [name for name in names if not _importable(name)]


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:  # a parent package that fails to import (a dependency missing)
        return False


BLOCKS = BLOCK.findall(DOC.read_text())


@pytest.mark.slow
@pytest.mark.ray  # one block starts a local Ray: one at a time with the other Ray tests
@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_each_python_block_runs(number: int) -> None:
    code = BLOCKS[number]
    missing = _needs(code)
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (an extra this run does not install)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
