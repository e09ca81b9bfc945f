"""The lobby's form against the API it fills in: the seed's range is the API's, and
every game's options are in the lobby's data as /api/games gives them."""

from __future__ import annotations

import json
import re
import time

from fastapi.testclient import TestClient

from housebuilders.core import game, game_ids
from housebuilders.server.schemas import MAX_SEED

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def lobby_input(client: TestClient, name: str) -> str:
    page = client.get("/").text
    found = re.search(rf'<input id="{name}"[^>]*>', page)
    assert found, name
    return found.group(0)


def test_the_lobby_s_seed_takes_what_the_api_takes(client: TestClient) -> None:
    seed = lobby_input(client, "seed")
    assert 'min="0"' in seed and f'max="{MAX_SEED}"' in seed
    for value, status in [(0, 201), (MAX_SEED, 201), (MAX_SEED + 1, 422)]:
        body = {"game": "mr-house-basic", "seats": HUMANS, "seed": value}
        assert client.post("/api/tables", json=body).status_code == status, value


def test_the_lobby_s_clock_takes_quarter_minutes(client: TestClient) -> None:
    clock = lobby_input(client, "clock")
    assert 'min="0.5"' in clock and 'max="10080"' in clock and 'step="any"' in clock
    body = {"game": "mr-house-basic", "seats": HUMANS, "clock_minutes": 0.75}
    assert client.post("/api/tables", json=body).status_code == 201


def test_a_turn_based_table_gives_days_a_move_up_to_a_week(client: TestClient) -> None:
    """Issue 46, turn-based play: a clock of a day, three days or a week a move."""
    for minutes, status in ((1440, 201), (4320, 201), (10080, 201), (10081, 422)):
        body = {"game": "mr-house-basic", "seats": HUMANS, "clock_minutes": minutes}
        made = client.post("/api/tables", json=body)
        assert made.status_code == status, (minutes, made.text)
        if status == 201:
            table = made.json()["table"]
            seen = client.get(f"/api/tables/{table}/view?token={made.json()['seats'][0]['token']}")
            deadline = seen.json()["seats"][seen.json()["acting"][0]]["deadline"]
            assert deadline - time.time() > minutes * 60 - 60  # the whole time, to the minute


def test_every_game_s_options_reach_the_lobby(client: TestClient) -> None:
    page = client.get("/").text
    data = json.loads(re.search(r'id="lobby-data">(.*?)</script>', page, re.S).group(1))
    api = client.get("/api/games").json()["games"]
    assert data["games"] == api  # the page's data is /api/games's
    read = {g["id"]: g["options"] for g in data["games"]}
    for game_id in game_ids():
        expected = [
            {
                "name": o.name,
                "default": o.default,
                "choices": sorted(o.choices, key=repr),
                "help": o.help,
                "players": list(o.players),
            }
            for o in game(game_id).options
        ]
        got = [{**o, "choices": sorted(o["choices"], key=repr)} for o in read[game_id]]
        assert got == expected, game_id
