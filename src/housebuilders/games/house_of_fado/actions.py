"""House of Fado's actions and its fixed action space.

The board's spaces by id: the 8 action spaces (0-1 Musician Market, 2-3 Street,
4 Rehearsal Room, 5-6 Billboard, 7 the player's own restaurant), then the 12 kick-out
spaces, 3 per board location (8 + 3 * location + slot)."""

from __future__ import annotations

from itertools import product

from housebuilders.core import Action
from housebuilders.games.house_of_fado.content import (
    COLOURS,
    GROUPS,
    KICKOUTS,
    MAX_NOTES,
    MAX_SPEND,
    MAX_TILES,
    TABLES,
    TYPES,
)

LOCATIONS = ("Musician Market", "Street", "Rehearsal Room", "Billboard", "your restaurant")
MARKET, STREET, REHEARSAL, BILLBOARD, RESTAURANT = range(5)
LOCATION_OF = (MARKET, MARKET, STREET, STREET, REHEARSAL, BILLBOARD, BILLBOARD, RESTAURANT)
ACTION_SPACES = len(LOCATION_OF)
RESTAURANT_SPACE = ACTION_SPACES - 1
BOARD_LOCATIONS = 4  # those with kick-out spaces
SPACES = ACTION_SPACES + BOARD_LOCATIONS * KICKOUTS
FROM_SUPPLY = SPACES  # LeaveAssistant: the assistant comes from its owner's supply
GROUP_NAMES = ("left", "middle", "right")
COLOUR_NAMES = ("gray", "black", "brown")  # the rulebook's; content.customers may rename them
DISPLAY = 4  # fado tiles face up (HF-7)
MAX_SEATED = 4  # the most customers one Street action brings in (HF-53)
MAX_EXTRA = 2  # Vital's extra customers (HF-50)


def kickout(location: int, slot: int) -> int:
    """The space id of a board location's kick-out space."""
    return ACTION_SPACES + KICKOUTS * location + slot


def location_of(space: int) -> int:
    """The location a space (action or kick-out) belongs to."""
    if space < ACTION_SPACES:
        return LOCATION_OF[space]
    return (space - ACTION_SPACES) // KICKOUTS


def space_name(space: int) -> str:
    """A space in words: "the Street, action space 2", "the Billboard, kick-out space 1"
    (a move's words: the mover's own restaurant is "the restaurant")."""
    location = location_of(space)
    if space == RESTAURANT_SPACE:
        return "the restaurant"  # the mover's own: a move's text reads well in a replay too
    if space < ACTION_SPACES:
        first = LOCATION_OF.index(location)
        many = LOCATION_OF.count(location) > 1
        return f"the {LOCATIONS[location]}" + (
            f", action space {space - first + 1}" if many else ""
        )
    slot = (space - ACTION_SPACES) % KICKOUTS
    return f"the {LOCATIONS[location]}, kick-out space {slot + 1}"


def customers(
    gray: int, black: int, brown: int, extra: int = 0, names: tuple[str, ...] = COLOUR_NAMES
) -> str:
    """Customers counted by colour in words: "2 gray and 1 brown customers" (``names``:
    the colours' names, the rulebook's by default)."""
    counts = zip((gray, black, brown), names, strict=True)
    parts = [f"{n} {colour}" for n, colour in counts if n]
    parts += [f"{extra} of Vital's extra"] if extra else []
    text = " and ".join(", ".join(parts).rsplit(", ", 1))
    return f"{text} customer" + ("" if gray + black + brown + extra == 1 else "s")


# -- the turn: placing and moving (HF-22 to HF-29) -----------------------------------


class Place(Action, kind="place-worker"):
    space: int  # an action space

    def __str__(self) -> str:
        return f"place a worker on {space_name(self.space)}"


class Move(Action, kind="move"):
    origin: int  # any space holding one of the player's workers
    space: int  # an action space of another location

    def __str__(self) -> str:
        return f"move a worker from {space_name(self.origin)} to {space_name(self.space)}"

    def never(self) -> tuple[str, str] | None:
        known = 0 <= self.origin < SPACES and 0 <= self.space < ACTION_SPACES
        if not known or location_of(self.origin) != LOCATION_OF[self.space]:
            return None
        left = LOCATIONS[location_of(self.origin)]
        return f"a worker moves to another location, never back to the one it leaves ({left})", (
            "Gameplay"
        )


class LeaveAssistant(Action, kind="leave-assistant"):
    source: int  # a space, or FROM_SUPPLY

    def __str__(self) -> str:
        where = "the supply" if self.source == FROM_SUPPLY else space_name(self.source)
        return f"leave an assistant from {where} on the vacated space"


class NoAssistant(Action, kind="no-assistant"):
    def __str__(self) -> str:
        return "leave no assistant"


class RemoveOwnAssistant(Action, kind="remove-assistant"):
    def __str__(self) -> str:
        return "take the kicked assistant off the board"


class ReturnOwnAssistant(Action, kind="return-assistant"):
    def __str__(self) -> str:
        return "move the kicked assistant to the space the worker came from"


class FreeKickout(Action, kind="free-kickout"):
    space: int  # a kick-out space holding an assistant

    def __str__(self) -> str:
        return f"return the assistant on {space_name(self.space)} to its owner's supply"


# -- kick-outs (HF-30 to HF-35) ------------------------------------------------------


class KickTo(Action, kind="kick-to"):
    space: int  # a kick-out space

    def __str__(self) -> str:
        return f"put the kicked piece on {space_name(self.space)}"


class BonusMoney(Action, kind="bonus-money"):
    def __str__(self) -> str:
        return "take the kick-out space's money"


class BonusCustomer(Action, kind="bonus-customer"):
    group: int
    colour: int

    def __str__(self) -> str:
        colour = COLOUR_NAMES[self.colour]
        return f"take a {colour} customer from the {GROUP_NAMES[self.group]} group to the bar"


class BonusNote(Action, kind="bonus-note"):
    note: int

    def __str__(self) -> str:
        return f"take a note tile ({self.note + 1}) from the board"


class BonusFame(Action, kind="bonus-fame"):
    type: int

    def __str__(self) -> str:
        return f"pay the next fame level to raise the musician of type {self.type + 1}"


class NoBonus(Action, kind="no-bonus"):
    def __str__(self) -> str:
        return "take no bonus"


# -- the locations (HF-36 to HF-86) --------------------------------------------------


class Hire(Action, kind="hire-musician"):
    tile: int  # a musician tile: content.musicians, then content.promos

    def __str__(self) -> str:
        return f"hire musician tile {self.tile + 1}"


class Seat(Action, kind="seat"):
    group: int
    table: int
    gray: int
    black: int
    brown: int

    def __str__(self) -> str:
        who = customers(self.gray, self.black, self.brown)
        seats = (2, 3, 4)[self.table]
        return f"bring {who} of the {GROUP_NAMES[self.group]} group to the {seats}-seat table"


class BringCritic(Action, kind="critic"):
    group: int
    table: int

    def __str__(self) -> str:
        seats = (2, 3, 4)[self.table]
        return f"bring the critic of the {GROUP_NAMES[self.group]} group to the {seats}-seat table"


class ScoreFado(Action, kind="score-fado"):
    slot: int  # a display slot, 0-3 (never the stack's top, HF-65)

    def __str__(self) -> str:
        return f"score the fado tile in display slot {self.slot + 1}"


class GainNote(Action, kind="gain-note"):
    note: int

    def __str__(self) -> str:
        return f"gain a note tile ({self.note + 1})"


class Promote(Action, kind="promote"):
    type: int

    def __str__(self) -> str:
        return f"promote the musician of type {self.type + 1} to the billboard"


class Contract(Action, kind="contract"):
    tile: int

    def __str__(self) -> str:
        return f"contract musician tile {self.tile + 1}"


class Done(Action, kind="done"):
    def __str__(self) -> str:
        return "end the action"


# -- closing the restaurant (HF-87 to HF-97) -----------------------------------------


class Raise(Action, kind="raise"):
    type: int
    gray: int
    black: int
    brown: int
    extra: int  # Vital's customers of any colour (HF-50)

    def __str__(self) -> str:
        who = customers(self.gray, self.black, self.brown, self.extra)
        return f"spend {who} to raise the musician of type {self.type + 1} by one fame"


class RemoveSix(Action, kind="remove-six"):
    type: int

    def __str__(self) -> str:
        return f"remove the fame 6 musician of type {self.type + 1} from the game for 6 points"


class KeepSix(Action, kind="keep-six"):
    type: int

    def __str__(self) -> str:
        return f"leave the fame 6 musician of type {self.type + 1} in the restaurant"


class Dismiss(Action, kind="dismiss"):
    type: int

    def __str__(self) -> str:
        return f"dismiss the musician of type {self.type + 1} and score its fame"


class CriticTo(Action, kind="critic-to"):
    group: int

    def __str__(self) -> str:
        return f"return the critic to the {GROUP_NAMES[self.group]} group"


def _counts(total: int, low: int, high: int) -> list[tuple[int, ...]]:
    """Every way of counting ``total`` colours whose sum is from low to high."""
    return [c for c in product(range(high + 1), repeat=total) if low <= sum(c) <= high]


PLACES = tuple(Place(s) for s in range(ACTION_SPACES))
MOVES = {(o, s): Move(o, s) for o in range(SPACES) for s in range(ACTION_SPACES)
         if location_of(o) != LOCATION_OF[s]}  # fmt: skip
# an assistant comes from the supply or any board space (HF-134); from the leaver's
# own restaurant too (ruling 26), an action added later: at the end of the space
LEAVES = tuple(LeaveAssistant(s) for s in range(SPACES + 1) if s != RESTAURANT_SPACE)
LEAVE_RESTAURANT = LeaveAssistant(RESTAURANT_SPACE)
NO_ASSISTANT, REMOVE_OWN, RETURN_OWN = NoAssistant(), RemoveOwnAssistant(), ReturnOwnAssistant()
FREES = tuple(FreeKickout(s) for s in range(ACTION_SPACES, SPACES))
KICKS = tuple(KickTo(s) for s in range(ACTION_SPACES, SPACES))
BONUS_MONEY, NO_BONUS = BonusMoney(), NoBonus()
BONUS_CUSTOMERS = {(g, c): BonusCustomer(g, c) for g in range(GROUPS) for c in range(COLOURS)}
BONUS_NOTES = tuple(BonusNote(n) for n in range(MAX_NOTES))
BONUS_FAME = tuple(BonusFame(t) for t in range(TYPES))
HIRES = tuple(Hire(t) for t in range(MAX_TILES))
SEATS = {(g, t, *c): Seat(g, t, *c) for g in range(GROUPS) for t in range(TABLES)
         for c in _counts(COLOURS, 1, MAX_SEATED)}  # fmt: skip
CRITICS = {(g, t): BringCritic(g, t) for g in range(GROUPS) for t in range(TABLES)}
SCORES = tuple(ScoreFado(s) for s in range(DISPLAY))
GAINS = tuple(GainNote(n) for n in range(MAX_NOTES))
PROMOTES = tuple(Promote(t) for t in range(TYPES))
CONTRACTS = tuple(Contract(t) for t in range(MAX_TILES))
DONE = Done()
RAISES = {(t, *c): Raise(t, *c) for t in range(TYPES)
          for c in _counts(COLOURS + 1, 1, MAX_SPEND) if c[-1] <= MAX_EXTRA}  # fmt: skip
REMOVE_SIX = tuple(RemoveSix(t) for t in range(TYPES))
KEEP_SIX = tuple(KeepSix(t) for t in range(TYPES))
DISMISSES = tuple(Dismiss(t) for t in range(TYPES))
CRITIC_TO = tuple(CriticTo(g) for g in range(GROUPS))

SPACE: tuple[Action, ...] = (
    *PLACES, *MOVES.values(), *LEAVES, NO_ASSISTANT, REMOVE_OWN, RETURN_OWN, *FREES,
    *KICKS, BONUS_MONEY, *BONUS_CUSTOMERS.values(), *BONUS_NOTES, *BONUS_FAME, NO_BONUS,
    *HIRES, *SEATS.values(), *CRITICS.values(), *SCORES, *GAINS, *PROMOTES, *CONTRACTS, DONE,
    *RAISES.values(), *REMOVE_SIX, *KEEP_SIX, *DISMISSES, *CRITIC_TO,
    # added since: new actions go last, so that the indices above never move (the RL
    # adapters' action ids, recorded games)
    LEAVE_RESTAURANT,
)  # fmt: skip
