"""Boards that explain themselves (issue 46), in every game.

What changed since your last turn: when the seat's turn comes again, the parts of the
board the others' moves changed flash (class "changed") and the log's lines since then
are marked new; the first view marks nothing.

The last move, for seats and spectators alike: after each move the parts it changed
are outlined (class "last-move"), all of them drawn otherwise than on the board before
it, and the line under the status names who made it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.web.conftest import WAIT_MS, get, post

pytestmark = pytest.mark.browser

GAMES = [
    "mr-house-basic",
    "mr-house-advanced",
    "welcome-to",
    "dream-home",
    "house-of-fado",
    "master-builder",
]


def _turn(page: Any, log_length: str | None = None) -> str:
    if log_length is not None:
        page.wait_for_selector(f'body:not([data-log-length="{log_length}"])[data-your-turn="true"]')
    else:
        page.wait_for_selector('body[data-your-turn="true"]')
    return page.get_attribute("body", "data-log-length")


@pytest.mark.parametrize("game", GAMES)
def test_what_the_others_changed_is_lit_when_the_turn_comes_back(
    page: Any, server: str, game: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    created = post(server + "/api/tables", {"game": game, "seats": seats, "seed": 5})
    page.goto(server + created["seats"][0]["url"])
    before = _turn(page)
    assert page.locator("#board svg .changed").count() == 0  # the first view: nothing
    assert page.locator("#log li.new").count() == 0
    for _ in range(12):  # the seat's moves, until a bot's come between two of them
        page.locator("#actions button[data-index]").first.click()
        now = _turn(page, before)
        log = page.locator("#log li").count()
        if page.locator("#board svg .changed").count() and page.locator("#log li.new").count():
            break
        before = now
    changed = page.locator("#board svg .changed")
    assert changed.count() > 0, "nothing lit on the board when the turn came back"
    assert 0 < page.locator("#log li.new").count() <= log


# -- the last move --------------------------------------------------------------------
#: each drawing the page shows, as it shows it, with the moves its view knows of
RECORD = """() => {
  window.boards = [];
  const keep = () => {
    const svg = document.querySelector('#board svg');
    const last = window.boards[window.boards.length - 1];
    if (svg && (!last || last.node !== svg)) {
      window.boards.push({ node: svg, xml: new XMLSerializer().serializeToString(svg),
                           moves: document.body.dataset.logLength });
    }
  };
  new MutationObserver(keep).observe(document.getElementById('board'), { childList: true });
  keep();
}"""

#: once the board on the page was drawn after a move and marks it: that board, the
#: one before it, and the line naming who moved (read at once: no view comes between)
MARKED = """() => {
  const boards = window.boards;
  if (boards.length < 2) return null;
  const [before, after] = boards.slice(-2);
  const svg = document.querySelector('#board svg');
  if (svg !== after.node || before.moves === after.moves) return null;
  if (!svg.querySelector('.last-move')) return null;
  const note = document.getElementById('last-move');
  return { before: before.xml, after: new XMLSerializer().serializeToString(svg),
           note: note.hidden ? null : note.textContent, seat: note.dataset.seat,
           lines: document.querySelectorAll('#log li.last-move').length };
}"""

SVG = "{http://www.w3.org/2000/svg}"


def _parts(xml: str) -> dict[str, tuple[str, bool]]:
    """The drawing's parts as the page matches them (changes.js): where each is drawn ->
    what is drawn there, and whether the page marks it as the last move's."""
    parts: dict[str, tuple[str, bool]] = {}

    def walk(node: ET.Element) -> None:
        classes = (node.get("class") or "").split()
        if "page-mark" in classes or "hit" in classes:
            return  # the page's own boxes, a tap's hit area: not the drawing
        tag = node.tag.removeprefix(SVG)
        at = lambda *names: ",".join(node.get(n) or "" for n in names)  # noqa: E731
        key = {
            "text": f"text {at('x', 'y')}",
            "circle": f"circle {at('cx', 'cy', 'r')}",
            "ellipse": f"ellipse {at('cx', 'cy', 'rx', 'ry')}",
            "rect": f"rect {at('x', 'y', 'width', 'height')}",
        }.get(tag)
        if key is not None:
            value = "".join(node.itertext()) if tag == "text" else at("fill", "stroke")
            parts[key] = (value, "last-move" in classes)
        for child in node:
            walk(child)

    walk(ET.fromstring(xml))
    return parts


@pytest.fixture
def watching(browser: Any) -> Iterator[Callable[..., Any]]:
    """Opens a page (each in its own browser context, asking for reduced motion or
    not) that records every drawing it shows; a script error on any fails the test."""
    contexts, errors = [], []

    def open_page(url: str, reduced: bool = False) -> Any:
        motion = "reduce" if reduced else "no-preference"
        viewport = {"width": 1280, "height": 900}
        context = browser.new_context(viewport=viewport, reduced_motion=motion)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.wait_for_selector("#board svg")
        page.evaluate(RECORD)
        contexts.append(context)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the pages: {errors}"


@pytest.mark.parametrize("game", GAMES)
def test_the_last_move_is_outlined_for_the_seat_and_for_a_spectator(
    server: str, watching: Callable[..., Any], game: str
) -> None:
    """Bots play both seats (the person leaves: the clock bot plays their seat, a move
    every 2 s while their page is open, and the other seat's bot answers at once)."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"game": game, "seats": seats, "seed": 5, "clock_bot": "random"}
    created = post(server + "/api/tables", body)
    seat_page = watching(server + created["seats"][0]["url"])
    spectator = watching(server + created["spectate"])
    token = created["seats"][0]["token"]
    post(f"{server}/api/tables/{created['table']}/leave?token={token}", {})
    for page, me in [(seat_page, " (you)"), (spectator, "")]:
        seen = page.wait_for_function(MARKED).json_value()
        before, after = _parts(seen["before"]), _parts(seen["after"])
        marked = {key for key, (_, mark) in after.items() if mark}
        differ = {key for key, (value, _) in after.items() if before.get(key, (None,))[0] != value}
        assert marked, "no part of the board marked as the last move"
        assert marked <= differ, f"marked but drawn as before: {sorted(marked - differ)}"
        assert seen["note"] and seen["note"].startswith("Last move")
        # its log lines are marked; a move that wrote none is named alone ("by Seat 1")
        assert seen["lines"] > 0 or ":" not in seen["note"], seen["note"]
        mover = int(seen["seat"])
        assert f"Seat {mover}{me if mover == 0 else ' (random)'}" in seen["note"]


#: changes.js's `differing` between two drawings written here, run on a page of the
#: server: the keys of the parts it finds changed
DIFFERING = """async ([before, after]) => {
  const { differing, snapshot } = await import('/static/table/changes.js');
  const draw = (parts) => {
    const svg = new DOMParser().parseFromString(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">${parts}</svg>`,
      'image/svg+xml').documentElement;
    return document.body.appendChild(document.importNode(svg, true));
  };
  return differing(draw(after), snapshot(draw(before))).map(({ key }) => key);
}"""


def _cards(at: list[tuple[int, int, str]]) -> str:
    return "".join(
        f'<rect x="{x}" y="{y}" width="40" height="20" fill="{fill}"/>'
        f'<text x="{x + 5}" y="{y + 15}">{fill}</text>'
        for x, y, fill in at
    )


def test_a_new_deal_is_marked_whole_and_a_section_laid_out_lower_is_not(
    page: Any, server: str
) -> None:
    page.goto(server + "/")
    row = [(50 * i, 0, "#fff") for i in range(8)]
    # six of eight cards dealt anew: more than half the board, all of it marked
    dealt = row[:2] + [(x, y, f"#a0{i}") for i, (x, y, _) in enumerate(row[2:])]
    found = page.evaluate(DIFFERING, [_cards(row), _cards(dealt)])
    assert len(found) == 12 and "rect 100,0,40,20" in found and "text 105,15," in found
    # a card added to the first row: the second row, laid out 30 lower, only moved
    second = [(50 * i, 30, f"#b0{i}") for i in range(6)]
    lower = [(x, y + 30, fill) for x, y, fill in second]
    found = page.evaluate(
        DIFFERING,
        [_cards(row[:7] + second), _cards(row[:7] + [(0, 30, "#c00")] + lower)],
    )
    assert sorted(found) == ["rect 0,30,40,20", "text 5,45,"]
    # another screen altogether: nothing to point at
    other = [(50 * i + 7, 200, f"#d0{i}") for i in range(8)]
    assert page.evaluate(DIFFERING, [_cards(row), _cards(other)]) == []


def test_spots_to_click_are_not_marked_when_they_come_or_go(page: Any, server: str) -> None:
    page.goto(server + "/")
    box, label = 'x="0" y="0" width="20" height="20"', '<text x="2" y="15">1</text>'
    spot = f'<g class="act" data-index="3"><rect class="ghost" {box} fill="#fc0"/>{label}</g>'
    plain = f'<rect {box} fill="#eee"/>{label}'
    piece = '<circle cx="10" cy="10" r="5" fill="#d33"/>'
    assert page.evaluate(DIFFERING, [plain, spot]) == []  # a spot offered
    assert page.evaluate(DIFFERING, [spot, plain + piece]) == ["circle 10,10,5"]  # taken


@pytest.mark.parametrize("reduced", [False, True])
def test_the_last_move_s_boxes_are_drawn_in_unless_motion_is_reduced(
    server: str, watching: Callable[..., Any], reduced: bool
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = post(server + "/api/tables", {"game": "dream-home", "seats": seats, "seed": 5})
    spectator = watching(server + created["spectate"], reduced)
    table, token = created["table"], created["seats"][0]["token"]
    legal = get(f"{server}/api/tables/{table}/view?token={token}&svg=false")["legal_actions"]
    post(f"{server}/api/tables/{table}/actions?token={token}", {"index": legal[0]["index"]})
    spectator.wait_for_selector("#board svg .last-move-box", state="attached")
    animation = spectator.evaluate(
        "getComputedStyle(document.querySelector('#board svg .last-move-box')).animationName"
    )
    assert animation == ("none" if reduced else "last-move-in")
