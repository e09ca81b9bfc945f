"""Welcome To's state as a turn and the round see it: its fields (declared for ``clone``
and typed) and the queries of them both ask. ``Turn`` (turn.py) derives from it, and
``WelcomeToState`` (state.py) from ``Turn``."""

from __future__ import annotations

from collections.abc import Sequence

from housebuilders.core import Fields, GameState
from housebuilders.games.welcome_to.content import DATA, WelcomeToContent
from housebuilders.games.welcome_to.sheet import Estate, Layout, Sheet


class WelcomeToBase(GameState):
    """The fields of a game of Welcome To and the queries every part of the rules asks."""

    DATA = DATA
    FIELDS = Fields(
        share="L cards plans round over",
        lists="flipped public stage choice marking",  # a public sheet is replaced, never changed
        rows="piles discards",
        copies="pending",  # this round's sheets, changed in place
    )
    __slots__ = FIELDS.names

    content: WelcomeToContent
    L: Layout
    cards: Sequence[tuple[int, str]]  # card id -> (number, action)
    piles: list[list[int]]  # per stack, top card last (number side up)
    discards: list[list[int]]  # per stack, the flipped cards, the action in play last
    plans: list[int]  # per deck A, B, C: the plan's index in that deck
    flipped: list[bool]  # per plan: claimed in an earlier round (the lower value now)
    round: int
    public: list[Sheet]  # each sheet as revealed at the end of the last round
    pending: list[Sheet | None]  # this round's sheet, while the player chooses
    stage: list[int]
    choice: list[tuple[int, int, int, int] | None]  # (pair, number, street, house)
    marking: list[tuple[int, tuple[int, ...], tuple[Estate, ...]] | None]
    over: bool

    def _num_players(self) -> int:
        return len(self.public)

    def pairs(self) -> list[tuple[int, str]]:
        """The three (number, action) pairs of this round."""
        cards, (a, b, c), (x, y, z) = self.cards, self.piles, self.discards
        return [
            (cards[a[-1]][0], cards[x[-1]][1]),
            (cards[b[-1]][0], cards[y[-1]][1]),
            (cards[c[-1]][0], cards[z[-1]][1]),
        ]

    def pair(self, index: int) -> tuple[int, str]:
        """This round's pair ``index``: ``pairs()[index]``."""
        return self.cards[self.piles[index][-1]][0], self.cards[self.discards[index][-1]][1]

    def sheet(self, player: int) -> Sheet:
        """The player's sheet as it stands now (with this round's choices)."""
        return self.pending[player] or self.public[player]
