"""Issue 19: a private table is not listed in the lobby; its links reach it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import create, view


def test_a_private_table_is_not_listed_but_its_links_work(client: TestClient) -> None:
    public = create(client, "mr-house-basic", "human,greedy")
    private = create(client, "mr-house-basic", "human,greedy", private=True)
    listed = [t["table"] for t in client.get("/api/tables").json()["tables"]]
    assert public["table"] in listed and private["table"] not in listed
    seat = view(client, private["table"], private["seats"][0]["token"])
    assert seat["seat"] == 0 and not seat["terminal"]
    assert view(client, private["table"])["seat"] is None  # its spectator link too


def test_private_takes_a_boolean_only(client: TestClient) -> None:
    body = {"game": "mr-house-basic", "seats": [{"kind": "human"}] * 2, "private": 1}
    assert client.post("/api/tables", json=body).status_code == 422
