"""What changed since your last turn (issue 46, boards that explain themselves): when
the seat's turn comes again, the parts of the board the others' moves changed flash
(class "changed") and the log's lines since then are marked new; the first view marks
nothing, and a board laid out anew marks nothing rather than everything."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import post

pytestmark = pytest.mark.browser


def _turn(page: Any, log_length: str | None = None) -> str:
    if log_length is not None:
        page.wait_for_selector(f'body:not([data-log-length="{log_length}"])[data-your-turn="true"]')
    else:
        page.wait_for_selector('body[data-your-turn="true"]')
    return page.get_attribute("body", "data-log-length")


@pytest.mark.parametrize("game", ["mr-house-basic", "dream-home"])
def test_what_the_others_changed_is_lit_when_the_turn_comes_back(
    page: Any, server: str, game: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    created = post(server + "/api/tables", {"game": game, "seats": seats, "seed": 5})
    page.goto(server + created["seats"][0]["url"])
    before = _turn(page)
    assert page.locator("#board svg .changed").count() == 0  # the first view: nothing
    assert page.locator("#log li.new").count() == 0
    for _ in range(6):  # the seat's moves, until a bot's come between two of them
        page.locator("#actions button[data-index]").first.click()
        now = _turn(page, before)
        log = page.locator("#log li").count()
        if page.locator("#board svg .changed").count() and page.locator("#log li.new").count():
            break
        before = now
    changed = page.locator("#board svg .changed")
    assert changed.count() > 0, "nothing lit on the board when the turn came back"
    assert 0 < page.locator("#log li.new").count() <= log
