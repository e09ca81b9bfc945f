"""What the routes share: the parameters every route of a table takes (the seat's
token, whether to draw), the dependencies that find the service and the seat, the
rate of openings per address, and the pages' templates."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Query, Request
from fastapi.templating import Jinja2Templates

from housebuilders import web
from housebuilders.core import GameSpec, game, game_ids
from housebuilders.server.chat import SPECTATORS_READ
from housebuilders.server.errors import ApiError
from housebuilders.server.service import TableService
from housebuilders.server.table import Table

#: the pages (the lobby, a table, the archive, a replay, an error)
TEMPLATES = Jinja2Templates(directory=web.TEMPLATES)

Token = Annotated[
    str | None, Query(max_length=64, description="a seat's secret token; none: spectate")
]

Svg = Annotated[
    bool,
    Query(description="include the game's SVG drawing (the web client's); false: leave it out"),
]


async def service_of(request: Request) -> TableService:
    return request.app.state.service


Service = Annotated[TableService, Depends(service_of)]


async def seated_at(table_id: str, service: Service, token: Token = None) -> tuple[Table, int]:
    """The table and the token's seat, which a write needs: 404 for no such table,
    403 without a seat's token, both before the body is even looked at. A table set
    aside goes on (429 if the server has no room for its bots now)."""
    table = await service.get(table_id)
    seat = seated(table, token)
    await service.resume(table, seat)
    return table, seat


SeatedAt = Annotated[tuple[Table, int], Depends(seated_at)]


async def chatting_at(table_id: str, service: Service, token: Token = None) -> tuple[Table, int]:
    """The table and the token's seat, for the chat: a spectator may read it, not write
    in it (403, before the body is looked at)."""
    table = await service.get(table_id)
    return table, seated(table, token, SPECTATORS_READ)


ChattingAt = Annotated[tuple[Table, int], Depends(chatting_at)]


def seated(
    table: Table,
    token: str | None,
    refusal: str = "only a seat may do this: open your seat's link (with its token)",
) -> int:
    """The seat of ``token``, which a write needs: 403 without one (saying ``refusal``)
    or with a wrong one."""
    seat = table.seat_of(token)
    if seat is None:
        raise ApiError(403, refusal)
    return seat


def address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def opening(request: Request) -> None:
    """Count a table opened from the request's address: 429 past the rate limit."""
    wait = request.app.state.openings.take(address(request))
    if wait:
        raise ApiError(
            429,
            f"too many tables opened from your address: try again in {wait} s",
            retry_after=wait,
        )


def find_game(game_id: str) -> GameSpec:
    """The game ``game_id``: 404 if there is none."""
    if game_id not in game_ids():
        raise ApiError(404, f"no game {game_id[:40]!r}; games: {', '.join(game_ids())}")
    return game(game_id)


def game_public(spec: GameSpec) -> dict[str, Any]:
    """A game as the lobby and ``/api/games`` give it: its player counts and options."""
    return {
        "id": spec.id,
        "name": spec.name,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "options": [
            {"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help,
             "players": list(o.players)}
            for o in spec.options
        ],
    }  # fmt: skip
