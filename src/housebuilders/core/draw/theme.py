"""The kit's colours and looks: the ink, the warm colour of what may be clicked, the
players' colours, and a game's own choices (``Theme``: its font, paper, header and
edges)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

INK = "#2b2b2b"  # text
MUTED = "#6b5f52"  # notes, labels, what no longer counts
WARM = "#e08a00"  # what is asked now: a spot to click, the card in play
#: a player's colour and the ink to write on it, by seat (the fifth seat takes the first's)
PLAYERS = (("#d33", "#fff"), ("#36c", "#fff"), ("#2a2", "#fff"), ("#c8a800", "#222"))

GHOST = {"class_": "ghost", "fill": "#fff1cc", "stroke": WARM, "stroke_width": 1.5}


def ghost(small: bool = False, **attrs: Any) -> dict[str, Any]:
    """The look of a spot where something may go (dashed and warm), as attributes
    for a shape: ``rect(box, **ghost())``. Hovered, it turns a deeper orange."""
    return {**GHOST, "stroke_dasharray": "2 1.5" if small else "4 3", **attrs}


def player_colour(seat: int) -> str:
    return PLAYERS[seat % len(PLAYERS)][0]


def player_ink(seat: int) -> str:
    """The ink to write on ``seat``'s colour."""
    return PLAYERS[seat % len(PLAYERS)][1]


@dataclass(frozen=True)
class Theme:
    """A game's look: ``name`` is the drawing's CSS class (its style applies only to
    it), then its font and colours."""

    name: str
    font: str = "sans-serif"  # the drawing's font family (``text_width`` assumes one)
    paper: str = "#fbf8f2"  # the background
    edge: str = "#8b7d6b"  # the outline of boards, cards and panels
    header: str = "#34495e"  # the header's band
    header_note: str = "#dfe6ec"  # the header's notes on the right
    #: the stroke width of a clickable card's outline under the pointer
    hover_width: float = 3

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[A-Za-z][\w-]*", self.name):
            raise ValueError(
                f"a theme's name is a CSS class (letters, digits, - and _): {self.name!r}"
            )

    def style(self) -> str:
        """The drawing's CSS: a clickable part shows a pointer, and its ghost spots and
        cards light up under it."""
        svg = f"svg.{self.name}"
        return (
            f"{svg} .act{{cursor:pointer}}"
            f"{svg} .act:hover .ghost{{fill:#ffd27a;stroke:#b35f00}}"
            f"{svg} .act:hover .card{{stroke:{WARM};stroke-width:{self.hover_width:g}}}"
        )
