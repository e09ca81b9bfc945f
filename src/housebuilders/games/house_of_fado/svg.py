"""House of Fado drawn as SVG with the drawing kit: a pure function of an observation
and the seat's legal actions.

The board's four locations, one band each: the Musician Market (a column of tiles per
musician type, hired or contracted by a click on the tile), the Street (its customer
groups: a customer is taken to the bar by a click on it, the critic returned by a
click on the group), the Rehearsal Room (the fado display, scored by a click on a
tile; the note supply, a note gained by a click on it) and the Billboard (the tile
shown per type: a click promotes). The action spaces sit between the columns they
serve: a click places a worker there, or takes an assistant from it; a worker moved
there is chosen by a chip under the space naming where it comes from. Each location's
kick-out spaces stand on its right: a click puts the kicked piece there, frees it or
takes an assistant from it. Then the stars and the chips of what has no place (end
the action, no bonus, no assistant...), and each player's restaurant: its action
space, its musicians (chips under each: raise its fame with these customers, a fame
6 choice, dismiss), its tables (chips under each: these customers of that group, or
the critic) and bar, notes, fado tiles, workers and assistants. A seat acts on its
own restaurant only. On the seat's own drawing each of these parts that is not a move
now asks why not the move it stands for (``asking``): a space its placing, a tile its
hiring or promotion, a group its critic, a customer its taking, a fado tile its
scoring, a note its gaining, a kick-out space its freeing, a musician of one's own its
dismissal, a table its customers (``seat_ask``)."""

from __future__ import annotations

from housebuilders.core import Json
from housebuilders.core.draw import (
    HEADER_HEIGHT,
    MUTED,
    NO_ACTS,
    Acts,
    Box,
    Legal,
    Theme,
    asking,
    bold,
    caption,
    card_face,
    chip_rows,
    chips,
    circle,
    document,
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
)
from housebuilders.core.log import plural
from housebuilders.games.house_of_fado.actions import (
    ACTION_SPACES,
    COLOUR_NAMES,
    FROM_SUPPLY,
    LOCATION_OF,
    LOCATIONS,
    RESTAURANT_SPACE,
    BonusCustomer,
    BonusFame,
    BonusNote,
    BringCritic,
    Contract,
    CriticTo,
    Dismiss,
    FreeKickout,
    GainNote,
    Hire,
    KeepSix,
    KickTo,
    LeaveAssistant,
    Move,
    Place,
    Promote,
    Raise,
    RemoveSix,
    ScoreFado,
    Seat,
)
from housebuilders.games.house_of_fado.text import (
    GROUP_NAMES,
    bonus_label,
    fado_label,
    space_label,
    star_label,
    status,
)

THEME = Theme("house-of-fado", header="#5b2333", edge="#8b6b5b")
WIDTH = 980
MARGIN = 10
PANEL_W = WIDTH - 2 * MARGIN
COLUMN_W, SPACE_W, GAP = 180, 100, 8  # a column (type, group), an action space between two
KICK_X, KICK_W, KICK_H = 800, 160, 38  # the kick-out spaces, on a location's right
TILE_H = 30
CHIP = 10  # the chips' font size
GROUP_LABEL_W = 40  # a customer group's name before its chips
CUSTOMER_FILL = ("#9a9a9a", "#222222", "#8b5a2b")  # by colour index: gray, black, brown
CUSTOMER_DEFAULT = "#cccccc"
PANEL_FILL = "#fffdf8"
TARGET_EDGE = "#b35f00"
EMPTY_EDGE = "#b8ab98"
MARKET, STREET, REHEARSAL, BILLBOARD = range(4)
#: actions drawn on an action space or a kick-out space, by the field naming it
ON_A_SPACE = ((Place.kind, "space"), (KickTo.kind, "space"), (FreeKickout.kind, "space"),
              (LeaveAssistant.kind, "source"))  # fmt: skip
#: actions drawn as chips under a musician of one's restaurant, by its type
ON_A_MUSICIAN = (Raise.kind, BonusFame.kind, RemoveSix.kind, KeepSix.kind, Dismiss.kind)
#: actions drawn where they happen (the rest are chips under the board)
PLACED = {kind for kind, _ in ON_A_SPACE} | set(ON_A_MUSICIAN) | {
    cls.kind for cls in (Move, Hire, Contract, BonusCustomer, CriticTo, ScoreFado, GainNote,
                         BonusNote, Promote, Seat, BringCritic)
}  # fmt: skip


#: what each location's action spaces do, in the rulebook's words (tooltips); a piece
#: already there is kicked out
SPACE_RULES = (
    "Musician Market: hire musicians of the types beside the space, one of each at most",
    "Street: bring customers or the critic of a group to a table of your restaurant",
    "Rehearsal Room: score a fado tile whose notes you have, or gain a note tile",
    "Billboard: promote one of your musicians to the billboard, or sign a contract",
    "your restaurant: income, raise your musicians' fame with customers, a fame 6 "
    "musician's star or 6 points, dismissals for their fame, the critic's verdict; then "
    "the customers leave",
)
KICKOUT_RULE = "kick-out space: a kicked piece goes here and its owner may take the bonus"


# -- small parts -------------------------------------------------------------------------
def column_x(k: int) -> float:
    """The left edge of a location's k-th column (a musician type, a customer group)."""
    return 2 * MARGIN + k * (COLUMN_W + SPACE_W + 2 * GAP)


def space_x(obs: Json, space: int) -> float:
    """An action space's left edge: between the two columns it serves, or first."""
    beside = obs["between"][space]
    return column_x(beside[0]) + COLUMN_W + GAP if beside else 2 * MARGIN


def customer_fill(obs: Json, colour: str) -> str:
    names = obs["colours"]
    return CUSTOMER_FILL[names.index(colour)] if colour in names else CUSTOMER_DEFAULT


def piece(shown: Json | None, cx: float, cy: float) -> list[str]:
    """A worker (W) or an assistant (A) in its owner's colour."""
    if shown is None:
        return []
    seat = shown["seat"]
    return token(cx, cy, "A" if shown["assistant"] else "W", player_colour(seat), player_ink(seat))


def spot(box: Box, item: Legal | None, fill: str = "none", rx: float = 6) -> str:
    """A spot on the board: the kit's ghost when it may be clicked, else plain (dashed
    when it has no fill: an empty place)."""
    if item:
        return rect(box, rx=rx, **ghost())
    dashes = "4 3" if fill == "none" else None
    return rect(box, rx=rx, fill=fill, stroke=EMPTY_EDGE, stroke_dasharray=dashes)


def on_a_space(acts: Acts, space: int) -> Legal | None:
    """The action drawn on a space: a piece placed or kicked there, a space freed, an
    assistant taken from it (one phase asks one of them)."""
    for kind, key in ON_A_SPACE:
        found = acts.find(kind, **{key: space})
        if found:
            return found
    return None


def panel(box: Box, title: str = "", colour: str | None = None) -> list[str]:
    edge = colour or THEME.edge
    parts = [rect(box, rx=10, fill=PANEL_FILL, stroke=edge, stroke_width=2 if colour else 1.5)]
    return parts + [caption(box.x + 10, box.y + 16, title, 13)] if title else parts


def counts_label(obs: Json, action: Json) -> str:
    """The customers a Seat or Raise counts by colour (its fields are named after the
    rulebook's colours), in the content's words: "2 gray 1 black"."""
    names = obs["colours"]
    parts = [f"{action[k]} {names[c]}" for c, k in enumerate(COLOUR_NAMES) if action.get(k)]
    if action.get("extra"):
        parts.append(f"{action['extra']} extra")
    return " ".join(parts)


# -- the board ---------------------------------------------------------------------------
def action_space(
    acts: Acts,
    space: int,
    x: float,
    y: float,
    shown: Json | None,
    current: bool,
    ask: Json | None,
) -> tuple[list[str], float]:
    """An action space with the piece ``shown`` on it (its edge warm when ``current``:
    this turn's worker went there), and a chip under it per worker that may move
    there; with the height they take. Not a move now, it asks why not ``ask`` (placing
    a worker there, on the seat's own drawing)."""
    box = Box(x, y, SPACE_W, 56)
    item = on_a_space(acts, space)
    face = [rect(box, rx=8, **ghost()) if item else
            rect(box, rx=8, fill="#f3e9dc", stroke=TARGET_EDGE if current else THEME.edge,
                 stroke_width=3 if current else 1.2),
            muted(box.x + box.w / 2, box.y + 13, space_label(space), 10, "middle")]  # fmt: skip
    face += piece(shown, box.x + box.w / 2, box.y + 34)
    parts = maybe_act(item, face, ask, SPACE_RULES[LOCATION_OF[space]])
    moves = [(space_label(a.action["origin"]), a) for a in acts.matching(Move.kind, space=space)]
    more, h = chip_rows(moves, box.x, box.y + box.h + 2, box.w, CHIP)
    return parts + more, box.h + h + 2


def action_spaces(obs: Json, acts: Acts, location: int, y: float) -> tuple[list[str], float]:
    parts, h = [], 0.0
    for space in range(ACTION_SPACES):
        if LOCATION_OF[space] == location:
            shown, current = obs["spaces"][space], space == obs["target"]
            ask = asking(obs, {"kind": Place.kind, "space": space})
            more, used = action_space(acts, space, space_x(obs, space), y, shown, current, ask)
            parts += more
            h = max(h, used)
    return parts, h


def kickouts(obs: Json, acts: Acts, location: int, y: float) -> list[str]:
    parts = [muted(KICK_X, y - 4, "kick-out spaces", 10)]
    for k, kick in enumerate(obs["kickouts"][location]):
        box = Box(KICK_X, y + k * (KICK_H + 4), KICK_W, KICK_H)
        item = on_a_space(acts, kick["space"])
        face = [spot(box, item, "#f6efe4"),
                text(box.x + 8, box.y + 23, bonus_label(obs, kick), 10)]  # fmt: skip
        face += piece(kick["piece"], box.x + box.w - 16, box.y + box.h / 2)
        about = f"{KICKOUT_RULE} ({bonus_label(obs, kick)})"
        ask = asking(obs, {"kind": FreeKickout.kind, "space": kick["space"]})
        parts += maybe_act(item, face, ask, about)
    return parts


def tile_card(
    obs: Json,
    tile: Json,
    box: Box,
    item: Legal | None,
    prices: bool = True,
    ask: Json | None = None,
) -> list[str]:
    """A musician tile: name, fame, note or power; its hire and contract prices if
    asked (in the market); not a move now, it asks why not ``ask``."""
    fame = tile["fame"] or 1
    extra = tile["note"] if tile["note"] is not None else tile["power"]
    face = [card_face(box, "#fbf3df" if tile["note"] is not None else "#efe3f7", THEME.edge),
            bold(box.x + 8, box.y + 13, tile["name"], 11),
            muted(box.x + 8, box.y + 25, f"fame {fame} · {extra}", 10)]  # fmt: skip
    hire = obs["fame_costs"]["hire"]
    about = f"{tile['name']}, fame {fame}: in a restaurant a musician scores its fame at the end"
    if prices and fame <= len(hire):
        base = obs["types"][tile["type"]]["base_cost"]
        price = f"hire {hire[fame - 1] + base} / contract {hire[fame - 1]}"
        face.append(muted(box.x + box.w - 6, box.y + 13, price, 10, "end"))
        about += f" (hire it for {hire[fame - 1] + base}, or contract it for {hire[fame - 1]})"
    return maybe_act(item, face, ask, about)


def market(obs: Json, acts: Acts, y: float) -> tuple[list[str], float]:
    parts, tallest = [], 0.0
    for t, tiles in enumerate(obs["market"]):
        kind, x = obs["types"][t], column_x(t)
        parts.append(bold(x, y + 10, kind["name"], 12))
        about = f"base cost {kind['base_cost']} · takes {', '.join(kind['colours'])}"
        parts.append(muted(x, y + 23, about, 10))
        for k, tile in enumerate(tiles):
            box = Box(x, y + 30 + k * (TILE_H + 4), COLUMN_W, TILE_H)
            item = acts.find(Hire.kind, tile=tile["id"]) or acts.find(
                Contract.kind, tile=tile["id"]
            )
            parts += tile_card(
                obs, tile, box, item, ask=asking(obs, {"kind": Hire.kind, "tile": tile["id"]})
            )
        tallest = max(tallest, 30 + len(tiles) * (TILE_H + 4))
    spaces, h = action_spaces(obs, acts, MARKET, y + 30)
    return parts + spaces, max(tallest, 30 + h)


def street(obs: Json, acts: Acts, y: float) -> tuple[list[str], float]:
    parts = []
    for g, group in enumerate(obs["groups"]):
        box = Box(column_x(g), y + 4, COLUMN_W, 52)
        item = acts.find(CriticTo.kind, group=g)
        face = [spot(box, item, "#f1ece3", rx=8),
                muted(box.x + 8, box.y + 13, f"{GROUP_NAMES[g]} group", 10)]  # fmt: skip
        if group["critic"]:
            face.append(bold(box.x + box.w - 8, box.y + 13, "critic", 10, "end", fill="#7a1f2b"))
        ask = asking(obs, {"kind": CriticTo.kind, "group": g})
        parts += maybe_act(item, face, ask, f"the {GROUP_NAMES[g]} group of customers")
        for k, colour in enumerate(group["customers"]):
            index = obs["colours"].index(colour) if colour in obs["colours"] else -1
            dot = [circle(box.x + 18 + k * 24, box.y + 34, 9, fill=customer_fill(obs, colour),
                          stroke="#0006")]  # fmt: skip
            item = acts.find(BonusCustomer.kind, group=g, colour=index)
            ask = asking(obs, {"kind": BonusCustomer.kind, "group": g, "colour": index})
            parts += maybe_act(item, dot, ask if index >= 0 else None, f"a {colour} customer")
    names = obs["colours"]
    bag = ", ".join(f"{n} {c}" for c, n in zip(names, obs["bag"], strict=True))
    discard = ", ".join(f"{n} {c}" for c, n in zip(names, obs["discard"], strict=True))
    spaces, h = action_spaces(obs, acts, STREET, y + 62)
    parts.append(muted(2 * MARGIN, y + 70 + h, f"bag: {bag}; discard: {discard}", 10))
    return parts + spaces, 76 + h


def rehearsal(obs: Json, acts: Acts, y: float) -> tuple[list[str], float]:
    parts, h = action_spaces(obs, acts, REHEARSAL, y + 4)
    x0 = 2 * MARGIN + SPACE_W + 2 * GAP
    parts.append(muted(x0, y + 2, "fado display", 10))
    for slot, tile in enumerate(obs["display"]):
        box = Box(x0 + slot * 128, y + 8, 120, 40)
        item = acts.find(ScoreFado.kind, slot=slot)
        ask = asking(obs, {"kind": ScoreFado.kind, "slot": slot})
        parts += maybe_act(item, fado_face(tile, box), ask, "a fado tile of the display")
    stack = Box(x0 + 4 * 128 + 12, y + 8, 120, 40)
    parts += fado_face(obs["stack_top"], stack, muted_face=True)
    parts.append(muted(stack.x, stack.y + stack.h + 12, f"stack: {obs['stack']} tiles", 10))
    parts.append(muted(x0, y + 64, "notes in supply", 10))
    for n, (note, left) in enumerate(zip(obs["notes"], obs["note_supply"], strict=True)):
        box = Box(x0 + n * 70, y + 70, 62, 30)
        item = acts.find(GainNote.kind, note=n) or acts.find(BonusNote.kind, note=n)
        face = [spot(box, item, "#eef2f7"),
                bold(box.x + box.w / 2, box.y + 19, f"{note} ×{left}", 11, "middle")]  # fmt: skip
        about = f"note tiles {note}: {left} left in the supply"
        parts += maybe_act(item, face, asking(obs, {"kind": GainNote.kind, "note": n}), about)
    return parts, max(h + 4, 104)


def fado_face(tile: Json | None, box: Box, muted_face: bool = False) -> list[str]:
    if tile is None:
        return [spot(box, None)]
    fill = "#ece6dc" if muted_face else "#f7e9d2"
    notes = " ".join(tile["notes"])
    cx, size = box.x + box.w / 2, 11 if len(notes) < 18 else 9
    return [card_face(box, fill, THEME.edge),
            bold(cx, box.y + 17, notes, size, "middle"),
            muted(cx, box.y + 32, f"{tile['points']} points", 10, "middle")]  # fmt: skip


def billboard(obs: Json, acts: Acts, y: float) -> tuple[list[str], float]:
    parts = []
    for t, shown in enumerate(obs["billboard"]):
        x = column_x(t)
        parts.append(bold(x, y + 10, obs["types"][t]["name"], 12))
        box = Box(x, y + 16, COLUMN_W, TILE_H)
        item = acts.find(Promote.kind, type=t)
        ask = asking(obs, {"kind": Promote.kind, "type": t})
        if shown["tile"] is None:
            about = f"the billboard's {obs['types'][t]['name']} space: promote a musician to it"
            parts += maybe_act(item, [spot(box, item)], ask, about)
        else:
            parts += tile_card(obs, shown["tile"], box, item, prices=False, ask=ask)
        for p, n in enumerate(shown["cubes"]):
            cx = x + 10 + p * 24
            parts.append(rect(Box(cx - 8, y + 52, 16, 16), rx=2, fill=player_colour(p)))
            parts.append(bold(cx, y + 64, n, 11, "middle", fill=player_ink(p)))
        places = "/".join(str(v) for v in shown["scoring"])  # by place in cubes
        parts.append(muted(x + COLUMN_W, y + 64, f"scores {places}", 10, "end"))
    spaces, h = action_spaces(obs, acts, BILLBOARD, y + 16)
    return parts + spaces, max(76, 16 + h)


def stars(obs: Json, y: float) -> list[str]:
    parts = [caption(2 * MARGIN, y + 14, "Stars")]
    step = (WIDTH - 2 * MARGIN - 70) / len(obs["stars"])
    for s, star in enumerate(obs["stars"]):
        box = Box(70 + s * step, y, step - 8, 22)
        owner = star["owner"]
        label = "★ " + star_label(obs, s) + (f" ({star['tile']['name']})" if star["tile"] else "")
        about = (
            f"a star: {star_label(obs, s)}; stars score 10, 15, 21 or 28 points for 1 to 4, "
            "and a third star ends the game after the round"
        )
        parts.append(explained(about, rect(box, rx=11, fill="#fff6d8", stroke="#c8a800"),
                               text(box.x + 8, box.y + 15, label, 10)))  # fmt: skip
        if owner >= 0:
            parts += token(box.x + box.w - 12, box.y + 11, owner, player_colour(owner),
                           player_ink(owner), r=9)  # fmt: skip
    return parts


LOCATION_DRAW = ((MARKET, market), (STREET, street), (REHEARSAL, rehearsal),
                 (BILLBOARD, billboard))  # fmt: skip


def board(obs: Json, acts: Acts, y: float) -> tuple[list[str], float]:
    parts = []
    for location, draw in LOCATION_DRAW:
        inner, h = draw(obs, acts, y + 24)
        h = max(h + 32, 3 * (KICK_H + 4) + 36)
        parts += panel(Box(MARGIN, y, PANEL_W, h), LOCATIONS[location])
        parts += inner + kickouts(obs, acts, location, y + 26)
        y += h + 8
    parts += stars(obs, y)
    return parts, y + 30


# -- a restaurant ------------------------------------------------------------------------
def musician_slot(obs: Json, acts: Acts, seat: int, t: int, box: Box) -> tuple[list[str], float]:
    tile = obs["players"][seat]["musicians"][t]
    kind = obs["types"][t]
    parts = [muted(box.x, box.y - 3, kind["name"], 10)]
    if tile is None:
        parts.append(spot(box, None))
    else:  # the musician's own move (its chips say the others): its dismissal
        ask = asking(obs, {"kind": Dismiss.kind, "type": t}, seat)
        legal = acts.find(Dismiss.kind, type=t)
        parts += tile_card(obs, tile, box, None, prices=False, ask=None if legal else ask)
    items = []
    for kind_name in ON_A_MUSICIAN:
        for a in acts.matching(kind_name, type=t):
            items.append((musician_chip(obs, a, tile), a))
    more, h = chip_rows(items, box.x, box.y + box.h + 2, box.w, CHIP)
    return parts + more, box.h + h + 2


def musician_chip(obs: Json, item: Legal, tile: Json | None) -> str:
    kind, fame = item.action["kind"], (tile["fame"] if tile else 1) or 1
    if kind == Raise.kind:
        return "raise: " + counts_label(obs, item.action)
    if kind == BonusFame.kind:
        return f"fame +1 for {obs['fame_costs']['rehearsal'][fame - 1]}"
    if kind == RemoveSix.kind:
        return f"remove for {len(obs['fame_costs']['hire']) + 1} points"  # the top fame
    if kind == KeepSix.kind:
        return "keep it"
    return f"dismiss for {fame} points"


def table_spot(obs: Json, acts: Acts, seat: int, t: int, box: Box) -> tuple[list[str], float]:
    p = obs["players"][seat]
    seats, seated = obs["tables"][t], p["tables"][t]
    covered = t not in p["open_tables"]
    face = [
        rect(box, rx=8, fill="#d9d2c6" if covered else "#f3ead8", stroke=THEME.edge),
        muted(box.x + 8, box.y + 13, f"table of {seats}" + " (covered)" * covered, 10),
    ]
    for k in range(seats):
        cx = box.x + 16 + k * 22
        colour = seated[k] if k < len(seated) else None
        fill = customer_fill(obs, colour) if colour else "#fff"
        face.append(circle(cx, box.y + 30, 8, fill=fill, stroke="#0006"))
    if p["critic"] == t:
        face.append(bold(box.x + box.w - 8, box.y + 13, "critic", 10, "end", fill="#7a1f2b"))
    seated_now = acts.matching(Seat.kind, table=t) or acts.matching(BringCritic.kind, table=t)
    about = f"a table of {seats}: customers of one group sit at an empty, uncovered table"
    ask = None if seated_now else asking(obs, seat_ask(obs, t), seat)
    parts = maybe_act(None, face, ask, about)
    y = box.y + box.h + 2
    for g, name in enumerate(GROUP_NAMES):  # a row of chips per group: who to bring
        items = [(counts_label(obs, a.action), a)
                 for a in acts.matching(Seat.kind, table=t, group=g)]  # fmt: skip
        items += [("the critic", a) for a in acts.matching(BringCritic.kind, table=t, group=g)]
        if items:
            parts.append(muted(box.x, y + CHIP + 4, name, CHIP))
            more, h = chip_rows(items, box.x + GROUP_LABEL_W, y, box.w - GROUP_LABEL_W, CHIP)
            parts += more
            y += h
    return parts, y - box.y


def seat_ask(obs: Json, table: int) -> Json:
    """The move a table stands for, to ask why not: bringing customers to it, one of the
    first customer of the Street (of the first group that has one; else one of the
    first colour of the left group), a choice of a group and a count the table does not
    fix."""
    group, colour = 0, 0
    for g, shown in enumerate(obs["groups"]):
        known = [c for c in shown["customers"] if c in obs["colours"]]
        if known:
            group, colour = g, obs["colours"].index(known[0])
            break
    counts = {name: int(c == colour) for c, name in enumerate(COLOUR_NAMES)}
    return {"kind": Seat.kind, "group": group, "table": table, **counts}


def restaurant(obs: Json, acts: Acts, seat: int, y: float) -> tuple[list[str], float]:
    p = obs["players"][seat]
    tags = " (you)" * (obs["you"] == seat) + ", first player" * (obs["first"] == seat)
    name = f"{player_name(obs, seat)}{tags}"
    clef_x = 2 * MARGIN + text_width(name, 14) + 12  # HF-18: it has no effect (Q4)
    # a note, not U+1D11E (the treble clef has no glyph in the common fonts)
    parts = [bold(2 * MARGIN, y + 20, name, 14, fill=player_colour(seat)),
             muted(clef_x, y + 20, "♪ treble clef", 11)]  # fmt: skip
    stars_held = plural(p["stars"], "star")
    summary = (f"money {p['money']} · {p['score']['total']} points · {stars_held} · "
               f"prestige cubes removed {p['cubes_removed']} · income {p['income']} · "
               f"critic costs {p['critic_cost']}")  # fmt: skip
    parts.append(text(WIDTH - 2 * MARGIN, y + 20, summary, 11, "end"))
    # its own action space, clickable by its owner only
    shown = None  # its worker, or an assistant left there (ruling 26)
    for kind, assistant in (("assistants", True), ("workers", False)):
        if RESTAURANT_SPACE in p[kind]:
            shown = {"seat": seat, "assistant": assistant}
    current = obs["target"] == RESTAURANT_SPACE and obs["turn"] == seat
    ask = asking(obs, {"kind": Place.kind, "space": RESTAURANT_SPACE}, seat)
    more, h = action_space(acts, RESTAURANT_SPACE, 2 * MARGIN, y + 40, shown, current, ask)
    parts += more
    heights = [h]
    for t in range(len(obs["types"])):
        slot = Box(2 * MARGIN + SPACE_W + 16 + t * (COLUMN_W + 12), y + 40, COLUMN_W, TILE_H)
        more, h = musician_slot(obs, acts, seat, t, slot)
        parts += more
        heights.append(h)
    notes_x = 2 * MARGIN + SPACE_W + 16 + 3 * (COLUMN_W + 12)
    parts.append(muted(notes_x, y + 37, "notes", 10))
    for n, (note, have) in enumerate(zip(obs["notes"], p["notes"], strict=True)):
        nx, ny = notes_x + (n % 3) * 62, y + 52 + (n // 3) * 18
        parts.append(text(nx, ny, f"{note} ×{have}", 11, fill="#222" if have else MUTED))
    y2 = y + 58 + max(heights)
    parts.append(muted(2 * MARGIN, y2 - 3, "tables", 10))
    heights = [0.0]
    for t in range(len(obs["tables"])):
        spot = Box(2 * MARGIN + t * 200, y2, 190, 42)
        more, h = table_spot(obs, acts, seat, t, spot)
        parts += more
        heights.append(h)
    bar_x = 2 * MARGIN + len(obs["tables"]) * 200
    parts += bar(obs, seat, Box(bar_x, y2, 90, 42))
    fado_x = bar_x + 110
    parts.append(muted(fado_x, y2 - 3, "fado tiles scored", 10))
    for k, tile in enumerate(p["fado"]):
        parts.append(text(fado_x, y2 + 12 + k * 13, fado_label(tile), 10))
    y3 = y2 + max(*heights, 13 * len(p["fado"])) + 16
    parts += pieces_line(obs, acts, seat, y3)
    return parts, y3 + 18 - y


def bar(obs: Json, seat: int, box: Box) -> list[str]:
    seated = obs["players"][seat]["bar"]
    parts = [rect(box, rx=8, fill="#eadfcf", stroke=THEME.edge),
             muted(box.x + 8, box.y + 13, "bar", 10)]  # fmt: skip
    for k in range(obs["bar_seats"]):
        colour = seated[k] if k < len(seated) else None
        fill = customer_fill(obs, colour) if colour else "#fff"
        parts.append(circle(box.x + 16 + k * 22, box.y + 30, 8, fill=fill, stroke="#0006"))
    return parts


def pieces_line(obs: Json, acts: Acts, seat: int, y: float) -> list[str]:
    """Where the workers and assistants are; the assistants in supply, clickable when
    one of them may be left on the space vacated."""
    p = obs["players"][seat]
    words = "workers: " + ", ".join(space_label(s) for s in p["workers"])
    parts = [text(2 * MARGIN, y, words, 11)]
    if p["assistants"]:
        where = ", ".join(space_label(s) for s in p["assistants"])
        x = 2 * MARGIN + text_width(words, 11) + 20
        parts.append(text(x, y, f"assistants: {where}", 11))
        item = acts.find(LeaveAssistant.kind, source=FROM_SUPPLY)
        if item:
            x += text_width(f"assistants: {where}", 11) + 16
            parts += chips([("an assistant from your supply", item)], Box(x, y - 15, 220, 20),
                           CHIP)  # fmt: skip
    return parts


# -- the whole -----------------------------------------------------------------------------
def svg(obs: Json, legal: list[Json]) -> str:
    acts = Acts(legal)
    notes = (f"first player: {player_name(obs, obs['first'])}",
             "the last round" if obs["ending"] else "")  # fmt: skip
    parts = header(THEME, WIDTH, "House of Fado", status(obs), notes)
    board_parts, y = board(obs, acts, HEADER_HEIGHT + 8)
    parts += board_parts
    rest = [(a.text, a) for a in acts.all if a.action["kind"] not in PLACED]
    more, h = chip_rows(rest, 2 * MARGIN, y, PANEL_W - 20, CHIP)
    parts += more
    y += h + 8
    for seat in range(len(obs["players"])):
        mine = acts if seat == obs["you"] else NO_ACTS  # a seat acts on its own restaurant
        inner, h = restaurant(obs, mine, seat, y + 4)
        parts += panel(Box(MARGIN, y, PANEL_W, h + 8), colour=player_colour(seat))
        parts += inner
        y += h + 16
    return document(THEME, WIDTH, y, "House of Fado", parts)
