"""A content override (``content=``) shows wherever Master Builder names a component:
the text view, the SVG and the action sentences (``state.describe``)."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import housebuilders as hb
from housebuilders.core.viewcheck import check_views
from housebuilders.games.master_builder.actions import FIRES, HIRES, PUT_UPS, REPAYS
from housebuilders.games.master_builder.content import DATA
from housebuilders.games.master_builder.text import contract_title

SPEC = hb.game("master-builder")


def renamed() -> dict[str, Any]:
    """The rulebook's content with every contract renamed ("Renamed Shop", contract 6
    "Tavern of the Swan") and the first master craftsman card's quirks and the master
    craftsmen's wage changed."""
    data = copy.deepcopy(DATA.file_data)
    for contract in data["contracts"]:
        contract["name"] = f"Renamed {contract['name']}"
    data["contracts"][5]["name"] = "Tavern of the Swan"
    data["skills"][0]["quirks"][0] = "NWH"
    data["skills"][0]["wage"] = 6
    return data


RENAMED = renamed()


def test_renamed_contracts_and_a_changed_worker_show_in_the_text_and_the_drawing() -> None:
    state = SPEC.new_game(4, seed=1, content=RENAMED)
    rng = random.Random(1)
    while state.phase != "open":  # the round's contracts on offer
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    if 0 in state.decks[0]:  # the changed card face up, if no seat hired it
        state.decks[0].remove(0)
        state.decks[0].insert(0, 0)
    obs = state.observe(0)
    text = SPEC.text_view(obs)
    drawn = SPEC.svg_view(obs, state.legal_json(0))
    names = [obs["contracts"][c["contract"]]["name"] for c in obs["display"]]
    for view in (text, drawn):
        assert all(name in view for name in names)
        assert "Renamed " in view
        assert "master craftsman #1" in view and "$6,000" in view
    assert "N, W, H; wage $6,000" in text
    assert re.search(r">quirks<.*?>N</text>.*?>W</text>.*?>H</text>", drawn)  # a letter each


def test_renamed_contracts_and_a_changed_worker_show_in_the_sentences() -> None:
    state = SPEC.new_game(4, seed=1, content=RENAMED)
    assert "Tavern of the Swan" in state.describe(PUT_UPS[5])
    assert "(N, W, H; wage $6,000)" in state.describe(FIRES[0])
    state.decks[0].remove(0)
    state.decks[0].insert(0, 0)
    assert "(N, W, H; wage $6,000)" in state.describe(HIRES[0])


def test_the_views_of_a_renamed_game_pass_the_kit_checks() -> None:
    state = SPEC.new_game(3, seed=2, content=RENAMED)
    rng = random.Random(2)
    step = 0
    while not state.is_terminal():
        seat = state.acting_players()[0]
        if state.phase == "open" or step % 10 == 0:
            obs = state.observe(seat)
            drawn = SPEC.svg_view(obs, state.legal_json(seat))
            assert all(f">{contract_title(obs, c['contract'])}<" in drawn for c in obs["display"])
            check_views(state)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


def renamed_components() -> dict[str, Any]:
    """The rulebook's content with the foremen called "site boss", the weak quirk "frail"
    and the Small loan "Petty" ($9,000, repaid $11,000 early)."""
    data = copy.deepcopy(DATA.file_data)
    data["skills"][1]["name"] = "site boss"
    data["quirks"][2]["name"] = "frail"
    data["loans"][0].update(name="Petty", amount=9, early=11)
    return data


def test_renamed_skill_quirk_and_loan_come_with_the_observation_and_show_in_both_views() -> None:
    """A content's worker type, quirk and loan names reach the views through the
    observation (the views know no names of their own); the rulebook's are gone."""
    state = SPEC.new_game(2, seed=1, content=renamed_components())
    state.ious[0] = [1, 0]  # a Petty IOU to show
    obs = state.observe(1)
    assert obs["skills"][1] == {"name": "site boss", "code": "F", "wage": 4}
    assert obs["quirks"][2] == {"code": "W", "name": "frail"}
    assert obs["loans"][0] == {"name": "Petty", "amount": 9, "early": 11, "late": 15}
    for seat in (0, None):
        text = SPEC.text_view(state.observe(seat))
        drawn = SPEC.svg_view(state.observe(seat), state.legal_json(seat))
        assert "W frail" in text
        assert re.search(r">W</text><text[^>]*>frail</text>", drawn)  # the quirks' key
        for view in (text, drawn):
            assert "site boss #" in view and "Petty IOU" in view
            assert "Petty $9,000 (repay $11,000)" in view
            assert "foreman" not in view and "weak" not in view and "Small" not in view
    assert state.describe(HIRES[1]).startswith("hire the site boss (")
    assert state.describe(REPAYS[0]) == "repay a Petty loan"
