"""What a Dream Home state's fields hold: the marks for no card and no owner,
how a room card lies in a home, the helpers and tools by their place in the
content, the home's floors, the end's steps."""

from __future__ import annotations

from housebuilders.games.dream_home.actions import LadderPlace, LadderPlaceDown, Place, PlaceDown
from housebuilders.games.dream_home.phases import (
    HANDYMAN as HANDYMAN_PHASE,
    ROOFER,
    SUPPLIER as SUPPLIER_PHASE,
    SUPPLIER_AFTER,
)

EMPTY = -1  # an empty space, no card, no owner
NOBODY = -1
LOST = -2  # a decor token's owner once the Supplier or Handyman took its room apart (Q10)
# The helpers by their place in content.helpers.names (their rules are these)
ROOFER_CARD, SUPPLIER, ARCHITECT, DESIGNER, HANDYMAN = range(5)
# The tools by their place in content.tools
MEGAPHONE_TOOL, LADDER_TOOL, CROWBAR_TOOL = range(3)
END_STEPS = ((ROOFER, ROOFER_CARD), (SUPPLIER_PHASE, SUPPLIER), (HANDYMAN_PHASE, HANDYMAN))
#: the helper whose owner acts in each phase of the end
HELPER_OF = {**dict(END_STEPS), SUPPLIER_AFTER: SUPPLIER}
FLOOR_SPACES = ((0, 1, 2, 3, 4), (5, 6, 7, 8, 9), (10, 11))
#: down[p][space]: face up; face down (the card was face up on the board when taken);
#: face down and seen by its owner alone (drawn from the room deck by a Crowbar, DH-63)
FACE_UP, FACE_DOWN, UNSEEN = 0, 1, 2

Run = tuple[int, tuple[int, ...]]  # a room: its type and its spaces, left to right
#: the actions that place the room card held: face up or down, with a Ladder or not
PLACINGS = (Place, PlaceDown, LadderPlace, LadderPlaceDown)
Placing = Place | PlaceDown | LadderPlace | LadderPlaceDown
