"""Mr House component data: the schema of data.toml, loaded into frozen models."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, model_validator

from housebuilders.core import GameData, Schema

DATA_FILE = Path(__file__).with_name("data.toml")
PART_IDS = ("wood_wall", "brick_wall", "roof", "chimney", "window", "door", "ceramic_roof")
BASIC_PART_IDS = PART_IDS[:6]


class Part(Schema):
    name: str
    materials: dict[str, int]


class Location(Schema):
    number: int = Field(ge=1)
    name: str
    kind: Literal[
        "bank", "office", "work_notice_board", "store", "player_order", "construction_expo"
    ]
    adjacent: list[int]
    material: str | None = None
    worker_spaces: int = Field(default=0, ge=0)


class Basic(Schema):
    start_materials: dict[str, int]
    worker_deck: int = Field(ge=0)
    player_board_worker_spaces: int = Field(ge=0)
    complete_house_points: int
    coin_bonus: list[int] = Field(min_length=2, max_length=2)
    points: dict[str, int]
    locations: list[Location]
    stock: dict[str, Annotated[list[int], Field(min_length=3, max_length=3)]]

    @model_validator(mode="after")
    def _board_is_consistent(self) -> Basic:
        check_board(self.locations, ("bank", "office", "work_notice_board"), "basic")
        if set(self.points) != set(BASIC_PART_IDS):
            raise ValueError(f"points must name exactly the parts {list(BASIC_PART_IDS)}")
        return self


def check_board(locations: list[Location], specials: tuple[str, ...], variant: str) -> None:
    """Locations numbered 1..n, symmetric adjacency, stores with a material, and
    exactly one of each special location."""
    numbers = [loc.number for loc in locations]
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        raise ValueError(f"locations must be numbered 1..{len(numbers)}, got {numbers}")
    by_number = {loc.number: loc for loc in locations}
    for loc in locations:
        for other in loc.adjacent:
            if other not in by_number or loc.number not in by_number[other].adjacent:
                raise ValueError(
                    f"adjacency must be symmetric: {loc.number} lists {other}, "
                    f"which does not list {loc.number} back"
                )
        if loc.kind == "store" and loc.material is None:
            raise ValueError(f"store {loc.number} ({loc.name}) needs a material")
    kinds: list[str] = [loc.kind for loc in locations]
    for kind in specials:
        if kinds.count(kind) != 1:
            raise ValueError(f"the {variant} board needs exactly one {kind}")
    if any(kind not in (*specials, "store") for kind in kinds):
        raise ValueError(f"the {variant} board has only stores and {', '.join(specials)}")


class Price(Schema):
    start: int
    min: int
    max: int

    @model_validator(mode="after")
    def _start_within(self) -> Price:
        if not self.min <= self.start <= self.max:
            raise ValueError(f"a price needs min <= start <= max, got {self}")
        return self


class WorkerCard(Schema):
    workers: int = Field(ge=1)
    stars: int
    price: int = Field(ge=1)
    copies: int = Field(ge=1)


class PrivilegeCard(Schema):
    name: str
    colour: str
    effect: Literal["gain", "buy", "buy_worker", "on_receipt"]
    materials: dict[str, int] = {}
    quality: int = 0
    money: int = 0
    permit: bool = False
    price: int = Field(default=0, ge=0)
    money_per_marker: int = Field(default=0, ge=0)

    def does(self) -> str:
        """What the card does, in the rulebook's words ("Description of Privilege
        Cards"), and the other way to use it."""
        things = [f"{n} {material}" for material, n in self.materials.items()]
        if self.effect == "on_receipt":
            return (
                "When you receive it, keep it for the final scoring or discard it for "
                f"{self.money_per_marker} × your marker's value in money."
            )
        if self.effect == "buy_worker":
            does = f"buy the first worker card of the face-down deck for {self.price} money"
        elif self.effect == "buy":
            does = f"buy {', '.join(things)} for {self.price} money"
        else:
            things += [f"{self.money} money"] * bool(self.money)
            things += ["a building permit"] * self.permit
            gains = f"receive {', '.join(things)} for free" if things else ""
            quality = f"increase your house quality by {self.quality}" if self.quality else ""
            does = " and ".join(filter(None, (gains, quality)))
        return (
            f"Discard at any time to {does}; or keep it: the most {self.colour} cards score "
            "1 point at the end."
        )


PerPlayerCount = Annotated[list[int], Field(min_length=3, max_length=3)]


class Advanced(Schema):
    start_materials: dict[str, int]
    start_money: list[int] = Field(min_length=4, max_length=4)
    quality_start: int
    quality_max: int
    player_board_worker_spaces: int = Field(ge=1)
    board_worker_cards_extra: int = Field(ge=0)
    loan: int = Field(ge=1)
    loan_points: list[int] = Field(min_length=1)
    office_money_per_marker: int = Field(ge=0)
    privilege_cards_dealt: int = Field(ge=0)
    expo_cards: int = Field(ge=1)
    garage_complete_points: int
    garage_wall_points: int
    points: dict[str, int]
    crew: dict[str, Annotated[int, Field(ge=0)]]
    prices: dict[str, Price]
    stock: dict[str, PerPlayerCount]
    up_threshold: dict[str, PerPlayerCount]
    locations: list[Location]
    worker_cards: list[WorkerCard]
    privilege_cards: list[PrivilegeCard]

    @model_validator(mode="after")
    def _consistent(self) -> Advanced:
        specials = ("player_order", "office", "work_notice_board", "construction_expo")
        check_board(self.locations, specials, "advanced")
        for table in ("points", "crew"):
            if set(getattr(self, table)) != set(PART_IDS):
                raise ValueError(f"{table} must name exactly the parts {list(PART_IDS)}")
        if self.privilege_cards_dealt > len(self.privilege_cards):
            raise ValueError("more privilege cards dealt than there are")
        if self.quality_start > self.quality_max:
            raise ValueError("quality_start is above quality_max")
        return self


class MrHouseContent(Schema):
    materials: list[str]
    marker_values: list[int]
    turns: int = Field(ge=1)
    die_sides: int = Field(ge=1)
    parts: dict[str, Part]
    basic: Basic
    advanced: Advanced

    @model_validator(mode="after")
    def _names_are_known(self) -> MrHouseContent:
        mats = set(self.materials)
        if set(self.parts) != set(PART_IDS):
            raise ValueError(f"parts must be exactly {list(PART_IDS)}")
        for pid, part in self.parts.items():
            unknown = set(part.materials) - mats
            if unknown:
                raise ValueError(f"part {pid} uses unknown materials {sorted(unknown)}")
        unknown = set(self.basic.start_materials) - mats
        for loc in self.basic.locations:
            if loc.material is not None and loc.material not in mats:
                unknown.add(loc.material)
        if set(self.basic.stock) - mats:
            unknown |= set(self.basic.stock) - mats
        a = self.advanced
        unknown |= set(a.start_materials) - mats
        for table in (a.prices, a.stock, a.up_threshold):
            if set(table) != mats:
                raise ValueError("prices, stock and up_threshold must list every material")
        for loc in a.locations:
            if loc.material is not None and loc.material not in mats:
                unknown.add(loc.material)
        for card in a.privilege_cards:
            unknown |= set(card.materials) - mats
        if unknown:
            raise ValueError(f"unknown materials {sorted(unknown)} (known: {self.materials})")
        return self


#: the rulebook's components, read from data.toml
DATA = GameData(MrHouseContent, DATA_FILE)
load_content = DATA.load
