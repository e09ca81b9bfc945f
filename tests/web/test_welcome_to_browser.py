"""Welcome To at the web table in a real browser: three people, three pages, one round
at a time, each choosing on their own page while the others do (issue 6).

A real server (`python -m housebuilders serve` on a SQLite file) holds a Welcome To
table of three human seats; three Chromium contexts open the three seats' links. In
each round every page makes its whole choice by clicking (the board's SVG parts,
which in Welcome To stand for every legal action; the action buttons otherwise), in
an order where nobody waits: one page finishes while the other two have not started,
and they still have their moves; clicks from the three pages in flight at once are
all accepted. When the last one has chosen, every page shows the next round. Without
/usr/bin/chromium the module skips, except in CI, where it fails.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import WAIT_MS, get, post

pytestmark = pytest.mark.browser

MAX_DECISIONS = 12  # a seat's choice in one round: pair, worker, house, action, plans


# -- fixtures ------------------------------------------------------------------------------
#: each page's seat view on the server (without the drawing), by the page's id
SEAT_VIEWS: dict[int, str] = {}


@pytest.fixture
def pages(browser: Any, server: str) -> Iterator[list[Any]]:
    """The three seats of a new Welcome To table, each in its own browser context
    (three people, three screens); any script error on a page fails the test."""
    created = post(
        server + "/api/tables",
        {"game": "welcome-to", "seats": [{"kind": "human"}] * 3, "seed": 12},
    )
    contexts, pages, errors = [], [], []
    for seat in created["seats"]:
        table, token = created["table"], seat["token"]
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + seat["url"])
        SEAT_VIEWS[id(page)] = f"{server}/api/tables/{table}/view?token={token}&svg=false"
        contexts.append(context)
        pages.append(page)
    for page in pages:
        page.wait_for_selector('body:not([data-log-length="-1"]) #board svg')
    yield pages
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the pages: {errors}"


# -- helpers -------------------------------------------------------------------------------
def log_length(page: Any) -> int:
    """The number of moves the page's seat knows of (the others' choices of the round
    are not among them until the reveal)."""
    return int(page.get_attribute("body", "data-log-length"))


def observed_round(page: Any) -> int:
    """The round in the observation the page is showing."""
    return int(
        page.evaluate("JSON.parse(document.getElementById('observation').textContent).round")
    )


def choosing(page: Any) -> bool:
    """The page's seat has a choice to make, and the page offers its moves."""
    return (
        page.get_attribute("body", "data-your-turn") == "true"
        and page.locator("#actions button[data-index]").count() > 0
        and page.locator("#board [data-index].live").count() > 0
    )


def click_once(page: Any, rng: random.Random) -> None:
    """Click one of the page's moves: a live SVG part if there is one, else a button
    (without waiting for the server's answer)."""
    page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
    parts = page.locator("#board [data-index].live")
    if parts.count():
        parts.nth(rng.randrange(parts.count())).click()
    else:
        page.locator("#actions button[data-index]").first.click()


def settle(page: Any, length: int) -> None:
    """Until the page shows a table with at least ``length`` actions, not busy, and no
    refusal."""
    page.wait_for_function(
        """n => (Number(document.body.dataset.logLength) >= n
                 && document.body.dataset.busy !== "true")
               || document.querySelector('#message.error') !== null""",
        arg=length,
    )
    message = page.locator("#message.error")
    assert message.count() == 0, f"a move was refused: {message.text_content()}"


def choose_all(page: Any, rng: random.Random) -> int:
    """Make the page's whole choice for the round, one click at a time; returns the
    number of clicks."""
    start = observed_round(page)
    for clicks in range(MAX_DECISIONS):
        mine = page.get_attribute("body", "data-your-turn") == "true"
        if not mine or observed_round(page) != start:  # chosen; or the last, and revealed
            return clicks
        before = log_length(page)
        click_once(page, rng)
        settle(page, before + 1)
    pytest.fail(f"a choice took more than {MAX_DECISIONS} clicks")


def catch_up(pages: list[Any]) -> None:
    """Until every page shows what its seat's view on the server shows now."""
    for page in pages:
        settle(page, get(SEAT_VIEWS[id(page)])["log_length"])


# -- the test ------------------------------------------------------------------------------
def test_three_people_choose_in_the_same_round_without_waiting(pages: list[Any]) -> None:
    rng = random.Random(3)
    assert [p.text_content("#you") for p in pages] == [f"you are seat {s}" for s in range(3)]
    assert all(p.text_content("#status") == "Your turn (2 others choosing too)" for p in pages)
    assert all(observed_round(p) == 1 for p in pages)

    for number, order in enumerate([(0, 2, 1), (1, 0, 2), (2, 1, 0)], start=1):
        catch_up(pages)
        assert all(observed_round(p) == number for p in pages)
        first, second, last = (pages[s] for s in order)
        # the first makes their whole choice while the other two have not started ...
        assert choose_all(first, rng) >= 2
        catch_up(pages)
        others = sorted(order[1:])
        assert not choosing(first)
        assert first.text_content("#status") == f"Waiting for seats {others[0]} and {others[1]}"
        # ... and the other two still have their moves: nobody waits for anyone
        assert choosing(second) and choosing(last)
        assert second.text_content("#status") == "Your turn (1 other choosing too)"
        choose_all(second, rng)
        catch_up(pages)
        assert choosing(last) and observed_round(last) == number
        choose_all(last, rng)
        catch_up(pages)
        # the last choice reveals the round: every page shows the next one
        assert all(observed_round(p) == number + 1 for p in pages)

    # a round in which the pages click at the same moment: each click's request is held
    # until every page has sent one, then all reach the server together
    for _ in range(MAX_DECISIONS):
        if observed_round(pages[0]) > 4:
            break
        catch_up(pages)
        active = [p for p in pages if p.get_attribute("body", "data-your-turn") == "true"]
        before = [log_length(p) for p in active]
        clicks_at_once(active, rng)
        for page, length in zip(active, before, strict=True):
            settle(page, length + 1)  # its own move (or more: the round revealed)
    catch_up(pages)
    assert all(observed_round(p) == 5 for p in pages)


def clicks_at_once(pages: list[Any], rng: random.Random) -> None:
    """A click on each page, their requests held back until all are sent, then let go
    together: none of them saw the others' moves."""
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    for page in pages:
        page.route("**/api/tables/*/actions*", hold)
        click_once(page, rng)
    while len(held) < len(pages):
        pages[0].wait_for_timeout(10)  # lets Playwright hand over the held requests
    for route in held:
        route.continue_()
    for page in pages:
        page.wait_for_selector('body:not([data-busy="true"])')  # answered
        page.unroute("**/api/tables/*/actions*")
    refused = [p.text_content("#message") for p in pages if p.locator("#message.error").count()]
    assert not refused, f"clicks made at the same moment were refused: {refused}"
