"""Issue 19: play again. Once a game is over, any person at it may ask for the next
one: the same game, seats, names, bots and options, a new seed; every person's token
is their seat at the new table too, and the old table's view points to it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from housebuilders.server import create_app
from tests.server.conftest import view, wait_for


def _finished(client: TestClient) -> dict:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "mr-house-basic", "seats": seats, "seed": 4}
    created = client.post("/api/tables", json=body).json()
    table = created["table"]
    early = client.post(f"/api/tables/{table}/rematch?token={created['seats'][0]['token']}")
    assert early.status_code == 409 and "not over" in early.json()["error"]
    for person in (0, 1):  # both people leave: the clock bot plays them to the end
        client.post(f"/api/tables/{table}/leave?token={created['seats'][person]['token']}")
    wait_for(client, table, None, lambda v: v["terminal"], seconds=60)
    return created


def test_a_rematch_keeps_the_seats_and_each_persons_token(client: TestClient) -> None:
    created = _finished(client)
    table, ada, bea = created["table"], created["seats"][0]["token"], created["seats"][1]["token"]
    first = client.post(f"/api/tables/{table}/rematch?token={ada}")
    assert first.status_code == 201, first.text
    new = first.json()["table"]
    assert new != table and first.json()["url"] == f"/t/{new}?token={ada}"
    again = client.post(f"/api/tables/{table}/rematch?token={bea}")  # made once
    assert again.status_code == 200 and again.json()["table"] == new
    assert view(client, table)["rematch"] == new  # the others find it in their view
    seat = view(client, new, bea)
    assert seat["seat"] == 1 and not seat["terminal"]
    assert [(s["kind"], s["bot"], s["name"]) for s in seat["seats"]] == [
        ("human", None, "Ada"), ("human", None, None), ("bot", "random", None),
    ]  # fmt: skip
    assert not seat["seats"][0]["away"]  # everyone sits down again


def test_a_spectator_cannot_ask_for_a_rematch(client: TestClient) -> None:
    table = _finished(client)["table"]
    assert client.post(f"/api/tables/{table}/rematch").status_code == 403


def test_the_rematch_survives_a_restart(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url)) as client:
        created = _finished(client)
        token = created["seats"][0]["token"]
        new = client.post(f"/api/tables/{created['table']}/rematch?token={token}").json()
    with TestClient(create_app(sqlite_url)) as client:
        assert view(client, created["table"])["rematch"] == new["table"]
        assert view(client, new["table"], token)["seat"] == 0


def test_only_a_rematch_that_opens_a_table_spends_the_address_s_openings(
    sqlite_url: str,
) -> None:
    """25 rematch requests of a spectator (403), and of a seat before the end (409) or
    after the rematch was made (200), leave the address's budget of openings whole."""
    from housebuilders.server.limits import Limits

    with TestClient(create_app(sqlite_url, Limits(tables_per_minute=3))) as client:
        created = _finished(client)  # one opening spent (and one refused rematch, early)
        table, ada = created["table"], created["seats"][0]["token"]
        for _ in range(25):
            assert client.post(f"/api/tables/{table}/rematch").status_code == 403
        assert client.post(f"/api/tables/{table}/rematch?token={ada}").status_code == 201
        for _ in range(25):
            assert client.post(f"/api/tables/{table}/rematch?token={ada}").status_code == 200
        body = {"game": "mr-house-basic", "seats": [{"kind": "human"}] * 2}
        assert client.post("/api/tables", json=body).status_code == 201  # the third
        assert client.post("/api/tables", json=body).status_code == 429  # and no more
