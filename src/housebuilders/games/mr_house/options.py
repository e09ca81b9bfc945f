"""Mr House's game options: readings of the rulebook where it contradicts itself, and
rulings that narrow what its text allows (docs/games/mr-house.md, "Options"). The
default is always the rulebook's text (or, where the text contradicts itself, the
reading the game has always played)."""

from __future__ import annotations

from housebuilders.core import Option

#: ruling 3: where the door may go
DOOR_ANY_FLOOR, DOOR_GROUND_FLOOR = "any-floor", "ground-floor"
DOOR = Option(
    "door",
    DOOR_ANY_FLOOR,
    (DOOR_ANY_FLOOR, DOOR_GROUND_FLOOR),
    "where the house's door may go: any-floor, on any wall without windows (the "
    "rulebook's text); ground-floor, only on a ground-floor wall (a narrower ruling)",
)

#: ruling 10: who gains the advanced office's benefit
OFFICE_FIRST_TWO, OFFICE_HIGHEST_TWO, OFFICE_FIRST_ONE = "first-two", "highest-two", "first-one"
OFFICE = Option(
    "office",
    OFFICE_FIRST_TWO,
    (OFFICE_FIRST_TWO, OFFICE_HIGHEST_TWO, OFFICE_FIRST_ONE),
    "who gains the office's benefit (the rulebook contradicts itself): first-two, the first "
    "two non-zero markers in stack order; highest-two, the two highest, ties by the stack, "
    "as at the expo; first-one, only the first non-zero marker",
)


def office_benefits(reading: str) -> int:
    """How many markers gain the office's benefit in this reading of the rules."""
    return 1 if reading == OFFICE_FIRST_ONE else 2


BASIC_OPTIONS = (DOOR,)
ADVANCED_OPTIONS = (DOOR, OFFICE)
