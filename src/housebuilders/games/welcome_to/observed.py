"""What both views (text.py, svg.py) read from an observation: the sheet's shape and
score ladders (the game's content, as the observation carries them) and the points a
sheet would score now."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from housebuilders.games.welcome_to.sheet import Layout, Sheet, layout_from_json, temp_points

Json = dict[str, Any]

def layout(obs: Json) -> Layout:
    """The sheet's shape and score ladders of the game seen in ``obs``: its content's."""
    return layout_from_json(obs["sheet"], obs["ladders"])


def points(obs: Json, players: Iterable[int]) -> dict[int, dict[str, int]]:
    """What each of ``players``' sheets in ``obs`` would score now: the breakdown, the
    total and the number of complete estates."""
    L = layout(obs)
    temps = temp_points(L, [entry["temps"] for entry in obs["players"]])
    out = {}
    for p in players:
        sheet = Sheet.from_json(L, obs["players"][p])
        breakdown = sheet.score(L, temps[p])
        out[p] = {
            **breakdown,
            "total": sum(breakdown.values()),
            "complete_estates": sheet.complete_estates(L, obs.get("long_estates", False)),
        }
    return out
