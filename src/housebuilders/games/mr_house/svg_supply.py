"""Mr House's supply drawn: the turn track, the stores' stock (and prices), the worker
cards, and in the advanced variant the player order and the construction expo."""

from housebuilders.core.draw import (
    INK,
    MUTED,
    NO_ACTS,
    Acts,
    Box,
    asking,
    bold,
    card_face,
    circle,
    el,
    fit,
    line,
    maybe_act,
    muted,
    rect,
    text,
    wrap,
)
from housebuilders.games.mr_house.actions import recipe_text
from housebuilders.games.mr_house.svg_common import (
    BOARD,
    CARD_COLOURS,
    EDGE,
    Json,
    _advanced,
    _disc,
)
from housebuilders.games.mr_house.svg_house import MATERIAL_COLOURS, part_icon


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
    return parts


def _prepares(obs: Json, acts: Acts) -> dict[str, Json]:
    """The parts the seat may not prepare now (basic): the legend asks why not (the
    materials it lacks, or that this is not its construction)."""
    if _advanced(obs) or obs["you"] is None:
        return {}
    ready = {a.action["part"] for a in acts.of("prepare")}
    return {part: {"kind": "prepare", "part": part} for part in obs["parts"]
            if part not in ready}  # fmt: skip


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
    for i, card in enumerate(board["worker_cards"]):
        drawn = _worker_card(card, Box(box.x + 80 * i, box.y + 22, 72, 70))
        n, stars = card["workers"], card["stars"]
        about = (
            f"worker card: {n} worker{'s' * (n != 1)} for a crew, {stars} star"
            f"{'s' * (stars != 1)} (each raises your quality when hired), price {card['price']}"
        )
        ask = asking(obs, {"kind": "hire", "card": card["card"]})
        parts += maybe_act(acts.find("hire", card=card["card"]), drawn, ask, about)
    if not board["worker_cards"]:
        parts.append(text(box.x, box.y + 50, "no cards on offer", 12))
    return parts


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
    for row, (label, cards, choices) in enumerate(rows):
        y = box.y + 22 + row * 42
        parts.append(muted(box.x, y + 23, label))
        for i, card in enumerate(cards):
            drawn = _privilege_card(card, Box(box.x + 40 + 232 * i, y, 224, 36))
            ask = asking(obs, {"kind": "choose-privilege", "card": card["card"]})
            about = _privilege_about(card) + (" (on offer next turn)" if row else "")
            item = choices.find("choose-privilege", card=card["card"])
            parts += maybe_act(item, drawn, ask, about)
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


def _parts_table(obs: Json, box: Box, prepare: dict[str, Json] | None = None) -> list[str]:
    """The player board's table of the variant's house parts, from the game's content:
    each part's picture and name, the materials it needs, the points it scores (and in
    the advanced variant the workers of its crew); its tooltip says where the part may
    go. In ``prepare``, the parts the seat may be asked why it cannot prepare (basic)."""
    prepare = prepare or {}
    table: dict[str, Json] = obs["parts"]
    advanced = _advanced(obs)
    parts = [rect(box, rx=8, fill=BOARD, stroke=EDGE)]
    label_w = 112
    parts.append(bold(box.x + 12, box.y + 21, "House parts", 13))
    parts.append(muted(box.x + 12, box.y + 40, "needs", 12))
    parts.append(muted(box.x + 12, box.y + 70, "scores, crew" if advanced else "scores", 12))
    w = (box.w - label_w - 8) / max(1, len(table))
    for i, (part, entry) in enumerate(table.items()):
        x = box.x + label_w + i * w
        drawn = [
            line(x - 6, box.y + 8, x - 6, box.y + box.h - 8, stroke=EDGE, stroke_width=0.6),
            *part_icon(part, x, box.y + 9),
            bold(x + 22, box.y + 21, fit(entry["name"], w - 28, 12), 12),
        ]
        for k, row in enumerate(wrap(recipe_text(entry["materials"]), w - 10, 12)[:2]):
            drawn.append(text(x, box.y + 40 + 15 * k, row, 12))
        drawn.append(text(x, box.y + 70, _scores(entry), 12))
        parts += maybe_act(None, drawn, prepare.get(part), part_about(obs, part))
    return [el("g", "".join(parts), class_="house-parts")]


def _scores(entry: Json) -> str:
    """A part's points (and its crew), as the parts table writes them."""
    n = entry["points"]
    scores = f"{n} point{'s' * (n != 1)}"
    if "crew" in entry:
        scores += f", {entry['crew']} worker{'s' * (entry['crew'] != 1)}"
    return scores


def part_about(obs: Json, part: str) -> str:
    """A house part explained (a tooltip): what it needs and scores, from the game's
    content, and where it may go."""
    names = obs["part_names"]
    return f"{names[part]}: {part_sums(obs, part)}. Where: {PART_RULES[part].format_map(names)}."


def part_sums(obs: Json, part: str) -> str:
    """What a house part needs and scores (and its crew), from the game's content:
    "needs 2 wood + 1 steel; scores 1 point"."""
    entry = obs["parts"].get(part)
    if entry is None:
        return "not built in this variant"
    n = entry["points"]
    sums = f"needs {recipe_text(entry['materials'])}; scores {n} point{'s' * (n != 1)}"
    if "crew" in entry:
        crew = entry["crew"]
        sums += f"; built by a crew of {crew} worker{'s' * (crew != 1)}"
    return sums


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
