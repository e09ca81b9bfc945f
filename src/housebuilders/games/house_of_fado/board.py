"""House of Fado's board as the rules read it, made once per content object: what sits
beside each action space, each location's kick-out spaces, the customer colours each
musician type takes and the Raise actions each fame step may use."""

from __future__ import annotations

from dataclasses import dataclass

from housebuilders.core.content import per_content
from housebuilders.games.house_of_fado.actions import (
    ACTION_SPACES,
    BILLBOARD,
    LOCATION_OF,
    MARKET,
    RAISES,
    REHEARSAL,
    STREET,
    kickout,
)
from housebuilders.games.house_of_fado.content import KICKOUTS, TYPES, HouseOfFadoContent, KickOut

LOCATION_DATA = {MARKET: "market", STREET: "street", REHEARSAL: "rehearsal",
                 BILLBOARD: "billboard_location"}  # fmt: skip


@dataclass(frozen=True)
class Board:
    #: per action space: the two musician types (Market, Billboard) or customer groups
    #: (Street) beside it; () for the Rehearsal Room and the restaurant
    between: tuple[tuple[int, ...], ...]
    #: per board location: its kick-out spaces' ids and their bonuses
    kickout_spaces: tuple[tuple[int, ...], ...]
    kickouts: tuple[tuple[KickOut, ...], ...]
    #: per musician type: the customer colours (indices) it takes (HF-91)
    colours: tuple[frozenset[int], ...]
    #: per musician type and customers to spend: the Raise keys (type, gray, black,
    #: brown, extra) that spend exactly that many customers of its colours
    raises: tuple[dict[int, tuple[tuple[int, ...], ...]], ...]
    #: per musician tile id: its type
    type_of: tuple[int, ...]


@per_content
def board(content: HouseOfFadoContent) -> Board:
    between = []
    for space in range(ACTION_SPACES):
        location = LOCATION_OF[space]
        if location not in (MARKET, STREET, BILLBOARD):
            between.append(())
            continue
        first = LOCATION_OF.index(location)
        pairs = getattr(content, LOCATION_DATA[location]).between
        between.append(tuple(pairs[space - first]))
    names = content.customers.colours
    colours = tuple(frozenset(names.index(c) for c in t.colours) for t in content.types)
    raises: list[dict[int, tuple[tuple[int, ...], ...]]] = []
    for t in range(TYPES):
        by_need: dict[int, list[tuple[int, ...]]] = {}
        for key in RAISES:
            counts = key[1:4]
            if key[0] == t and all(n == 0 or c in colours[t] for c, n in enumerate(counts)):
                by_need.setdefault(sum(key[1:]), []).append(key)
        raises.append({need: tuple(keys) for need, keys in by_need.items()})
    locations = sorted(LOCATION_DATA)
    return Board(
        between=tuple(between),
        kickout_spaces=tuple(tuple(kickout(loc, k) for k in range(KICKOUTS)) for loc in locations),
        kickouts=tuple(tuple(getattr(content, LOCATION_DATA[loc]).kickouts) for loc in locations),
        colours=colours,
        raises=tuple(raises),
        type_of=tuple(m.type for m in content.musicians) + tuple(p.type for p in content.promos),
    )
