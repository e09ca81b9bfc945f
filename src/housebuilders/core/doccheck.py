"""A game's doc page held against its code (docs/adding-a-game.md says what the page
holds). Each function returns what is wrong, empty when the page and the code agree;
``check_doc`` asserts them all:

- every test the page cites (`` `test_...` ``) exists;
- every ruling (a numbered item under "## Rulings") names at least one test;
- every value that data.toml marks ``# proposed`` is listed under "## Proposed data";
- every option of the game's specs has a row under "## Options", its default first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from housebuilders.core.content import proposed_paths
from housebuilders.core.spec import GameSpec

_CITED = re.compile(r"`(test_[a-z0-9_]+)`")
_RULING = re.compile(r"^(\d+)\. ", re.M)


def section(doc: str, title: str) -> str:
    """The text under ``## title`` up to the next ``## `` heading ("" if none)."""
    parts = doc.split(f"\n## {title}\n", 1)
    return parts[1].split("\n## ", 1)[0] if len(parts) == 2 else ""


def missing_tests(doc: str, tests: str) -> list[str]:
    """The tests the page cites that no ``def test_...(`` in ``tests`` defines."""
    return sorted(name for name in set(_CITED.findall(doc)) if f"def {name}(" not in tests)


def rulings_without_tests(doc: str) -> list[str]:
    """The numbers of the rulings that cite no test."""
    rulings = section(doc, "Rulings")
    starts = [m.start() for m in _RULING.finditer(rulings)] + [len(rulings)]
    items = [rulings[a:b] for a, b in zip(starts, starts[1:], strict=False)]
    return [item.split(".", 1)[0] for item in items if not _CITED.search(item)]


def unlisted_proposed(doc: str, data: str) -> list[str]:
    """The proposed values of ``data`` missing from the page's "Proposed data"."""
    listed = section(doc, "Proposed data")
    return [path for path in proposed_paths(data) if f"`{path}`" not in listed]


def options_not_listed(doc: str, specs: Iterable[GameSpec]) -> list[str]:
    """The options without a row ``| `name` | ...`` under "## Options" naming every
    choice with the default first."""
    rows = section(doc, "Options").splitlines()
    wrong = []
    for spec in specs:
        for option in spec.options:
            row = next((r for r in rows if r.startswith(f"| `{option.name}`")), "")
            named = [c for c in option.choices if f"`{c}`" in row]
            if len(named) < len(option.choices) or (
                named and min(named, key=lambda c: row.index(f"`{c}`")) != option.default
            ):
                wrong.append(f"{spec.id}: {option.name}")
    return wrong


def test_sources(paths: Iterable[Path | str]) -> str:
    """The text of the test files ``paths`` names: each a file, or a folder whose
    ``test_*.py`` files (at any depth) are read."""
    texts = []
    for path in map(Path, paths):
        found = [path] if path.is_file() else sorted(path.rglob("test_*.py"))
        texts += [p.read_text() for p in found]
    return "\n".join(texts)


def check_doc_page(
    doc: str, specs: Iterable[GameSpec], data: str, tests: Iterable[Path | str]
) -> None:
    """``check_doc`` with the tests read from the files and folders ``tests`` (a
    game's own test suite, wherever it is)."""
    check_doc(doc, specs, data, test_sources(tests))


def check_doc(doc: str, specs: Iterable[GameSpec], data: str, tests: str) -> None:
    """Assert the page ``doc`` agrees with its games, their data.toml and the test
    sources ``tests`` (their text)."""
    problems = {
        "cites tests that do not exist": missing_tests(doc, tests),
        "has rulings that name no test": rulings_without_tests(doc),
        "leaves proposed values out of its table": unlisted_proposed(doc, data),
        "leaves options out of its table (or the default not first)": options_not_listed(
            doc, specs
        ),
    }
    wrong = [f"{what}: {items}" for what, items in problems.items() if items]
    assert not wrong, "the doc page " + "; ".join(wrong)
