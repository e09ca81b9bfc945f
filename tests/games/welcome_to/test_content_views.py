"""A content override (``content=``, the CLI's ``--content``) shows wherever Welcome To
is read: the terminal view and the SVG draw the game's sheet and score ladders (the
observation carries them), and the sentences say its numbers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import housebuilders as hb
from housebuilders.games.welcome_to.actions import Adjust, Pick
from housebuilders.games.welcome_to.content import load_content
from housebuilders.games.welcome_to.svg import svg as svg_view
from housebuilders.games.welcome_to.text import text as text_view
from tests.games.welcome_to.helpers import set_pairs

NS = "{http://www.w3.org/2000/svg}"
CONTENT = {
    "sheet": {
        "streets": [7, 11, 12],
        "pools": [[2, 5], [0, 3, 7], [1, 6, 10]],
        "highest_number": 16,
    },
    "ladders": {
        "parks": [[0, 2, 4, 6, 8, 10, 77], [0, 2, 4, 6, 14], [0, 2, 4, 6, 8, 18]],
        "pools": [0, 33, 36, 39, 43, 47, 51, 56, 61, 66],
        "estates": [[41, 43], *load_content().ladders.estates[1:]],
    },
}


def _svg_texts(svg: str) -> list[str]:
    """The drawing's visible words and numbers, one per text element."""
    root = ET.fromstring(svg)
    return [" ".join(t.itertext()).strip() for t in root.iter(NS + "text")]


def test_the_observation_carries_the_games_sheet_and_ladders() -> None:
    obs = hb.new_game("welcome-to", 2, content=CONTENT).observe(0)
    assert obs["sheet"]["streets"] == [7, 11, 12]
    assert obs["sheet"]["pools"][0] == [2, 5] and obs["sheet"]["highest_number"] == 16
    assert obs["ladders"]["parks"][0][-1] == 77 and obs["ladders"]["estates"][0] == [41, 43]
    default = hb.new_game("welcome-to", 2).observe(0)
    assert default["sheet"]["streets"] == [10, 11, 12] and default["ladders"]["pools"][1] == 3


def test_an_overridden_layout_and_ladders_show_in_the_terminal_view() -> None:
    text = text_view(hb.new_game("welcome-to", 2, content=CONTENT).observe(0))
    first_street = next(line for line in text.splitlines() if line.startswith("  1 |"))
    assert first_street.count(".") == 7 and first_street.count("o") == 2
    assert "parks 0/6 = 0" in first_street  # the first street's 6 park boxes, not 3
    assert "parks 0/3" not in text
    assert "1:41" in text and "1:1 " not in text  # an estate of 1 is worth 41 now
    assert "points now:" in text  # scored on the game's own sheet


def test_an_overridden_layout_and_ladders_show_in_the_svg() -> None:
    state = hb.new_game("welcome-to", 2, content=CONTENT)
    texts = _svg_texts(svg_view(state.observe(0), state.legal_json(0)))
    for value in ("77", "33", "66", "41", "43"):  # parks, pools and estates ladders
        assert value in texts
    default = hb.new_game("welcome-to", 2)
    rulebook = _svg_texts(svg_view(default.observe(0), default.legal_json(0)))
    for value in ("26", "31"):  # the rulebook's pool ladder, no card's or plan's number
        assert value in rulebook and value not in texts
    assert "77" not in rulebook and "41" not in rulebook


def test_the_sentences_say_the_games_range_of_numbers() -> None:
    state = hb.new_game("welcome-to", 1, content=CONTENT)
    set_pairs(state, [(15, "temp"), (15, "temp"), (15, "temp")])
    state.apply(0, Pick(0))
    with pytest.raises(hb.IllegalAction, match=re.escape("must be 0 to 16")):
        state.apply(0, Adjust(2))  # 17: the game's highest number is 16
    texts = [a["text"] for a in state.legal_json(0)]
    assert "use the temporary worker: +1" in texts
    assert "use the temporary worker: +2" not in texts


@pytest.mark.rule("WT-5")
def test_a_pick_says_the_pairs_number_and_action() -> None:
    state = hb.new_game("welcome-to", 2)
    set_pairs(state, [(3, "park"), (7, "fence"), (11, "improvement")])
    assert state.describe(Pick(1)) == "take 7 with a fence (pair 2)"
    assert state.describe(Pick(2)) == "take 11 with an improvement (pair 3)"
    texts = [a["text"] for a in state.legal_json(0)]  # the move list and the hints
    assert "take 3 with a park (pair 1)" in texts
