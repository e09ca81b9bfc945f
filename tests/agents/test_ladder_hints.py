"""The lobby's strength hints follow the ladder (issue 47): each game's bots get the
registered words (random beginner, greedy casual, ismcts strong) in the order the
game's ladder rated them."""

from __future__ import annotations

import pytest

from housebuilders.agents import ladder
from housebuilders.agents.ladder import WORDS, follow, game_hints, ladder_order
from housebuilders.core import game_ids

LOBBY = ["random", "greedy", "ismcts:seconds=0.5", "ismcts:seconds=2"]


def test_a_ladder_in_the_registered_order_keeps_the_words() -> None:
    order = ["ismcts:seconds=0.1", "greedy", "random"]
    assert follow(order, LOBBY) == {
        "random": "beginner",
        "greedy": "casual",
        "ismcts:seconds=0.5": "strong",
        "ismcts:seconds=2": "strong",
    }


def test_a_game_where_greedy_rated_above_the_search_calls_greedy_strong() -> None:
    order = ["greedy", "ismcts:seconds=0.1", "random"]
    hints = follow(order, LOBBY)
    assert hints["greedy"] == "strong" and hints["random"] == "beginner"
    assert hints["ismcts:seconds=0.5"] == hints["ismcts:seconds=2"] == "casual"


def test_bots_the_ladder_did_not_rate_keep_their_own_word() -> None:
    assert follow(["greedy", "random"], LOBBY)["ismcts:seconds=2"] == "strong"
    assert follow([], LOBBY)["greedy"] == "casual"
    # a bot rated twice under two names (random, random:) counts once, at its best
    assert follow(["random:", "greedy", "random"], ["random", "greedy"]) == {
        "random": "casual",
        "greedy": "beginner",
    }
    assert follow(["nobody-knows-me", "greedy"], ["greedy"]) == {"greedy": "casual"}


def test_the_saved_ladder_has_every_game_best_first() -> None:
    for game_id in ("dream-home", "house-of-fado", "master-builder", "mr-house-basic",
                    "mr-house-advanced", "welcome-to"):  # fmt: skip
        assert game_id in game_ids()
        rows = ladder.ladder()[game_id]["bots"]
        assert [r["bot"] for r in rows] == ladder_order(game_id)
        ordinals = [r["ordinal"] for r in rows]
        assert ordinals == sorted(ordinals, reverse=True), game_id
        assert set(game_hints(game_id, LOBBY).values()) <= set(WORDS)


def test_a_game_the_ladder_has_not_measured_keeps_the_registered_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ladder, "ladder", lambda: {})
    assert game_hints("dream-home", LOBBY) == follow([], LOBBY)
