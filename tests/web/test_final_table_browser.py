"""The final table (issue 46): Master Builder's end speaks money as its board does, the
seats' column heads stay short at 1280 px, and the raw log is a secondary download
beside the replay page's button."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import get, post, wait_until_over

pytestmark = pytest.mark.browser

MONEY = re.compile(r"-?\$\d{1,3}(,\d{3})*")


@pytest.fixture(scope="module")
def finished(server: str) -> dict[str, Any]:
    """A finished game of Master Builder: Ada (seat 0) leaves at once and the random
    bots play it out; her seat link still opens her seat."""
    random = {"kind": "bot", "bot": "random"}
    seats = [{"kind": "human", "name": "Ada"}, random, random]  # three columns, as in 09
    body = {"game": "master-builder", "seats": seats, "seed": 5, "clock_bot": "random"}
    created = post(server + "/api/tables", body)
    table, token = created["table"], created["seats"][0]["token"]
    post(f"{server}/api/tables/{table}/leave?token={token}", {})
    wait_until_over(server, table)
    return {**created, "view": get(f"{server}/api/tables/{table}/view?svg=false")}


def dollars(thousands: int) -> str:
    return "-" * (thousands < 0) + f"${abs(thousands) * 1000:,}"


def test_master_builders_end_says_who_won_with_how_much_money(
    page: Any, server: str, finished: dict[str, Any]
) -> None:
    """Defect 9: "Seat 1 (random) wins with -$25,000", the table's cells in dollars (the
    board's "$16,000", not "16 points"), and the seats' chips too."""
    page.goto(server + finished["seats"][0]["url"])
    page.wait_for_selector("#final")
    final = finished["view"]
    totals = [s["total"] for s in final["scores"]]
    [winner] = final["winners"]  # one winner
    headline = page.text_content("#headline")
    assert headline.endswith(f"with {dollars(totals[winner])}" + "!" * (winner == 0)), headline
    assert "point" not in headline
    cells = page.locator("#final table tr.total td").all_text_contents()
    assert cells == [dollars(t) for t in totals]
    cash = page.locator("#final table tr.category").first
    assert cash.locator("th").text_content() == "Cash"
    assert cash.locator("td").all_text_contents() == [
        dollars(s["breakdown"]["cash"]) for s in final["scores"]
    ]
    assert all(
        MONEY.fullmatch(c) for c in page.locator("#final tr.category td").all_text_contents()
    )
    chips = page.locator("#seats .seat-points").all_text_contents()
    assert chips == [dollars(t) for t in totals]


def test_the_final_tables_heads_are_short_and_the_raw_log_is_a_secondary_download(
    page: Any, server: str, finished: dict[str, Any]
) -> None:
    """Defects 14 and 15: at 1280 px a seat's head is its name over one short line
    ("seat 0 · you"), not "Ada / (seat / 0) / (you)"; the raw log is a download named
    as such, under the replay page's button, not a second "Replay" beside it."""
    page.goto(server + finished["seats"][0]["url"])
    page.wait_for_selector("#final")
    heads = page.eval_on_selector_all(
        "#final table thead th[scope=col]:not(:first-child)",
        """ths => ths.map(th => {
            // the lines the head's text takes: the distinct tops of its words' boxes
            const tops = new Set();
            const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
            for (let node = walk.nextNode(); node; node = walk.nextNode()) {
                const range = document.createRange();
                range.selectNodeContents(node);
                for (const r of range.getClientRects()) {
                    if (r.width > 0) tops.add(Math.round(r.top));
                }
            }
            return {text: th.innerText, lines: tops.size, title: th.title};
        })""",
    )
    for head in heads:  # the name, then what the seat is: two lines, not three or four
        assert head["lines"] <= 2, head
    assert [h["text"].split("\n") for h in heads] == [
        ["Ada", "seat 0 · you"],
        ["Seat 1", "random"],
        ["Seat 2", "random"],
    ]
    assert [h["title"] for h in heads] == ["Ada (seat 0) (you)", "Seat 1 (random)",
                                           "Seat 2 (random)"]  # fmt: skip
    raw = page.locator("#final a.replay")
    assert raw.text_content() == "Download the log (JSON)"
    assert raw.get_attribute("download") and raw.get_attribute("target") is None
    assert raw.get_attribute("href") == f"/api/tables/{finished['table']}/log"
    # secondary: below the replay page's button, not beside it, and in smaller type
    button = page.locator("#final #replay-link").bounding_box()
    link = raw.bounding_box()
    assert link["y"] >= button["y"] + button["height"], (button, link)
    size = raw.evaluate("a => parseFloat(getComputedStyle(a).fontSize)")
    assert size < page.locator("#final #replay-link").evaluate(
        "a => parseFloat(getComputedStyle(a).fontSize)"
    )


def test_the_replay_pages_legend_speaks_money_too(
    page: Any, server: str, finished: dict[str, Any]
) -> None:
    """The replay's legend gives each seat's total at the move shown, in the game's unit:
    "-$25,000" for Master Builder (Mr House's "9 pts" stays, test_replay_browser)."""
    table = finished["table"]
    summary = get(f"{server}/api/tables/{table}/replay")
    assert summary["score_unit"]["prefix"] == "$"
    page.goto(f"{server}/t/{table}/replay?step={summary['steps']}")
    page.wait_for_selector(f'body[data-step="{summary["steps"]}"]:not([data-busy="true"])')
    points = page.locator("#legend li .points").all_text_contents()
    assert points == [dollars(t) for t in summary["totals"][-1]]
