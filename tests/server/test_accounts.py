"""Optional accounts (issue 46, finding a game): a name and a password (only its scrypt
hash kept), sessions in the database, and the seats an account holds, so that a
person's games follow them to any device."""

from __future__ import annotations

import sqlalchemy as sa
from fastapi.testclient import TestClient

from housebuilders.server import create_app, db
from housebuilders.server.accounts import COOKIE, hash_password, name_key, password_matches

ADA = {"name": "Ada", "password": "analytical engine"}


def test_a_password_is_kept_as_a_salted_scrypt_hash() -> None:
    kept = hash_password("analytical engine")
    assert kept.startswith("scrypt$16384$8$1$") and "analytical" not in kept
    assert password_matches("analytical engine", kept)
    assert not password_matches("Analytical engine", kept)
    assert hash_password("analytical engine") != kept  # a salt of its own
    assert name_key("ADA") == name_key("Ａｄａ") == name_key("ada")


def test_signing_up_in_and_out(client: TestClient, sqlite_url: str) -> None:
    made = client.post("/api/accounts", json=ADA)
    assert made.status_code == 201 and made.json() == {"name": "Ada"}
    assert COOKIE in made.cookies or client.cookies.get(COOKIE)
    assert client.get("/api/me").json() == {"name": "Ada", "tables": []}
    taken = client.post("/api/accounts", json={"name": "ADA", "password": "another one"})
    assert taken.status_code == 409 and "taken" in taken.json()["error"]
    short = client.post("/api/accounts", json={"name": "Bea", "password": "short"})
    assert short.status_code == 422

    assert client.delete("/api/session").status_code == 204
    assert client.get("/api/me").status_code == 401
    wrong = client.post("/api/session", json={**ADA, "password": "difference engine"})
    nobody = client.post("/api/session", json={"name": "Cleo", "password": "difference engine"})
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json()["error"] == nobody.json()["error"]  # which one is wrong is not said
    assert client.post("/api/session", json={**ADA, "name": "ada"}).status_code == 200
    assert client.get("/api/me").json()["name"] == "Ada"

    engine = sa.create_engine(sqlite_url)
    with engine.connect() as connection:  # nothing kept that would sign anyone in
        password = connection.execute(sa.select(db.Account.password)).scalar_one()
        sessions = connection.execute(sa.select(db.AccountSession.id)).scalars().all()
    engine.dispose()
    assert ADA["password"] not in password and len(sessions) == 1
    assert client.cookies.get(COOKIE) not in sessions  # only the cookie's SHA-256


def test_an_accounts_seats_follow_it_to_another_device(sqlite_url: str) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
    with TestClient(create_app(sqlite_url)) as phone:
        phone.post("/api/accounts", json=ADA)
        created = phone.post(
            "/api/tables", json={"game": "dream-home", "seats": seats, "seed": 1}
        ).json()
        table, token = created["table"], created["seats"][0]["token"]
        refused = phone.post("/api/me/tables", json={"table": table, "token": "not-a-seat"})
        assert refused.status_code == 403
        held = phone.post("/api/me/tables", json={"table": table, "token": token})
        assert held.status_code == 201, held.text
        assert held.json()["seat"] == 0 and held.json()["url"] == f"/t/{table}?token={token}"
        again = phone.post("/api/me/tables", json={"table": table, "token": token})
        assert again.status_code == 201  # held once
    with TestClient(create_app(sqlite_url)) as laptop:  # another device, after a restart
        assert laptop.get("/api/me").status_code == 401
        laptop.post("/api/session", json=ADA)
        mine = laptop.get("/api/me").json()["tables"]
        assert [(t["table"], t["seat"], t["game"], t["status"]) for t in mine] == [
            (table, 0, "dream-home", "playing")
        ]
        seen = laptop.get(mine[0]["url"].replace("/t/", "/api/tables/").replace("?", "/view?"))
        assert seen.status_code == 200 and seen.json()["seat"] == 0
