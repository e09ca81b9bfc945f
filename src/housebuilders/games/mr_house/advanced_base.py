"""Mr House's advanced variant as each part of its rules sees it: the variant's fields
(declared for ``clone`` and typed) over the common ones, and what the parts ask of each
other. The advanced rules' classes (advanced_purchases.py, advanced_construction.py,
advanced_scoring.py) derive from it, and ``MrHouseAdvancedState`` (advanced.py) from
them."""

from __future__ import annotations

from abc import abstractmethod

from housebuilders.core import Action, Fields
from housebuilders.games.mr_house.common import MrHouseState
from housebuilders.games.mr_house.content import MrHouseContent
from housebuilders.games.mr_house.house import Garage
from housebuilders.games.mr_house.params import AdvancedParams


class MrHouseAdvancedBase(MrHouseState):
    """The fields of a game of Mr House, advanced variant."""

    FIELDS = Fields(
        share="await_ chooser hired receipt pending",
        lists="money loans quality permit prices track worker_deck board_cards tired "
        "privilege_deck privilege_box expo_current expo_future garage",
        rows="spaces privileges",
    )
    __slots__ = FIELDS.names

    p: AdvancedParams
    content: MrHouseContent
    money: list[int]
    loans: list[int]
    quality: list[int]
    permit: list[bool]
    prices: list[int]  # the price table, by material
    track: list[int]  # the player order track: next turn's order
    worker_deck: list[int]  # face down; the top card is the last
    board_cards: list[tuple[int, int]]  # face up on the work notice board: (card, coins on it)
    spaces: list[list[int]]  # each player board's card spaces, left to right (-1: empty)
    tired: list[int]  # bitmask of tired workers: bit 0 the printed one, bit i space i
    privileges: list[list[int]]  # privilege cards each player holds
    privilege_deck: list[int]  # face down; the top card is the last
    privilege_box: list[int]  # the cards not dealt (hidden from everyone)
    expo_current: list[int]
    expo_future: list[int]
    garage: list[Garage]
    await_: int  # what the acting player is asked
    chooser: int  # who decides now in the purchases
    hired: int  # worker cards the chooser hired at the work notice board
    receipt: int  # the card being decided on receipt (-1: none)
    pending: tuple[int, int, int] | None  # the part waiting for its crew

    def _pay(self, player: int, amount: int) -> None:
        """Pay ``amount``; at 0 or below, take loans (+20 each) until above 0."""
        self.money[player] -= amount
        while self.money[player] <= 0:
            self.money[player] += self.p.loan
            self.loans[player] += 1
            self.log.append(f"player {player} takes a loan")

    def _raise_quality(self, player: int, points: int) -> None:
        p = self.p
        self.quality[player] = max(
            p.quality_start, min(p.quality_max, self.quality[player] + points)
        )

    # -- what the advanced rules' parts ask of each other (defined in advanced.py) --
    @abstractmethod
    def _anytime(self, player: int) -> list[Action]:
        """What a player may do whenever they may act (advanced.py)."""
