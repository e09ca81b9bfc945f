"""Welcome To component data: the schema of data.toml, loaded into frozen models."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import Field, model_validator

from housebuilders.core import GameData, Schema
from housebuilders.core.content import per_content

DATA_FILE = Path(__file__).with_name("data.toml")
#: the actions on the cards' backs, in the column order of a deck row
ACTIONS = ("fence", "improvement", "park", "pool", "temp", "extension")
#: each action card's name in words
ACTION_NAMES = {
    "fence": "fence",
    "improvement": "improvement",
    "park": "park",
    "pool": "pool",
    "temp": "temporary worker",
    "extension": "extension",
}
ESTATE_SIZES = 6

Ladder = Annotated[list[int], Field(min_length=1)]


class Sheet(Schema):
    streets: list[Annotated[int, Field(ge=1, le=12)]] = Field(min_length=1, max_length=3)
    pools: list[list[Annotated[int, Field(ge=0)]]]
    lowest_number: int = Field(ge=0)
    highest_number: int = Field(ge=1)
    temp_boxes: int = Field(ge=0)

    @model_validator(mode="after")
    def _pools_on_the_streets(self) -> Sheet:
        if len(self.pools) != len(self.streets):
            raise ValueError("pools needs one list per street")
        for street, (size, pools) in enumerate(zip(self.streets, self.pools, strict=True)):
            if any(h >= size for h in pools) or len(set(pools)) != len(pools):
                raise ValueError(f"pools of street {street + 1} must be distinct houses < {size}")
        return self


class Ladders(Schema):
    parks: list[Ladder]
    pools: Ladder
    extension: Ladder
    refusals: Ladder
    estates: list[Ladder] = Field(min_length=ESTATE_SIZES, max_length=ESTATE_SIZES)
    temp_ranking: list[int] = Field(min_length=1)


class Plan(Schema):
    estates: list[Annotated[int, Field(ge=1, le=ESTATE_SIZES)]] = Field(min_length=1)
    first: int = Field(ge=0)
    later: int = Field(ge=0)


class Plans(Schema):
    deck_names: list[str] = Field(min_length=3, max_length=3)
    A: list[Plan] = Field(min_length=1)
    B: list[Plan] = Field(min_length=1)
    C: list[Plan] = Field(min_length=1)

    def deck(self, index: int) -> list[Plan]:
        return [self.A, self.B, self.C][index]


DeckRow = Annotated[list[Annotated[int, Field(ge=0)]], Field(min_length=7, max_length=7)]


class WelcomeToContent(Schema):
    sheet: Sheet
    ladders: Ladders
    decks: dict[str, list[DeckRow]]
    plans: Plans

    @model_validator(mode="after")
    def _consistent(self) -> WelcomeToContent:
        if len(self.ladders.parks) != len(self.sheet.streets):
            raise ValueError("ladders.parks needs one ladder per street")
        for name, rows in self.decks.items():
            cards = sum(sum(row[1:]) for row in rows)
            if cards < 6 or cards % 3:
                raise ValueError(f"deck {name!r} must split into 3 equal stacks of 2+ cards")
            for row in rows:
                if not self.sheet.lowest_number <= row[0] <= self.sheet.highest_number:
                    raise ValueError(f"deck {name!r} has a card numbered {row[0]}")
        return self

    def cards(self, deck: str) -> list[tuple[int, str]]:
        """The deck's cards as (number, action), in the data file's order."""
        return [
            (row[0], action)
            for row in self.decks[deck]
            for action, count in zip(ACTIONS, row[1:], strict=True)
            for _ in range(count)
        ]


@per_content
def deck_cards(content: WelcomeToContent, deck: str) -> tuple[tuple[int, str], ...]:
    """``content.cards(deck)``, made once (a tuple: the games share it)."""
    return tuple(content.cards(deck))


#: the rulebook's components, read from data.toml
DATA = GameData(WelcomeToContent, DATA_FILE)
load_content = DATA.load
