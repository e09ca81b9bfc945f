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
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from ...core.svg import (
    Box,
    Legal,
    act as _act,
    circle as _circle,
    el as _el,
    line as _line,
    maybe_act as _maybe_act,
    num as _num,
    rect as _rect,
    text_width as _text_width,
)

Json = dict[str, Any]

WIDTH = 1200
PLAYER_COLOURS = ("#d33", "#36c", "#2a2", "#c8a800")
PLAYER_INK = ("#fff", "#fff", "#fff", "#222")  # text on a player's colour
MATERIAL_COLOURS = {
    "wood": "#b07a45",
    "brick": "#b5523b",
    "cement": "#a3a3a3",
    "steel": "#5f7d95",
    "window": "#9fd3ee",
    "door": "#6b4226",
}
CARD_COLOURS = {"green": "#8ccf8f", "pink": "#f3b1c8", "blue": "#9cc2ee", "yellow": "#f2dd7a"}
WALL_FILLS = {"wood_wall": "url(#mh-wood)", "brick_wall": "url(#mh-brick)"}
ROOF_FILLS = {"roof": "#8a949e", "ceramic_roof": "url(#mh-tiles)"}
INK, MUTED, PAPER, BOARD, EDGE = "#2b2b2b", "#6b5f52", "#fbf8f2", "#efe6d4", "#8b7d6b"
SOLID = {"stroke": "#333", "stroke_width": 1.2}
GHOST = {"class_": "ghost", "fill": "#fff1cc", "stroke": "#e08a00", "stroke_width": 1.5}
STYLE = (
    "svg.mrhouse .act{cursor:pointer}"
    "svg.mrhouse .act:hover .ghost{fill:#ffd27a;stroke:#b35f00}"
    "svg.mrhouse .act:hover .card{stroke:#e08a00;stroke-width:3}"
)

# The city: the rulebook's 3 x 3 grid by location number (data.toml's proposed
# geometry), drawn whenever the game's adjacency fits it (see _grid); in the advanced
# variant 1 and 10 share the centre square.
CITY_COLUMNS = (180, 240, 180)
CITY_ROW = 120
GRID = {9: (0, 0), 2: (1, 0), 3: (2, 0), 8: (0, 1), 1: (1, 1), 4: (2, 1), 7: (0, 2), 6: (1, 2)}
GRID[5] = (2, 2)
TOP = 74  # below the header
PANELS_TOP = TOP + 3 * CITY_ROW + 16
LEFT_W = 236  # a player panel's column of facts; the house takes the rest


def svg(observation: Json, legal: list[Json]) -> str:
    """The table seen in ``observation``, with ``legal`` (the seat's legal actions as
    ``{"index", "text", "action"}``) clickable where they have a place."""
    obs = observation
    acts = [Legal(int(a["index"]), str(a["text"]), a["action"]) for a in legal]
    n = len(obs["players"])
    panel_w, panel_h = (WIDTH - 36) / 2, 400 if _advanced(obs) else 304
    height = PANELS_TOP + (n + 1) // 2 * (panel_h + 12)
    parts = [_defs(), _rect(Box(0, 0, WIDTH, height), fill=PAPER), *_header(obs)]
    parts += _city(obs, acts, Box(12, TOP, sum(CITY_COLUMNS), 3 * CITY_ROW))
    parts += _supply(obs, acts, Box(632, TOP, WIDTH - 644, 3 * CITY_ROW))
    for pl in range(n):
        x = 12 + pl % 2 * (panel_w + 12)
        y = PANELS_TOP + pl // 2 * (panel_h + 12)
        parts += _player(obs, pl, acts, Box(x, y, panel_w, panel_h))
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mrhouse" viewBox="0 0 {WIDTH} {height}"'
        f' width="100%" font-family="sans-serif" role="img" aria-label={quoteattr(_title(obs))}>'
    )
    return "\n".join([head, *parts, "</svg>"]) + "\n"


# -- SVG helpers ------------------------------------------------------------------------
def _text(
    x: float, y: float, s: object, size: float = 13, anchor: str | None = None, **attrs: Any
) -> str:
    attrs = {"fill": INK, **attrs}
    return _el("text", escape(str(s)), x=x, y=y, font_size=size, text_anchor=anchor, **attrs)


def _bold(x: float, y: float, s: object, size: float = 13, anchor: str | None = None) -> str:
    return _text(x, y, s, size, anchor, font_weight="bold")


def _muted(x: float, y: float, s: object, size: float = 12) -> str:
    return _text(x, y, s, size, fill=MUTED)


def _caption(x: float, y: float, s: str) -> str:
    return _text(x, y, s, 12, font_weight="bold", fill=MUTED)


def _path(points: Iterable[tuple[float, float]], **attrs: Any) -> str:
    """A closed polygon through ``points``."""
    d = "M" + "L".join(f"{_num(float(x))} {_num(float(y))}" for x, y in points) + "Z"
    return _el("path", d=d, **attrs)


def _ghost(small: bool = False, **attrs: Any) -> dict[str, Any]:
    """The look of a spot where something may go: dashed and warm."""
    return {**GHOST, "stroke_dasharray": "2 1.5" if small else "4 3", **attrs}


def _matching(acts: Iterable[Legal], kind: str, **fields: Any) -> list[Legal]:
    return [
        a
        for a in acts
        if a.action.get("kind") == kind and all(a.action.get(k) == v for k, v in fields.items())
    ]


def _first(acts: Iterable[Legal], kind: str, **fields: Any) -> Legal | None:
    found = _matching(acts, kind, **fields)
    return found[0] if found else None


def _wrap(s: str, width: float, size: float) -> list[str]:
    """``s`` in lines of at most ``width`` pixels (roughly) at font ``size``."""
    per_line = max(4, int(width / (0.56 * size)))
    lines: list[str] = []
    for word in s.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _defs() -> str:
    def pattern(name: str, w: int, h: int, fill: str, d: str, ink: str) -> str:
        body = _el("rect", width=w, height=h, fill=fill)
        body += _el("path", d=d, stroke=ink, stroke_width=0.8, fill="none")
        return _el("pattern", body, id=name, width=w, height=h, patternUnits="userSpaceOnUse")

    return _el(
        "defs",
        _el("style", STYLE)
        + pattern("mh-wood", 8, 8, "#d9a86c", "M0 0V8M4 0V8", "#a8743f")
        + pattern("mh-brick", 16, 8, "#c0603f", "M0 0H16M0 4H16M4 0V4M12 4V8", "#f1d9c8")
        + pattern("mh-tiles", 8, 6, "#c8502a", "M0 6Q2 3 4 6Q6 3 8 6", "#8e3518"),
    )


def _advanced(obs: Json) -> bool:
    return "prices" in obs["board"]


def _colour(pl: int) -> str:
    return PLAYER_COLOURS[pl % len(PLAYER_COLOURS)]


def _ink(pl: int) -> str:
    return PLAYER_INK[pl % len(PLAYER_INK)]


def _name(obs: Json, pl: int) -> str:
    return str(obs["players"][pl].get("name") or f"Player {pl}")


def _disc(pl: int, cx: float, cy: float, label: object, r: float = 11) -> list[str]:
    """A player's disc (a movement marker, a place in the order) with a label."""
    return [
        _circle(cx, cy, r, fill=_colour(pl), stroke="#0008"),
        _text(cx, cy + 4.5, label, 13, "middle", fill=_ink(pl), font_weight="bold"),
    ]


# -- the header ---------------------------------------------------------------------------
def _title(obs: Json) -> str:
    variant = "advanced" if _advanced(obs) else "basic"
    return f"Mr House ({variant}) - turn {obs['turn']} of {obs['turns']} - {obs['phase']}"


def _header(obs: Json) -> list[str]:
    who, you = obs["acting"], obs["you"]
    if not who:
        line = "The game is over."
    elif you in who:
        line = f"Your move ({_name(obs, you)}): {_asked(obs)}"
    else:
        line = ", ".join(_name(obs, pl) for pl in who) + f" to act: {_asked(obs)}"
    seat = "spectator" if you is None else f"you are {_name(obs, you)}"
    parts = [
        _rect(Box(0, 0, WIDTH, 60), fill="#34495e"),
        _text(16, 26, _title(obs), 19, fill="#fff", font_weight="bold"),
        _text(16, 49, line, 15, fill="#fff"),
        _text(WIDTH - 16, 49, seat, 14, "end", fill="#dfe6ec"),
    ]
    for i, pl in enumerate(who):
        parts.append(_circle(WIDTH - 24 - 22 * i, 22, 8, fill=_colour(pl), stroke="#fff"))
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
def _city(obs: Json, acts: list[Legal], box: Box) -> list[str]:
    parts = [_rect(Box(box.x - 4, box.y - 4, box.w + 8, box.h + 8), rx=8, fill="#d8ccb4")]
    for loc, cell in _cells(obs["board"]["locations"], box):
        parts += _location(obs, loc, acts, cell)
    return parts


def _cells(locations: list[Json], box: Box) -> list[tuple[Json, Box]]:
    """Each location with its square: the city is a 3 x 3 grid whose orthogonal
    neighbours are the adjacent locations (``_grid``); if the adjacency fits no such
    grid, the locations in reading order."""
    places = _grid(tuple((loc["number"], tuple(loc["adjacent"])) for loc in locations))
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


GridPlace = tuple[int, int, int | None]  # column, row, half (None: the whole square)
SQUARES = [(col, row) for row in range(3) for col in range(3)]


@lru_cache(maxsize=64)
def _grid(board: tuple[tuple[int, tuple[int, ...]], ...]) -> dict[int, GridPlace] | None:
    """Where each location of ``board`` ((number, adjacent numbers) each) goes on a 3 x 3
    grid whose orthogonal neighbours are exactly the adjacent locations; two locations
    adjacent to each other and to the same others (the advanced board's 1 and 10) share
    a square, the lower number on the left. The rulebook's arrangement (GRID) when it
    fits, else the first that does; None if none does."""
    adjacent = {number: set(others) for number, others in board}
    twin: dict[int, int] = {}  # the higher number of a shared square -> the lower
    for a in sorted(adjacent):
        for b in sorted(adjacent[a]):
            if a < b and a not in twin and adjacent[a] - {b} == adjacent.get(b, set()) - {a}:
                twin[b] = a
    nodes = [n for n in sorted(adjacent) if n not in twin]
    links = {n: {twin.get(m, m) for m in adjacent[n] if twin.get(m, m) != n} for n in nodes}
    if len(nodes) != len(SQUARES):
        return None

    def fits(square: dict[int, tuple[int, int]]) -> bool:
        return all(
            (abs(square[a][0] - square[b][0]) + abs(square[a][1] - square[b][1]) == 1)
            == (b in links[a])
            for a in square
            for b in square
            if a < b
        )

    rulebook = {n: GRID[n] for n in nodes if n in GRID}
    found = rulebook if len(rulebook) == len(nodes) and fits(rulebook) else _search(nodes, links)
    if found is None:
        return None
    places: dict[int, GridPlace] = {n: (*found[n], None) for n in nodes}
    for b, a in twin.items():
        places[a], places[b] = (*found[a], 0), (*found[a], 1)
    return places


def _search(nodes: list[int], links: dict[int, set[int]]) -> dict[int, tuple[int, int]] | None:
    """The first assignment of ``nodes`` to the grid's squares (backtracking in order)
    under which neighbouring squares are exactly the linked nodes."""
    square: dict[int, tuple[int, int]] = {}

    def place(i: int) -> bool:
        if i == len(nodes):
            return True
        node = nodes[i]
        for spot in SQUARES:
            if spot in square.values():
                continue
            if all(
                (abs(spot[0] - at[0]) + abs(spot[1] - at[1]) == 1) == (other in links[node])
                for other, at in square.items()
            ):
                square[node] = spot
                if place(i + 1):
                    return True
                del square[node]
        return False

    return dict(square) if place(0) else None


def _location(obs: Json, loc: Json, acts: list[Legal], cell: Box) -> list[str]:
    box = Box(cell.x + 3, cell.y + 3, cell.w - 6, cell.h - 6)
    purchase = obs.get("purchase", {})
    current = purchase.get("location") == loc["number"]
    frame = {"fill": "#fff7df", "stroke": "#e08a00", "stroke_width": 3} if current else {}
    parts = [_rect(box, rx=6, **({"fill": BOARD, "stroke": EDGE} | frame))]
    parts.append(_circle(box.x + 14, box.y + 14, 10, fill="#4a4036"))
    parts.append(_text(box.x + 14, box.y + 18.5, loc["number"], 12, "middle", fill="#fff"))
    for i, line in enumerate(_wrap(str(loc["name"]), box.w - 34, 13)[:2]):
        parts.append(_bold(box.x + 29, box.y + 19 + 14 * i, line))
    parts += _location_info(obs, loc, Box(box.x + 8, box.y + 38, box.w - 16, 16))
    resolving = purchase.get("marker") if current else None
    for i, marker in enumerate(loc["markers"]):  # in the order placed (the order resolved)
        cx, cy = box.x + 17 + 25 * i, box.y + 70
        if i == resolving:
            parts.append(_circle(cx, cy, 14.5, fill="none", stroke="#e08a00", stroke_width=3))
        value = "?" if marker["value"] is None else marker["value"]
        disc = "".join(_disc(marker["player"], cx, cy, value))
        parts.append(_el("g", disc, class_="marker", data_player=marker["player"]))
    parts += _location_actions(obs, loc, acts, Box(box.x + 6, box.y + 88, box.w - 12, 24))
    return [_el("g", "".join(parts), class_="location", data_location=loc["number"])]


def _location_info(obs: Json, loc: Json, box: Box) -> list[str]:
    """One line about what the location offers: a store's stock (and price)."""
    board, kind, material = obs["board"], loc["kind"], loc["material"]
    if kind == "store" and material in board["stores"] and material in MATERIAL_COLOURS:
        stock = board["stores"][material]
        colour = MATERIAL_COLOURS[material]
        shown = min(stock, 10)
        parts = [
            _rect(Box(box.x + 8 * i, box.y + 2, 6, 10), fill=colour, stroke="#0006")
            for i in range(shown)
        ]
        label = f"{stock} left"
        if "prices" in board:
            label += f" · price {board['prices'].get(material, '?')}"
        return [*parts, _text(box.x + 8 * shown + 4, box.y + 11, label, 11)]
    if not _advanced(obs) and kind == "work_notice_board":
        n = board["worker_cards"]
        parts = [_rect(Box(box.x + 12 * i, box.y, 9, 13), rx=1.5, fill="#7a6a58") for i in range(n)]
        return [*parts, _text(box.x + 12 * n + 4, box.y + 11, f"{n} face down", 11)]
    info = {"bank": "1 coin each", "office": "a building permit"}
    if _advanced(obs):
        benefits = board["office_benefits"]
        info = {
            "office": f"{benefits} benefit{'s' * (benefits != 1)}",
            "work_notice_board": "hire worker cards",
            "construction_expo": "privilege cards",
            "player_order": "go first",
        }
    return [_text(box.x, box.y + 11, info[kind], 11, fill=MUTED)] if kind in info else []


def _location_actions(obs: Json, loc: Json, acts: list[Legal], box: Box) -> list[str]:
    """The legal actions that happen at this location, along its foot: ghost markers to
    place, or chips for the purchase being resolved here."""
    places = sorted(_matching(acts, "place", location=loc["number"]), key=_value)
    if places:
        colour = _colour(obs["you"] or 0)
        parts = [_muted(box.x, box.y + 16, "place:", 11)]
        for i, item in enumerate(places):
            cx, cy = box.x + 50 + 25 * i, box.y + 12
            marker = _circle(cx, cy, 11, **_ghost(fill=colour, fill_opacity=0.35))
            parts.append(_act(item, marker, _bold(cx, cy + 4.5, _value(item), 13, "middle")))
        return parts
    if obs.get("purchase", {}).get("location") != loc["number"]:
        return []
    counts = sorted(_matching(acts, "take") + _matching(acts, "buy"), key=_count)
    if counts:
        return _count_chips(counts, box)
    benefits = {"permit": "permit", "quality": "+1 quality", "money": "money"}
    chips = [(benefits.get(a.action["benefit"], "?"), a) for a in _matching(acts, "office")]
    chips += [("hire no more", a) for a in _matching(acts, "stop-hiring")]
    chips += [(f"{a.action['choice']} card", a) for a in _matching(acts, "receipt")]
    return _chips(chips, box)


def _count_chips(counts: list[Legal], box: Box) -> list[str]:
    """How many to take (basic) or buy (advanced) at the store being resolved."""
    parts = [_muted(box.x, box.y + 16, counts[0].action["kind"] + ":", 11)]
    step = min(30.0, (box.w - 36) / len(counts))
    for i, item in enumerate(counts):
        chip = Box(box.x + 36 + step * i, box.y + 2, step - 4, 20)
        label = _bold(chip.x + chip.w / 2, chip.y + 14.5, _count(item), 13, "middle")
        parts.append(_act(item, _rect(chip, rx=6, **_ghost()), label))
    return parts


def _count(item: Legal) -> int:
    return int(item.action["count"])


def _value(item: Legal) -> int:
    return int(item.action["value"])


def _chips(chips: list[tuple[str, Legal]], box: Box, rows: int = 1) -> list[str]:
    """Labelled clickable chips from the box's top left, in up to ``rows`` rows of 24
    (they shrink to fit)."""
    widths = [_text_width(label, 12) * 1.1 + 14 for label, _ in chips]
    scale = min(1.0, rows * box.w / (sum(widths) + 4 * len(chips) + 1))
    parts, x, y = [], box.x, box.y
    for (label, item), w in zip(chips, widths, strict=True):
        w *= scale
        if x + w > box.x + box.w + 1 and x > box.x:
            x, y = box.x, y + 24
        chip = _rect(Box(x, y + 2, w, 20), rx=10, **_ghost())
        parts.append(
            _act(item, chip, _text(x + w / 2, y + 12 + 4 * scale, label, 12 * scale, "middle"))
        )
        x += w + 4
    return parts


# -- the supply -----------------------------------------------------------------------------
def _supply(obs: Json, acts: list[Legal], box: Box) -> list[str]:
    inner = Box(box.x + 14, box.y + 12, box.w - 28, box.h - 24)
    parts = [_rect(box, rx=8, fill=BOARD, stroke=EDGE)]
    parts += _turn_track(obs, Box(inner.x, inner.y, inner.w, 30))
    if _advanced(obs):
        parts += _order(obs, Box(inner.x, inner.y + 40, inner.w, 30))
        parts += _offer(obs, acts, Box(inner.x, inner.y + 80, inner.w, 96))
        parts += _expo(obs, acts, Box(inner.x, inner.y + 186, inner.w, 104))
    else:
        parts += _order(obs, Box(inner.x, inner.y + 40, inner.w, 30))
        parts += _basic_supply(obs, Box(inner.x, inner.y + 84, inner.w, 150))
    parts += _legend(obs["part_names"], Box(inner.x, inner.y + inner.h - 32, inner.w, 32))
    return parts


def _turn_track(obs: Json, box: Box) -> list[str]:
    parts = [_bold(box.x, box.y + 20, "Turn", 14)]
    for t in range(1, obs["turns"] + 1):
        on = t == obs["turn"]
        cell = Box(box.x + 50 + 34 * (t - 1), box.y + 2, 28, 26)
        parts.append(_rect(cell, rx=4, fill="#34495e" if on else "#fff", stroke=EDGE))
        parts.append(_text(cell.x + 14, cell.y + 18, t, 13, "middle", fill="#fff" if on else INK))
    parts.append(_text(box.x + 60 + 34 * obs["turns"], box.y + 20, f"phase: {obs['phase']}"))
    return parts


def _basic_supply(obs: Json, box: Box) -> list[str]:
    board = obs["board"]
    parts = [
        _bold(box.x, box.y + 14, "Worker cards", 14),
        _text(
            box.x,
            box.y + 34,
            f"{board['worker_cards']} face down on the work notice board, "
            f"{board['worker_deck']} in the deck",
            12,
        ),
        _bold(box.x, box.y + 70, "Stores", 14),
    ]
    for i, (material, colour) in enumerate(MATERIAL_COLOURS.items()):
        x, y = box.x + i % 3 * 150, box.y + 84 + i // 3 * 24
        parts.append(_rect(Box(x, y, 14, 14), rx=2, fill=colour, stroke="#0006"))
        parts.append(_text(x + 20, y + 12, f"{material}: {board['stores'].get(material, 0)}", 12))
    return parts


def _order(obs: Json, box: Box) -> list[str]:
    """The order of play: the basic variant's clockwise from the first player; the
    advanced variant's and its player order track."""
    n, first = len(obs["players"]), obs["first_player"]
    order = obs.get("order") or [(first + i) % n for i in range(n)]
    parts = [_bold(box.x, box.y + 20, "Order this turn")]
    for i, pl in enumerate(order):
        parts += _disc(pl, box.x + 122 + 26 * i, box.y + 15, i + 1, r=10)
    if "player_order_track" in obs:
        parts.append(_bold(box.x + 250, box.y + 20, "order track"))
        for i, pl in enumerate(obs["player_order_track"]):
            parts += _disc(pl, box.x + 348 + 26 * i, box.y + 15, i + 1, r=10)
    return parts


def _offer(obs: Json, acts: list[Legal], box: Box) -> list[str]:
    board = obs["board"]
    parts = [_bold(box.x, box.y + 14, f"Work notice board ({board['worker_deck']} in the deck)")]
    for i, card in enumerate(board["worker_cards"]):
        drawn = _worker_card(card, Box(box.x + 80 * i, box.y + 22, 72, 70))
        parts += _maybe_act(_first(acts, "hire", card=card["card"]), drawn)
    if not board["worker_cards"]:
        parts.append(_text(box.x, box.y + 50, "no cards on offer", 12))
    return parts


def _stars(stars: int) -> str:
    return "★" * stars if 0 <= stars <= 4 else f"{stars}★"


def _worker_card(card: Json, cell: Box) -> list[str]:
    """A worker card on offer: workers, stars and price (less the coins on it)."""
    cx, n, stars = cell.x + cell.w / 2, card["workers"], card["stars"]
    parts = [
        _rect(cell, rx=5, fill="#fffdf7", stroke=EDGE, class_="card"),
        _text(cx, cell.y + 20, f"{n} worker{'s' * (n != 1)}", 12, "middle"),
        _text(
            cx,
            cell.y + 38,
            _stars(stars) if stars else "no star",
            13 if stars else 11,
            "middle",
            fill="#b8860b" if stars else MUTED,
        ),
        _circle(cx, cell.y + 55, 10, fill="#f2c94c", stroke="#a07800"),
        _bold(cx, cell.y + 59.5, card["price"], 12, "middle"),
    ]
    if card.get("coins"):
        parts.append(_text(cell.x + cell.w - 4, cell.y + 65, f"-{card['coins']}", 10, "end"))
    return parts


def _expo(obs: Json, acts: list[Legal], box: Box) -> list[str]:
    board = obs["board"]
    deck = board.get("privilege_deck", 0)
    parts = [_bold(box.x, box.y + 14, f"Construction expo ({deck} cards in the deck)")]
    rows = (("now", board["expo_current"], acts), ("next", board["expo_future"], []))
    for row, (label, cards, choices) in enumerate(rows):
        y = box.y + 22 + row * 42
        parts.append(_muted(box.x, y + 23, label))
        for i, card in enumerate(cards):
            drawn = _privilege_card(card, Box(box.x + 40 + 232 * i, y, 224, 36))
            parts += _maybe_act(_first(choices, "choose-privilege", card=card["card"]), drawn)
        if not cards:
            parts.append(_text(box.x + 40, y + 23, "none", 12))
    return parts


def _privilege_card(card: Json, cell: Box, size: float = 12) -> list[str]:
    fill = CARD_COLOURS.get(str(card.get("colour")), "#ddd")
    parts = [_rect(cell, rx=5, fill=fill, stroke=EDGE, class_="card")]
    lines = _wrap(f"{card['name']} ({card['colour']})", cell.w - 12, size)
    if len(lines) > 2:
        lines = _wrap(str(card["name"]), cell.w - 12, size)[:2]
    y0 = cell.y + cell.h / 2 - (len(lines) - 1) * (size + 1) / 2 + size * 0.36
    parts += [_text(cell.x + 6, y0 + i * (size + 1), line, size) for i, line in enumerate(lines)]
    return parts


def _legend(names: dict[str, str], box: Box) -> list[str]:
    """The house parts' pictures with their names (``names``: part id -> name)."""
    parts = [_bold(box.x, box.y + 12, "House parts", 12)]
    x = box.x
    for part in ("wood_wall", "brick_wall", "roof", "ceramic_roof", "chimney", "window", "door"):
        parts += _part_icon(part, x, box.y + 18)
        parts.append(_text(x + 20, box.y + 30, names[part], 11))
        x += 28 + _text_width(names[part], 11)
    return parts


def _part_icon(part: str, x: float, y: float) -> list[str]:
    """A 16 x 14 picture of a house part (the legend, the prepared groups)."""
    if part in WALL_FILLS:
        return [_rect(Box(x, y, 16, 14), fill=WALL_FILLS[part], **SOLID)]
    if part in ROOF_FILLS:
        return [_path([(x, y + 14), (x + 8, y), (x + 16, y + 14)], fill=ROOF_FILLS[part], **SOLID)]
    if part == "chimney":
        return [_rect(Box(x + 5, y, 7, 14), fill="#8b3a2b", **SOLID)]
    return _window(Box(x + 1, y, 14, 14)) if part == "window" else _door(Box(x + 3, y, 10, 14))


def _window(box: Box) -> list[str]:
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    return [
        _rect(box, fill=MATERIAL_COLOURS["window"], stroke="#333"),
        _line(cx, box.y, cx, box.y + box.h, stroke="#333", stroke_width=0.7),
        _line(box.x, cy, box.x + box.w, cy, stroke="#333", stroke_width=0.7),
    ]


def _door(box: Box) -> list[str]:
    knob = _circle(
        box.x + box.w * 0.78, box.y + box.h * 0.55, max(0.8, box.w * 0.07), fill="#f2c94c"
    )
    return [_rect(box, fill=MATERIAL_COLOURS["door"], stroke="#222"), knob]


# -- the players ------------------------------------------------------------------------------
def _player(obs: Json, pl: int, acts: list[Legal], box: Box) -> list[str]:
    entry = obs["players"][pl]
    acts = acts if pl == obs["you"] else []  # a seat's actions are drawn on its own panel
    acting = pl in obs["acting"]
    parts = [
        _rect(
            box,
            rx=8,
            fill="#fff",
            stroke=_colour(pl) if acting else EDGE,
            stroke_width=3 if acting else 1,
        ),
        _rect(Box(box.x, box.y, box.w, 28), rx=8, fill=_colour(pl)),
        _rect(Box(box.x, box.y + 14, box.w, 14), fill=_colour(pl)),
    ]
    tags = [
        ("you", pl == obs["you"]),
        ("to act", acting),
        ("first player", pl == obs.get("first_player")),
    ]
    title = _name(obs, pl) + "".join(f" · {tag}" for tag, on in tags if on)
    parts.append(_text(box.x + 12, box.y + 20, title, 15, fill=_ink(pl), font_weight="bold"))
    left = Box(box.x + 12, box.y + 38, LEFT_W, box.h - 46)
    parts += _storehouse(entry, acts, left)
    row = Box(left.x, left.y + 70, left.w, 48)
    parts += _advanced_stats(entry, acts, row) if _advanced(obs) else _basic_stats(entry, row)
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
    parts += _house(entry, acts, pending, right)
    return [_el("g", "".join(parts), class_="player", data_player=pl)]


def _storehouse(entry: Json, acts: list[Legal], box: Box) -> list[str]:
    """The materials; in the basic variant a "+" on each one a coin may buy."""
    coin = " (+: a coin for 1 more)" if _matching(acts, "spend-coin") else ""
    parts = [_caption(box.x, box.y + 12, "Storehouse" + coin)]
    for i, (material, n) in enumerate(entry["materials"].items()):
        x, y = box.x + i % 3 * 80, box.y + 20 + i // 3 * 22
        parts.append(
            _rect(
                Box(x, y, 14, 14), rx=2, fill=MATERIAL_COLOURS.get(material, "#ccc"), stroke="#0006"
            )
        )
        parts.append(_text(x + 19, y + 12, f"{material} {n}", 12))
        for item in _matching(acts, "spend-coin", material=material):  # on the swatch
            plus = _bold(x + 7, y + 11.5, "+", 13, "middle")
            parts.append(_act(item, _circle(x + 7, y + 7, 8.5, **_ghost(small=True)), plus))
    return parts


def _badges(items: list[tuple[str, Legal | None]], box: Box) -> list[str]:
    """Rounded labels two to a row; those standing for an action are clickable."""
    parts, w = [], (box.w - 6) / 2
    for i, (label, item) in enumerate(items):
        badge = Box(box.x + i % 2 * (w + 6), box.y + i // 2 * 26, w, 22)
        look = _ghost() if item else {"fill": "#f1ece3", "stroke": "#d5cab8"}
        centre = badge.x + w / 2, badge.y + 15.5
        drawn = [_rect(badge, rx=11, **look), _text(*centre, label, 12, "middle")]
        parts += _maybe_act(item, drawn)
    return parts


def _basic_stats(entry: Json, box: Box) -> list[str]:
    permit = "permit ✓" if entry["permit"] else "no permit"
    labels = [
        f"coins {entry['coins']}",
        permit,
        f"worker cards {entry['workers']}",
        f"quality {entry['quality']}",
    ]
    return _badges([(label, None) for label in labels], box)


def _advanced_stats(entry: Json, acts: list[Legal], box: Box) -> list[str]:
    permit = "permit ✓" if entry["permit"] else "no permit"
    return _badges(
        [
            (f"money {entry['money']}", None),
            (f"loans {entry['loans']}", _first(acts, "repay-loan")),
            (f"quality {entry['quality']}", None),
            (permit, None),
        ],
        box,
    )


def _hand(pl: int, entry: Json, box: Box) -> list[str]:
    """Movement markers in hand: their values for their owner, else face down."""
    parts = [_muted(box.x, box.y + 16, "In hand:")]
    values = entry.get("hand")
    shown: list[object] = list(values) if values is not None else ["?"] * entry["hand_size"]
    for i, value in enumerate(shown):
        parts += _disc(pl, box.x + 68 + 25 * i, box.y + 11, value, r=10.5)
    if not shown:
        parts.append(_text(box.x + 60, box.y + 16, "none", 12))
    return parts


def _crew(entry: Json, acts: list[Legal], box: Box) -> list[str]:
    """The printed worker and the card spaces. A crew of one card is chosen on the card,
    larger crews by chips below (P is the printed worker, 1-4 the spaces)."""
    crews = _matching(acts, "crew")
    one_card = {a.action["slots"]: a for a in crews if a.action["slots"].bit_count() == 1}
    slots = [{"workers": 1, "stars": 0, "tired": entry["printed_worker_tired"]}]
    slots += entry["worker_cards"]
    w = min(46.0, (box.w - 4 * (len(slots) - 1)) / len(slots))
    parts = [_caption(box.x, box.y + 12, "Workers")]
    for i, card in enumerate(slots):
        cell = Box(box.x + (w + 4) * i, box.y + 18, w, 46)
        if card is None:
            parts.append(_rect(cell, rx=4, fill="none", stroke="#cfc5b5", stroke_dasharray="3 3"))
        else:
            parts += _maybe_act(one_card.get(1 << i), _small_worker(card, cell, printed=i == 0))
    chips = [
        ("+".join("P" if i == 0 else str(i) for i in range(8) if a.action["slots"] >> i & 1), a)
        for a in crews
        if a.action["slots"].bit_count() > 1
    ]
    return parts + _chips(chips, Box(box.x, box.y + 66, box.w, 24))


def _small_worker(card: Json, cell: Box, printed: bool) -> list[str]:
    tired = bool(card.get("tired"))
    fill = "#d7d0c4" if tired else "#f3ead8" if printed else "#fffdf7"
    cx = cell.x + cell.w / 2
    parts = [
        _rect(cell, rx=4, fill=fill, stroke=EDGE, class_="card"),
        _bold(cx, cell.y + 15, f"{card['workers']}w", 12, "middle"),
    ]
    if printed:
        parts.append(_text(cx, cell.y + 29, "printed", 8, "middle", fill=MUTED))
    elif card.get("stars"):
        parts.append(_text(cx, cell.y + 29, _stars(card["stars"]), 10, "middle", fill="#b8860b"))
    if tired:
        parts.append(_text(cx, cell.y + 42, "tired", 9, "middle", fill=MUTED))
    return parts


def _privileges(entry: Json, acts: list[Legal], box: Box) -> list[str]:
    cards = entry["privileges"]
    parts = [_caption(box.x, box.y + 12, "Privilege cards")]
    if not cards:
        parts.append(_text(box.x + 100, box.y + 12, "none", 12))
    per_column = 3 if len(cards) <= 6 else 4
    columns = max(1, (len(cards) + per_column - 1) // per_column)
    w = (box.w - 4 * (columns - 1)) / columns
    h = min(24.0, (box.h - 20) / per_column - 3)
    for i, card in enumerate(cards):
        cell = Box(
            box.x + (w + 4) * (i // per_column), box.y + 20 + (h + 3) * (i % per_column), w, h
        )
        drawn = _privilege_card(card, cell, size=10 if columns > 1 else 11)
        parts += _maybe_act(_first(acts, "use-privilege", card=card["card"]), drawn)
    return parts


def _groups(groups: list[str], names: dict[str, str], acts: list[Legal], box: Box) -> list[str]:
    """The basic variant's prepared groups, and chips to prepare more."""
    parts = [_caption(box.x, box.y + 16, "Prepared:")]
    for i, part in enumerate(groups):
        parts += _part_icon(part, box.x + 66 + 20 * i, box.y + 4)
    if not groups:
        parts.append(_text(box.x + 66, box.y + 16, "nothing yet", 12))
    chips = [(names.get(a.action["part"], "?"), a) for a in _matching(acts, "prepare")]
    return parts + _chips(chips, Box(box.x, box.y + 26, box.w, 48), rows=2)


# -- the house ----------------------------------------------------------------------------------
class Spot(NamedTuple):
    """A place of the house drawing where a build action would put its part."""

    slot: str  # "wall", "roof", "chimney" or "opening" (a window or a door)
    column: int  # -1: the garage
    level: int


def _slot(part: str) -> str:
    if part in WALL_FILLS:
        return "wall"
    return "roof" if part in ROOF_FILLS else "chimney" if part == "chimney" else "opening"


def _house(entry: Json, acts: list[Legal], pending: Json | None, box: Box) -> list[str]:
    """The house, ground floor at the bottom, with dashed spots for the legal builds, and
    the garage beside it (advanced)."""
    columns, garage = entry["house"], entry.get("garage")
    spots: dict[Spot, list[Legal]] = {}
    for item in _matching(acts, "build"):
        a = item.action
        spots.setdefault(Spot(_slot(a["part"]), a["column"], a["level"]), []).append(item)
    garage_builds = [item for s, items in spots.items() if s.column < 0 for item in items]
    used = [s.column for s in spots] + ([pending["column"]] if pending else [])
    width = max(1, len(columns) + (len(columns) in used))
    with_garage = garage is not None or -1 in used
    units = width + 1.9 * with_garage
    levels = max([len(c["walls"]) for c in columns] + [1])
    levels = max([levels] + [s.level + 1 for s in spots if s.slot == "wall"])
    u = min(64.0, (box.w - 20) / units, (box.h - 24) / (levels + 0.8))
    ground = box.y + box.h - 20
    x0 = box.x + (box.w - units * u) / 2
    parts = [_line(box.x + 4, ground, box.x + box.w - 4, ground, stroke="#6d8f4e", stroke_width=4)]
    if not columns and not used:
        no_house = _text(box.x + box.w / 2, ground - 14, "no house yet", 13, "middle", fill=MUTED)
        parts.append(no_house)
    for c, col in enumerate(columns):
        parts += _column(col, x0 + c * u, ground, u, spots, c)
        parts.append(_text(x0 + (c + 0.5) * u, ground + 15, c + 1, 11, "middle", fill=MUTED))
    for spot, items in spots.items():
        if spot.slot == "wall" and spot.column >= 0:
            y, h = ground - (spot.level + 1) * u, u
            if Spot("roof", spot.column, spot.level - 1) in spots:
                h = 0.4 * u  # the lower part of the spot is the roof's
            parts += _ghost_walls(items, Box(x0 + spot.column * u, y, u, h))
    garage_at = _GarageShape.at(x0 + (width + 0.5) * u, ground, u)
    if with_garage:
        parts += _garage(garage, garage_builds, garage_at, u)
    if pending:
        parts += _pending(pending, x0, ground, u, garage_at)
    return parts


def _column(
    col: Json, x: float, ground: float, u: float, spots: dict[Spot, list[Legal]], c: int
) -> list[str]:
    walls = col["walls"]
    top = ground - len(walls) * u
    parts: list[str] = []
    if col.get("chimney"):  # first, so that the roof hides its foot
        parts.append(_rect(_chimney_box(x, top, u), fill="#8b3a2b", **SOLID))
    for lv, wall in enumerate(walls):
        y = ground - (lv + 1) * u
        parts.append(_rect(Box(x, y, u, u), fill=WALL_FILLS.get(wall["part"], "#ccc"), **SOLID))
        parts += _openings(wall, spots.get(Spot("opening", c, lv), []), x, y, u)
    roof = _roof_points(x - 0.1 * u, x + 1.1 * u, top, u)
    if col.get("roof"):
        parts.append(_path(roof, fill=ROOF_FILLS.get(col["roof"], "#8a949e"), **SOLID))
    else:
        parts += _ghost_roofs(spots.get(Spot("roof", c, len(walls) - 1), []), roof, u)
    for item in spots.get(Spot("chimney", c, len(walls)), [])[:1]:
        parts.append(_act(item, _rect(_chimney_box(x, top - 0.1 * u, u), **_ghost(small=True))))
    return parts


def _chimney_box(x: float, top: float, u: float) -> Box:
    return Box(x + 0.62 * u, top - 0.62 * u, 0.16 * u, 0.5 * u)


def _roof_points(left: float, right: float, base: float, u: float) -> list[tuple[float, float]]:
    return [(left, base), ((left + right) / 2, base - 0.55 * u), (right, base)]


def _ghost_roofs(items: list[Legal], roof: list[tuple[float, float]], u: float) -> list[str]:
    """A roof spot: dashed, or its two halves when a sheet and a tile roof may both go."""
    (left, base), (mid, apex), (right, _) = roof
    if len(items) == 1:
        plus = _bold(mid, base - 0.12 * u, "+", 0.3 * u, "middle")
        return [_act(items[0], _path(roof, **_ghost()), plus)]
    parts = []
    items = sorted(items, key=lambda i: i.action["part"] != "roof")
    for item, edge in zip(items, (left, right), strict=False):
        label = "tile" if item.action["part"] == "ceramic_roof" else "sheet"
        half = _path([(edge, base), (mid, apex), (mid, base)], **_ghost())
        tag = _text((edge + 2 * mid) / 3, base - 0.06 * u, label, 0.17 * u, "middle")
        parts.append(_act(item, half, tag))
    return parts


def _ghost_walls(items: list[Legal], box: Box) -> list[str]:
    """A wall spot: dashed, split in two when a wooden and a brick wall may both go."""
    if not items:
        return []
    items = sorted(items, key=lambda i: i.action["part"] != "wood_wall")
    parts, w = [], box.w / len(items)
    for i, item in enumerate(items):
        part = item.action["part"]
        cell = Box(box.x + i * w, box.y, w, box.h)
        label = "brick" if part == "brick_wall" else "wood"
        size = max(8.0, min(12.0, (cell.w - 4) / (0.6 * len(label))))
        inside = Box(cell.x + 3, cell.y + 3, cell.w - 6, cell.h - 6)
        parts.append(
            _act(
                item,
                _rect(cell, **_ghost()),
                _rect(inside, fill=WALL_FILLS.get(part, "#ccc"), opacity=0.35),
                _bold(cell.x + w / 2, cell.y + cell.h / 2 + 0.35 * size, label, size, "middle"),
            )
        )
    return parts


def _openings(wall: Json, items: list[Legal], x: float, y: float, u: float) -> list[str]:
    """A wall's windows or door, and dashed spots for new ones."""
    new_window = _first(items, "build", part="window")
    new_door = _first(items, "build", part="door")
    n = wall.get("windows", 0)
    left, right, centre = x + 0.12 * u, x + 0.62 * u, x + 0.37 * u
    window = Box(0, y + 0.22 * u, 0.26 * u, 0.3 * u)
    door = Box(x + 0.33 * u, y + 0.38 * u, 0.34 * u, 0.62 * u)
    parts = _door(door) if wall.get("door") else []
    for wx in [centre] if n == 1 and not new_window else [left, right][:n]:
        parts += _window(window._replace(x=wx))
    if new_window:
        spot = window._replace(x=right if n == 1 or new_door else centre)
        parts.append(_act(new_window, *_ghost_opening(spot, u)))
    if new_door:
        spot = door._replace(x=x + 0.6 * u if new_window else door.x, w=0.3 * u)
        parts.append(_act(new_door, *_ghost_opening(spot, u)))
    return parts


def _ghost_opening(box: Box, u: float) -> list[str]:
    size = 0.22 * u
    plus = _bold(box.x + box.w / 2, box.y + box.h / 2 + 0.35 * size, "+", size, "middle")
    return [_rect(box, **_ghost(small=True)), plus]


def _pending(pending: Json, x0: float, ground: float, u: float, garage: _GarageShape) -> list[str]:
    """The part waiting for its crew (advanced), outlined where it will go."""
    part, c, lv = pending["part"], pending["column"], pending["level"]
    x, outline = x0 + c * u, {"fill": "none", "stroke": "#e08a00", "stroke_width": 3}
    slot = _slot(part)
    if c < 0:
        shape = {"wall": garage.wall, "opening": garage.door}.get(slot)
        if shape is None:
            return [_path(garage.roof, **outline)]
        return [_rect(shape, **outline)]
    if slot == "roof":
        return [_path(_roof_points(x - 0.1 * u, x + 1.1 * u, ground - (lv + 1) * u, u), **outline)]
    if slot == "chimney":
        return [_rect(_chimney_box(x, ground - lv * u, u), **outline)]
    return [_rect(Box(x, ground - (lv + 1) * u, u, u), **outline)]


class _GarageShape(NamedTuple):
    wall: Box
    door: Box
    roof: list[tuple[float, float]]

    @staticmethod
    def at(x: float, ground: float, u: float) -> _GarageShape:
        w, h = 1.4 * u, 0.75 * u
        wall = Box(x, ground - h, w, h)
        door = Box(x + 0.25 * w, wall.y + 0.3 * h, 0.5 * w, 0.7 * h)
        return _GarageShape(
            wall, door, _roof_points(x - 0.08 * u, x + w + 0.08 * u, wall.y, 0.64 * u)
        )


def _garage(garage: Json | None, items: list[Legal], shape: _GarageShape, u: float) -> list[str]:
    """The advanced variant's garage, a low building beside the house."""
    wall, door = shape.wall, shape.door
    parts = [_text(wall.x + wall.w / 2, wall.y + wall.h + 15, "garage", 11, "middle", fill=MUTED)]
    by_part = {item.action["part"]: item for item in items}
    if garage is None:
        return parts + _ghost_walls([by_part[p] for p in WALL_FILLS if p in by_part], wall)
    parts.append(_rect(wall, fill=WALL_FILLS.get(garage["wall"], "#ccc"), **SOLID))
    if garage.get("door"):
        parts.append(_rect(door, fill="#7d8a96", stroke="#333"))
        for k in (1, 2, 3):
            y = door.y + k * door.h / 4
            parts.append(_line(door.x, y, door.x + door.w, y, stroke="#4d5863"))
    elif "door" in by_part:
        parts.append(_act(by_part["door"], *_ghost_opening(door, u)))
    if garage.get("roof"):
        parts.append(_path(shape.roof, fill=ROOF_FILLS.get(garage["roof"], "#8a949e"), **SOLID))
    else:
        parts += _ghost_roofs([by_part[p] for p in ROOF_FILLS if p in by_part], shape.roof, u)
    return parts
