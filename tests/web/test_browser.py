"""The web table in a real browser: Debian's Chromium driven by Playwright.

A real server (`housebuilders serve` in a child process, on a SQLite file) serves
the lobby and the table pages; the tests create tables, play Mr House, Dream Home,
House of Fado and Master Builder to the end by clicking (the board's SVG parts where
there are any, the action buttons otherwise), and read the final score table. Without
/usr/bin/chromium the module skips, except in CI, where it fails.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.conftest import WAIT_MS, create_in_lobby, get, post, wait_until_over

pytestmark = pytest.mark.browser

MAX_CLICKS = 400  # a whole game of Mr House takes one person well under this
LIVE = "#board [data-index].live"  # the board's parts the seat can click now


# -- helpers -------------------------------------------------------------------------------
def wait_for_view(page: Any) -> None:
    """Until the page has rendered its first view."""
    page.wait_for_selector('body:not([data-log-length="-1"])')


def play_to_end(
    page: Any, max_clicks: int = MAX_CLICKS, choose: Callable[[Any], Any] | None = None
) -> dict[str, int]:
    """Click until the game is over: the live SVG part ``choose(page)`` picks, or the
    board's first live part when it picks none (or there is no ``choose``), else the
    first action button. Returns how many clicks of each kind it took."""
    clicks = {"svg": 0, "button": 0}
    for _ in range(max_clicks):
        page.wait_for_selector(
            'body[data-terminal="true"], body[data-your-turn="true"]:not([data-busy="true"])'
        )
        if page.get_attribute("body", "data-terminal") == "true":
            return clicks
        before = page.get_attribute("body", "data-log-length")
        part = (choose and choose(page)) or page.locator(LIVE).first
        if part.count() and part.is_visible():
            part.click()
            clicks["svg"] += 1
        else:
            page.locator("#actions button[data-index]").first.click()
            clicks["button"] += 1
        # the log grows (our move, maybe bots' moves after it), or the move was refused
        page.wait_for_function(
            """before => document.body.dataset.logLength !== before
                || document.querySelector('#message.error') !== null""",
            arg=before,
        )
        message = page.locator("#message.error")
        assert message.count() == 0, f"a move was refused: {message.text_content()}"
    pytest.fail(f"the game did not end within {max_clicks} clicks")


def check_final(page: Any, server: str, players: int) -> None:
    """The final score table: a total row and a rank row with one cell per seat."""
    page.wait_for_selector("#final")
    assert page.get_attribute("body", "data-terminal") == "true"
    assert page.text_content("#status") == "Game over"
    total = page.locator("#final table tr.total td")
    assert total.count() == players
    # points as numbers; money (Master Builder) as the board writes it: "-$36,000"
    assert all(
        re.fullmatch(r"-?(\d+|\$\d{1,3}(,\d{3})*)", cell.strip())
        for cell in total.all_text_contents()
    )
    ranks = page.locator("#final table tr.rank td").all_text_contents()
    assert len(ranks) == players and "1" in ranks
    headline = page.text_content("#headline")
    assert headline.strip() and headline != "Game over"  # it says who won, or that nobody did
    assert page.locator("#actions button[data-index]").count() == 0
    # the replay link gives the whole game: as many actions as the page says were played
    table = page.get_attribute("body", "data-table")
    href = page.get_attribute("#final a.replay", "href")
    assert href == f"/api/tables/{table}/log"
    log = get(server + href)
    assert len(log["actions"]) == int(page.get_attribute("body", "data-log-length"))
    assert page.locator("#log li").count() > 0


# -- tests ---------------------------------------------------------------------------------
def test_lobby_to_final_table_mr_house_basic(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.select_option("#game", "mr-house-basic")
    page.select_option("#players", "3")
    assert page.locator("#seats select").count() == 3
    assert "bot: greedy (casual" in page.text_content("select[name=seat-1]")  # the hint
    # then its rating once the game's ratings are in (the ladder's at first), a bot's
    # named with its parameters rated as the ladder's bot of that name
    rated = page.locator("select[name=seat-1] option[value='ismcts:seconds=2']", has_text="rated")
    rated.wait_for(state="attached")
    assert "(strong, rated" in rated.text_content()
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "greedy")
    page.select_option("select[name=seat-2]", "greedy")
    page.click("details.more summary")
    page.fill("#seed", "7")
    page.click("#create")

    link = page.locator('#links a.seat-link[data-seat="0"]')
    link.wait_for()
    assert page.locator("#links a.seat-link").count() == 1  # one person, one link
    href = link.get_attribute("href")
    assert href.startswith(server + "/t/") and "token=" in href
    spectate = page.get_attribute("#links a.spectate-link", "href")
    assert spectate == href.split("?")[0]

    link.click()
    page.wait_for_url("**/t/**")
    wait_for_view(page)
    assert page.text_content("#you") == "you are seat 0"
    assert "greedy" in page.text_content("#seats")
    clicks = play_to_end(page)
    if page.locator("#board svg").count():
        assert clicks["svg"] > 0, "the board has an SVG but none of its parts was clickable"
    check_final(page, server, players=3)

    # the finished table's spectator page shows the same final table, and no buttons
    page.goto(spectate)
    wait_for_view(page)
    assert page.text_content("#you") == "spectating"
    check_final(page, server, players=3)


def test_the_seat_page_works_under_its_policy_its_token_kept_out_of_requests(
    page: Any, server: str
) -> None:
    refused = []  # what the Content-Security-Policy blocked, as the console reports it
    page.on("console", lambda m: "Content Security Policy" in m.text and refused.append(m.text))
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    created = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats, "seed": 5})
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    fragment = f"#token={created['seats'][0]['token']}"  # in the address, never sent
    assert "?" not in page.url and page.url.endswith(fragment)
    assert page.text_content("#you") == "you are seat 0"
    page.wait_for_selector("#connection.live")  # the websocket is allowed
    # the drawing's own style sheet applies (allowed by its hash): live parts point
    part = "#board svg .act.live"
    page.wait_for_selector(part)
    assert page.eval_on_selector(part, "n => getComputedStyle(n).cursor") == "pointer"
    page.reload()  # the tab keeps its seat
    wait_for_view(page)
    assert "?" not in page.url and page.text_content("#you") == "you are seat 0"
    assert not refused


def test_mr_house_advanced_to_the_end(page: Any, server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = post(
        server + "/api/tables",
        {"game": "mr-house-advanced", "seats": seats, "seed": 11},
    )
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    assert "advanced" in page.text_content("#game-name").lower()
    play_to_end(page)
    check_final(page, server, players=2)
    # neither the first action every time nor the random bot completes a house:
    # everyone lost
    final = get(f"{server}/api/tables/{created['table']}/view")
    assert final["winners"] == [] and 1 in final["ranking"]
    assert page.text_content("#headline") == "Everyone lost"
    assert page.locator("#final table .winner").count() == 0


def test_dream_home_with_a_person_and_bots_to_the_final_table(page: Any, server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]
    created = post(server + "/api/tables", {"game": "dream-home", "seats": seats, "seed": 3})
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    assert page.text_content("#game-name") == "Dream Home"
    clicks = play_to_end(page)
    assert clicks["svg"] > 0, "no part of the board was clickable"
    check_final(page, server, players=3)


def test_dream_home_against_the_shipped_learned_bot_to_the_final_table(
    page: Any, server: str
) -> None:
    """Issue 48: the trained Dream Home policy the lobby offers takes a seat, chosen in
    the lobby, and plays a whole game against a person in the browser."""
    page.goto(server + "/")
    page.select_option("#game", "dream-home")
    page.select_option("#players", "2")
    assert "bot: learned (trained" in page.text_content("select[name=seat-1]")
    page.select_option("select[name=seat-1]", "learned")
    page.select_option("#game", "master-builder")  # ships no policy: not offered there
    assert "learned" not in page.text_content("select[name=seat-1]")
    assert page.input_value("select[name=seat-1]") not in ("", "learned")
    page.select_option("#game", "dream-home")
    page.select_option("#players", "2")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "learned")
    table = create_in_lobby(page)
    page.locator('#links a.seat-link[data-seat="0"]').click()
    page.wait_for_url("**/t/**")
    wait_for_view(page)
    assert page.text_content("#game-name") == "Dream Home"
    assert "learned" in page.text_content("#seats")
    play_to_end(page)
    check_final(page, server, players=2)
    seats = get(f"{server}/api/tables/{table}/view?svg=false")["seats"]
    assert [seat.get("bot") for seat in seats] == [None, "learned"]


def test_house_of_fado_a_person_and_two_bots_to_the_final_table(page: Any, server: str) -> None:
    # the person clicks the board's first live part each time; the two greedy bots
    # pursue the stars and end the game (some 110 to 230 of the person's moves)
    greedy = {"kind": "bot", "bot": "greedy"}
    seats = [{"kind": "human"}, greedy, greedy]
    created = post(server + "/api/tables", {"game": "house-of-fado", "seats": seats, "seed": 7})
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    assert page.text_content("#game-name") == "House of Fado"
    clicks = play_to_end(page, max_clicks=600)
    assert clicks["button"] == 0, "a legal action had no part on the board"
    check_final(page, server, players=3)


class MasterBuilderPlans:
    """How the person plans a construction: a section's first crew chip after another
    until the plan can be finished, then the finish chip; if the plan cannot stand
    with the workers left, its sections taken off again until it can. None (the first
    live part) in any other phase."""

    def __init__(self) -> None:
        self.giving_up = False

    def __call__(self, page: Any) -> Any | None:
        staff = page.locator(f'{LIVE}[aria-label^="plan to build "]')
        unstaff = page.locator(f'{LIVE}[aria-label^="take the workers off "]')
        submit = page.locator(f'{LIVE}[aria-label="finish your construction plan"]')
        planning, planned, more = submit.count(), unstaff.count(), staff.count()
        if not (planning or planned or more):
            self.giving_up = False
            return None
        if planning and (self.giving_up or planned or not more):
            self.giving_up = False
            return submit.first
        if more and not self.giving_up:
            return staff.first
        self.giving_up = True
        return unstaff.first


def sections_built_by(actions: list[Any], seat: int) -> int:
    """The sections in ``seat``'s plans when it finished them (each plan that can be
    finished stands, and is built when all are in, MB-83)."""
    planned: set[tuple[int, int]] = set()
    built = 0
    for player, action in actions:
        where = (action.get("contract"), action.get("section"))
        if player != seat:
            continue
        if action["kind"] == "staff-section":
            planned.add(where)
        elif action["kind"] == "unstaff-section":
            planned.discard(where)
        elif action["kind"] == "submit-plan":
            built, planned = built + len(planned), set()
    return built


def test_master_builder_a_person_and_two_bots_to_the_final_table(page: Any, server: str) -> None:
    # the person clicks the board's first live part each time (a deck's card, a
    # contract, the lowest bid, a chip, a worker...) but in a construction, where it
    # staffs sections before it finishes its plan; a greedy and a random bot
    greedy, rand = {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}
    seats = [{"kind": "human"}, greedy, rand]
    created = post(server + "/api/tables", {"game": "master-builder", "seats": seats, "seed": 4})
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    assert page.text_content("#game-name") == "Master Builder"
    clicks = play_to_end(page, max_clicks=600, choose=MasterBuilderPlans())
    assert clicks["button"] == 0, "a legal action had no part on the board"
    check_final(page, server, players=3)
    log = get(f"{server}/api/tables/{created['table']}/log")
    assert sections_built_by(log["actions"], 0) > 0, "the person built no section"


def test_refused_move_shows_the_rule_and_clears(page: Any, server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    created = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats, "seed": 5})
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-your-turn="true"]')
    assert page.text_content("#status") == "Your turn"
    legal = {
        int(i)
        for i in page.eval_on_selector_all(
            "#actions button[data-index]", "bs => bs.map(b => b.dataset.index)"
        )
    }
    illegal = next(i for i in range(10_000) if i not in legal)

    # the button the person clicks is turned, on its way, into a move that is not legal
    def swap(route: Any) -> None:
        body = json.loads(route.request.post_data)
        body["index"] = illegal
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/tables/*/actions*", swap)
    with page.expect_response("**/api/tables/*/actions*") as answer:
        page.locator("#actions button[data-index]").first.click()
    assert answer.value.status == 409
    refusal = answer.value.json()
    message = page.locator("#message.error")
    message.wait_for()
    text = message.text_content()
    assert text.startswith("Refused: ") and refusal["error"] in text
    if refusal.get("rule"):
        assert f"({refusal['rule']})" in text
    page.unroute("**/api/tables/*/actions*")
    assert page.get_attribute("body", "data-log-length") == "0"

    # the server cannot be reached: a friendly note, not a refusal
    page.route("**/api/tables/*/actions*", lambda route: route.abort())
    page.wait_for_selector("#actions button[data-index]:not([disabled])")
    page.locator("#actions button[data-index]").first.click()
    page.wait_for_selector("#message.notice")
    assert "reach the server" in page.text_content("#message")
    page.unroute("**/api/tables/*/actions*")

    # a good move is accepted and the message goes away
    page.wait_for_selector("#actions button[data-index]:not([disabled])")
    page.locator("#actions button[data-index]").first.click()
    page.wait_for_function("() => Number(document.body.dataset.logLength) > 0")
    # the socket's push can render the move before the POST's answer clears the note
    page.locator("#message").wait_for(state="hidden", timeout=5_000)


def test_undo_takes_back_the_last_move(page: Any, server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    created = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats, "seed": 5})
    page.goto(server + created["seats"][0]["url"])
    for _ in range(MAX_CLICKS):
        page.wait_for_selector(
            'body[data-terminal="true"], body[data-your-turn="true"]:not([data-busy="true"])'
        )
        assert page.get_attribute("body", "data-terminal") == "false", "undo was never offered"
        if page.locator("#undo").is_visible():
            break
        before = page.get_attribute("body", "data-log-length")
        page.locator("#actions button[data-index]").first.click()
        page.wait_for_function("b => document.body.dataset.logLength !== b", arg=before)
    before = int(page.get_attribute("body", "data-log-length"))
    page.click("#undo")
    page.wait_for_function("b => Number(document.body.dataset.logLength) < b", arg=before)
    assert page.get_attribute("body", "data-your-turn") == "true"
    assert page.locator("#message").is_hidden()


def test_turn_clock_runs_out_and_the_person_comes_back(page: Any, server: str) -> None:
    # two people, so that after seat 0's time runs out the game waits for seat 1
    created = post(
        server + "/api/tables",
        {
            "game": "mr-house-basic",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "seed": 3,
            "clock_minutes": 0.1,
            "clock_bot": "greedy",
        },
    )
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    assert page.text_content("#clock-info") == "turn clock: 6 s"
    # with this seed seat 0 moves first; seat 1's clock starts only after seat 0's ran out
    assert page.get_attribute("body", "data-your-turn") == "true"
    assert page.locator("#seats .countdown").count() == 1
    back = page.locator("#back")
    back.wait_for(state="visible", timeout=WAIT_MS)
    assert "away" in page.text_content("#seats")
    back.click()
    back.wait_for(state="hidden")
    assert page.get_attribute("body", "data-terminal") == "false"
    assert "away" not in page.text_content("#seats")
    assert page.locator("#message").is_hidden()


def test_a_person_named_in_the_lobby_is_named_at_the_table(page: Any, server: str) -> None:
    """Issue 19, names: the lobby asks each person's seat for a name; the links and the
    table page show it as text (never as markup), with the seat."""
    page.goto(server + "/")
    page.select_option("#game", "mr-house-basic")
    page.select_option("#players", "2")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "greedy")
    assert page.locator("#name-1").is_hidden()  # a bot seat takes no name
    page.fill("#name-0", "  Ada <i>L</i> ")
    page.click("#create")

    link = page.locator('#links a.seat-link[data-seat="0"]')
    link.wait_for()
    label = page.text_content('#links .link-row:has(a.seat-link[data-seat="0"]) .link-label')
    assert label == "Ada <i>L</i> (seat 0)"
    link.click()
    page.wait_for_url("**/t/**")
    wait_for_view(page)
    assert page.text_content("#you") == "you are Ada <i>L</i> (seat 0)"
    assert "Ada <i>L</i> (seat 0)" in page.text_content("#seats")
    assert page.locator("#seats i, #links i").count() == 0


def test_a_person_without_a_name_is_asked_for_one_and_the_log_uses_it(
    page: Any, server: str
) -> None:
    created = post(
        server + "/api/tables",
        {"game": "mr-house-basic", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
         "seed": 5},
    )  # fmt: skip
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    assert page.is_visible("#name-form")
    page.fill("#name-input", "Grace")
    page.click("#name-form button[type=submit]")
    page.wait_for_selector("#name-form", state="hidden")
    assert page.text_content("#you") == "you are Grace (seat 0)"
    page.locator("#actions button[data-index]").first.click()  # a move, to be logged
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 1")
    log = page.text_content("#log")
    assert "Grace (seat 0)" in log and "player 0" not in log.lower()


def test_a_wrong_link_opens_a_page_not_json(page: Any, server: str) -> None:
    created = post(
        server + "/api/tables",
        {"game": "mr-house-basic", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]},
    )
    response = page.goto(f"{server}/t/{created['table']}?token=an-old-link")
    assert response.status == 403
    assert page.text_content("h1") == "This link is not a seat here"
    page.click("#spectate")
    page.wait_for_url(f"**/t/{created['table']}")
    wait_for_view(page)
    assert page.text_content("#you") == "spectating"
    page.goto(server + "/t/gone")
    assert page.text_content("h1") == "Nothing here"
    page.click("#lobby")
    page.wait_for_selector("#create")


def test_the_lobby_remembers_this_browsers_tables_with_every_link(page: Any, server: str) -> None:
    """Issue 19, links kept: after creating a table, every seat's link can be found
    again in the lobby of this browser (not in another's), until it is forgotten."""
    page.goto(server + "/")
    assert page.is_hidden("#mine-card")
    page.select_option("#game", "mr-house-basic")
    page.select_option("#players", "3")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "human")
    page.fill("#name-1", "Bea")
    page.select_option("select[name=seat-2]", "greedy")
    page.click("#create")
    page.locator('#links a.seat-link[data-seat="1"]').wait_for()
    first = page.get_attribute('#links a.seat-link[data-seat="0"]', "href")
    second = page.get_attribute('#links a.seat-link[data-seat="1"]', "href")

    page.goto(server + "/")  # later, in the same browser
    mine = page.locator("#mine .my-table")
    assert mine.count() == 1
    mine.locator("summary").click()
    assert mine.locator('a.seat-link[data-seat="0"]').get_attribute("href") == first
    assert mine.locator('a.seat-link[data-seat="1"]').get_attribute("href") == second
    assert "Bea (seat 1)" in mine.text_content() and "bot greedy" in mine.text_content()

    other = page.context.browser.new_context().new_page()  # another browser's lobby
    other.goto(server + "/")
    assert other.is_hidden("#mine-card")
    other.context.close()

    mine.locator("button.forget").click()
    assert page.locator("#mine .my-table").count() == 0 and page.is_hidden("#mine-card")


def test_log_numbers_past_99_are_shown_whole(page: Any, server: str) -> None:
    """Issue 19: a list marker clipped "270" to "70."; the log numbers its lines in a
    column as wide as the number needs."""
    created = post(
        server + "/api/tables",
        {"game": "mr-house-basic", "seats": [{"kind": "bot", "bot": "random"}] * 2, "seed": 2},
    )
    wait_until_over(server, created["table"])
    page.goto(server + created["spectate"])
    page.wait_for_selector('body[data-terminal="true"]')
    lines = page.locator("#log li")
    assert lines.count() > 100
    fits = page.evaluate(
        """() => [...document.querySelectorAll('#log li')].slice(95, 110).map((li) => {
            const marker = getComputedStyle(li, '::before');
            return [marker.content, li.scrollWidth <= li.clientWidth];
        })"""
    )
    assert all(content == 'counter(line) "."' and fit for content, fit in fits), fits


def test_the_raw_observation_is_for_debugging_and_welcome_to_seats_100(
    page: Any, server: str
) -> None:
    """Issue 19: under a drawn board the raw observation shows only with ``?debug``;
    the lobby offers Welcome To up to the 100 seats the API takes."""
    created = post(
        server + "/api/tables",
        {"game": "mr-house-basic", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
    )
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    assert page.locator("#board svg").count() == 1 and page.is_hidden("#observation-box")
    page.goto(server + created["seats"][0]["url"] + "&debug")
    wait_for_view(page)
    assert page.is_visible("#observation-box")

    page.goto(server + "/")
    page.select_option("#game", "welcome-to")
    options = page.locator("#players option").all_text_contents()
    assert options[0] == "1" and options[-1] == "100"


def test_a_private_table_made_in_the_lobby_is_not_listed(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.select_option("#game", "mr-house-basic")
    page.select_option("#players", "2")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "greedy")
    page.click("details.more summary")
    page.check("#private")
    table = create_in_lobby(page)
    listed = [t["table"] for t in get(server + "/api/tables")["tables"]]
    assert table not in listed
    assert page.locator(f'#mine .my-table[data-table="{table}"]').count() == 1  # still yours


def test_leaving_hands_the_seat_to_a_bot_and_coming_back_takes_it_again(
    page: Any, server: str
) -> None:
    created = post(
        server + "/api/tables",
        {"game": "welcome-to", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1},
    )
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    page.click("#leave")
    page.click("#confirm-ok")  # the page asks first
    page.wait_for_selector("#away-note:not([hidden])")
    assert page.is_visible("#back") and page.is_hidden("#leave")
    # the bot chose for the seat: only the other person is awaited now
    page.wait_for_selector('body[data-your-turn="false"]')
    page.click("#back")
    page.wait_for_selector("#away-note", state="hidden")
    assert page.is_visible("#leave")


def test_play_again_after_the_game_opens_the_next_table(page: Any, server: str) -> None:
    created = post(
        server + "/api/tables",
        {"game": "mr-house-basic", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
    )
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    page.click("#leave")
    page.click("#confirm-ok")  # the page asks first
    page.wait_for_selector("#away-note:not([hidden])")
    # the clock bot plays the seat to the end: at once, with the seat's page closed
    page.goto("about:blank")
    wait_until_over(server, created["table"])
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-terminal="true"]')
    assert page.text_content("#rematch") == "Play again"
    page.click("#rematch")
    page.wait_for_url(lambda url: created["table"] not in url)
    wait_for_view(page)
    assert page.text_content("#you") == "you are seat 0"
    assert page.get_attribute("body", "data-terminal") == "false"
    page.goto(server + created["spectate"])  # the old table's spectators see the way on
    wait_for_view(page)
    assert page.is_visible("#rematch-watch") and page.is_hidden("#rematch")


def test_the_lobby_explains_the_bots(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.click("details.about-bots summary")
    about = page.text_content("details.about-bots")
    assert "random (beginner): plays any legal move at random" in about
    assert "greedy (casual): takes the move that looks best right now" in about
    assert "ismcts:seconds=0.5 (strong): looks ahead" in about


NOTIFICATIONS = """
window.__notes = [];
window.Notification = class {
  constructor(title) { window.__notes.push(title); }
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
};
Object.defineProperty(Document.prototype, "hidden", { get() { return true; } });
"""


def test_a_turn_that_starts_is_announced_when_asked(page: Any, server: str) -> None:
    """Issue 19, turn notifications: with the box ticked, a turn that starts brings a
    notification while the tab is not in view (the browser's own, stubbed here)."""
    page.add_init_script(NOTIFICATIONS)
    created = post(
        server + "/api/tables",
        {"game": "mr-house-basic", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
         "seed": 3},
    )  # fmt: skip
    page.goto(server + created["seats"][0]["url"])
    wait_for_view(page)
    page.check("#notify")
    page.wait_for_selector('body[data-your-turn="true"]')
    page.locator("#actions button[data-index]").first.click()  # then the bot, then us
    page.wait_for_selector("body[data-announced]")
    assert page.evaluate("() => window.__notes")[0] == "Your turn: Mr House (basic variant)"


def test_the_final_table_says_why_welcome_to_ended(page: Any, server: str) -> None:
    """Issue 19: the final table says why the game ended, where the game's last log
    line tells (Welcome To: a third refusal, a full sheet or the three plans)."""
    created = post(
        server + "/api/tables",
        {"game": "welcome-to", "seats": [{"kind": "bot", "bot": "random"}] * 2, "seed": 1},
    )
    page.goto(server + created["spectate"])
    page.wait_for_selector("#final #end-reason")
    reason = page.text_content("#end-reason")
    assert reason.startswith("The game ends after round ") and "Seat " in reason
    assert "player" not in reason.lower()  # the page's naming, not the engine's
