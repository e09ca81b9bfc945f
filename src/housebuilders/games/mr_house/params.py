"""Mr House parameters: content plus player count, flattened into tuples for the hot path."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import MATERIALS, PART_IDS
from .content import MrHouseContent

BANK, OFFICE, WORK_NOTICE_BOARD, STORE = "bank", "office", "work_notice_board", "store"


@dataclass(frozen=True)
class BasicParams:
    players: int
    turns: int
    die_sides: int
    marker_values: tuple[int, ...]
    #: per location number (index 0 unused): kind, name, material index (-1: none)
    kinds: tuple[str, ...]
    names: tuple[str, ...]
    material_at: tuple[int, ...]
    #: bitmask of the locations orthogonally adjacent to each location
    adjacent: tuple[int, ...]
    all_locations: int  # bitmask of every location
    last_location: int
    stock: tuple[int, ...]  # per material, for this player count
    start_materials: tuple[int, ...]
    recipes: tuple[tuple[int, ...], ...]  # per part, materials per material index
    points: tuple[int, ...]  # per part
    worker_deck: int
    board_worker_cards: int  # face-down worker cards on the board: players - 1
    player_worker_spaces: int
    complete_house_points: int
    coin_bonus: tuple[int, int]


_CACHE: dict[tuple[int, int], tuple[MrHouseContent, BasicParams]] = {}


def basic_params(content: MrHouseContent, players: int) -> BasicParams:
    key = (id(content), players)
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not content:
        if len(_CACHE) > 64:  # overridden content makes new objects: keep the cache small
            _CACHE.clear()
        hit = _CACHE[key] = (content, _basic_params(content, players))
    return hit[1]


def _basic_params(content: MrHouseContent, players: int) -> BasicParams:
    b = content.basic
    locs = sorted(b.locations, key=lambda loc: loc.number)
    mat = {m: i for i, m in enumerate(MATERIALS)}
    work = next(loc for loc in locs if loc.kind == WORK_NOTICE_BOARD)
    return BasicParams(
        players=players,
        turns=content.turns,
        die_sides=content.die_sides,
        marker_values=tuple(sorted(content.marker_values)),
        kinds=("", *(loc.kind for loc in locs)),
        names=("", *(loc.name for loc in locs)),
        material_at=(-1, *(mat[loc.material] if loc.material else -1 for loc in locs)),
        adjacent=(0, *(sum(1 << a for a in loc.adjacent) for loc in locs)),
        all_locations=sum(1 << loc.number for loc in locs),
        last_location=len(locs),
        stock=tuple(b.stock.get(m, [0, 0, 0])[players - 2] for m in MATERIALS),
        start_materials=tuple(b.start_materials.get(m, 0) for m in MATERIALS),
        recipes=tuple(
            tuple(content.parts[p].materials.get(m, 0) for m in MATERIALS) for p in PART_IDS
        ),
        points=tuple(b.points[p] for p in PART_IDS),
        worker_deck=b.worker_deck,
        board_worker_cards=min(players - 1, work.worker_spaces),
        player_worker_spaces=b.player_board_worker_spaces,
        complete_house_points=b.complete_house_points,
        coin_bonus=(b.coin_bonus[0], b.coin_bonus[1]),
    )
