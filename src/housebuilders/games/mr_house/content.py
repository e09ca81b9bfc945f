"""Mr House component data: the schema of data.toml, loaded into frozen models."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from ...core.content import Schema, merge, read_toml, validate

DATA_FILE = Path(__file__).with_name("data.toml")
PART_IDS = ("wood_wall", "brick_wall", "roof", "chimney", "window", "door")


class Part(Schema):
    name: str
    materials: dict[str, int]


class Location(Schema):
    number: int = Field(ge=1)
    name: str
    kind: Literal["bank", "office", "work_notice_board", "store"]
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
        numbers = [loc.number for loc in self.locations]
        if sorted(numbers) != list(range(1, len(numbers) + 1)):
            raise ValueError(f"locations must be numbered 1..{len(numbers)}, got {numbers}")
        by_number = {loc.number: loc for loc in self.locations}
        for loc in self.locations:
            for other in loc.adjacent:
                if other not in by_number or loc.number not in by_number[other].adjacent:
                    raise ValueError(
                        f"adjacency must be symmetric: {loc.number} lists {other}, "
                        f"which does not list {loc.number} back"
                    )
            if loc.kind == "store" and loc.material is None:
                raise ValueError(f"store {loc.number} ({loc.name}) needs a material")
        if set(self.points) != set(PART_IDS):
            raise ValueError(f"points must name exactly the parts {list(PART_IDS)}")
        kinds = [loc.kind for loc in self.locations]
        for kind in ("bank", "office", "work_notice_board"):
            if kinds.count(kind) != 1:
                raise ValueError(f"the basic board needs exactly one {kind}")
        return self


class MrHouseContent(Schema):
    materials: list[str]
    marker_values: list[int]
    turns: int = Field(ge=1)
    die_sides: int = Field(ge=1)
    parts: dict[str, Part]
    basic: Basic

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
        if unknown:
            raise ValueError(f"unknown materials {sorted(unknown)} (known: {self.materials})")
        return self


@cache
def _file_data() -> dict[str, Any]:
    return read_toml(DATA_FILE)


@cache
def _default_content() -> MrHouseContent:
    return validate(MrHouseContent, _file_data(), str(DATA_FILE))


def load_content(override: Mapping[str, Any] | None = None) -> MrHouseContent:
    """The rulebook's content, with ``override`` (same shape as data.toml) merged over it."""
    if not override:
        return _default_content()
    return validate(
        MrHouseContent, merge(_file_data(), override), f"{DATA_FILE} with content override"
    )
