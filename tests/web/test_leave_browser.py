"""Issue 46 at the table page: the outage's note goes once the server is back; leaving
(and resigning, and the vote to abandon) asks first, in the page; the seat's buttons do
not move while views stream in."""

from __future__ import annotations

from typing import Any

from tests.live_server import LiveServer
from tests.web.conftest import WAIT_MS, post


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
