"""The chat and the hint button (issue 19) in a real browser: two people at one table
talk to each other (and a spectator reads along), and a person at a table opened with
hints from the lobby asks for one, sees it named and marked on the board, and plays it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import WAIT_MS, post

pytestmark = pytest.mark.browser


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    """``open_page()``: a fresh page in a browser context of its own (another person);
    an uncaught script error on any of them fails the test."""
    contexts, errors = [], []

    def new() -> Any:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield new
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the page: {errors}"


def _said(page: Any) -> list[str]:
    return page.locator("#chat-log li[data-id]").all_text_contents()


def _wait_for_lines(page: Any, count: int) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll('#chat-log li[data-id]').length === n", arg=count
    )


def test_two_people_at_a_table_chat_and_a_spectator_reads_along(
    open_page: Any, server: str
) -> None:
    created = post(
        server + "/api/tables",
        {"game": "mr-house-basic", "seed": 5,
         "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "<b>Bob</b>"}]},
    )  # fmt: skip
    ada, bob, watcher = open_page(), open_page(), open_page()
    ada.goto(server + created["seats"][0]["url"])
    bob.goto(server + created["seats"][1]["url"])
    watcher.goto(server + created["spectate"])
    for page in (ada, bob, watcher):
        page.wait_for_selector("#connection.live")
        assert page.text_content("#chat-log") == "Nobody has said anything yet."

    ada.fill("#chat-input", 'Hello <i>Bob</i> <img src=x onerror="document.title=1">\nyour move')
    ada.press("#chat-input", "Enter")
    line = 'Ada (seat 0): Hello <i>Bob</i> <img src=x onerror="document.title=1">\nyour move'
    for page in (bob, watcher, ada):
        _wait_for_lines(page, 1)
        assert _said(page) == [line]
        assert page.locator("#chat-log i, #chat-log img").count() == 0  # text, never markup
    assert ada.input_value("#chat-input") == ""

    bob.fill("#chat-input", "Thanks, Ada!")
    bob.click("#chat-form button[type=submit]")
    reply = "<b>Bob</b> (seat 1): Thanks, Ada!"
    for page in (ada, watcher):
        _wait_for_lines(page, 2)
        assert _said(page) == [line, reply]
    assert bob.locator("#chat-log b").count() == 0

    # the spectator reads but has no box to write in; a page opened later gets it all
    assert watcher.is_hidden("#chat-form") and watcher.is_visible("#chat-note")
    late = open_page()
    late.goto(server + created["spectate"])
    _wait_for_lines(late, 2)
    assert _said(late) == [line, reply]


def test_chatting_too_fast_is_told_in_the_chat_box(open_page: Any, server: str) -> None:
    created = post(
        server + "/api/tables",
        {"game": "mr-house-basic", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1},
    )
    page = open_page()
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector("#connection.live")
    # the server takes a burst of 5 from one seat, then one every 2 s: sent faster,
    # one is soon refused (on a busy machine perhaps not the sixth)
    for n in range(20):
        page.fill("#chat-input", f"message {n}")
        page.press("#chat-input", "Enter")
        page.wait_for_selector("#chat-input:not([disabled])")
        if page.is_visible("#chat-error"):
            break
    assert n >= 5, "refused within the burst"
    assert "chatting too fast" in page.text_content("#chat-error")
    assert page.input_value("#chat-input") == f"message {n}"  # kept, to send again
    assert _said(page) == [f"Seat 0: message {k}" for k in range(n)]


def test_a_hint_from_the_lobby_s_hints_box_names_and_marks_a_legal_move(
    open_page: Any, server: str
) -> None:
    page = open_page()
    page.goto(server + "/")
    page.select_option("#game", "mr-house-basic")
    page.select_option("#players", "2")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "greedy")
    page.click("details.more summary")
    page.fill("#seed", "5")
    page.check("#hints")
    page.click("#create")
    page.locator('#links a.seat-link[data-seat="0"]').click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector('body[data-your-turn="true"]')

    page.click("#hint")
    page.wait_for_selector("#hint-box .hint-move")
    named = page.text_content("#hint-box .hint-move").removeprefix("Hint: ")
    moves = page.locator("#actions button[data-index]").all_text_contents()
    assert named in moves
    why = page.text_content("#hint-box .hint-why")
    assert why.startswith("It gives ") and "The next best, " in why  # in the game's words
    others = page.locator("#hint-box .hint-others li").all_text_contents()
    assert others and all("point" in item for item in others)  # each with what it gains
    marked = page.locator("#actions button.action.hinted")
    assert marked.count() == 1 and marked.text_content() == named
    index = marked.get_attribute("data-index")
    on_board = page.locator(f'#board [data-index="{index}"].hinted')
    assert on_board.count() >= 1  # the move is marked on the board too
    before = int(page.get_attribute("body", "data-log-length"))
    on_board.first.click()  # play it
    page.wait_for_function("b => Number(document.body.dataset.logLength) > b", arg=before)
    page.wait_for_selector("#hint-box", state="hidden")  # it held for that view only
    assert page.locator(".hinted").count() == 0


def test_no_hint_button_at_a_table_without_hints(open_page: Any, server: str) -> None:
    created = post(
        server + "/api/tables",
        {"game": "mr-house-basic", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 5},
    )
    page = open_page()
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-your-turn="true"]')
    assert page.is_hidden("#hint")
