"""A table's chat (said by the seats, read by everyone) and its hints."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from housebuilders.server.answers import ChatMessagePublic, ChatPublic, HintPublic
from housebuilders.server.routes.common import ChattingAt, SeatedAt, Service, Token
from housebuilders.server.schemas import ChatRequest, errors

router = APIRouter()


@router.post(
    "/api/tables/{table_id}/chat",
    operation_id="chat",
    status_code=201,
    response_model=ChatMessagePublic,
    responses=errors(400, 403, 404, 413, 422, 429),
)
async def chat(at: ChattingAt, body: ChatRequest, service: Service) -> dict[str, Any]:
    """Say something to the table: stored, and sent at once to everyone there over
    the websocket. A seat writes (a few messages every few seconds at most: 429
    past it); spectators only read."""
    table, seat = at
    return await service.chat(table, seat, body.text)


@router.get(
    "/api/tables/{table_id}/chat",
    operation_id="chat_history",
    response_model=ChatPublic,
    responses=errors(403, 404, 422),
)
async def chat_history(table_id: str, service: Service, token: Token = None) -> dict[str, Any]:
    """The table's last chat messages, oldest first: the same for every seat and
    spectator (the websocket brings the next ones)."""
    table = await service.get(table_id)
    table.seat_of(token)  # a wrong token is refused, as everywhere
    return {"messages": await service.chat_history(table)}


@router.post(
    "/api/tables/{table_id}/hint",
    operation_id="hint",
    response_model=HintPublic,
    responses=errors(403, 404, 409, 413, 422, 503),
)
async def hint(at: SeatedAt, service: Service) -> dict[str, Any]:
    """At a table opened with hints, on your turn: the move the greedy bot would
    play for your seat and why, worked out on your view alone (403 without hints,
    409 when it is not your turn)."""
    table, seat = at
    return await service.hint(table, seat)
