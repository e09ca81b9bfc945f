"""Every rule of every game's rules reference has a test marked with its id
(``@pytest.mark.rule("DH-12")``), and every marker names a rule some reference has
(``core/rule_ids.py``; ``housebuilders rules GAME`` lists them)."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import pytest

from housebuilders.core import game, game_ids
from housebuilders.core.rule_ids import marked_tests, numbered_rules, parse

TESTS = Path(__file__).parent
MARKED = marked_tests([TESTS])
#: the games of this project (a plugin or the tests' model game need no reference)
OURS = sorted(
    point.name
    for point in entry_points(group="housebuilders.games")
    if point.value.startswith("housebuilders.games.")
)


@pytest.mark.parametrize("game_id", OURS)
def test_every_rule_of_the_reference_has_a_marked_test(game_id: str) -> None:
    rules = numbered_rules(game(game_id))
    assert rules, f"{game_id} has no numbered rules reference"
    untested = [r.id for r in rules if r.id not in MARKED]
    assert not untested, f"{game_id}: no test is marked with {', '.join(untested)}"


def test_every_marker_names_a_rule_of_a_reference() -> None:
    known = {r.id for g in game_ids() for r in numbered_rules(game(g))}
    unknown = {i: where for i, where in MARKED.items() if i not in known}
    assert not unknown, f"markers name rules no reference has: {unknown}"


def test_a_reference_reads_rules_their_sections_and_continued_lines() -> None:
    text = (
        "# X\n\n## 1. Setup\n- **XX-1** One.\n- **XX-2** Two,\n  and more.\n\n"
        "## 2. End\n- **XX-3** Three.\n"
    )
    rules = parse(text)
    assert [(r.id, r.text, r.section) for r in rules] == [
        ("XX-1", "One.", "1. Setup"),
        ("XX-2", "Two, and more.", "1. Setup"),
        ("XX-3", "Three.", "2. End"),
    ]
    with pytest.raises(ValueError, match="XX-1 is given twice"):
        parse("- **XX-1** a\n- **XX-1** b\n")


def test_markers_are_found_on_tests_classes_modules_and_params(tmp_path: Path) -> None:
    (tmp_path / "test_m.py").write_text(
        "import pytest\n"
        "pytestmark = pytest.mark.rule('XX-1')\n"
        "@pytest.mark.rule('XX-2', 'XX-3')\n"
        "def test_a(): pass\n"
        "class TestB:\n"
        "    @pytest.mark.parametrize('x', [pytest.param(1, marks=pytest.mark.rule('XX-4'))])\n"
        "    def test_c(self, x): pass\n"
    )
    found = marked_tests([tmp_path])
    name = (tmp_path / "test_m.py").as_posix()
    assert found == {
        "XX-1": [name],
        "XX-2": [f"{name}::test_a"],
        "XX-3": [f"{name}::test_a"],
        "XX-4": [f"{name}::TestB::test_c"],
    }
