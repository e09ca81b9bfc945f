"""Dream Home's actions and its fixed action space."""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from housebuilders.core import Action
from housebuilders.games.dream_home.content import MAX_COLOURS, MAX_KIDS, MAX_TYPES, SPACES

FLOORS = ("top floor", "middle floor", "basement")


def kids_words(kids: int) -> str:
    """"no kids", "1 kid", "2 kids": the kids a room card's artwork shows."""
    return "no kids" if kids == 0 else f"{kids} kid{'s' * (kids != 1)}"


@cache
def space_name(space: int) -> str:
    """A home space in words: "top floor, space 3", "basement, space 1"."""
    floor, first = (0, 0) if space < 5 else (1, 5) if space < 10 else (2, 10)
    return f"{FLOORS[floor]}, space {space - first + 1}"


class Take(Action, kind="take-column"):
    column: int  # 0 is the leftmost column, under the first-player space

    def __str__(self) -> str:
        if self.column == 0:
            return "take the room card of column 1 and the first player marker"
        return f"take the pair of cards in column {self.column + 1}"


class DiscardColumn(Action, kind="discard"):
    column: int

    def __str__(self) -> str:
        return f"discard the pair of cards in column {self.column + 1}"

    def never(self) -> tuple[str, str] | None:
        if self.column == 0:
            return ("the first player discards one column's pair, never column 1's (its "
                    "room card goes with the first player marker)", "Game Play")  # fmt: skip
        return None


class Place(Action, kind="place-room"):
    space: int

    face_up: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"place the room card on {space_name(self.space)}"


class PlaceDown(Action, kind="place-down"):
    space: int

    face_up: ClassVar[bool] = False

    def __str__(self) -> str:
        return f"place the room card face down, as an empty room, on {space_name(self.space)}"


class Decorate(Action, kind="decorate"):
    space: int

    def __str__(self) -> str:
        return f"place the decor token on the room at {space_name(self.space)}"


class DiscardDecor(Action, kind="discard-decor"):
    def __str__(self) -> str:
        return "discard the decor card without placing its token"


class Reclaim(Action, kind="reclaim"):
    colour: int
    window: int  # 1: the card with a window (saved histories hold no booleans)

    def __str__(self) -> str:
        window = " with a window" if self.window else ""
        return f"Roofer: take a discarded roof card of colour {self.colour + 1}{window}"


class Decline(Action, kind="decline"):
    def __str__(self) -> str:
        return "Roofer: take no roof card"


class UseMegaphone(Action, kind="megaphone"):
    def __str__(self) -> str:
        return "Megaphone: take your turn before the first player this round"


class NoMegaphone(Action, kind="no-megaphone"):
    def __str__(self) -> str:
        return "keep the Megaphone for a later round"


class LadderPlace(Action, kind="ladder"):
    space: int

    face_up: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"Ladder: place the room card on {space_name(self.space)}, over an empty space"


class LadderPlaceDown(Action, kind="ladder-down"):
    space: int

    face_up: ClassVar[bool] = False

    def __str__(self) -> str:
        return (
            "Ladder: place the room card face down, as an empty room, on "
            f"{space_name(self.space)}, over an empty space"
        )


class UseCrowbar(Action, kind="crowbar"):
    def __str__(self) -> str:
        return "Crowbar: give up this room card for the top card of the room deck"


class Supply(Action, kind="supply"):
    room: int  # a room type (content.rooms); the discarded card of it with the most kids
    # (the option supplier-most-kids; SupplyCard names the card)
    space: int

    def __str__(self) -> str:
        return (
            f"Supplier: exchange the card at {space_name(self.space)} for a discarded "
            f"room card of type {self.room + 1}"
        )


class SupplyCard(Action, kind="supply-card"):
    room: int  # a room type (content.rooms)
    kids: int  # the kids in its artwork: all that tells the discarded cards of a type apart
    space: int

    def __str__(self) -> str:
        return (
            f"Supplier: exchange the card at {space_name(self.space)} for a discarded "
            f"room card of type {self.room + 1} with {kids_words(self.kids)}"
        )


class NoSupply(Action, kind="no-supply"):
    def __str__(self) -> str:
        return "Supplier: exchange no card"


class Swap(Action, kind="handyman"):
    first: int
    second: int

    def __str__(self) -> str:
        return f"Handyman: swap the cards at {space_name(self.first)} and {space_name(self.second)}"


class NoSwap(Action, kind="no-handyman"):
    def __str__(self) -> str:
        return "Handyman: move no card"


TAKES = tuple(Take(c) for c in range(5))
DISCARDS = tuple(DiscardColumn(c) for c in range(1, 5))
PLACES = {(s, up): (Place if up else PlaceDown)(s) for s in range(SPACES) for up in (True, False)}
PLACE_UP = tuple(PLACES[s, True] for s in range(SPACES))
PLACE_DOWN = tuple(PLACES[s, False] for s in range(SPACES))
DECORATES = tuple(Decorate(s) for s in range(SPACES))
DISCARD_DECOR = DiscardDecor()
RECLAIMS = {(c, w): Reclaim(c, int(w)) for c in range(MAX_COLOURS) for w in (False, True)}
DECLINE = Decline()
USE_MEGAPHONE, NO_MEGAPHONE, USE_CROWBAR = UseMegaphone(), NoMegaphone(), UseCrowbar()
LADDERS = {
    (s, up): (LadderPlace if up else LadderPlaceDown)(s) for s in range(10) for up in (True, False)
}  # the upper floors' spaces
SUPPLIES = {(t, s): Supply(t, s) for t in range(MAX_TYPES) for s in range(SPACES)}
SUPPLY_CARDS = {
    (t, k, s): SupplyCard(t, k, s)
    for t in range(MAX_TYPES) for k in range(MAX_KIDS + 1) for s in range(SPACES)
}  # fmt: skip
SWAPS = {(a, b): Swap(a, b) for a in range(SPACES) for b in range(a + 1, SPACES)}
NO_SUPPLY, NO_SWAP = NoSupply(), NoSwap()

SPACE: tuple[Action, ...] = (
    *TAKES, *DISCARDS, *PLACES.values(), *DECORATES, DISCARD_DECOR, *RECLAIMS.values(), DECLINE,
    USE_MEGAPHONE, NO_MEGAPHONE, *(LADDERS[s, True] for s in range(10)), USE_CROWBAR,
    *SUPPLIES.values(), NO_SUPPLY, *SWAPS.values(), NO_SWAP,
    *(LADDERS[s, False] for s in range(10)),  # later additions last: the indices
    *SUPPLY_CARDS.values(),  # before them stay
)  # fmt: skip
