"""Mr House parameters: content plus player count, flattened into tuples for the hot path."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from housebuilders.core.content import per_content
from housebuilders.games.mr_house.actions import MATERIALS, PART_IDS
from housebuilders.games.mr_house.content import BASIC_PART_IDS, MrHouseContent

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
    parts: tuple[int, ...]  # the parts of this variant
    points: tuple[int, ...]  # per part
    worker_deck: int
    board_worker_cards: int  # face-down worker cards on the board: players - 1
    player_worker_spaces: int
    complete_house_points: int
    coin_bonus: tuple[int, int]


def board_tables(locations: list[Any]) -> dict[str, Any]:
    """A board's locations (sorted by number) as tables indexed by number (0 unused):
    kinds, names, store materials, adjacency bitmasks."""
    mat = {m: i for i, m in enumerate(MATERIALS)}
    return {
        "kinds": ("", *(loc.kind for loc in locations)),
        "names": ("", *(loc.name for loc in locations)),
        "material_at": (-1, *(mat[loc.material] if loc.material else -1 for loc in locations)),
        "adjacent": (0, *(sum(1 << n for n in loc.adjacent) for loc in locations)),
        "all_locations": sum(1 << loc.number for loc in locations),
        "last_location": len(locations),
    }


@per_content
def basic_params(content: MrHouseContent, players: int) -> BasicParams:
    b = content.basic
    locs = sorted(b.locations, key=lambda loc: loc.number)
    work = next(loc for loc in locs if loc.kind == WORK_NOTICE_BOARD)
    return BasicParams(
        players=players,
        turns=content.turns,
        die_sides=content.die_sides,
        marker_values=tuple(sorted(content.marker_values)),
        **board_tables(locs),
        stock=tuple(b.stock.get(m, [0, 0, 0])[players - 2] for m in MATERIALS),
        start_materials=tuple(b.start_materials.get(m, 0) for m in MATERIALS),
        recipes=tuple(
            tuple(content.parts[p].materials.get(m, 0) for m in MATERIALS) for p in PART_IDS
        ),
        parts=tuple(range(len(BASIC_PART_IDS))),
        points=tuple(b.points.get(p, 0) for p in PART_IDS),
        worker_deck=b.worker_deck,
        board_worker_cards=min(players - 1, work.worker_spaces),
        player_worker_spaces=b.player_board_worker_spaces,
        complete_house_points=b.complete_house_points,
        coin_bonus=(b.coin_bonus[0], b.coin_bonus[1]),
    )


PLAYER_ORDER, CONSTRUCTION_EXPO = "player_order", "construction_expo"


@dataclass(frozen=True)
class WorkerCardSpec:
    workers: int
    stars: int
    price: int


@dataclass(frozen=True)
class AdvancedParams:
    players: int
    turns: int
    marker_values: tuple[int, ...]
    kinds: tuple[str, ...]
    names: tuple[str, ...]
    material_at: tuple[int, ...]
    adjacent: tuple[int, ...]
    all_locations: int
    last_location: int
    stock: tuple[int, ...]
    up_threshold: tuple[int, ...]  # per material, for this player count
    price_start: tuple[int, ...]
    price_min: tuple[int, ...]
    price_max: tuple[int, ...]
    start_materials: tuple[int, ...]
    recipes: tuple[tuple[int, ...], ...]
    parts: tuple[int, ...]
    points: tuple[int, ...]
    crew: tuple[int, ...]  # workers needed per part
    start_money: tuple[int, ...]  # by position on the player order track
    quality_start: int
    quality_max: int
    card_spaces: int  # worker card spaces on a player board, after the printed worker
    board_worker_cards: int  # face-up worker cards on the work notice board
    loan: int
    loan_points: tuple[int, ...]
    office_money_per_marker: int
    privilege_dealt: int
    expo_cards: int
    garage_complete_points: int
    garage_wall_points: int
    worker_cards: tuple[WorkerCardSpec, ...]  # by card id
    privilege_cards: tuple[Any, ...]  # PrivilegeCard models, by card id
    colours: tuple[str, ...]  # the privilege colours, in order of first appearance


@per_content
def advanced_params(content: MrHouseContent, players: int) -> AdvancedParams:
    a = content.advanced
    locs = sorted(a.locations, key=lambda loc: loc.number)
    cards = a.privilege_cards
    return AdvancedParams(
        players=players,
        turns=content.turns,
        marker_values=tuple(sorted(content.marker_values)),
        **board_tables(locs),
        stock=tuple(a.stock[m][players - 2] for m in MATERIALS),
        up_threshold=tuple(a.up_threshold[m][players - 2] for m in MATERIALS),
        price_start=tuple(a.prices[m].start for m in MATERIALS),
        price_min=tuple(a.prices[m].min for m in MATERIALS),
        price_max=tuple(a.prices[m].max for m in MATERIALS),
        start_materials=tuple(a.start_materials.get(m, 0) for m in MATERIALS),
        recipes=tuple(
            tuple(content.parts[p].materials.get(m, 0) for m in MATERIALS) for p in PART_IDS
        ),
        parts=tuple(range(len(PART_IDS))),
        points=tuple(a.points[p] for p in PART_IDS),
        crew=tuple(a.crew[p] for p in PART_IDS),
        start_money=tuple(a.start_money),
        quality_start=a.quality_start,
        quality_max=a.quality_max,
        card_spaces=a.player_board_worker_spaces,
        board_worker_cards=players + a.board_worker_cards_extra,
        loan=a.loan,
        loan_points=tuple(a.loan_points),
        office_money_per_marker=a.office_money_per_marker,
        privilege_dealt=a.privilege_cards_dealt,
        expo_cards=a.expo_cards,
        garage_complete_points=a.garage_complete_points,
        garage_wall_points=a.garage_wall_points,
        worker_cards=tuple(
            WorkerCardSpec(c.workers, c.stars, c.price)
            for c in a.worker_cards
            for _ in range(c.copies)
        ),
        privilege_cards=tuple(cards),
        colours=tuple(dict.fromkeys(c.colour for c in cards)),
    )
