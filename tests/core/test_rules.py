"""The players' rules pages (core/rules.py): every game has one in its package, with
how a turn goes, the scoring and the rulings, and its rulings are its doc page's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


# -- the numbers of each game's content on its page (issue 46) -------------------------------
#: each game's lines ``{{name}}`` and the first head cell of the table each makes, in order
#: of the page
CONTENT_TABLES = {
    "house-of-fado": {
        "musician types": "musician type", "prices": "fame", "fame": "fame",
        "prestige": "prestige cubes removed", "end points": "how many",
        "billboard": "billboard tile", "fado tiles": "fado tile",
    },
    "welcome-to": {
        "parks": "parks crossed", "tracks": "boxes crossed", "estates": "estate size",
        "temporary workers": "temporary workers", "plans": "plan deck",
    },
    "dream-home": {"rooms": "room", "decor": "decor", "bonuses": "for"},
    "master-builder": {
        "terms": "term", "workers": "worker", "quirks": "quirk", "contracts": "contract",
        "loans": "IOU",
    },
}  # fmt: skip


def text_of(cell: list[Any]) -> str:
    return "".join(text for text, _ in cell)


def tables_of(markdown: str) -> list[dict[str, Any]]:
    """The tables of a page (its ``{{name}}`` lines filled), cells as plain text."""
    return [
        {
            "head": [text_of(c) for c in b["head"]],
            "rows": [[text_of(c) for c in row] for row in b["rows"]],
        }
        for s in sections(markdown)
        for b in s["blocks"]
        if b["kind"] == "table"
    ]


@pytest.mark.parametrize("game_id", sorted(CONTENT_TABLES))
def test_each_games_rules_page_has_the_tables_of_its_content(game_id: str) -> None:
    spec = hb.game(game_id)
    page = rules_text(spec)
    for name in CONTENT_TABLES[game_id]:
        assert page.count(f"{{{{{name}}}}}\n") == 1, name
    tables = [b for s in rules_of(spec)["sections"] for b in s["blocks"] if b["kind"] == "table"]
    assert [text_of(t["head"][0]) for t in tables] == list(CONTENT_TABLES[game_id].values())
    assert all(t["rows"] for t in tables)


def test_house_of_fados_tables_follow_its_content() -> None:
    from housebuilders.games.house_of_fado.content import DATA
    from housebuilders.games.house_of_fado.rules_tables import made

    content = DATA.load()
    tables = tables_of(filled(rules_text(hb.game("house-of-fado")), made(content)))
    types, prices, fame, prestige, end, billboard, fado = tables
    assert types["rows"] == [
        [t.name, str(t.base_cost), ", ".join(t.colours)] for t in content.types
    ]
    assert prices["head"][2:] == [f"hire: {t.name}" for t in content.types]
    assert prices["rows"][2] == ["3", str(content.fame.hire_cost[2])] + [
        str(content.fame.hire_cost[2] + t.base_cost) for t in content.types
    ]
    assert fame["rows"][2] == [
        "3 → 4",
        str(content.fame.rehearsal_cost[2]),
        str(content.fame.customers[2]),
    ]
    assert [row[1:] for row in prestige["rows"]] == [
        [str(i), str(c)] for i, c in zip(content.income, content.critic_cost, strict=True)
    ]
    assert end["rows"][3] == ["4", str(content.star_points[4]), str(content.fado_set_points[4])]
    assert billboard["rows"][0] == [content.billboard[0].name] + [
        str(v) for v in content.billboard[0].many + content.billboard[0].two
    ]
    assert len(fado["rows"]) == len(content.fado)

    changed = DATA.load({
        "fame": {"hire_cost": [2, 4, 7, 11, 16], "rehearsal_cost": [3, 4, 5, 6, 7]},
        "star_points": [0, 11, 16, 22, 29, 37],
        "income": [1, 1, 2, 2, 2, 2, 3, 3, 4],
    })  # fmt: skip
    tables = tables_of(filled(rules_text(hb.game("house-of-fado")), made(changed)))
    base = {t.name: t.base_cost for t in changed.types}
    assert tables[1]["rows"][0] == ["1", "2", *(str(2 + b) for b in base.values())]
    assert tables[2]["rows"][0][1] == "3"
    assert tables[3]["rows"][8][1] == "4"
    assert [row[1] for row in tables[4]["rows"]] == ["11", "16", "22", "29", "37"]


def test_master_builders_tables_follow_its_content() -> None:
    from housebuilders.games.master_builder.actions import money
    from housebuilders.games.master_builder.content import DATA
    from housebuilders.games.master_builder.rules_tables import made

    def tables(content: Any) -> list[dict[str, Any]]:
        return tables_of(filled(rules_text(hb.game("master-builder")), made(content)))

    content = DATA.load()
    terms, workers, quirks, contracts, loans = tables(content)
    assert terms["rows"][-1] == [
        "an unfinished building's section, at the end",
        f"less {money(content.unfinished_penalty)}",
    ]
    assert terms["rows"][1][1] == money(content.wage_cap) == "$30,000"
    assert [row[:4] for row in workers["rows"]] == [
        [s.name, s.code, money(s.wage), str(s.cards)] for s in content.skills
    ]
    assert [row[0] for row in quirks["rows"]] == [q.code for q in content.quirks]
    assert contracts["rows"][0] == [
        "1", content.contracts[0].name, content.contracts[0].kind.replace("-", " "),
        " ".join(content.contracts[0].sections), money(content.contracts[0].amount),
        money(content.contracts[0].min_bid),
    ]  # fmt: skip
    assert len(contracts["rows"]) == len(content.contracts)
    assert loans["rows"] == [
        [loan.name, money(loan.amount), money(loan.early), money(loan.late)]
        for loan in content.loans
    ]

    changed = DATA.load({"unfinished_penalty": 25, "wage_cap": 32})
    terms = tables(changed)[0]
    assert terms["rows"][-1][1] == "less $25,000" and terms["rows"][1][1] == "$32,000"


def test_dream_homes_tables_follow_its_content() -> None:
    from housebuilders.games.dream_home.content import DATA
    from housebuilders.games.dream_home.rules_tables import made

    def tables(content: Any) -> list[dict[str, Any]]:
        return tables_of(filled(rules_text(hb.game("dream-home")), made(content)))

    content = DATA.load()
    rooms, decor, bonuses = tables(content)
    assert [row[:3] for row in rooms["rows"]] == [
        [r.name, r.class_, " / ".join(map(str, r.points))] for r in content.rooms
    ]
    assert rooms["rows"][0][:3] == ["living room", "normal", "1 / 4 / 9"]  # the rulebook's
    pantry = next(row for row in rooms["rows"] if row[0] == "pantry")
    assert pantry[3] == "3 instead, next to a kitchen"
    assert decor["rows"] == [
        [d.name, d.room or "beside the home", str(d.points)] for d in content.decor
    ]
    assert [row[1] for row in bonuses["rows"]] == ["3", "3", "8", "3", "+1", "+1", "+1"]

    changed = DATA.load({
        "roof": {"uniform": 9, "mismatched": 2},
        "functionality": {"points": 4},
        "helpers": {"designer_bonus": 2},
    })  # fmt: skip
    assert [row[1] for row in tables(changed)[2]["rows"]] == ["4", "4", "9", "2", "+1", "+1", "+2"]


def test_welcome_tos_tables_follow_its_sheet() -> None:
    from housebuilders.games.welcome_to.content import DATA
    from housebuilders.games.welcome_to.rules_tables import made

    def tables(content: Any) -> list[dict[str, Any]]:
        return tables_of(filled(rules_text(hb.game("welcome-to")), made(content)))

    content = DATA.load()
    ladders = content.ladders
    parks, tracks, estates, workers, plans = tables(content)
    assert [row[1:] for row in parks["rows"][:4]] == [
        [str(ladder[n]) for ladder in ladders.parks] for n in range(4)
    ]
    assert parks["rows"][-1] == ["5", "-", "-", str(ladders.parks[2][5])]
    assert [row[1] for row in tracks["rows"]] == [str(v) for v in ladders.pools]
    assert [row[2] for row in tracks["rows"]] == [str(v) for v in ladders.extension]
    assert [row[3] for row in tracks["rows"]][: len(ladders.refusals)] == [
        str(v) for v in ladders.refusals
    ]
    assert estates["rows"] == [
        [str(size), ", ".join(map(str, ladder))] for size, ladder in enumerate(ladders.estates, 1)
    ]
    assert [row[1] for row in workers["rows"]] == [str(p) for p in ladders.temp_ranking]
    assert plans["rows"][0] == ["A", "1 + 1 + 1 + 1 + 1 + 1", str(content.plans.A[0].first),
                                str(content.plans.A[0].later)]  # fmt: skip

    changed = DATA.load({"ladders": {
        "refusals": [0, 1, 4, 7], "temp_ranking": [6, 3, 1],
        "pools": [0, 3, 6, 9, 12, 16, 20, 25, 30, 35],
    }})  # fmt: skip
    _, tracks, _, workers, _ = tables(changed)
    assert [row[3] for row in tracks["rows"]][:4] == ["0", "1", "4", "7"]
    assert tracks["rows"][4][1] == "12"
    assert [row[1] for row in workers["rows"]] == ["6", "3", "1"]
