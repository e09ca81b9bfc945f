"""Issue 46's layout over whole games: every game played from its first move to its
end, at a phone's size (390 x 844, touch) and a desktop's (1280 x 800, a mouse).

At the person's decisions spread over the game (the 1st, 4th, 16th, 64th... of
theirs) a page is opened on the seat and measured as tests/web/test_layout.py
measures it: no sideways scroll, every drawing in the viewport; on the phone the
board's smallest text at least 11 px, tap targets of 24 px, the board and the moves
on the first screen. Every live part of the board is tapped on the phone (up to 12,
spread over it, clicked on the desktop), and each must play its own move with no
"Which one did you mean?" (the move is caught on its way: nothing is played); a
prompt's text (Welcome To's) is never under its buttons. Then the final table.

The person's moves are random legal ones sent to the server, with no page open
between the checks (a page drawing every move only slows the game down); the others
are random bots (greedy in House of Fado, whose random games run to a thousand
moves).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.web.conftest import get, post
from tests.web.test_layout import (
    DESKTOP,
    GAMES,
    PHONE,
    check_layout,
    check_prompts,
    open_page,
    tap_every_part,
)

pytestmark = pytest.mark.browser

#: the person's decisions checked (1 is the first): a few, spread from start to end
CHECKED = (1, 4, 16, 64, 256)
#: live parts clicked at each check on the desktop, at most (spread over the board);
#: on the phone every live part is tapped
CLICKS = 12


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_at_a_phones_and_a_desktops_size(
    browser: Any, server: str, game: str, size: str
) -> None:
    phone = size == "phone"
    bot = {"kind": "bot", "bot": "greedy" if game == "house-of-fado" else "random"}
    seats = [{"kind": "human"}] + [bot] * (GAMES[game] - 1)
    created = post(server + "/api/tables", {"game": game, "seats": seats, "seed": 11})
    table, token = created["table"], created["seats"][0]["token"]
    view_url = f"{server}/api/tables/{table}/view?token={token}"
    url, errors = server + created["seats"][0]["url"], []
    rng = random.Random(f"{game} {size}")
    decisions, checked, tapped = 0, 0, 0
    deadline = time.monotonic() + 600
    while True:
        assert time.monotonic() < deadline, f"{game} did not end"
        view = get(view_url + "&svg=false")
        if view["terminal"]:
            break
        if 0 not in view["acting"] or not view["legal_actions"]:
            time.sleep(0.02)  # a bot's move
            continue
        decisions += 1
        if decisions in CHECKED:
            page, more = open_page(browser, PHONE if phone else DESKTOP, url)
            page.wait_for_function(
                """n => document.body.dataset.yourTurn === 'true'
                    && document.body.dataset.busy !== 'true'
                    && document.body.dataset.logLength === String(n)""",
                arg=view["log_length"],
            )
            check_layout(page, phone=phone)
            check_prompts(page)
            tapped += tap_every_part(page, view_url, limit=0 if phone else CLICKS)
            checked += 1
            page.context.close()
            errors += more
        move = rng.choice(view["legal_actions"])["index"]
        post(f"{server}/api/tables/{table}/actions?token={token}", {"index": move})
    page, more = open_page(browser, PHONE if phone else DESKTOP, url)
    page.wait_for_selector("#final-area:not([hidden]) #final")
    check_layout(page, phone=phone, playing=False)
    page.context.close()
    errors += more
    assert checked >= 3 and tapped > 0, (decisions, checked, tapped)
    assert not errors, errors
