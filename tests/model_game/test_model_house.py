"""Model House's rules, from model-house.txt's words (each ruling of model-house.md
names its test)."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.core.rng import ScriptedRng
from tests.model_game.state import UNCHOSEN, Choose, ModelHouseState


def new(players: int = 2, rolls: list[int] | None = None, **options: str) -> ModelHouseState:
    state = hb.new_game("model-house", players, seed=1, options=options)
    assert isinstance(state, ModelHouseState)
    if rolls is not None:
        state.rng = ScriptedRng(rolls)
    return state


def test_the_market_is_one_card_more_than_there_are_players() -> None:
    for players in (2, 3, 4):
        state = new(players)
        assert len(state.market) == players + 1
        assert len(state.deck) == 20 - (players + 1)


def test_everyone_chooses_at_once_and_the_choices_stay_hidden_until_all_are_in() -> None:
    state = new(3)
    assert state.acting_players() == (0, 1, 2)
    state.apply(1, Choose(2))
    assert state.acting_players() == (0, 2)
    seen_by_0 = state.observe(0)
    assert seen_by_0["players"][1] == {**seen_by_0["players"][1], "chosen": True, "choice": None}
    assert state.history_seen_by(0) == []  # not even that player 1 chose which card
    assert state.observe(1)["players"][1]["choice"] == 2


def test_a_card_nobody_else_chose_is_built_on_a_roll_of_at_least_its_cost() -> None:
    state = new(2, rolls=[6, 1])
    market = state.market[:]
    state.apply(0, Choose(0))
    state.apply(1, Choose(1))
    cost = [state.content.rooms[c].cost for c in market]
    assert cost[0] <= 6 and cost[1] > 1
    assert state.rooms == [[market[0]], []]
    assert state.coins == [0, 1]  # the failed roll takes a coin
    assert [r["card"] for r in state.observe(0)["revealed"]] == [0, 1]


def test_players_who_chose_the_same_card_fight_and_each_takes_a_coin() -> None:
    state = new(3, rolls=[6])
    state.apply(0, Choose(2))
    state.apply(1, Choose(2))
    state.apply(2, Choose(0))
    assert state.rooms[0] == state.rooms[1] == [] and state.coins[:2] == [1, 1]
    assert len(state.rooms[2]) == 1  # the only die rolled was player 2's


def test_the_fight_option_gives_nothing() -> None:
    state = new(2, fight="nothing")
    state.apply(0, Choose(1))
    state.apply(1, Choose(1))
    assert state.coins == [0, 0] and state.rooms == [[], []]


def test_a_choice_outside_the_market_is_refused_naming_the_rule() -> None:
    state = new(2)
    with pytest.raises(hb.IllegalAction, match="not in this market of 3 cards") as refused:
        state.apply(0, Choose(4))
    assert refused.value.rule == "model-house §Round"
    assert state.chosen == [UNCHOSEN, UNCHOSEN]


def test_the_game_ends_after_four_rounds_and_scores_rooms_and_every_two_coins() -> None:
    state = new(2, rolls=[1] * 8)  # every roll fails: a coin each round
    for _ in range(4):
        state.apply(0, Choose(0))
        state.apply(1, Choose(1))
    assert state.is_terminal() and state.coins == [4, 4]
    assert [s["breakdown"] for s in state.scores()] == [{"rooms": 0, "coins": 2}] * 2


def test_a_tie_on_points_goes_to_more_rooms_then_is_shared() -> None:
    state = new(3)
    hall, tower = 0, 3  # 1 point and 5 points
    state.rooms = [[hall] * 5, [tower], [tower]]
    state.coins = [0, 0, 0]
    assert state.ranking() == [1, 2, 2]
    state.rooms[0] = [tower]
    assert state.ranking() == [1, 1, 1]
