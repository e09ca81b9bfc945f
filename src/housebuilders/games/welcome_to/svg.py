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
again. On the seat's own drawing each of these parts asks why not its move when it is
not one now: a pair, a plan, a house (writing there), a gap (a fence), an estate-value
column, a street's next park box, a printed pool, a complete estate (marking it), the
refusal, pool and temporary-worker tracks.

It reads only the observation, so it can show no more than that seat may see:
another player's sheet is drawn as it was at the last reveal. The sheet's shape
and the score ladders are the game's content, as the observation carries them
(``sheet`` and ``ladders``), so a content override shows here too.

The large sheet is drawn by svg_sheet.py, and what every game draws alike (the
frame, the header, cards, tracks, the table) by the kit, core/draw.
"""

from __future__ import annotations

from typing import Any

from housebuilders.core.draw import (
    INK,
    MUTED,
    WARM,
    Acts,
    Box,
    Legal,
    Row,
    Theme,
    asking,
    bold,
    bold_width,
    card_face,
    chips,
    document,
    el,
    fit,
    header,
    maybe_act,
    muted,
    num,
    path,
    player_name as name,
    rect,
    table,
    text,
    text_width,
)
from housebuilders.games.welcome_to.content import ACTION_NAMES
from housebuilders.games.welcome_to.observed import points
from housebuilders.games.welcome_to.svg_sheet import (
    ACTION_COLOURS,
    BIS_RED,
    EDGE,
    ESTATE_GREEN,
    FENCE_BROWN,
    HEADER,
    POOL_BLUE,
    ROW,
    SHEET,
    house_glyph,
    icon,
    own_sheet,
)

Json = dict[str, Any]

WIDTH = 1200
THEME = Theme(
    "welcometo", paper="#f7f3ea", edge=EDGE, header=HEADER, header_note="#dfeceb", hover_width=4
)
MINI_LIMIT = 7  # more other players than this: a table instead of small sheets
TABLE_ROWS = 12


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
    parts = _header(obs)
    parts += _pairs(obs, acts, Box(12, 70, 540, 134))
    parts += _plans(obs, acts, Box(566, 70, 622, 134))
    parts += _prompt(obs, acts, Box(12, 214, WIDTH - 24, 44))
    parts += own_sheet(
        obs,
        shown,
        acts,
        scores.get(shown),
        Box(12, sheet_top, WIDTH - 24, others_top - sheet_top - 12),
    )
    if others:
        parts += _others(obs, others, scores, Box(12, others_top, WIDTH - 24, others_h))
    return document(THEME, WIDTH, height, _title(obs), parts)


def _title(obs: Json) -> str:
    return f"Welcome To Your Perfect Home - round {obs['round']}"


# -- the header ---------------------------------------------------------------------------
def _header(obs: Json) -> list[str]:
    you, acting, n = obs["you"], obs["acting"], len(obs["players"])
    if obs["phase"] == "over":
        status = "The game is over."
    elif you is not None and you in acting:
        status = "Your choice: " + _asked(obs)
    else:
        waiting = _who(obs, acting)
        status = f"Still choosing: {waiting}" if acting else "Revealing..."
        if you is not None:
            status = "You have chosen. " + status
    seat = "spectator" if you is None else f"you are {name(obs, you)}"
    chosen = n - len(acting)
    return header(THEME, WIDTH, _title(obs), status, (seat, f"{chosen} of {n} chosen"))


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
        return f"use the {ACTION_NAMES.get(turn.get('action', ''), 'action')}, or skip it"
    if asked == "plans":
        return "claim a city plan, or end your turn"
    if asked == "estate":
        sizes = ", ".join(str(s) for s in turn.get("sizes", []))
        return f"choose the estates for the plan (sizes {sizes})"
    return str(asked or "")


# -- the pairs ---------------------------------------------------------------------------
def _pairs(obs: Json, acts: Acts, box: Box) -> list[str]:
    turn = obs.get("turn") or {}
    parts = [bold(box.x, box.y + 14, "This round's pairs", 14)]
    w = (box.w - 24) / 3
    for i, pair in enumerate(obs["pairs"]):
        cell = Box(box.x + i * (w + 12), box.y + 24, w, box.h - 24)
        drawn = _pair_card(pair, cell, obs["stacks"][i], chosen=turn.get("pair") == i)
        action = str(pair["action"])
        named = ACTION_NAMES.get(action, action)
        about = f"{pair['number']} with a {named}: {EFFECTS.get(action, '')}"
        ask = asking(obs, {"kind": "pick", "pair": i})
        parts += maybe_act(acts.find("pick", pair=i), drawn, ask, about)
    return parts


#: what each card's action does, in the rulebook's words (the pairs' tooltips)
EFFECTS = {
    "fence": "draw a fence between two houses; a complete estate is 1 to 6 numbered houses "
    "between two fences",
    "improvement": "cross the next value of one estate size: every estate of that size "
    "scores more at the end",
    "park": "cross the next park box of the street you write the number in",
    "pool": "if the number goes in a house with a printed pool, circle it and advance the "
    "pool track",
    "temp": "change the number by 0, 1 or 2 either way (never below 0) and cross a worker "
    "box; the most workers score at the end",
    "extension": "after the number, copy any number into a neighbouring empty house (nB); "
    "it costs a penalty at the end",
}


def _pair_card(pair: Json, box: Box, stack: int, chosen: bool) -> list[str]:
    action = str(pair["action"])
    colour = ACTION_COLOURS.get(action, "#777")
    side = Box(box.x, box.y, 74, box.h)
    parts = [
        card_face(box, "#fff", EDGE, rx=8, highlight=chosen),
        path(
            f"M{side.x + 8} {side.y}H{side.x + side.w}V{side.y + side.h}H{side.x + 8}"
            f"Q{side.x} {side.y + side.h} {side.x} {side.y + side.h - 8}V{side.y + 8}"
            f"Q{side.x} {side.y} {side.x + 8} {side.y}Z",
            fill=colour,
        ),
        *icon(action, side.x + side.w / 2, side.y + 38, 15, "#fff"),
    ]
    for k, word in enumerate(ACTION_NAMES.get(action, action).split()):
        parts.append(
            text(
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
    parts.append(bold(cx, box.y + 66, pair["number"], 46, "middle"))
    parts.append(muted(cx, box.y + box.h - 9, f"{stack} in the stack", 12, "middle"))
    if chosen:
        parts.append(bold(box.x + box.w - 8, box.y + 16, "yours", 13, "end", fill=WARM))
    return parts


# -- the plans ---------------------------------------------------------------------------
def _plans(obs: Json, acts: Acts, box: Box) -> list[str]:
    turn = obs.get("turn") or {}
    mine = obs["players"][obs["you"]]["plans"] if obs["you"] is not None else [None] * 3
    parts = [bold(box.x, box.y + 14, "City plans", 14)]
    w = (box.w - 24) / 3
    for k, plan in enumerate(obs["plans"]):
        cell = Box(box.x + k * (w + 12), box.y + 24, w, box.h - 24)
        marking = turn.get("asked") == "estate" and turn.get("plan") == k
        drawn = _plan_card(plan, cell, mine[k] if k < len(mine) else None, marking)
        sizes = ", ".join(map(str, plan["estates"]))
        about = (
            f"Plan {plan['deck']}: complete estates of {sizes} houses, each used for one plan "
            f"only; {plan['first']} points to everyone claiming it first (in the same round), "
            f"{plan['later']} after"
        )
        ask = asking(obs, {"kind": "claim", "plan": k})
        parts += maybe_act(acts.find("claim", plan=k), drawn, ask, about)
    return parts


def _plan_card(plan: Json, box: Box, claimed: int | None, marking: bool) -> list[str]:
    parts = [
        card_face(box, "#fbf6ea", EDGE, rx=8, highlight=marking),
        bold(box.x + 10, box.y + 20, f"Plan {plan['deck']}", 14),
    ]
    now = plan["later"] if plan["flipped"] else plan["first"]
    first_ink = MUTED if plan["flipped"] else INK
    parts.append(
        text(
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
            parts.append(house_glyph(x + 13 * h, y, 11, "#fff"))
        x += 13 * size + 8
    if claimed is not None:
        parts.append(rect(Box(box.x + 10, box.y + 66, box.w - 20, 24), rx=12, fill=ESTATE_GREEN))
        parts.append(
            bold(
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
        parts.append(muted(box.x + 10, box.y + 82, f"{note}{now} points", 13))
    if marking:
        parts.append(bold(box.x + 10, box.y + box.h - 8, "choose its estates", 12.5, fill=WARM))
    return parts


# -- the prompt ---------------------------------------------------------------------------
def _prompt(obs: Json, acts: Acts, box: Box) -> list[str]:
    turn = obs.get("turn") or {}
    asked = bool(acts.all)
    parts = [
        rect(
            box,
            rx=8,
            fill="#fff4dc" if asked else "#fff",
            stroke=WARM if asked else EDGE,
            stroke_width=2 if asked else 1,
        )
    ]
    label = _prompt_text(obs, turn, acts)
    parts.append(bold(box.x + 14, box.y + 27, label, 15, class_="prompt"))
    offered = _prompt_chips(acts, turn)
    if offered:
        # the buttons at the box's right end, never before the text's widest bound
        # (bold text is wider than ``text_width``'s average): they shrink if they must
        right = box.x + box.w - 10
        wanted = sum(text_width(label, 14) * 1.1 + 14 * 7 / 6 + 14 / 3 for label, _ in offered)
        x = max(box.x + 14 + bold_width(label, 15) + 16, right - wanted)
        buttons = chips(offered, Box(x, box.y + 8, right - x, 28), size=14)
        parts.append(el("g", "".join(buttons), class_="prompt-buttons"))
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
    asked = turn["asked"]
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
        "action": f"{number} written{where}. Its {ACTION_NAMES.get(turn.get('action', ''), '')}:",
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


# -- the other players ------------------------------------------------------------------------
MINI_W, MINI_H = 282, 150


def _others_height(n: int) -> float:
    if n <= MINI_LIMIT:
        return 28 + (n + 3) // 4 * (MINI_H + 10)
    return 28 + 26 * (min(n, TABLE_ROWS) + 1) + (30 if n > TABLE_ROWS else 8)


def _others(obs: Json, others: list[int], scores: dict[int, dict[str, int]], box: Box) -> list[str]:
    title = "The other players" if obs["you"] is not None else "The other sheets"
    parts = [
        bold(box.x, box.y + 16, title, 15),
        muted(
            box.x + text_width(title, 15) * 1.1 + 12,
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
    room = box.w - 30 - text_width(status, 13)
    parts = [
        rect(box, rx=8, fill=SHEET, stroke=EDGE),
        bold(box.x + 10, box.y + 19, fit(name(obs, p), room / 1.2, 14), 14),  # bold: wider
        bold(box.x + box.w - 10, box.y + 19, status, 13, "end", fill=colour),
    ]
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
                f'<rect x="{num(x)}" y="{num(y)}" width="{cell}" height="{cell}" '
                f'fill="{fill}" stroke="#b9ad98"/>'
            )
            if number is not None:
                ink = BIS_RED if h in bis else "#fff" if h in built else INK
                parts.append(
                    f'<text x="{num(x + cell / 2)}" y="{num(y + 14.5)}" '
                    f'font-size="11" text-anchor="middle" fill="{ink}" '
                    f'font-weight="bold" class="number">{number}</text>'
                )
            if h in fences:
                fx = num(x + cell + 1)
                parts.append(
                    f'<line x1="{fx}" y1="{num(y - 2)}" x2="{fx}" '
                    f'y2="{num(y + cell + 2)}" stroke="{FENCE_BROWN}" '
                    'stroke-width="3"/>'
                )
    plans = " ".join("–" if v is None else str(v) for v in entry["plans"])
    parks = "·".join(str(st["parks"]) for st in entry["streets"])
    built_pools = sum(len(st["pools"]) for st in entry["streets"])
    total = "" if score is None else f"{score['total']} pts · "
    lines = (
        f"{total}parks {parks} · pools {built_pools} · temps {entry['temps']}",
        f"B {entry['extensions']} · refusals {entry['refusals']} · plans {plans}",
    )
    for i, row in enumerate(lines):
        parts.append(text(box.x + 12, box.y + box.h - 28 + 17 * i, row, 12.5, fill=MUTED))
    return [el("g", "".join(parts), class_="sheet", data_player=p)]


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
    rows = []
    for p in others[:TABLE_ROWS]:
        entry, score = obs["players"][p], scores.get(p)
        status, colour = _status(obs, entry)
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
        rows.append(Row(cells, (None, colour), {"data_player": p}))
    parts = table(box, TABLE_COLUMNS, rows)
    if len(others) > TABLE_ROWS:
        rest = others[TABLE_ROWS:]
        choosing = sum(not obs["players"][p]["done"] for p in rest)
        y = box.y + 26 * (TABLE_ROWS + 1) + 20
        note = f"and {len(rest)} more"
        if obs["phase"] != "over":
            note += f": {choosing} still choosing, {len(rest) - choosing} chosen"
        parts.append(muted(box.x + 10, y, note, 12.5))
    return parts
