"""Mr House's supply drawn: the turn track, the stores' stock (and prices), the worker
cards, and in the advanced variant the player order and the construction expo."""



from housebuilders.core.draw import (
    INK,
    MUTED,
    NO_ACTS,
    Acts,
    Box,
    bold,
    card_face,
    circle,
    maybe_act,
    muted,
    rect,
    text,
    text_width,
    wrap,
)
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
