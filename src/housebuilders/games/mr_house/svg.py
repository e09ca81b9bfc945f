"""Mr House drawn as SVG for the web table: a pure function of an observation.

``svg(state.observe(seat), legal)`` draws the table as that seat sees it: the
header (turn, phase, who acts and what is asked), the city (each location with
its stock and its stack of movement markers, ``?`` when face down), the supply
(turn track, worker cards, and in the advanced variant the player order and the
construction expo), the table of the house parts (what each needs and scores, from
the game's content) and one panel per player (storehouse, money, markers in hand,
workers, privilege cards and the house, ground floor at the bottom).

``legal`` lists the seat's legal actions as ``{"index", "text", "action"}``.
Each one with a natural place on the drawing is drawn there as
``<g class="act" data-index="...">`` holding a ``<title>`` with the action's
text: a marker value on a location, a count to take at the store being
resolved, an office benefit, a worker or privilege card, a free spot of the
house (dashed; split in two when two parts may go there), a crew of worker
cards. The others (start or finish building, ...) are left to the client's
list of buttons, and so is giving up a built part, so that no click on the
house itself destroys anything. On the seat's own drawing a part that stands for a
move not legal now asks why not (``asks``): a location (placing a marker), a worker or
privilege card, a loan, a crew card, a material a coin buys, a house part in the
legend (preparing it), and on the house a spot where a part could go (svg_house.py).

It reads only the observation, so it can show no more than that seat may see, and
names what the game's content names: the locations (with their kind and material),
the house parts (``part_names``) and the cards as the observation carries them.

This module draws the frame and the header; the city is drawn by svg_city.py (its
arrangement found by city.py), the supply by svg_supply.py, the player panels by
svg_players.py, the house by svg_house.py, with what they share in svg_common.py; and
what every game draws alike (the frame, the header, chips, tokens) by the kit,
core/draw.
"""

from __future__ import annotations

from housebuilders.core.draw import (
    Acts,
    Box,
    Theme,
    circle,
    document,
    header,
    player_colour,
    player_name,
)
from housebuilders.games.mr_house.svg_city import _city
from housebuilders.games.mr_house.svg_common import CITY_COLUMNS, CITY_ROW, EDGE, Json, _advanced
from housebuilders.games.mr_house.svg_house import PATTERNS
from housebuilders.games.mr_house.svg_players import _player
from housebuilders.games.mr_house.svg_supply import _parts_table, _prepares, _supply

WIDTH = 1200
THEME = Theme("mrhouse", paper="#fbf8f2", edge=EDGE)
TOP = 74  # below the header
PARTS_TOP, PARTS_H = TOP + 3 * CITY_ROW + 12, 84  # the house parts' table
PANELS_TOP = PARTS_TOP + PARTS_H + 12


def svg(observation: Json, legal: list[Json]) -> str:
    """The table seen in ``observation``, with ``legal`` (the seat's legal actions as
    ``{"index", "text", "action"}``) clickable where they have a place."""
    obs = observation
    acts = Acts(legal)
    n = len(obs["players"])
    panel_w, panel_h = (WIDTH - 36) / 2, 400 if _advanced(obs) else 304
    height = PANELS_TOP + (n + 1) // 2 * (panel_h + 12)
    parts = _header(obs)
    parts += _city(obs, acts, Box(12, TOP, sum(CITY_COLUMNS), 3 * CITY_ROW))
    parts += _supply(obs, acts, Box(632, TOP, WIDTH - 644, 3 * CITY_ROW))
    parts += _parts_table(obs, Box(12, PARTS_TOP, WIDTH - 24, PARTS_H), _prepares(obs, acts))
    for pl in range(n):
        x = 12 + pl % 2 * (panel_w + 12)
        y = PANELS_TOP + pl // 2 * (panel_h + 12)
        parts += _player(obs, pl, acts, Box(x, y, panel_w, panel_h))
    return document(THEME, WIDTH, height, _title(obs), parts, PATTERNS)


# -- the header ---------------------------------------------------------------------------
def _title(obs: Json) -> str:
    variant = "advanced" if _advanced(obs) else "basic"
    return f"Mr House ({variant}) - turn {obs['turn']} of {obs['turns']} - {obs['phase']}"


def _header(obs: Json) -> list[str]:
    who, you = obs["acting"], obs["you"]
    if not who:
        status = "The game is over."
    elif you in who:
        status = f"Your move ({player_name(obs, you)}): {_asked(obs)}"
    else:
        status = ", ".join(player_name(obs, pl) for pl in who) + f" to act: {_asked(obs)}"
    seat = "spectator" if you is None else f"you are {player_name(obs, you)}"
    parts = header(THEME, WIDTH, _title(obs), status, ("", seat))
    for i, pl in enumerate(who):
        parts.append(circle(WIDTH - 24 - 22 * i, 22, 8, fill=player_colour(pl), stroke="#fff"))
    return parts


def _asked(obs: Json) -> str:
    here = _location_name(obs, obs.get("purchase", {}).get("location"))
    pending = obs.get("construction", {}).get("pending") or {}
    part = obs["part_names"].get(pending.get("part", ""), "part")
    part += " of the garage" if pending.get("column", 0) < 0 else ""
    asked = obs.get("asked") or obs["phase"]  # the basic variant says only its phase
    return {
        "move": "place a movement marker",
        "movement": "place a movement marker",
        "buy": f"buy at the {here}",
        "purchases": f"take materials at the {here}",
        "office": "choose a benefit at the office",
        "hire": "hire worker cards",
        "expo": "choose a privilege card",
        "receipt": "keep the privilege card or cash it in",
        "build": "build house parts",
        "crew": f"choose the crew for the {part}",
        "construction: preparing": "prepare materials for house parts",
        "construction: rolling": "roll for the prepared parts",
    }.get(asked, str(asked))


def _location_name(obs: Json, number: object) -> str:
    names = {loc["number"]: str(loc["name"]) for loc in obs["board"]["locations"]}
    return names.get(number, "location")
