"""The web table's FastAPI app: the JSON API, the websocket and the pages.

``create_app(database_url, ...)`` builds it; ``housebuilders serve`` runs it under
uvicorn. The API is documented by FastAPI's OpenAPI page at ``/docs``, every answer
and its body (``schemas.py``); errors are always an ``ErrorPublic``, ``{"error":
message, "rule": rule or null, "detail": problems or null}``, never a traceback.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import hashlib
import html
import logging
import re
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio
from fastapi import (
    Depends,
    FastAPI,
    Path as PathPart,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..agents import bot_info, parse as parse_bot, strength_hint
from ..core import Action, GameSpec, game, game_ids
from ..core.rules import rules_of
from . import db
from .bots import MOVE_SECONDS, fits_a_table
from .errors import ApiError
from .limits import Limits, RateLimiter
from .schemas import (
    CREATED_LINKS,
    LOBBY_BOTS,
    PATTERN_RULES,
    VIEW_LINKS,
    ActionRequest,
    ArchivePublic,
    ChatMessagePublic,
    ChatPublic,
    ChatRequest,
    ErrorPublic,
    GamesPublic,
    HintPublic,
    IndexActionRequest,
    LogPublic,
    NameRequest,
    RematchPublic,
    ReplayPublic,
    ReplayStepPublic,
    RulesPublic,
    TableCreate,
    TableCreatedPublic,
    TablesPublic,
    ViewPublic,
    WhyPublic,
    errors,
)
from .service import SPECTATORS_READ, TableService
from .table import Inbox, Table, offer

log = logging.getLogger("housebuilders.server")

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 16 * 1024  # bytes: no request the client makes comes near it

Token = Annotated[
    str | None, Query(max_length=64, description="a seat's secret token; none: spectate")
]

Svg = Annotated[
    bool,
    Query(description="include the game's SVG drawing (the web client's); false: leave it out"),
]


# -- the app ------------------------------------------------------------------------------
def create_app(
    database_url: str | None = None,
    limits: Limits | None = None,
    *,
    move_seconds: float = MOVE_SECONDS,
    bot_workers: int | None = None,
    bot_imports: tuple[str, ...] = (),
) -> FastAPI:
    """The app on ``database_url`` (see ``db.database_url``) with ``limits`` (default:
    ``Limits.from_env()``, the environment's or the defaults). Its bots have
    ``move_seconds`` a move and think in ``bot_workers`` processes (default: one per
    core); ``bot_imports`` names modules that register custom bots (see
    ``TableService``)."""
    url = db.database_url(database_url)
    limits = limits or Limits.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = db.make_engine(url)
        await asyncio.to_thread(db.migrate, engine)
        service = app.state.service = TableService(
            engine,
            limits=limits,
            move_seconds=move_seconds,
            bot_workers=bot_workers,
            bot_imports=bot_imports,
        )
        await service.start()
        resumed = await service.resume_all()
        if resumed:
            log.info("resumed %d table(s) in play", resumed)
        yield
        await service.close()
        engine.dispose()

    app = _App(
        title="housebuilders",
        summary="Play house-building board games with friends and bots",
        lifespan=lifespan,
    )
    app.state.limits = limits
    # the lobby offers the bots this server's tables take (a short time per move
    # refuses the slower searches)
    app.state.lobby_bots = [bot for bot in LOBBY_BOTS if fits_a_table(bot, move_seconds)]
    app.state.bot_hints = {bot: strength_hint(bot) for bot in app.state.lobby_bots}
    app.state.bot_about = {bot: about_bot(bot) for bot in app.state.lobby_bots}
    app.state.openings = RateLimiter(limits.tables_per_minute)
    app.add_middleware(BodyLimit)
    _errors(app)
    _api(app)
    _look_back(app)
    _pages(app)
    return app


class _App(FastAPI):
    """FastAPI, with the security headers on every answer: outside all middleware,
    so that a 500 (answered by Starlette's outermost error middleware) has them too."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack(), _page_policy())


async def service_of(request: Request) -> TableService:
    return request.app.state.service


Service = Annotated[TableService, Depends(service_of)]


async def seated_at(table_id: str, service: Service, token: Token = None) -> tuple[Table, int]:
    """The table and the token's seat, which a write needs: 404 for no such table,
    403 without a seat's token, both before the body is even looked at."""
    table = await service.get(table_id)
    return table, _seated(table, token)


SeatedAt = Annotated[tuple[Table, int], Depends(seated_at)]

async def chatting_at(table_id: str, service: Service, token: Token = None) -> tuple[Table, int]:
    """The table and the token's seat, for the chat: a spectator may read it, not write
    in it (403, before the body is looked at)."""
    table = await service.get(table_id)
    return table, _seated(table, token, SPECTATORS_READ)


ChattingAt = Annotated[tuple[Table, int], Depends(chatting_at)]


#: what an error page says first, by status
PAGE_TITLES = {
    403: "This link is not a seat here",
    404: "Nothing here",
    409: "Not over yet",
    429: "Too busy",
}
TEMPLATES = Jinja2Templates(directory=WEB / "templates")


#: how each bot plays, for the lobby's players (a bot not here: its registry help)
ABOUT_BOTS = {
    "random": "plays any legal move at random: an opponent to learn the rules against",
    "greedy": "takes the move that looks best right now by the game's own measure of a "
    "position, and never looks further",
    "ismcts": "looks ahead: plays the coming moves out over many guesses of the cards and "
    "dice it cannot see, for the seconds it is given a move",
}


def about_bot(name: str) -> str:
    bot = parse_bot(name)[0]
    return ABOUT_BOTS.get(bot) or bot_info(bot).help


def _wants_page(request: Request) -> bool:
    """A browser opening a page (not a script calling the API): errors are pages."""
    path = request.url.path
    return (
        request.method == "GET"
        and not path.startswith(("/api/", "/static/", "/ws/", "/openapi", "/docs", "/redoc"))
        and "text/html" in request.headers.get("accept", "")
    )


def _error_page(request: Request, status: int, error: str, headers: Any = None) -> HTMLResponse:
    """The error as a page: what went wrong, a way to the lobby, and to watch the
    table when a seat's link was refused."""
    parts = request.url.path.strip("/").split("/")
    refused = (status == 403 and len(parts) == 2) or (status == 409 and parts[2:] == ["replay"])
    spectate = f"/t/{parts[1]}" if refused and parts[0] == "t" else None
    context = {
        "title": PAGE_TITLES.get(status, "Something went wrong"),
        "error": error[:500],
        "status": status,
        "spectate": spectate,
    }
    return TEMPLATES.TemplateResponse(
        request, "error.html", context, status_code=status, headers=headers
    )


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, e: ApiError) -> Response:
        headers = {"Retry-After": str(e.retry_after)} if e.retry_after else None
        if _wants_page(request):
            return _error_page(request, e.status, e.error, headers)
        return JSONResponse(
            {"error": e.error[:500], "rule": e.rule}, status_code=e.status, headers=headers
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, e: RequestValidationError) -> Response:
        errors = e.errors()
        if any(err.get("type") == "json_invalid" for err in errors):  # not UTF-8 JSON
            error = "the request's body cannot be read: it is not UTF-8 JSON"
            if _wants_page(request):
                return _error_page(request, 400, error)
            return JSONResponse({"error": error, "rule": None}, status_code=400)
        problems = [
            {"loc": list(err.get("loc", ())), "msg": _problem(err)[:200]} for err in errors[:10]
        ]
        first = problems[0] if problems else {"loc": [], "msg": "invalid request"}
        where = ".".join(str(part) for part in first["loc"])
        error = f"invalid request: {where}: {first['msg']}"
        if _wants_page(request):
            if first["loc"] == ["query", "token"]:  # a seat's link with a token no seat has
                return _error_page(request, 403, "this token is not a seat at this table")
            return _error_page(request, 422, error)
        return JSONResponse({"error": error, "rule": None, "detail": problems}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException) -> Response:
        headers = dict(e.headers or {})
        if e.status_code == 405:  # every method of the path, not only the first route's
            headers["Allow"] = _allowed_methods(request)
        if _wants_page(request):
            return _error_page(request, e.status_code, str(e.detail), headers)
        body = {"error": str(e.detail), "rule": None}
        return JSONResponse(body, status_code=e.status_code, headers=headers)

    @app.exception_handler(Exception)
    async def crash(_request: Request, e: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return JSONResponse({"error": "internal server error", "rule": None}, status_code=500)


def _problem(err: Mapping[str, Any]) -> str:
    """A validation error in words: a pattern a name or chat message misses is told
    what it must be (``PATTERN_RULES``), not shown the pattern."""
    loc = err.get("loc") or ("",)
    if err.get("type") == "string_pattern_mismatch" and loc[-1] in PATTERN_RULES:
        return PATTERN_RULES[str(loc[-1])]
    return str(err.get("msg", ""))


def _allowed_methods(request: Request) -> str:
    """The methods the request's path answers (for a 405's Allow header)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if isinstance(route, Route) and route.matches(request.scope)[0] != Match.NONE:
            methods |= route.methods or set()
    return ", ".join(sorted(methods))


def _seated(
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


def _opening(request: Request) -> None:
    """Count a table opened from the request's address: 429 past the rate limit."""
    address = request.client.host if request.client else "unknown"
    wait = request.app.state.openings.take(address)
    if wait:
        raise ApiError(
            429,
            f"too many tables opened from your address: try again in {wait} s",
            retry_after=wait,
        )


def _action(table: Table, body: ActionRequest) -> Action:
    """The action a well-formed body names. The document allows every game's actions,
    so one that this table's game does not have is well-formed but never legal here:
    409, naming the field (a malformed one is a 422 before this)."""
    spec = table.spec
    if isinstance(body, IndexActionRequest):
        if body.index >= len(spec.actions):
            raise ApiError(409, f"{spec.id} has no action {body.index}", _actions_rule(spec))
        return spec.actions[body.index]
    try:
        return spec.action_from_json(body.action.model_dump())
    except (ValueError, TypeError) as e:
        raise ApiError(409, f"not an action of {spec.id}: {e}", _actions_rule(spec)) from None


def _game(game_id: str) -> GameSpec:
    """The game ``game_id``: 404 if there is none."""
    if game_id not in game_ids():
        raise ApiError(404, f"no game {game_id[:40]!r}; games: {', '.join(game_ids())}")
    return game(game_id)


def _game_public(spec: GameSpec) -> dict[str, Any]:
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


def _actions_rule(spec: GameSpec) -> str:
    """The rule an action of another game breaks: the game's own list of actions."""
    return f"{spec.id} §Actions"


def _api(app: FastAPI) -> None:
    @app.get(
        "/api/games", operation_id="list_games", response_model=GamesPublic, responses=errors()
    )
    async def list_games() -> dict[str, Any]:
        """The games that can be played (each with its options), and the bots the lobby
        offers."""
        games = [_game_public(game(g)) for g in game_ids()]
        return {"games": games, "bots": app.state.lobby_bots, "bot_hints": app.state.bot_hints}

    @app.get(
        "/api/games/{game_id}/rules",
        operation_id="game_rules",
        response_model=RulesPublic,
        responses=errors(404, 422),
    )
    async def game_rules(game_id: str) -> dict[str, Any]:
        """A game's rules for its players: how a turn goes, the scoring and the rulings,
        as pieces of text (never markup)."""
        return rules_of(_game(game_id))

    @app.post(
        "/api/tables",
        operation_id="create_table",
        status_code=201,
        response_model=TableCreatedPublic,
        responses={201: {"links": CREATED_LINKS}, **errors(400, 413, 422, 429)},
        dependencies=[Depends(_opening)],
    )
    async def create_table(body: TableCreate, service: Service) -> dict[str, Any]:
        """Open a table: one secret link per person's seat, and a link to spectate."""
        table, tokens = await service.create(
            body.game,
            len(body.seats),
            [(s.kind, getattr(s, "bot", None), getattr(s, "name", None)) for s in body.seats],
            seed=body.seed,
            options=body.options.model_dump(),
            clock_minutes=body.clock_minutes,
            clock_bot=body.clock_bot,
            private=body.private,
            hints=body.hints,
        )
        seats = []
        for number, (info, token) in enumerate(zip(table.seats, tokens, strict=True)):
            if token is None:
                seats.append({"seat": number, "kind": "bot", "bot": info.bot})
            else:
                url = f"/t/{table.id}?token={token}"
                seats.append(
                    {"seat": number, "kind": "human", "name": info.name, "token": token, "url": url}
                )
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
        table = await service.get(table_id, fresh=True)
        return table.view(table.seat_of(token), svg)

    @app.post(
        "/api/tables/{table_id}/actions",
        operation_id="play_action",
        response_model=ViewPublic,
        responses={200: {"links": VIEW_LINKS}, **errors(400, 403, 404, 409, 413, 422)},
    )
    async def act(
        at: SeatedAt, body: ActionRequest, service: Service, svg: Svg = True
    ) -> dict[str, Any]:
        """Play an action (by its index or as JSON); returns the new view."""
        table, seat = at
        await service.act(table, seat, _action(table, body), body.log_length)
        return table.view(seat, svg)

    @app.post(
        "/api/tables/{table_id}/why",
        operation_id="why_not",
        response_model=WhyPublic,
        responses=errors(400, 403, 404, 409, 413, 422),
    )
    async def why(at: SeatedAt, body: ActionRequest) -> dict[str, Any]:
        """Whether your seat may play an action now (as ``actions`` takes it) and, if
        not, the rule that forbids it, worked out on what your seat may know. Nothing
        is played; an action of another game is a 409."""
        table, seat = at
        return table.why(seat, _action(table, body))

    @app.post(
        "/api/tables/{table_id}/undo",
        operation_id="undo_action",
        response_model=ViewPublic,
        responses={200: {"links": VIEW_LINKS}, **errors(403, 404, 409, 413, 422, 429)},
    )
    async def undo(at: SeatedAt, service: Service, svg: Svg = True) -> dict[str, Any]:
        """Take back your own last action, if nothing was revealed and nobody acted since
        (a few times a minute at most: 429 past it)."""
        table, seat = at
        await service.undo(table, seat)
        return table.view(seat, svg)

    @app.post(
        "/api/tables/{table_id}/back",
        operation_id="come_back",
        response_model=ViewPublic,
        responses={200: {"links": VIEW_LINKS}, **errors(403, 404, 413, 422)},
    )
    async def back(at: SeatedAt, service: Service, svg: Svg = True) -> dict[str, Any]:
        """After your turn clock ran out: take your seat back from the bot."""
        table, seat = at
        await service.back(table, seat)
        return table.view(seat, svg)

    @app.post(
        "/api/tables/{table_id}/rematch",
        operation_id="rematch",
        status_code=201,
        response_model=RematchPublic,
        responses={200: {"model": RematchPublic}, **errors(403, 404, 409, 413, 422, 429)},
        dependencies=[Depends(_opening)],
    )
    async def rematch(
        at: SeatedAt, service: Service, response: Response, token: Token = None
    ) -> dict[str, Any]:
        """Once the game is over: the next one with the same seats, bots and options and
        a new seed (201; 200 with the same table for whoever asks after). Your token is
        your seat there too: the others find the table in their view (``rematch``)."""
        table, seat = at
        new, made = await service.rematch(table, seat)
        if not made:
            response.status_code = 200
        return {"table": new.id, "url": f"/t/{new.id}?token={token}", "spectate": f"/t/{new.id}"}

    @app.post(
        "/api/tables/{table_id}/leave",
        operation_id="leave_seat",
        response_model=ViewPublic,
        responses={200: {"links": VIEW_LINKS}, **errors(403, 404, 409, 413, 422)},
    )
    async def leave(at: SeatedAt, service: Service, svg: Svg = True) -> dict[str, Any]:
        """Leave the game (or concede it): the table's clock bot plays your seat until
        you say you are back."""
        table, seat = at
        await service.leave(table, seat)
        return table.view(seat, svg)

    @app.post(
        "/api/tables/{table_id}/name",
        operation_id="name_seat",
        response_model=ViewPublic,
        responses={200: {"links": VIEW_LINKS}, **errors(400, 403, 404, 413, 422)},
    )
    async def name(
        at: SeatedAt, body: NameRequest, service: Service, svg: Svg = True
    ) -> dict[str, Any]:
        """Give your seat a name (or another one), shown to everyone at the table."""
        table, seat = at
        await service.rename(table, seat, body.name)
        return table.view(seat, svg)

    @app.post(
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

    @app.get(
        "/api/tables/{table_id}/chat",
        operation_id="chat_history",
        response_model=ChatPublic,
        responses=errors(403, 404, 422),
    )
    async def chat_history(
        table_id: str, service: Service, token: Token = None
    ) -> dict[str, Any]:
        """The table's last chat messages, oldest first: the same for every seat and
        spectator (the websocket brings the next ones)."""
        table = await service.get(table_id)
        table.seat_of(token)  # a wrong token is refused, as everywhere
        return {"messages": await service.chat_history(table)}

    @app.post(
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

    @app.get(
        "/api/tables/{table_id}/log",
        operation_id="table_log",
        response_model=LogPublic,
        response_model_exclude_unset=True,  # no seed while the game is on
        responses=errors(403, 404, 422),
    )
    async def action_log(table_id: str, service: Service, token: Token = None) -> dict[str, Any]:
        """The game so far as the token's seat (none: a spectator) may know it, others'
        hidden actions as null and no seed; once the game is over, the seed and every
        action: replay it with housebuilders.replay."""
        table = await service.get(table_id, fresh=True)
        return table.log(table.seat_of(token))

    @app.websocket("/ws/tables/{table_id}")
    async def live(
        websocket: WebSocket, table_id: str, token: Token = None, svg: Svg = True
    ) -> None:
        """Pushes {"type": "view", "view": ...} for the token's seat after every change,
        and {"type": "chat", "message": ...} for every chat message said at the table."""
        service: TableService = websocket.app.state.service
        try:
            table = await service.get(table_id, fresh=True)
            seat = table.seat_of(token)
            _check_room_to_listen(table, seat, websocket.app.state.limits)
        except ApiError as e:  # accepted first: a close before it is a bare HTTP 403
            await websocket.accept()
            await websocket.close(code=4000 + e.status, reason=e.error[:100])
            return
        queue: asyncio.Queue[dict[str, Any]] = Inbox()  # the newest view, every chat message
        table.listeners[queue] = (seat, svg)  # counted at once, before the handshake
        try:
            await websocket.accept()
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


#: the games, for the archive's filter
GameId = Literal[tuple(game_ids())]  # type: ignore[valid-type]

#: a replay of a game still being played is refused
NOT_OVER = {"model": ErrorPublic, "description": "the game is still being played"}


def _look_back(app: FastAPI) -> None:
    """The archive of finished games and their replays (docs/web.md, "Replays")."""

    @app.get(
        "/api/archive",
        operation_id="list_finished_tables",
        response_model=ArchivePublic,
        responses=errors(422),
    )
    async def archive(
        service: Service,
        game: Annotated[GameId | None, Query(description="only this game's")] = None,
        page: Annotated[int, Query(ge=1, le=1_000_000, description="20 tables a page")] = 1,
    ) -> dict[str, Any]:
        """The finished games, the last finished first, private tables left out: who
        played, the final scores and winners, and each one's replay page."""
        return await service.archive(game, page)

    @app.get(
        "/api/tables/{table_id}/replay",
        operation_id="replay_table",
        response_model=ReplayPublic,
        responses={**errors(404, 422), 409: NOT_OVER},
    )
    async def replay(table_id: str, service: Service) -> dict[str, Any]:
        """A finished game: its seats, every move, and every seat's score total after
        each step; 409 while it is being played."""
        table, replay = await service.replay(table_id)
        state = table.state
        return {
            "table": table.id,
            "game": table.spec.id,
            "game_name": table.spec.name,
            "players": replay.players,
            "seats": [
                {"seat": n, "kind": s.kind, "bot": s.bot, "name": s.name}
                for n, s in enumerate(table.seats)
            ],
            "options": table.options,
            "seed": table.seed,
            "steps": replay.steps,
            "moves": replay.moves,
            "totals": replay.totals,
            "winners": state.winners(),
            "ranking": state.ranking(),
        }

    @app.get(
        "/api/tables/{table_id}/replay/{step}",
        operation_id="replay_step",
        response_model=ReplayStepPublic,
        responses={
            **errors(422),
            404: {"model": ErrorPublic, "description": "no such table, step or seat"},
            409: NOT_OVER,
        },
    )
    async def replay_step(
        table_id: str,
        step: Annotated[int, PathPart(ge=0, le=1_000_000, description="0: the deal")],
        service: Service,
        seat: Annotated[
            int | None, Query(ge=0, le=999, description="whose view; none: the spectator's")
        ] = None,
        svg: Svg = True,
    ) -> dict[str, Any]:
        """A finished game after ``step`` moves, as ``seat`` (none: a spectator) saw
        it then; 409 while it is being played."""
        table, replay = await service.replay(table_id)
        if step > replay.steps:
            raise ApiError(404, f"no step {step}: this game has steps 0 to {replay.steps}")
        if seat is not None and seat >= replay.players:
            raise ApiError(404, f"no seat {seat}: this table has seats 0 to {replay.players - 1}")
        view = replay.step_view(step, seat, svg, table.seats)
        return {"table": table.id, "game": table.spec.id, **view}


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


def _pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB / "static", check_dir=False), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        games = [_game_public(game(g)) for g in game_ids()]
        return TEMPLATES.TemplateResponse(
            request,
            "lobby.html",
            {
                "games": games,
                "bots": app.state.lobby_bots,
                "hints": app.state.bot_hints,
                "about": app.state.bot_about,
                "min_clock": app.state.limits.min_clock,
            },
        )

    @app.get("/archive", response_class=HTMLResponse, include_in_schema=False)
    async def archive_page(request: Request) -> HTMLResponse:
        games = [{"id": g.id, "name": g.name} for g in map(game, game_ids())]
        return TEMPLATES.TemplateResponse(request, "archive.html", {"games": games})

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(request: Request, table_id: str, service: Service) -> HTMLResponse:
        table, _ = await service.replay(table_id)  # a game being played: a 409 page
        context = {"table_id": table.id, "game_name": table.spec.name}
        return TEMPLATES.TemplateResponse(request, "replay.html", context)

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(
        request: Request, table_id: str, service: Service, token: Token = None
    ) -> HTMLResponse:
        table = await service.get(table_id)
        table.seat_of(token)  # a wrong token is refused here, not after the page loads
        context = {"table_id": table.id, "token": token, "rules": rules_of(table.spec)}
        return TEMPLATES.TemplateResponse(request, "table.html", context)


class BodyLimit:
    """Refuses (413) a request whose body is larger than ``MAX_BODY`` bytes, whether
    it says its length or not (chunked): the body is read here first, up to that."""

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
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break  # the client left
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                await _too_large(send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)


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


#: FastAPI's own API pages (/docs, /redoc) load their scripts and styles from a CDN and
#: start them inline: they get this looser policy, every other answer the page policy
DOCS_POLICY = (
    "default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https:; connect-src 'self'; "
    "worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")


@functools.cache
def _page_policy() -> str:
    """The Content-Security-Policy of the site: its own scripts and styles only (no
    inline script, no style attribute), plus the games' drawings' own <style>
    sheets, allowed by their hashes."""
    styles = " ".join(f"'{h}'" for h in sorted(_drawing_style_hashes()))
    return (
        "default-src 'none'; script-src 'self'; "
        f"style-src 'self'{' ' + styles if styles else ''}; "
        "img-src 'self' data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def _drawing_style_hashes() -> set[str]:
    """The CSP hashes of the <style> sheets in each game's SVG drawing (one drawing of
    a new game each: a game's sheet is the same in all its drawings)."""
    hashes = set()
    for spec in map(game, game_ids()):
        if spec.svg_view is None:
            continue
        state = spec.new_game(spec.min_players, 0)
        drawing = spec.svg_view(state.observe(0), state.legal_json(0))
        for sheet in re.findall(r"<style[^>]*>(.*?)</style>", drawing, re.S):
            digest = hashlib.sha256(html.unescape(sheet).encode()).digest()
            hashes.add("sha256-" + base64.b64encode(digest).decode())
    return hashes


class SecurityHeaders:
    """Adds to every HTTP answer: no Referer for links followed from the site, a
    Content-Security-Policy (no framing), and no content-type sniffing."""

    def __init__(self, app: ASGIApp, policy: str) -> None:
        self.app = app
        self.headers = [
            (b"referrer-policy", b"no-referrer"),
            (b"x-content-type-options", b"nosniff"),
        ]
        self.policy = policy.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope["path"].startswith(DOCS_PATHS)
        policy = DOCS_POLICY.encode() if docs else self.policy

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {
                    **message,
                    "headers": [
                        *message.get("headers", []),
                        *self.headers,
                        (b"content-security-policy", policy),
                    ],
                }
            await send(message)

        await self.app(scope, receive, with_headers)
