"""Mr House's player panels drawn: storehouse, money, markers in hand, workers and crews,
privilege cards and the house."""

from housebuilders.core.draw import (
    MUTED,
    NO_ACTS,
    Acts,
    Box,
    Legal,
    act,
    asking,
    bold,
    caption,
    card_face,
    chips,
    circle,
    el,
    explained,
    ghost,
    maybe_act,
    muted,
    player_colour,
    player_ink,
    player_name,
    rect,
    text,
)
from housebuilders.games.mr_house.actions import COIN_MATERIALS
from housebuilders.games.mr_house.svg_common import EDGE, LEFT_W, Json, _advanced, _disc
from housebuilders.games.mr_house.svg_house import MATERIAL_COLOURS, house, part_icon
from housebuilders.games.mr_house.svg_supply import (
    _privilege_about,
    _privilege_card,
    _stars,
    part_sums,
)


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
    parts += _storehouse(obs, pl, acts, left)
    row = Box(left.x, left.y + 70, left.w, 48)
    if _advanced(obs):
        parts += _advanced_stats(obs, pl, acts, row)
    else:
        parts += _basic_stats(entry, obs["part_names"], row)
    parts += _hand(pl, entry, Box(left.x, left.y + 126, left.w, 24))
    con = obs.get("construction", {})
    if _advanced(obs):
        parts += _crew(obs, pl, acts, Box(left.x, left.y + 160, left.w, 90))
        parts += _privileges(obs, pl, acts, Box(left.x, left.y + 256, left.w, 96))
    elif con.get("builder") == pl:
        groups = con.get("groups", [])
        parts += _groups(obs, groups, acts, Box(left.x, left.y + 162, left.w, 80))
    pending = con.get("pending") if con.get("builder") == pl else None
    right = Box(left.x + left.w + 10, box.y + 34, box.x + box.w - left.x - left.w - 16, box.h - 40)
    about = {part: (obs["part_names"][part], part_sums(obs, part)) for part in obs["parts"]}
    parts += house(entry, acts, pending, right, about, asking=pl == obs["you"])
    return [el("g", "".join(parts), class_="player", data_player=pl)]


def _storehouse(obs: Json, pl: int, acts: Acts, box: Box) -> list[str]:
    """The materials; in the basic variant a "+" on each one a coin may buy, and each
    other swatch of a material a coin buys asks why not."""
    entry = obs["players"][pl]
    coin = " (+: a coin for 1 more)" if acts.matching("spend-coin") else ""
    parts = [caption(box.x, box.y + 12, "Storehouse" + coin)]
    for i, (material, n) in enumerate(entry["materials"].items()):
        x, y = box.x + i % 3 * 80, box.y + 20 + i // 3 * 22
        colour = MATERIAL_COLOURS.get(material, "#ccc")
        swatch = [rect(Box(x, y, 14, 14), rx=2, fill=colour, stroke="#0006"),
                  text(x + 19, y + 12, f"{material} {n}", 12)]  # fmt: skip
        ask = None
        if not _advanced(obs) and material in COIN_MATERIALS:
            ask = asking(obs, {"kind": "spend-coin", "material": material}, pl)
        item = acts.find("spend-coin", material=material)
        about = f"{material}: {n} in the storehouse"
        parts += maybe_act(None, swatch, None if item else ask, about)
        if item:  # on the swatch
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


def _advanced_stats(obs: Json, pl: int, acts: Acts, box: Box) -> list[str]:
    entry = obs["players"][pl]
    permit = "permit ✓" if entry["permit"] else "no permit"
    repay = None if acts.find("repay-loan") else asking(obs, {"kind": "repay-loan"}, pl)
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


def _crew(obs: Json, pl: int, acts: Acts, box: Box) -> list[str]:
    """The printed worker and the card spaces. A crew of one card is chosen on the card,
    larger crews by chips below (P is the printed worker, 1-4 the spaces); a card that
    may not be the crew now asks why not."""
    entry = obs["players"][pl]
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
            ask = asking(obs, {"kind": "crew", "slots": 1 << i}, pl)
            parts += maybe_act(one_card.get(1 << i), drawn, ask, about)
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


def _privileges(obs: Json, pl: int, acts: Acts, box: Box) -> list[str]:
    cards = obs["players"][pl]["privileges"]
    # one line, so that the label and its value cannot run together
    parts = [caption(box.x, box.y + 12, "Privilege cards" + ("" if cards else ": none"))]
    per_column = 3 if len(cards) <= 6 else 4
    columns = max(1, (len(cards) + per_column - 1) // per_column)
    w = (box.w - 4 * (columns - 1)) / columns
    h = min(24.0, (box.h - 20) / per_column - 3)
    for i, card in enumerate(cards):
        cell = Box(
            box.x + (w + 4) * (i // per_column), box.y + 20 + (h + 3) * (i % per_column), w, h
        )
        drawn = _privilege_card(card, cell, size=10 if columns > 1 else 11)
        ask = asking(obs, {"kind": "use-privilege", "card": card["card"]}, pl)
        item = acts.find("use-privilege", card=card["card"])
        parts += maybe_act(item, drawn, ask, _privilege_about(card))
    return parts


def _groups(obs: Json, groups: list[str], acts: Acts, box: Box) -> list[str]:
    """The basic variant's prepared groups, and chips to prepare more (their tooltips
    say what the part needs and scores)."""
    names = obs["part_names"]
    parts = [caption(box.x, box.y + 16, "Prepared:")]
    for i, part in enumerate(groups):
        parts += part_icon(part, box.x + 76 + 20 * i, box.y + 4)
    if not groups:
        parts.append(text(box.x + 76, box.y + 16, "nothing yet", 12))
    offered = [(names.get(a.action["part"], "?"), a) for a in acts.of("prepare")]
    return parts + chips(offered, Box(box.x, box.y + 26, box.w, 48), rows=2)
