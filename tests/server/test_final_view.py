"""The view says who won at the end: ``winners`` (the game's ``winners()``), empty when
everyone lost, as in Mr House advanced when no house is complete."""

from __future__ import annotations

from fastapi.testclient import TestClient

import housebuilders as hb
from tests.server.conftest import create, play, truth, view, wait_for


def test_a_game_in_which_no_house_is_complete_ends_with_no_winner(client: TestClient) -> None:
    created = create(client, "mr-house-advanced", "human,human", seed=2)
    assert view(client, created["table"])["winners"] is None  # not before the end
    final = play(client, created, seed=2)
    assert final["terminal"]
    assert not any(s["complete"] for s in final["scores"])
    assert 1 in final["ranking"]  # the ranking still orders them
    assert final["winners"] == [] == truth(client, created["table"]).winners()


def test_the_winners_of_a_finished_game_are_its_first_place(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human,human", seed=4)
    final = play(client, created, seed=4)
    ranking = final["ranking"]
    assert final["winners"] == [seat for seat in range(3) if ranking[seat] == 1]


def test_the_view_says_what_the_scores_count_money_in_master_builder(client: TestClient) -> None:
    """Issue 46 (defect 9): Master Builder scores money, in thousands of dollars; the view
    says so (``score_unit``), so that the final table writes "-$36,000" as the board does,
    not "-36 points". The other games count points."""
    created = create(client, "master-builder", "random,random", seed=3)
    final = wait_for(client, created["table"], None, lambda v: v["terminal"], seconds=60)
    assert final["score_unit"] == {"one": "dollar", "many": "dollars", "prefix": "$",
                                   "factor": 1000}  # fmt: skip
    unit = hb.game("master-builder").score_unit
    assert unit.format(-36) == "-$36,000" and unit.format(16) == "$16,000"
    other = view(client, create(client, "mr-house-basic", "human,random")["table"])
    assert other["score_unit"] == {"one": "point", "many": "points", "prefix": "", "factor": 1}
    assert hb.game("mr-house-basic").score_unit.format(-1) == "-1 point"
