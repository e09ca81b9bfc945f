"""GameData, the one content loader: a game's data file read with its schema, an
override merged over it, and the values marked ``# proposed`` listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from housebuilders.core.content import GameData, Schema, per_content, remembered
from housebuilders.core.errors import ContentError

DATA = """\
# A toy game's components. Values marked `# proposed` are guesses.
turns = 6
[deck]
cards = [
    [1, 2],  # proposed
    [3, 4],
]
size = 4  # proposed

[[board.spaces]]
name = "bank"
cost = 2  # proposed

[[board.spaces]]
name = "store"
cost = 1
"""


class Space(Schema):
    name: str
    cost: int


class Board(Schema):
    spaces: list[Space]


class Deck(Schema):
    cards: list[list[int]]
    size: int


class Toy(Schema):
    turns: int
    deck: Deck
    board: Board


@pytest.fixture
def data(tmp_path: Path) -> GameData[Toy]:
    path = tmp_path / "data.toml"
    path.write_text(DATA)
    return GameData(Toy, path)


def test_the_file_loads_once_as_its_schema(data: GameData[Toy]) -> None:
    content = data.load()
    assert content.turns == 6 and content.board.spaces[1].name == "store"
    assert data.load() is content and data.load({}) is content


def test_an_override_is_merged_over_the_file(data: GameData[Toy]) -> None:
    content = data.load({"deck": {"size": 5}})
    assert content.deck.size == 5 and content.deck.cards == [[1, 2], [3, 4]]
    assert data.load().deck.size == 4


def test_an_override_that_does_not_fit_names_the_field(data: GameData[Toy]) -> None:
    with pytest.raises(ContentError, match=r"with content override: .*\n  deck.size: .*'five'"):
        data.load({"deck": {"size": "five"}})


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no such file"):
        GameData(Toy, tmp_path / "nowhere.toml").load()


def test_proposed_values_are_listed_by_their_dotted_path(data: GameData[Toy]) -> None:
    assert data.proposed() == ["board.spaces[*].cost", "deck.cards", "deck.size"]


def test_what_is_derived_from_content_is_made_once_per_content_object() -> None:
    class Box(Schema):
        size: int

    made: list[tuple[int, int]] = []

    @per_content
    def table(content: Box, players: int) -> tuple[int, int]:
        made.append((content.size, players))
        return (content.size, players)

    box, other = Box(size=3), Box(size=3)  # equal, but another object (an override)
    assert table(box, 2) == table(box, 2) == (3, 2)
    assert table(other, 2) == (3, 2) and table(box, 4) == (3, 4)
    assert made == [(3, 2), (3, 2), (3, 4)]


def test_what_is_derived_from_content_alone_follows_the_content_asked_for() -> None:
    class Box(Schema):
        size: int

    made: list[int] = []

    @per_content
    def table(content: Box) -> int:
        made.append(content.size)
        return content.size * 10

    small, large = Box(size=1), Box(size=2)
    # the last content's answer is kept apart from the others; switching between two
    # contents gives each its own, made once
    assert [table(small), table(large), table(small), table(large)] == [10, 20, 10, 20]
    assert made == [1, 2]


def test_a_remembered_answer_is_made_once_and_the_memory_emptied_when_full() -> None:
    memory: dict[int, str] = {}
    made: list[int] = []

    def answer(key: int) -> str:
        def make() -> str:
            made.append(key)
            return f"answer {key}"

        return remembered(memory, key, 2, make)

    assert answer(1) == answer(1) == "answer 1" and made == [1]
    assert answer(2) == "answer 2" and memory == {1: "answer 1", 2: "answer 2"}
    assert answer(3) == "answer 3" and memory == {3: "answer 3"}  # full: emptied first
    assert answer(1) == "answer 1" and made == [1, 2, 3, 1]
