"""Who wins: "A player whose house is incomplete automatically loses. (In theory,
everyone could lose.)" (the advanced variant's Game End); the basic variant's
winners are its first place."""

from __future__ import annotations

import pytest

from housebuilders.arena import play
from housebuilders.core.testing import check_winners
from tests.games.mr_house.helpers import column, wood
from tests.games.mr_house.test_advanced_privileges_and_scoring import scoring_example, tied
from tests.games.mr_house.test_scoring import finished, scoring_example as basic_example


@pytest.mark.rule("MH-86")
def test_the_winner_is_the_first_place_with_a_complete_house() -> None:
    s = scoring_example()  # Marta first; Paul, incomplete, scores more and loses
    assert s.winners() == [1]
    check_winners(s)


@pytest.mark.rule("MH-86")
def test_everyone_loses_when_no_house_is_complete() -> None:
    s = scoring_example()
    s.permit = [False, False, False]  # no permit: no house is complete
    assert s.ranking() == [3, 2, 1]  # the ranking still orders everyone: Paul scores most
    assert s.winners() == []
    check_winners(s)


@pytest.mark.rule("MH-89")
def test_players_tied_for_first_share_the_win() -> None:
    s = tied()
    assert s.ranking() == [1, 1] and s.winners() == [0, 1]


@pytest.mark.rule("MH-86")
def test_a_played_game_in_which_every_house_is_incomplete_has_no_winner() -> None:
    # random play completes no house (none in seeds 60 to 79)
    state = play("mr-house-advanced", ["random", "random"], seed=67)
    assert state.is_terminal()
    assert not any(s["complete"] for s in state.scores())
    assert 1 in state.ranking() and state.winners() == []


@pytest.mark.rule("MH-49")
def test_the_basic_variant_s_winners_are_its_first_place() -> None:
    assert basic_example().winners() == [0]  # Jacob, on the tie-break
    s = finished(3)
    s.house = [(column(wood()),), (column(wood()),), ()]
    assert s.ranking() == [1, 1, 3] and s.winners() == [0, 1]
