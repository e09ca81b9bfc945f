"""House of Fado's phases: what a seat is asked now, and the rulebook section of each.

A turn is one placement (or move) of a worker, then the location's action; the steps
between are asked of whoever decides them (a kicked worker's owner, HF-31)."""

from __future__ import annotations

PLACE = "place"  # the active player places a worker from supply, or moves one (HF-22, HF-25)
ASSISTANT = "assistant"  # 2-player variant: leave an assistant on the vacated space (HF-133)
OWN_ASSISTANT = "own-assistant"  # he kicked his own assistant: remove it or move it (HF-136)
OVERFLOW = "overflow"  # no kick-out space is open: the kicker frees one (HF-138)
KICK = "kick"  # the kicked piece's owner picks an open kick-out space (HF-31)
BONUS = "bonus"  # then may take its bonus (HF-32)
MARKET = "market"  # hire up to one musician of each type beside the space (HF-36)
STREET = "street"  # customers of one group to one empty table, or a critic (HF-52)
REHEARSAL = "rehearsal"  # score a fado tile or gain a note (HF-63)
BILLBOARD = "billboard"  # promote or contract a musician (HF-72)
RAISE = "raise"  # closing, step 2: spend customers on fame (HF-90)
SIX = "six"  # a musician at fame 6 that is not the first of its type: remove or keep (HF-94, Q17)
DISMISS = "dismiss"  # closing, step 4: keep or dismiss each musician (HF-95)
CRITIC = "critic"  # closing, step 5: the group the critic goes back to (HF-96)
OVER = "over"

CLOSE = "Restaurant Board"
SECTIONS = {
    PLACE: "Gameplay",
    ASSISTANT: "Gameplay",
    OWN_ASSISTANT: "Gameplay",
    OVERFLOW: "Gameplay",
    KICK: "Gameplay",
    BONUS: "Kick out spaces",
    MARKET: "Location #1: Musician Market",
    STREET: "Location #2: Street",
    REHEARSAL: "Location #3: Rehearsal Room",
    BILLBOARD: "Location #4: Billboard",
    RAISE: CLOSE,
    SIX: CLOSE,
    DISMISS: CLOSE,
    CRITIC: CLOSE,
    OVER: "End of the Game",
}

#: what the deciding seat is asked to do in each phase, as a refusal says it
ASKED = {
    PLACE: "place a worker from your supply on an action space",
    ASSISTANT: "leave an assistant on the space your worker left, or none",
    OWN_ASSISTANT: "take your kicked assistant off the board or move it to the space your "
    "worker came from",
    OVERFLOW: "return an assistant on a kick-out space of this location to its owner's supply",
    KICK: "put your kicked piece on a free kick-out space",
    BONUS: "take the kick-out space's bonus, or none",
    MARKET: "hire a musician beside your space at the Musician Market, or end the action",
    STREET: "bring customers or a critic from a group beside your space to an empty table, "
    "or end the action",
    REHEARSAL: "score a fado tile of the display or gain a note tile, or end the action",
    BILLBOARD: "promote one of your musicians or contract a musician beside your space, or "
    "end the action",
    RAISE: "spend customers to raise a musician's fame, or end the action",
    SIX: "remove your fame 6 musician from the game for 6 points, or keep it",
    DISMISS: "dismiss a musician for its fame, or end the action",
    CRITIC: "choose the group the critic goes back to",
    OVER: "wait: the game is over",
}
