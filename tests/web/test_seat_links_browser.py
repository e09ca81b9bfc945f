"""Seat links kept (issue 46): a seat's address stays in the address bar (in its
fragment, never sent to the server), so its owner can reload it, bookmark it and open
it on another device; a spectator's page says plainly that it has no seat; and every
person's browser lists the tables it took a seat at, the next table of a game played
again included, not only the tables it opened."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import WAIT_MS, get, post

pytestmark = pytest.mark.browser


@pytest.fixture
def fresh(browser: Any) -> Iterator[Any]:
    """A page in a browser of its own each call (another person, another device)."""
    contexts: list[Any] = []

    def open_page() -> Any:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        return page

    yield open_page
    for context in contexts:
        context.close()


def _wait_for_view(page: Any) -> None:
    page.wait_for_selector('body:not([data-log-length="-1"])')


def _two_people(server: str) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
    return post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats, "seed": 4})


def test_a_seats_address_opens_the_seat_anywhere_and_a_spectators_says_it_has_none(
    fresh: Any, server: str
) -> None:
    created = _two_people(server)
    ada = fresh()
    ada.goto(server + created["seats"][0]["url"])
    _wait_for_view(ada)
    address = ada.url  # what Ada bookmarks or copies to her phone
    assert "?" not in address and address.endswith(f"#token={created['seats'][0]['token']}")
    assert ada.is_hidden("#spectator-note")

    elsewhere = fresh()  # another browser, the copied address
    elsewhere.goto(address)
    _wait_for_view(elsewhere)
    assert elsewhere.text_content("#you") == "you are Ada (seat 0)"
    assert elsewhere.is_hidden("#spectator-note")

    watcher = fresh()
    watcher.goto(server + created["spectate"])
    _wait_for_view(watcher)
    assert watcher.text_content("#you") == "spectating"
    note = watcher.locator("#spectator-note")
    assert note.is_visible() and "this address has no seat" in " ".join(note.text_content().split())


def _finish(server: str, table: str, tokens: list[str]) -> None:
    """Both people play their first legal move until the game is over (over HTTP)."""
    for _ in range(2000):
        seen = get(f"{server}/api/tables/{table}/view?svg=false&token={tokens[0]}")
        if seen["terminal"]:
            return
        seat = seen["acting"][0]
        mine = get(f"{server}/api/tables/{table}/view?svg=false&token={tokens[seat]}")
        index = mine["legal_actions"][0]["index"]
        post(f"{server}/api/tables/{table}/actions?token={tokens[seat]}", {"index": index})
    raise AssertionError("the game did not end")


def test_the_lobby_lists_the_seats_this_browser_took_and_the_next_table(
    fresh: Any, server: str
) -> None:
    created = _two_people(server)  # made by someone else: Bea's browser opened no table
    tokens = [s["token"] for s in created["seats"]]
    bea = fresh()
    bea.goto(server + created["seats"][1]["url"])
    _wait_for_view(bea)
    seat_address = bea.url
    _finish(server, created["table"], tokens)
    again = post(f"{server}/api/tables/{created['table']}/rematch?token={tokens[0]}", {})
    bea.wait_for_selector("#rematch-box:not([hidden])")  # the page learns of the next table

    bea.goto(server + "/")
    tables = bea.locator("#mine .my-table")
    assert [t.get_attribute("data-table") for t in tables.all()] == [
        again["table"],
        created["table"],
    ]
    for entry in tables.all():
        entry.locator("summary").click()
    links = bea.locator('#mine a.seat-link[data-seat="1"]')
    assert links.count() == 2
    assert links.nth(1).get_attribute("href") == seat_address
    assert "Bea (seat 1)" in tables.nth(1).text_content()
    links.nth(0).click()  # the next table, as Bea
    _wait_for_view(bea)
    assert bea.text_content("#you") == "you are Bea (seat 1)"
    assert again["table"] in bea.url
