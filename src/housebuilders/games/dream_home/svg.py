"""Dream Home drawn as SVG with the drawing kit: the board's five columns (the pair to
take, or to discard, clickable), then each home, its three floors of spaces (where the
room card in hand may go, face up or down, clickable), its roof stack and what it
holds. On the seat's own drawing a column not to be taken now asks why not taking it
(or, while one is discarded, discarding it), a space of its home why not placing the
room card there (an empty one) or decorating it (a room). A pure function of an
observation and the seat's legal actions."""

from __future__ import annotations

from housebuilders.core import Json
from housebuilders.core.draw import (
    HEADER_HEIGHT,
    NO_ACTS,
    Acts,
    Box,
    Theme,
    asking,
    bold,
    caption,
    card_face,
    chips,
    document,
    explained,
    ghost,
    header,
    maybe_act,
    muted,
    player_colour,
    player_name,
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
#: where a room card may go, by floor (the empty spaces' tooltips, from the rulebook)
SPACE_RULES = {
    "top floor": "top floor: normal and unique rooms, never over an empty space",
    "middle floor": "middle floor: normal and unique rooms, never over an empty space",
    "basement": "basement: basement room cards only",
}
#: the actions that happen on a space of one's home (the room card in hand face down: a chip)
ON_A_SPACE = ("place-room", "ladder", "decorate")
RESOURCE_FILL = {"roof": "#f6dfd6", "decor": "#e2f1e0", "tool": "#e0eaf6", "helper": "#f7ecd0"}


def _room_face(box: Box, room: Json | None, down: bool = False, spot: bool = False) -> list[str]:
    if room is None:  # an empty space; a spot to click is drawn as the kit's ghost
        return [rect(box, rx=6, **(ghost() if spot else EMPTY_SPACE))]
    fill = "#d9d2c6" if down else ROOM_FILL.get(room["class"], "#fbf3df")
    edge = BASEMENT_EDGE if room["class"] == "basement" else THEME.edge  # DH-45: a dark border
    lines = wrap(room["name"], box.w - 8, 12)[:2] if room["name"] else []  # None: unseen
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


def _about_room(room: Json | None) -> str:
    """A room card's tooltip: its size and points, as the card shows them."""
    if room is None:
        return "an empty space"
    points = ", ".join(f"{p} for {n}" for n, p in enumerate(room["points"], start=1))
    where = "the basement only" if room["class"] == "basement" else "the top two floors"
    return (
        f"{room['name']} ({room['class']} room, on {where}): a room of up to "
        f"{room['max_size']} card{'s' * (room['max_size'] != 1)} side by side scores {points}"
    )


def _about_resource(resource: Json | None) -> str:
    """A resource card's tooltip, from the rulebook."""
    if resource is None:
        return "the first player space: take the room card below and the first player marker"
    kind: str = resource["kind"]
    name: str = resource["name"]
    return {
        "roof": f"a {name} roof card: it goes face down on your roof stack; at the end four of "
        "one colour score 8, mixed 3, and each window 1 more",
        "decor": f"{name}: a decor token for a {resource.get('room')} without one "
        f"({resource.get('points')} points); it finishes the room, else it is discarded",
        "tool": f"{name}: a tool, used once when its text says",
        "helper": f"{name}: a helper, used at the end for scoring",
    }.get(kind, name)


def _board(obs: Json, acts: Acts, top: float) -> list[str]:
    parts = [caption(20, top + 12, f"The board (round {obs['round']} of {obs['rounds']})")]
    asked = "discard" if obs["phase"] == "discard" else "take-column"  # the column's moves
    for i, column in enumerate(obs["columns"]):
        x = 20 + i * (CARD_W + 12)
        upper = Box(x, top + 22, CARD_W, CARD_H)
        lower = Box(x, upper.y + CARD_H + 8, CARD_W, CARD_H)
        whole = rect(Box(x, upper.y, CARD_W, 2 * CARD_H + 8), fill="transparent")  # one target
        top_face = (
            [rect(upper, rx=6, fill="#fff8e6", stroke=THEME.edge),
             bold(x + CARD_W / 2, upper.y + 36, "first player", 12, "middle")]
            if i == 0 else _resource_face(upper, column["resource"])
        )  # fmt: skip
        pair = [whole, explained(_about_resource(None if i == 0 else column["resource"]),
                                 *top_face)]  # fmt: skip
        pair.append(explained(_about_room(column["room"]), *_room_face(lower, column["room"])))
        item = acts.find("take-column", column=i) or acts.find("discard", column=i)
        # (column 1 is never discarded: its pair asks why it may not be taken)
        kind = asked if i else "take-column"
        parts += maybe_act(item, pair, asking(obs, {"kind": kind, "column": i}))
    decks = f"decks: {obs['room_deck']} room cards, {obs['resource_deck']} resource cards"
    parts.append(muted(20, top + 22 + 2 * CARD_H + 26, decks, 11))
    return parts


def _home(obs: Json, seat: int, acts: Acts, box: Box) -> list[str]:
    p = obs["players"][seat]
    you = " (you)" if obs["you"] == seat else ""
    first = ", first player" if obs["first"] == seat else ""
    parts = [rect(box, rx=10, fill="#fffdf8", stroke=player_colour(seat), stroke_width=2),
             bold(box.x + 12, box.y + 20, f"{player_name(obs, seat)}{you}{first}", 14)]  # fmt: skip
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
            if down:
                about = "an empty room (a card face down): 0 points; it joins nothing"
            else:
                about = SPACE_RULES[name] if shown is None else _about_room(shown)
            # an empty space stands for placing the room card there, a room card for
            # decorating it (the supplier's and the handyman's moves are chips)
            kind = "place-room" if shown is None else "decorate"
            parts += maybe_act(item, face, asking(obs, {"kind": kind, "space": space}, seat), about)
            face_down = acts.find("place-down", space=space) or acts.find(
                "ladder-down", space=space
            )
            if face_down:  # the same space, face down: a small chip under it
                chip = Box(cell.x, cell.y + cell.h - 16, cell.w, 14)
                parts += chips([("face down", face_down)], chip, 10)
    held = ", ".join(h["name"] for h in p["held"]) or "none"
    parts.append(muted(box.x + 12, box.y + box.h - 10, f"holds: {held}", 11))
    return parts


def svg(obs: Json, legal: list[Json]) -> str:
    acts = Acts(legal)
    acting = ", ".join(player_name(obs, p) for p in obs["acting"])
    status = "The game is over" if obs["over"] else f"{obs['phase']}: {acting} to act"
    held = obs["holding"]
    hand = f"in hand: {held['name'] or 'a card from the room deck'}" if held else ""
    parts = header(THEME, WIDTH, "Dream Home", status, (f"round {obs['round']}", hand))
    top = HEADER_HEIGHT + 8
    parts += _board(obs, acts, top)
    y = top + 2 * CARD_H + 62
    handled = {"take-column", "discard", "place-down", "ladder-down", *ON_A_SPACE}
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
