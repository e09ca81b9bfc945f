"""Mr House actions. A turn is a sequence of these small decisions.

Materials and parts travel by id ("wood", "roof") so that an action's JSON reads
plainly; columns and levels count from 0 in JSON and from 1 in the text.

An action whose sentence names something of the game's content (a location, a house
part, a card, a sum of money) is ``Worded``: ``action.text(words)`` says it in the
words of a game's content (``state.describe(action)`` does so with the game's own),
``str(action)`` in the rulebook's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from housebuilders.core import Action
from housebuilders.core.content import per_content
from housebuilders.games.mr_house.content import MrHouseContent, load_content
from housebuilders.games.mr_house.house import CHIMNEY, MAX_COLUMNS, MAX_LEVELS

MATERIALS = ("wood", "brick", "cement", "steel", "window", "door")
COIN_MATERIALS = (
    "wood",
    "brick",
    "cement",
    "steel",
)  # "any one extra material but a window or a door"
PART_IDS = ("wood_wall", "brick_wall", "roof", "chimney", "window", "door", "ceramic_roof")
PART_INDEX = {p: i for i, p in enumerate(PART_IDS)}
MATERIAL_INDEX = {m: i for i, m in enumerate(MATERIALS)}
#: Bounds of the action space (fixed for the game, whatever the content).
MAX_MARKER_VALUE = 9
MAX_LOCATIONS = 12


class Words:
    """What the sentences name from a game's content: the locations of each board, the
    house parts, the advanced variant's cards (by card id), the office's money per
    marker and a loan. Made once per content object (``words_of``)."""

    def __init__(self, content: MrHouseContent) -> None:
        self.locations = {
            board: {loc.number: loc.name for loc in getattr(content, board).locations}
            for board in ("basic", "advanced")
        }
        #: part names by part index (PART_IDS' order)
        self.parts = tuple(content.parts[p].name for p in PART_IDS)
        #: part id -> name, as observations carry it (copy it before changing it)
        self.part_names = dict(zip(PART_IDS, self.parts, strict=True))
        #: each part's materials by part index, as the content lists them (none at 0)
        self.recipes = tuple(
            tuple((m, n) for m, n in content.parts[p].materials.items() if n) for p in PART_IDS
        )
        #: the basic player board's points by part id (the parts it builds)
        self.basic_points = dict(content.basic.points)
        a = content.advanced
        self.worker_cards = tuple(
            _worker_card(c.workers, c.stars) for c in a.worker_cards for _ in range(c.copies)
        )
        self.privilege_cards = tuple(f"{c.name} ({c.colour})" for c in a.privilege_cards)
        self.office_money = a.office_money_per_marker
        self.loan = a.loan

    def location(self, board: str, number: int) -> str:
        return self.locations[board].get(number, f"location {number}")

    def part(self, part: str) -> str:
        return self.parts[PART_INDEX[part]]

    def recipe(self, part: str) -> str:
        """The materials a part needs, as its player board shows them: "2 wood + 1 steel"."""
        return recipe_text(dict(self.recipes[PART_INDEX[part]]))

    def worker_card(self, card: int) -> str:
        """A worker card as the board shows it, by what it gives: "a worker card (2
        workers, 1 star)". Its id is no number printed on it: cards alike are the same."""
        ok = 0 <= card < len(self.worker_cards)
        return self.worker_cards[card] if ok else "a worker card that is not in the game"

    def privilege_card(self, card: int) -> str:
        ok = 0 <= card < len(self.privilege_cards)
        return self.privilege_cards[card] if ok else f"privilege card {card}"


def recipe_text(materials: Mapping[str, int]) -> str:
    """A part's materials in a few words, as its player board shows them: "2 wood + 1
    steel" (``materials``: material -> how many)."""
    return " + ".join(f"{n} {m}" for m, n in materials.items() if n) or "nothing"


def _worker_card(workers: int, stars: int) -> str:
    shown = f", {stars} star{'s' * (stars != 1)}" if stars else ""
    return f"a worker card ({workers} worker{'s' * (workers != 1)}{shown})"


#: the words of a content, made once per content object
words_of = per_content(Words)


class Worded:
    """Mixed into an action whose sentence names content: ``text(words)`` is the
    sentence, ``str()`` the same in the rulebook's words (data.toml)."""

    __slots__ = ()

    def text(self, words: Words) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text(words_of(load_content()))


def _article(name: str) -> str:
    return "an" if name[:1].lower() in tuple("aeiou") else "a"


class PlaceMarker(Worded, Action, kind="place"):
    """Movement: put one movement marker, face down, on a location."""

    value: int
    location: int
    board: ClassVar[str] = "basic"  # whose names the text uses

    def text(self, words: Words) -> str:
        name = words.location(self.board, self.location)
        return f"place your {self.value} marker on the {name} ({self.location})"


class AdvancedPlaceMarker(PlaceMarker, kind="place"):
    """The same action on the advanced variant's board, named after its locations
    (1 is the player order track there, 10 the construction expo)."""

    board: ClassVar[str] = "advanced"


class Take(Action, kind="take"):
    """Purchases: take up to the marker's value of the store's material."""

    material: str
    count: int  # type: ignore[assignment]  # the JSON field, over tuple.count

    def __str__(self) -> str:
        return f"take {self.count} {self.material}"


class SpendCoin(Action, kind="spend-coin"):
    """At any time in one's move: a coin for one extra material (not a window or door)."""

    material: str

    def __str__(self) -> str:
        return f"spend a coin on 1 {self.material}"


class Prepare(Worded, Action, kind="prepare"):
    """Construction (basic): set aside the materials for one house part (a group). Its
    sentence says what the part needs and scores."""

    part: str

    def text(self, words: Words) -> str:
        name, n = words.part(self.part), words.basic_points.get(self.part, 0)
        sums = f"{words.recipe(self.part)}; scores {n} point{'s' * (n != 1)}"
        return f"prepare the materials for {_article(name)} {name} ({sums})"


class StartBuilding(Action, kind="start-building"):
    """Construction: the groups are ready; roll for them."""

    def __str__(self) -> str:
        return "start building (roll for the prepared groups)"


class Build(Worded, Action, kind="build"):
    """Construction: roll for a prepared group; on success the part goes here."""

    part: str
    column: int
    level: int

    def text(self, words: Words) -> str:
        name = words.part(self.part)
        return f"try to build {_article(name)} {name} {where(self.part, self.column, self.level)}"


class Remove(Worded, Action, kind="remove"):
    """Give up a built part (and whatever stands on it)."""

    part: str
    column: int
    level: int

    def text(self, words: Words) -> str:
        name = words.part(self.part)
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
    count: int  # type: ignore[assignment]  # the JSON field, over tuple.count

    def __str__(self) -> str:
        return f"buy {self.count} {self.material}"


class OfficeChoice(Worded, Action, kind="office"):
    """The office (advanced): a permit, a quality point, or 4 x marker money."""

    benefit: str

    def text(self, words: Words) -> str:
        return {
            "permit": "take a building permit",
            "quality": "gain a quality point",
            "money": f"take money ({words.office_money} x your marker)",
        }.get(self.benefit, f"take the office's {self.benefit}")


class Hire(Worded, Action, kind="hire"):
    """The work notice board (advanced): buy one face-up worker card."""

    card: int

    def text(self, words: Words) -> str:
        return f"hire {words.worker_card(self.card)}"


class StopHiring(Action, kind="stop-hiring"):
    def __str__(self) -> str:
        return "hire no more worker cards"


class ChoosePrivilege(Worded, Action, kind="choose-privilege"):
    """The construction expo: the highest marker chooses one of the current cards."""

    card: int

    def text(self, words: Words) -> str:
        return f"take the privilege card {words.privilege_card(self.card)}"


class OnReceipt(Action, kind="receipt"):
    """A card decided on receipt (Wind Energy Generator): keep it, or cash it in."""

    choice: str  # "keep" or "cash"

    def __str__(self) -> str:
        if self.choice == "cash":
            return "discard the card for money (its value x your expo marker)"
        return "keep the card for the final scoring"


class UsePrivilege(Worded, Action, kind="use-privilege"):
    """Discard a privilege card for its special action."""

    card: int

    def text(self, words: Words) -> str:
        return f"use {words.privilege_card(self.card)}"


class RepayLoan(Worded, Action, kind="repay-loan"):
    def text(self, words: Words) -> str:
        return f"repay a loan ({words.loan} money)"


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


def where(part: str, column: int, level: int) -> str:
    if column == GARAGE:
        return "on the garage"
    if part in ("roof", "ceramic_roof", "chimney"):
        return f"on column {column + 1}"
    floor = "the ground floor" if level == 0 else f"floor {level + 1}"
    return f"on {floor} of column {column + 1}"


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
    row: Sequence[Action]
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
