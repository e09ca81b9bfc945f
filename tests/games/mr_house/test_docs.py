"""docs/games/mr-house.md matches the code: cited tests exist, proposed data is listed."""

from __future__ import annotations

import re
from pathlib import Path

import housebuilders as hb
from housebuilders.games.mr_house.content import DATA

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "games" / "mr-house.md").read_text()
# a doc may cite any test of the project (the format checks are in tests/core)
TESTS = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))


def test_every_test_the_doc_cites_exists() -> None:
    cited = set(re.findall(r"`(test_[a-z0-9_]+)`", DOC))
    assert cited
    missing = sorted(name for name in cited if f"def {name}(" not in TESTS)
    assert not missing, f"docs/games/mr-house.md cites tests that do not exist: {missing}"


def test_every_proposed_value_is_listed_in_the_doc() -> None:
    table = DOC.split("## Proposed data", 1)[1].split("\n## ", 1)[0]
    paths = DATA.proposed()
    assert len(paths) > 30
    unlisted = [path for path in paths if f"`{path}`" not in table]
    assert not unlisted, f"proposed values missing from the doc's table: {unlisted}"


def test_every_option_is_in_the_docs_options_table() -> None:
    table = DOC.split("## Options", 1)[1].split("\n## ", 1)[0]
    for game_id in ("mr-house-basic", "mr-house-advanced"):
        for option in hb.game(game_id).options:
            row = next(line for line in table.splitlines() if line.startswith(f"| `{option.name}`"))
            assert all(f"`{choice}`" in row for choice in option.choices), row
            first = min(option.choices, key=lambda choice: row.index(f"`{choice}`"))
            assert first == option.default, f"{option.name}: the default is listed first"
