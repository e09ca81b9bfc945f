"""The web table's FastAPI app: the JSON API, the websocket and the pages.

``create_app(database_url)`` builds it; ``housebuilders serve`` runs it under
uvicorn. The API is documented by FastAPI's OpenAPI page at ``/docs``, every answer
and its body (``schemas.py``); errors are always an ``ErrorPublic``, ``{"error":
message, "rule": rule or null, "detail": problems or null}``, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import anyio
from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..core import Action, game, game_ids
from . import db
from .schemas import (
    CREATED_LINKS,
    LOBBY_BOTS,
    VIEW_LINKS,
    ActionRequest,
    GamesPublic,
    IndexActionRequest,
    LogPublic,
    TableCreate,
    TableCreatedPublic,
    TablesPublic,
    ViewPublic,
    errors,
)
from .tables import ApiError, Table, TableService, _offer

log = logging.getLogger("housebuilders.server")

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 16 * 1024  # bytes: no request the client makes comes near it
MAX_LISTENERS = 64  # websockets per table

Token = Annotated[
    str | None, Query(max_length=64, description="a seat's secret token; none: spectate")
]

Svg = Annotated[
    bool,
    Query(description="include the game's SVG drawing (the web client's); false: leave it out"),
]


# -- the app ------------------------------------------------------------------------------
def create_app(database_url: str | None = None) -> FastAPI:
    url = db.database_url(database_url)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = db.make_engine(url)
        await asyncio.to_thread(db.migrate, engine)
        service = app.state.service = TableService(engine)
        resumed = await service.resume_all()
        if resumed:
            log.info("resumed %d table(s) in play", resumed)
        yield
        await service.close()
        engine.dispose()

    app = FastAPI(
        title="housebuilders",
        summary="Play house-building board games with friends and bots",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit)
    _errors(app)
    _api(app)
    _pages(app)
    return app


async def service_of(request: Request) -> TableService:
    return request.app.state.service


Service = Annotated[TableService, Depends(service_of)]


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_request: Request, e: ApiError) -> JSONResponse:
        return JSONResponse({"error": e.error[:500], "rule": e.rule}, status_code=e.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, e: RequestValidationError) -> JSONResponse:
        problems = [
            {"loc": list(err.get("loc", ())), "msg": str(err.get("msg", ""))[:200]}
            for err in e.errors()[:10]
        ]
        first = problems[0] if problems else {"loc": [], "msg": "invalid request"}
        where = ".".join(str(part) for part in first["loc"])
        return JSONResponse(
            {
                "error": f"invalid request: {where}: {first['msg']}",
                "rule": None,
                "detail": problems,
            },
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        headers = dict(e.headers or {})
        if e.status_code == 405:  # every method of the path, not only the first route's
            headers["Allow"] = _allowed_methods(request)
        body = {"error": str(e.detail), "rule": None}
        return JSONResponse(body, status_code=e.status_code, headers=headers)

    @app.exception_handler(Exception)
    async def crash(_request: Request, e: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return JSONResponse({"error": "internal server error", "rule": None}, status_code=500)


def _allowed_methods(request: Request) -> str:
    """The methods the request's path answers (for a 405's Allow header)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if isinstance(route, Route) and route.matches(request.scope)[0] != Match.NONE:
            methods |= route.methods or set()
    return ", ".join(sorted(methods))


def _action(table: Table, body: ActionRequest) -> Action:
    """The action a well-formed body names; one this table's game does not have is not
    legal here (409), as the document allows any game's actions."""
    spec = table.spec
    if isinstance(body, IndexActionRequest):
        if body.index >= len(spec.actions):
            raise ApiError(409, f"{spec.id} has no action {body.index}")
        return spec.actions[body.index]
    try:
        return spec.action_from_json(body.action.model_dump())
    except (ValueError, TypeError) as e:
        raise ApiError(409, f"not an action of {spec.id}: {e}") from None


def _api(app: FastAPI) -> None:
    @app.get(
        "/api/games", operation_id="list_games", response_model=GamesPublic, responses=errors()
    )
    async def list_games() -> dict[str, Any]:
        """The games that can be played, and the bots the lobby offers."""
        games = [
            {"id": g.id, "name": g.name, "min_players": g.min_players, "max_players": g.max_players}
            for g in map(game, game_ids())
        ]
        return {"games": games, "bots": LOBBY_BOTS}

    @app.post(
        "/api/tables",
        operation_id="create_table",
        status_code=201,
        response_model=TableCreatedPublic,
        responses={201: {"links": CREATED_LINKS}, **errors(400, 413, 422, 429)},
    )
    async def create_table(body: TableCreate, service: Service) -> dict[str, Any]:
        """Open a table: one secret link per person's seat, and a link to spectate."""
        table, tokens = await service.create(
            body.game,
            len(body.seats),
            [(s.kind, getattr(s, "bot", None)) for s in body.seats],
            seed=body.seed,
            options=body.options.model_dump(),
            clock_minutes=body.clock_minutes,
            clock_bot=body.clock_bot,
        )
        seats = []
        for number, (info, token) in enumerate(zip(table.seats, tokens, strict=True)):
            if token is None:
                seats.append({"seat": number, "kind": "bot", "bot": info.bot})
            else:
                url = f"/t/{table.id}?token={token}"
                seats.append({"seat": number, "kind": "human", "token": token, "url": url})
        return {"table": table.id, "seats": seats, "spectate": f"/t/{table.id}"}

    @app.get(
        "/api/tables", operation_id="list_tables", response_model=TablesPublic, responses=errors()
    )
    async def open_tables(service: Service) -> dict[str, Any]:
        """The tables still being played, newest first."""
        return {"tables": await service.open_tables()}

    @app.get(
        "/api/tables/{table_id}/view",
        operation_id="view_table",
        response_model=ViewPublic,
        responses={200: {"links": VIEW_LINKS}, **errors(403, 404, 422)},
    )
    async def view(
        table_id: str, service: Service, token: Token = None, svg: Svg = True
    ) -> dict[str, Any]:
        """What a seat sees (its legal actions too); without a token, the public view."""
        table = await service.get(table_id)
        return table.view(table.seat_of(token), svg)

    @app.post(
        "/api/tables/{table_id}/actions",
        operation_id="play_action",
        response_model=ViewPublic,
        responses={200: {"links": VIEW_LINKS}, **errors(400, 403, 404, 409, 413, 422)},
    )
    async def act(
        table_id: str, body: ActionRequest, service: Service, token: Token = None, svg: Svg = True
    ) -> dict[str, Any]:
        """Play an action (by its index or as JSON); returns the new view."""
        table = await service.get(table_id)
        seat = table.seat_of(token)
        await service.act(table, seat, _action(table, body), body.log_length)
        return table.view(seat, svg)

    @app.post(
        "/api/tables/{table_id}/undo",
        operation_id="undo_action",
        response_model=ViewPublic,
        responses={200: {"links": VIEW_LINKS}, **errors(403, 404, 409, 413, 422)},
    )
    async def undo(
        table_id: str, service: Service, token: Token = None, svg: Svg = True
    ) -> dict[str, Any]:
        """Take back your own last action, if nothing was revealed and nobody acted since."""
        table = await service.get(table_id)
        seat = table.seat_of(token)
        await service.undo(table, seat)
        return table.view(seat, svg)

    @app.post(
        "/api/tables/{table_id}/back",
        operation_id="come_back",
        response_model=ViewPublic,
        responses={200: {"links": VIEW_LINKS}, **errors(403, 404, 413, 422)},
    )
    async def back(
        table_id: str, service: Service, token: Token = None, svg: Svg = True
    ) -> dict[str, Any]:
        """After your turn clock ran out: take your seat back from the bot."""
        table = await service.get(table_id)
        seat = table.seat_of(token)
        await service.back(table, seat)
        return table.view(seat, svg)

    @app.get(
        "/api/tables/{table_id}/log",
        operation_id="table_log",
        response_model=LogPublic,
        responses=errors(403, 404, 422),
    )
    async def action_log(table_id: str, service: Service) -> dict[str, Any]:
        """The game so far as seed and actions: replay it with housebuilders.replay."""
        return await service.log(table_id)

    @app.websocket("/ws/tables/{table_id}")
    async def live(
        websocket: WebSocket, table_id: str, token: Token = None, svg: Svg = True
    ) -> None:
        """Pushes {"type": "view", "view": ...} for the token's seat after every change."""
        service: TableService = websocket.app.state.service
        try:
            table = await service.get(table_id)
            seat = table.seat_of(token)
            if len(table.listeners) >= MAX_LISTENERS:
                raise ApiError(429, "too many people are watching this table")
        except ApiError as e:
            await websocket.close(code=4000 + e.status, reason=e.error[:100])
            return
        await websocket.accept()
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=1)
        table.listeners[queue] = (seat, svg)
        _offer(queue, {"type": "view", "view": table.view(seat, svg)})

        try:
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


def _pages(app: FastAPI) -> None:
    templates = Jinja2Templates(directory=WEB / "templates")
    app.mount("/static", StaticFiles(directory=WEB / "static", check_dir=False), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        games = [
            {"id": g.id, "name": g.name, "min_players": g.min_players, "max_players": g.max_players}
            for g in map(game, game_ids())
        ]
        return templates.TemplateResponse(
            request, "lobby.html", {"games": games, "bots": LOBBY_BOTS}
        )

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(
        request: Request, table_id: str, service: Service, token: Token = None
    ) -> HTMLResponse:
        table = await service.get(table_id)
        table.seat_of(token)  # a wrong token is refused here, not after the page loads
        return templates.TemplateResponse(
            request, "table.html", {"table_id": table.id, "token": token}
        )


class BodyLimit:
    """Refuses (413) a request whose body is larger than ``MAX_BODY`` bytes."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _too_large(send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise ApiError(413, "request too large")
            return message

        await self.app(scope, limited, send)


async def _too_large(send: Send) -> None:
    body = b'{"error":"request too large","rule":null}'
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", b"%d" % len(body)),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
