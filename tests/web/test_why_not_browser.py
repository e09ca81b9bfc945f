"""'Why not?' everywhere (issue 46): in every game, a click on any drawn part of the
board either plays a move or says something: the engine's refusal for a part that
stands for a move not legal now ("Why not …? …"), else what the part is and that it
is not a move now, with where the moves are. Nothing a seat clicks is met by silence.
The moves themselves are held back (the test answers them) so that the position
stays put while every part is clicked."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.web.conftest import get, post

pytestmark = pytest.mark.browser

GAMES = ["mr-house-basic", "mr-house-advanced", "welcome-to", "dream-home", "house-of-fado",
         "master-builder"]  # fmt: skip
#: the drawn parts a person may click: moves, parts asking why not, parts with a tooltip
PARTS = "#board svg g.act, #board svg g.ask, #board svg g:has(> title)"
CLEAR = (
    "() => { const m = document.getElementById('message'); m.hidden = true; m.textContent = ''; }"
)


def _at_turn(server: str, table: str, token: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        seen = get(f"{server}/api/tables/{table}/view?svg=false&token={token}")
        if 0 in seen["acting"] and seen["legal_actions"]:
            return seen
        time.sleep(0.05)
    raise AssertionError("the seat's turn did not come")


def _answered(page: Any, moves: list[str], before: int) -> bool:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if len(moves) > before:
            return True
        message = page.locator("#message")
        if message.is_visible() and (message.text_content() or "").strip():
            return True
        time.sleep(0.02)
    return False


@pytest.mark.parametrize("game", GAMES)
def test_every_drawn_part_plays_or_says_why_not(page: Any, server: str, game: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = post(server + "/api/tables", {"game": game, "seats": seats, "seed": 3})
    table, token = created["table"], created["seats"][0]["token"]
    rng = random.Random(3)
    moves: list[str] = []

    def hold(route: Any) -> None:  # the move is asked for, and not played
        moves.append(route.request.post_data or "")
        route.fulfill(status=409, content_type="application/json", body='{"error": "held"}')

    for played in (0, 12):  # the first position, then one a dozen moves on
        for _ in range(played):
            seen = _at_turn(server, table, token)
            move = {"index": rng.choice(seen["legal_actions"])["index"]}
            post(f"{server}/api/tables/{table}/actions?token={token}", move)
        _at_turn(server, table, token)
        page.unroute("**/api/tables/*/actions*")
        page.goto(server + created["seats"][0]["url"])
        page.wait_for_selector('body[data-your-turn="true"]')
        page.route("**/api/tables/*/actions*", hold)
        parts = page.locator(PARTS)
        count = parts.count()
        assert count > 0
        silent = []
        for i in range(count):
            part = parts.nth(i)
            page.evaluate(CLEAR)
            before = len(moves)
            part.dispatch_event("click")
            if not _answered(page, moves, before):
                silent.append(
                    part.locator(":scope > title").all_text_contents()
                    or part.get_attribute("class")
                )
            page.locator("#pick-cancel").filter(visible=True).all() and page.click("#pick-cancel")
        assert not silent, f"{game}, {played} moves in: clicks met by silence on {silent[:5]}"
