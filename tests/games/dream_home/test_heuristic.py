"""Dream Home's heuristic: the seat's points against the best other's."""

from __future__ import annotations

import housebuilders as hb
from tests.games.dream_home.helpers import build, new


def test_the_heuristic_prefers_the_seat_with_more_points() -> None:
    s = new(3)
    build(s, 0, {5: "library"})
    build(s, 1, {5: "bathroom"})
    evaluate = hb.game("dream-home").heuristic
    assert evaluate(s, 0) == 3 - 1 and evaluate(s, 1) == 1 - 3 and evaluate(s, 2) == -3
