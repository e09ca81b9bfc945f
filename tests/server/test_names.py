"""Issue 19, names: a person's seat takes a name when the table is opened; every
answer that describes the seats carries it, and it is kept in the database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from housebuilders.server import create_app, db

SEATS = [
    {"kind": "human", "name": "  Ada  "},
    {"kind": "bot", "bot": "greedy"},
    {"kind": "human", "name": "<b>Bob</b> & co"},
    {"kind": "human"},
]


def _create(client: TestClient, seats: list[dict[str, Any]]) -> Any:
    return client.post("/api/tables", json={"game": "welcome-to", "seats": seats, "seed": 3})


def _names(seats: list[dict[str, Any]]) -> list[str | None]:
    return [s.get("name") for s in seats]


def test_a_persons_seat_is_named_in_every_answer(client: TestClient) -> None:
    created = _create(client, SEATS)
    assert created.status_code == 201, created.text
    table = created.json()["table"]
    expected = ["Ada", None, "<b>Bob</b> & co", None]  # spaces around a name dropped
    assert _names(created.json()["seats"]) == expected
    token = created.json()["seats"][0]["token"]
    for query in ("", f"?token={token}"):  # the spectator and a seat see the same names
        view = client.get(f"/api/tables/{table}/view{query}").json()
        assert _names(view["seats"]) == expected
    listed = client.get("/api/tables").json()["tables"]
    assert _names(listed[0]["seats"]) == expected
    # the page carries names only as data for its script, never as markup
    page = client.get(f"/t/{table}")
    assert "<b>Bob</b>" not in page.text


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "Ada\nLovelace", "tab\there", "\x00", 7])
def test_a_name_that_is_not_one_line_of_1_to_40_characters_gets_422(
    client: TestClient, name: Any
) -> None:
    answer = _create(client, [{"kind": "human", "name": name}, {"kind": "bot", "bot": "random"}])
    assert answer.status_code == 422, answer.text
    assert "name" in answer.text


@pytest.mark.parametrize("name", ["\u200b", "\u2060 \u200d", "\u202eevil", "Ada\u2066x\u2069"])
def test_a_name_shown_as_nothing_or_turning_the_text_around_it_gets_422(
    client: TestClient, name: str
) -> None:
    """Zero-width characters alone show nothing; a bidirectional override or isolate
    would turn the text around the name where it is shown."""
    answer = _create(client, [{"kind": "human", "name": name}, {"kind": "bot", "bot": "random"}])
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]  # in words, not the pattern the name missed
    assert "a name is one line of 1 to 40 characters" in error and "^[" not in error


@pytest.mark.parametrize("name", ["👩\u200d💻 Ada", "מיכאל\u200f", "Zoë"])
def test_a_name_with_a_joiner_or_a_mark_inside_is_taken(client: TestClient, name: str) -> None:
    answer = _create(client, [{"kind": "human", "name": name}, {"kind": "bot", "bot": "random"}])
    assert answer.status_code == 201, answer.text
    assert answer.json()["seats"][0]["name"] == name


def test_a_bot_seat_takes_no_name(client: TestClient) -> None:
    answer = _create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random", "name": "Al"}])
    assert answer.status_code == 422


def test_names_survive_a_restart(database_url: str) -> None:
    with TestClient(create_app(database_url)) as client:
        created = _create(client, SEATS).json()
    with TestClient(create_app(database_url)) as client:  # a new server, the same database
        view = client.get(f"/api/tables/{created['table']}/view").json()
    assert _names(view["seats"]) == ["Ada", None, "<b>Bob</b> & co", None]


def test_a_database_of_the_first_schema_gets_the_names_column(sqlite_url: str) -> None:
    """A server's database made before names (migration 0001) is brought up to date
    when the server starts: its tables play on, their seats unnamed."""
    engine = sa.create_engine(sqlite_url)
    config = Config()
    config.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    with engine.begin() as connection:
        assert "name" not in {c["name"] for c in sa.inspect(connection).get_columns("seats")}
    engine.dispose()
    with TestClient(create_app(sqlite_url)) as client:
        created = _create(client, SEATS[:2])
        assert created.status_code == 201, created.text
        view = client.get(f"/api/tables/{created.json()['table']}/view").json()
    assert _names(view["seats"]) == ["Ada", None]


def test_a_person_names_their_seat_when_they_join(client: TestClient) -> None:
    created = _create(client, [{"kind": "human"}, {"kind": "human", "name": "Ada"}]).json()
    table, token = created["table"], created["seats"][0]["token"]
    named = client.post(f"/api/tables/{table}/name?token={token}", json={"name": " Grace "})
    assert named.status_code == 200, named.text
    assert _names(named.json()["seats"]) == ["Grace", "Ada"]
    other = created["seats"][1]["token"]
    view = client.get(f"/api/tables/{table}/view?token={other}").json()
    assert _names(view["seats"]) == ["Grace", "Ada"]  # the others see it
    bad = client.post(f"/api/tables/{table}/name?token={token}", json={"name": "a\tb"})
    assert bad.status_code == 422
    spectator = client.post(f"/api/tables/{table}/name", json={"name": "Eve"})
    assert spectator.status_code == 403
