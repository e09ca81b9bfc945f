"""Dream Home drawn as SVG with the drawing kit: the board's five columns (the pair to
take, or to discard, clickable), then each home, its three floors of spaces (where the
room card in hand may go, face up or down, clickable), its roof stack and what it
holds. A pure function of an observation and the seat's legal actions."""

from __future__ import annotations

from ...core import Json
from ...core.draw import (
    HEADER_HEIGHT,
    NO_ACTS,
    Acts,
    Box,
    Theme,
    bold,
    caption,
    card_face,
    chips,
    document,
    ghost,
    header,
    maybe_act,
    muted,
    player_colour,
    rect,
    text,
    wrap,
)

THEME = Theme("dream-home")
WIDTH = 760
CARD_W, CARD_H = 118, 64
SPACE_W, SPACE_H = 104, 50
FLOORS = (("top floor", range(0, 5)), ("middle floor", range(5, 10)))
ROOM_FILL = {"normal": "#fbf3df", "unique": "#efe3f7", "basement": "#e3e7ec"}
BASEMENT_EDGE = "#2f3a45"
EMPTY_SPACE = {"fill": "none", "stroke": "#c8bfb0", "stroke_dasharray": "4 3"}
#: the actions that happen on a space of one's home (the room card in hand face down: a chip)
ON_A_SPACE = ("place-room", "ladder", "decorate")
RESOURCE_FILL = {"roof": "#f6dfd6", "decor": "#e2f1e0", "tool": "#e0eaf6", "helper": "#f7ecd0"}


def _room_face(box: Box, room: Json | None, down: bool = False, spot: bool = False) -> list[str]:
    if room is None:  # an empty space; a spot to click is drawn as the kit's ghost
        return [rect(box, rx=6, **(ghost() if spot else EMPTY_SPACE))]
    fill = "#d9d2c6" if down else ROOM_FILL.get(room["class"], "#fbf3df")
    edge = BASEMENT_EDGE if room["class"] == "basement" else THEME.edge  # DH-45: a dark border
    lines = wrap(room["name"], box.w - 8, 12)[:2]
    parts = [card_face(box, fill, edge)]
    parts += [bold(box.x + box.w / 2, box.y + 17 + 14 * i, line, 12, "middle")
              for i, line in enumerate(lines)]  # fmt: skip
    note = "empty room" if down else f"max {room['max_size']}"
    parts.append(muted(box.x + box.w / 2, box.y + box.h - 7, note, 10, "middle"))
    return parts


def _resource_face(box: Box, resource: Json | None) -> list[str]:
    if resource is None:
        return [rect(box, rx=6, **EMPTY_SPACE)]
    parts = [card_face(box, RESOURCE_FILL.get(resource["kind"], "#fff"), THEME.edge)]
    parts.append(muted(box.x + box.w / 2, box.y + 15, resource["kind"], 10, "middle"))
    parts += [bold(box.x + box.w / 2, box.y + 32 + 13 * i, line, 11, "middle")
              for i, line in enumerate(wrap(resource["name"], box.w - 8, 11)[:2])]  # fmt: skip
    return parts


def _board(obs: Json, acts: Acts, top: float) -> list[str]:
    parts = [caption(20, top + 12, f"The board (round {obs['round']} of {obs['rounds']})")]
    for i, column in enumerate(obs["columns"]):
        x = 20 + i * (CARD_W + 12)
        upper = Box(x, top + 22, CARD_W, CARD_H)
        lower = Box(x, upper.y + CARD_H + 8, CARD_W, CARD_H)
        whole = rect(Box(x, upper.y, CARD_W, 2 * CARD_H + 8), fill="transparent")  # one target
        pair = [whole] + (
            [rect(upper, rx=6, fill="#fff8e6", stroke=THEME.edge),
             bold(x + CARD_W / 2, upper.y + 36, "first player", 12, "middle")]
            if i == 0 else _resource_face(upper, column["resource"])
        )  # fmt: skip
        pair += _room_face(lower, column["room"])
        item = acts.find("take-column", column=i) or acts.find("discard", column=i)
        parts += maybe_act(item, pair)
    decks = f"decks: {obs['room_deck']} room cards, {obs['resource_deck']} resource cards"
    parts.append(muted(20, top + 22 + 2 * CARD_H + 26, decks, 11))
    return parts


def _home(obs: Json, seat: int, acts: Acts, box: Box) -> list[str]:
    p = obs["players"][seat]
    you = " (you)" if obs["you"] == seat else ""
    first = ", first player" if obs["first"] == seat else ""
    parts = [rect(box, rx=10, fill="#fffdf8", stroke=player_colour(seat), stroke_width=2),
             bold(box.x + 12, box.y + 20, f"Player {seat}{you}{first}", 14)]  # fmt: skip
    score = p["score"]["total"] if p["score"] else None
    right = f"roof: {p['roof']} cards" + (f"; {score} points" if score is not None else "")
    parts.append(text(box.x + box.w - 12, box.y + 20, right, 12, "end"))
    rows = [*FLOORS, ("basement", range(10, 12))]
    for r, (name, spaces) in enumerate(rows):
        y = box.y + 32 + r * (SPACE_H + 6)
        parts.append(muted(box.x + 12, y + SPACE_H / 2 + 4, name, 11))
        for k, space in enumerate(spaces):
            column = obs["basement_under"][k] if name == "basement" else k
            cell = Box(box.x + 100 + column * (SPACE_W + 6), y, SPACE_W, SPACE_H)
            shown = p["home"][space]
            item = next(filter(None, (acts.find(kind, space=space) for kind in ON_A_SPACE)), None)
            down = bool(shown) and not shown["face_up"]
            face = _room_face(cell, shown, down=down, spot=item is not None)
            if shown and shown.get("decor"):
                face.append(text(cell.x + cell.w - 6, cell.y + 14, "◆", 12, "end", fill="#2a7"))
            parts += maybe_act(item, face)
            down = acts.find("place-down", space=space)
            if down:  # the same space, face down: a small chip under it
                chip = Box(cell.x, cell.y + cell.h - 16, cell.w, 14)
                parts += chips([("face down", down)], chip, 10)
    held = ", ".join(h["name"] for h in p["held"]) or "none"
    parts.append(muted(box.x + 12, box.y + box.h - 10, f"holds: {held}", 11))
    return parts


def svg(obs: Json, legal: list[Json]) -> str:
    acts = Acts(legal)
    acting = ", ".join(f"player {p}" for p in obs["acting"])
    status = "The game is over" if obs["over"] else f"{obs['phase']}: {acting} to act"
    hand = f"in hand: {obs['holding']['name']}" if obs["holding"] else ""
    parts = header(THEME, WIDTH, "Dream Home", status, (f"round {obs['round']}", hand))
    top = HEADER_HEIGHT + 8
    parts += _board(obs, acts, top)
    y = top + 2 * CARD_H + 62
    handled = {"take-column", "discard", "place-down", *ON_A_SPACE}
    rest = [(a.text, a) for a in acts.all if a.action["kind"] not in handled]
    if rest:
        parts += chips(rest, Box(20, y, WIDTH - 40, 24), 11, rows=2)
        y += 52
    home_h = 32 + 3 * (SPACE_H + 6) + 20
    for seat in range(len(obs["players"])):
        mine = acts if seat == obs["you"] else NO_ACTS  # a seat acts on its own home only
        parts += _home(obs, seat, mine, Box(10, y, WIDTH - 20, home_h))
        y += home_h + 10
    return document(THEME, WIDTH, y, "Dream Home", parts)
