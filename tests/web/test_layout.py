"""Issue 19, phones and layout: every game's table page at a phone's size (390 x 844,
touch) and a desktop's (1280 x 800), during play and at the final table, checked for
overflow by the page's own measures: the page never scrolls sideways, every drawing
lies inside the viewport, every part of the board a person can tap is at least 24 x 24
CSS px on the phone, the final score table fits or scrolls within its own box. The
screenshots go to the test's tmp_path (look at them there: pytest --basetemp=DIR)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import get, post, wait_until_over

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TARGET_PX = 24  # the smallest tap target on a phone (WCAG 2.2's minimum target size)
LIVE = "#board [data-index].live"
#: the smallest text of each drawing at 1280 px, in CSS px (issue 19 found about 7 on
#: Mr House advanced's board; 11 is out of reach where a board 1200 units wide fills
#: an 870 px column, unless it is laid out anew)
MIN_TEXT_PX = {
    "mr-house-basic": 7,
    "mr-house-advanced": 7,
    "welcome-to": 7,
    "dream-home": 11,
    "house-of-fado": 8.5,
    "master-builder": 8.4,
}

#: each game's table: a person (who taps a few moves, then leaves: the clock bot plays
#: the seat to the end) and random bots; Mr House advanced with three, so that the
#: final table has a runner-up's column and a third
GAMES = {
    "mr-house-basic": 2,
    "mr-house-advanced": 3,
    "welcome-to": 2,
    "dream-home": 2,
    "house-of-fado": 2,
    "master-builder": 2,
}

MEASURE = """() => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return {left: r.left, right: r.right, width: r.width, height: r.height}; };
  const svgs = [...document.querySelectorAll('svg')].map(box);
  const targets = [...document.querySelectorAll('#board [data-index].live')].map((n) =>
    ({...box(n), what: n.getAttribute('aria-label') || ''}));
  let text = {px: Infinity, what: ''};
  for (const t of document.querySelectorAll('#board svg text')) {
    if (!t.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.abs(t.getScreenCTM().a);
    if (px < text.px) text = {px, what: t.textContent.trim().slice(0, 40)};
  }
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
          svgs, targets, text};
}"""

FINAL_TABLE = """() => {
  const holder = document.querySelector('#scores');
  const table = holder.querySelector('table');
  const style = getComputedStyle(holder);
  const cells = [...table.querySelectorAll('thead th')].map((th) => th.getBoundingClientRect());
  return {tableWidth: table.scrollWidth, holderWidth: holder.clientWidth,
          scrolls: ['auto', 'scroll'].includes(style.overflowX),
          reachable: holder.scrollWidth >= table.scrollWidth,
          lastRight: cells.at(-1).right, holderRight: holder.getBoundingClientRect().right};
}"""


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="module")
def measured() -> Iterator[dict[str, dict[str, Any]]]:
    """What the tests measured, per game: printed at the end (pytest -s shows it)."""
    figures: dict[str, dict[str, Any]] = {}
    yield figures
    for game, values in figures.items():
        print(f"\n{game}: " + ", ".join(f"{k} {v}" for k, v in values.items()), end="")


def open_page(browser: Any, size: dict[str, Any], url: str) -> tuple[Any, list[str]]:
    context = browser.new_context(**size)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector('body:not([data-log-length="-1"])')
    return page, errors


def check_layout(page: Any, phone: bool) -> dict[str, Any]:
    """The page's measures, asserted: no sideways scroll, every drawing in the viewport,
    (on the phone) every live part of the board at least TARGET_PX square."""
    m = page.evaluate(MEASURE)
    width = m["innerWidth"]
    assert m["scrollWidth"] <= width, f"the page scrolls sideways: {m['scrollWidth']} > {width}"
    for svg in m["svgs"]:
        assert svg["left"] >= -0.5 and svg["right"] <= width + 0.5, f"a drawing is cut: {svg}"
    if phone:
        small = [t for t in m["targets"] if min(t["width"], t["height"]) < TARGET_PX - 0.01]
        assert not small, f"tap targets under {TARGET_PX} px: {small[:3]}"
    return m


def tap_a_move(page: Any) -> None:
    """As a person on a phone: tap the board's first live part (or the first action
    button if the board has none); where several parts share the spot, the page asks
    which, and the first is taken."""
    page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
    before = page.get_attribute("body", "data-log-length")
    part = page.locator(LIVE).first
    if part.count():
        part.scroll_into_view_if_needed()
        box = part.bounding_box()  # where a finger lands: others' areas may overlap it
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(
            """b => document.body.dataset.logLength !== b
                || !document.querySelector('#pick').hidden""",
            arg=before,
        )
        if page.locator("#pick").is_visible():
            page.locator("#pick button[data-index]").first.tap()
    else:
        page.locator("#actions button[data-index]").first.tap()
    page.wait_for_function(
        """b => document.body.dataset.logLength !== b
            || document.querySelector('#message.error') !== null""",
        arg=before,
    )
    assert page.locator("#message.error").count() == 0, page.text_content("#message")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_fits_a_phone_and_a_desktop(
    browser: Any, server: str, game: str, shots: Path, measured: dict[str, dict[str, Any]]
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (GAMES[game] - 1)
    body = {"game": game, "seats": seats, "seed": 3, "clock_bot": "random"}
    created = post(server + "/api/tables", body)
    url = server + created["seats"][0]["url"]
    figures = measured.setdefault(game, {"targets px": 10_000.0, "text px": 10_000.0})

    phone, phone_errors = open_page(browser, PHONE, url)
    for move in range(3):
        m = check_layout(phone, phone=True)
        if m["targets"]:
            smallest = min(min(t["width"], t["height"]) for t in m["targets"])
            figures["targets px"] = round(min(figures["targets px"], smallest), 1)
        phone.screenshot(path=shots / f"{game}-phone-play-{move}.png", full_page=True)
        tap_a_move(phone)

    desktop, desktop_errors = open_page(browser, DESKTOP, url)
    m = check_layout(desktop, phone=False)
    figures["text px"] = round(m["text"]["px"], 1)
    figures["smallest text"] = repr(m["text"]["what"])
    desktop.screenshot(path=shots / f"{game}-desktop-play.png", full_page=True)
    assert m["text"]["px"] >= MIN_TEXT_PX[game], f"small print at 1280 px: {m['text']}"

    # the person leaves: the clock bot plays the seat to the end, with nobody watching
    # (two pages drawing every move would only slow it down); then both pages again
    phone.locator("#leave").tap()
    phone.locator("#confirm-ok").tap()  # the page asks first
    phone.wait_for_selector("#away-note:not([hidden])")
    for page in (phone, desktop):
        page.context.close()
    assert not phone_errors and not desktop_errors, phone_errors + desktop_errors
    wait_until_over(server, created["table"])

    for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page, errors = open_page(browser, size, url)
        page.wait_for_selector("#final")
        check_layout(page, phone=name == "phone")
        table = page.evaluate(FINAL_TABLE)
        assert table["tableWidth"] <= table["holderWidth"] or table["scrolls"], table
        assert table["reachable"], f"a column of the final table cannot be reached: {table}"
        assert page.locator("#final table tr.total td").count() == GAMES[game]
        page.screenshot(path=shots / f"{game}-{name}-final.png", full_page=True)
        if name == "desktop":  # at 1280 px the whole table shows, the last column too
            assert table["lastRight"] <= table["holderRight"] + 0.5, table
        page.context.close()
        assert not errors, errors


OVERLAP = """() => {
  const parts = [...document.querySelectorAll('#board [data-index].live')];
  for (const [i, a] of parts.entries()) for (const b of parts.slice(i + 1)) {
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const left = Math.max(p.left, q.left), right = Math.min(p.right, q.right);
    const top = Math.max(p.top, q.top), bottom = Math.min(p.bottom, q.bottom);
    if (right - left > 2 && bottom - top > 2)
      return {x: (left + right) / 2, y: (top + bottom) / 2,
              texts: [a.getAttribute('aria-label'), b.getAttribute('aria-label')]};
  }
  return null;
}"""


def test_a_tap_between_small_parts_asks_which_one(browser: Any, server: str) -> None:
    """On a phone the board's small parts get hit areas of 24 px; a tap where two of
    them meet lists both, and the one chosen is played."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats, "seed": 3})
    page, errors = open_page(browser, PHONE, server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
    assert page.locator("#board rect.hit").count() > 0
    spot = page.evaluate(OVERLAP)
    assert spot, "no two live parts of the board share a spot on the phone"
    page.touchscreen.tap(spot["x"], spot["y"])
    pick = page.locator("#pick")
    pick.wait_for()
    offered = pick.locator("button[data-index]").all_text_contents()
    assert set(spot["texts"]) <= set(offered), offered
    pick.locator("#pick-cancel").tap()
    pick.wait_for(state="hidden")
    assert page.get_attribute("body", "data-log-length") == "0"  # nothing was played

    view = get(f"{server}/api/tables/{created['table']}/view?token={created['seats'][0]['token']}")
    legal = {a["index"]: a["action"] for a in view["legal_actions"]}
    page.touchscreen.tap(spot["x"], spot["y"])
    choice = pick.locator("button[data-index]").nth(1)  # not the topmost part: the other
    chosen = int(choice.get_attribute("data-index"))
    choice.tap()
    page.wait_for_function("() => Number(document.body.dataset.logLength) > 0")
    pick.wait_for(state="hidden")
    log = get(f"{server}/api/tables/{created['table']}/log?token={created['seats'][0]['token']}")
    assert log["actions"][0] == [0, legal[chosen]]  # the game's first move: the person's
    page.context.close()
    assert not errors, errors


def test_a_mouse_clicks_the_part_under_it(browser: Any, server: str) -> None:
    """With a mouse (a fine pointer) the board has no hit areas: a click plays the part
    under the pointer, at once."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = post(server + "/api/tables", {"game": "mr-house-basic", "seats": seats, "seed": 3})
    page, errors = open_page(browser, {"viewport": {"width": 390, "height": 844}},
                             server + created["seats"][0]["url"])  # fmt: skip
    page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
    assert page.locator("#board rect.hit").count() == 0
    page.locator(LIVE).first.click()
    page.wait_for_function("() => Number(document.body.dataset.logLength) > 0")
    assert page.locator("#pick").is_hidden()
    page.context.close()
    assert not errors, errors
