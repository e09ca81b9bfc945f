"""Issue 19, looking back, in a real browser: the lobby's "Finished games" opens the
archive (private tables are not in it), a game's "Replay" opens its replay page, and
there a person steps forwards and back (buttons, the slider, the arrow keys), changes
whose view they see and reads the scores over time. Without /usr/bin/chromium the
module skips, except in CI, where it fails."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import LiveServer
from tests.web.conftest import get, post, wait_until_over

pytestmark = pytest.mark.browser


def finished(server: str, seed: int, private: bool = False) -> dict[str, Any]:
    """A finished game of Mr House: Ada (seat 0) leaves at once and the random bots
    play it out."""
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "mr-house-basic", "seats": seats, "seed": seed, "clock_bot": "random"}
    created = post(server + "/api/tables", {**body, "private": private})
    table, token = created["table"], created["seats"][0]["token"]
    post(f"{server}/api/tables/{table}/leave?token={token}", {})
    wait_until_over(server, table)
    return created


@pytest.fixture(scope="module")
def games(server: str) -> dict[str, str]:
    """A public and a private finished game."""
    return {
        "public": finished(server, seed=21)["table"],
        "private": finished(server, seed=22, private=True)["table"],
    }


def step_of(page: Any) -> int:
    return int(page.get_attribute("body", "data-step"))


def at_step(page: Any, step: int) -> None:
    page.wait_for_selector(f'body[data-step="{step}"]:not([data-busy="true"])')


def test_the_archive_from_the_lobby_lists_finished_games_and_opens_a_replay(
    page: Any, server: str, games: dict[str, str]
) -> None:
    page.goto(server + "/")
    page.click("#archive-link")
    page.wait_for_url("**/archive**")
    row = page.locator(f'tr[data-table="{games["public"]}"]')
    row.wait_for()
    assert page.locator(f'tr[data-table="{games["private"]}"]').count() == 0
    text = row.text_content()
    assert "Mr House (basic variant)" in text and "Ada (seat 0)" in text
    assert "Seat 1 (random)" in text and "★" in text  # the winner is marked
    page.select_option("#game-filter", "dream-home")
    page.wait_for_selector('body[data-game="dream-home"]')
    assert page.locator(f'tr[data-table="{games["public"]}"]').count() == 0
    names = page.locator("#archive tbody tr td:first-child").all_text_contents()
    assert all(name == "Dream Home" for name in names)
    assert "game=dream-home" in page.url
    page.select_option("#game-filter", "mr-house-basic")
    page.wait_for_selector('body[data-game="mr-house-basic"]')
    row.locator("a.replay-link").click()
    page.wait_for_url(f"**/t/{games['public']}/replay**")
    at_step(page, 0)
    assert page.text_content("#move").startswith("The deal: move 0 of")


def test_stepping_through_a_replay_forwards_and_back(
    page: Any, server: str, games: dict[str, str]
) -> None:
    table = games["public"]
    summary = get(f"{server}/api/tables/{table}/replay")
    steps = summary["steps"]
    page.goto(f"{server}/t/{table}/replay")
    at_step(page, 0)
    assert int(page.get_attribute("body", "data-steps")) == steps
    assert page.is_disabled("#prev") and page.is_disabled("#first")
    page.wait_for_selector("#board svg")
    page.click("#next")
    at_step(page, 1)
    first = summary["moves"][0]
    assert page.text_content("#move").startswith(f"Move 1 of {steps}: Ada (seat 0), ")
    assert first["text"] in page.text_content("#move")
    page.keyboard.press("ArrowRight")
    at_step(page, 2)
    page.keyboard.press("ArrowRight")
    at_step(page, 3)
    page.keyboard.press("ArrowLeft")
    at_step(page, 2)
    page.click("#prev")
    at_step(page, 1)
    page.locator("#slider").fill("40")
    at_step(page, 40)
    assert page.input_value("#step-number") == "40"
    # the log is the game's up to this move
    expected = get(f"{server}/api/tables/{table}/replay/40")["events"]
    assert page.locator("#log li").count() == len(expected)
    page.fill("#step-number", "12")
    page.press("#step-number", "Enter")
    at_step(page, 12)
    page.click("#last")
    at_step(page, steps)
    assert page.is_disabled("#next") and page.is_disabled("#last")
    assert "the end:" in page.text_content("#move")
    page.keyboard.press("Home")
    at_step(page, 0)
    assert "step=0" in page.url  # a link to this move


def test_a_move_number_out_of_range_shows_the_move_reached(
    page: Any, server: str, games: dict[str, str]
) -> None:
    table = games["public"]
    steps = get(f"{server}/api/tables/{table}/replay")["steps"]
    page.goto(f"{server}/t/{table}/replay?step=5")
    at_step(page, 5)
    page.fill("#step-number", "999999")
    page.press("#step-number", "Enter")
    at_step(page, steps)
    assert page.evaluate("document.activeElement.id") == "step-number"  # still typing there
    assert page.input_value("#step-number") == str(steps)  # the last move, not 999999
    assert f"step={steps}" in page.url
    page.fill("#step-number", "-7")
    page.press("#step-number", "Enter")
    at_step(page, 0)
    assert page.input_value("#step-number") == "0"


def test_a_replay_from_a_seats_view_with_the_scores_chart(
    page: Any, server: str, games: dict[str, str]
) -> None:
    table = games["public"]
    summary = get(f"{server}/api/tables/{table}/replay")
    page.goto(f"{server}/t/{table}/replay?step=30")
    at_step(page, 30)
    assert page.get_attribute("body", "data-seat") == ""  # the spectator's view first
    options = page.locator("#view-as option").all_text_contents()
    assert options == ["Spectator", "Ada (seat 0)", "Seat 1 (random)"]
    spectator = page.inner_html("#board")
    page.select_option("#view-as", "0")
    page.wait_for_selector('body[data-seat="0"]:not([data-busy="true"])')
    assert step_of(page) == 30 and "seat=0" in page.url
    seat = get(f"{server}/api/tables/{table}/replay/30?seat=0")
    assert page.locator("#board svg").count() == 1
    assert page.inner_html("#board") != spectator  # Ada sees her own markers' values
    assert page.locator("#log li").count() == len(seat["events"])
    # the scores over time: a line per seat, a legend with the totals at this move
    chart = page.locator("#chart svg.score-chart")
    assert chart.locator("polyline.series").count() == 2
    legend = page.locator("#legend li").all_text_contents()
    totals = summary["totals"][30]
    assert legend == [f"Ada (seat 0){totals[0]} pts", f"Seat 1 (random){totals[1]} pts"]
    before = page.get_attribute("#chart-marker", "x1")
    page.click("#last")
    at_step(page, summary["steps"])
    assert page.get_attribute("#chart-marker", "x1") != before  # the marker moved along
    final = summary["totals"][-1]
    assert page.locator("#legend li").all_text_contents()[1] == f"Seat 1 (random){final[1]} pts"


def test_the_final_table_links_its_replay(page: Any, server: str, games: dict[str, str]) -> None:
    table = games["public"]
    page.goto(f"{server}/t/{table}")
    page.wait_for_selector("#final")
    page.click("#replay-link")
    page.wait_for_url(f"**/t/{table}/replay**")
    at_step(page, 0)


def test_a_game_being_played_has_no_replay_yet(page: Any, server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    table = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats})["table"]
    response = page.goto(f"{server}/t/{table}/replay")
    assert response.status == 409
    assert "still being played" in page.text_content("#error")
    page.click("#spectate")  # watch it instead
    page.wait_for_url(f"**/t/{table}")


def test_the_replay_shows_the_games_review(page: Any, tmp_path: Path) -> None:
    # a server of its own: the session's queues the reviews of every game the other
    # browser tests finished (the strong bot's, each up to half a minute of a core)
    with LiveServer(f"sqlite:///{tmp_path / 'r.db'}", options=["--tables-per-minute", "0"]) as live:
        reviewed(page, live.url, finished(live.url, seed=21)["table"])


def reviewed(page: Any, server: str, table: str) -> None:
    review = get(f"{server}/api/tables/{table}/review")
    deadline = time.monotonic() + 300  # the strong bot's, on a busy machine
    while review["status"] != "ready":  # worked out in the background
        assert time.monotonic() < deadline, "the review was not worked out"
        time.sleep(0.2)
        review = get(f"{server}/api/tables/{table}/review")
    page.goto(f"{server}/t/{table}/replay?step=10")
    at_step(page, 10)
    page.wait_for_selector('body[data-review="ready"]')
    # each seat's chance to win after every move, a line per seat, clickable
    chart = page.locator("#chance-chart svg.score-chart")
    assert chart.locator("polyline.series").count() == 2
    chances = review["chances"][10]
    legend = page.locator("#chance-legend li").all_text_contents()
    assert legend == [
        f"Ada (seat 0){round(chances[0] * 100)}%",
        f"Seat 1 (random){round(chances[1] * 100)}%",
    ]
    box = chart.bounding_box()
    chart.click(position={"x": box["width"] - 10, "y": box["height"] / 2})
    page.wait_for_function("() => Number(document.body.dataset.step) > 10")
    # each seat's costliest moves, with the move preferred and why; a click goes there
    costly = review["costliest"]
    assert costly  # random moves cost chances against the search's
    items = page.locator("ol.costly li")
    assert items.count() == len(costly)
    first = costly[0]
    item = page.locator(f'.costly-seat[data-seat="{first["seat"]}"] ol.costly li').first
    text = item.text_content()
    assert f"Move {first['step']}:" in text
    assert f"The strong bot ({review['bot']}) preferred:" in text  # the review's bot, named
    assert review["bot"].startswith("ismcts:")
    assert f"the strong bot ({review['bot']}) preferred" in page.text_content("#costly-panel")
    assert "Why: it gains" in text and "%" in text
    item.locator("button").click()
    at_step(page, first["step"])
