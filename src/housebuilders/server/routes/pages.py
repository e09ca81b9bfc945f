"""The pages: the lobby, the archive, a table and a finished game's replay (the
static files they load are mounted by the app)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from housebuilders.core import game, game_ids
from housebuilders.core.rules import rules_of
from housebuilders.server.routes.common import TEMPLATES, Service, Token, game_public

router = APIRouter()


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def lobby(request: Request) -> HTMLResponse:
    games = [game_public(game(g)) for g in game_ids()]
    return TEMPLATES.TemplateResponse(
        request,
        "lobby.html",
        {
            "games": games,
            "bots": request.app.state.lobby_bots,
            "game_bots": request.app.state.game_bots,
            "hints": request.app.state.bot_hints,
            "game_hints": request.app.state.game_bot_hints,
            "about": request.app.state.bot_about,
            "min_clock": request.app.state.limits.min_clock,
        },
    )


@router.get("/archive", response_class=HTMLResponse, include_in_schema=False)
async def archive_page(request: Request) -> HTMLResponse:
    games = [{"id": g.id, "name": g.name} for g in map(game, game_ids())]
    return TEMPLATES.TemplateResponse(request, "archive.html", {"games": games})


@router.get("/ratings", response_class=HTMLResponse, include_in_schema=False)
async def ratings_page(request: Request) -> HTMLResponse:
    games = [{"id": g.id, "name": g.name} for g in map(game, game_ids())]
    return TEMPLATES.TemplateResponse(request, "ratings.html", {"games": games})


@router.get("/t/{table_id}/replay", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(request: Request, table_id: str, service: Service) -> HTMLResponse:
    table, _ = await service.replay(table_id)  # a game being played: a 409 page
    context = {"table_id": table.id, "game_name": table.spec.name}
    return TEMPLATES.TemplateResponse(request, "replay.html", context)


@router.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def table_page(
    request: Request, table_id: str, service: Service, token: Token = None
) -> HTMLResponse:
    table = await service.get(table_id)
    table.seat_of(token)  # a wrong token is refused here, not after the page loads
    context = {"table_id": table.id, "token": token, "rules": rules_of(table.spec)}
    return TEMPLATES.TemplateResponse(request, "table.html", context)
