"""Issue 19: a person may leave (or concede) a game: the table's clock bot plays
their seat until they come back, and the game goes on for the others."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from housebuilders.server import create_app
from housebuilders.server.driver import AWAY_MOVE_SECONDS
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


def test_a_person_back_cannot_take_back_what_the_clock_bot_played_for_them(
    client: TestClient,
) -> None:
    """Issue 46 (review defect 11): the clock bot's moves for a person away are not the
    person's to take back once they are back: not offered, and refused."""
    created = create(client, "welcome-to", "human,human", seed=3)  # the round waits for 1
    table, token = created["table"], created["seats"][0]["token"]
    client.post(f"/api/tables/{table}/leave?token={token}")
    wait_for(client, table, token, lambda v: 0 not in v["acting"])  # the bot chose
    back = client.post(f"/api/tables/{table}/back?token={token}").json()
    assert not back["seats"][0]["away"] and back["log_length"] > 0
    assert not back["can_undo"]
    undo = client.post(f"/api/tables/{table}/undo?token={token}")
    assert undo.status_code == 409, undo.text
    view = client.get(f"/api/tables/{table}/view?token={token}").json()
    assert view["log_length"] == back["log_length"] and 0 not in view["acting"]


def test_what_a_person_plays_after_coming_back_is_theirs_to_take_back(
    client: TestClient,
) -> None:
    created = create(client, "welcome-to", "human,human", seed=3)
    table, first, second = created["table"], *(s["token"] for s in created["seats"])
    client.post(f"/api/tables/{table}/leave?token={first}")
    wait_for(client, table, first, lambda v: 0 not in v["acting"])
    client.post(f"/api/tables/{table}/back?token={first}")
    while 1 in (now := client.get(f"/api/tables/{table}/view?token={second}").json())["acting"]:
        move = {"index": now["legal_actions"][0]["index"]}
        assert client.post(f"/api/tables/{table}/actions?token={second}", json=move).is_success
    mine = client.get(f"/api/tables/{table}/view?token={first}").json()
    assert 0 in mine["acting"] and not mine["can_undo"]  # the next round: nothing of its own
    move = {"index": mine["legal_actions"][0]["index"]}
    played = client.post(f"/api/tables/{table}/actions?token={first}", json=move).json()
    assert played["can_undo"]
    undone = client.post(f"/api/tables/{table}/undo?token={first}")
    assert undone.status_code == 200 and undone.json()["log_length"] == mine["log_length"]


def test_who_made_a_move_is_kept_across_a_restart(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url)) as client:
        created = create(client, "welcome-to", "human,human", seed=3)
        table, token = created["table"], created["seats"][0]["token"]
        client.post(f"/api/tables/{table}/leave?token={token}")
        wait_for(client, table, token, lambda v: 0 not in v["acting"])
        client.post(f"/api/tables/{table}/back?token={token}")
    with TestClient(create_app(sqlite_url)) as client:  # the table is loaded from its log
        view = client.get(f"/api/tables/{table}/view?token={token}").json()
        assert view["log_length"] > 0 and not view["can_undo"]
        assert client.post(f"/api/tables/{table}/undo?token={token}").status_code == 409


def test_a_person_who_left_a_table_of_bots_has_time_to_come_back(client: TestClient) -> None:
    """Issue 46 (review defect 3): at a table where everyone else is a bot, the clock bot
    plays the seat of a person who left, with their page open, at a person's pace
    (``AWAY_MOVE_SECONDS`` a move), not the whole game within seconds."""
    created = create(client, "mr-house-advanced", "human,greedy,random", seed=2)
    table, token = created["table"], created["seats"][0]["token"]
    mine = wait_for(client, table, token, lambda v: v["acting"] == [0])
    with client.websocket_connect(f"/ws/tables/{table}?token={token}"):  # the page, open
        client.post(f"/api/tables/{table}/leave?token={token}")
        time.sleep(AWAY_MOVE_SECONDS / 2)
        meanwhile = client.get(f"/api/tables/{table}/view?token={token}").json()
        assert meanwhile["log_length"] == mine["log_length"]  # not yet
        moved = wait_for(client, table, token, lambda v: v["log_length"] > mine["log_length"])
        back = client.post(f"/api/tables/{table}/back?token={token}").json()
    assert not back["terminal"] and not back["seats"][0]["away"]
    assert back["log_length"] - mine["log_length"] <= 3, "the bot played on at once"
    assert moved["log_length"] - mine["log_length"] <= 3
