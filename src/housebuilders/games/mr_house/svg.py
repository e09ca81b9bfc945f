"""Mr House drawn as SVG for the web table: a pure function of an observation.

``svg(state.observe(seat), legal)`` draws the table as that seat sees it: the
header (turn, phase, who acts and what is asked), the city (each location with
its stock and its stack of movement markers, ``?`` when face down), the supply
(turn track, worker cards, and in the advanced variant the player order and the
construction expo) and one panel per player (storehouse, money, markers in hand,
workers, privilege cards and the house, ground floor at the bottom).

``legal`` lists the seat's legal actions as ``{"index", "text", "action"}``.
Each one with a natural place on the drawing is drawn there as
``<g class="act" data-index="...">`` holding a ``<title>`` with the action's
text: a marker value on a location, a count to take at the store being
resolved, an office benefit, a worker or privilege card, a free spot of the
house (dashed; split in two when two parts may go there), a crew of worker
cards. The others (start or finish building, ...) are left to the client's
list of buttons, and so is giving up a built part, so that no click on the
house itself destroys anything.

It reads only the observation, so it can show no more than that seat may see, and
names what the game's content names: the locations (with their kind and material),
the house parts (``part_names``) and the cards as the observation carries them.

The house is drawn by svg_house.py, the city's arrangement found by city.py, and
what every game draws alike (the frame, the header, chips, tokens) by the kit,
core/draw.
"""

from __future__ import annotations

from typing import Any

from ...core.draw import (
    INK,
    MUTED,
    NO_ACTS,
    Acts,
    Box,
    Legal,
    Theme,
    act,
    asks,
    bold,
    caption,
    card_face,
    chips,
    circle,
    document,
    el,
    explained,
    ghost,
    header,
    maybe_act,
    muted,
    player_colour,
    player_ink,
    player_name,
    rect,
    text,
    text_width,
    token,
    wrap,
)
from .city import grid
from .svg_house import MATERIAL_COLOURS, PATTERNS, house, part_icon

Json = dict[str, Any]

WIDTH = 1200
CARD_COLOURS = {"green": "#8ccf8f", "pink": "#f3b1c8", "blue": "#9cc2ee", "yellow": "#f2dd7a"}
BOARD, EDGE = "#efe6d4", "#8b7d6b"
THEME = Theme("mrhouse", paper="#fbf8f2", edge=EDGE)
# the city: a 3 x 3 grid (city.py) of three columns' widths
CITY_COLUMNS = (180, 240, 180)
CITY_ROW = 120
TOP = 74  # below the header
PANELS_TOP = TOP + 3 * CITY_ROW + 16
LEFT_W = 236  # a player panel's column of facts; the house takes the rest


def svg(observation: Json, legal: list[Json]) -> str:
    """The table seen in ``observation``, with ``legal`` (the seat's legal actions as
    ``{"index", "text", "action"}``) clickable where they have a place."""
    obs = observation
    acts = Acts(legal)
    n = len(obs["players"])
    panel_w, panel_h = (WIDTH - 36) / 2, 400 if _advanced(obs) else 304
    height = PANELS_TOP + (n + 1) // 2 * (panel_h + 12)
    parts = _header(obs)
    parts += _city(obs, acts, Box(12, TOP, sum(CITY_COLUMNS), 3 * CITY_ROW))
    parts += _supply(obs, acts, Box(632, TOP, WIDTH - 644, 3 * CITY_ROW))
    for pl in range(n):
        x = 12 + pl % 2 * (panel_w + 12)
        y = PANELS_TOP + pl // 2 * (panel_h + 12)
        parts += _player(obs, pl, acts, Box(x, y, panel_w, panel_h))
    return document(THEME, WIDTH, height, _title(obs), parts, PATTERNS)


def _advanced(obs: Json) -> bool:
    return "prices" in obs["board"]


def _disc(pl: int, cx: float, cy: float, label: object, r: float = 11) -> list[str]:
    """A player's disc (a movement marker, a place in the order) with a label."""
    return token(cx, cy, label, player_colour(pl), player_ink(pl), r)


# -- the header ---------------------------------------------------------------------------
def _title(obs: Json) -> str:
    variant = "advanced" if _advanced(obs) else "basic"
    return f"Mr House ({variant}) - turn {obs['turn']} of {obs['turns']} - {obs['phase']}"


def _header(obs: Json) -> list[str]:
    who, you = obs["acting"], obs["you"]
    if not who:
        status = "The game is over."
    elif you in who:
        status = f"Your move ({player_name(obs, you)}): {_asked(obs)}"
    else:
        status = ", ".join(player_name(obs, pl) for pl in who) + f" to act: {_asked(obs)}"
    seat = "spectator" if you is None else f"you are {player_name(obs, you)}"
    parts = header(THEME, WIDTH, _title(obs), status, ("", seat))
    for i, pl in enumerate(who):
        parts.append(circle(WIDTH - 24 - 22 * i, 22, 8, fill=player_colour(pl), stroke="#fff"))
    return parts


def _asked(obs: Json) -> str:
    here = _location_name(obs, obs.get("purchase", {}).get("location"))
    pending = obs.get("construction", {}).get("pending") or {}
    part = obs["part_names"].get(pending.get("part", ""), "part")
    part += " of the garage" if pending.get("column", 0) < 0 else ""
    asked = obs.get("asked") or obs["phase"]  # the basic variant says only its phase
    return {
        "move": "place a movement marker",
        "movement": "place a movement marker",
        "buy": f"buy at the {here}",
        "purchases": f"take materials at the {here}",
        "office": "choose a benefit at the office",
        "hire": "hire worker cards",
        "expo": "choose a privilege card",
        "receipt": "keep the privilege card or cash it in",
        "build": "build house parts",
        "crew": f"choose the crew for the {part}",
        "construction: preparing": "prepare materials for house parts",
        "construction: rolling": "roll for the prepared parts",
    }.get(asked, str(asked))


def _location_name(obs: Json, number: object) -> str:
    names = {loc["number"]: str(loc["name"]) for loc in obs["board"]["locations"]}
    return names.get(number, "location")


# -- the city -----------------------------------------------------------------------------
def _city(obs: Json, acts: Acts, box: Box) -> list[str]:
    parts = [rect(Box(box.x - 4, box.y - 4, box.w + 8, box.h + 8), rx=8, fill="#d8ccb4")]
    for loc, cell in _cells(obs["board"]["locations"], box):
        parts += _location(obs, loc, acts, cell)
    return parts


def _cells(locations: list[Json], box: Box) -> list[tuple[Json, Box]]:
    """Each location with its square: the city is a 3 x 3 grid whose orthogonal
    neighbours are the adjacent locations (``city.grid``); if the adjacency fits no such
    grid, the locations in reading order."""
    places = grid(tuple((loc["number"], tuple(loc["adjacent"])) for loc in locations))
    if places is None:
        per_row = 3 if len(locations) <= 9 else 4
        w, h = box.w / per_row, box.h / ((len(locations) + per_row - 1) // per_row)
        return [
            (loc, Box(box.x + i % per_row * w, box.y + i // per_row * h, w, h))
            for i, loc in enumerate(locations)
        ]
    xs = [box.x + sum(CITY_COLUMNS[:i]) for i in range(3)]
    out = []
    for loc in locations:
        col, row, half = places[loc["number"]]
        x, w = xs[col], CITY_COLUMNS[col]
        if half is not None:  # a square shared by two locations
            w /= 2
            x += w * half
        out.append((loc, Box(x, box.y + row * CITY_ROW, w, CITY_ROW)))
    return out


def _location(obs: Json, loc: Json, acts: Acts, cell: Box) -> list[str]:
    box = Box(cell.x + 3, cell.y + 3, cell.w - 6, cell.h - 6)
    purchase = obs.get("purchase", {})
    current = purchase.get("location") == loc["number"]
    frame = {"fill": "#fff7df", "stroke": "#e08a00", "stroke_width": 3} if current else {}
    parts = [rect(box, rx=6, **({"fill": BOARD, "stroke": EDGE} | frame))]
    parts.append(circle(box.x + 14, box.y + 14, 10, fill="#4a4036"))
    parts.append(text(box.x + 14, box.y + 18.5, loc["number"], 12, "middle", fill="#fff"))
    for i, row in enumerate(wrap(str(loc["name"]), box.w - 34, 13)[:2]):
        parts.append(bold(box.x + 29, box.y + 19 + 14 * i, row))
    parts += _location_info(obs, loc, Box(box.x + 8, box.y + 38, box.w - 16, 16))
    resolving = purchase.get("marker") if current else None
    for i, marker in enumerate(loc["markers"]):  # in the order placed (the order resolved)
        cx, cy = box.x + 17 + 25 * i, box.y + 70
        if i == resolving:
            parts.append(circle(cx, cy, 14.5, fill="none", stroke="#e08a00", stroke_width=3))
        value = "?" if marker["value"] is None else marker["value"]
        disc = "".join(_disc(marker["player"], cx, cy, value))
        about = (
            f"{player_name(obs, marker['player'])}'s movement marker: "
            + ("face down until its stack is turned over" if value == "?"
               else f"{value}: at most {value} item{'s' * (value != 1)} here")
        )  # fmt: skip
        marker_g = el("g", disc, class_="marker", data_player=marker["player"])
        parts.append(explained(about, marker_g))
    parts += _location_actions(obs, loc, acts, Box(box.x + 6, box.y + 88, box.w - 12, 24))
    drawn = el("g", "".join(parts), class_="location", data_location=loc["number"])
    about = _about_location(obs, loc)
    place = _place_to_ask(obs, loc, acts)
    return [asks(place, about, drawn) if place else explained(about, drawn)]


def _about_location(obs: Json, loc: Json) -> str:
    """What the location gives, in the rulebook's words (a tooltip)."""
    kind, material = loc["kind"], loc["material"]
    if _advanced(obs):
        about = {
            "store": f"buy up to your marker's number of {material}, at the price table's "
            "price, first marker placed first",
            "office": "2 players gain a benefit: a building permit, a quality point or "
            "4 × their marker in money",
            "work_notice_board": "hire as many worker cards as your marker's number, paying "
            "their price; each star raises your quality",
            "construction_expo": "the highest non-0 marker chooses one of the 2 current "
            "privilege cards, the second highest gets the other",
            "player_order": "non-0 markers here move to the front of the player order, "
            "first placed first",
        }
    else:
        about = {
            "store": f"take up to your marker's number of {material}, free, first marker "
            "placed first, while they last",
            "office": "a building permit for the first non-0 marker whose player has none",
            "bank": "1 coin to each non-0 marker; a coin buys 1 extra material (not a "
            f"{obs['part_names']['window']} or a {obs['part_names']['door']}) at any time "
            "during your move",
            "work_notice_board": "1 worker card to each non-0 marker while they last; "
            "each worker adds 1 to your quality",
        }
    return f"{loc['number']}. {loc['name']}: {about.get(kind, kind)}. A 0 marker gets nothing."


def _place_to_ask(obs: Json, loc: Json, acts: Acts) -> Json | None:
    """While the seat places its markers, a location where it may not place one (the
    client asks the server why not): placing its lowest marker there."""
    you = obs["you"]
    hand = obs["players"][you].get("hand") if you is not None else None
    if obs["phase"] != "movement" or not hand or acts.matching("place", location=loc["number"]):
        return None
    return {"kind": "place", "value": min(hand), "location": loc["number"]}


def _location_info(obs: Json, loc: Json, box: Box) -> list[str]:
    """One line about what the location offers: a store's stock (and price)."""
    board, kind, material = obs["board"], loc["kind"], loc["material"]
    if kind == "store" and material in board["stores"] and material in MATERIAL_COLOURS:
        stock = board["stores"][material]
        colour = MATERIAL_COLOURS[material]
        shown = min(stock, 10)
        parts = [
            rect(Box(box.x + 8 * i, box.y + 2, 6, 10), fill=colour, stroke="#0006")
            for i in range(shown)
        ]
        label = f"{stock} left"
        if "prices" in board:
            label += f" · price {board['prices'].get(material, '?')}"
        return [*parts, text(box.x + 8 * shown + 4, box.y + 11, label, 11)]
    if not _advanced(obs) and kind == "work_notice_board":
        n = board["worker_cards"]
        parts = [rect(Box(box.x + 12 * i, box.y, 9, 13), rx=1.5, fill="#7a6a58") for i in range(n)]
        return [*parts, text(box.x + 12 * n + 4, box.y + 11, f"{n} face down", 11)]
    info = {"bank": "1 coin each", "office": "a building permit"}
    if _advanced(obs):
        benefits = board["office_benefits"]
        info = {
            "office": f"{benefits} benefit{'s' * (benefits != 1)}",
            "work_notice_board": "hire worker cards",
            "construction_expo": "privilege cards",
            "player_order": "go first",
        }
    return [text(box.x, box.y + 11, info[kind], 11, fill=MUTED)] if kind in info else []


def _location_actions(obs: Json, loc: Json, acts: Acts, box: Box) -> list[str]:
    """The legal actions that happen at this location, along its foot: ghost markers to
    place, or chips for the purchase being resolved here."""
    places = sorted(acts.matching("place", location=loc["number"]), key=_value)
    if places:
        colour = player_colour(obs["you"] or 0)
        parts = [muted(box.x, box.y + 16, "place:", 11)]
        for i, item in enumerate(places):
            cx, cy = box.x + 50 + 25 * i, box.y + 12
            marker = circle(cx, cy, 11, **ghost(fill=colour, fill_opacity=0.35))
            parts.append(act(item, marker, bold(cx, cy + 4.5, _value(item), 13, "middle")))
        return parts
    if obs.get("purchase", {}).get("location") != loc["number"]:
        return []
    counts = sorted(acts.matching("take") + acts.matching("buy"), key=_count)
    if counts:
        return _count_chips(counts, box)
    benefits = {"permit": "permit", "quality": "+1 quality", "money": "money"}
    offered = [(benefits.get(a.action["benefit"], "?"), a) for a in acts.of("office")]
    offered += [("hire no more", a) for a in acts.of("stop-hiring")]
    offered += [(f"{a.action['choice']} card", a) for a in acts.of("receipt")]
    return chips(offered, box)


def _count_chips(counts: list[Legal], box: Box) -> list[str]:
    """How many to take (basic) or buy (advanced) at the store being resolved."""
    parts = [muted(box.x, box.y + 16, counts[0].action["kind"] + ":", 11)]
    step = min(30.0, (box.w - 36) / len(counts))
    for i, item in enumerate(counts):
        chip = Box(box.x + 36 + step * i, box.y + 2, step - 4, 20)
        label = bold(chip.x + chip.w / 2, chip.y + 14.5, _count(item), 13, "middle")
        parts.append(act(item, rect(chip, rx=6, **ghost()), label))
    return parts


def _count(item: Legal) -> int:
    return int(item.action["count"])


def _value(item: Legal) -> int:
    return int(item.action["value"])


# -- the supply -----------------------------------------------------------------------------
def _supply(obs: Json, acts: Acts, box: Box) -> list[str]:
    inner = Box(box.x + 14, box.y + 12, box.w - 28, box.h - 24)
    parts = [rect(box, rx=8, fill=BOARD, stroke=EDGE)]
    parts += _turn_track(obs, Box(inner.x, inner.y, inner.w, 30))
    if _advanced(obs):
        parts += _order(obs, Box(inner.x, inner.y + 40, inner.w, 30))
        parts += _offer(obs, acts, Box(inner.x, inner.y + 80, inner.w, 96))
        parts += _expo(obs, acts, Box(inner.x, inner.y + 186, inner.w, 104))
    else:
        parts += _order(obs, Box(inner.x, inner.y + 40, inner.w, 30))
        parts += _basic_supply(obs, Box(inner.x, inner.y + 84, inner.w, 150))
    parts += _legend(
        obs["part_names"], Box(inner.x, inner.y + inner.h - 32, inner.w, 32), _prepares(obs, acts)
    )
    return parts


def _prepares(obs: Json, acts: Acts) -> dict[str, Json]:
    """While the seat prepares its groups (basic), the parts it may not prepare: the
    legend asks why not (the materials it lacks)."""
    if obs["phase"] != "construction: preparing" or not _asking(obs, acts):
        return {}
    ready = {a.action["part"] for a in acts.of("prepare")}
    return {part: {"kind": "prepare", "part": part} for part in obs["part_names"]
            if part not in ready and part != "ceramic_roof"}  # fmt: skip


def _turn_track(obs: Json, box: Box) -> list[str]:
    parts = [bold(box.x, box.y + 20, "Turn", 14)]
    for t in range(1, obs["turns"] + 1):
        on = t == obs["turn"]
        cell = Box(box.x + 50 + 34 * (t - 1), box.y + 2, 28, 26)
        parts.append(rect(cell, rx=4, fill="#34495e" if on else "#fff", stroke=EDGE))
        parts.append(text(cell.x + 14, cell.y + 18, t, 13, "middle", fill="#fff" if on else INK))
    parts.append(text(box.x + 60 + 34 * obs["turns"], box.y + 20, f"phase: {obs['phase']}"))
    return parts


def _basic_supply(obs: Json, box: Box) -> list[str]:
    board = obs["board"]
    parts = [
        bold(box.x, box.y + 14, "Worker cards", 14),
        text(
            box.x,
            box.y + 34,
            f"{board['worker_cards']} face down on the work notice board, "
            f"{board['worker_deck']} in the deck",
            12,
        ),
        bold(box.x, box.y + 70, "Stores", 14),
    ]
    for i, (material, colour) in enumerate(MATERIAL_COLOURS.items()):
        x, y = box.x + i % 3 * 150, box.y + 84 + i // 3 * 24
        parts.append(rect(Box(x, y, 14, 14), rx=2, fill=colour, stroke="#0006"))
        parts.append(text(x + 20, y + 12, f"{material}: {board['stores'].get(material, 0)}", 12))
    return parts


def _order(obs: Json, box: Box) -> list[str]:
    """The order of play: the basic variant's clockwise from the first player; the
    advanced variant's and its player order track."""
    n, first = len(obs["players"]), obs["first_player"]
    order = obs.get("order") or [(first + i) % n for i in range(n)]
    parts = [bold(box.x, box.y + 20, "Order this turn")]
    for i, pl in enumerate(order):
        parts += _disc(pl, box.x + 122 + 26 * i, box.y + 15, i + 1, r=10)
    if "player_order_track" in obs:
        parts.append(bold(box.x + 250, box.y + 20, "order track"))
        for i, pl in enumerate(obs["player_order_track"]):
            parts += _disc(pl, box.x + 348 + 26 * i, box.y + 15, i + 1, r=10)
    return parts


def _offer(obs: Json, acts: Acts, box: Box) -> list[str]:
    board = obs["board"]
    parts = [bold(box.x, box.y + 14, f"Work notice board ({board['worker_deck']} in the deck)")]
    asking = _asking(obs, acts)
    for i, card in enumerate(board["worker_cards"]):
        drawn = _worker_card(card, Box(box.x + 80 * i, box.y + 22, 72, 70))
        n, stars = card["workers"], card["stars"]
        about = (
            f"worker card: {n} worker{'s' * (n != 1)} for a crew, {stars} star"
            f"{'s' * (stars != 1)} (each raises your quality when hired), price {card['price']}"
        )
        ask = {"kind": "hire", "card": card["card"]} if asking else None
        parts += maybe_act(acts.find("hire", card=card["card"]), drawn, ask, about)
    if not board["worker_cards"]:
        parts.append(text(box.x, box.y + 50, "no cards on offer", 12))
    return parts


def _asking(obs: Json, acts: Acts) -> bool:
    """Whether the seat is to act: its parts that are not legal now ask why not."""
    return bool(acts) and obs["you"] in obs["acting"]


def _stars(stars: int) -> str:
    return "★" * stars if 0 <= stars <= 4 else f"{stars}★"


def _worker_card(card: Json, cell: Box) -> list[str]:
    """A worker card on offer: workers, stars and price (less the coins on it)."""
    cx, n, stars = cell.x + cell.w / 2, card["workers"], card["stars"]
    parts = [
        card_face(cell, "#fffdf7", EDGE, rx=5),
        text(cx, cell.y + 20, f"{n} worker{'s' * (n != 1)}", 12, "middle"),
        text(
            cx,
            cell.y + 38,
            _stars(stars) if stars else "no star",
            13 if stars else 11,
            "middle",
            fill="#b8860b" if stars else MUTED,
        ),
        circle(cx, cell.y + 55, 10, fill="#f2c94c", stroke="#a07800"),
        bold(cx, cell.y + 59.5, card["price"], 12, "middle"),
    ]
    if card.get("coins"):
        parts.append(text(cell.x + cell.w - 4, cell.y + 65, f"-{card['coins']}", 10, "end"))
    return parts


def _expo(obs: Json, acts: Acts, box: Box) -> list[str]:
    board = obs["board"]
    deck = board.get("privilege_deck", 0)
    parts = [bold(box.x, box.y + 14, f"Construction expo ({deck} cards in the deck)")]
    rows = (("now", board["expo_current"], acts), ("next", board["expo_future"], NO_ACTS))
    asking = _asking(obs, acts)
    for row, (label, cards, choices) in enumerate(rows):
        y = box.y + 22 + row * 42
        parts.append(muted(box.x, y + 23, label))
        for i, card in enumerate(cards):
            drawn = _privilege_card(card, Box(box.x + 40 + 232 * i, y, 224, 36))
            ask = {"kind": "choose-privilege", "card": card["card"]} if asking else None
            about = _privilege_about(card) + (" (on offer next turn)" if row else "")
            item = choices.find("choose-privilege", card=card["card"])
            parts += maybe_act(item, drawn, ask if not row else None, about)
        if not cards:
            parts.append(text(box.x + 40, y + 23, "none", 12))
    return parts


def _privilege_about(card: Json) -> str:
    """A privilege card's tooltip: its name and colour, and what it does."""
    return f"privilege card {card['name']} ({card['colour']}): {card.get('does', '')}".rstrip(": ")


def _privilege_card(card: Json, cell: Box, size: float = 12) -> list[str]:
    fill = CARD_COLOURS.get(str(card.get("colour")), "#ddd")
    parts = [card_face(cell, fill, EDGE, rx=5)]
    lines = wrap(f"{card['name']} ({card['colour']})", cell.w - 12, size)
    if len(lines) > 2:
        lines = wrap(str(card["name"]), cell.w - 12, size)[:2]
    y0 = cell.y + cell.h / 2 - (len(lines) - 1) * (size + 1) / 2 + size * 0.36
    parts += [text(cell.x + 6, y0 + i * (size + 1), row, size) for i, row in enumerate(lines)]
    return parts


def _legend(names: dict[str, str], box: Box, prepare: dict[str, Json] | None = None) -> list[str]:
    """The house parts' pictures with their names (``names``: part id -> name); in
    ``prepare``, the parts the seat may be asked why it cannot prepare (basic)."""
    prepare = prepare or {}
    parts = [bold(box.x, box.y + 12, "House parts", 12)]
    x = box.x
    for part in ("wood_wall", "brick_wall", "roof", "ceramic_roof", "chimney", "window", "door"):
        drawn = [*part_icon(part, x, box.y + 18), text(x + 20, box.y + 30, names[part], 11)]
        about = f"{names[part]}: {PART_RULES[part].format_map(names)}"
        parts += maybe_act(None, drawn, prepare.get(part), about)
        x += 28 + text_width(names[part], 11)
    return parts


#: where each house part may go, in the rulebook's words (the legend's tooltips), the
#: parts named as the game's content names them
PART_RULES = {
    "wood_wall": "it stands on the ground or on the top wall of a column without a {roof}",
    "brick_wall": "it stands on the ground or on the top wall of a column without a {roof}",
    "roof": "it can only be placed on an already built wall",
    "ceramic_roof": "an improved {roof}, placed like one on an already built wall",
    "chimney": "it can only be placed on a {roof}, one per {roof}",
    "window": "a wall can have up to 2, and not a {door} too",
    "door": "the whole house can have only 1, on a wall without a {window}",
}


# -- the players ------------------------------------------------------------------------------
def _player(obs: Json, pl: int, acts: Acts, box: Box) -> list[str]:
    entry = obs["players"][pl]
    acts = acts if pl == obs["you"] else NO_ACTS  # a seat's actions go on its own panel
    acting = pl in obs["acting"]
    parts = [
        rect(
            box,
            rx=8,
            fill="#fff",
            stroke=player_colour(pl) if acting else EDGE,
            stroke_width=3 if acting else 1,
        ),
        rect(Box(box.x, box.y, box.w, 28), rx=8, fill=player_colour(pl)),
        rect(Box(box.x, box.y + 14, box.w, 14), fill=player_colour(pl)),
    ]
    tags = [
        ("you", pl == obs["you"]),
        ("to act", acting),
        ("first player", pl == obs.get("first_player")),
    ]
    title = player_name(obs, pl) + "".join(f" · {tag}" for tag, on in tags if on)
    parts.append(text(box.x + 12, box.y + 20, title, 15, fill=player_ink(pl), font_weight="bold"))
    left = Box(box.x + 12, box.y + 38, LEFT_W, box.h - 46)
    parts += _storehouse(entry, acts, left)
    row = Box(left.x, left.y + 70, left.w, 48)
    if _advanced(obs):
        parts += _advanced_stats(entry, acts, row)
    else:
        parts += _basic_stats(entry, obs["part_names"], row)
    parts += _hand(pl, entry, Box(left.x, left.y + 126, left.w, 24))
    con = obs.get("construction", {})
    if _advanced(obs):
        parts += _crew(entry, acts, Box(left.x, left.y + 160, left.w, 90))
        parts += _privileges(entry, acts, Box(left.x, left.y + 256, left.w, 96))
    elif con.get("builder") == pl:
        groups, names = con.get("groups", []), obs["part_names"]
        parts += _groups(groups, names, acts, Box(left.x, left.y + 162, left.w, 80))
    pending = con.get("pending") if con.get("builder") == pl else None
    right = Box(left.x + left.w + 10, box.y + 34, box.x + box.w - left.x - left.w - 16, box.h - 40)
    parts += house(entry, acts, pending, right)
    return [el("g", "".join(parts), class_="player", data_player=pl)]


def _storehouse(entry: Json, acts: Acts, box: Box) -> list[str]:
    """The materials; in the basic variant a "+" on each one a coin may buy."""
    coin = " (+: a coin for 1 more)" if acts.matching("spend-coin") else ""
    parts = [caption(box.x, box.y + 12, "Storehouse" + coin)]
    for i, (material, n) in enumerate(entry["materials"].items()):
        x, y = box.x + i % 3 * 80, box.y + 20 + i // 3 * 22
        parts.append(
            rect(
                Box(x, y, 14, 14), rx=2, fill=MATERIAL_COLOURS.get(material, "#ccc"), stroke="#0006"
            )
        )
        parts.append(text(x + 19, y + 12, f"{material} {n}", 12))
        for item in acts.matching("spend-coin", material=material):  # on the swatch
            plus = bold(x + 7, y + 11.5, "+", 13, "middle")
            parts.append(act(item, circle(x + 7, y + 7, 8.5, **ghost(small=True)), plus))
    return parts


#: a badge: its label, the legal action it stands for, what it means (a tooltip) and
#: the action to ask about when it is not legal
Badge = tuple[str, Legal | None, str, Json | None]

PERMIT = "a building permit (from the office): a complete house needs one"


def _badges(items: list[Badge], box: Box) -> list[str]:
    """Rounded labels two to a row; those standing for an action are clickable."""
    parts, w = [], (box.w - 6) / 2
    for i, (label, item, about, ask) in enumerate(items):
        badge = Box(box.x + i % 2 * (w + 6), box.y + i // 2 * 26, w, 22)
        look = ghost() if item else {"fill": "#f1ece3", "stroke": "#d5cab8"}
        centre = badge.x + w / 2, badge.y + 15.5
        drawn = [rect(badge, rx=11, **look), text(*centre, label, 12, "middle")]
        parts += maybe_act(item, drawn, ask, about)
    return parts


def _basic_stats(entry: Json, names: dict[str, str], box: Box) -> list[str]:
    permit = "permit ✓" if entry["permit"] else "no permit"
    q = entry["quality"]
    return _badges(
        [
            (f"coins {entry['coins']}", None, f"a coin buys 1 extra material (not a "
             f"{names['window']} or a {names['door']}) at any time during your move; the most "
             "unused coins score 2 points, the second most 1", None),
            (permit, None, PERMIT, None),
            (f"worker cards {entry['workers']}", None, "each worker card adds 1 to your "
             "quality", None),
            (f"quality {q}", None, f"quality = 1 + your workers: each house part's die roll "
             f"must be {q} or less to succeed", None),
        ],
        box,
    )  # fmt: skip


def _advanced_stats(entry: Json, acts: Acts, box: Box) -> list[str]:
    permit = "permit ✓" if entry["permit"] else "no permit"
    repay = None if acts.find("repay-loan") or not acts else {"kind": "repay-loan"}
    return _badges(
        [
            (f"money {entry['money']}", None, "money pays for materials and worker cards; "
             "at 0 or below you take a loan (+20) at once", None),
            (f"loans {entry['loans']}", acts.find("repay-loan"), "a loan costs points at "
             "the end (1 loan -1, 2 -2, 3 -4, 4 -6, 5 -9, 6+ -12; none: +1); repay one for "
             "20 money", repay),
            (f"quality {entry['quality']}", None, "your place on the quality track: it "
             "scores at the end; hired stars, the office and privilege cards raise it", None),
            (permit, None, PERMIT, None),
        ],
        box,
    )  # fmt: skip


def _hand(pl: int, entry: Json, box: Box) -> list[str]:
    """Movement markers in hand: their values for their owner, else face down."""
    parts = [muted(box.x, box.y + 16, "In hand:")]
    values = entry.get("hand")
    shown: list[object] = list(values) if values is not None else ["?"] * entry["hand_size"]
    for i, value in enumerate(shown):
        parts += _disc(pl, box.x + 68 + 25 * i, box.y + 11, value, r=10.5)
    if not shown:
        parts.append(text(box.x + 60, box.y + 16, "none", 12))
    return parts


def _crew(entry: Json, acts: Acts, box: Box) -> list[str]:
    """The printed worker and the card spaces. A crew of one card is chosen on the card,
    larger crews by chips below (P is the printed worker, 1-4 the spaces)."""
    crews = acts.of("crew")
    one_card = {a.action["slots"]: a for a in crews if a.action["slots"].bit_count() == 1}
    slots = [{"workers": 1, "stars": 0, "tired": entry["printed_worker_tired"]}]
    slots += entry["worker_cards"]
    w = min(46.0, (box.w - 4 * (len(slots) - 1)) / len(slots))
    parts = [caption(box.x, box.y + 12, "Workers")]
    for i, card in enumerate(slots):
        cell = Box(box.x + (w + 4) * i, box.y + 18, w, 46)
        if card is None:
            empty = rect(cell, rx=4, fill="none", stroke="#cfc5b5", stroke_dasharray="3 3")
            parts.append(explained(f"space {i}: a worker card hired goes here", empty))
        else:
            n = card["workers"]
            about = (
                ("the printed worker" if i == 0 else f"the worker card in space {i}")
                + f": {n} worker{'s' * (n != 1)}; a crew of one or more cards builds a part, "
                "each card one part a turn"
                + (" (tired: it worked this turn)" if card.get("tired") else "")
            )
            drawn = _small_worker(card, cell, printed=i == 0)
            parts += maybe_act(one_card.get(1 << i), drawn, title=about)
    groups = [
        ("+".join("P" if i == 0 else str(i) for i in range(8) if a.action["slots"] >> i & 1), a)
        for a in crews
        if a.action["slots"].bit_count() > 1
    ]
    return parts + chips(groups, Box(box.x, box.y + 66, box.w, 24))


def _small_worker(card: Json, cell: Box, printed: bool) -> list[str]:
    tired = bool(card.get("tired"))
    fill = "#d7d0c4" if tired else "#f3ead8" if printed else "#fffdf7"
    cx = cell.x + cell.w / 2
    parts = [
        card_face(cell, fill, EDGE, rx=4),
        bold(cx, cell.y + 15, f"{card['workers']}w", 12, "middle"),
    ]
    if printed:
        parts.append(text(cx, cell.y + 29, "printed", 10, "middle", fill=MUTED))
    elif card.get("stars"):
        parts.append(text(cx, cell.y + 29, _stars(card["stars"]), 10, "middle", fill="#b8860b"))
    if tired:
        parts.append(text(cx, cell.y + 42, "tired", 10, "middle", fill=MUTED))
    return parts


def _privileges(entry: Json, acts: Acts, box: Box) -> list[str]:
    cards = entry["privileges"]
    parts = [caption(box.x, box.y + 12, "Privilege cards")]
    if not cards:
        parts.append(text(box.x + 100, box.y + 12, "none", 12))
    per_column = 3 if len(cards) <= 6 else 4
    columns = max(1, (len(cards) + per_column - 1) // per_column)
    w = (box.w - 4 * (columns - 1)) / columns
    h = min(24.0, (box.h - 20) / per_column - 3)
    for i, card in enumerate(cards):
        cell = Box(
            box.x + (w + 4) * (i // per_column), box.y + 20 + (h + 3) * (i % per_column), w, h
        )
        drawn = _privilege_card(card, cell, size=10 if columns > 1 else 11)
        ask = {"kind": "use-privilege", "card": card["card"]} if acts else None
        item = acts.find("use-privilege", card=card["card"])
        parts += maybe_act(item, drawn, ask, _privilege_about(card))
    return parts


def _groups(groups: list[str], names: dict[str, str], acts: Acts, box: Box) -> list[str]:
    """The basic variant's prepared groups, and chips to prepare more."""
    parts = [caption(box.x, box.y + 16, "Prepared:")]
    for i, part in enumerate(groups):
        parts += part_icon(part, box.x + 66 + 20 * i, box.y + 4)
    if not groups:
        parts.append(text(box.x + 66, box.y + 16, "nothing yet", 12))
    offered = [(names.get(a.action["part"], "?"), a) for a in acts.of("prepare")]
    return parts + chips(offered, Box(box.x, box.y + 26, box.w, 48), rows=2)
