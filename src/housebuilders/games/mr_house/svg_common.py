"""What the parts of Mr House's drawing (svg.py) share: the colours, the city's grid,
the player panel's column, a player's disc."""

from __future__ import annotations

from typing import Any

from housebuilders.core.draw import player_colour, player_ink, token

Json = dict[str, Any]

CARD_COLOURS = {"green": "#8ccf8f", "pink": "#f3b1c8", "blue": "#9cc2ee", "yellow": "#f2dd7a"}
BOARD, EDGE = "#efe6d4", "#8b7d6b"
# the city: a 3 x 3 grid (city.py) of three columns' widths
CITY_COLUMNS = (180, 240, 180)
CITY_ROW = 120
LEFT_W = 236  # a player panel's column of facts; the house takes the rest


def _advanced(obs: Json) -> bool:
    return "prices" in obs["board"]


def _disc(pl: int, cx: float, cy: float, label: object, r: float = 11) -> list[str]:
    """A player's disc (a movement marker, a place in the order) with a label."""
    return token(cx, cy, label, player_colour(pl), player_ink(pl), r)
