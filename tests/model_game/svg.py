"""Model House drawn as SVG with the drawing kit: a pure function of an observation and
the seat's legal actions (each market card it may choose is clickable)."""

from __future__ import annotations

from housebuilders.core import Json, draw
from housebuilders.core.draw import Box, Theme

THEME = Theme("model-house")
WIDTH = 470


def svg(obs: Json, legal: list[Json]) -> str:
    acts = draw.Acts(legal)
    status = "Game over" if obs["over"] else f"Round {obs['round']} of {obs['rounds']}"
    parts = draw.header(THEME, WIDTH, "Model House", status, (f"deck: {obs['deck']} cards", ""))
    top = draw.HEADER_HEIGHT + 10
    for i, card in enumerate(obs["market"]):
        box = Box(10 + i * 90, top, 80, 60)
        face = [
            draw.card_face(box, "#f4ead5", THEME.edge),
            draw.bold(box.x + 40, box.y + 24, card["name"], 12, anchor="middle"),
            draw.text(box.x + 40, box.y + 44, f"{card['cost']}+ / {card['points']}", 11, "middle"),
        ]
        parts += draw.maybe_act(acts.find("choose", card=i), face)
    for seat, p in enumerate(obs["players"]):
        have = f"{len(p['rooms'])} rooms, {p['coins']} coins, {p['score']} points"
        line = f"{draw.player_name(obs, seat)}: {have}"
        parts.append(draw.text(10, top + 90 + 18 * seat, line, 12))
    return draw.document(THEME, WIDTH, top + 100 + 18 * len(obs["players"]), "Model House", parts)
