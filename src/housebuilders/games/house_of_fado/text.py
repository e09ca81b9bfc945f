"""House of Fado in the terminal: a pure function of an observation. The board's four
locations (their action spaces, what lies beside them, their kick-out spaces), the
stars, then each restaurant. The SVG view (svg.py) shares the short names here."""

from __future__ import annotations

from housebuilders.core import Json
from housebuilders.core.draw import player_name
from housebuilders.core.draw.terminal import listing
from housebuilders.games.house_of_fado.actions import ACTION_SPACES, LOCATION_OF, LOCATIONS
from housebuilders.games.house_of_fado.content import KICKOUTS

#: a board location's short name, by location (the restaurant is each player's own)
SHORT = ("Market", "Street", "Rehearsal", "Billboard", "restaurant")
SUPPLY, KICKED = -1, -2
GROUP_NAMES = ("left", "middle", "right")
PLACE_WORDS = {"place": "placing a worker", "assistant": "leaving an assistant",
               "own-assistant": "taking back a kicked assistant",
               "overflow": "freeing a kick-out space", "kick": "choosing a kick-out space",
               "bonus": "taking a kick-out bonus", "market": "hiring at the Musician Market",
               "street": "bringing customers in from the Street",
               "rehearsal": "at the Rehearsal Room", "billboard": "at the Billboard",
               "raise": "closing: raising fame", "six": "closing: a fame 6 musician",
               "dismiss": "closing: dismissing musicians",
               "critic": "closing: returning the critic", "over": "the game is over"}  # fmt: skip


def space_label(space: int) -> str:
    """A space in a few words: "Market 2", "Rehearsal", "Street kick-out 1"."""
    if space == SUPPLY:
        return "supply"
    if space == KICKED:
        return "being kicked out"
    if space < ACTION_SPACES:
        location = LOCATION_OF[space]
        many = LOCATION_OF.count(location) > 1
        number = space - LOCATION_OF.index(location) + 1
        return SHORT[location] + (f" {number}" if many else "")
    location, slot = divmod(space - ACTION_SPACES, KICKOUTS)
    return f"{SHORT[location]} kick-out {slot + 1}"


def piece_label(obs: Json, piece: Json | None) -> str:
    if piece is None:
        return "empty"
    kind = "assistant" if piece["assistant"] else "worker"
    return f"{player_name(obs, piece['seat'])}'s {kind}"


def tile_label(obs: Json, tile: Json | None, price: bool = False) -> str:
    """A musician tile: its name, fame and note (or power); its hiring price if asked."""
    if tile is None:
        return "-"
    fame = tile["fame"] or 1
    extra = tile["note"] if tile["note"] is not None else tile["power"]
    text = f"{tile['name']} fame {fame} ({extra})"
    if price and fame <= len(obs["fame_costs"]["hire"]):
        hire = obs["fame_costs"]["hire"][fame - 1]
        text += f" hire {hire + obs['types'][tile['type']]['base_cost']}, contract {hire}"
    return text


def fado_label(tile: Json | None) -> str:
    if tile is None:
        return "-"
    return f"{' '.join(tile['notes'])} ({tile['points']} points)"


def bonus_label(obs: Json, kick: Json) -> str:
    """A kick-out space's bonus: "+2 money", "a note for 1", "a customer (left/middle)"."""
    bonus = kick["bonus"]
    if bonus == "money":
        text = f"+{kick['gain']} money"
    elif bonus == "note":
        text = "a note"
    elif bonus == "customer":
        text = f"a customer ({'/'.join(GROUP_NAMES[g] for g in kick['groups'])})"
    else:
        text = "a fame step"
    return text + (f" for {kick['price']}" if kick["price"] else "")


def star_label(obs: Json, star: int) -> str:
    types = obs["types"]
    if star < len(types):
        return f"{types[star]['name']} star"
    return "fado star" if star == len(types) else "prestige star"


def status(obs: Json) -> str:
    """Who acts and on what."""
    if obs["over"]:
        return "The game is over"
    who = listing(player_name(obs, p) for p in obs["acting"])
    what = PLACE_WORDS.get(obs["phase"], obs["phase"])
    return f"{who}: {what}"


def action_spaces(obs: Json, location: int) -> str:
    between = obs["between"]
    parts = []
    for space in range(ACTION_SPACES):
        if LOCATION_OF[space] != location:
            continue
        beside = between[space]
        names = obs["types"] if location != 1 else [{"name": g} for g in GROUP_NAMES]
        near = f" [{' / '.join(names[k]['name'] for k in beside)}]" if beside else ""
        parts.append(f"{space_label(space)}{near}: {piece_label(obs, obs['spaces'][space])}")
    return "  action spaces: " + " | ".join(parts)


def kickouts(obs: Json, location: int) -> str:
    spots = obs["kickouts"][location]
    return "  kick-outs: " + " | ".join(
        f"{k + 1} {bonus_label(obs, kick)}: {piece_label(obs, kick['piece'])}"
        for k, kick in enumerate(spots)
    )


def counts(names: list[str], numbers: list[int]) -> str:
    return ", ".join(f"{name} {n}" for name, n in zip(names, numbers, strict=True))


def board_lines(obs: Json) -> list[str]:
    types, colours = obs["types"], obs["colours"]
    lines = [LOCATIONS[0], action_spaces(obs, 0)]
    for t, tiles in enumerate(obs["market"]):
        kind = types[t]
        head = f"{kind['name']} (base cost {kind['base_cost']}; takes {', '.join(kind['colours'])})"
        lines.append(f"  {head}: " + listing((tile_label(obs, x, True) for x in tiles), "-", "; "))
    lines.append(kickouts(obs, 0))
    lines += [LOCATIONS[1], action_spaces(obs, 1)]
    for g, group in enumerate(obs["groups"]):
        critic = " + the critic" if group["critic"] else ""
        lines.append(f"  {GROUP_NAMES[g]} group: {listing(group['customers'], 'nobody')}{critic}")
    bag, discard = counts(colours, obs["bag"]), counts(colours, obs["discard"])
    lines.append(f"  bag: {bag}; discard: {discard}")
    lines.append(kickouts(obs, 1))
    lines += [LOCATIONS[2], action_spaces(obs, 2)]
    lines.append("  fado display: " + " | ".join(
        f"{k + 1} {fado_label(t)}" for k, t in enumerate(obs["display"])
    ))  # fmt: skip
    lines.append(f"  fado stack: {obs['stack']} tiles, top {fado_label(obs['stack_top'])}")
    lines.append(f"  notes in supply: {counts(obs['notes'], obs['note_supply'])}")
    lines.append(kickouts(obs, 2))
    lines += [LOCATIONS[3], action_spaces(obs, 3)]
    for t, shown in enumerate(obs["billboard"]):
        cubes = ", ".join(f"{player_name(obs, p)} {n}" for p, n in enumerate(shown["cubes"]))
        scoring = "/".join(str(v) for v in shown["scoring"])
        lines.append(f"  {types[t]['name']}: {tile_label(obs, shown['tile'])}; cubes: "
                     f"{cubes}; majorities score {scoring}")  # fmt: skip
    lines.append(kickouts(obs, 3))
    stars = []
    for s, star in enumerate(obs["stars"]):
        owner = player_name(obs, star["owner"]) if star["owner"] >= 0 else "nobody"
        tile = f" ({star['tile']['name']})" if star["tile"] else ""
        stars.append(f"{star_label(obs, s)}: {owner}{tile}")
    lines.append("Stars: " + "; ".join(stars))
    return lines


def restaurant_lines(obs: Json, seat: int) -> list[str]:
    p, types, tables = obs["players"][seat], obs["types"], obs["tables"]
    tags = [" (you)" * (obs["you"] == seat), ", first player" * (obs["first"] == seat)]
    breakdown = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in p["score"]["breakdown"].items())
    lines = [
        f"{player_name(obs, seat)}{''.join(tags)}: money {p['money']}, "
        f"{p['score']['total']} points ({breakdown}), stars {p['stars']}",
        f"  prestige cubes removed {p['cubes_removed']}: income {p['income']} a customer, "
        f"critic cost {p['critic_cost']}",
        "  musicians: " + " | ".join(
            f"{types[t]['name']}: {tile_label(obs, tile)}" for t, tile in enumerate(p["musicians"])
        ),
        f"  notes: {counts(obs['notes'], p['notes'])}; the treble clef in its place",
    ]  # fmt: skip
    shown = []
    for t, seated in enumerate(p["tables"]):
        if p["critic"] == t:
            what = "the critic"
        elif t not in p["open_tables"]:
            what = "covered"
        else:
            what = listing(seated, "empty")
        shown.append(f"{tables[t]} seats: {what}")
    lines.append("  tables: " + " | ".join(shown))
    lines.append(f"  bar ({obs['bar_seats']} seats): {listing(p['bar'], 'empty')}")
    lines.append(f"  fado tiles: {listing((fado_label(t) for t in p['fado']), 'none', '; ')}")
    lines.append(f"  workers: {listing(space_label(s) for s in p['workers'])}")
    if p["assistants"]:
        lines.append(f"  assistants: {listing(space_label(s) for s in p['assistants'])}")
    return lines


def text(obs: Json) -> str:
    turn = player_name(obs, obs["turn"])
    first = player_name(obs, obs["first"])
    head = f"House of Fado: {status(obs)}; {turn}'s turn; first player {first}"
    if obs["ending"]:
        head += "; the last round (a third star is gained)"
    if obs["extra"]:
        head += f"; {obs['extra']} of Vital's extra customers left"
    lines = [head, *board_lines(obs)]
    for seat in range(len(obs["players"])):
        lines += restaurant_lines(obs, seat)
    return "\n".join(lines)
