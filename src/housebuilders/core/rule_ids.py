"""A game's numbered rules and the tests that check each one.

A game's rules reference (``GameSpec.numbered_rules``, e.g.
``housebuilders.games.dream_home:rules-reference.md``) states every rule of its
rulebook in our own words, one Markdown line a rule, under ``##`` headings that follow
the rulebook's sections::

    ## 3. Setup
    - **DH-12** The first-player space on the board never holds a card. (rulebook: "Setup")

The ids are stable: a test names the rules it checks with the pytest marker
``@pytest.mark.rule("DH-12", "DH-13")``. ``marked_tests`` finds those markers by
reading the test files (``ast``, nothing run), so that ``housebuilders rules GAME``
can list each rule with its tests and a test of the project can fail when a rule has
none, or when a marker names an id no reference has.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from housebuilders.core.spec import GameSpec

_HEADING = re.compile(r"^##\s+(.*\S)")
_RULE = re.compile(r"^- \*\*([A-Z]+-\d+)\*\*\s+(.*\S)")


@dataclass(frozen=True)
class NumberedRule:
    """One line of a rules reference: its id, its text and the section it is under."""

    id: str
    text: str
    section: str


def numbered_rules(spec: GameSpec) -> list[NumberedRule]:
    """``spec``'s rules reference, in its order; [] for a game without one."""
    if not spec.numbered_rules:
        return []
    package, _, name = spec.numbered_rules.partition(":")
    return parse(files(package).joinpath(name).read_text(encoding="utf-8"))


def parse(markdown: str) -> list[NumberedRule]:
    """The numbered rules of a reference's ``markdown``. A rule's line may go on over
    the indented lines under it. An id given twice is an error (ValueError)."""
    rules: list[NumberedRule] = []
    section = ""
    for line in markdown.splitlines():
        if heading := _HEADING.match(line):
            section = heading.group(1)
        elif rule := _RULE.match(line):
            rules.append(NumberedRule(rule.group(1), rule.group(2), section))
        elif rules and line.startswith("  ") and line.strip():
            last = rules[-1]
            rules[-1] = NumberedRule(last.id, f"{last.text} {line.strip()}", last.section)
    seen: set[str] = set()
    for numbered in rules:
        if numbered.id in seen:
            raise ValueError(f"rule {numbered.id} is given twice")
        seen.add(numbered.id)
    return rules


def marked_tests(paths: Iterable[Path]) -> dict[str, list[str]]:
    """rule id -> the tests marked with it (``file::Class::test``, or ``file`` for a
    module's ``pytestmark``), over the ``test_*.py`` files under ``paths``; only literal
    string ids are seen. A file that is not Python is a ValueError naming it."""
    marked: dict[str, list[str]] = defaultdict(list)
    for path in paths:
        for file in sorted(path.rglob("test_*.py")) if path.is_dir() else [path]:
            try:
                tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
            except (SyntaxError, UnicodeDecodeError) as e:
                raise ValueError(f"{file} cannot be read as Python: {e}") from None
            for where, ids in _markers(tree, file.as_posix()):
                for rule_id in ids:
                    if where not in marked[rule_id]:
                        marked[rule_id].append(where)
    return dict(marked)


def _markers(tree: ast.Module, name: str) -> Iterable[tuple[str, list[str]]]:
    """(the test or module, the ids) of every ``mark.rule(...)`` call in ``tree``: the
    call is the innermost test function's or class's it stands in, else the module's."""

    def walk(node: ast.AST, where: str) -> Iterable[tuple[str, list[str]]]:
        for child in ast.iter_child_nodes(node):
            inner = where
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = f"{where}::{child.name}"
            if _is_rule_mark(child):
                assert isinstance(child, ast.Call)
                ids = [a.value for a in child.args if isinstance(a, ast.Constant)]
                yield where, [i for i in ids if isinstance(i, str)]
            yield from walk(child, inner)

    yield from walk(tree, name)


def _is_rule_mark(node: ast.AST) -> bool:
    """``node`` is a call of ``pytest.mark.rule`` (or ``mark.rule``)."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    func = node.func
    if func.attr != "rule":
        return False
    owner = func.value
    return (isinstance(owner, ast.Attribute) and owner.attr == "mark") or (
        isinstance(owner, ast.Name) and owner.id == "mark"
    )
