"""Mr House's city drawn: each location with its stock, its stack of movement markers
(``?`` when face down) and the actions that have a place there."""

from housebuilders.core.draw import (
    MUTED,
    Acts,
    Box,
    Legal,
    act,
    asking,
    asks,
    bold,
    chips,
    circle,
    el,
    explained,
    ghost,
    muted,
    player_colour,
    player_name,
    rect,
    text,
    wrap,
)
from housebuilders.games.mr_house.city import grid
from housebuilders.games.mr_house.svg_common import (
    BOARD,
    CITY_COLUMNS,
    CITY_ROW,
    EDGE,
    Json,
    _advanced,
    _disc,
)
from housebuilders.games.mr_house.svg_house import MATERIAL_COLOURS


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
    said = f"{loc['number']}. {loc['name']}: {about.get(kind, kind)}. A 0 marker gets nothing."
    return said + _goes_into(obs, material) if kind == "store" else said


def _goes_into(obs: Json, material: object) -> str:
    """The house parts that need a store's material, and how many of it each (from the
    game's content): " Wood goes into: wooden wall 2, roof 2."."""
    needs = [
        f"{entry['name']} {entry['materials'][material]}"
        for entry in obs["parts"].values()
        if entry["materials"].get(material)
    ]
    return f" {str(material).capitalize()} goes into: {', '.join(needs)}." if needs else ""


def _place_to_ask(obs: Json, loc: Json, acts: Acts) -> Json | None:
    """A location where the seat may not place a marker now (the client asks the server
    why not): placing a marker there. The location does not say which marker: the seat's
    first in hand, else (all placed) its first on the board, else a 0. A location with
    moves of the seat drawn on it (a marker to place, the purchase being resolved there)
    asks nothing."""
    resolving = obs.get("purchase", {}).get("location") == loc["number"] and acts
    if resolving or acts.matching("place", location=loc["number"]):
        return None
    you = obs["you"]
    hand = obs["players"][you].get("hand") if you is not None else None
    placed = [m["value"] for where in obs["board"]["locations"] for m in where["markers"]
              if m["player"] == you and m["value"] is not None]  # fmt: skip
    value = ([*(hand or ()), *placed] or [0])[0]
    return asking(obs, {"kind": "place", "value": value, "location": loc["number"]})


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
