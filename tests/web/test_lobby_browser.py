"""The lobby in a real browser: each game's options as controls under "More options"
(sent with the new table), the page on a 375 x 740 phone with no sideways scroll, and
the form's own checks (the seed's range, the clock's step, a stale error cleared)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import WAIT_MS, create_in_lobby, get, post

pytestmark = pytest.mark.browser

SMALL_PHONE = {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}
MAX_SEED = 2**53 - 1  # server/schemas.py's MAX_SEED

#: each game's options as the lobby should offer them: name -> (control, default)
OPTIONS = {
    "dream-home": {
        "column-discard": ("checkbox", True),
        "own-roof-shown": ("checkbox", False),
        "helpers-in-order": ("checkbox", False),
        "supplier-most-kids": ("checkbox", False),
    },
    "house-of-fado": {
        "promos": ("checkbox", False),
        "assistants": ("checkbox", False),
        "restaurant-assistant": ("checkbox", True),
        "own-assistant-back": ("select", "any-space"),
    },
    "master-builder": {
        "choosing-workers": ("checkbox", False),
        "selective-events": ("checkbox", False),
        "additional-events": ("checkbox", False),
        "renting-workers": ("checkbox", False),
        "three-go-rounds": ("checkbox", False),
        "removed-contracts-end-early": ("checkbox", False),
        "must-hire-after-look": ("checkbox", False),
        "repay-when-asked": ("checkbox", False),
        "rent-offers-only": ("checkbox", False),
        "late-repayment": ("select", "deck-exhausted"),
    },
    "mr-house-advanced": {"door": ("select", "any-floor"), "office": ("select", "first-two")},
    "mr-house-basic": {"door": ("select", "any-floor")},
    "welcome-to": {
        "deck": ("select", "rulebook-63"),
        "track-limits": ("checkbox", False),
        "long-estates": ("checkbox", False),
    },
}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(**SMALL_PHONE)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, f"errors on the page: {errors}"


def shown_options(page: Any) -> dict[str, tuple[str, Any]]:
    """The game option controls the lobby shows: name -> (control, value)."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#game-options [data-option]')]
            .map((c) => [c.dataset.option, c.type === 'checkbox'
                ? ['checkbox', c.checked] : ['select', c.selectedOptions[0].dataset.value]]))"""
    )


def test_every_game_s_options_are_offered_with_their_defaults(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.click("details.more summary")
    for game, options in OPTIONS.items():
        page.select_option("#game", game)
        page.wait_for_function(
            "n => document.querySelectorAll('#game-options [data-option]').length === n",
            arg=len(options),
        )
        shown = shown_options(page)
        assert {k: (kind, v) for k, (kind, v) in shown.items()} == {
            k: (kind, v if kind == "checkbox" else f'"{v}"') for k, (kind, v) in options.items()
        }, game
        for name in options:  # each with its help as its hint
            hint = page.locator(f'#game-options [data-option-row="{name}"] .option-help')
            assert len(hint.text_content().strip()) > 20, (game, name)


def test_a_table_made_in_the_lobby_gets_the_options_chosen(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.select_option("#game", "mr-house-advanced")
    page.select_option("#players", "2")
    page.select_option("select[name=seat-1]", "random")
    page.click("details.more summary")
    page.select_option("#option-office", label="highest-two")
    page.select_option("#option-door", label="ground-floor")
    table = create_in_lobby(page)
    log = get(f"{server}/api/tables/{table}/log")
    assert log["game"] == "mr-house-advanced"
    assert log["options"] == {"door": "ground-floor", "office": "highest-two"}


def test_a_two_player_variant_is_offered_at_two_players_only(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.select_option("#game", "house-of-fado")
    page.click("details.more summary")
    page.select_option("#players", "3")
    assert page.is_disabled("#option-assistants")
    assert "2 players" in page.text_content('[data-option-row="assistants"]')
    page.select_option("#players", "2")
    page.select_option("select[name=seat-1]", "random")
    page.check("#option-assistants")
    page.check("#option-promos")
    table = create_in_lobby(page)
    assert get(f"{server}/api/tables/{table}/log")["options"] == {
        "promos": True,
        "assistants": True,
        "restaurant-assistant": True,
        "own-assistant-back": "any-space",
    }
    page.select_option("#players", "4")  # three or four: back to the rulebook's game
    assert page.is_disabled("#option-assistants") and not page.is_checked("#option-assistants")
    page.select_option("#game", "dream-home")  # another game: its own options, defaults
    assert page.locator("#option-assistants").count() == 0
    assert page.is_checked("#option-column-discard")


def test_the_lobby_fits_a_375_px_phone(phone: Any, server: str) -> None:
    long_name = "Maximiliana-Wilhelmina-Konstantinopolous"[:40]
    post(
        server + "/api/tables",
        {
            "game": "master-builder",
            "seats": [
                {"kind": "human", "name": long_name},
                {"kind": "human", "name": long_name[::-1]},
                {"kind": "bot", "bot": "ismcts:seconds=0.5"},
                {"kind": "bot", "bot": "ismcts:seconds=2"},
            ],
        },
    )
    phone.goto(server + "/")
    phone.locator("table.tables").wait_for()
    phone.click("details.more summary")
    phone.click("details.about-bots summary")
    phone.select_option("#game", "master-builder")
    phone.select_option("#players", "4")
    for seat in range(4):
        phone.select_option(f"select[name=seat-{seat}]", "ismcts:seconds=0.5")
    phone.select_option("select[name=seat-0]", "human")
    phone.fill("#name-0", long_name)
    width = "() => document.documentElement.scrollWidth"
    assert phone.evaluate(width) <= 375
    phone.click("#create")
    phone.locator('#links a.seat-link[data-seat="0"]').wait_for()
    phone.locator("#mine .my-table summary").first.click()
    phone.locator("table.tables").wait_for()
    assert phone.evaluate(width) <= 375
    # every seat row's select and name box lie inside the viewport
    right = phone.evaluate(
        """() => Math.max(...[...document.querySelectorAll(
            '#seats select, #seats input, table.tables, #game-options select, #game-options label')]
            .filter((n) => n.offsetParent !== null)
            .map((n) => n.getBoundingClientRect().right))"""
    )
    assert right <= 375


def test_the_seed_and_clock_fields_take_what_the_api_takes(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.click("details.more summary")
    assert page.get_attribute("#seed", "min") == "0"
    assert page.get_attribute("#seed", "max") == str(MAX_SEED)
    valid = "s => document.querySelector(s).checkValidity()"
    page.fill("#seed", str(MAX_SEED + 1))
    assert not page.evaluate(valid, "#seed")
    page.fill("#seed", str(MAX_SEED))
    assert page.evaluate(valid, "#seed")
    # the server's shortest clock is 6 s (tests/web/conftest.py), 0.1 minutes
    for minutes, ok in [("0.75", True), ("1.25", True), ("0.1", True), ("0.05", False)]:
        page.fill("#clock", minutes)
        assert page.evaluate(valid, "#clock") is ok, minutes


def test_an_error_is_cleared_by_the_next_attempt_or_a_change(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.select_option("#game", "mr-house-basic")
    page.select_option("#players", "2")
    page.select_option("select[name=seat-1]", "random")
    page.route(  # the server refuses this one (as it would a table too many)
        "**/api/tables",
        lambda route: (
            route.fulfill(status=429, json={"detail": "too many tables opened: wait a minute"})
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    page.click("#create")
    page.locator("#lobby-message.error").wait_for()
    page.click("details.more summary")
    page.fill("#seed", "-1")  # refused by the browser: the old error goes
    page.click("#create")
    assert page.is_hidden("#lobby-message")
    page.fill("#seed", "")
    page.click("#create")
    page.locator("#lobby-message.error").wait_for()
    page.fill("#name-0", "Ada")  # a change to the form: the old error goes
    assert page.is_hidden("#lobby-message")


def test_each_game_names_its_bots_strength_as_its_ladder_does(page: Any, server: str) -> None:
    """Issue 47: the seats' bots and the clock's bot carry the chosen game's words
    (agents/ladder.py), which the server gives per game."""
    games = get(server + "/api/games")
    by_game, clock_bots = games["game_bot_hints"], games["bots"]
    page.goto(server + "/")
    for game in ("welcome-to", "dream-home"):
        page.select_option("#game", game)
        for bot, word in by_game[game].items():
            seat = page.locator(f'#seat-1 option[value="{bot}"]')
            assert seat.text_content().startswith(f"bot: {bot} ({word}"), (game, bot)
            if bot in clock_bots:  # the clock's bots are every game's (no learned bot)
                clock = page.locator(f'#clock-bot option[value="{bot}"]')
                assert clock.text_content() == f"{bot} ({word})", (game, bot)
