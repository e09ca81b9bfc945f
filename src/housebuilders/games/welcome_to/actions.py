"""Welcome To actions. A player's choice for a round is a short sequence of these:
a pair (or a refusal), the temporary worker's change, the house, the pair's action,
then any plans claimed.

Streets and houses count from 0 in JSON and from 1 in the text."""

from __future__ import annotations

from housebuilders.core import Action

MAX_STREETS = 3
MAX_HOUSES = 12  # the longest street
PAIRS = 3
PLANS = 3
ESTATE_SIZES = 6
TEMP_CHANGES = (-2, -1, 0, 1, 2)


class Pick(Action, kind="pick"):
    """Choose one of the three number/action pairs."""

    pair: int

    def __str__(self) -> str:
        return f"take pair {self.pair + 1} (the number of stack {self.pair + 1} with its action)"


class Refuse(Action, kind="refuse"):
    """No number can be placed: cross the next refusal box and take no action."""

    def __str__(self) -> str:
        return "refuse: no number fits, cross a refusal box"


class Adjust(Action, kind="adjust"):
    """The temporary worker: change the number by -2 to +2 and cross a worker box."""

    change: int

    def __str__(self) -> str:
        sign = "±" if self.change == 0 else "+" if self.change > 0 else "-"
        return f"use the temporary worker: {sign}{abs(self.change)}"


class Write(Action, kind="write"):
    """Write the number in an empty house."""

    street: int
    house: int

    def __str__(self) -> str:
        return f"write the number in house {self.house + 1} of street {self.street + 1}"


class Fence(Action, kind="fence"):
    """A fence between house ``gap`` and house ``gap + 1`` of a street."""

    street: int
    gap: int

    def __str__(self) -> str:
        return (
            f"build a fence in street {self.street + 1} "
            f"between houses {self.gap + 1} and {self.gap + 2}"
        )


class Improve(Action, kind="improve"):
    """Cross the next value of one estate size."""

    size: int

    def __str__(self) -> str:
        return f"raise the value of estates of size {self.size}"


class Park(Action, kind="park"):
    """Cross the next park box in the street just written."""

    def __str__(self) -> str:
        return "build a park in this street"


class Pool(Action, kind="pool"):
    """Build the printed pool of the house just written."""

    def __str__(self) -> str:
        return "build this house's pool"


class Extend(Action, kind="extend"):
    """Copy the number of the house on ``side`` (-1 left, +1 right) into this empty house."""

    street: int
    house: int
    side: int

    def __str__(self) -> str:
        source = self.house + self.side
        return (
            f"extend: copy house {source + 1}'s number into house {self.house + 1} "
            f"of street {self.street + 1} (bis)"
        )


class Skip(Action, kind="skip"):
    """Do without the optional action (or the temporary worker)."""

    def __str__(self) -> str:
        return "skip the optional action"


class Claim(Action, kind="claim"):
    """Claim a city plan whose estates you have."""

    plan: int

    def __str__(self) -> str:
        return f"claim city plan {self.plan + 1}"


class Mark(Action, kind="mark"):
    """Use the complete estate starting at this house for the plan being claimed."""

    street: int
    start: int

    def __str__(self) -> str:
        return f"use the estate from house {self.start + 1} of street {self.street + 1}"


class Finish(Action, kind="finish"):
    """End your choice for this round."""

    def __str__(self) -> str:
        return "end your turn"


# -- the canonical actions: built once, handed out by legal_actions -------------------
PICK = [Pick(i) for i in range(PAIRS)]
REFUSE = Refuse()
ADJUST = {d: Adjust(d) for d in TEMP_CHANGES}
WRITE = [[Write(s, h) for h in range(MAX_HOUSES)] for s in range(MAX_STREETS)]
FENCE = [[Fence(s, g) for g in range(MAX_HOUSES - 1)] for s in range(MAX_STREETS)]
IMPROVE = [Improve(size) for size in range(ESTATE_SIZES + 1)]  # IMPROVE[size]; 0 unused
PARK = Park()
POOL = Pool()
EXTEND = [[{side: Extend(s, h, side) for side in (-1, 1)} for h in range(MAX_HOUSES)]
          for s in range(MAX_STREETS)]  # fmt: skip
SKIP = Skip()
CLAIM = [Claim(k) for k in range(PLANS)]
MARK = [[Mark(s, h) for h in range(MAX_HOUSES)] for s in range(MAX_STREETS)]
FINISH = Finish()

SPACE: tuple[Action, ...] = (
    *PICK,
    REFUSE,
    *ADJUST.values(),
    *(a for row in WRITE for a in row),
    *(a for row in FENCE for a in row),
    *IMPROVE[1:],
    PARK,
    POOL,
    *(a for row in EXTEND for sides in row for a in sides.values()),
    SKIP,
    *CLAIM,
    *(a for row in MARK for a in row),
    FINISH,
)
