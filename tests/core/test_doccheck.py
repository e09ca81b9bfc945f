"""The doc page checks of the conformance kit (core/doccheck.py) catch each kind of
disagreement between a game's page and its code."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.core.content import proposed_paths
from housebuilders.core.doccheck import (
    check_doc,
    missing_tests,
    options_not_listed,
    rulings_without_tests,
    unlisted_proposed,
)

DATA = """
title = "x"
[board]
size = 5                 # proposed
rows = [                 # a multi-line array
  [[1, 2], [5]],
  [3, 4],                # proposed
  [6]
]
[[cards]]
name = "a"               # fact
copies = 2               # proposed
"""

DOC = """# A game

## Rulings

1. **One.** Test: `test_one`.
2. **Two** has no test.
10. **Ten.** Tests: `test_one`, `test_ten`.

## Options

| option | choices |
|---|---|
| `deck` | `standard-81` (default), `rulebook-63` |
| `track-limits` | `False` (default), `True` |
| `long-estates` | `False` (default), `True` |

## Proposed data

| value | where |
|---|---|
| size | `board.size` |
"""

TESTS = "def test_one() -> None: ...\n"


def test_proposed_values_are_found_in_tables_arrays_and_arrays_of_tables() -> None:
    assert proposed_paths(DATA) == ["board.rows", "board.size", "cards[*].copies"]


def test_each_disagreement_is_named() -> None:
    assert missing_tests(DOC, TESTS) == ["test_ten"]
    assert rulings_without_tests(DOC) == ["2"]
    assert unlisted_proposed(DOC, DATA) == ["board.rows", "cards[*].copies"]
    welcome_to = hb.game("welcome-to")  # its deck option's default is rulebook-63
    assert options_not_listed(DOC, [welcome_to]) == ["welcome-to: deck"]


def test_check_doc_says_everything_that_is_wrong() -> None:
    with pytest.raises(AssertionError) as raised:
        check_doc(DOC, [hb.game("welcome-to")], DATA, TESTS)
    message = str(raised.value)
    for part in ("test_ten", "['2']", "cards[*].copies", "welcome-to: deck"):
        assert part in message
