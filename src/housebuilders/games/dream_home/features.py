"""Dream Home observations as vectors for learning (core/features.py).

Cards are named by the rulebook's content (the names of data.toml; a name a content
override brings counts in one "other" place). The board's five columns, the decks'
sizes, the discards and the decor supply by name, the card in hand; per seat (the
observer's first, padded to four) the twelve spaces of its home, its roof count,
held cards and kept decor, and its score once the game is over. The roof cards stay
out unless the observation shows them (the game's end, or the house rule).
"""

from __future__ import annotations

from array import array

from housebuilders.core import Json
from housebuilders.core.features import Features, Vector, relative, rotated, seats
from housebuilders.games.dream_home import phases
from housebuilders.games.dream_home.content import DATA

SEATS = 4
SPACES = 12
_C = DATA.load(None)
ROOMS = tuple(r.name for r in _C.rooms)
ROOFS = tuple(c + w for c in _C.roof.colours for w in ("", " with a window"))
DECOR = tuple(d.name for d in _C.decor)
RESOURCES = (*ROOFS, *DECOR, *_C.helpers.names, *(t.name for t in _C.tools))
KINDS = ("roof", "decor", "helper", "tool")
PHASES = (phases.DISCARD, phases.MEGAPHONE, phases.TAKE, phases.PLACE, phases.DECOR,
          phases.ROOFER, phases.SUPPLIER, phases.HANDYMAN, phases.OVER,
          phases.SUPPLIER_AFTER)  # fmt: skip


def _room(v: Vector, room: Json | None) -> None:
    v.word(room["name"] if room else None, ROOMS)


def _resource(v: Vector, resource: Json | None) -> None:
    v.word(resource["kind"] if resource else None, KINDS)
    v.word(resource["name"] if resource else None, RESOURCES)


def _seat(v: Vector, entry: Json) -> None:
    home = entry["home"]
    for space in range(SPACES):
        room = home[space] if space < len(home) else None
        _room(v, room)
        v.flag(room is not None and room["face_up"])
        v.flag(room is not None and room["decor"] is not None)
    v.num(len(entry["kept_decor"]), 3)
    v.num(entry["roof"], 6)
    v.counts([r["name"] for r in entry["held"]], RESOURCES, 2)
    score = entry["score"]
    v.num(score["total"] if score else None, 60)


def encode(obs: Json) -> array:
    v = Vector()
    you, players = obs["you"], obs["players"]
    n = len(players)
    v.onehot(n - 2, SEATS - 1)
    v.num(obs["round"], obs["rounds"])
    v.word(obs["phase"], PHASES)
    v.onehot(relative(obs["first"], you, n), SEATS)
    acting = [0.0] * SEATS
    for seat in obs["acting"]:
        acting[relative(seat, you, n) or 0] = 1.0
    v.extend(acting)
    for column in obs["columns"][:5]:
        _room(v, column["room"])
        _resource(v, column["resource"])
    v.num(obs["room_deck"], 60)
    v.num(obs["resource_deck"], 60)
    v.counts([r["name"] for r in obs["room_discard"]], ROOMS, 5)
    v.counts([r["name"] for r in obs["resource_discard"]], RESOURCES, 5)
    _room(v, obs["holding"])
    _resource(v, obs["pending"])
    v.counts(obs["supply"], DECOR)
    return seats(v, rotated(players, you), _seat, SEATS)


FEATURES = Features("dream-home", encode)
