"""Optional accounts in the browser (issue 46): a person makes an account in the
lobby, takes a seat, and finds it in the lobby of another device once signed in there;
signing out forgets nothing of this browser's own list."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import WAIT_MS, post

pytestmark = pytest.mark.browser


def _device(browser: Any) -> Any:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
    page.errors = errors
    return page


def _sign(
    page: Any, server: str, button: str, name: str, password: str, shown: str = "Ada Lovelace"
) -> None:
    page.goto(server + "/")
    page.fill("#account-user", name)
    page.fill("#account-password", password)
    page.click(button)
    page.wait_for_selector("#account-in:not([hidden])")
    assert page.text_content("#account-name") == shown  # as it was written first


def _play_to_the_end(page: Any, server: str, table: str, token: str) -> None:
    """Seat 0 (``token``) plays its first legal move, with ``page``'s cookies, until the
    game is over."""
    for _ in range(2000):
        seen = page.request.get(f"{server}/api/tables/{table}/view?svg=false&token={token}")
        view = seen.json()
        if view["terminal"]:
            return
        if 0 in view["acting"] and view["legal_actions"]:
            move = {"index": view["legal_actions"][0]["index"]}
            page.request.post(f"{server}/api/tables/{table}/actions?token={token}", data=move)
    raise AssertionError(f"table {table} did not end")


def test_an_accounts_seat_is_found_on_another_device(browser: Any, server: str) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
    created = post(server + "/api/tables", {"game": "welcome-to", "seats": seats, "seed": 3})
    table = created["table"]

    laptop = _device(browser)
    _sign(laptop, server, "#sign-up", "Ada Lovelace", "analytical engine")
    laptop.goto(server + created["seats"][0]["url"])  # her seat: the account holds it now
    laptop.wait_for_selector('body:not([data-log-length="-1"])')
    laptop.wait_for_load_state("networkidle")

    phone = _device(browser)  # another device: nothing in its browser yet
    phone.goto(server + "/")
    assert phone.is_hidden("#mine-card") and phone.is_hidden("#account-in")
    _sign(phone, server, "#sign-in", "ada lovelace", "analytical engine")  # any case
    entry = phone.locator(f'#mine .my-table[data-table="{table}"]')
    entry.wait_for()
    entry.locator("summary").click()
    entry.locator('a.seat-link[data-seat="0"]').click()
    phone.wait_for_selector('body:not([data-log-length="-1"])')
    assert phone.text_content("#you") == "you are Ada (seat 0)"

    phone.goto(server + "/")
    phone.click("#sign-out")
    phone.wait_for_selector("#account-form:not([hidden])")
    phone.reload()
    assert phone.is_visible("#account-form") and phone.is_hidden("#account-in")
    wrong = _device(browser)
    wrong.goto(server + "/")
    wrong.fill("#account-user", "Ada Lovelace")
    wrong.fill("#account-password", "difference engine")
    wrong.click("#sign-in")
    wrong.wait_for_selector("#account-message:not([hidden])")
    assert "no account has that name and password" in wrong.text_content("#account-message")
    assert laptop.errors == [] and phone.errors == []  # no failed request, signed in or out


def test_an_accounts_finished_game_is_found_on_another_device(browser: Any, server: str) -> None:
    """Issue 46: a person's running and finished games follow their account: the game
    played to its end on one device is listed, over, on another once signed in there,
    and its link opens the final table."""
    laptop = _device(browser)
    _sign(laptop, server, "#sign-up", "Alan", "on computable numbers", shown="Alan")
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    # not Dream Home: the ratings test below counts that game's rated players
    created = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats, "seed": 5})
    table, token = created["table"], created["seats"][0]["token"]
    laptop.goto(server + created["seats"][0]["url"])  # the page holds the seat for him
    laptop.wait_for_selector('body:not([data-log-length="-1"])')
    laptop.wait_for_load_state("networkidle")
    _play_to_the_end(laptop, server, table, token)  # as seat 0, signed in

    phone = _device(browser)
    _sign(phone, server, "#sign-in", "alan", "on computable numbers", shown="Alan")
    entry = phone.locator(f'#mine .my-table[data-table="{table}"]')
    entry.wait_for()
    phone.wait_for_function(
        "t => document.querySelector(`#mine .my-table[data-table='${t}'] .turn`)"
        ".textContent.includes('over')",
        arg=table,
    )
    entry.locator("summary").click()
    entry.locator('a.seat-link[data-seat="0"]').click()
    phone.wait_for_selector("#final-area:not([hidden]) #final")
    assert laptop.errors == [] and phone.errors == []


def test_the_ratings_page_and_the_lobby_rate_people_and_bots_alike(
    browser: Any, server: str
) -> None:
    page = _device(browser)
    account = {"name": "Grace", "password": "compiler first"}
    assert page.request.post(server + "/api/accounts", data=account).status == 201
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    created = post(server + "/api/tables", {"game": "dream-home", "seats": seats, "seed": 8})
    table, token = created["table"], created["seats"][0]["token"]
    assert page.request.post(server + "/api/me/tables", data={"table": table, "token": token}).ok
    _play_to_the_end(page, server, table, token)

    page.goto(server + "/ratings?game=dream-home")
    rows = page.locator("#ratings table.ratings tbody tr")
    rows.first.wait_for()
    players = [row.locator("td").nth(1).text_content() for row in rows.all()]
    # the account, and the bots the ladder rated (each listed from the start)
    assert "Grace" in players and {"bot: greedy", "bot: random"} <= set(players)
    page.goto(server + "/")
    page.select_option("#game", "dream-home")
    option = page.locator("select[name=seat-1] option[value=greedy]", has_text="rated")
    option.wait_for(state="attached")  # once the game's ratings are in
    assert "casual" in option.text_content() and "rated" in option.text_content()
