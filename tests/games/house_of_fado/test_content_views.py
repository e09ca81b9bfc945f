"""A content override (``content=``) shows wherever House of Fado names a component:
the text view, the SVG and the action sentences (``state.describe``)."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import housebuilders as hb
from housebuilders.core.viewcheck import check_views
from housebuilders.games.house_of_fado.actions import (
    BONUS_CUSTOMERS,
    GAINS,
    HIRES,
    PROMOTES,
    RAISES,
    SEATS,
)
from housebuilders.games.house_of_fado.content import DATA

SPEC = hb.game("house-of-fado")


def renamed() -> dict[str, Any]:
    """The rulebook's content with the note Dó called Do, the gray customers silver,
    the singer a fadista and the musician PG1 Amália."""
    data = copy.deepcopy(DATA.file_data)

    def rename(values: list[str], old: str, new: str) -> list[str]:
        return [new if v == old else v for v in values]

    data["notes"] = rename(data["notes"], "Dó", "Do")
    for tile in data["musicians"]:
        tile["note"] = "Do" if tile["note"] == "Dó" else tile["note"]
    for tile in data["fado"]:
        tile["notes"] = rename(tile["notes"], "Dó", "Do")
    data["customers"]["colours"] = rename(data["customers"]["colours"], "gray", "silver")
    for kind in data["types"]:
        kind["colours"] = rename(kind["colours"], "gray", "silver")
    data["types"][1]["name"] = "fadista"
    data["musicians"][0]["name"] = "Amália"
    return data


RENAMED = renamed()


def test_renamed_components_show_in_the_text_and_the_drawing() -> None:
    state = SPEC.new_game(2, seed=1, content=RENAMED)
    obs = state.observe(0)
    text = SPEC.text_view(obs)
    drawn = SPEC.svg_view(obs, state.legal_json(0))
    assert 'data-action=\'{"kind":"seat"' in drawn  # a table asks why not seating there
    drawn = re.sub("data-action='[^']*'", "", drawn)  # the engine's JSON, its own field names
    for view in (text, drawn):
        assert "Amália" in view and "fadista" in view and "Do " in view and "silver" in view
        assert "Dó" not in view and "singer" not in view and "gray" not in view
        assert "PG1" not in view


def test_renamed_components_show_in_the_sentences() -> None:
    state = SPEC.new_game(2, seed=1, content=RENAMED)
    assert "Amália" in state.describe(HIRES[0])
    assert "fadista" in state.describe(PROMOTES[1])
    assert state.describe(GAINS[0]) == "gain a note tile Do"
    assert "silver" in state.describe(BONUS_CUSTOMERS[0, 0])
    assert "silver" in state.describe(SEATS[0, 0, 1, 0, 0])
    raised = "spend 1 silver customer to raise the musician (fadista) by one fame"
    assert state.describe(RAISES[1, 1, 0, 0, 0]) == raised  # as docs/games/house-of-fado.md


def test_the_views_of_a_renamed_game_pass_the_kit_checks_and_name_the_chips() -> None:
    state = SPEC.new_game(2, seed=2, content=RENAMED)
    rng = random.Random(2)
    seen_chip = False
    while not state.is_terminal():
        seat = state.acting_players()[0]
        if state.phase == "street":
            drawn = SPEC.svg_view(state.observe(seat), state.legal_json(seat))
            seen_chip |= " silver<" in drawn  # a table's chip: customers of a group
            assert " gray<" not in drawn
            check_views(state)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert seen_chip
