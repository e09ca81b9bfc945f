"""The rulebooks' tie-breaks (``State.tie_breaks``) and the final table's words for
them (``core.ties.tie_notes``): a tied final state of every game says what ranked the
tied players, and the tie-breaks are the ones ``ranking()`` applies."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.core import TieBreak
from housebuilders.core.ties import tie_notes

#: each game, a seed from which random play soon ties two players' totals, and the
#: words of the tie-break the tie shows (Master Builder has none: ties share)
TIED = {
    "mr-house-basic": (0, "the fewest building materials left"),
    "mr-house-advanced": (2, "more money"),
    "welcome-to": (38, "more complete estates"),
    "dream-home": (15, "the most kids in the rooms' artwork"),
    "house-of-fado": (89, "the most stars"),
}


def random_end(game_id: str, seed: int, players: int = 2) -> hb.State:
    state = hb.new_game(game_id, players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.acting_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return state


def tied_seed(game_id: str, start: int) -> int:
    """The first seed from ``start`` on whose random game of two ends in a tie."""
    for seed in range(start, start + 200):
        first, second = (s["total"] for s in random_end(game_id, seed).scores())
        if first == second:
            return seed
    raise AssertionError(f"no tie in 200 random games of {game_id} from seed {start}")


def tied_end(game_id: str, start: int) -> hb.State:
    """The end of the first random game from seed ``start`` on whose two totals tie."""
    return random_end(game_id, tied_seed(game_id, start))


@pytest.mark.parametrize("game_id", list(TIED))
def test_a_tied_final_table_says_which_tie_break_ranked_the_players(game_id: str) -> None:
    seed, words = TIED[game_id]
    state = tied_end(game_id, seed)
    total = state.scores()[0]["total"]
    ranking = state.ranking()
    [note] = tie_notes(state)
    assert note.startswith(f"player 0 and player 1 tie on {total} point")
    if ranking[0] == ranking[1]:
        assert note.endswith(f"and on every tie-break: they share rank {ranking[0]}")
    else:
        ahead = ranking.index(1)
        assert f": {words} ranks player {ahead} ahead (player 0: " in note


def test_a_tie_in_master_builder_shares_the_rank() -> None:
    """Master Builder has no tie-break ("the player with the most money ... wins"): the
    same money at the end shares the place. Its totals are money, written as money
    (issue 46: thousands of dollars, "-$51,000", not "-51 points")."""
    state = random_end("master-builder", 1)
    first, second = (s["total"] for s in state.scores())
    state.cash[1] += first - second  # type: ignore[attr-defined]
    assert state.ranking() == [1, 1]
    money = "-" * (first < 0) + f"${abs(first) * 1000:,}"
    assert tie_notes(state) == [f"player 0 and player 1 tie on {money}: they share rank 1"]


def test_no_tie_no_note() -> None:
    state = random_end("mr-house-basic", 1)
    assert len({s["total"] for s in state.scores()}) == 2 and tie_notes(state) == []


def test_tie_breaks_that_leave_some_tied_go_on_with_those() -> None:
    """Three tied on points: the bigger house ranks one ahead, the other two are ranked
    by the next tie-break, or share."""
    state = random_end("mr-house-basic", 0, players=4)

    class Three(type(state)):  # type: ignore[misc]
        __slots__ = ()

        def scores(self) -> list[hb.Json]:
            return [{"total": 5, "breakdown": {}}] * 3 + [{"total": 9, "breakdown": {}}]

        def tie_breaks(self) -> list[TieBreak]:
            return [TieBreak("the bigger house", [7, 3, 3, 0]),
                    TieBreak("the fewest left", [0, 2, 2, 0], most=False)]  # fmt: skip

        def ranking(self) -> list[int]:
            return [2, 3, 3, 1]

    three = Three.__new__(Three)
    assert tie_notes(three) == [
        "player 0, player 1 and player 2 tie on 5 points: the bigger house ranks player 0 "
        "ahead (player 0: 7, player 1: 3, player 2: 3)",
        "player 1 and player 2 also tie on the bigger house and on every tie-break: they "
        "share rank 3",
    ]


@pytest.mark.parametrize("game_id", [*TIED, "master-builder"])
def test_the_tie_breaks_are_those_ranking_applies(game_id: str) -> None:
    """For players of the same total, the tie-breaks in order rank them as ``ranking()``
    does: the final table cannot say one thing and the ranks another."""
    for seed in range(6):
        state = random_end(game_id, seed, players=hb.game(game_id).min_players + 1)
        totals = [s["total"] for s in state.scores()]
        ranking, rules = state.ranking(), state.tie_breaks()
        key = [[r.values[p] if r.most else -r.values[p] for r in rules] for p in range(len(totals))]
        for a in range(len(totals)):
            for b in range(len(totals)):
                if totals[a] == totals[b]:
                    assert (ranking[a] < ranking[b]) == (key[a] > key[b]), (seed, a, b)
