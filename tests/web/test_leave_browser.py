"""Issue 46 at the table page: the outage's note goes once the server is back; leaving
(and resigning, and the vote to abandon) asks first, in the page; the seat's buttons do
not move while views stream in."""

from __future__ import annotations

from typing import Any

import pytest

from housebuilders.core import game
from tests.live_server import LiveServer
from tests.web.conftest import WAIT_MS, get, post
from tests.web.test_layout import DESKTOP, PHONE, check_prompts

pytestmark = pytest.mark.browser


def test_the_outage_note_goes_once_the_server_is_back(browser: Any, tmp_path: Any) -> None:
    # a server of its own, stopped and started again on the same port and database
    live = LiveServer(f"sqlite:///{tmp_path / 't.db'}", options=["--tables-per-minute", "0"])
    live.start()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        seats = [{"kind": "human"}, {"kind": "human"}]
        created = post(live.url + "/api/tables", {"game": "welcome-to", "seats": seats, "seed": 1})
        page.goto(live.url + created["seats"][0]["url"])
        page.wait_for_selector('body[data-your-turn="true"]')
        page.wait_for_selector("#connection.live")
        live.stop()
        page.wait_for_selector("#connection:not(.live)")
        page.locator("#actions button[data-index]").first.click()
        note = page.locator("#message.notice")
        note.wait_for()
        assert "Could not reach the server" in note.text_content()
        live.start()
        page.wait_for_selector("#connection.live", timeout=60_000)
        note.wait_for(state="hidden", timeout=10_000)
        assert page.get_attribute("body", "data-log-length") == "0"  # nothing was played
    finally:
        context.close()
        live.stop()


# -- Welcome To's prompt (review defect 4) -------------------------------------------------


def to_a_prompt_with_buttons(server: str) -> str:
    """A Welcome To seat's link whose prompt has two buttons after its text: a pool
    pair taken and its number written in a house with a pool ("14 written (street 3,
    house 9). Its pool:", then "build the pool" and "skip"), found on the game itself
    with the table's seed, then played at the table."""
    seed = 3
    state = game("welcome-to").new_game(2, seed, None)
    pick, action = next(
        (shown, action)
        for shown, action in zip(state.legal_json(0), state.legal_actions(0), strict=True)
        if shown["action"] == {"kind": "pick", "pair": 0}
    )
    state.apply(0, action)
    writes = []
    for write, action in zip(state.legal_json(0), state.legal_actions(0), strict=True):
        after = state.clone()
        after.apply(0, action)
        if any(a["action"]["kind"] == "pool" for a in after.legal_json(0)):
            writes.append(write)
    assert writes, "no house with a pool for the pair's number"
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = post(server + "/api/tables", {"game": "welcome-to", "seats": seats, "seed": seed})
    table, seat = created["table"], created["seats"][0]
    moves = f"{server}/api/tables/{table}/actions?token={seat['token']}&svg=false"
    post(moves, {"index": pick["index"]})
    view = post(moves, {"index": writes[-1]["index"]})  # the longest "(street s, house h)"
    assert {a["action"]["kind"] for a in view["legal_actions"]} >= {"pool", "skip"}
    return server + seat["url"]


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_welcome_tos_prompt_is_never_under_its_buttons(
    browser: Any, server: str, size: dict[str, Any]
) -> None:
    context = browser.new_context(**size)
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(to_a_prompt_with_buttons(server))
        page.wait_for_selector("#board svg text.prompt")
        page.evaluate("document.fonts.ready")
        prompts = check_prompts(page)
        assert len(prompts) == 1 and prompts[0]["buttons"], f"no prompt with buttons: {prompts}"
    finally:
        context.close()


# -- leaving (review defect 3) ---------------------------------------------------------------
#: the #leave button's place on every animation frame, from when it first shows
TRACK_LEAVE = """() => {
  window.leaveAt = [];
  const track = () => {
    const b = document.getElementById('leave');
    if (b && !b.hidden) {
      const r = b.getBoundingClientRect();
      window.leaveAt.push([Math.round(r.left), Math.round(r.top), Math.round(r.width)]);
    }
    requestAnimationFrame(track);
  };
  track();
}"""


def test_leaving_asks_first_in_the_page(page: Any, server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    created = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats, "seed": 5})
    table, token = created["table"], created["seats"][0]["token"]
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-your-turn="true"]')
    page.click("#leave")
    dialog = page.locator("dialog#confirm")
    dialog.wait_for()
    what = dialog.text_content()
    assert "Leave the game?" in what and "bot" in what and "I'm back" in what
    page.click("#confirm-cancel")  # stays: nothing was asked of the server
    dialog.wait_for(state="hidden")
    assert not get(f"{server}/api/tables/{table}/view?token={token}&svg=false")["seats"][0]["away"]
    page.click("#leave")
    page.keyboard.press("Escape")  # so does Escape
    dialog.wait_for(state="hidden")
    assert page.is_hidden("#away-note")
    page.click("#leave")
    page.click("#confirm-ok")
    page.wait_for_selector("#away-note:not([hidden])")
    assert get(f"{server}/api/tables/{table}/view?token={token}&svg=false")["seats"][0]["away"]
    # at a table of bots, with the page open, there is time to come back
    page.click("#back")
    page.wait_for_selector("#away-note", state="hidden")
    assert page.get_attribute("body", "data-terminal") == "false"


def test_the_leave_button_stays_put_while_views_stream_in(page: Any, server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    body = {"game": "mr-house-basic", "seats": seats, "seed": 5, "hints": True}
    created = post(server + "/api/tables", body)
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-your-turn="true"]')
    page.wait_for_selector("#leave:not([hidden])")
    page.evaluate(TRACK_LEAVE)
    for _ in range(4):  # moves: Undo shows and goes, the bot's views stream in, Hint...
        page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
        before = page.get_attribute("body", "data-log-length")
        page.locator("#actions button[data-index]").first.click()
        page.wait_for_function("b => document.body.dataset.logLength !== b", arg=before)
    page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
    places = {tuple(at) for at in page.evaluate("window.leaveAt")}
    assert len(places) == 1, f"the Leave button moved: {sorted(places)}"


# -- resigning and the vote to abandon (issue 46) --------------------------------------------
def test_resigning_asks_first_and_the_other_seat_wins(page: Any, server: str) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "greedy"}]
    created = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats, "seed": 5})
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-your-turn="true"]')
    page.click("#resign")
    dialog = page.locator("dialog#confirm")
    dialog.wait_for()
    what = dialog.text_content()
    assert "Resign?" in what and "loses" in what and "game ends now" in what
    page.click("#confirm-cancel")
    dialog.wait_for(state="hidden")
    assert page.get_attribute("body", "data-terminal") == "false"
    page.click("#resign")
    page.click("#confirm-ok")
    page.wait_for_selector('body[data-terminal="true"] #final')
    assert page.text_content("#headline").startswith("Seat 1 (greedy) wins")
    heads = page.locator("#final table thead th").all_text_contents()
    assert "Ada seat 0 · resigned · you" in heads  # the name over what the seat is
    assert page.is_hidden("#resign") and page.is_hidden("#leave") and page.is_hidden("#abandon")


def test_a_table_is_abandoned_when_everyone_agrees(browser: Any, server: str) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    created = post(server + "/api/tables", {"game": "welcome-to", "seats": seats, "seed": 2})
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in seats]
    try:
        ada, bob = (context.new_page() for context in contexts)
        for page, seat in ((ada, 0), (bob, 1)):
            page.set_default_timeout(WAIT_MS)
            page.goto(server + created["seats"][seat]["url"])
            page.wait_for_selector("#abandon:not([hidden])")
        assert ada.text_content("#abandon") == "Vote to abandon"
        ada.click("#abandon")
        ada.locator("dialog#confirm").wait_for()
        assert "every person at the table agrees" in ada.text_content("dialog#confirm")
        ada.click("#confirm-ok")
        bob.wait_for_selector("#abandon-note:not([hidden])")
        assert "Ada (seat 0) votes (1 of 2)" in bob.text_content("#abandon-note")
        assert bob.text_content("#abandon") == "Agree to abandon (1 of 2)"
        bob.click("#abandon")
        bob.click("#confirm-ok")
        for page in (ada, bob):
            page.wait_for_selector('body[data-terminal="true"] #final')
            assert page.text_content("#headline") == "Abandoned by agreement: no winner"
        ada.goto(server + "/archive")
        row = ada.locator(f'tr[data-table="{created["table"]}"]')
        row.wait_for()
        assert "abandoned by agreement: no winner" in row.text_content()
        assert "★" not in row.text_content()
    finally:
        for context in contexts:
            context.close()
