"""Mr House actions. A turn is a sequence of these small decisions.

Materials and parts travel by name ("wood", "roof") so that an action's JSON reads
plainly; columns and levels count from 0 in JSON and from 1 in the text.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from ...core import Action
from .house import CHIMNEY, MAX_COLUMNS, MAX_LEVELS

MATERIALS = ("wood", "brick", "cement", "steel", "window", "door")
COIN_MATERIALS = (
    "wood",
    "brick",
    "cement",
    "steel",
)  # "any one extra material but a window or a door"
PART_IDS = ("wood_wall", "brick_wall", "roof", "chimney", "window", "door", "ceramic_roof")
PART_NAMES = ("wooden wall", "brick wall", "roof", "chimney", "window", "door", "ceramic roof")
PART_INDEX = {p: i for i, p in enumerate(PART_IDS)}
MATERIAL_INDEX = {m: i for i, m in enumerate(MATERIALS)}
#: Bounds of the action space (fixed for the game, whatever the content).
MAX_MARKER_VALUE = 9
MAX_LOCATIONS = 12


@cache
def _location_name(board: str, number: int) -> str:
    """A location's name on the ``basic`` or ``advanced`` board of the rulebook's content."""
    from .content import load_content

    names = {loc.number: loc.name for loc in getattr(load_content(), board).locations}
    return names.get(number, f"location {number}")


def _article(name: str) -> str:
    return "an" if name[0] in "aeiou" else "a"


class PlaceMarker(Action, kind="place"):
    """Movement: put one movement marker, face down, on a location."""

    value: int
    location: int
    board: ClassVar[str] = "basic"  # whose names the text uses

    def __str__(self) -> str:
        name = _location_name(self.board, self.location)
        return f"place your {self.value} marker on the {name} ({self.location})"


class AdvancedPlaceMarker(PlaceMarker, kind="place"):
    """The same action on the advanced variant's board, named after its locations
    (1 is the player order track there, 10 the construction expo)."""

    board: ClassVar[str] = "advanced"


class Take(Action, kind="take"):
    """Purchases: take up to the marker's value of the store's material."""

    material: str
    count: int

    def __str__(self) -> str:
        return f"take {self.count} {self.material}"


class SpendCoin(Action, kind="spend-coin"):
    """At any time in one's move: a coin for one extra material (not a window or door)."""

    material: str

    def __str__(self) -> str:
        return f"spend a coin on 1 {self.material}"


class Prepare(Action, kind="prepare"):
    """Construction: set aside the materials for one house part (a group)."""

    part: str

    def __str__(self) -> str:
        name = PART_NAMES[PART_INDEX[self.part]]
        return f"prepare the materials for {_article(name)} {name}"


class StartBuilding(Action, kind="start-building"):
    """Construction: the groups are ready; roll for them."""

    def __str__(self) -> str:
        return "start building (roll for the prepared groups)"


class Build(Action, kind="build"):
    """Construction: roll for a prepared group; on success the part goes here."""

    part: str
    column: int
    level: int

    def __str__(self) -> str:
        name = PART_NAMES[PART_INDEX[self.part]]
        return f"try to build {_article(name)} {name} {where(self.part, self.column, self.level)}"


class Remove(Action, kind="remove"):
    """Give up a built part (and whatever stands on it)."""

    part: str
    column: int
    level: int

    def __str__(self) -> str:
        name = PART_NAMES[PART_INDEX[self.part]]
        return f"give up the {name} {where(self.part, self.column, self.level)}"


class FinishBuilding(Action, kind="finish-building"):
    """Construction: end one's construction; unbuilt groups go back to the storehouse."""

    def __str__(self) -> str:
        return "finish building"


# -- the advanced variant ---------------------------------------------------------------
GARAGE = -1  # the column of a part built on the garage
OFFICE_BENEFITS = ("permit", "quality", "money")
MAX_WORKER_CARDS = 40
MAX_PRIVILEGE_CARDS = 20
MAX_CREW_SLOTS = 6  # the printed worker and up to 5 card spaces


class Buy(Action, kind="buy"):
    """Purchases (advanced): buy up to the marker's value at the current price."""

    material: str
    count: int

    def __str__(self) -> str:
        return f"buy {self.count} {self.material}"


class OfficeChoice(Action, kind="office"):
    """The office (advanced): a permit, a quality point, or 4 x marker money."""

    benefit: str

    def __str__(self) -> str:
        return {
            "permit": "take a building permit",
            "quality": "gain a quality point",
            "money": "take money (4 x your marker)",
        }.get(self.benefit, f"take the office's {self.benefit}")


class Hire(Action, kind="hire"):
    """The work notice board (advanced): buy one face-up worker card."""

    card: int

    def __str__(self) -> str:
        return f"hire {_worker_card(self.card)}"


class StopHiring(Action, kind="stop-hiring"):
    def __str__(self) -> str:
        return "hire no more worker cards"


class ChoosePrivilege(Action, kind="choose-privilege"):
    """The construction expo: the highest marker chooses one of the current cards."""

    card: int

    def __str__(self) -> str:
        return f"take the privilege card {_privilege_card(self.card)}"


class OnReceipt(Action, kind="receipt"):
    """A card decided on receipt (Wind Energy Generator): keep it, or cash it in."""

    choice: str  # "keep" or "cash"

    def __str__(self) -> str:
        if self.choice == "cash":
            return "discard the card for money (its value x your expo marker)"
        return "keep the card for the final scoring"


class UsePrivilege(Action, kind="use-privilege"):
    """Discard a privilege card for its special action."""

    card: int

    def __str__(self) -> str:
        return f"use {_privilege_card(self.card)}"


class RepayLoan(Action, kind="repay-loan"):
    def __str__(self) -> str:
        return "repay a loan (20 money)"


class Crew(Action, kind="crew"):
    """Construction (advanced): the worker cards that build the part (bit 0: the printed
    worker; bit i: the card in space i)."""

    slots: int

    def __str__(self) -> str:
        names = [
            "the printed worker" if i == 0 else f"the card in space {i}"
            for i in range(MAX_CREW_SLOTS)
            if self.slots >> i & 1
        ]
        return "crew: " + " + ".join(names)


@cache
def _worker_card(card: int) -> str:
    from .content import load_content

    cards = [c for c in load_content().advanced.worker_cards for _ in range(c.copies)]
    if not 0 <= card < len(cards):
        return f"worker card {card}"
    c = cards[card]
    stars = f", {c.stars} star{'s' * (c.stars != 1)}" if c.stars else ""
    return f"worker card {card} ({c.workers} worker{'s' * (c.workers != 1)}{stars})"


@cache
def _privilege_card(card: int) -> str:
    from .content import load_content

    cards = load_content().advanced.privilege_cards
    if not 0 <= card < len(cards):
        return f"privilege card {card}"
    return f"{cards[card].name} ({cards[card].colour})"


def where(part: str, column: int, level: int) -> str:
    if column == GARAGE:
        return "on the garage"
    if part in ("roof", "ceramic_roof", "chimney"):
        return f"on column {column + 1}"
    floor = "the ground floor" if level == 0 else f"floor {level + 1}"
    return f"on {floor} of column {column + 1}"


BASIC_CLASSES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (PlaceMarker, Take, SpendCoin, Prepare, StartBuilding, Build, Remove, FinishBuilding)
}
ADVANCED_CLASSES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        AdvancedPlaceMarker, Buy, OfficeChoice, Hire, StopHiring, ChoosePrivilege, OnReceipt,
        UsePrivilege, RepayLoan, Build, Crew, Remove, FinishBuilding,
    )
}  # fmt: skip

# -- the canonical actions: built once, handed out by legal_actions -------------------
PLACE = [
    [PlaceMarker(v, loc) for loc in range(MAX_LOCATIONS + 1)] for v in range(MAX_MARKER_VALUE + 1)
]
ADVANCED_PLACE = [
    [AdvancedPlaceMarker(v, loc) for loc in range(MAX_LOCATIONS + 1)]
    for v in range(MAX_MARKER_VALUE + 1)
]
TAKE = [[Take(m, n) for n in range(MAX_MARKER_VALUE + 1)] for m in MATERIALS]
SPEND_COIN = [SpendCoin(m) for m in MATERIALS]  # indexed by material; windows and doors never legal
PREPARE = [Prepare(p) for p in PART_IDS]
START_BUILDING = StartBuilding()
FINISH_BUILDING = FinishBuilding()
BUILD = [
    [[Build(p, c, lv) for lv in range(MAX_LEVELS + 1)] for c in range(MAX_COLUMNS)]
    for p in PART_IDS
]
BUY = [[Buy(m, n) for n in range(MAX_MARKER_VALUE + 1)] for m in MATERIALS]
OFFICE = {b: OfficeChoice(b) for b in OFFICE_BENEFITS}
HIRE = [Hire(c) for c in range(MAX_WORKER_CARDS)]
STOP_HIRING = StopHiring()
CHOOSE_PRIVILEGE = [ChoosePrivilege(c) for c in range(MAX_PRIVILEGE_CARDS)]
USE_PRIVILEGE = [UsePrivilege(c) for c in range(MAX_PRIVILEGE_CARDS)]
KEEP, CASH = OnReceipt("keep"), OnReceipt("cash")
REPAY_LOAN = RepayLoan()
CREW = [Crew(mask) for mask in range(1 << MAX_CREW_SLOTS)]
GARAGE_PARTS = ("wood_wall", "brick_wall", "door", "roof", "ceramic_roof")
BUILD_GARAGE = {p: Build(p, GARAGE, 0) for p in GARAGE_PARTS}
REMOVE_GARAGE = {p: Remove(p, GARAGE, 0) for p in GARAGE_PARTS}
REMOVE = [
    [[Remove(p, c, lv) for lv in range(MAX_LEVELS + 1)] for c in range(MAX_COLUMNS)]
    for p in PART_IDS
]


def _space(advanced: bool) -> tuple[Action, ...]:
    """Every action of a variant, in a fixed order: the action space for RL masks."""
    out: list[Action] = []
    for row in ADVANCED_PLACE if advanced else PLACE:
        out.extend(row[1:])
    parts = range(len(PART_IDS)) if advanced else range(len(PART_IDS) - 1)  # no ceramic roof
    if advanced:
        for row in BUY:
            out.extend(row)
        out.extend(OFFICE.values())
        out.extend(HIRE)
        out.append(STOP_HIRING)
        out.extend(CHOOSE_PRIVILEGE)
        out.extend((KEEP, CASH))
        out.extend(USE_PRIVILEGE)
        out.append(REPAY_LOAN)
        out.extend(CREW)
        out.extend(BUILD_GARAGE.values())
        out.extend(REMOVE_GARAGE.values())
    else:
        for row in TAKE:
            out.extend(row)
        out.extend(SpendCoin(m) for m in COIN_MATERIALS)
        out.extend(PREPARE[p] for p in parts)
        out.append(START_BUILDING)
    for table in (BUILD, REMOVE):
        for part in parts:
            for row in table[part]:
                for lv, action in enumerate(row):
                    if _possible(part, lv):
                        out.append(action)
    out.append(FINISH_BUILDING)
    return tuple(out)


def _possible(part: int, level: int) -> bool:
    """Whether a part could ever stand at (column, level) of a house within the limits."""
    if part == CHIMNEY:  # above the roofed top wall
        return 1 <= level <= MAX_LEVELS
    return level < MAX_LEVELS  # walls, roofs, windows, the door


BASIC_SPACE = _space(advanced=False)
ADVANCED_SPACE = _space(advanced=True)
