"""Open seats (issue 46, finding a game): a table may open a person's seat to anyone;
the lobby's list shows it open, the first to take it with a name gets its link (the
next is refused), the game waits for that seat on its turns until then, and a
rematch keeps a seat nobody took open."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from housebuilders.server import db
from tests.server.conftest import view

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}]


def _open(client: TestClient, seats: list[dict[str, Any]] = SEATS) -> dict[str, Any]:
    created = client.post("/api/tables", json={"game": "mr-house-basic", "seats": seats, "seed": 4})
    assert created.status_code == 201, created.text
    return created.json()


def _take(client: TestClient, table: str, seat: int, name: str) -> Any:
    return client.post(f"/api/tables/{table}/seats/{seat}/take", json={"name": name})


def test_an_open_seat_is_listed_open_and_taken_by_the_first_with_a_name(
    client: TestClient, sqlite_url: str
) -> None:
    created = _open(client)
    table = created["table"]
    assert created["seats"][1] == {
        "seat": 1, "kind": "open", "take": f"/api/tables/{table}/seats/1/take"
    }  # fmt: skip
    listed = client.get("/api/tables").json()["tables"][0]
    assert [s["open"] for s in listed["seats"]] == [False, True, False]
    assert [s["open"] for s in view(client, table)["seats"]] == [False, True, False]

    taken = _take(client, table, 1, "  Bea ")
    assert taken.status_code == 201, taken.text
    bea = taken.json()
    assert (
        bea["seat"] == 1
        and bea["name"] == "Bea"
        and bea["url"] == f"/t/{table}?token={bea['token']}"
    )
    seat = view(client, table, bea["token"])
    assert seat["seat"] == 1 and seat["seats"][1]["name"] == "Bea" and not seat["seats"][1]["open"]
    assert not client.get("/api/tables").json()["tables"][0]["seats"][1]["open"]
    again = _take(client, table, 1, "Cy")  # the seat is Bea's now
    assert again.status_code == 409 and "not open" in again.json()["error"]
    engine = sa.create_engine(sqlite_url)
    with engine.connect() as connection:  # kept: only the token's hash, and the name
        row = connection.execute(
            sa.select(db.Seat.token_hash, db.Seat.name).where(
                db.Seat.table_id == table, db.Seat.seat == 1
            )
        ).one()
    engine.dispose()
    assert row.name == "Bea" and row.token_hash and bea["token"] not in row.token_hash


def test_only_an_open_seat_can_be_taken_and_with_a_name(client: TestClient) -> None:
    table = _open(client)["table"]
    assert _take(client, table, 0, "Cy").status_code == 409  # Ada's
    assert _take(client, table, 2, "Cy").status_code == 409  # a bot's
    assert _take(client, table, 7, "Cy").status_code == 404
    assert _take(client, "no-such-table", 1, "Cy").status_code == 404
    refused = client.post(f"/api/tables/{table}/seats/1/take", json={"name": "a\nb"})
    assert refused.status_code == 422
    assert view(client, table)["seats"][1]["open"]


def test_the_game_waits_for_an_open_seat_on_its_turn(client: TestClient) -> None:
    seats = [{"kind": "open"}, {"kind": "bot", "bot": "random"}]
    created = _open(client, seats)
    table = created["table"]
    first = view(client, table)
    assert first["acting"] == [0] and first["log_length"] == 0  # nobody plays seat 0
    bea = _take(client, table, 0, "Bea").json()
    seen = view(client, table, bea["token"])
    index = seen["legal_actions"][0]["index"]
    played = client.post(f"/api/tables/{table}/actions?token={bea['token']}", json={"index": index})
    assert played.status_code == 200, played.text


def test_an_open_seat_of_a_game_abandoned_by_vote_cannot_be_taken(client: TestClient) -> None:
    created = _open(client, [{"kind": "human"}, {"kind": "open"}])
    table, token = created["table"], created["seats"][0]["token"]
    voted = client.post(f"/api/tables/{table}/abandon", params={"token": token})
    assert voted.status_code == 200 and voted.json()["terminal"]  # the one person agreed
    late = _take(client, table, 1, "Bea")
    assert late.status_code == 409 and "over" in late.json()["error"]
