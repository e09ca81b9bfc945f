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
#: The same, as a refusal says it: "you are asked to <this>" (the names above are saved).
AWAIT_WORDS = (
    "place one of your movement markers on a location",
    "choose how much to buy at the store",
    "choose the office's benefit",
    "hire a worker card from the work notice board, or hire no more",
    "choose a privilege card at the construction expo",
    "keep the privilege card you received or discard it for money",
    "build or give up a part of your house, or finish building",
    "choose the workers who build the part",
)
