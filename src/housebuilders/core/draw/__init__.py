"""The drawing kit: what a game's views are made of, so that a game's ``svg.py`` and
``text.py`` draw only what is its own.

For the web table (``GameSpec.svg_view(observation, legal) -> str``):

- ``svg``: elements as strings (``el``, ``rect``, ``circle``, ``line``, ``path``,
  ``polygon``, ``text``, ``bold``, ``muted``, ``caption``), ``Box``, ``wrap``,
  ``text_width`` and ``bold_width`` (a bound for bold text);
- ``theme``: the ink, the warm colour of what is asked, the players' colours, the
  ``ghost`` look of a spot to click, and ``Theme`` (a game's CSS class, font and
  colours);
- ``actions``: the seat's legal actions (``Acts``, found by kind and fields), the
  clickable group ``act`` (class ``act``, ``data-index``, a ``<title>`` with the action's
  sentence), ``asks`` (a part for an action not legal now: the client asks why not;
  ``asking`` gives a part's action to ask about on a seat's own drawing only),
  ``explained`` (a part with a tooltip) and ``chips`` (a row of clickable labels);
- ``board``: the ``document`` (the frame with the theme's style and the paper), its
  ``header``, ``card_face``, ``token``, ``track``, ``table``, fill ``pattern``.

For the terminal (``GameSpec.text_view(observation) -> str``): ``terminal`` (names,
lists in words, blocks side by side or framed, aligned columns).

Everything a drawing needs is importable from here: ``from ...core.draw import Acts,
Box, act, document, rect, text``. A board in a few lines (tests/core/test_draw.py)::

    def svg(obs: Json, legal: list[Json]) -> str:
        acts = Acts(legal)
        parts = header(THEME, 400, f"Toy - round {obs['round']}", "Your move")
        parts += track(Box(20, 80, 360, 24), 10, obs["progress"], "#36c",
                       item=acts.find("advance"))
        for i, number in enumerate(obs["hand"]):
            cell = Box(20 + 60 * i, 120, 50, 70)
            face = [card_face(cell, "#fff", THEME.edge), bold(cell.x + 25, 160, number, 18)]
            parts += maybe_act(acts.find("play", card=number), face)
        parts += chips([("pass", a) for a in acts.of("pass")], Box(20, 200, 360, 24))
        return document(THEME, 400, 240, "Toy", parts)
"""

from housebuilders.core.draw.actions import (
    NO_ACTS,
    Acts,
    Legal,
    act,
    asking,
    asks,
    chip_rows,
    chips,
    explained,
    maybe_act,
)
from housebuilders.core.draw.board import (
    HEADER_HEIGHT,
    Row,
    card_face,
    document,
    header,
    pattern,
    table,
    token,
    track,
)
from housebuilders.core.draw.svg import (
    Box,
    bold,
    bold_width,
    caption,
    circle,
    el,
    fit,
    line,
    muted,
    num,
    path,
    polygon,
    rect,
    shorten,
    text,
    text_width,
    wrap,
)
from housebuilders.core.draw.terminal import player_name
from housebuilders.core.draw.theme import INK, MUTED, WARM, Theme, ghost, player_colour, player_ink

__all__ = [
    "HEADER_HEIGHT",
    "INK",
    "MUTED",
    "NO_ACTS",
    "WARM",
    "Acts",
    "Box",
    "Legal",
    "Row",
    "Theme",
    "act",
    "asking",
    "asks",
    "bold",
    "bold_width",
    "caption",
    "card_face",
    "chip_rows",
    "chips",
    "circle",
    "document",
    "el",
    "explained",
    "fit",
    "ghost",
    "header",
    "line",
    "maybe_act",
    "muted",
    "num",
    "path",
    "pattern",
    "player_colour",
    "player_ink",
    "player_name",
    "polygon",
    "rect",
    "shorten",
    "table",
    "text",
    "text_width",
    "token",
    "track",
    "wrap",
]
