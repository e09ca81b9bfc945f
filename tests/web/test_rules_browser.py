"""Rules at hand in a real browser (issue 19): the Rules panel of each game, the
board's tooltips, "why not?" on a part that is not a legal move, and the tie-break on a
tied final table. Without /usr/bin/chromium the module skips, except in CI."""

from __future__ import annotations

from typing import Any

import pytest

from tests.core.test_ties import TIED, random_end, tied_seed
from tests.web.conftest import get, post

pytestmark = pytest.mark.browser

GAMES = {
    "mr-house-basic": ("House geometry", 2),
    "mr-house-advanced": ("Privilege cards", 2),
    "welcome-to": ("Estates", 1),
    "dream-home": ("Kids (Q20)", 2),
    "house-of-fado": ("Five stars (Q23)", 2),
    "master-builder": ("Renting (Q29", 2),
}


def open_table(server: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> Any:
    return post(server + "/api/tables", {"game": game, "seats": seats, **extra})


def test_each_games_rules_panel_opens_on_its_rulings(page: Any, server: str) -> None:
    for game, (ruling, players) in GAMES.items():
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        created = open_table(server, game, seats)
        page.goto(server + created["seats"][0]["url"])
        page.wait_for_selector('body:not([data-log-length="-1"])')
        panel = page.locator("#rules")
        assert not panel.locator(".rules-section").first.is_visible()  # closed at first
        panel.locator("summary").click()
        rulings = panel.locator("ol.rulings")
        rulings.wait_for()
        titles = rulings.locator("li strong").all_text_contents()
        assert any(title.startswith(ruling) for title in titles), (game, titles)
        assert rulings.locator("li").first.is_visible()
        headings = panel.locator("h3").all_text_contents()
        assert headings[1:] == ["Scoring", "Rulings"] and headings[0].startswith("How a ")
        if game.startswith("mr-house"):  # issue 46: the house parts' recipes and points
            table = panel.locator(".rules-table table")
            assert table.is_visible() and "2 wood + 1 steel" in table.inner_text()


def test_a_privilege_card_explains_itself_in_a_tooltip(page: Any, server: str) -> None:
    created = open_table(
        server, "mr-house-advanced", [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        seed=1,
    )  # fmt: skip
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector("#board svg")
    tips = page.locator("#board svg title").all_text_contents()
    cards = [t for t in tips if t.startswith("privilege card ")]
    assert cards and all(("Discard at any time" in t or "When you receive it" in t) for t in cards)
    assert any(t.startswith("quality ") or "quality track" in t for t in tips)
    assert any("A 0 marker gets nothing" in t for t in tips)


def test_a_click_on_a_move_that_is_not_legal_says_which_rule_forbids_it(
    page: Any, server: str
) -> None:
    created = open_table(
        server, "mr-house-basic", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=5
    )
    token = created["seats"][0]["token"]
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-your-turn="true"]')
    page.locator('#board g.location[data-location="1"] [data-index].live').first.click()
    # the bot places its marker; then seat 0 places its second one, next to the first
    page.wait_for_function("() => Number(document.body.dataset.logLength) >= 2")
    page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
    seen = get(f"{server}/api/tables/{created['table']}/view?token={token}&svg=false")
    far = next(
        loc["number"]
        for loc in seen["observation"]["board"]["locations"]
        if loc["number"] != 1 and 1 not in loc["adjacent"]
    )
    before = page.get_attribute("body", "data-log-length")
    with page.expect_response("**/api/tables/*/why*") as answer:
        page.locator(f'#board g.ask:has(> g.location[data-location="{far}"])').click()
    assert answer.value.status == 200 and answer.value.json()["legal"] is False
    message = page.locator("#message.why")
    message.wait_for()
    text = message.text_content()
    assert "not orthogonally adjacent to any of your earlier markers" in text
    assert text.endswith("(mr-house-basic §Movement Around the City)")
    assert page.get_attribute("body", "data-log-length") == before  # nothing was played
    # the board's parts still play: a legal move clears the note
    page.locator("#board [data-index].live").first.click()
    page.locator("#message").wait_for(state="hidden", timeout=5_000)


def test_a_tied_final_table_shows_the_tie_break_that_ranked_them(page: Any, server: str) -> None:
    seed = tied_seed("mr-house-basic", TIED["mr-house-basic"][0])
    game = random_end("mr-house-basic", seed)
    created = open_table(
        server, "mr-house-basic",
        [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Grace"}], seed=seed,
    )  # fmt: skip
    tokens = [s["token"] for s in created["seats"]]
    for player, action in game.history:
        url = f"{server}/api/tables/{created['table']}/actions?token={tokens[player]}&svg=false"
        post(url, {"action": action.to_json()})
    page.goto(server + created["spectate"])
    note = page.locator("#final #tie-breaks li")
    note.wait_for()
    text = note.text_content()
    total = game.scores()[0]["total"]
    assert text.startswith(f"Ada (seat 0) and Grace (seat 1) tie on {total} point")
    assert "the fewest building materials left ranks" in text
    ranks = page.locator("#final tr.rank td").all_text_contents()
    assert sorted(ranks) == ["1", "2"]
