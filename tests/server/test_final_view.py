"""The view says who won at the end: ``winners`` (the game's ``winners()``), empty when
everyone lost, as in Mr House advanced when no house is complete."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import create, play, truth, view


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
