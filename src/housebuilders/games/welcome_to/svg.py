"""Welcome To drawn as SVG for the web table: a pure function of an observation.

``svg(state.observe(seat), legal)`` draws the round as that seat sees it: the
header (round, what is asked, who is still choosing), this round's three pairs
(a construction card's number beside the flipped card's action), the three city
plans, a prompt bar with what the seat is asked now, the seat's own sheet large
(three streets of houses with their numbers, fences, printed and built pools,
estates complete or used for a plan, each street's park track; then the estate
values, the pool, temporary-worker, extension and refusal tracks, and the points
the sheet would score now) and the other players: small sheets for up to seven
of them, else a table of the first dozen and how many more. A spectator sees the
first player's sheet large.

``legal`` lists the seat's legal actions as ``{"index", "text", "action"}``.
Each one is drawn where it happens, as ``<g class="act" data-index="...">``
holding a ``<title>`` with the action's text: a pair card (pick), an empty house
(write; the number to write shown faint), the gap between two houses (fence), an
estate-value column (improve), the street's next park box (park), the house's
printed pool (pool), an empty house beside a number (extend: the copy ``nB`` with
an arrow from the house copied; a house between two numbers is split in two
halves), a plan card (claim), a complete estate (mark), the next refusal box
(refuse), and chips in the prompt bar for all that are not on the sheet
(temporary worker's change, skip, end your turn) and for park, pool and refuse
again.

It reads only the observation, so it can show no more than that seat may see:
another player's sheet is drawn as it was at the last reveal. The sheet's shape
and the score ladders are the game's content, as the observation carries them
(``sheet`` and ``ladders``), so a content override shows here too.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any
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
from .sheet import Layout, Sheet, layout_from_json, temp_points

__all__ = ["Legal", "layout", "points", "svg"]

Json = dict[str, Any]

WIDTH = 1200
INK, MUTED, PAPER, SHEET, EDGE = "#2b2b2b", "#6b5f52", "#f7f3ea", "#fffdf8", "#b9ad98"
HEADER = "#2f5d62"
ACTION_NAMES = {
    "fence": "fence",
    "improvement": "improvement",
    "park": "park",
    "pool": "pool",
    "temp": "temporary worker",
    "extension": "extension",
}
ACTION_COLOURS = {
    "fence": "#8a6a46",
    "improvement": "#8e5ea2",
    "park": "#4c9a2a",
    "pool": "#2d8fd5",
    "temp": "#e08a00",
    "extension": "#cf4438",
}
POOL_BLUE, PARK_GREEN, FENCE_BROWN, BIS_RED = "#2d8fd5", "#5aa83c", "#6e4b2a", "#cf4438"
USED_VIOLET, ESTATE_GREEN, WARM = "#8e5ea2", "#7dbb5e", "#e08a00"
GHOST = {"class_": "ghost", "fill": "#fff1cc", "stroke": WARM, "stroke_width": 1.5}
STYLE = (
    "svg.welcometo .act{cursor:pointer}"
    "svg.welcometo .act:hover .ghost{fill:#ffd27a;stroke:#b35f00}"
    "svg.welcometo .act:hover .card{stroke:#e08a00;stroke-width:4}"
)

# the own sheet's geometry
HOUSE_W, GAP, ROW = 64, 12, 100
STREETS_X = 64  # the first house's left edge
PARKS_X = 996  # the park tracks' left edge
MINI_LIMIT = 7  # more other players than this: a table instead of small sheets
TABLE_ROWS = 12


# -- the component values ---------------------------------------------------------------
def layout(obs: Json) -> Layout:
    """The sheet's shape and score ladders of the game seen in ``obs``: its content's."""
    return layout_from_json(obs["sheet"], obs["ladders"])


def points(obs: Json, players: Iterable[int]) -> dict[int, dict[str, int]]:
    """What each of ``players``' sheets in ``obs`` would score now: the breakdown, the
    total and the number of complete estates."""
    L = layout(obs)
    temps = temp_points(L, [entry["temps"] for entry in obs["players"]])
    out = {}
    for p in players:
        sheet = Sheet.from_json(L, obs["players"][p])
        breakdown = sheet.score(L, temps[p])
        out[p] = {
            **breakdown,
            "total": sum(breakdown.values()),
            "complete_estates": len(sheet.estates(L)),
        }
    return out


def name(obs: Json, player: int) -> str:
    return str(obs["players"][player].get("name") or f"Player {player}")


# -- SVG helpers ------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _escaped(s: str) -> str:
    return escape(s)


def _text(
    x: float, y: float, s: object, size: float = 13, anchor: str | None = None, **attrs: Any
) -> str:
    body = str(s) if type(s) is int else _escaped(str(s))
    attrs = {"fill": INK, **attrs}
    return _el("text", body, x=x, y=y, font_size=size, text_anchor=anchor, **attrs)


def _bold(
    x: float, y: float, s: object, size: float = 13, anchor: str | None = None, **attrs: Any
) -> str:
    return _text(x, y, s, size, anchor, font_weight="bold", **attrs)


def _muted(x: float, y: float, s: object, size: float = 12, anchor: str | None = None) -> str:
    return _text(x, y, s, size, anchor, fill=MUTED)


def _path(d: str, **attrs: Any) -> str:
    return _el("path", d=d, **attrs)


def _ghost(small: bool = False, **attrs: Any) -> dict[str, Any]:
    """The look of a spot where something may be written: dashed and warm."""
    return {**GHOST, "stroke_dasharray": "2 1.5" if small else "4 3", **attrs}


class Acts:
    """The seat's legal actions, found by kind and fields."""

    def __init__(self, legal: list[Json]) -> None:
        self.all = [Legal(int(a["index"]), str(a["text"]), a["action"]) for a in legal]
        self.kinds: dict[str, list[Legal]] = {}
        for item in self.all:
            self.kinds.setdefault(str(item.action.get("kind")), []).append(item)

    def of(self, kind: str) -> list[Legal]:
        return self.kinds.get(kind, [])

    def find(self, kind: str, **fields: Any) -> Legal | None:
        for item in self.kinds.get(kind, ()):
            if all(item.action.get(k) == v for k, v in fields.items()):
                return item
        return None

    def at(self, kind: str, *keys: str) -> dict[tuple[Any, ...], Legal]:
        """The actions of ``kind`` by the values of ``keys``."""
        return {tuple(a.action.get(k) for k in keys): a for a in self.of(kind)}


def _chips(chips: list[tuple[str, Legal]], x: float, y: float, right: float) -> list[str]:
    """Labelled clickable chips in a row from (x, y), shrinking to end before ``right``."""
    widths = [_text_width(label, 14) * 1.05 + 20 for label, _ in chips]
    scale = min(1.0, (right - x) / (sum(widths) + 6 * len(chips) + 1))
    parts = []
    for (label, item), w in zip(chips, widths, strict=True):
        w *= scale
        chip = _rect(Box(x, y, w, 28), rx=14, **_ghost())
        parts.append(_act(item, chip, _text(x + w / 2, y + 19, label, 14 * scale, "middle")))
        x += w + 6
    return parts


# == the drawing ===========================================================================
def svg(observation: Json, legal: list[Json]) -> str:
    """The round seen in ``observation``, with ``legal`` (the seat's legal actions as
    ``{"index", "text", "action"}``) clickable where they happen."""
    obs, acts = observation, Acts(legal)
    you = obs["you"]
    shown = you if you is not None else 0
    others = [p for p in range(len(obs["players"])) if p != shown]
    scores = points(obs, [shown, *others[: max(MINI_LIMIT, TABLE_ROWS)]])
    sheet_top = 270
    others_top = sheet_top + 36 + 3 * ROW + 215
    others_h = _others_height(len(others))
    height = others_top + others_h + 12
    parts = [_defs(), _rect(Box(0, 0, WIDTH, height), fill=PAPER), *_header(obs)]
    parts += _pairs(obs, acts, Box(12, 70, 540, 134))
    parts += _plans(obs, acts, Box(566, 70, 622, 134))
    parts += _prompt(obs, acts, Box(12, 214, WIDTH - 24, 44))
    parts += _own_sheet(
        obs,
        shown,
        acts,
        scores.get(shown),
        Box(12, sheet_top, WIDTH - 24, others_top - sheet_top - 12),
    )
    if others:
        parts += _others(obs, others, scores, Box(12, others_top, WIDTH - 24, others_h))
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="welcometo" viewBox="0 0 {WIDTH} '
        f'{height}" width="100%" font-family="sans-serif" role="img" '
        f"aria-label={quoteattr(_title(obs))}>"
    )
    return "\n".join([head, *parts, "</svg>"]) + "\n"


def _defs() -> str:
    return _el("defs", _el("style", STYLE))


def _title(obs: Json) -> str:
    return f"Welcome To Your Perfect Home - round {obs['round']}"


# -- the header ---------------------------------------------------------------------------
def _header(obs: Json) -> list[str]:
    you, acting, n = obs["you"], obs["acting"], len(obs["players"])
    if obs["phase"] == "over":
        line = "The game is over."
    elif you is not None and you in acting:
        line = "Your choice: " + _asked(obs)
    else:
        waiting = _who(obs, acting)
        line = f"Still choosing: {waiting}" if acting else "Revealing..."
        if you is not None:
            line = "You have chosen. " + line
    seat = "spectator" if you is None else f"you are {name(obs, you)}"
    chosen = n - len(acting)
    return [
        _rect(Box(0, 0, WIDTH, 58), fill=HEADER),
        _text(16, 25, _title(obs), 19, fill="#fff", font_weight="bold"),
        _text(16, 47, line, 15, fill="#fff"),
        _text(WIDTH - 16, 25, seat, 14, "end", fill="#dfeceb"),
        _text(WIDTH - 16, 47, f"{chosen} of {n} chosen", 14, "end", fill="#dfeceb"),
    ]


def _who(obs: Json, players: list[int], limit: int = 6) -> str:
    names = [name(obs, p) for p in players[:limit]]
    if len(players) > limit:
        return ", ".join(names) + f" and {len(players) - limit} more"
    return ", ".join(names)


def _asked(obs: Json) -> str:
    turn = obs.get("turn") or {}
    asked, number = turn.get("asked"), turn.get("number")
    if asked == "pair":
        return "choose one of the three pairs"
    if asked == "temporary worker":
        return f"the temporary worker may change {number} by up to 2"
    if asked == "house":
        return f"write {number} in an empty house"
    if asked == "action":
        return f"use the {ACTION_NAMES.get(turn.get('action'), 'action')}, or skip it"
    if asked == "plans":
        return "claim a city plan, or end your turn"
    if asked == "estate":
        sizes = ", ".join(str(s) for s in turn.get("sizes", []))
        return f"choose the estates for the plan (sizes {sizes})"
    return str(asked or "")


# -- the pairs ---------------------------------------------------------------------------
def _pairs(obs: Json, acts: Acts, box: Box) -> list[str]:
    turn = obs.get("turn") or {}
    parts = [_bold(box.x, box.y + 14, "This round's pairs", 14)]
    w = (box.w - 24) / 3
    for i, pair in enumerate(obs["pairs"]):
        card = Box(box.x + i * (w + 12), box.y + 24, w, box.h - 24)
        drawn = _pair_card(pair, card, obs["stacks"][i], chosen=turn.get("pair") == i)
        parts += _maybe_act(acts.find("pick", pair=i), drawn)
    return parts


def _card(box: Box, fill: str, highlighted: bool) -> str:
    """A card's face, its edge thick and warm when it is the one in play."""
    return _rect(
        box,
        rx=8,
        fill=fill,
        stroke=WARM if highlighted else EDGE,
        stroke_width=4 if highlighted else 1.5,
        class_="card",
    )


def _pair_card(pair: Json, box: Box, stack: int, chosen: bool) -> list[str]:
    action = str(pair["action"])
    colour = ACTION_COLOURS.get(action, "#777")
    side = Box(box.x, box.y, 74, box.h)
    parts = [
        _card(box, "#fff", chosen),
        _path(
            f"M{side.x + 8} {side.y}H{side.x + side.w}V{side.y + side.h}H{side.x + 8}"
            f"Q{side.x} {side.y + side.h} {side.x} {side.y + side.h - 8}V{side.y + 8}"
            f"Q{side.x} {side.y} {side.x + 8} {side.y}Z",
            fill=colour,
        ),
        *_icon(action, side.x + side.w / 2, side.y + 38, 15, "#fff"),
    ]
    for k, word in enumerate(ACTION_NAMES.get(action, action).split()):
        parts.append(
            _text(
                side.x + side.w / 2,
                side.y + 76 + 13 * k,
                word,
                min(12.0, (side.w - 8) / (0.62 * len(word))),
                "middle",
                fill="#fff",
                font_weight="bold",
            )
        )
    cx = side.x + side.w + (box.w - side.w) / 2
    parts.append(_bold(cx, box.y + 66, pair["number"], 46, "middle"))
    parts.append(_muted(cx, box.y + box.h - 9, f"{stack} in the stack", 12, "middle"))
    if chosen:
        parts.append(_bold(box.x + box.w - 8, box.y + 16, "yours", 13, "end", fill=WARM))
    return parts


def _icon(action: str, cx: float, cy: float, r: float, ink: str) -> list[str]:
    """A small picture of an action, centred on (cx, cy), about ``r`` wide each way."""
    line = {
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
        return [_path(posts + rails, **line)]
    if action == "park":
        return [
            _rect(Box(cx - r * 0.12, cy, r * 0.24, r * 0.9), fill=ink),
            _circle(cx, cy - r * 0.25, r * 0.7, fill=ink),
        ]
    if action == "pool":
        waves = "".join(
            f"M{cx - r} {cy + dy}q{r / 4} {-r / 4} {r / 2} 0t{r / 2} 0t{r / 2} 0t{r / 2} 0"
            for dy in (-r * 0.35, r * 0.3)
        )
        return [_path(waves, **line)]
    glyph = {"improvement": "$", "temp": "±", "extension": "B"}.get(action, "?")
    return [_bold(cx, cy + r * 0.6, glyph, r * 1.8, "middle", fill=ink)]


# -- the plans ---------------------------------------------------------------------------
def _plans(obs: Json, acts: Acts, box: Box) -> list[str]:
    turn = obs.get("turn") or {}
    mine = obs["players"][obs["you"]]["plans"] if obs["you"] is not None else [None] * 3
    parts = [_bold(box.x, box.y + 14, "City plans", 14)]
    w = (box.w - 24) / 3
    for k, plan in enumerate(obs["plans"]):
        card = Box(box.x + k * (w + 12), box.y + 24, w, box.h - 24)
        marking = turn.get("asked") == "estate" and turn.get("plan") == k
        drawn = _plan_card(plan, card, mine[k] if k < len(mine) else None, marking)
        parts += _maybe_act(acts.find("claim", plan=k), drawn)
    return parts


def _plan_card(plan: Json, box: Box, claimed: int | None, marking: bool) -> list[str]:
    parts = [
        _card(box, "#fbf6ea", marking),
        _bold(box.x + 10, box.y + 20, f"Plan {plan['deck']}", 14),
    ]
    now = plan["later"] if plan["flipped"] else plan["first"]
    first_ink = MUTED if plan["flipped"] else INK
    parts.append(
        _text(
            box.x + box.w - 10,
            box.y + 20,
            f"{plan['first']} / {plan['later']}",
            14,
            "end",
            fill=first_ink,
            font_weight="bold",
        )
    )
    x, y = box.x + 10, box.y + 34
    for size in plan["estates"]:
        for h in range(size):
            parts.append(_house_glyph(x + 13 * h, y, 11, "#fff"))
        x += 13 * size + 8
    if claimed is not None:
        parts.append(_rect(Box(box.x + 10, box.y + 66, box.w - 20, 24), rx=12, fill=ESTATE_GREEN))
        parts.append(
            _bold(
                box.x + box.w / 2,
                box.y + 83,
                f"claimed: {claimed} points",
                13,
                "middle",
                fill="#fff",
            )
        )
    else:
        note = "claimed before: now " if plan["flipped"] else "first to claim: "
        parts.append(_muted(box.x + 10, box.y + 82, f"{note}{now} points", 13))
    if marking:
        parts.append(_bold(box.x + 10, box.y + box.h - 8, "choose its estates", 12.5, fill=WARM))
    return parts


@lru_cache(maxsize=1024)
def _house_glyph(x: float, y: float, w: float, fill: str) -> str:
    """A tiny house (a plan's estate), top left at (x, y)."""
    h = w * 1.3
    d = f"M{x} {y + h * 0.4}L{x + w / 2} {y}L{x + w} {y + h * 0.4}V{y + h}H{x}Z"
    return _path(d, fill=fill, stroke=MUTED, stroke_width=1)


# -- the prompt ---------------------------------------------------------------------------
def _prompt(obs: Json, acts: Acts, box: Box) -> list[str]:
    turn = obs.get("turn") or {}
    asked = bool(acts.all)
    parts = [
        _rect(
            box,
            rx=8,
            fill="#fff4dc" if asked else "#fff",
            stroke=WARM if asked else EDGE,
            stroke_width=2 if asked else 1,
        )
    ]
    label = _prompt_text(obs, turn, acts)
    parts.append(_bold(box.x + 14, box.y + 27, label, 15))
    chips = _prompt_chips(acts, turn)
    if chips:
        x = box.x + 28 + _text_width(label, 15) * 0.88
        parts += _chips(chips, x, box.y + 8, box.x + box.w - 10)
    return parts


def _prompt_text(obs: Json, turn: Json, acts: Acts) -> str:
    you = obs["you"]
    if obs["phase"] == "over":
        return "The game is over: the scores are below the table."
    if you is None:
        return f"You are watching. {len(obs['acting'])} still choosing."
    if not turn:
        left = len(obs["acting"])
        return f"Your choice is made. Waiting for {left} other player{'s' * (left != 1)}."
    asked = turn.get("asked")
    if asked == "pair" and acts.of("refuse"):
        if acts.of("pick"):
            return "No number fits as drawn: take a temporary-worker pair, or"
        return "No number fits:"
    if asked == "pair":
        return "Click a pair to take it."
    number, where = turn.get("number"), ""
    if "street" in turn:
        where = f" (street {turn['street'] + 1}, house {turn['house'] + 1})"
    return {
        "temporary worker": f"Temporary worker: change {number} by",
        "house": f"Click an empty house to write {number}.",
        "action": f"{number} written{where}. Its {ACTION_NAMES.get(turn.get('action'), '')}:",
        "plans": "Click a plan to claim it, or",
        "estate": "Click the estates to use for the plan.",
    }.get(asked, _asked(obs))


def _prompt_chips(acts: Acts, turn: Json) -> list[tuple[str, Legal]]:
    chips: list[tuple[str, Legal]] = []
    for item in acts.of("refuse"):
        chips.append(("refuse (no number fits)", item))
    for item in sorted(acts.of("adjust"), key=lambda a: a.action["change"]):
        change = item.action["change"]
        label = "±0" if change == 0 else f"{change:+d}"
        if "number" in turn:
            label += f" → {turn['number'] + change}"
        chips.append((label, item))
    for kind, label in (("park", "build the park"), ("pool", "build the pool")):
        chips += [(label, item) for item in acts.of(kind)]
    for item in acts.of("skip"):
        worker = turn.get("asked") == "temporary worker"
        chips.append((f"keep {turn.get('number')}, no worker" if worker else "skip", item))
    for item in acts.of("finish"):
        chips.append(("end my turn", item))
    return chips


# -- the own sheet -------------------------------------------------------------------------
def _own_sheet(
    obs: Json, player: int, acts: Acts, score: dict[str, int] | None, box: Box
) -> list[str]:
    entry = obs["players"][player]
    you = obs["you"]
    title = "Your sheet" if you == player else f"{name(obs, player)}'s sheet"
    parts = [
        _rect(box, rx=10, fill=SHEET, stroke=EDGE),
        _bold(box.x + 14, box.y + 24, title, 16),
    ]
    status = "chosen" if entry["done"] else "choosing"
    if you != player:
        status += " · as revealed at the end of the last round"
    if obs["phase"] != "over":
        parts.append(_muted(box.x + 24 + _text_width(title, 16) * 1.1, box.y + 24, status, 13))
    L = layout(obs)
    sheet = Sheet.from_json(L, entry) if score is not None else None
    estates = sheet.estates(L) if sheet else []
    turn = obs.get("turn") or {}
    top = box.y + 36
    for s, street in enumerate(entry["streets"]):
        parts += _street(obs, s, street, acts, turn, estates, entry["used"], top + s * ROW)
    parts += _tracks(
        obs,
        player,
        acts,
        score,
        estates,
        Box(box.x, top + 3 * ROW + 4, box.w, box.h - 40 - 3 * ROW),
    )
    return [_el("g", "".join(parts), class_="sheet", data_player=player)]


def _house_x(h: int) -> float:
    return STREETS_X + h * (HOUSE_W + GAP)


def _street(
    obs: Json,
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
        _rect(Box(STREETS_X - 10, y + 88, end - STREETS_X + 20, 5), fill="#d9d2c3"),
        _circle(36, y + 48, 15, fill=HEADER),
        _bold(36, y + 54, s + 1, 16, "middle", fill="#fff"),
        _muted(36, y + 80, "street", 11.5, "middle"),
    ]
    for h in range(size):
        x = _house_x(h)
        here = turn.get("street") == s and turn.get("house") == h
        parts.append(_house(x, y, numbers[h], h in bis, h in printed, h in built, here))
        if numbers[h] is None:
            parts += _write_spot(writes.get((s, h)), turn.get("number"), x, y)
            left, right = extends.get((s, h, -1)), extends.get((s, h, 1))
            parts += _extend_spots(left, right, numbers, h, x, y)
        if h in printed and here:
            item = acts.find("pool")
            if item:
                parts.append(
                    _act(
                        item,
                        _rect(Box(x + 9, y + 58, HOUSE_W - 18, 11), rx=4, **_ghost(small=True)),
                    )
                )
    fence_acts = acts.at("fence", "street", "gap")
    for gap in range(size - 1):
        gx = _house_x(gap) + HOUSE_W
        if gap in fences:
            parts.append(_fence(gx + GAP / 2, y))
        elif (s, gap) in fence_acts:
            spot = _rect(Box(gx, y + 14, GAP, 66), rx=3, **_ghost(small=True))
            parts.append(_act(fence_acts[(s, gap)], spot))
    parts += [_fence(STREETS_X - GAP / 2, y), _fence(end + GAP / 2, y)]
    parts += _estate_bars(s, estates, used, y)
    parts += _marks(s, acts, estates, y)
    parts += _parks(layout(obs), s, street["parks"], acts, turn, y)
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
        _path(
            roof,
            fill="#c9b79c" if number is None else "#b5523b",
            stroke="#6d5a45",
            stroke_width=1.2,
        ),
        _rect(
            Box(x + 3, y + 24, w - 6, 50),
            fill=front,
            stroke=WARM if here else "#6d5a45",
            stroke_width=3 if here else 1.2,
        ),
    ]
    if printed:
        parts.append(
            _rect(
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
        parts.append(_bold(cx, base, number, 25, "middle", class_="number"))
        if bis:
            parts.append(_bold(cx + 9 + 7 * len(str(number)), base, "B", 14, fill=BIS_RED))
    return "".join(parts)


def _write_spot(item: Legal | None, number: int | None, x: float, y: float) -> list[str]:
    if item is None:
        return []
    spot = _rect(Box(x + 6, y + 27, HOUSE_W - 12, 44), rx=4, **_ghost())
    label = _text(
        x + HOUSE_W / 2,
        y + 57,
        "" if number is None else number,
        22,
        "middle",
        fill=WARM,
        opacity=0.75,
        font_weight="bold",
    )
    return [_act(item, spot, label)]


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
            drawn = [_bold(cx, cell.y + 27, label, 15, "middle", fill=BIS_RED)]
        else:
            drawn = [
                _bold(cx, cell.y + 17, arrow, 13, "middle", fill=BIS_RED),
                _bold(cx, cell.y + 35, copy, 12, "middle", fill=BIS_RED),
            ]
        parts.append(_act(item, _rect(cell, rx=4, **_ghost()), *drawn))
    return parts


@lru_cache(maxsize=1024)
def _fence(cx: float, y: float) -> str:
    return _rect(Box(cx - 3, y + 16, 6, 64), rx=2, fill=FENCE_BROWN) + _path(
        f"M{cx - 3} {y + 17}L{cx} {y + 11}L{cx + 3} {y + 17}Z", fill=FENCE_BROWN
    )


def _estate_bars(
    s: int, estates: list[tuple[int, int, int]], used: list[list[int]], y: float
) -> list[str]:
    """Under each complete estate a bar: green, or violet once used for a plan."""
    used_here = {(u[1], u[2]) for u in used if u[0] == s}
    complete = {(e[1], e[2]) for e in estates if e[0] == s}
    parts = []
    for start, end in sorted(complete | used_here):
        x1, x2 = _house_x(start) + 2, _house_x(end) + HOUSE_W - 2
        is_used = (start, end) in used_here
        colour = USED_VIOLET if is_used else ESTATE_GREEN
        parts.append(_rect(Box(x1, y + 77, x2 - x1, 13), rx=4, fill=colour))
        if is_used:
            parts.append(
                _bold((x1 + x2) / 2, y + 87.5, "used for a plan", 10.5, "middle", fill="#fff")
            )
    return parts


def _marks(s: int, acts: Acts, estates: list[tuple[int, int, int]], y: float) -> list[str]:
    """Complete estates that may be marked for the plan being claimed: outlined."""
    ends = {start: end for street, start, end in estates if street == s}
    parts = []
    for item in acts.of("mark"):
        if item.action["street"] != s:
            continue
        start = item.action["start"]
        end = ends.get(start, start)
        x1, x2 = _house_x(start) - 4, _house_x(end) + HOUSE_W + 4
        outline = _rect(Box(x1, y + 1, x2 - x1, 86), rx=8, **_ghost(fill_opacity=0.3))
        text = f"use this estate of {end - start + 1}"
        w = _text_width(text, 12) + 14
        pill = _rect(Box((x1 + x2 - w) / 2, y - 7, w, 19), rx=9, fill=WARM)
        label = _bold((x1 + x2) / 2, y + 7, text, 12, "middle", fill="#fff")
        parts.append(_act(item, outline, pill, label))
    return parts


def _parks(L: Layout, s: int, crossed: int, acts: Acts, turn: Json, y: float) -> list[str]:
    ladder = L.parks[s] if s < len(L.parks) else (0,)
    parts = [_muted(PARKS_X, y + 18, "parks", 12.5)]
    park = acts.find("park") if turn.get("street") == s else None
    for k, value in enumerate(ladder[1:], start=1):
        cell = Box(PARKS_X + (k - 1) * 38, y + 26, 34, 34)
        if k <= crossed:
            parts += [
                _rect(cell, rx=5, fill=PARK_GREEN, stroke="#3c7a26"),
                *_icon("park", cell.x + 17, cell.y + 15, 10, "#fff"),
            ]
        else:
            drawn = [
                _rect(cell, rx=5, fill="#fff", stroke="#8fbf7a"),
                _bold(cell.x + 17, cell.y + 23, value, 14, "middle", fill="#3c7a26"),
            ]
            if park and k == crossed + 1:
                drawn = [_rect(cell, rx=5, **_ghost()), drawn[1]]
                parts.append(_act(park, *drawn))
            else:
                parts += drawn
    parts.append(_muted(PARKS_X, y + 76, f"= {ladder[min(crossed, len(ladder) - 1)]} points", 12.5))
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
    parts = _estate_values(L, entry, acts, estates, Box(box.x + 14, box.y, 420, box.h))
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
        track = Box(x, box.y + 2 + i * 42, box.w - 456 - score_w - 28, 40)
        values = None if label.startswith("Temporary") else ladder[1:]
        parts += _track(label, values, len(ladder) - 1, crossed, colour, note, item, track)
    parts += _score_box(score, Box(box.x + box.w - score_w - 14, box.y + 2, score_w, box.h - 12))
    return parts


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
    """A row of boxes, the crossed ones filled; ``values`` printed in them if given."""
    parts = [
        _bold(box.x, box.y + 13, label, 13),
        _muted(box.x + box.w, box.y + 13, note, 12.5, "end"),
    ]
    step = min(34.0, box.w / max(1, boxes))
    for k in range(boxes):
        cell = Box(box.x + k * step, box.y + 18, step - 4, 21)
        on = k < crossed
        drawn = [_rect(cell, rx=3, fill=colour if on else "#fff", stroke=colour)]
        if values is not None:
            drawn.append(
                _text(
                    cell.x + cell.w / 2,
                    cell.y + 15.5,
                    values[k],
                    12.5,
                    "middle",
                    fill="#fff" if on else colour,
                )
            )
        elif on:
            drawn.append(
                _path(
                    f"M{cell.x + 4} {cell.y + 4}L{cell.x + cell.w - 4} {cell.y + cell.h - 4}",
                    stroke="#fff",
                    stroke_width=2,
                )
            )
        if item and k == crossed:
            drawn[0] = _rect(cell, rx=3, **_ghost())
            parts.append(_act(item, *drawn))
        else:
            parts += drawn
    return parts


def _estate_values(
    L: Layout, entry: Json, acts: Acts, estates: list[tuple[int, int, int]], box: Box
) -> list[str]:
    """The value of an estate of each size (crossed values struck), how many complete
    estates of that size the sheet has, and the columns to click for an improvement."""
    counts = [0] * len(L.estate_ladders)
    for _, start, end in estates:
        counts[end - start] += 1
    parts = [
        _bold(box.x, box.y + 14, "Estate values", 13),
        _muted(box.x + 112, box.y + 14, "(an improvement crosses the next)", 12.5),
    ]
    w = box.w / len(L.estate_ladders)
    for i, ladder in enumerate(L.estate_ladders):
        col = Box(box.x + i * w, box.y + 22, w - 6, box.h - 30)
        now = entry["improvements"][i]
        drawn = [_rect(col, rx=6, fill="#fff", stroke=EDGE)]
        item = acts.find("improve", size=i + 1)
        if item:
            drawn[0] = _rect(col, rx=6, **_ghost())
        for h in range(i + 1):
            drawn.append(
                _house_glyph(col.x + col.w / 2 - 4 * (i + 1) + 8 * h, col.y + 5, 7, "#fff")
            )
        for k, value in enumerate(ladder):
            cy = col.y + 36 + k * 19
            cx = col.x + col.w / 2
            if k == now:
                drawn.append(_circle(cx, cy - 5, 10.5, fill=USED_VIOLET))
                drawn.append(_bold(cx, cy, value, 13.5, "middle", fill="#fff"))
            else:
                drawn.append(_text(cx, cy, value, 13.5, "middle", fill=MUTED if k < now else INK))
                if k < now:
                    drawn.append(
                        _line(cx - 8, cy - 4, cx + 8, cy - 4, stroke=INK, stroke_width=1.5)
                    )
        value = ladder[min(now, len(ladder) - 1)]
        drawn.append(
            _text(
                col.x + col.w / 2,
                col.y + col.h - 8,
                f"{counts[i]}×{value}",
                13,
                "middle",
                fill=ESTATE_GREEN if counts[i] else MUTED,
                font_weight="bold",
            )
        )
        parts += _maybe_act(item, drawn)
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
        _rect(box, rx=8, fill="#fff", stroke=EDGE),
        _bold(box.x + 12, box.y + 20, "Points now", 14),
    ]
    if score is None:
        return parts
    for i, (key, label) in enumerate(SCORE_LABELS):
        y = box.y + 40 + i * 17
        parts.append(_text(box.x + 12, y, label, 13, fill=MUTED))
        parts.append(_text(box.x + box.w - 12, y, score[key], 13, "end"))
    y = box.y + 40 + len(SCORE_LABELS) * 17 + 4
    parts.append(_line(box.x + 12, y - 12, box.x + box.w - 12, y - 12, stroke=EDGE))
    parts.append(_bold(box.x + 12, y + 4, "Total", 14))
    parts.append(_bold(box.x + box.w - 12, y + 4, score["total"], 14, "end"))
    return parts


# -- the other players ------------------------------------------------------------------------
MINI_W, MINI_H = 282, 150


def _others_height(n: int) -> float:
    if n <= MINI_LIMIT:
        return 28 + (n + 3) // 4 * (MINI_H + 10)
    return 28 + 26 * (min(n, TABLE_ROWS) + 1) + (30 if n > TABLE_ROWS else 8)


def _others(obs: Json, others: list[int], scores: dict[int, dict[str, int]], box: Box) -> list[str]:
    title = "The other players" if obs["you"] is not None else "The other sheets"
    parts = [
        _bold(box.x, box.y + 16, title, 15),
        _muted(
            box.x + _text_width(title, 15) * 1.1 + 12,
            box.y + 16,
            "as revealed at the end of the last round",
            12,
        ),
    ]
    if len(others) <= MINI_LIMIT:
        for i, p in enumerate(others):
            cell = Box(
                box.x + i % 4 * (MINI_W + 12), box.y + 28 + i // 4 * (MINI_H + 10), MINI_W, MINI_H
            )
            parts += _mini_sheet(obs, p, scores.get(p), cell)
        return parts
    return parts + _table(obs, others, scores, Box(box.x, box.y + 28, box.w, box.h - 28))


def _status(obs: Json, entry: Json) -> tuple[str, str]:
    if obs["phase"] == "over":
        return "", MUTED
    return ("✓ chosen", "#3c7a26") if entry["done"] else ("choosing…", WARM)


def _mini_sheet(obs: Json, p: int, score: dict[str, int] | None, box: Box) -> list[str]:
    entry = obs["players"][p]
    status, colour = _status(obs, entry)
    parts = [
        _rect(box, rx=8, fill=SHEET, stroke=EDGE),
        _bold(box.x + 10, box.y + 19, name(obs, p), 14),
        _bold(box.x + box.w - 10, box.y + 19, status, 13, "end", fill=colour),
    ]
    if score is not None:
        parts.append(
            _muted(
                box.x + 14 + _text_width(name(obs, p), 14) * 1.1,
                box.y + 19,
                f"{score['total']} pts",
                13,
            )
        )
    cell = 20
    pools = obs["sheet"]["pools"]
    for s, street in enumerate(entry["streets"]):
        y = box.y + 30 + s * 24
        fences = set(street["fences"])
        built, bis = set(street["pools"]), set(street["bis"])
        printed = set(pools[s]) if s < len(pools) else set()
        for h, number in enumerate(street["numbers"]):
            x = box.x + 12 + h * (cell + 2)
            fill = POOL_BLUE if h in built else "#d6ecfb" if h in printed else "#fff"
            parts.append(
                f'<rect x="{_num(x)}" y="{_num(y)}" width="{cell}" height="{cell}" '
                f'fill="{fill}" stroke="#b9ad98"/>'
            )
            if number is not None:
                ink = BIS_RED if h in bis else "#fff" if h in built else INK
                parts.append(
                    f'<text x="{_num(x + cell / 2)}" y="{_num(y + 14.5)}" '
                    f'font-size="11" text-anchor="middle" fill="{ink}" '
                    f'font-weight="bold" class="number">{number}</text>'
                )
            if h in fences:
                fx = _num(x + cell + 1)
                parts.append(
                    f'<line x1="{fx}" y1="{_num(y - 2)}" x2="{fx}" '
                    f'y2="{_num(y + cell + 2)}" stroke="{FENCE_BROWN}" '
                    'stroke-width="3"/>'
                )
    plans = " ".join("–" if v is None else str(v) for v in entry["plans"])
    parks = "·".join(str(st["parks"]) for st in entry["streets"])
    built_pools = sum(len(st["pools"]) for st in entry["streets"])
    lines = (
        f"parks {parks} · pools {built_pools} · temps {entry['temps']}",
        f"B {entry['extensions']} · refusals {entry['refusals']} · plans {plans}",
    )
    for i, line in enumerate(lines):
        parts.append(_text(box.x + 12, box.y + box.h - 28 + 17 * i, line, 12.5, fill=MUTED))
    return [_el("g", "".join(parts), class_="sheet", data_player=p)]


TABLE_COLUMNS = (
    ("", 170),
    ("", 100),
    ("points", 70),
    ("houses", 70),
    ("estates", 70),
    ("plans", 110),
    ("parks", 80),
    ("pools", 60),
    ("temps", 60),
    ("B", 50),
    ("refusals", 70),
)


def _table(obs: Json, others: list[int], scores: dict[int, dict[str, int]], box: Box) -> list[str]:
    """The first dozen other players' score-relevant counts, and how many more."""
    parts = [_rect(Box(box.x, box.y, box.w, 26), fill="#efe6d4")]
    x = box.x + 10
    for label, w in TABLE_COLUMNS:
        parts.append(_bold(x, box.y + 18, label, 13))
        x += w
    for row, p in enumerate(others[:TABLE_ROWS]):
        entry, y = obs["players"][p], box.y + 26 * (row + 1)
        if row % 2:
            parts.append(_rect(Box(box.x, y, box.w, 26), fill="#fbf6ea"))
        status, colour = _status(obs, entry)
        score = scores.get(p)
        cells = [
            name(obs, p),
            status,
            "" if score is None else score["total"],
            sum(n is not None for st in entry["streets"] for n in st["numbers"]),
            "" if score is None else score["complete_estates"],
            " ".join("–" if v is None else str(v) for v in entry["plans"]),
            "·".join(str(st["parks"]) for st in entry["streets"]),
            sum(len(st["pools"]) for st in entry["streets"]),
            entry["temps"],
            entry["extensions"],
            entry["refusals"],
        ]
        x, drawn = box.x + 10, []
        for i, ((_, w), value) in enumerate(zip(TABLE_COLUMNS, cells, strict=True)):
            drawn.append(_text(x, y + 18, value, 13, fill=colour if i == 1 else INK))
            x += w
        parts.append(_el("g", "".join(drawn), class_="row", data_player=p))
    if len(others) > TABLE_ROWS:
        rest = others[TABLE_ROWS:]
        choosing = sum(not obs["players"][p]["done"] for p in rest)
        y = box.y + 26 * (TABLE_ROWS + 1) + 20
        note = f"and {len(rest)} more"
        if obs["phase"] != "over":
            note += f": {choosing} still choosing, {len(rest) - choosing} chosen"
        parts.append(_muted(box.x + 10, y, note, 12.5))
    return parts
