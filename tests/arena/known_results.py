"""A small results file whose every figure is known, for the report's tests."""

from __future__ import annotations

from housebuilders.arena import Record

GAME = "mr-house-basic"


def _game(index: int, bots: list[str], ranking: list[int], breakdowns: list[dict], actions: int):
    scores = [{"total": sum(b.values()), "breakdown": b} for b in breakdowns]
    return Record(index, GAME, 2, {}, None, 100 + index, bots, scores, ranking, actions, 0.5)


#: Four games of A and B, seats swapped every game: A wins, B wins, a tie, and a game
#: in which A raised.
KNOWN = [
    _game(0, ["A", "B"], [1, 2], [{"walls": 6, "roofs": 4}, {"walls": 5, "roofs": 0}], 100),
    _game(1, ["B", "A"], [1, 2], [{"walls": 4, "roofs": 4}, {"walls": 6, "roofs": 0}], 120),
    _game(2, ["A", "B"], [1, 1], [{"walls": 7, "roofs": 0}, {"walls": 0, "roofs": 7}], 80),
    Record(
        index=3,
        game=GAME,
        players=2,
        options={},
        content=None,
        seed=103,
        bots=["B", "A"],
        scores=None,
        ranking=None,
        actions=10,
        seconds=0.1,
        error={"seat": 1, "bot": "A", "message": "RuntimeError: boom"},
    ),
]
