"""Dream Home's component data: the schema of data.toml and what is derived from it
once per content object (the card tables, the home's layout)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from housebuilders.core import GameData, Schema
from housebuilders.core.content import per_content

MAX_COLOURS = 4  # the action space names roof colours by index (Reclaim)
MAX_TYPES = 16  # and room types by index (Supply)
MAX_KIDS = 3  # and a discarded room card by its type and the kids in its artwork (SupplyCard)
SPACES = 12  # top floor 0-4, middle floor 5-9, basement 10-11
BASEMENT_FIRST = 10
TOP, MIDDLE, BASEMENT = range(3)


class Special(Schema):
    kind: Literal["next-to", "same-floor", "above", "per-type-on-floor"]
    room: str
    points: int
    cap: int = 0


class RoomType(Schema):
    name: str
    class_: Literal["normal", "unique", "basement"] = Field(alias="class")
    copies: int = Field(ge=0)
    max_size: int = Field(ge=1, le=3)
    points: list[int]
    special: Special | None = None
    kids: list[Annotated[int, Field(ge=0, le=MAX_KIDS)]]

    @model_validator(mode="after")
    def _sizes(self) -> RoomType:
        if len(self.points) != self.max_size:
            raise ValueError(f"{self.name}: points needs one value per size 1 to {self.max_size}")
        if len(self.kids) != self.copies:
            raise ValueError(f"{self.name}: kids needs one value per copy ({self.copies})")
        return self


class Decor(Schema):
    name: str
    room: str
    points: int


class Functionality(Schema):
    points: int
    each_upper_floor: str
    all_of: list[str]


class Roof(Schema):
    uniform: int
    mismatched: int
    size: int
    window: int
    colours: list[str] = Field(min_length=1, max_length=MAX_COLOURS)
    copies: int = Field(ge=1)


class Helpers(Schema):
    names: list[str]
    architect_bonus: int
    designer_bonus: int


class Tool(Schema):
    name: str
    copies: int = Field(ge=0)


class DreamHomeContent(Schema):
    rounds: int = Field(ge=1)
    columns: int = Field(ge=2)
    floor_spaces: int
    basement_under: list[int] = Field(min_length=2, max_length=2)
    functionality: Functionality
    roof: Roof
    rooms: list[RoomType] = Field(max_length=MAX_TYPES)
    decor: list[Decor]
    helpers: Helpers
    tools: list[Tool]

    @model_validator(mode="after")
    def _layout(self) -> DreamHomeContent:
        if self.floor_spaces != 5:
            raise ValueError("floor_spaces: the home board has 5 spaces per upper floor")
        low, high = sorted(self.basement_under)
        if not (low >= 1 and high == low + 1 and high <= self.floor_spaces):
            raise ValueError("basement_under: two adjacent columns from 1 to 5")
        names = {room.name for room in self.rooms}
        for decor in self.decor:
            if decor.room and decor.room not in names:
                raise ValueError(f"decor {decor.name!r}: no room type {decor.room!r}")
        wanted = [self.functionality.each_upper_floor, *self.functionality.all_of]
        for special in (room.special for room in self.rooms if room.special):
            wanted += [special.room] if special.room else []
        for name in wanted:
            if name not in names:
                raise ValueError(f"no room type {name!r} (named by a scoring rule)")
        if len(self.helpers.names) != 5 or len(self.tools) != 3:
            raise ValueError("the rules play five helpers and three tools, in data.toml's order")
        rooms = sum(room.copies for room in self.rooms)
        resources = len(self.roof.colours) * self.roof.copies + len(self.decor) + 5
        resources += sum(tool.copies for tool in self.tools)
        if (rooms, resources) != (self.rounds * self.columns, self.rounds * (self.columns - 1)):
            raise ValueError(
                f"{rooms} room cards and {resources} resource cards: the decks must last "
                f"exactly {self.rounds} rounds ({self.rounds * self.columns} and "
                f"{self.rounds * (self.columns - 1)})"
            )
        return self


DATA = GameData(DreamHomeContent, Path(__file__).with_name("data.toml"))


@dataclass(frozen=True)
class RoomCard:
    type: int  # index in content.rooms
    kids: int


@dataclass(frozen=True)
class ResourceCard:
    kind: Literal["roof", "decor", "helper", "tool"]
    index: int  # roof: colour; decor: token; helper, tool: index in their list
    window: bool = False


@dataclass(frozen=True)
class Cards:
    """The physical cards of a content: room cards and resource cards by id."""

    rooms: tuple[RoomCard, ...]
    resources: tuple[ResourceCard, ...]
    type_of: dict[str, int]  # room type name -> index
    room_type: tuple[int, ...]  # each room card's type (``rooms[card].type``)
    basement_type: tuple[bool, ...]  # per room type: a basement room (rule B)
    max_size: tuple[int, ...]  # per room type: the most cards its room may have
    tool_of: tuple[int, ...]  # each resource card's tool (index in content.tools), or -1
    helper_card: tuple[int, ...]  # per helper (index in content.helpers.names): its card


@per_content
def cards(content: DreamHomeContent) -> Cards:
    rooms = tuple(RoomCard(t, kids) for t, room in enumerate(content.rooms) for kids in room.kids)
    roof = content.roof
    resources = [
        ResourceCard("roof", colour, window=copy == 0)
        for colour in range(len(roof.colours))
        for copy in range(roof.copies)
    ]
    resources += [ResourceCard("decor", d) for d in range(len(content.decor))]
    resources += [ResourceCard("helper", h) for h in range(len(content.helpers.names))]
    resources += [
        ResourceCard("tool", t) for t, tool in enumerate(content.tools) for _ in range(tool.copies)
    ]
    type_of = {room.name: t for t, room in enumerate(content.rooms)}
    return Cards(
        rooms,
        tuple(resources),
        type_of,
        room_type=tuple(card.type for card in rooms),
        basement_type=tuple(room.class_ == "basement" for room in content.rooms),
        max_size=tuple(room.max_size for room in content.rooms),
        tool_of=tuple(res.index if res.kind == "tool" else -1 for res in resources),
        helper_card=tuple(
            next(c for c, res in enumerate(resources) if res.kind == "helper" and res.index == h)
            for h in range(len(content.helpers.names))
        ),
    )


@per_content
def shown_cards(content: DreamHomeContent) -> tuple[tuple[dict, ...], tuple[dict, ...]]:
    """How an observation shows each room card and each resource card, by id (made
    once; an observation gives copies)."""
    made = cards(content)
    rooms = []
    for card in made.rooms:
        room = content.rooms[card.type]
        rooms.append({"name": room.name, "class": room.class_, "max_size": room.max_size,
                      "points": room.points})  # fmt: skip
    resources: list[dict] = []
    tools = [t.name for t in content.tools]
    for res in made.resources:
        if res.kind == "roof":
            name = content.roof.colours[res.index] + (" with a window" if res.window else "")
            resources.append({"kind": "roof", "name": name})
        elif res.kind == "decor":
            decor = content.decor[res.index]
            resources.append({"kind": "decor", "name": decor.name, "room": decor.room,
                              "points": decor.points})  # fmt: skip
        else:
            names = content.helpers.names if res.kind == "helper" else tools
            resources.append({"kind": res.kind, "name": names[res.index]})
    return tuple(rooms), tuple(resources)


@per_content
def card_words(content: DreamHomeContent) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """How the public log names each room card ("library"), and each resource card as
    it lies face down and face up: a roof card by its colour only face up (DH-47, Q4),
    another by its name ("the Megaphone tool card")."""
    made = cards(content)
    rooms = tuple(content.rooms[card.type].name for card in made.rooms)
    names = shown_cards(content)[1]
    resources: list[tuple[str, str]] = []
    for card, res in enumerate(made.resources):
        if res.kind == "roof":
            window = " with a window" if res.window else ""
            colour = content.roof.colours[res.index]
            resources.append(("a roof card", f"a {colour} roof card{window}"))
        else:
            words = f"the {names[card]['name']} {res.kind} card"
            resources.append((words, words))
    return rooms, tuple(resources)


def floor_of(space: int) -> int:
    return TOP if space < 5 else MIDDLE if space < 10 else BASEMENT


@per_content
def below(content: DreamHomeContent) -> tuple[int | None, ...]:
    """The space directly below each space; None where it stands on the ground."""
    under: list[int | None] = [None] * SPACES
    for column in range(5):
        under[column] = 5 + column
    for basement, column in enumerate(content.basement_under):
        under[5 + column - 1] = 10 + basement
    return tuple(under)


@per_content
def above(content: DreamHomeContent) -> tuple[int | None, ...]:
    """The space directly above each space, or None."""
    over: list[int | None] = [None] * SPACES
    for space, low in enumerate(below(content)):
        if low is not None:
            over[low] = space
    return tuple(over)


def _neighbours(space: int) -> tuple[int, ...]:
    first = {TOP: 0, MIDDLE: 5, BASEMENT: 10}[floor_of(space)]
    last = first + (1 if first == 10 else 4)
    return tuple(s for s in (space - 1, space + 1) if first <= s <= last)


NEIGHBOURS = tuple(_neighbours(space) for space in range(SPACES))
#: the first and last space of each space's floor
FLOOR_ENDS = tuple((0, 4) if s < 5 else (5, 9) if s < 10 else (10, 11) for s in range(SPACES))


def neighbours(space: int) -> tuple[int, ...]:
    """The spaces side by side with ``space`` on its floor."""
    return NEIGHBOURS[space]
