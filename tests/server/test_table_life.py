"""Undo, the turn clock and the websocket: what happens at a table between moves."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

import housebuilders as hb
from housebuilders.server import create_app
from housebuilders.server.limits import Limits
from tests.server.conftest import create, create_with, tokens, view, wait_for


def _act(client: TestClient, table: str, token: str, index: int) -> dict:
    response = client.post(
        f"/api/tables/{table}/actions", params={"token": token}, json={"index": index}
    )
    assert response.status_code == 200, response.text
    return response.json()


def test_a_seat_takes_back_its_last_action(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=3)
    table, seat_tokens = created["table"], tokens(created)
    seat = view(client, table)["acting"][0]
    token = seat_tokens[seat]
    before = view(client, table, token)
    after = _act(client, table, token, before["legal_actions"][0]["index"])
    assert after["can_undo"] and not view(client, table, seat_tokens[1 - seat])["can_undo"]
    response = client.post(f"/api/tables/{table}/undo", params={"token": token})
    assert response.status_code == 200
    undone = response.json()
    assert undone["log_length"] == 0 and undone["observation"] == before["observation"]
    assert client.get(f"/api/tables/{table}/log").json()["actions"] == []
    again = client.post(f"/api/tables/{table}/undo", params={"token": token})
    assert again.status_code == 409 and "nothing to take back" in again.json()["error"]


def test_no_undo_once_another_seat_acted_or_something_was_revealed(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=3)
    table, seat_tokens = created["table"], tokens(created)
    truth = hb.new_game("mr-house-basic", 2, seed=3)
    while True:  # play until an action reveals (the undo floor moves)
        seat = truth.acting_players()[0]
        action = truth.legal_actions(seat)[0]
        truth.apply(seat, action)
        after = _act(
            client, table, seat_tokens[seat], hb.game("mr-house-basic").action_index(action)
        )
        if truth.undo_floor == len(truth.history):
            assert not after["can_undo"]
            break
        assert after["can_undo"]
        other = view(client, table, seat_tokens[1 - seat])
        if truth.acting_players()[0] != seat:  # the other seat acted last? then not
            assert not other["can_undo"]
    refused = client.post(f"/api/tables/{table}/undo", params={"token": seat_tokens[seat]})
    assert refused.status_code == 409


def test_a_seat_is_not_told_of_the_others_unseen_choices(client: TestClient) -> None:
    """Welcome To: another seat's move in the round changes nothing a seat is sent:
    not its view's log_length, not its log, and no push on its websocket."""
    created = create(client, "welcome-to", "human,human,human", seed=5)
    table, seat_tokens = created["table"], tokens(created)
    before = view(client, table, seat_tokens[1])
    log_before = client.get(f"/api/tables/{table}/log", params={"token": seat_tokens[1]}).json()
    live = client.app.state.service.tables[table]
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=1)
    live.listeners[queue] = (1, False)
    live.shown[1] = live._view(1)
    mine = view(client, table, seat_tokens[0])["legal_actions"][0]["index"]
    _act(client, table, seat_tokens[0], mine)
    assert queue.empty(), "seat 1 was pushed a view for seat 0's unseen move"
    after = view(client, table, seat_tokens[1])
    assert after["log_length"] == before["log_length"] == 0
    assert {k: v for k, v in after.items() if k != "server_time"} == {
        k: v for k, v in before.items() if k != "server_time"
    }
    log_after = client.get(f"/api/tables/{table}/log", params={"token": seat_tokens[1]}).json()
    assert log_after == log_before
    live.listeners.pop(queue)


def test_every_view_names_the_seat_that_made_the_last_move_it_knows_of(
    client: TestClient,
) -> None:
    """The view's last_mover (the page names it with the last move's log lines): in
    turns, everyone's is the seat that just moved; taken back, the one before; in
    Welcome To's round, a seat's own unseen choice is its own last move and nobody
    else's."""
    created = create(client, "mr-house-basic", "human,human", seed=3)
    table, seat_tokens = created["table"], tokens(created)
    assert view(client, table)["last_mover"] is None  # no move yet
    for _ in range(2):
        seat = view(client, table)["acting"][0]
        legal = view(client, table, seat_tokens[seat])["legal_actions"]
        _act(client, table, seat_tokens[seat], legal[0]["index"])
        for token in [None, *seat_tokens.values()]:
            assert view(client, table, token)["last_mover"] == seat
    first = 1 - seat
    client.post(f"/api/tables/{table}/undo", params={"token": seat_tokens[seat]})
    assert view(client, table)["last_mover"] == first

    created = create(client, "welcome-to", "human,human", seed=5)
    table, seat_tokens = created["table"], tokens(created)
    mine = view(client, table, seat_tokens[0])["legal_actions"][0]["index"]
    _act(client, table, seat_tokens[0], mine)
    assert view(client, table, seat_tokens[0])["last_mover"] == 0
    assert view(client, table, seat_tokens[1])["last_mover"] is None  # unseen
    assert view(client, table)["last_mover"] is None


def test_in_a_simultaneous_round_a_seat_takes_back_its_move_after_others_chose(
    client: TestClient,
) -> None:
    created = create(client, "welcome-to", "human,human", seed=5)
    table, seat_tokens = created["table"], tokens(created)
    first = view(client, table, seat_tokens[0])["legal_actions"]
    _act(client, table, seat_tokens[0], first[0]["index"])
    other = view(client, table, seat_tokens[1])["legal_actions"][1]
    _act(client, table, seat_tokens[1], other["index"])
    assert view(client, table, seat_tokens[0])["can_undo"]  # seat 1's choice is unseen
    response = client.post(f"/api/tables/{table}/undo", params={"token": seat_tokens[0]})
    assert response.status_code == 200, response.text
    state = client.app.state.service.tables[table].state
    assert [(p, a.to_json()) for p, a in state.history] == [(1, other["action"])]
    assert response.json()["legal_actions"] == first  # seat 0 chooses afresh


def test_an_undo_survives_a_restart(sqlite_url: str) -> None:
    from housebuilders.server import create_app

    with TestClient(create_app(sqlite_url)) as client:
        created = create(client, "mr-house-basic", "human,human", seed=3)
        table, seat_tokens = created["table"], tokens(created)
        seat = view(client, table)["acting"][0]
        legal = view(client, table, seat_tokens[seat])["legal_actions"]
        _act(client, table, seat_tokens[seat], legal[0]["index"])
        client.post(f"/api/tables/{table}/undo", params={"token": seat_tokens[seat]})
        _act(client, table, seat_tokens[seat], legal[1]["index"])
        before = view(client, table, seat_tokens[seat])
    with TestClient(create_app(sqlite_url)) as client:
        after = view(client, table, seat_tokens[seat])
        assert after["log_length"] == 1 and after["observation"] == before["observation"]
        log = client.get(f"/api/tables/{table}/log", params={"token": seat_tokens[seat]}).json()
        assert log["actions"][0][1] == legal[1]["action"]


def test_when_the_clock_runs_out_a_bot_plays_until_the_person_is_back(sqlite_url: str) -> None:
    # a clock of 0.24 s: shorter than the server allows by default (min_clock_seconds)
    with TestClient(create_app(sqlite_url, Limits(min_clock_seconds=0))) as client:
        created = create(client, "mr-house-basic", "human,human", seed=6, clock_minutes=0.004)
        table, seat_tokens = created["table"], tokens(created)
        first = view(client, table)
        seat = first["acting"][0]
        assert first["seats"][seat]["deadline"] > time.time() - 1
        moved = wait_for(  # the seat is away, and the clock bot moved for it
            client, table, None, lambda v: v["seats"][seat]["away"] and v["log_length"], seconds=10
        )
        assert moved["seats"][seat]["away"]
        response = client.post(
            f"/api/tables/{table}/actions", params={"token": seat_tokens[seat]}, json={"index": 0}
        )
        assert response.status_code == 403 and "bot is playing for you" in response.json()["error"]
        back = client.post(f"/api/tables/{table}/back", params={"token": seat_tokens[seat]})
        assert back.status_code == 200 and not back.json()["seats"][seat]["away"]


def test_without_a_clock_nobody_is_hurried(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=6)
    v = view(client, created["table"])
    assert v["clock_minutes"] is None and all(s["deadline"] is None for s in v["seats"])


def test_the_websocket_pushes_each_seat_its_own_view(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=12)
    table, seat_tokens = created["table"], tokens(created)
    seat = view(client, table)["acting"][0]
    other = 1 - seat
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={seat_tokens[other]}") as ws,
        client.websocket_connect(f"/ws/tables/{table}") as spectator,
    ):
        hello = ws.receive_json()
        assert hello["type"] == "view" and hello["view"]["seat"] == other
        assert spectator.receive_json()["view"]["seat"] is None
        index = view(client, table, seat_tokens[seat])["legal_actions"][0]["index"]
        _act(client, table, seat_tokens[seat], index)
        pushed = ws.receive_json()["view"]
        assert pushed["log_length"] == 1 and pushed["seat"] == other
        assert pushed["observation"] == view(client, table, seat_tokens[other])["observation"]
        assert spectator.receive_json()["view"]["legal_actions"] == []


def test_a_websocket_with_a_wrong_token_is_closed(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    table = create(client)["table"]
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/tables/{table}?token=wrong") as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4403


def test_idle_tables_are_forgotten_past_the_limit_and_come_back(sqlite_url: str) -> None:
    from housebuilders.server import create_app

    with TestClient(create_app(sqlite_url)) as client:
        service = client.app.state.service
        service.max_live = 2
        made = [create(client, "mr-house-basic", "human,human", seed=n) for n in range(4)]
        assert len(service.tables) == 2
        first = made[0]
        seat = view(client, first["table"])["acting"][0]
        v = view(client, first["table"], tokens(first)[seat])  # loaded again from the log
        assert v["seat"] == seat and v["legal_actions"]
        assert first["table"] in service.tables and len(service.tables) == 2


def test_a_broken_bot_does_not_stall_the_table(
    bot_client: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    client = bot_client()
    created = create_with(client, "mr-house-basic", ["broken", "broken"], seed=2)
    final = wait_for(client, created["table"], None, lambda v: v["terminal"], seconds=60)
    assert final["ranking"]
    assert "bot 'broken' failed" in caplog.text and "RuntimeError: the bot fell over" in caplog.text


def test_a_bot_s_move_stands_when_people_choose_alongside_it(
    bot_client: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    """Welcome To: everyone chooses at once. A person's moves made while the bot
    thinks do not change the bot's options, so its move is played, not rethought."""
    caplog.set_level(logging.DEBUG, logger="housebuilders.server")
    client = bot_client()
    created = create_with(client, "welcome-to", ["human", "sleepy:nap=0.3"], seed=3)
    table, token = created["table"], tokens(created)[0]
    for _ in range(2):  # the person takes a pair and writes it while the bot thinks
        move = view(client, table, token)["legal_actions"][0]["index"]
        client.post(f"/api/tables/{table}/actions", params={"token": token}, json={"index": move})
    wait_for(client, table, None, lambda v: v["observation"]["players"][1]["done"], seconds=30)
    history = client.app.state.service.tables[table].state.history
    bot_moves = sum(player == 1 for player, _ in history)
    thoughts = [r.getMessage() for r in caplog.records if "chose on a view" in r.getMessage()]
    assert bot_moves >= 2 and len(thoughts) == bot_moves  # no move thought twice
    assert "view of 0 actions" in thoughts[0] and history[0][0] == 0  # the person moved first
