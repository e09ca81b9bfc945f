"""The websocket of a table: each listener's new view after every change, and every
chat message."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import anyio
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from housebuilders.server.errors import ApiError
from housebuilders.server.limits import Limits
from housebuilders.server.routes.common import Svg, Token
from housebuilders.server.service import TableService
from housebuilders.server.table import Inbox, Table, offer

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def live(websocket: WebSocket, table_id: str, token: Token = None, svg: Svg = True) -> None:
    """Pushes {"type": "view", "view": ...} for the token's seat after every change,
    and {"type": "chat", "message": ...} for every chat message said at the table."""
    service: TableService = websocket.app.state.service
    try:
        table = await service.get(table_id, fresh=True)
        seat = table.seat_of(token)
        _check_room_to_listen(table, seat, websocket.app.state.limits)
        await service.resume(table, seat, insist=False)
    except ApiError as e:  # accepted first: a close before it is a bare HTTP 403
        await websocket.accept()
        await websocket.close(code=4000 + e.status, reason=e.error[:100])
        return
    queue: asyncio.Queue[dict[str, Any]] = Inbox()  # the newest view, every chat message
    table.listeners[queue] = (seat, svg)  # counted at once, before the handshake
    try:
        await websocket.accept()
        # what this seat was shown is now this view: the next push is of a change
        # to it, never of a change it cannot see (another seat's unseen move)
        table.shown[seat] = table.seen_by(seat)
        offer(queue, {"type": "view", "view": table.view(seat, svg)})
        async with anyio.create_task_group() as group:

            async def send() -> None:
                with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                    while True:
                        await websocket.send_json(await queue.get())
                group.cancel_scope.cancel()

            async def receive() -> None:  # the client says nothing we need: this
                with contextlib.suppress(WebSocketDisconnect):  # notices it leaving
                    while True:
                        await websocket.receive_text()
                group.cancel_scope.cancel()

            group.start_soon(send)
            group.start_soon(receive)
    finally:
        table.listeners.pop(queue, None)
        table.active = time.monotonic()  # watched until now


def _check_room_to_listen(table: Table, seat: int | None, limits: Limits) -> None:
    """Spectators and each seat have their own cap on live connections, so that no
    crowd of spectators keeps a seat from its live updates: 429 past it."""
    same = sum(listening == seat for listening, _ in table.listeners.values())
    if seat is None:
        cap, message = limits.max_spectators, "too many people are watching this table"
    else:
        cap, message = limits.max_seat_connections, "this seat is open in too many places"
    if cap and same >= cap:
        raise ApiError(429, message)
