"""Issue 46, boards that explain themselves: Mr House shows each house part's recipe
(its materials) and points, as the game's content gives them, on the board (the house
parts table and the tooltips of the parts, the build spots and the stores), in the
prepare moves' sentences and on the Rules panel; both variants, each with its own
points (and the advanced variant's crews). And a player card without privilege cards
reads "Privilege cards: none"."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.core.rules import filled, rules_of, rules_text
from housebuilders.core.viewcheck import draw_svg
from housebuilders.games.mr_house import actions as A
from housebuilders.games.mr_house.content import BASIC_PART_IDS, PART_IDS, load_content
from housebuilders.games.mr_house.house import ROOF, WOOD_WALL, Column, Wall
from housebuilders.games.mr_house.svg import svg as svg_view
from tests.games.mr_house.helpers import act, adv, at_construction, materials

NS = "{http://www.w3.org/2000/svg}"
GAMES = {"basic": "mr-house-basic", "advanced": "mr-house-advanced"}
#: a content whose parts need and score other numbers than the rulebook's
CHANGED = {
    "parts": {"wood_wall": {"name": "log wall", "materials": {"wood": 3, "cement": 2}}},
    "basic": {"points": {"wood_wall": 7}},
    "advanced": {"points": {"wood_wall": 9}, "crew": {"wood_wall": 3}},
}


def _expected(variant: str, content: Any = None) -> dict[str, tuple[str, str, int]]:
    """Each part of the variant: its name, its materials in words, its points."""
    content = content or load_content()
    board = getattr(content, variant)
    ids = PART_IDS if variant == "advanced" else BASIC_PART_IDS
    return {
        p: (
            content.parts[p].name,
            " + ".join(f"{n} {m}" for m, n in content.parts[p].materials.items() if n),
            board.points[p],
        )
        for p in ids
    }


def _points(n: int) -> str:
    return f"{n} point{'s' * (n != 1)}"


def _table(root: Any) -> Any:
    (table,) = [g for g in root.iter(NS + "g") if g.get("class") == "house-parts"]
    return table


def _texts(node: Any) -> list[str]:
    return [t.text or "" for t in node.iter(NS + "text")]


def _titles(node: Any) -> list[str]:
    return [t.text or "" for t in node.iter(NS + "title")]


# -- the board --------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", GAMES)
def test_the_board_has_a_table_of_each_parts_materials_and_points(variant: str) -> None:
    state = hb.new_game(GAMES[variant], 2, seed=1)
    root, _ = draw_svg(state, 0)
    table = _table(root)
    drawn = " ".join(_texts(table))
    expected = _expected(variant)
    for name, recipe, points in expected.values():
        assert name in drawn
        assert recipe in drawn or all(w in drawn for w in recipe.split(" + "))
        assert _points(points) in drawn
    # the tooltip of each part: what it needs and scores, whole
    titles = _titles(table)
    assert len(titles) == len(expected)
    for title, (name, recipe, points) in zip(titles, expected.values(), strict=True):
        assert title.startswith(f"{name}: needs {recipe}; scores {_points(points)}")
    if variant == "advanced":  # the crews, and the points of the advanced player board
        assert "brick wall: needs 2 brick + 1 cement; scores 2 points; built by a crew of 2" in (
            " ".join(titles)
        )
        assert "2 points, 2 workers" in drawn
    else:
        assert "ceramic roof" not in drawn  # not a part of the basic variant
    # readable: no smaller than the board's smallest text elsewhere
    assert min(float(t.get("font-size", 0)) for t in table.iter(NS + "text")) >= 12


@pytest.mark.parametrize("variant", GAMES)
def test_the_table_comes_from_the_games_content(variant: str) -> None:
    state = hb.new_game(GAMES[variant], 2, seed=1, content=CHANGED)
    root, _ = draw_svg(state, 0)
    drawn = " ".join(_texts(_table(root)))
    points = 9 if variant == "advanced" else 7
    assert "log wall" in drawn and "3 wood + 1 steel + 2 cement" in drawn  # merged over
    assert _points(points) in drawn
    changed = {"wood": 3, "steel": 1, "cement": 2}
    assert state.observe(0)["parts"]["wood_wall"]["materials"] == changed
    if variant == "advanced":
        assert f"{_points(9)}, 3 workers" in drawn


def test_built_parts_and_build_spots_say_what_they_need_and_score() -> None:
    house = (Column((Wall(WOOD_WALL, 1),), ROOF, False),)
    stock = materials(wood=4, brick=2, cement=2, steel=2)
    state = at_construction(store={0: stock}, houses={0: house})
    act(state, A.Prepare("wood_wall"))
    act(state, A.StartBuilding())
    root, legal = draw_svg(state, 0)
    (panel,) = [g for g in root.iter(NS + "g") if g.get("data-player") == "0"]
    titles = _titles(panel)
    assert "wooden wall: needs 2 wood + 1 steel; scores 1 point" in titles  # built
    assert "roof: needs 2 wood + 1 steel + 1 brick; scores 2 points" in titles
    assert "window: needs 1 window + 1 wood; scores 1 point" in titles
    build = next(a for a in legal if a["action"]["kind"] == "build")
    spot = next(g for g in panel.iter(NS + "g") if g.get("data-index") == str(build["index"]))
    assert spot.findtext(NS + "title") == build["text"]  # the click's sentence, as ever
    assert f"{build['text']} (needs 2 wood + 1 steel; scores 1 point)" in _titles(spot)


def test_a_store_says_which_parts_need_its_material() -> None:
    state = hb.new_game("mr-house-basic", 2, seed=1)
    root, _ = draw_svg(state, 0)
    (about,) = [t for t in _titles(root) if t.startswith("9. wood store: ")]
    assert about.endswith("Wood goes into: wooden wall 2, roof 2, window 1.")


def test_a_prepare_move_names_its_parts_materials_and_points() -> None:
    state = at_construction(store={0: materials(brick=2, cement=1)})
    texts = [a["text"] for a in state.legal_json(0)]
    assert "prepare the materials for a brick wall (2 brick + 1 cement; scores 1 point)" in texts


# -- privilege cards --------------------------------------------------------------------------
def test_a_player_without_privilege_cards_reads_privilege_cards_none() -> None:
    state = adv(2, seed=1)
    assert not state.privileges[0]
    root, _ = draw_svg(state, 0)
    (panel,) = [g for g in root.iter(NS + "g") if g.get("data-player") == "0"]
    texts = _texts(panel)
    assert "Privilege cards: none" in texts
    assert "none" not in texts and "Privilege cards" not in texts  # no two pieces to run together


def test_a_player_with_privilege_cards_has_them_under_the_label() -> None:
    state = adv(2, seed=1)
    state.privileges[0] = [0]
    doc = svg_view(state.observe(0), state.legal_json(0))
    (panel,) = [g for g in ET.fromstring(doc).iter(NS + "g") if g.get("data-player") == "0"]
    texts = _texts(panel)
    assert "Privilege cards" in texts and "Privilege cards: none" not in texts


# -- the Rules panel ----------------------------------------------------------------------------
def _rules_table(variant: str) -> dict[str, Any]:
    rules = rules_of(hb.game(GAMES[variant]))
    tables = [b for s in rules["sections"] for b in s["blocks"] if b["kind"] == "table"]
    (table,) = tables
    return table


def _cell(cell: list[tuple[str, str]]) -> str:
    return "".join(text for text, _ in cell)


@pytest.mark.parametrize("variant", GAMES)
def test_the_rules_panel_has_each_parts_materials_and_points_from_the_content(
    variant: str,
) -> None:
    table = _rules_table(variant)
    head = [_cell(c) for c in table["head"]]
    rows = [[_cell(c) for c in row] for row in table["rows"]]
    content = load_content()
    expected = [[name, recipe, str(points)] for name, recipe, points in _expected(variant).values()]
    if variant == "advanced":
        assert head == ["house part", "materials", "points", "crew (workers)"]
        crews = [str(content.advanced.crew[p]) for p in PART_IDS]
        expected = [row + [crew] for row, crew in zip(expected, crews, strict=True)]
    else:
        assert head == ["house part", "materials", "points"]
    assert rows == expected
    assert rows[0][:3] == ["wooden wall", "2 wood + 1 steel", "1"]  # the rulebook's


@pytest.mark.parametrize("variant", GAMES)
def test_the_rules_page_places_the_table_and_says_where_it_is(variant: str) -> None:
    page = rules_text(hb.game(GAMES[variant]))
    assert "{{house parts}}" in page
    assert "the player board shows each recipe" not in page  # the table does
    tables = hb.game(GAMES[variant]).rules_tables
    assert tables is not None
    made = filled(page, tables())
    assert "{{" not in made and "| house part | materials | points" in made
