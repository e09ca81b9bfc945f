"""A content override shows in the observation, the text view and the sentences."""

from __future__ import annotations

import housebuilders as hb
from housebuilders.games.dream_home.actions import Reclaim
from housebuilders.games.dream_home.state import DreamHomeState

COLOURS = {"roof": {"colours": ["slate", "tile", "thatch", "zinc"]}}


def test_renamed_roof_colours_show_on_the_board_and_in_the_sentences() -> None:
    spec = hb.game("dream-home")
    s = spec.new_game(4, seed=3, content=COLOURS)
    assert isinstance(s, DreamHomeState)
    shown = [c["resource"] for c in s.observe(None)["columns"][1:]]
    roofs = {card["name"] for card in shown if card["kind"] == "roof"}
    assert roofs == {"thatch", "tile"}  # this seed's board
    text = spec.text_view(s.observe(0))
    assert all(f"roof: {name}" in text for name in roofs)
    assert "slate" in s.describe(Reclaim(0, 0)) and "red" not in s.describe(Reclaim(0, 0))
