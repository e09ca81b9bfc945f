"""The drawing kit (core/draw): elements, the clickable action group, the frame, the
board parts and the terminal helpers."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from housebuilders.core import draw
from housebuilders.core.draw import Acts, Box, Row
from housebuilders.core.draw.svg import escaped, quoted
from housebuilders.core.draw.terminal import beside, boxed, columns, listing
from housebuilders.core.log import plural

NS = "{http://www.w3.org/2000/svg}"
LEGAL = [
    {"index": 7, "text": 'Build a "roof" <here> & now', "action": {"kind": "build", "at": 1}},
    {"index": 9, "text": "Build a wall", "action": {"kind": "build", "at": 2}},
    {"index": 12, "text": "Pass", "action": {"kind": "pass"}},
]


def parse(*parts: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{"".join(parts)}</svg>')


def test_the_action_group_carries_its_index_its_class_and_its_sentence() -> None:
    item = Acts(LEGAL).find("build", at=1)
    assert item is not None
    (group,) = parse(draw.act(item, draw.rect(Box(0, 0, 10, 10)))).iter(NS + "g")
    assert group.get("class") == "act" and group.get("data-index") == "7"
    assert group.findtext(NS + "title") == 'Build a "roof" <here> & now'
    assert group.find(NS + "rect") is not None


def test_maybe_act_leaves_the_parts_as_they_are_without_an_action() -> None:
    parts = [draw.circle(1, 2, 3)]
    assert draw.maybe_act(None, parts) == parts
    assert draw.maybe_act(Acts(LEGAL).find("pass"), parts)[0].startswith('<g class="act"')


def test_text_and_attributes_are_escaped() -> None:
    written = draw.text(1, 2, 'a < b & "c"', anchor="middle", data_name='x"y<')
    root = parse(written)
    element = root.find(NS + "text")
    assert element is not None and element.text == 'a < b & "c"'
    assert element.get("data-name") == 'x"y<' and element.get("text-anchor") == "middle"


def test_escaping_drops_the_characters_xml_refuses() -> None:
    """Text from anywhere (a name, a game's content, a plugin's strings) cannot make a
    drawing ill-formed: what XML 1.0 does not allow is left out, the rest kept."""
    refused = "\x00\x01\x08\x0b\x0c\x1f\ufffe\uffff\ud800"
    assert escaped(f"A{refused}da <&>") == "Ada &lt;&amp;&gt;"
    assert quoted(f"A{refused}da") == '"Ada"'
    kept = "tab\tline\nend\r \ufdd0 \U0010fffd \U0001fffe"  # all XML 1.0 allows
    assert escaped(kept) == kept
    root = parse(draw.text(1, 2, f"x{refused}\ty", data_name=f"n{refused}"))
    element = root.find(NS + "text")
    assert element is not None and element.text == "x\ty" and element.get("data-name") == "n"


def test_numbers_are_written_short_and_none_leaves_an_attribute_out() -> None:
    assert draw.rect(Box(1.0, 2.25, 3, 4.5), rx=None) == (
        '<rect x="1" y="2.2" width="3" height="4.5"/>'
    )
    assert draw.el("g", "", class_="x", font_size=12) == '<g class="x" font-size="12"/>'


def test_the_actions_are_found_by_kind_and_fields() -> None:
    acts = Acts(LEGAL)
    assert [a.index for a in acts.of("build")] == [7, 9]
    assert [a.index for a in acts.matching("build", at=2)] == [9]
    assert acts.find("build", at=3) is None and acts.find("nothing") is None
    assert set(acts.at("build", "at")) == {(1,), (2,)}
    assert acts and not draw.NO_ACTS


def test_the_document_is_the_frame_with_its_title_style_paper_and_parts() -> None:
    theme = draw.Theme("toy", paper="#abcdef")
    header = draw.header(theme, 400, "Toy <1>", "Your move", ("you are Ann", "turn 2"))
    doc = draw.document(theme, 400, 300, "Toy & co", [*header, draw.circle(5, 5, 2)])
    root = ET.fromstring(doc)
    assert root.tag == NS + "svg" and root.get("viewBox") == "0 0 400 300"
    assert root.get("class") == "toy" and root.get("aria-label") == "Toy & co"
    style = root.findtext(f"{NS}defs/{NS}style") or ""
    assert "svg.toy .act{cursor:pointer}" in style
    paper = root.find(NS + "rect")
    assert paper is not None and paper.get("fill") == "#abcdef" and paper.get("height") == "300"
    texts = [t.text for t in root.iter(NS + "text")]
    assert texts == ["Toy <1>", "Your move", "you are Ann", "turn 2"]


def test_chips_are_clickable_and_shrink_to_fit_their_box() -> None:
    acts = Acts(LEGAL)
    labels = [("a long label for the first chip", acts.all[0]), ("another long one", acts.all[1])]
    root = parse(*draw.chips(labels, Box(10, 0, 120, 24)))
    groups = list(root.iter(NS + "g"))
    assert [g.get("data-index") for g in groups] == ["7", "9"]
    right = max(float(r.get("x", 0)) + float(r.get("width", 0)) for r in root.iter(NS + "rect"))
    assert right <= 10 + 120 + 1


def test_chip_rows_take_as_many_rows_as_full_size_chips_need() -> None:
    acts = Acts(LEGAL)
    labels = [("a long label for the first chip", acts.all[0]), ("another long one", acts.all[1])]
    parts, height = draw.chip_rows(labels, 10, 0, 1000, size=10)
    assert height == 20 and len(parts) == 2  # one row: both fit
    parts, height = draw.chip_rows(labels, 10, 0, 150, size=10)
    assert height == 40  # a row each, at full size
    sizes = {float(t.get("font-size")) for t in parse(*parts).iter(NS + "text")}
    assert sizes == {10.0}
    assert draw.chip_rows([], 0, 0, 100) == ([], 0)


def test_a_track_fills_the_crossed_boxes_and_offers_the_next() -> None:
    item = Acts(LEGAL).find("pass")
    drawn = draw.track(Box(0, 0, 200, 20), 5, 2, "#123456", values=[1, 2, 3, 4, 5], item=item)
    root = parse(*drawn)
    fills = [r.get("fill") for r in root.iter(NS + "rect")]
    assert fills[:2] == ["#123456", "#123456"] and fills[3:] == ["#fff", "#fff"]
    (group,) = root.iter(NS + "g")
    assert group.get("data-index") == "12" and group.find(NS + "rect").get("class") == "ghost"


def test_a_table_has_a_header_and_one_group_per_row() -> None:
    rows = [Row(["Ann", 3], (None, "#f00"), {"data_player": 0}), Row(["Bob", 5])]
    root = parse(*draw.table(Box(0, 0, 300, 100), [("name", 100), ("points", 60)], rows))
    groups = list(root.iter(NS + "g"))
    assert [g.get("data-player") for g in groups] == ["0", None]
    assert [t.text for t in groups[0]] == ["Ann", "3"] and groups[0][1].get("fill") == "#f00"


def test_a_token_is_a_disc_with_its_label() -> None:
    root = parse(*draw.token(10, 10, 4, draw.player_colour(1), draw.player_ink(1)))
    circle = root.find(NS + "circle")
    assert circle is not None and circle.get("fill") == "#36c"
    assert root.findtext(NS + "text") == "4"


def test_text_is_wrapped_between_words() -> None:
    assert draw.wrap("the construction expo", 80, 13) == ["the", "construction", "expo"]
    assert draw.wrap("", 80, 13) == [""]


@pytest.mark.parametrize(
    ("items", "expected"), [([], "none"), ([1, "a"], "1, a"), (iter(["x"]), "x")]
)
def test_a_listing_says_none_when_empty(items: list[object], expected: str) -> None:
    assert listing(items) == expected


def test_terminal_blocks_side_by_side_columns_and_boxes() -> None:
    assert beside([["ab"], ["cd", "ef"]], 3) == ["   cd", "ab ef"]
    assert columns([("a", 1), ("bbb", 22)], align="<>") == ["a     1", "bbb  22"]
    assert boxed(["hello"], "T") == ["+- T ---+", "| hello |", "+-------+"]
    assert plural(1, "card") == "1 card" and plural(0, "card") == "0 cards"


def toy_svg(obs: dict[str, object], legal: list[dict[str, object]]) -> str:
    """A toy game's board drawn with the kit only (the shape of a game's svg.py)."""
    theme, acts = draw.Theme("toy"), Acts(legal)
    parts = draw.header(theme, 400, "Toy - round 2", "Your move: play a card or advance")
    values = range(1, 11)
    parts += draw.track(Box(20, 80, 360, 24), 10, 3, "#36c", values, acts.find("advance"))
    for i, number in enumerate([4, 7]):
        cell = Box(20 + 60 * i, 120, 50, 70)
        face = [draw.card_face(cell, "#fff", theme.edge), draw.bold(cell.x + 25, 160, number, 18)]
        parts += draw.maybe_act(acts.find("play", card=number), face)
    parts += draw.chips([("pass", item) for item in acts.of("pass")], Box(20, 200, 360, 24))
    return draw.document(theme, 400, 240, "Toy", parts)


def test_a_board_drawn_with_the_kit_makes_every_placed_action_clickable() -> None:
    legal = [
        {"index": 0, "text": "Advance", "action": {"kind": "advance"}},
        {"index": 1, "text": "Play the 7", "action": {"kind": "play", "card": 7}},
        {"index": 2, "text": "Pass", "action": {"kind": "pass"}},
    ]
    root = ET.fromstring(toy_svg({}, legal))
    clickable = {int(g.get("data-index", "")): g for g in root.iter(NS + "g") if g.get("class")}
    assert {i: g.findtext(NS + "title") for i, g in clickable.items()} == {
        0: "Advance",
        1: "Play the 7",
        2: "Pass",
    }


def test_a_theme_s_name_must_be_a_css_class() -> None:
    with pytest.raises(ValueError, match="a theme's name is a CSS class"):
        draw.Theme('toy" onload="x')


def test_a_name_is_cut_short_to_its_room_with_an_ellipsis() -> None:
    assert draw.shorten("Ada", 16) == "Ada"
    assert draw.shorten("Maximiliana Wolkenstein", 16) == "Maximiliana Wol…"
    assert draw.shorten("Ada Lovelace", 5) == "Ada…"  # no space before the ellipsis
    assert draw.shorten("Ada", 0) == "…"
    assert draw.fit("Maximiliana Wolkenstein", 0.56 * 14 * 12, 14) == "Maximiliana…"
    assert draw.fit("Ada", 0.56 * 14 * 12, 14) == "Ada"
