"""Two people at one table, each page served by another server process on the same
PostgreSQL database: each sees the other's moves as they are made."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.live_server import LiveServer
from tests.server.conftest import postgres_url
from tests.web.conftest import WAIT_MS, get, post

pytestmark = [pytest.mark.browser, pytest.mark.postgres]


@pytest.fixture(scope="module")
def two_servers() -> Iterator[tuple[str, str]]:
    url = postgres_url()
    options = ["--tables-per-minute", "0"]
    with LiveServer(url, options=options) as a, LiveServer(url, options=options) as b:
        yield a.url, b.url


def test_two_people_served_by_two_processes_see_each_others_moves(
    browser: Any, two_servers: tuple[str, str]
) -> None:
    servers = two_servers
    body = {"game": "mr-house-basic", "seats": [{"kind": "human"}] * 2, "seed": 9}
    created = post(servers[0] + "/api/tables", body)
    table = created["table"]
    contexts, pages, errors = [], [], []
    try:
        for seat, server in zip(created["seats"], servers, strict=True):  # seat 0 on A, 1 on B
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(server + seat["url"])
            page.wait_for_selector("#connection.live")
            contexts.append(context)
            pages.append(page)
        for _ in range(6):
            mover = get(f"{servers[0]}/api/tables/{table}/view")["acting"][0]
            watcher = pages[1 - mover]
            before = watcher.get_attribute("body", "data-log-length")
            pages[mover].locator("#actions button[data-index]").first.click()
            # the other page, served by the other process, shows the move within 2 s;
            # the mover's own page may take its answer a moment after
            for page in (watcher, pages[mover]):
                page.wait_for_function(
                    "before => document.body.dataset.logLength !== before", arg=before, timeout=2000
                )
            lengths = [p.get_attribute("body", "data-log-length") for p in pages]
            assert lengths[0] == lengths[1]
            last = [p.locator("#log li").last.text_content() for p in pages]
            assert last[0] == last[1]
    finally:
        for context in contexts:
            context.close()
    assert not errors, f"script errors on the pages: {errors}"
