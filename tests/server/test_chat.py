"""The chat of a table (issue 19): a seat writes, everyone at the table reads (the
seats and the spectators), live over the websocket and from the database when a page
opens; messages are checked, stored as plain text and rate-limited per seat."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from housebuilders.server import create_app, db
from housebuilders.server.limits import Limits
from housebuilders.server.schemas import CHAT_LENGTH, RULES
from housebuilders.server.service import CHAT_HISTORY
from housebuilders.server.table import Inbox
from tests.server.conftest import create, served_by, tokens

MARKUP = '<img src=x onerror="alert(1)"> <b>bold</b> & <script>x()</script>'


def _say(client: TestClient, table: str, token: str | None, text: Any) -> Any:
    params = {"token": token} if token else {}
    return client.post(f"/api/tables/{table}/chat", params=params, json={"text": text})


def _history(client: TestClient, table: str, token: str | None = None) -> list[dict[str, Any]]:
    params = {"token": token} if token else {}
    response = client.get(f"/api/tables/{table}/chat", params=params)
    assert response.status_code == 200, response.text
    return response.json()["messages"]


def _table(client: TestClient, **extra: Any) -> tuple[str, dict[int, str]]:
    created = create(client, "mr-house-basic", "human,human", seed=3, **extra)
    return created["table"], tokens(created)


def test_a_seat_s_message_is_stored_and_pushed_to_every_seat_and_spectator(
    client: TestClient,
) -> None:
    table, seat = _table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={seat[0]}") as mine,
        client.websocket_connect(f"/ws/tables/{table}?token={seat[1]}") as theirs,
        client.websocket_connect(f"/ws/tables/{table}") as watching,
    ):
        for ws in (mine, theirs, watching):
            assert ws.receive_json()["type"] == "view"  # as before: a view on connect
        said = _say(client, table, seat[1], "  good luck,\neveryone  ")
        assert said.status_code == 201, said.text
        message = said.json()
        assert message["seat"] == 1 and message["text"] == "good luck,\neveryone"
        assert message["id"] > 0 and message["time"].endswith("+00:00")
        for ws in (mine, theirs, watching):
            assert ws.receive_json() == {"type": "chat", "message": message}
    # the same history for every seat and for a spectator
    assert _history(client, table) == _history(client, table, seat[0]) == [message]
    assert _history(client, table, seat[1]) == [message]


def test_spectators_read_the_chat_but_may_not_write_in_it(client: TestClient) -> None:
    table, seat = _table(client)
    _say(client, table, seat[0], "hello")
    refused = _say(client, table, None, "me too")
    assert refused.status_code == 403
    assert refused.json()["error"] == (
        "spectators read the chat but may not write in it: open your seat's link"
    )
    assert _say(client, table, None, "").status_code == 403  # before the body is looked at
    assert _say(client, table, "not-a-seat", "hi").status_code == 403
    assert client.get(f"/api/tables/{table}/chat", params={"token": "nope"}).status_code == 403
    assert _say(client, "no-such-table", seat[0], "hi").status_code == 404
    assert [m["text"] for m in _history(client, table)] == ["hello"]


@pytest.mark.parametrize(
    "text",
    ["", "   ", "\n\n", "a\tb", "ring\x07", "a\rb", "\x00", "x" * (CHAT_LENGTH + 1), 7, None,
     "\u200b", "\u202egnp.exe"],
)
def test_a_message_that_is_empty_too_long_or_has_a_control_character_is_refused(
    client: TestClient, text: Any
) -> None:
    table, seat = _table(client)
    refused = _say(client, table, seat[0], text)
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"].startswith("invalid request: body.text")
    assert _history(client, table) == []


#: messages refused for what they hold, and the words that say so (issue 42)
REFUSED = {
    "\u202egnp.exe": "U+202E (a direction override)",
    "hello\ufffe": "U+FFFE (a noncharacter)",  # not XML: no page could draw it
    "hello\uffff": "U+FFFF (a noncharacter)",
    "hello\U0010ffff": "U+10FFFF (a noncharacter)",
    "\ufdefhello": "U+FDEF (a noncharacter)",
    "one\u2028two": "U+2028 (a line break)",  # the newline is the one line break
    "one\u2029two": "U+2029 (a line break)",
    "one\r\ntwo": "U+000D (a line break)",
    "\u00ad": "show nothing",
    "\u3164\n\u3164": "show nothing",
    "\u2800": "show nothing",
    "\u0300\u0301\u0302": "show nothing",
    "\ufe0f \u200d": "show nothing",
}


@pytest.mark.parametrize("text", list(REFUSED))
def test_a_message_that_breaks_or_shows_nothing_is_refused_in_words(
    client: TestClient, text: str
) -> None:
    table, seat = _table(client)
    refused = _say(client, table, seat[0], text)
    assert refused.status_code == 422, refused.text
    error = refused.json()["error"]
    assert RULES["text"] in error and REFUSED[text] in error, error
    assert _history(client, table) == []


def test_a_message_may_break_lines_and_hold_marks_and_joiners(client: TestClient) -> None:
    table, seat = _table(client)
    for text in ("two\nlines", "e\u0301t\u00e9", "\u3164 hi", "👩\u200d💻", "so\u00adft"):
        said = _say(client, table, seat[0], text)
        assert said.status_code == 201, said.text
        assert said.json()["text"] == text


def test_a_message_is_kept_as_plain_text_whatever_it_says(client: TestClient) -> None:
    table, seat = _table(client)
    for text in (MARKUP, "x" * CHAT_LENGTH, "two\nlines", "é 🏠 ünïcode"):
        said = _say(client, table, seat[0], text)
        assert said.status_code == 201, said.text
        assert said.json()["text"] == text  # stored and answered as it was written
    assert [m["text"] for m in _history(client, table)][0] == MARKUP
    page = client.get(f"/t/{table}", headers={"Accept": "text/html"}).text
    assert "onerror" not in page  # the page is given no message: its script shows them


def test_a_seat_that_chats_too_fast_is_told_to_wait(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, seat = _table(client)
    chatter = client.app.state.service.chatter
    now = [1000.0]
    monkeypatch.setattr(chatter, "clock", lambda: now[0])
    burst = Limits().chat_messages
    for n in range(burst):
        assert _say(client, table, seat[0], f"message {n}").status_code == 201
    refused = _say(client, table, seat[0], "one more")
    assert refused.status_code == 429
    assert refused.json()["error"] == (
        f"you are chatting too fast ({burst} messages in 10 s at most): try again in 2 s"
    )
    assert refused.headers["retry-after"] == "2"
    assert _say(client, table, seat[1], "the other seat may").status_code == 201
    now[0] += 2
    assert _say(client, table, seat[0], "one more").status_code == 201
    assert len(_history(client, table)) == burst + 2  # the refused one was not stored


def test_no_chat_limit_and_the_page_gets_the_newest_messages(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, Limits(chat_messages=0))) as client:
        table, seat = _table(client)
        for n in range(CHAT_HISTORY + 5):
            assert _say(client, table, seat[n % 2], f"message {n}").status_code == 201
        shown = _history(client, table)
    assert [m["text"] for m in shown] == [f"message {n}" for n in range(5, CHAT_HISTORY + 5)]
    assert [m["seat"] for m in shown[:2]] == [1, 0]


def test_the_chat_survives_a_restart(database_url: str) -> None:
    with TestClient(create_app(database_url)) as client:
        table, seat = _table(client)
        said = [_say(client, table, seat[n], f"from seat {n}").json() for n in (0, 1)]
    with TestClient(create_app(database_url)) as client:  # a new server, the same database
        assert _history(client, table) == said
        again = _say(client, table, seat[0], "still here")
        assert again.status_code == 201 and again.json()["id"] > said[1]["id"]


def test_a_database_before_the_chat_is_upgraded(sqlite_url: str) -> None:
    """A server's database made before the chat and hints (migration 0004) gets the
    chat_messages table and the hints column when the server starts."""
    engine = sa.create_engine(sqlite_url)
    config = Config()
    config.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    with engine.begin() as connection:
        assert "chat_messages" not in sa.inspect(connection).get_table_names()
    engine.dispose()
    with TestClient(create_app(sqlite_url)) as client:
        table, seat = _table(client, hints=True)
        assert _say(client, table, seat[0], "hi").status_code == 201
        assert client.get(f"/api/tables/{table}/view").json()["hints"] is True


def test_a_slow_listener_misses_older_views_but_no_chat_message() -> None:
    inbox = Inbox()
    for n in range(3):
        inbox.put_nowait({"type": "view", "view": n})
        inbox.put_nowait({"type": "chat", "message": n})
    kept = [inbox.get_nowait() for _ in range(inbox.qsize())]
    assert kept == [
        {"type": "chat", "message": 0},
        {"type": "chat", "message": 1},
        {"type": "view", "view": 2},
        {"type": "chat", "message": 2},
    ]
    for n in range(Inbox.CHAT_KEPT + 3):  # a listener that far behind misses the oldest
        inbox.put_nowait({"type": "chat", "message": n})
    assert inbox.qsize() == Inbox.CHAT_KEPT
    assert inbox.get_nowait()["message"] == 3
    assert asyncio.Queue in type(inbox).__mro__


def test_the_chat_limit_comes_from_serve_s_option_else_the_environment(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert Limits.from_env({"HOUSEBUILDERS_CHAT_MESSAGES": "2"}).chat_messages == 2
    app, result = served_by(monkeypatch, "--database-url", sqlite_url, "--chat-messages", "9")
    assert result.exit_code == 0, result.output
    assert app.state.limits.chat_messages == 9
