"""In a real browser: a Master Builder part the seat may not play asks why not and shows
the rule; a table page whose kept token the server refuses (the view's 403, the
websocket's 4403) says so, stops "Connecting…" and offers the lobby and the spectator's
page. Without /usr/bin/chromium the module skips, except in CI, where it fails."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import get, post

pytestmark = pytest.mark.browser


def wait_for_view(page: Any) -> None:
    page.wait_for_selector('body:not([data-log-length="-1"])')


def test_a_greyed_master_builder_deck_asks_why_not_and_names_the_hiring_rule(
    page: Any, server: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = post(server + "/api/tables", {"game": "master-builder", "seats": seats, "seed": 4})
    table, tokens = created["table"], [s["token"] for s in created["seats"]]
    # the draft: both seats take the first legal card (a master craftsman while there is
    # one), until the master craftsmen's deck is empty (8 picks at 2 players)
    for pick in range(8):
        seat = pick % 2
        view = get(f"{server}/api/tables/{table}/view?token={tokens[seat]}&svg=false")
        first = view["legal_actions"][0]["index"]
        post(f"{server}/api/tables/{table}/actions?token={tokens[seat]}&svg=false",
             {"index": first})  # fmt: skip
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-your-turn="true"]')
    before = page.get_attribute("body", "data-log-length")
    with page.expect_response("**/api/tables/*/why*") as answer:
        page.locator('#board g.ask[data-action*="hire-worker"]').first.click()
    assert answer.value.status == 200 and answer.value.json()["legal"] is False
    message = page.locator("#message.why")
    message.wait_for()
    text = message.text_content()
    assert text.startswith("Why not “hire the face-up master craftsman”?")
    assert "the master craftsman deck is empty" in text
    assert text.endswith("(master-builder §Hiring a Worker)")
    assert page.get_attribute("body", "data-log-length") == before  # nothing was played


def kept_bad_token(page: Any, server: str, socket_only: bool = False) -> str:
    """A table's page opened with a token that is no seat's in its address's fragment
    (where a seat's page keeps its own); returns the table. ``socket_only``: the view
    cannot be fetched, so the refusal is the websocket's 4403."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    table = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats})["table"]
    if socket_only:
        page.route("**/api/tables/*/view*", lambda route: route.abort())
    page.goto(f"{server}/t/{table}#token=not-a-seat")
    return table


def check_refused(page: Any, table: str) -> None:
    """The page says the link is refused, not "Connecting…" nor "spectating", offers
    the lobby and the spectator's page, and takes the token out of the address."""
    page.wait_for_selector('body[data-refused="403"]')
    status = page.text_content("#status")
    assert status != "Connecting…" and "not a seat" in status
    assert page.text_content("#you") != "spectating"
    assert page.locator("#message.error").is_visible()
    assert page.get_attribute("#refused-lobby", "href") == "/"
    assert page.get_attribute("#refused-spectate", "href") == f"/t/{table}"
    assert "token" not in page.url


def check_watching(page: Any, table: str) -> None:
    """The spectator's link watches the table; a reload still does (no token kept)."""
    page.click("#refused-spectate")
    page.wait_for_url(f"**/t/{table}")
    wait_for_view(page)
    assert page.text_content("#you") == "spectating"
    page.reload()
    wait_for_view(page)
    assert page.text_content("#you") == "spectating"
    assert page.get_attribute("body", "data-refused") is None


def test_a_refused_token_from_the_view_offers_the_spectators_page_and_the_lobby(
    page: Any, server: str
) -> None:
    page.add_init_script("delete window.WebSocket")  # the view alone: its 403
    table = kept_bad_token(page, server)
    check_refused(page, table)
    check_watching(page, table)


def test_a_refused_token_from_the_websocket_offers_the_spectators_page_and_the_lobby(
    page: Any, server: str
) -> None:
    table = kept_bad_token(page, server, socket_only=True)
    check_refused(page, table)
    page.unroute("**/api/tables/*/view*")
    check_watching(page, table)


def test_the_refused_pages_lobby_link_goes_to_the_lobby(page: Any, server: str) -> None:
    kept_bad_token(page, server)
    page.wait_for_selector('body[data-refused="403"]')
    page.click("#refused-lobby")
    page.wait_for_selector("#create")
