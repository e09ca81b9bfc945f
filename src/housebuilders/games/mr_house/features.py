"""Mr House observations as vectors for learning (core/features.py): both variants.

Seats are relative to the observer (its own first), padded to four. Per seat: its
materials, its markers in hand (their values only for the observer's own), its house
(sizes by part and the first columns' heights), and the variant's money, workers,
quality and permit (the advanced variant adds loans, worker cards, privileges and the
garage). The board: the stores, each location's markers by seat and, where the
observer may see them, by value; the phase and what is asked.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from housebuilders.core import Json
from housebuilders.core.content import per_content
from housebuilders.core.features import (
    Features,
    Vector,
    pack,
    packed_onehots,
    relative,
    rotated,
    seats,
)
from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.actions import PART_IDS
from housebuilders.games.mr_house.options import OFFICE, office_benefits
from housebuilders.games.mr_house.phases import (
    ADVANCED_PHASE_NAMES,
    AWAIT_NAMES,
    BASIC_PHASE_NAMES,
    BUILDING,
    PREPARING,
    PURCHASES,
    ROLLING,
)

if TYPE_CHECKING:
    from housebuilders.games.mr_house.advanced import MrHouseAdvancedState
    from housebuilders.games.mr_house.basic import MrHouseBasicState
    from housebuilders.games.mr_house.common import MrHouseState
    from housebuilders.games.mr_house.params import AdvancedParams

SEATS = 4
LOCATIONS = 10  # the advanced board's; the basic board leaves the last one empty
VALUES = 4  # movement markers' values 0 to 3 (a larger value counts as 3)
COLUMNS = 8  # the house's first columns, one by one (the rest only in the totals)
PRIVILEGES = 16  # the privilege cards by number (the box has 15)
WORKER_SPACES = 4


def _house(v: Vector, house: list[Json]) -> None:
    parts = dict.fromkeys(PART_IDS, 0)
    heights = []
    for column in house:
        for wall in column["walls"]:
            parts[wall["part"]] += 1
            parts["window"] += wall["windows"]
            parts["door"] += wall["door"]
        if column["roof"]:
            parts[column["roof"]] += 1
        parts["chimney"] += column["chimney"]
        heights.append(len(column["walls"]))
    v.num(len(house), COLUMNS)
    v.nums(parts.values(), 8)
    v.padded(heights, COLUMNS, 4)
    v.padded([bool(c["roof"]) for c in house], COLUMNS)


def _markers(v: Vector, obs: Json, you: int | None, n: int) -> None:
    locations = obs["board"]["locations"]
    width = 1 + VALUES
    for number in range(LOCATIONS):
        counts = [0.0] * (SEATS * width)  # per seat: markers, then those of each value
        for marker in locations[number]["markers"] if number < len(locations) else ():
            at = (relative(marker["player"], you, n) or 0) * width
            counts[at] += 1 / 3
            if marker["value"] is not None:
                counts[at + 1 + min(marker["value"], VALUES - 1)] += 1 / 3
        v.extend(counts)


def _common(v: Vector, obs: Json, phases: tuple[str, ...]) -> tuple[int | None, int]:
    you, players = obs["you"], obs["players"]
    n = len(players)
    v.onehot(n - 2, SEATS - 1)  # the player count
    v.num(obs["turn"], obs["turns"])
    v.word(obs["phase"], phases)
    v.onehot(relative(obs["first_player"], you, n), SEATS)
    acting = [0.0] * SEATS
    for seat in obs["acting"]:
        acting[relative(seat, you, n) or 0] = 1.0
    v.extend(acting)
    v.nums(obs["board"]["stores"].values(), 10)
    _markers(v, obs, you, n)
    purchase = obs.get("purchase")
    v.onehot(purchase["location"] - 1 if purchase else None, LOCATIONS)
    v.num(purchase["marker"] if purchase else None, SEATS * 5)
    building = obs.get("construction")
    v.onehot(relative(building["builder"], you, n) if building else None, SEATS)
    return you, n


def _seat_common(v: Vector, entry: Json) -> None:
    v.nums(entry["materials"].values(), 5)
    v.num(entry["hand_size"], 5)
    hand = [0.0] * VALUES
    for value in entry.get("hand", ()):
        hand[min(value, VALUES - 1)] += 1
    v.nums(hand, 2)
    _house(v, entry["house"])


def basic(obs: Json) -> array:
    v = Vector()
    you, _ = _common(v, obs, BASIC_PHASE_NAMES)
    building = obs.get("construction")
    v.counts(building["groups"] if building else (), PART_IDS, 4)
    return seats(v, rotated(obs["players"], you), _basic_seat, SEATS)


def _basic_seat(v: Vector, entry: Json) -> None:
    _seat_common(v, entry)
    v.num(entry["coins"], 5)
    v.flag(entry["permit"])
    v.num(entry["workers"], 5)
    v.num(entry["quality"], 10)


def advanced(obs: Json) -> array:
    v = Vector()
    you, n = _common(v, obs, ADVANCED_PHASE_NAMES)
    v.word(obs["asked"], AWAIT_NAMES)
    board = obs["board"]
    v.nums(board["prices"].values(), 10)
    v.num(board["office_benefits"], 4)
    for i in range(SEATS + 1):
        cards = board["worker_cards"]
        card = cards[i] if i < len(cards) else None
        v.flag(card is not None)
        v.nums([card[k] for k in ("workers", "stars", "coins", "price")] if card else (0,) * 4, 5)
    v.num(board["worker_deck"], 30)
    for row in (board["expo_current"], board["expo_future"]):
        v.counts([c["card"] for c in row], range(PRIVILEGES))
    v.num(board["privilege_deck"], 12)
    v.onehot(relative(obs["player_order_track"][0], you, n), SEATS)
    pending = obs.get("construction", {}).get("pending")
    v.word(pending["part"] if pending else None, PART_IDS)
    return seats(v, rotated(obs["players"], you), _advanced_seat, SEATS)


def _advanced_seat(v: Vector, entry: Json) -> None:
    _seat_common(v, entry)
    v.amount(entry["money"], 100)
    v.num(entry["loans"], 3)
    v.num(entry["quality"], 10)
    v.flag(entry["permit"])
    cards = entry["worker_cards"]
    for i in range(WORKER_SPACES):
        card = cards[i] if i < len(cards) else None
        v.flag(card is not None)
        v.nums((card["workers"], card["stars"], card["tired"]) if card else (0, 0, 0), 3)
    v.flag(entry["printed_worker_tired"])
    v.counts([c["card"] for c in entry["privileges"]], range(PRIVILEGES))
    garage = entry["garage"] or {}
    v.word(garage.get("wall"), PART_IDS[:2])
    v.flag(garage.get("door"))
    v.word(garage.get("roof"), (PART_IDS[2], PART_IDS[6]))


# == the same vectors read from the state (Features.of_state) =========================
_NO_MARKERS = bytes(4 * SEATS * (1 + VALUES))  # a location's part without markers
_PRIVILEGE_IDS = tuple(range(PRIVILEGES))  # a tuple: its places are looked up by identity


@lru_cache(maxsize=4096)
def _house_of_state(house: H.House) -> list[float]:
    """``_house`` of a house as the state holds it (a house is a value: the same
    house, the same numbers)."""
    v = Vector()
    parts = [0] * len(PART_IDS)
    for column in house:
        for wall in column.walls:
            parts[wall.part] += 1
            parts[H.WINDOW] += wall.windows
            parts[H.DOOR] += wall.door
        if column.roof:
            parts[column.roof] += 1
        parts[H.CHIMNEY] += column.chimney
    v.num(len(house), COLUMNS)
    v.nums(parts, 8)
    v.padded([len(column.walls) for column in house], COLUMNS, 4)
    v.padded([bool(column.roof) for column in house], COLUMNS)
    return v.values


# The vectors are put together as float32 bytes (as Dream Home's are): each location's
# markers kept by the stack they are made of (and the observer) and packed once (a move
# changes one location at most); the rest packed at each call (a seat's values change
# with most moves: keeping them cost more than it saved).
_KEPT = 4096  # the packed locations kept (80 bytes each)
_MARKERS: dict[tuple[object, ...], bytes] = {}  # a location's, by observer, shown, stack


def _kept(kept: dict[tuple[object, ...], bytes], key: tuple[object, ...], v: Vector) -> bytes:
    """``v``'s values packed, kept under ``key`` (the cache cleared once it is full)."""
    if len(kept) >= _KEPT:
        kept.clear()
    packed = kept[key] = pack(v.values)
    return packed


def _location_of_state(
    stack: tuple[tuple[int, int, int], ...], you: int | None, n: int, shown: bool
) -> Vector:
    """One location's markers, by seat and, where ``you`` sees them, by value."""
    v, width = Vector(), 1 + VALUES
    counts = [0.0] * (SEATS * width)
    for owner, value, _ in stack:
        at = (relative(owner, you, n) or 0) * width
        counts[at] += 1 / 3
        if shown or owner == you:
            counts[at + 1 + min(value, VALUES - 1)] += 1 / 3
    v.extend(counts)
    return v


def _markers_of_state(
    parts: list[bytes], s: MrHouseState, you: int | None, shown_up_to: int
) -> None:
    """The markers on each location (``_markers``), each location's packed part kept by
    its stack (one location changes at a time)."""
    n, stacks = s.num_players, s.stacks
    for location in range(1, LOCATIONS + 1):
        stack = stacks[location] if location < len(stacks) else ()
        if not stack:
            parts.append(_NO_MARKERS)
            continue
        shown = location <= shown_up_to
        key: tuple[Any, ...] = (you, n, shown, *stack)
        chunk = _MARKERS.get(key)
        parts.append(chunk or _kept(_MARKERS, key, _location_of_state(key[3:], you, n, shown)))


def _common_of_state(s: MrHouseState, you: int | None, phase: str) -> tuple[list[bytes], Vector]:
    """``_common`` of the state itself: its parts packed, and the vector going on."""
    v = Vector()
    n = s.num_players
    v.onehot(n - 2, SEATS - 1)
    v.num(s.turn, s.p.turns)
    v.word(phase, s.PHASE_NAMES)
    v.onehot(relative(s.order[0], you, n), SEATS)
    acting = [0.0] * SEATS
    for seat in s.acting_players():
        acting[relative(seat, you, n) or 0] = 1.0
    v.extend(acting)
    v.nums(s.supply, 10)
    parts = [pack(v.values)]
    purchase = s.phase == PURCHASES
    shown_up_to = s.loc if purchase else 0
    _markers_of_state(parts, s, you, shown_up_to)
    v = Vector()
    v.onehot(s.loc - 1 if purchase else None, LOCATIONS)
    v.num(s.pos if purchase else None, SEATS * 5)
    building = s.phase in (PREPARING, ROLLING)
    v.onehot(relative(s._builder(), you, n) if building else None, SEATS)
    return parts, v


def _seat_common_of_state(v: Vector, s: MrHouseState, seat: int, you: int | None) -> None:
    v.flag(True)
    v.nums(s.store[seat], 5)
    hand = s.hand[seat]
    v.num(len(hand), 5)
    counts = [0.0] * VALUES
    if seat == you:
        for value in hand:
            counts[min(value, VALUES - 1)] += 1
    v.nums(counts, 2)
    v.extend(_house_of_state(s.house[seat]))


def _seats(parts: list[bytes], s: MrHouseState, you: int | None, write: Any) -> array:
    """The seats' values, the observer's first, each written by ``write``, then zeros
    for the seats the table lacks; the finished vector."""
    n, v = s.num_players, Vector()
    for seat in rotated(range(n), you):
        write(v, seat)
    parts.append(pack(v.values))
    parts.append(bytes(4 * len(v) // n * (SEATS - n)))
    return array("f", b"".join(parts))


def basic_of_state(s: MrHouseBasicState, you: int | None) -> array:
    """``basic`` of the state itself, without its observation."""
    parts, v = _common_of_state(s, you, BASIC_PHASE_NAMES[s.phase])
    building = s.phase in (PREPARING, ROLLING)
    v.counts([PART_IDS[g] for g in s.groups] if building else (), PART_IDS, 4)
    parts.append(pack(v.values))

    def seat(v: Vector, pl: int) -> None:
        _seat_common_of_state(v, s, pl, you)
        v.num(s.coins[pl], 5)
        v.flag(s.permit[pl])
        v.num(s.workers[pl], 5)
        v.num(s.quality(pl), 10)

    return _seats(parts, s, you, seat)


def advanced_of_state(s: MrHouseAdvancedState, you: int | None) -> array:
    """``advanced`` of the state itself, without its observation."""
    n = s.num_players
    parts, v = _common_of_state(s, you, ADVANCED_PHASE_NAMES[s.phase])
    v.word(AWAIT_NAMES[s.await_], AWAIT_NAMES)
    parts.append(pack(v.values))
    p = s.p
    office = office_benefits(s.setup["options"][OFFICE.name])
    track = relative(s.track[0], you, n)
    cards, current, future = s.board_cards, s.expo_current, s.expo_future
    key = (office, track, len(s.worker_deck), len(s.privilege_deck), *s.prices, len(cards),
           *cards, len(current), *current, *future)  # fmt: skip
    kept, workers = _kept_for(p)
    board = kept.get(key)
    if board is None:  # what the board shows changes with a few moves only
        v = Vector()
        v.nums(s.prices, 10)
        v.num(office, 4)
        for card, coins in cards[: SEATS + 1]:
            spec = p.worker_cards[card]
            v.extend((1.0, spec.workers / 5, spec.stars / 5, coins / 5, (spec.price - coins) / 5))
        v.extend((0.0,) * (5 * max(0, SEATS + 1 - len(cards))))
        v.num(len(s.worker_deck), 30)
        v.counts(current, _PRIVILEGE_IDS)
        v.counts(future, _PRIVILEGE_IDS)
        v.num(len(s.privilege_deck), 12)
        v.onehot(track, SEATS)
        board = _kept(kept, key, v)
    parts.append(board)
    pending = s.pending if s.phase == BUILDING else None
    parts.append(_PENDING[pending[0] if pending is not None else -1])

    def seat(v: Vector, pl: int) -> None:
        _seat_common_of_state(v, s, pl, you)
        v.amount(s.money[pl], 100)
        v.num(s.loans[pl], 3)
        v.num(s.quality[pl], 10)
        v.flag(s.permit[pl])
        spaces, tired, privileges = s.spaces[pl], s.tired[pl], s.privileges[pl]
        key = (tired, s.garage[pl], len(spaces), *spaces, *privileges)
        tail = workers.get(key)
        if tail is None:  # the workers, privileges and garage: they change seldom
            t = Vector()
            for i in range(WORKER_SPACES):
                card = spaces[i] if i < len(spaces) else -1
                if card == -1:
                    t.extend((0.0,) * 4)
                else:
                    spec = p.worker_cards[card]
                    t.extend((1.0, spec.workers / 3, spec.stars / 3, bool(tired & (2 << i)) / 3))
            t.flag(tired & 1)
            t.counts(privileges, _PRIVILEGE_IDS)
            t.extend(_garage_of_state(s.garage[pl]))
            if len(workers) >= _KEPT:
                workers.clear()
            tail = workers[key] = t.values
        v.extend(tail)

    return _seats(parts, s, you, seat)


@per_content
def _kept_for(
    p: AdvancedParams,
) -> tuple[dict[tuple[object, ...], bytes], dict[tuple[object, ...], list[float]]]:
    """Per content (the worker cards' values are the content's): the advanced board's
    packed values and a seat's workers, privileges and garage, kept by what they are
    made of."""
    return {}, {}


#: ``Vector.word(name, PART_IDS)`` packed, by the part's place (at -1: None's)
_PENDING = packed_onehots(len(PART_IDS) + 1)


@lru_cache(maxsize=64)
def _garage_of_state(garage: H.Garage) -> list[float]:
    """The garage's values in ``_advanced_seat`` (a garage is a value)."""
    v = Vector()
    built = garage.wall >= 0
    v.word(PART_IDS[garage.wall] if built else None, PART_IDS[:2])
    v.flag(built and garage.door)
    v.word(PART_IDS[garage.roof] if built and garage.roof else None, (PART_IDS[2], PART_IDS[6]))
    return v.values


BASIC_FEATURES = Features("mr-house-basic", basic, basic_of_state)
ADVANCED_FEATURES = Features("mr-house-advanced", advanced, advanced_of_state)
