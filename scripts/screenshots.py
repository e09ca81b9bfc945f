"""The web table's screenshots in docs/web.md, made anew from a real server.

    .venv/bin/python scripts/screenshots.py            # writes docs/images/web-*.jpg
    .venv/bin/python scripts/screenshots.py --out /tmp/shots

It starts ``housebuilders serve`` on a new SQLite file and a free loopback port, sets
each scene up through the API as people would (accounts, an open seat, a turn-based
table, games played to their end, a review worked out), and photographs it in Debian's
Chromium (/usr/bin/chromium) through Playwright (the ``test`` extra). Every scene is
seeded, so a run shows the same games; the bots' timing may differ.
"""

from __future__ import annotations

import argparse
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
WAIT_MS = 60_000


@contextmanager
def serving(database: Path) -> Iterator[str]:
    """``housebuilders serve`` on a free port, until the block ends; its base URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-m", "housebuilders", "serve", "--port", str(port)]
    command += ["--database-url", f"sqlite:///{database}", "--tables-per-minute", "0"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            raise SystemExit("the server did not start")
        yield url
    finally:
        process.terminate()
        process.wait(30)


class Scenes:
    """The scenes, each a screenshot written to ``out``."""

    def __init__(self, url: str, browser: Any, out: Path) -> None:
        self.url, self.browser, self.out = url, browser, out
        self.api = httpx.Client(base_url=url, timeout=30)

    def page(self, size: dict[str, Any], account: dict[str, str] | None = None) -> Page:
        page = self.browser.new_context(**size).new_page()
        page.set_default_timeout(WAIT_MS)
        if account:  # signed in, as the lobby's form does it
            page.request.post(self.url + "/api/session", data=account)
        return page

    def shoot(self, page: Page, name: str, full: bool = False) -> None:
        page.evaluate("document.fonts.ready")
        path = self.out / f"web-{name}.jpg"
        page.screenshot(path=path, full_page=full, type="jpeg", quality=80)
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
        page.context.close()

    def table(self, game: str, seats: list[dict[str, Any]], seed: int, **more: Any) -> Any:
        r = self.api.post("/api/tables", json={"game": game, "seats": seats, "seed": seed, **more})
        r.raise_for_status()
        return r.json()

    def play_to(self, created: Any, moves: int | None, seed: int) -> None:
        """The first seat plays random legal moves: ``moves`` of them, or to the end."""
        table, token = created["table"], created["seats"][0]["token"]
        rng, made = random.Random(seed), 0
        while moves is None or made < moves:
            view = self.api.get(f"/api/tables/{table}/view?svg=false&token={token}").json()
            if view["terminal"]:
                return
            if 0 not in view["acting"] or not view["legal_actions"]:
                time.sleep(0.05)
                continue
            index = rng.choice(view["legal_actions"])["index"]
            self.api.post(f"/api/tables/{table}/actions?token={token}", json={"index": index})
            made += 1

    def accounts(self) -> tuple[dict[str, str], dict[str, str]]:
        ada = {"name": "Ada", "password": "analytical engine"}
        alan = {"name": "Alan", "password": "computable numbers"}
        for account in (ada, alan):
            self.api.post("/api/accounts", json=account)
        return ada, alan

    def rated_game(self, account: dict[str, str], seed: int) -> Any:
        """A Dream Home game of ``account`` against greedy, played to its end."""
        human = {"kind": "human", "name": account["name"]}
        created = self.table("dream-home", [human, {"kind": "bot", "bot": "greedy"}], seed)
        page = self.page(DESKTOP, account)
        page.goto(self.url + created["seats"][0]["url"])  # the page holds it for the account
        page.wait_for_selector('body:not([data-log-length="-1"])')
        page.context.close()
        self.play_to(created, None, seed)
        return created

    def run(self) -> None:
        ada, alan = self.accounts()
        finished = [self.rated_game(who, seed) for seed, who in enumerate((ada, alan, ada))]

        # the lobby: an open seat to take, Ada's tables (a turn-based one among them)
        self.table("house-of-fado", [{"kind": "open"}, {"kind": "bot", "bot": "greedy"}], 4)
        turn_based = self.table(
            "welcome-to",
            [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Alan"}],
            5,
            clock_minutes=1440,
        )
        page = self.page(DESKTOP, ada)
        page.goto(self.url + turn_based["seats"][0]["url"])
        page.wait_for_selector('body:not([data-log-length="-1"])')
        page.goto(self.url + "/")
        page.wait_for_selector("#mine .my-table .turn:not(:empty)")
        self.shoot(page, "lobby", full=True)

        # a table at a desktop's size and at a phone's, in the middle of a game
        greedy = {"kind": "bot", "bot": "greedy"}
        mr_house = self.table("mr-house-basic", [{"kind": "human"}, greedy], 7)
        self.play_to(mr_house, 12, 7)
        page = self.page(DESKTOP)
        page.goto(self.url + mr_house["seats"][0]["url"])
        page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
        self.shoot(page, "table")
        page = self.page(PHONE)
        page.goto(self.url + mr_house["seats"][0]["url"])
        page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
        self.shoot(page, "phone")

        # resigning asks first
        page = self.page(DESKTOP)
        page.goto(self.url + mr_house["seats"][0]["url"])
        page.wait_for_selector('body[data-your-turn="true"]:not([data-busy="true"])')
        page.click("#resign")
        page.wait_for_selector("dialog#confirm[open]")
        self.shoot(page, "resign")

        # a finished game's review, and the ratings of people and bots
        table = finished[0]["table"]
        deadline = time.monotonic() + 600
        while self.api.get(f"/api/tables/{table}/review").json()["status"] != "ready":
            if time.monotonic() > deadline:
                raise SystemExit("the review was not worked out in 10 minutes")
            time.sleep(1)
        page = self.page(DESKTOP)
        page.goto(f"{self.url}/t/{table}/replay?step=20")
        page.wait_for_selector('body[data-review="ready"]')
        self.shoot(page, "review", full=True)
        page = self.page(DESKTOP)
        page.goto(self.url + "/ratings?game=dream-home")
        page.wait_for_selector("#ratings table.ratings tbody tr")
        self.shoot(page, "ratings")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        serving(Path(tmp) / "shots.db") as url,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            Scenes(url, browser, args.out).run()
        finally:
            browser.close()


if __name__ == "__main__":
    main()
