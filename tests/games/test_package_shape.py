"""Every game package imports at the top of its modules: no import inside a function
(papering over a cycle between a game's modules) but those for type checking only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import housebuilders.games

GAMES = Path(housebuilders.games.__file__).parent
MODULES = sorted(GAMES.rglob("*.py"))


def late_imports(tree: ast.Module) -> list[int]:
    """The lines of the imports that are not at the module's top level, leaving out
    those of an ``if TYPE_CHECKING:`` block."""
    top: set[int] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            top.update(id(inner) for inner in ast.walk(node))
        else:
            top.add(id(node))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top
    ]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_a_game_module_imports_only_at_its_top(path: Path) -> None:
    lines = late_imports(ast.parse(path.read_text()))
    assert not lines, f"{path.relative_to(GAMES)} imports inside a function at lines {lines}"


def test_the_check_finds_an_import_inside_a_function() -> None:
    code = "if TYPE_CHECKING:\n    import a\ndef f():\n    from . import b\n"
    assert late_imports(ast.parse(code)) == [4]
