"""The lobby's form against the API it fills in: the seed's range is the API's, and
every game's options are in the lobby's data as /api/games gives them."""

from __future__ import annotations

import json
import re

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
    assert 'min="0.5"' in clock and 'max="1440"' in clock and 'step="any"' in clock
    body = {"game": "mr-house-basic", "seats": HUMANS, "clock_minutes": 0.75}
    assert client.post("/api/tables", json=body).status_code == 201


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
