"""What the browser tests share: a real server (`python -m housebuilders serve` on a
SQLite file, one for the whole session) and Debian's Chromium driven by Playwright.
Without /usr/bin/chromium the browser tests skip, except in CI, where they fail."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
WAIT_MS = 20_000  # for any one thing to appear: a bot's move, the server's answer


def unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser tests: {reason}")
    pytest.skip(reason)


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.load(response)


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def create_in_lobby(page: Any) -> str:
    """Click the lobby's Create and wait for its links: the new table's id."""
    page.click("#create")
    page.locator('#links a.seat-link[data-seat="0"]').wait_for()
    return str(page.get_attribute("#links .spectate-link", "href").rsplit("/", 1)[1])


def wait_until_over(server: str, table: str, seconds: float = 120) -> None:
    """Until the bots have played ``table`` to its end (asked of the server, with no
    page drawing every move, which under load would only slow them down)."""
    deadline = time.monotonic() + seconds
    while not get(f"{server}/api/tables/{table}/view?svg=false")["terminal"]:
        assert time.monotonic() < deadline, f"the bots did not finish table {table}"
        time.sleep(0.1)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`housebuilders serve` on a free loopback port; yields its base URL."""
    if not CHROMIUM.exists():
        unavailable(f"no Chromium at {CHROMIUM} (Debian's chromium package)")
    database = tmp_path_factory.mktemp("browser") / "t.db"
    # the tests (every browser test, one after the other) open many tables from one
    # address, some left with bots to move: no limit on the rate or on the bots; and a
    # turn clock may be as short as 6 s (0.1 minutes), for one to run out in a test
    options = ["--tables-per-minute", "0", "--min-clock-seconds", "6"]
    for limit in ("--max-bot-tables", "--max-bot-seats", "--max-address-bot-seats"):
        options += [limit, "0"]
    with LiveServer(f"sqlite:///{database}", options=options) as live:
        yield live.url


@pytest.fixture(scope="module")  # Playwright's loop must not outlive the module:
def browser(server: str) -> Iterator[Any]:  # later tests call asyncio.run
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright package is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page; an uncaught script error on it, or a refusal by the page's
    content security policy, fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: "Content Security Policy" in m.text and errors.append(m.text))
    yield page
    context.close()
    assert not errors, f"errors on the page: {errors}"
