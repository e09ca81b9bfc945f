"""Refusals as a real server (uvicorn) sends them, where the test client differs: a
websocket refused is closed with its code (4000 + the HTTP status, docs/web.md), not
turned away at the handshake with a bare HTTP 403."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.live_server import LiveServer


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = tmp_path_factory.mktemp("refusals") / "t.db"
    options = ["--tables-per-minute", "0", "--max-seat-connections", "1"]
    with LiveServer(f"sqlite:///{database}", options=options) as server:
        yield server


def _table(live: LiveServer) -> dict[str, Any]:
    body = {"game": "welcome-to", "seats": [{"kind": "human"}, {"kind": "human"}]}
    answer = httpx.post(f"{live.url}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def _close_code(live: LiveServer, path: str) -> int:
    with (
        connect(f"ws://127.0.0.1:{live.port}{path}", open_timeout=10) as ws,
        pytest.raises(ConnectionClosed) as closed,
    ):
        while True:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code


def test_a_websocket_to_no_table_or_with_a_wrong_token_is_closed_with_its_code(
    live: LiveServer,
) -> None:
    table = _table(live)["table"]
    assert _close_code(live, "/ws/tables/no-such-table") == 4404
    assert _close_code(live, f"/ws/tables/{table}?token=wrong") == 4403


def test_a_websocket_past_the_seats_cap_is_closed_with_4429(live: LiveServer) -> None:
    created = _table(live)
    table, token = created["table"], created["seats"][0]["token"]
    with connect(f"ws://127.0.0.1:{live.port}/ws/tables/{table}?token={token}") as first:
        assert first.recv(timeout=10)  # the view: this one is live
        assert _close_code(live, f"/ws/tables/{table}?token={token}") == 4429
