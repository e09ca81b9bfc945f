"""The players' rules pages (core/rules.py): every game has one in its package, with
how a turn goes, the scoring and the rulings, and its rulings are its doc page's."""

from __future__ import annotations

from pathlib import Path

import pytest

import housebuilders as hb
from housebuilders.core.rules import (
    doc_rulings,
    filled,
    rules_of,
    rules_text,
    ruling_variants,
    rulings_markdown,
    rulings_section,
    sections,
    spans,
)

ROOT = Path(__file__).resolve().parents[2]
#: this project's games (a test may register more)
GAMES = [
    "mr-house-basic", "mr-house-advanced", "welcome-to", "dream-home", "house-of-fado",
    "master-builder",
]  # fmt: skip


def doc_page(spec: hb.GameSpec) -> str:
    return (ROOT / "docs" / "games" / f"{Path(spec.rulebook).stem}.md").read_text()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_its_rules_page_with_a_turn_the_scoring_and_the_rulings(
    game_id: str,
) -> None:
    titles = [s["title"] for s in rules_of(hb.game(game_id))["sections"]]
    assert titles[0].startswith("How a ") and titles[1:] == ["Scoring", "Rulings"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_pages_rulings_are_the_doc_pages(game_id: str) -> None:
    """The Rulings section is made from the doc page (scripts/rules_from_docs.py): the
    same numbers, titles and words, so the two cannot drift apart; a variant's page,
    only the rulings for it."""
    spec = hb.game(game_id)
    page, doc = rules_text(spec), doc_page(spec)
    assert rulings_section(page) == rulings_markdown(doc, spec.variant), (
        f"{spec.rules} is behind docs/games: run scripts/rules_from_docs.py"
    )
    rulings = next(s for s in sections(page) if s["title"] == "Rulings")["blocks"][0]
    numbered = list(zip(rulings["numbers"], [item[0][0] for item in rulings["items"]], strict=True))
    assert numbered == [(n, title) for n, title, _ in doc_rulings(doc, spec.variant)]


def test_a_ruling_loses_the_tests_it_cites_and_keeps_its_words() -> None:
    doc = (
        "# A game\n\n## Rulings\n\nIntro.\n\n"
        "1. **Chimneys**: one per roof. Test: `test_as_many_chimneys_as_roofs`.\n"
        "2. **Plans.** First claimants get more (`test_a`, `test_b`); used estates\n"
        "   still score. Tests: `test_c`,\n   `test_d`.\n\n"
        "### Which rulings are options\n\n1. **Not a ruling.** x\n"
    )
    assert doc_rulings(doc) == [
        (1, "Chimneys", ": one per roof."),
        (2, "Plans.", "First claimants get more; used estates still score."),
    ]
    assert rulings_markdown(doc) == (
        "## Rulings\n\n1. **Chimneys**: one per roof.\n"
        "2. **Plans.** First claimants get more; used estates still score.\n"
    )


def test_a_ruling_for_one_variant_is_on_that_variants_page_only() -> None:
    """A title naming a variant, "(basic variant)", keeps the ruling to that variant's
    page, and the page leaves the words out; a ruling naming none is on every page."""
    doc = (
        "# A game\n\n## Rulings\n\n"
        "1. **Geometry.** Walls stack. Test: `test_a`.\n"
        "2. **A full board (basic variant).** It is skipped. Test: `test_b`.\n"
        "3. **Quality (advanced variant)** is a track. Test: `test_c`.\n"
    )
    assert ruling_variants(doc) == {1: "", 2: "basic", 3: "advanced"}
    assert doc_rulings(doc, "basic") == [
        (1, "Geometry.", "Walls stack."),
        (2, "A full board.", "It is skipped."),
    ]
    assert rulings_markdown(doc, "advanced") == (
        "## Rulings\n\n1. **Geometry.** Walls stack.\n3. **Quality** is a track.\n"
    )
    assert [n for n, _, _ in doc_rulings(doc)] == [1, 2, 3]  # the doc as a whole


def test_markdown_comes_out_as_text_pieces_never_markup() -> None:
    page = (
        "# Title\n\n## How a turn goes\n\nA **bold** start and `code`, <b>not html</b>.\n\n"
        "- one\n- two\n  goes on\n\n## Rulings\n\n1. **A.** a\n2. **B.** b\n"
    )
    assert sections(page) == [
        {
            "title": "How a turn goes",
            "blocks": [
                {
                    "kind": "p",
                    "items": [
                        [
                            ("A ", ""),
                            ("bold", "bold"),
                            (" start and ", ""),
                            ("code", "code"),
                            (", <b>not html</b>.", ""),
                        ]
                    ],
                },
                {"kind": "ul", "items": [[("one", "")], [("two goes on", "")]]},
            ],
        },
        {
            "title": "Rulings",
            "blocks": [
                {"kind": "ol", "items": [spans("**A.** a"), spans("**B.** b")], "numbers": [1, 2]}
            ],
        },
    ]


def test_a_table_comes_out_as_cells_of_text_pieces() -> None:
    page = (
        "## Scoring\n\nParts:\n\n| part | needs |\n|---|:-:|\n| **roof** | 2 wood |\n"
        "| door | <b>1</b> door |\n"
    )
    (section,) = sections(page)
    assert section["blocks"][1] == {
        "kind": "table",
        "head": [[("part", "")], [("needs", "")]],
        "rows": [
            [[("roof", "bold")], [("2 wood", "")]],
            [[("door", "")], [("<b>1</b> door", "")]],
        ],
    }
    assert sections("## A\n\n| not | a table |\n")[0]["blocks"][0]["kind"] == "p"


def test_a_rules_pages_lines_made_from_the_content_are_filled() -> None:
    page = "## Scoring\n\nParts:\n\n{{parts}}\n\nMost points wins.\n"
    made = filled(page, {"parts": "| part | points |\n|---|---|\n| roof | 2 |\n"})
    assert made == (
        "## Scoring\n\nParts:\n\n| part | points |\n|---|---|\n| roof | 2 |\n\nMost points wins.\n"
    )
    with pytest.raises(ValueError, match="parts"):
        filled(page, {})
    assert filled("a {{b}} in a line stays\n", {}) == "a {{b}} in a line stays\n"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_line_of_a_rules_page_made_from_the_content_is_filled(game_id: str) -> None:
    blocks = [b for s in rules_of(hb.game(game_id))["sections"] for b in s["blocks"]]
    words = str(blocks)
    assert "{{" not in words and "}}" not in words
