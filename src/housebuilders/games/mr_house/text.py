"""Mr House drawn as plain text for the terminal: a pure function of an observation.

``text(state.observe(player))`` shows the city (each location with its stack of
movement markers, values or ``?`` when face down), the stores' stock, the worker
cards, and every player: storehouse, coins, permit, quality, markers in hand and
the house as ASCII art. It reads only the observation, so it can show no more
than that seat may see, and names locations, parts and cards as the observation
does: in the words of the game's content. The web table's drawing,
``svg(observation, legal)``, is svg.py's.

A house is drawn column by column, ground floor at the bottom (``|`` wooden wall,
``#`` brick wall, ``[]`` window, ``DD`` door, ``/\\`` roof, ``||`` chimney)::

       ||
      /\\
     /  \\   /\\
    |[][]| /  \\
    | [] |# DD #|    |
    ==================
      1     2     3
"""

from __future__ import annotations

from typing import Any

from housebuilders.core.draw.terminal import beside, listing

__all__ = ["house", "legend", "text"]

Json = dict[str, Any]

WIDTH = 6  # characters per house column
WALL_EDGE = {"wood_wall": "|", "brick_wall": "#"}
#: each part's picture in the legend, in the legend's order
SYMBOLS = {
    "wood_wall": "|",
    "brick_wall": "#",
    "window": "[]",
    "door": "DD",
    "roof": "/\\",
    "ceramic_roof": "^^",
    "chimney": "||",
}


def text(observation: Json) -> str:
    """The whole table as seen in ``observation`` (from ``state.observe(player)``)."""
    sections = [_header(observation), _city(observation), _supply(observation)]
    sections += [_player(observation, pl) for pl in range(len(observation["players"]))]
    return "\n\n".join(sections) + "\n"


# -- the header -------------------------------------------------------------------------
def _header(obs: Json) -> str:
    acting = listing((f"player {pl}" for pl in obs["acting"]), "nobody (the game is over)")
    lines = [
        f"Mr House - turn {obs['turn']} of {obs['turns']} - {obs['phase']}",
        f"first player: {obs['first_player']}   to act: {acting}",
    ]
    if "construction" in obs:
        con, names = obs["construction"], obs["part_names"]
        line = f"building: player {con['builder']}"
        if "groups" in con:  # the basic variant's prepared groups
            line += "; prepared groups: " + listing(names[g] for g in con["groups"])
        if con.get("pending"):  # the advanced variant's part awaiting its crew
            line += f"; choosing the crew for the {names[con['pending']['part']]}"
        lines.append(line)
    return "\n".join(lines)


# -- the city -----------------------------------------------------------------------------
def _city(obs: Json) -> str:
    board = obs["board"]
    current = obs.get("purchase", {}).get("location")
    width = max((len(loc["name"]) for loc in board["locations"]), default=0)
    lines = ["City (markers bottom to top; ? = face down)"]
    for loc in board["locations"]:
        pointer = ">" if loc["number"] == current else " "
        stack = "  ".join(_marker(m) for m in loc["markers"]) or "."
        lines.append(f"{pointer}{loc['number']:>2} {loc['name']:<{width}}  {stack}")
    return "\n".join(lines)


def _marker(marker: Json) -> str:
    value = "?" if marker["value"] is None else marker["value"]
    return f"P{marker['player']}:{value}"


def _supply(obs: Json) -> str:
    board = obs["board"]
    stock = ", ".join(f"{m} {n}" for m, n in board["stores"].items())
    if "prices" in board:  # the advanced variant
        return _advanced_supply(obs)
    return (
        f"Stores: {stock}\n"
        f"Worker cards: {board['worker_cards']} on the work notice board, "
        f"{board['worker_deck']} in the deck"
    )


# -- the players --------------------------------------------------------------------------
def _player(obs: Json, pl: int) -> str:
    entry = obs["players"][pl]
    tags = [t for t, on in (("you", pl == obs["you"]), ("to act", pl in obs["acting"])) if on]
    title = f"Player {pl}" + (f" ({', '.join(tags)})" if tags else "")
    materials = ", ".join(f"{m} {n}" for m, n in entry["materials"].items())
    permit = "yes" if entry["permit"] else "no"
    lines = [title, f"  storehouse: {materials}"]
    if "money" in entry:  # the advanced variant
        lines += _advanced_player(entry)
    else:
        lines.append(
            f"  coins {entry['coins']}   permit {permit}   workers {entry['workers']}   "
            f"quality {entry['quality']}"
        )
    lines.append(f"  markers in hand: {_hand(entry)}")
    names = obs["part_names"]
    lines += ["  " + row for row in house(entry["house"], names)]
    if entry.get("garage"):
        g = entry["garage"]
        parts = [names.get(g["wall"], g["wall"])] + ([names["door"]] if g["door"] else [])
        parts += [names.get(g["roof"], g["roof"])] if g["roof"] else []
        lines.append(f"  garage: {', '.join(parts)}")
    return "\n".join(lines)


# -- the advanced variant ---------------------------------------------------------------
def _advanced_supply(obs: Json) -> str:
    board = obs["board"]
    prices = "  ".join(
        f"{m} {board['stores'][m]} @ {price}" for m, price in board["prices"].items()
    )
    cards = "  ".join(_worker_card(c) + f" price {c['price']}" for c in board["worker_cards"])
    order = " > ".join(f"P{pl}" for pl in obs["order"])
    track = " > ".join(f"P{pl}" for pl in obs["player_order_track"])
    return "\n".join(
        [
            f"Stores (stock @ price): {prices}",
            f"Work notice board: {cards or 'empty'}   ({board['worker_deck']} in the deck)",
            "Construction expo: now "
            + listing(map(_privilege, board["expo_current"]), "nothing")
            + "; next "
            + listing(map(_privilege, board["expo_future"]), "nothing"),
            f"Player order this turn: {order}   player order track: {track}",
            f"Asked now: {obs['asked']}",
        ]
    )


def _advanced_player(entry: Json) -> list[str]:
    permit = "yes" if entry["permit"] else "no"
    cards = ["printed worker" + (" (tired)" if entry["printed_worker_tired"] else "")]
    for space, card in enumerate(entry["worker_cards"], start=1):
        if card:
            cards.append(f"{space}: {_worker_card(card)}" + (" (tired)" if card["tired"] else ""))
    privileges = listing(map(_privilege, entry["privileges"]))
    return [
        f"  money {entry['money']}   loans {entry['loans']}   quality {entry['quality']}   "
        f"permit {permit}",
        f"  workers: {'; '.join(cards)}",
        f"  privilege cards: {privileges}",
    ]


def _worker_card(card: Json) -> str:
    stars = "*" * card["stars"] if card["stars"] >= 0 else f"{card['stars']} stars"
    return f"[{card['workers']}w{stars}]"


def _privilege(card: Json) -> str:
    return f"{card['name']} ({card['colour']})"


def _hand(entry: Json) -> str:
    if "hand" in entry:
        return listing(entry["hand"], sep=" ")
    return f"{entry['hand_size']} face down" if entry["hand_size"] else "none"


# -- the house ----------------------------------------------------------------------------
def legend(names: dict[str, str]) -> str:
    """What each picture of a house stands for (``names``: part id -> name)."""
    return "  ".join(f"{symbol} {names[part]}" for part, symbol in SYMBOLS.items())


def house(columns: list[Json], names: dict[str, str]) -> list[str]:
    """A house (the observation's list of columns) as lines of ASCII art, with the
    legend of its parts (``names``: the observation's ``part_names``)."""
    if not columns:
        return ["(no house yet)"]
    rows = beside([_column(col) for col in columns], WIDTH)
    ground = "=" * (WIDTH * len(columns))
    numbers = "".join(f"{c + 1:^{WIDTH}}" for c in range(len(columns))).rstrip()
    return [*rows, ground, numbers, legend(names)]


def _column(col: Json) -> list[str]:
    """One column, top line first."""
    lines = []
    if col.get("chimney"):
        lines.append("   || ")
    if col.get("roof") == "ceramic_roof":
        lines += ["  ^^  ", " ^^^^ "]
    elif col.get("roof"):
        lines += ["  /\\  ", " /  \\ "]
    lines += [_wall(wall) for wall in reversed(col["walls"])]
    return lines


def _wall(wall: Json) -> str:
    edge = WALL_EDGE.get(wall["part"], "|")
    if wall.get("door"):
        inside = " DD "
    else:
        inside = {0: "    ", 1: " [] "}.get(wall.get("windows", 0), "[][]")
    return f"{edge}{inside}{edge}"
