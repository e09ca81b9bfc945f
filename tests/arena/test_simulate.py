"""Many games: seats rotate between bots, wins are shared on ties, tallies add up."""

from __future__ import annotations

from collections import Counter

import pytest

from housebuilders.agents import AgentError
from housebuilders.arena import lineup, simulate, win_shares


class Ranked:
    """Just enough of a state for win_shares."""

    def __init__(self, ranking: list[int]) -> None:
        self._ranking = ranking

    def ranking(self) -> list[int]:
        return self._ranking


def test_every_bot_plays_every_seat_equally() -> None:
    bots = ["a", "b", "c"]
    for players in (2, 3, 4):
        counts = Counter(
            (seat, bot)
            for index in range(len(bots) * 2)
            for seat, bot in enumerate(lineup(bots, players, index))
        )
        assert set(counts.values()) == {2}
        assert len(counts) == players * len(bots)


def test_a_shared_first_place_shares_the_win() -> None:
    assert win_shares(Ranked([1, 2, 3])) == [1.0, 0.0, 0.0]  # type: ignore[arg-type]
    assert win_shares(Ranked([1, 1, 3])) == [0.5, 0.5, 0.0]  # type: ignore[arg-type]
    assert win_shares(Ranked([1, 1, 1, 1])) == [0.25] * 4  # type: ignore[arg-type]


def test_tallies_add_up() -> None:
    done: list[int] = []
    # "random:" is the random bot under another name, so the two tally apart
    result = simulate("mr-house-basic", 3, 6, ["random", "random:"], seed=3, progress=done.append)
    assert done == list(range(1, 7))
    assert result.games == 6
    assert [t.games for t in result.seats] == [6, 6, 6]
    assert sum(t.wins for t in result.seats) == pytest.approx(6)
    assert sum(t.games for t in result.bots.values()) == 18
    assert sum(t.wins for t in result.bots.values()) == pytest.approx(6)
    assert set(result.bots) == {"random", "random:"}


def test_simulate_is_deterministic() -> None:
    a = simulate("mr-house-basic", 2, 4, ["random"], seed=7)
    b = simulate("mr-house-basic", 2, 4, ["random"], seed=7)
    assert a == b


def test_bad_bots_and_player_counts_fail_before_any_game() -> None:
    with pytest.raises(AgentError, match="unknown bot"):
        simulate("mr-house-basic", 2, 1, ["random", "nope"])
    with pytest.raises(ValueError, match="2 to 4 players"):
        simulate("mr-house-basic", 5, 1, ["random"])
    with pytest.raises(AgentError, match="at least one bot"):
        simulate("mr-house-basic", 2, 1, [])
