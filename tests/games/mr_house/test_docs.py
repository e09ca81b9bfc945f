"""docs/games/mr-house.md matches the code: cited tests exist, proposed data is listed."""

from __future__ import annotations

import re
from pathlib import Path

from housebuilders.games.mr_house.content import DATA_FILE

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "games" / "mr-house.md").read_text()
TESTS = "\n".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))


def test_every_test_the_doc_cites_exists() -> None:
    cited = set(re.findall(r"`(test_[a-z0-9_]+)`", DOC))
    assert cited
    missing = sorted(name for name in cited if f"def {name}(" not in TESTS)
    assert not missing, f"docs/games/mr-house.md cites tests that do not exist: {missing}"


def test_every_proposed_value_is_listed_in_the_doc() -> None:
    table = DOC.split("## Proposed data", 1)[1].split("\n## ", 1)[0]
    section = ""
    unlisted = []
    for line in DATA_FILE.read_text().splitlines():
        if line.startswith("["):
            section = line.split("#")[0].strip("[] ")
        if "# proposed" not in line:
            continue
        key = line.split("=")[0].strip() if "=" in line.split("#")[0] else ""
        where = f"{section}.{key}".replace("[[", "").strip(".")
        if section == "basic.locations":
            where = "basic.locations"
        if where not in table:
            unlisted.append(where)
    assert not unlisted, f"proposed values missing from the doc's table: {sorted(set(unlisted))}"
