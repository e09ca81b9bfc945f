"""A game in progress survives the server stopping: a real server process is killed
mid-game and started again, and the game goes on to the end."""

from __future__ import annotations

import random
import time

import httpx
import pytest

import housebuilders as hb
from tests.live_server import LiveServer


def _play(
    http: httpx.Client, table: str, token: str, moves: int | None, rng: random.Random
) -> dict:
    """The person plays random moves (``moves`` of them, or to the end); the bot its own."""
    made = 0
    deadline = time.monotonic() + 120
    while moves is None or made < moves:
        assert time.monotonic() < deadline, "the game did not progress"
        v = http.get(f"/api/tables/{table}/view", params={"token": token}).json()
        if v["terminal"]:
            return v
        if not v["legal_actions"]:
            time.sleep(0.01)
            continue
        choice = rng.choice(v["legal_actions"])["index"]
        response = http.post(
            f"/api/tables/{table}/actions",
            params={"token": token},
            json={"index": choice, "log_length": v["log_length"]},
        )
        assert response.status_code == 200, response.text
        made += 1
    return http.get(f"/api/tables/{table}/view", params={"token": token}).json()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["mr-house-basic", "mr-house-advanced"])
def test_a_game_goes_on_after_the_server_is_killed(database_url: str, game: str) -> None:
    rng = random.Random(5)
    server = LiveServer(database_url)
    with server, httpx.Client(base_url=server.url, timeout=30) as http:
        body = {
            "game": game,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
            "seed": 21,
        }
        created = http.post("/api/tables", json=body).json()
        table, token = created["table"], created["seats"][0]["token"]
        before = _play(http, table, token, 12, rng)
        server.stop(kill=True)  # as a crash would: no goodbye

        server.start()
        after = http.get(f"/api/tables/{table}/view", params={"token": token}).json()
        assert after["log_length"] >= before["log_length"]
        if after["log_length"] == before["log_length"]:
            assert after["observation"] == before["observation"]
        final = _play(http, table, token, None, rng)
        assert final["terminal"]
        log = http.get(f"/api/tables/{table}/log").json()
    replayed = hb.replay(game, 2, 21, log["actions"])
    assert replayed.is_terminal()
    assert replayed.scores() == final["scores"] and replayed.ranking() == final["ranking"]
    assert replayed.observe(0) == final["observation"]
