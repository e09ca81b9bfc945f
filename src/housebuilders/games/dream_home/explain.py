"""Why Dream Home refuses an action, in the rulebook's words where a rule deserves them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from housebuilders.core import Action
from housebuilders.games.dream_home.actions import SPACE, Decorate, Place, PlaceDown, Take
from housebuilders.games.dream_home.phases import DECOR, PLACE, SECTIONS, TAKE

if TYPE_CHECKING:
    from housebuilders.games.dream_home.state import DreamHomeState

PLACING = "Placing Room Cards"
RULES = {
    "rule A": "a room card cannot have an empty space directly below it (rule A)",
    "rule B": "basement cards must be placed on one of the two basement spaces; normal and "
    "unique room cards on the top two floors (rule B)",
    "rule C": "when expanding a room, you cannot exceed the maximum size specified on the "
    "room card (rule C)",
    "finished": "you cannot place a room card beside a finished room of the same type; "
    "place it face down as an empty room",
}


def illegal(state: DreamHomeState, player: int, action: Action) -> tuple[str, str] | None:
    """The rule a placement, a take or a decor token breaks (DH-88); None for the kit's
    (an action of the game that no state offers, such as a space 99, included)."""
    if action not in SPACE:
        return f"'{action}' is not a move of this board", SECTIONS[state.phase]
    if isinstance(action, (Place, PlaceDown)) and state.phase == PLACE:
        if state.homes[player][action.space] != -1:
            return "that space already holds a room card", PLACING
        if not state.supported(player, action.space):
            return RULES["rule A"], PLACING
        problem = action.face_up and state.face_up_problem(player, state.holding, action.space)
        if problem:
            return RULES[problem], PLACING
    if isinstance(action, Take) and state.phase == TAKE:
        return f"column {action.column + 1} has been taken or discarded this round", "Game Play"
    if isinstance(action, Decorate) and state.phase == DECOR:
        return (
            "the token must go on a room that does not already have a decor token and "
            "matches the room type indicated on the decor card",
            "Decor Cards",
        )
    return None
