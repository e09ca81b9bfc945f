"""Mr House's phases and, in the advanced variant, what the acting player is asked:
the names the state, its saved form, its checks and its refusals share."""

from __future__ import annotations

MOVEMENT, PURCHASES, PREPARING, ROLLING, OVER = range(5)
BUILDING = ROLLING  # the advanced variant's construction has no separate rolls

BASIC_PHASE_NAMES = (
    "movement",
    "purchases",
    "construction: preparing",
    "construction: rolling",
    "over",
)
ADVANCED_PHASE_NAMES = ("movement", "purchases", "(unused)", "construction", "over")
#: the rulebook section of each phase
PHASE_SECTIONS = (
    "Movement Around the City",
    "Purchases",
    "Construction",
    "Construction",
    "Game End",
)

#: What the acting player is asked (advanced variant), beyond the movement.
AWAIT_NAMES = ("move", "buy", "office", "hire", "expo", "receipt", "build", "crew")
MOVE, BUY_AT_STORE, OFFICE_CHOICE, HIRING, EXPO_CHOICE, RECEIPT, BUILDING_PART, CREW_CHOICE = range(
    8
)
