"""'Why not?' everywhere (issue 46): in every game, over a whole game, a click on any
drawn part of the board either is a move (a live part, not played here) or says
something: a part that stands for a move not legal now (class ``ask``) gets the
engine's refusal ("Why not “…”? <the reason> (<game> §<section>)"), worked out by the
server on the seat's determinization; any other part says what it is and that it is
not a move now. Nothing a seat clicks is met by silence.

A person plays a random bot; the test makes the person's moves through the API (random
ones; in the long games the hinted ones, the greedy bot's, which end them sooner) and,
at positions spread from the first turn to the end, opens the seat's page and clicks
the parts of the board: all of them, or a sample when there are many. The game, the
bot and the sample follow from the seeds: each run clicks the same parts."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from tests.web.conftest import get, post

pytestmark = pytest.mark.browser

#: each game, every how many of the person's turns the board is clicked (about six
#: positions over a game), and whether the person plays the hinted moves (a long game:
#: House of Fado's random games last a thousand moves a seat, the greedy bot's 200)
GAMES = {
    "mr-house-basic": (12, False),
    "mr-house-advanced": (10, False),
    "welcome-to": (8, False),
    "dream-home": (6, False),
    "house-of-fado": (35, True),
    "master-builder": (14, True),
}
#: kinds of move among those clicked that asked why not over the game: a house's spots,
#: a crew card, a house and a gap of the sheet, a room of one's home, a table and a
#: worker of one's own (besides the parts that asked before: a location, a card...)
ASKING = {
    "mr-house-basic": {"place", "build", "prepare"},
    "mr-house-advanced": {"place", "build", "crew"},
    "welcome-to": {"pick", "write", "fence", "improve"},
    "dream-home": {"take-column", "place-room", "decorate"},
    "house-of-fado": {"place-worker", "hire-musician", "seat"},
    "master-builder": {"hire-worker", "fire-worker", "staff-section"},
}
#: the parts clicked at a position, at most (a sample, different at each position)
SAMPLE = 40
#: the drawn parts a person may click: moves, parts asking why not, parts with a tooltip
PARTS = "#board svg g.act, #board svg g.ask, #board svg g:has(> title)"

#: In the page: click each part given (by its place in the list of PARTS) as a person
#: would (a click without a place: the part itself), and wait for the page's answer;
#: a live move is not clicked. Returns what each part is and the message it got.
CLICK = """async ([selector, chosen]) => {
  const parts = [...document.querySelectorAll(selector)];
  const message = document.getElementById("message");
  const seen = [];
  for (const k of chosen) {
    const node = parts[k];
    const move = node.closest("[data-index]");
    const title = node.querySelector(":scope > title");
    const part = { asks: Boolean(node.closest(".ask")), title: title ? title.textContent : "",
                   action: (node.closest(".ask") || node).getAttribute("data-action") || "" };
    if (move) {
      seen.push({ ...part, live: move.classList.contains("live") });
      continue;
    }
    message.hidden = true;
    message.textContent = "";
    node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    const start = performance.now();
    while (!message.textContent.trim() && performance.now() - start < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    seen.push({ ...part, said: message.hidden ? "" : message.textContent.trim() });
  }
  return seen;
}"""


def _play_to_the_next_turn(
    server: str, table: str, token: str, view: Any, hinted: bool, rng: random.Random
) -> Any:
    """The person's move (if any: a random one, or the ``hinted`` one), then the view
    once the person is to act again, or the game is over."""
    url = f"{server}/api/tables/{table}"
    if view is not None:
        move = {"index": rng.choice(view["legal_actions"])["index"]}
        if hinted:
            move = {"index": post(f"{url}/hint?token={token}", {})["index"]}
        view = post(f"{url}/actions?svg=false&token={token}", move)
    deadline = time.monotonic() + 60
    while view is None or not (view["terminal"] or _turn(view)):
        assert time.monotonic() < deadline, f"the bot did not move at table {table}"
        time.sleep(0.02)
        view = get(f"{url}/view?svg=false&token={token}")
    return view


def _turn(view: Any) -> bool:
    """The person's turn, the bot done (in a phase where both choose, the bot first)."""
    return bool(view["legal_actions"]) and view["acting"] == [0]


def _click_the_board(page: Any, game: str, over: bool, rng: random.Random) -> tuple[list[str], int]:
    """Click the board's parts (a sample of SAMPLE): the parts that went wrong, and how
    many of those clicked asked why not."""
    count = page.locator(PARTS).count()
    assert count > 0, f"{game}: no part on the board"
    chosen = sorted(rng.sample(range(count), min(SAMPLE, count)))
    wrong = []
    got = page.evaluate(CLICK, [PARTS, chosen])
    for part in got:
        named = part["title"][:60] or part["action"][:80] or "a part without a tooltip"
        if "live" in part:
            if not part["live"] and not over:
                wrong.append(f"a move not live: {named}")
            continue
        said = part["said"]
        if not said:
            wrong.append(f"silence: {named}")
        elif part["asks"] and over:
            if not said.startswith("Why not “") or "the game is over" not in said:
                wrong.append(f"asked {part['action']}, told {said!r}")
        elif part["asks"] and not re.fullmatch(rf"Why not “.+”\? .+ \({game} §.+\)", said):
            wrong.append(f"asked {part['action']}, told {said!r}")
    return wrong, {json.loads(part["action"])["kind"] for part in got if part["asks"]}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_drawn_part_plays_or_says_why_not_over_a_whole_game(
    page: Any, server: str, game: str
) -> None:
    every, hinted = GAMES[game]
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"game": game, "seats": seats, "seed": 3, "hints": hinted}
    created = post(server + "/api/tables", body)
    table, token = created["table"], created["seats"][0]["token"]
    rng = random.Random(3)
    view, turns, positions, asking, wrong = None, 0, 0, set(), []
    while True:
        view = _play_to_the_next_turn(server, table, token, view, hinted, rng)
        if view["terminal"] or turns % every == 0:
            page.goto(server + created["seats"][0]["url"])
            ready = 'body[data-terminal="true"]' if view["terminal"] else (
                'body[data-your-turn="true"]:not([data-busy="true"])'
            )  # fmt: skip
            page.wait_for_selector(ready)
            page.wait_for_selector("#board svg")
            found, asked = _click_the_board(page, game, view["terminal"], rng)
            wrong += [f"turn {turns}: {w}" for w in found]
            asking |= asked
            positions += 1
        if view["terminal"]:
            break
        turns += 1
    assert positions >= 4, f"{game}: only {positions} positions clicked over {turns} turns"
    assert ASKING[game] <= asking, f"{game}: no part asked about {ASKING[game] - asking}"
    assert not wrong, f"{game}: {len(wrong)} parts went wrong: {wrong[:6]}"
