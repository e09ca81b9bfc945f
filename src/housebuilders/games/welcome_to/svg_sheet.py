"""A Welcome To sheet drawn large for the web table (svg.py draws the rest): three
streets of houses with their numbers, fences, printed and built pools, estates
complete or used for a plan, each street's park track; then the estate values, the
pool, temporary-worker, extension and refusal tracks, and the points the sheet would
score now; and the game's pictures (an action's icon, a plan's tiny house). The seat's
legal actions that happen on the sheet are drawn where they happen (see svg.py)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from housebuilders.core.draw import (
    INK,
    MUTED,
    WARM,
    Acts,
    Box,
    Legal,
    act,
    asking,
    asks,
    bold,
    circle,
    el,
    explained,
    ghost,
    line,
    maybe_act,
    muted,
    path,
    player_name as name,
    rect,
    text,
    text_width,
    track,
)
from housebuilders.games.welcome_to.observed import layout
from housebuilders.games.welcome_to.sheet import Layout, Sheet

Json = dict[str, Any]

SHEET, EDGE, HEADER = "#fffdf8", "#b9ad98", "#2f5d62"
ACTION_COLOURS = {
    "fence": "#8a6a46",
    "improvement": "#8e5ea2",
    "park": "#4c9a2a",
    "pool": "#2d8fd5",
    "temp": "#e08a00",
    "extension": "#cf4438",
}
POOL_BLUE, PARK_GREEN, FENCE_BROWN, BIS_RED = "#2d8fd5", "#5aa83c", "#6e4b2a", "#cf4438"
USED_VIOLET, ESTATE_GREEN = "#8e5ea2", "#7dbb5e"

# the own sheet's geometry
HOUSE_W, GAP, ROW = 64, 12, 100
STREETS_X = 64  # the first house's left edge
PARKS_X = 996  # the park tracks' left edge


def icon(action: str, cx: float, cy: float, r: float, ink: str) -> list[str]:
    """A small picture of an action, centred on (cx, cy), about ``r`` wide each way."""
    stroke = {
        "stroke": ink,
        "stroke_width": max(1.5, r / 6),
        "fill": "none",
        "stroke_linecap": "round",
    }
    if action == "fence":
        posts = "".join(
            f"M{cx + dx} {cy + r * 0.8}V{cy - r * 0.6}" for dx in (-r * 0.7, 0, r * 0.7)
        )
        rails = f"M{cx - r} {cy - r * 0.15}H{cx + r}M{cx - r} {cy + r * 0.4}H{cx + r}"
        return [path(posts + rails, **stroke)]
    if action == "park":
        return [
            rect(Box(cx - r * 0.12, cy, r * 0.24, r * 0.9), fill=ink),
            circle(cx, cy - r * 0.25, r * 0.7, fill=ink),
        ]
    if action == "pool":
        waves = "".join(
            f"M{cx - r} {cy + dy}q{r / 4} {-r / 4} {r / 2} 0t{r / 2} 0t{r / 2} 0t{r / 2} 0"
            for dy in (-r * 0.35, r * 0.3)
        )
        return [path(waves, **stroke)]
    glyph = {"improvement": "$", "temp": "±", "extension": "B"}.get(action, "?")
    return [bold(cx, cy + r * 0.6, glyph, r * 1.8, "middle", fill=ink)]


@lru_cache(maxsize=1024)
def house_glyph(x: float, y: float, w: float, fill: str) -> str:
    """A tiny house (a plan's estate), top left at (x, y)."""
    h = w * 1.3
    d = f"M{x} {y + h * 0.4}L{x + w / 2} {y}L{x + w} {y + h * 0.4}V{y + h}H{x}Z"
    return path(d, fill=fill, stroke=MUTED, stroke_width=1)


# -- the own sheet -------------------------------------------------------------------------
def own_sheet(
    obs: Json, player: int, acts: Acts, score: dict[str, int] | None, box: Box
) -> list[str]:
    entry = obs["players"][player]
    you = obs["you"]
    title = "Your sheet" if you == player else f"{name(obs, player)}'s sheet"
    parts = [
        rect(box, rx=10, fill=SHEET, stroke=EDGE),
        bold(box.x + 14, box.y + 24, title, 16),
    ]
    status = "chosen" if entry["done"] else "choosing"
    if you != player:
        status += " · as revealed at the end of the last round"
    if obs["phase"] != "over":
        parts.append(muted(box.x + 24 + text_width(title, 16) * 1.1, box.y + 24, status, 13))
    L = layout(obs)
    sheet = Sheet.from_json(L, entry) if score is not None else None
    estates = sheet.estates(L) if sheet else []
    turn = obs.get("turn") or {}
    top = box.y + 36
    for s, street in enumerate(entry["streets"]):
        at = top + s * ROW
        parts += _street(obs, player, s, street, acts, turn, estates, entry["used"], at)
    parts += _tracks(
        obs,
        player,
        acts,
        score,
        estates,
        Box(box.x, top + 3 * ROW + 4, box.w, box.h - 40 - 3 * ROW),
    )
    return [el("g", "".join(parts), class_="sheet", data_player=player)]


def _house_x(h: int) -> float:
    return STREETS_X + h * (HOUSE_W + GAP)


def _street(
    obs: Json,
    player: int,
    s: int,
    street: Json,
    acts: Acts,
    turn: Json,
    estates: list[tuple[int, int, int]],
    used: list[list[int]],
    y: float,
) -> list[str]:
    numbers, size = street["numbers"], len(street["numbers"])
    printed = set(obs["sheet"]["pools"][s]) if s < len(obs["sheet"]["pools"]) else set()
    built, bis, fences = set(street["pools"]), set(street["bis"]), set(street["fences"])
    writes = acts.at("write", "street", "house")
    extends = acts.at("extend", "street", "house", "side")
    end = _house_x(size - 1) + HOUSE_W
    parts = [
        rect(Box(STREETS_X - 10, y + 88, end - STREETS_X + 20, 5), fill="#d9d2c3"),
        circle(36, y + 48, 15, fill=HEADER),
        bold(36, y + 54, s + 1, 16, "middle", fill="#fff"),
        muted(36, y + 80, "street", 11.5, "middle"),
    ]
    clear = {"fill": "#fff", "fill_opacity": 0}  # an ask is clicked anywhere inside
    for h in range(size):
        x = _house_x(h)
        here = turn.get("street") == s and turn.get("house") == h
        parts.append(_house(x, y, numbers[h], h in bis, h in printed, h in built, here))
        if (s, h) not in writes:  # a house stands for writing the number in it
            ask = asking(obs, {"kind": "write", "street": s, "house": h}, player)
            front = rect(Box(x + 3, y + 24, HOUSE_W - 6, 50), **clear)
            parts += [asks(ask, f"street {s + 1}, house {h + 1}", front)] if ask else []
        if numbers[h] is None:
            parts += _write_spot(writes.get((s, h)), turn.get("number"), x, y)
            left, right = extends.get((s, h, -1)), extends.get((s, h, 1))
            parts += _extend_spots(left, right, numbers, h, x, y)
        pool = acts.find("pool")
        if h in printed and here and pool:
            parts.append(
                act(pool, rect(Box(x + 9, y + 58, HOUSE_W - 18, 11), rx=4, **ghost(small=True)))
            )
        elif h in printed and h not in built and numbers[h] is not None:
            ask = None if pool else asking(obs, {"kind": "pool"}, player)
            spot = rect(Box(x + 9, y + 58, HOUSE_W - 18, 11), rx=4, **clear)
            parts += [asks(ask, "a printed pool: it is built with its house's number", spot)
                      ] if ask else []  # fmt: skip
    fence_acts = acts.at("fence", "street", "gap")
    for gap in range(size - 1):
        gx = _house_x(gap) + HOUSE_W
        if gap in fences:
            parts.append(_fence(gx + GAP / 2, y))
        elif (s, gap) in fence_acts:
            spot = rect(Box(gx, y + 14, GAP, 66), rx=3, **ghost(small=True))
            parts.append(act(fence_acts[(s, gap)], spot))
        else:
            ask = asking(obs, {"kind": "fence", "street": s, "gap": gap}, player)
            spot = rect(Box(gx, y + 14, GAP, 66), **clear)
            about = f"between houses {gap + 1} and {gap + 2}: a fence here closes an estate"
            parts += [asks(ask, about, spot)] if ask else []
    parts += [_fence(STREETS_X - GAP / 2, y), _fence(end + GAP / 2, y)]
    marks = None if acts.of("mark") else asking(obs, {"kind": "mark"}, player)
    parts += _estate_bars(s, estates, used, y, marks)
    parts += _marks(s, acts, estates, y)
    park = None if acts.find("park") else asking(obs, {"kind": "park"}, player)
    parts += _parks(layout(obs), s, street["parks"], acts, turn, y, park)
    return parts


@lru_cache(maxsize=8192)
def _house(
    x: float, y: float, number: int | None, bis: bool, printed: bool, built: bool, here: bool
) -> str:
    """A house of the street, top left at (x, y): roof, front, number and pool (drawn
    once for each look and place)."""
    w = HOUSE_W
    roof = f"M{x - 2} {y + 24}L{x + w / 2} {y + 4}L{x + w + 2} {y + 24}Z"
    front = "#fff" if number is None else "#fff8e6"
    parts = [
        path(
            roof,
            fill="#c9b79c" if number is None else "#b5523b",
            stroke="#6d5a45",
            stroke_width=1.2,
        ),
        rect(
            Box(x + 3, y + 24, w - 6, 50),
            fill=front,
            stroke=WARM if here else "#6d5a45",
            stroke_width=3 if here else 1.2,
        ),
    ]
    if printed:
        parts.append(
            rect(
                Box(x + 9, y + 58, w - 18, 11),
                rx=4,
                fill=POOL_BLUE if built else "#d6ecfb",
                stroke=POOL_BLUE,
                stroke_width=1.2,
            )
        )
    if number is not None:
        base = y + 54 if printed else y + 60
        cx = x + w / 2 - (6 if bis else 0)
        parts.append(bold(cx, base, number, 25, "middle", class_="number"))
        if bis:
            parts.append(bold(cx + 9 + 7 * len(str(number)), base, "B", 14, fill=BIS_RED))
    return "".join(parts)


def _write_spot(item: Legal | None, number: int | None, x: float, y: float) -> list[str]:
    if item is None:
        return []
    spot = rect(Box(x + 6, y + 27, HOUSE_W - 12, 44), rx=4, **ghost())
    label = text(
        x + HOUSE_W / 2,
        y + 57,
        "" if number is None else number,
        22,
        "middle",
        fill=WARM,
        opacity=0.75,
        font_weight="bold",
    )
    return [act(item, spot, label)]


def _extend_spots(
    left: Legal | None, right: Legal | None, numbers: list[int | None], h: int, x: float, y: float
) -> list[str]:
    """An empty house where a neighbour's number may be copied (nB): whole, or split in
    two halves when both neighbours may be copied."""
    items = [(item, side) for item, side in ((left, -1), (right, 1)) if item]
    parts = []
    w = (HOUSE_W - 12) / len(items) if items else 0
    for i, (item, side) in enumerate(items):
        cell = Box(x + 6 + i * w, y + 27, w, 44)
        cx, copy = cell.x + cell.w / 2, f"{numbers[h + side]}B"
        arrow = "←" if side < 0 else "→"
        if len(items) == 1:
            label = f"{arrow}{copy}" if side < 0 else f"{copy}{arrow}"
            drawn = [bold(cx, cell.y + 27, label, 15, "middle", fill=BIS_RED)]
        else:
            drawn = [
                bold(cx, cell.y + 17, arrow, 13, "middle", fill=BIS_RED),
                bold(cx, cell.y + 35, copy, 12, "middle", fill=BIS_RED),
            ]
        parts.append(act(item, rect(cell, rx=4, **ghost()), *drawn))
    return parts


@lru_cache(maxsize=1024)
def _fence(cx: float, y: float) -> str:
    return rect(Box(cx - 3, y + 16, 6, 64), rx=2, fill=FENCE_BROWN) + path(
        f"M{cx - 3} {y + 17}L{cx} {y + 11}L{cx + 3} {y + 17}Z", fill=FENCE_BROWN
    )


def _estate_bars(
    s: int,
    estates: list[tuple[int, int, int]],
    used: list[list[int]],
    y: float,
    marks: Json | None = None,
) -> list[str]:
    """Under each complete estate a bar: green, or violet once used for a plan; while no
    estate may be marked for a plan, on the seat's own sheet (``marks``), each bar asks
    why not marking it."""
    used_here = {(u[1], u[2]) for u in used if u[0] == s}
    complete = {(e[1], e[2]) for e in estates if e[0] == s}
    parts = []
    for start, end in sorted(complete | used_here):
        x1, x2 = _house_x(start) + 2, _house_x(end) + HOUSE_W - 2
        is_used = (start, end) in used_here
        colour = USED_VIOLET if is_used else ESTATE_GREEN
        bar = [rect(Box(x1, y + 77, x2 - x1, 13), rx=4, fill=colour)]
        if is_used:
            bar.append(
                bold((x1 + x2) / 2, y + 87.5, "used for a plan", 10.5, "middle", fill="#fff")
            )
        ask = {**marks, "street": s, "start": start} if marks else None
        about = f"an estate of {end - start + 1}" + (", used for a plan" if is_used else "")
        parts += maybe_act(None, bar, ask, about)
    return parts


def _marks(s: int, acts: Acts, estates: list[tuple[int, int, int]], y: float) -> list[str]:
    """Complete estates that may be marked for the plan being claimed: outlined."""
    ends = {start: end for street, start, end in estates if street == s}
    parts = []
    for item in acts.of("mark"):
        if item.action["street"] != s:
            continue
        start: int = item.action["start"]
        end = ends.get(start, start)
        x1, x2 = _house_x(start) - 4, _house_x(end) + HOUSE_W + 4
        outline = rect(Box(x1, y + 1, x2 - x1, 86), rx=8, **ghost(fill_opacity=0.3))
        label = f"use this estate of {end - start + 1}"
        w = text_width(label, 12) + 14
        pill = rect(Box((x1 + x2 - w) / 2, y - 7, w, 19), rx=9, fill=WARM)
        words = bold((x1 + x2) / 2, y + 7, label, 12, "middle", fill="#fff")
        parts.append(act(item, outline, pill, words))
    return parts


def _parks(
    L: Layout, s: int, crossed: int, acts: Acts, turn: Json, y: float, ask: Json | None = None
) -> list[str]:
    """A street's park track: its next box clickable for a park in this street, else
    asking why not ``ask`` (a park) if given."""
    ladder = L.parks[s] if s < len(L.parks) else (0,)
    parts = [explained(
        "a park crosses the next park box of the street of its number; the street scores "
        "its lowest uncrossed value",
        muted(PARKS_X, y + 18, "parks", 12.5),
    )]  # fmt: skip
    park = acts.find("park") if turn.get("street") == s else None
    for k, value in enumerate(ladder[1:], start=1):
        cell = Box(PARKS_X + (k - 1) * 38, y + 26, 34, 34)
        if k <= crossed:
            parts += [
                rect(cell, rx=5, fill=PARK_GREEN, stroke="#3c7a26"),
                *icon("park", cell.x + 17, cell.y + 15, 10, "#fff"),
            ]
        else:
            drawn = [
                rect(cell, rx=5, fill="#fff", stroke="#8fbf7a"),
                bold(cell.x + 17, cell.y + 23, value, 14, "middle", fill="#3c7a26"),
            ]
            if park and k == crossed + 1:
                drawn = [rect(cell, rx=5, **ghost()), drawn[1]]
                parts.append(act(park, *drawn))
            elif ask and k == crossed + 1:
                parts.append(asks(ask, "the street's next park box", *drawn))
            else:
                parts += drawn
    parts.append(muted(PARKS_X, y + 76, f"= {ladder[min(crossed, len(ladder) - 1)]} points", 12.5))
    return parts


# -- the tracks ------------------------------------------------------------------------------
def _tracks(
    obs: Json,
    player: int,
    acts: Acts,
    score: dict[str, int] | None,
    estates: list[tuple[int, int, int]],
    box: Box,
) -> list[str]:
    entry = obs["players"][player]
    L = layout(obs)
    parts = _estate_values(obs, player, acts, estates, Box(box.x + 14, box.y, 420, box.h))
    x = box.x + 456
    score_w = 204
    pools = len([h for st in entry["streets"] for h in st["pools"]])
    temp_now = score["temporary_workers"] if score else None
    rows = [
        ("Pools", L.pool_ladder, pools, POOL_BLUE, f"= {L.pool_ladder[pools]}", None),
        (
            "Temporary workers",
            (1,) * L.temp_boxes,
            entry["temps"],
            ACTION_COLOURS["temp"],
            f"{entry['temps']} crossed"
            + (f", {temp_now} points by rank now" if temp_now is not None else ""),
            None,
        ),
        (
            "Extensions (B)",
            L.extension_ladder,
            entry["extensions"],
            BIS_RED,
            _minus(L.extension_ladder[entry["extensions"]]),
            None,
        ),
        (
            "Refusals",
            L.refusal_ladder,
            entry["refusals"],
            "#555",
            _minus(L.refusal_ladder[entry["refusals"]]),
            acts.find("refuse"),
        ),
    ]
    for i, (label, ladder, crossed, colour, note, item) in enumerate(rows):
        row = Box(x, box.y + 2 + i * 42, box.w - 456 - score_w - 28, 40)
        values = None if label.startswith("Temporary") else ladder[1:]
        drawn = _track(label, values, len(ladder) - 1, crossed, colour, note, item, row)
        ask = TRACK_MOVES.get(label)
        if ask is not None and not acts.find(ask["kind"]):
            parts += maybe_act(None, drawn, asking(obs, ask, player), TRACK_RULES[label])
        else:
            parts.append(explained(TRACK_RULES[label], *drawn))
    parts += _score_box(score, Box(box.x + box.w - score_w - 14, box.y + 2, score_w, box.h - 12))
    return parts


#: the move each track stands for, which it asks why not on the seat's own sheet (the
#: temporary worker's: its change by 0, which the track does not fix)
TRACK_MOVES: dict[str, Json] = {
    "Pools": {"kind": "pool"},
    "Temporary workers": {"kind": "adjust", "change": 0},
    "Refusals": {"kind": "refuse"},
}
#: what each track of the sheet counts, in the rulebook's words (tooltips)
TRACK_RULES = {
    "Pools": "a pool works only when its number is written in a house with a printed pool: "
    "it advances this track, which scores its lowest uncrossed value",
    "Temporary workers": "a temporary worker changes its number by 0, 1 or 2 either way "
    "(never below 0); at the end the most workers score 7, the second 4, the third 1",
    "Extensions (B)": "an extension copies a number into a neighbouring empty house (nB); "
    "the lowest uncrossed value here is subtracted at the end",
    "Refusals": "when none of the three numbers can be written you cross the next refusal "
    "and take no action; its value is subtracted at the end, and a third refusal ends "
    "the game",
}


def _minus(penalty: int) -> str:
    return f"= -{penalty}" if penalty else "= 0"


def _track(
    label: str,
    values: tuple[int, ...] | None,
    boxes: int,
    crossed: int,
    colour: str,
    note: str,
    item: Legal | None,
    box: Box,
) -> list[str]:
    """A labelled track: its boxes below its label and note."""
    return [
        bold(box.x, box.y + 13, label, 13),
        muted(box.x + box.w, box.y + 13, note, 12.5, "end"),
        *track(Box(box.x, box.y + 18, box.w, 21), boxes, crossed, colour, values, item),
    ]


def _estate_values(
    obs: Json, player: int, acts: Acts, estates: list[tuple[int, int, int]], box: Box
) -> list[str]:
    """The value of an estate of each size (crossed values struck), how many complete
    estates of that size the sheet has, and the columns to click for an improvement."""
    L, entry = layout(obs), obs["players"][player]
    counts = [0] * len(L.estate_ladders)
    for _, start, end in estates:
        counts[end - start] += 1
    parts = [
        bold(box.x, box.y + 14, "Estate values", 13),
        muted(box.x + 112, box.y + 14, "(an improvement crosses the next)", 12.5),
    ]
    w = box.w / len(L.estate_ladders)
    for i, ladder in enumerate(L.estate_ladders):
        col = Box(box.x + i * w, box.y + 22, w - 6, box.h - 30)
        now = entry["improvements"][i]
        drawn = [rect(col, rx=6, fill="#fff", stroke=EDGE)]
        item = acts.find("improve", size=i + 1)
        if item:
            drawn[0] = rect(col, rx=6, **ghost())
        for h in range(i + 1):
            drawn.append(house_glyph(col.x + col.w / 2 - 4 * (i + 1) + 8 * h, col.y + 5, 7, "#fff"))
        for k, value in enumerate(ladder):
            cy = col.y + 36 + k * 19
            cx = col.x + col.w / 2
            if k == now:
                drawn.append(circle(cx, cy - 5, 10.5, fill=USED_VIOLET))
                drawn.append(bold(cx, cy, value, 13.5, "middle", fill="#fff"))
            else:
                drawn.append(text(cx, cy, value, 13.5, "middle", fill=MUTED if k < now else INK))
                if k < now:
                    drawn.append(line(cx - 8, cy - 4, cx + 8, cy - 4, stroke=INK, stroke_width=1.5))
        value = ladder[min(now, len(ladder) - 1)]
        drawn.append(
            text(
                col.x + col.w / 2,
                col.y + col.h - 8,
                f"{counts[i]}×{value}",
                13,
                "middle",
                fill=ESTATE_GREEN if counts[i] else MUTED,
                font_weight="bold",
            )
        )
        about = (
            f"estates of {i + 1} house{'s' * bool(i)} (numbered houses between two fences) "
            f"score {value} each now; an improvement crosses the next value"
        )
        parts += maybe_act(item, drawn, asking(obs, {"kind": "improve", "size": i + 1}, player),
                           about)  # fmt: skip
    return parts


SCORE_LABELS = (
    ("plans", "Plans"),
    ("parks", "Parks"),
    ("pools", "Pools"),
    ("estates", "Estates"),
    ("temporary_workers", "Temporary workers"),
    ("extensions", "Extensions"),
    ("refusals", "Refusals"),
)


def _score_box(score: dict[str, int] | None, box: Box) -> list[str]:
    parts = [
        rect(box, rx=8, fill="#fff", stroke=EDGE),
        bold(box.x + 12, box.y + 20, "Points now", 14),
    ]
    if score is None:
        return parts
    for i, (key, label) in enumerate(SCORE_LABELS):
        y = box.y + 40 + i * 17
        parts.append(text(box.x + 12, y, label, 13, fill=MUTED))
        parts.append(text(box.x + box.w - 12, y, score[key], 13, "end"))
    y = box.y + 40 + len(SCORE_LABELS) * 17 + 4
    parts.append(line(box.x + 12, y - 12, box.x + box.w - 12, y - 12, stroke=EDGE))
    parts.append(bold(box.x + 12, y + 4, "Total", 14))
    parts.append(bold(box.x + box.w - 12, y + 4, score["total"], 14, "end"))
    return parts
