"""Issue 19, names: a person's seat takes a name when the table is opened; every
answer that describes the seats carries it, and it is kept in the database."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from hypothesis import given, settings, strategies as st
from pydantic import BaseModel, TypeAdapter, ValidationError

from housebuilders.core import GameSpec, game, game_ids
from housebuilders.server import create_app, db
from housebuilders.server.schemas import RULES, ChatRequest, ChatText, NameRequest, SeatName
from housebuilders.server.seats import SeatInfo
from housebuilders.server.table import named

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


#: names refused for what they hold, and the words that say so (issue 42)
REFUSED = {
    "Ada\ufffe": "U+FFFE (a noncharacter)",  # not XML: it took the board away from everyone
    "Ada\uffff": "U+FFFF (a noncharacter)",
    "Ada\U0001fffe": "U+1FFFE (a noncharacter)",
    "\ufdd0Ada": "U+FDD0 (a noncharacter)",
    "A\x01da": "U+0001 (a control character)",
    "Ada\u2028Lovelace": "U+2028 (a line break)",
    "Ada\u2029Lovelace": "U+2029 (a line break)",
    "Ada\x85": "U+0085 (a line break)",
    "\ufeffAda": "U+FEFF (a byte order mark)",
    "\u00ad": "show nothing",  # a soft hyphen, a format character
    "\u3164": "show nothing",  # the Hangul filler, a letter that shows nothing
    "\u115f\u1160 \uffa0": "show nothing",
    "\u2800\u2800": "show nothing",  # the blank braille pattern, a symbol
    "\u0301\u0308": "show nothing",  # combining marks alone
    "\u200b \u2060": "show nothing",
    "Ada (seat 0)": "a seat's label",
    "Ada (Seat 12)": "a seat's label",
    "Ada(\u00a0seat\u30001 )": "a seat's label",
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_a_name_holding_what_breaks_or_hides_it_is_refused_in_words(
    client: TestClient, name: str
) -> None:
    """When a table is opened and when a seat is named: a character XML refuses would
    make every drawing of the table unreadable, a name that shows nothing hides who
    speaks, and a seat's label in a name would make it pass for another seat's."""
    answer = _create(client, [{"kind": "human", "name": name}, {"kind": "human"}])
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert RULES["name"] in error and REFUSED[name] in error, error
    seats = _create(client, [{"kind": "human"}, {"kind": "human", "name": "Ada"}]).json()
    table, token = seats["table"], seats["seats"][0]["token"]
    renamed = client.post(f"/api/tables/{table}/name?token={token}", json={"name": name})
    assert renamed.status_code == 422, renamed.text
    assert REFUSED[name] in renamed.json()["error"]


@pytest.mark.parametrize(
    "name",
    ["👩\u200d💻 Ada", "מיכאל\u200f", "Zoë", "Zoe\u0308", "Ada\u00adLovelace", "Seat 1",
     "Ada (seat)", "(1)", "\u3164Ada", "\U0001f3e0"],
)  # fmt: skip
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


@cache
def _boards() -> list[tuple[GameSpec, int, dict[str, Any], list[Any]]]:
    """Each game's new game for two seats as seat 0 sees it: the spec, the number of
    seats, the observation and the legal actions, as a table draws them."""
    boards = []
    for game_id in game_ids():
        spec = game(game_id)
        state = spec.new_game(max(2, spec.min_players), seed=1)
        boards.append((spec, state.num_players, state.observe(0), state.legal_json(0)))
    return boards


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_every_game_draws_a_well_formed_board_with_any_name(text: str) -> None:
    """Whatever name the server takes, at every seat, each game's drawing of a table
    (``named``, as ``Table._drawing`` does) is well-formed XML, so the page shows it;
    and so is a drawing of a text the server refuses, which the drawing's escaping
    alone keeps well-formed (a game's or a plugin's text is not checked as names are)."""
    try:
        name = TypeAdapter(SeatName).validate_python(text)
    except ValidationError:
        name = text
    for spec, players, observation, legal in _boards():
        seats = [SeatInfo("human", None, None, name=name) for _ in range(players)]
        drawing = spec.svg_view(named(observation, seats), legal)
        ET.fromstring(drawing)  # raises on a drawing that is not well-formed


#: the characters Python's Unicode assigns (a checker of a newer Unicode may read one
#: unassigned here as a letter, where the server does not: schemas.py says so), and
#: the pieces the rules are about
_ASSIGNED = st.characters(exclude_categories=["Cn", "Cs"])
_PIECES = st.sampled_from(
    ["(seat 1)", "(Seat 0)", "( seat\u00a02 )", "\u3164", "\u2800", "\u0301", "\u00ad",
     "\u2028", "\ufffe", "\U0010ffff", "\ufdd0", "\n", " ", "Ada"]
)  # fmt: skip


@pytest.mark.parametrize(
    ("request_type", "field", "shape"),
    [(NameRequest, "name", SeatName), (ChatRequest, "text", ChatText)],
    ids=["name", "chat"],
)
@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.text(_ASSIGNED, max_size=3), _PIECES), max_size=6).map("".join))
def test_the_documents_pattern_agrees_with_the_server(
    request_type: type[BaseModel], field: str, shape: Any, text: str
) -> None:
    """The document's pattern for a name or a chat message allows what the server takes
    and refuses what it refuses, as the contract check (test_openapi.py) needs: it is
    read here by the validator schemathesis checks with."""
    schema = request_type.model_json_schema()["properties"][field]
    pattern = jsonschema_rs.validator_for(schema)
    try:
        TypeAdapter(shape).validate_python(text)
        taken = True
    except ValidationError:
        taken = False
    assert pattern.is_valid(text) == taken
