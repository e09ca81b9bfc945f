"""Issue 19: a person may leave (or concede) a game: the table's clock bot plays
their seat until they come back, and the game goes on for the others."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import create, wait_for


def test_a_person_who_leaves_is_played_by_the_clock_bot_to_the_end(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,greedy", seed=3)
    table, token = created["table"], created["seats"][0]["token"]
    left = client.post(f"/api/tables/{table}/leave?token={token}")
    assert left.status_code == 200 and left.json()["seats"][0]["away"]
    final = wait_for(client, table, token, lambda v: v["terminal"], seconds=60)
    assert final["status"] == "finished" and len(final["scores"]) == 2


def test_a_person_who_left_comes_back(client: TestClient) -> None:
    created = create(client, "welcome-to", "human,human", seed=3)  # nobody moves alone
    table, token = created["table"], created["seats"][0]["token"]
    client.post(f"/api/tables/{table}/leave?token={token}")
    back = client.post(f"/api/tables/{table}/back?token={token}")
    assert back.status_code == 200 and not back.json()["seats"][0]["away"]


def test_a_spectator_cannot_leave(client: TestClient) -> None:
    table = create(client, "mr-house-basic", "human,greedy")["table"]
    assert client.post(f"/api/tables/{table}/leave").status_code == 403


def test_a_finished_game_cannot_be_left(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,greedy", seed=3)
    table, token = created["table"], created["seats"][0]["token"]
    client.post(f"/api/tables/{table}/leave?token={token}")
    wait_for(client, table, token, lambda v: v["terminal"], seconds=60)
    client.post(f"/api/tables/{table}/back?token={token}")
    left = client.post(f"/api/tables/{table}/leave?token={token}")
    assert left.status_code == 409 and left.json()["error"].startswith("the game is over")
    view = client.get(f"/api/tables/{table}/view?token={token}").json()
    assert not view["seats"][0]["away"]
