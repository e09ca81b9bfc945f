"""A content override (``content=``, the CLI's ``--content``) shows wherever Mr House is
read: the terminal view, the SVG, the actions' sentences (the legal actions' text, the
refusals) and the log. ``str(action)`` alone keeps the rulebook's words."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.games.mr_house import actions as A
from housebuilders.games.mr_house.content import load_content
from housebuilders.games.mr_house.svg import svg as svg_view
from housebuilders.games.mr_house.text import text as text_view
from tests.games.mr_house.helpers import at_construction, column, materials, new, wood

NS = "{http://www.w3.org/2000/svg}"


def _locations(board: str, names: dict[int, str]) -> list[dict[str, Any]]:
    """The board's locations (a TOML array replaces the whole list) with ``names``."""
    locations = [loc.model_dump() for loc in getattr(load_content(), board).locations]
    for loc in locations:
        loc["name"] = names.get(loc["number"], loc["name"])
    return locations


BASIC = {
    "basic": {"locations": _locations("basic", {9: "lumber yard"})},
    "parts": {"chimney": {"name": "smokestack"}},
}


def _texts(state: hb.State, seat: int) -> list[str]:
    return [a["text"] for a in state.legal_json(seat)]


def _location(svg: str, number: int) -> str:
    """The visible text of location ``number`` on the drawing."""
    root = ET.fromstring(svg)
    (group,) = [
        g
        for g in root.iter(NS + "g")
        if g.get("class") == "location" and g.get("data-location") == str(number)
    ]
    return " ".join(group.itertext())


def test_a_renamed_location_shows_in_the_views_the_action_text_and_the_log() -> None:
    state = new(2, content=BASIC)
    (seat,) = state.acting_players()
    text = text_view(state.observe(seat))
    svg = svg_view(state.observe(None), [])
    assert "lumber yard" in text and "wood store" not in text
    assert "lumber yard" in svg and "wood store" not in svg
    # still the wood store it is: its stock is drawn by the location's kind and material
    assert "lumber yard" in _location(svg, 9) and "left" in _location(svg, 9)
    texts = _texts(state, seat)
    assert "place your 1 marker on the lumber yard (9)" in texts
    assert not any("wood store" in t for t in texts)
    state.apply(seat, A.PlaceMarker(1, 9))
    assert state.log[-1].endswith("on the lumber yard")  # type: ignore[attr-defined]
    assert str(A.PlaceMarker(1, 9)) == "place your 1 marker on the wood store (9)"


def test_a_renamed_part_shows_in_the_views_the_action_text_and_the_refusals() -> None:
    roofed = (column(wood(), roof=True),)
    state = at_construction(
        2, store={0: materials(cement=1, brick=1)}, houses={0: roofed}, content=BASIC
    )
    text = text_view(state.observe(0))
    svg = svg_view(state.observe(0), state.legal_json(0))
    assert "|| smokestack" in text and "chimney" not in text  # the house's legend
    assert '"part":"chimney"' in svg  # a spot asks why not building there
    svg = re.sub("data-action='[^']*'", "", svg)  # the engine's JSON, its own part ids
    assert "smokestack" in svg and "chimney" not in svg
    texts = _texts(state, 0)
    assert "prepare the materials for a smokestack (1 cement + 1 brick; scores 1 point)" in texts
    assert not any("chimney" in t for t in texts)
    assert state.describe(A.Build("chimney", 0, 1)) == "try to build a smokestack on column 1"
    moving = new(2, content=BASIC)
    (seat,) = moving.acting_players()
    with pytest.raises(hb.IllegalAction, match=r"'prepare the materials for a smokestack \("):
        moving.apply(seat, A.Prepare("chimney"))


def _advanced_content() -> dict[str, Any]:
    cards = [c.model_dump() for c in load_content().advanced.privilege_cards]
    for c in cards:
        c["name"] = "Renamed " + c["name"]
    return {
        "advanced": {
            "locations": _locations("advanced", {10: "trade fair"}),
            "privilege_cards": cards,
            "loan": 25,
            "office_money_per_marker": 5,
        }
    }


def test_advanced_cards_locations_and_sums_follow_the_content() -> None:
    state = hb.new_game(
        "mr-house-advanced", 2, seed=1, options={"office": "first-one"}, content=_advanced_content()
    )
    default = hb.new_game("mr-house-advanced", 2, seed=1)
    obs = state.observe(None)
    text, svg = text_view(obs), svg_view(obs, [])
    current = obs["board"]["expo_current"]
    old_names = [c.name for c in load_content().advanced.privilege_cards]
    assert current and all(c["name"].startswith("Renamed ") for c in current)
    for card in current:
        assert card["name"] in text and card["name"] in svg
        old = card["name"].removeprefix("Renamed ")
        assert f" {old}" not in text.replace(card["name"], "")
        assert f">{old}" not in svg
        sentence = state.describe(A.ChoosePrivilege(card["card"]))
        assert sentence == f"take the privilege card {card['name']} ({card['colour']})"
        assert str(A.ChoosePrivilege(card["card"])) in {
            f"take the privilege card {name} ({card['colour']})" for name in old_names
        }
    assert "trade fair" in text and "construction expo" not in text
    assert "privilege cards" in _location(svg, 10)  # found by its kind, not its name
    assert "1 benefit" in _location(svg, 2) and "2 benefits" not in svg
    assert state.describe(A.REPAY_LOAN) == "repay a loan (25 money)"
    assert state.describe(A.OFFICE["money"]) == "take money (5 x your marker)"
    assert default.describe(A.REPAY_LOAN) == str(A.REPAY_LOAN) == "repay a loan (20 money)"
    assert default.describe(A.OFFICE["money"]) == "take money (4 x your marker)"


def _squares(svg: str) -> dict[int, tuple[float, float]]:
    """Each location's top left corner on the drawn city."""
    root = ET.fromstring(svg)
    out = {}
    for g in root.iter(NS + "g"):
        if g.get("class") == "location":
            rect = g.find(NS + "rect")
            assert rect is not None
            out[int(g.get("data-location", "0"))] = (float(rect.get("x")), float(rect.get("y")))
    return out


def _neighbours(squares: dict[int, tuple[float, float]], number: int) -> set[int]:
    """The locations drawn in the squares beside ``number``'s (left, right, above, below)."""
    xs, ys = sorted({x for x, _ in squares.values()}), sorted({y for _, y in squares.values()})
    col_row = {n: (xs.index(x), ys.index(y)) for n, (x, y) in squares.items()}
    c, r = col_row[number]
    return {n for n, (c2, r2) in col_row.items() if abs(c - c2) + abs(r - r2) == 1}


def test_the_city_is_drawn_as_the_contents_adjacency_says() -> None:
    rulebook = _squares(svg_view(new(2).observe(None), []))
    assert _neighbours(rulebook, 3) == {2, 4}
    # the brick store (3) and the cement store (5) trade places
    locations = _locations("basic", {})
    swapped = {2: [1, 5, 9], 3: [4, 6], 5: [2, 4], 6: [1, 3, 7]}
    for loc in locations:
        loc["adjacent"] = swapped.get(loc["number"], loc["adjacent"])
    state = new(2, content={"basic": {"locations": locations}})
    squares = _squares(svg_view(state.observe(None), []))
    assert _neighbours(squares, 3) == {4, 6} and _neighbours(squares, 5) == {2, 4}
    assert _neighbours(squares, 1) == {2, 4, 6, 8}
    advanced = _squares(svg_view(hb.new_game("mr-house-advanced", 2).observe(None), []))
    assert advanced[1][1] == advanced[10][1] and advanced[1][0] < advanced[10][0]  # shared
