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
import time
from collections.abc import AsyncIterator
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
from starlette.websockets import WebSocketState

from ..agents import bot_info, parse as parse_bot, strength_hint
from ..core import Action, GameSpec, game, game_ids
from ..core.errors import NotAnAction
from ..core.rules import rules_of
from . import db
from .bots import MOVE_SECONDS, fits_a_table
from .chat import SPECTATORS_READ
from .errors import ApiError
from .limits import Limits, RateLimiter
from .schemas import (
    CREATED_LINKS,
    LOBBY_BOTS,
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
from .service import TableService
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

    def openapi(self) -> dict[str, Any]:
        """FastAPI's document, with the bounds that are this server's settings: the
        shortest turn clock (``Limits.min_clock_seconds``)."""
        if self.openapi_schema is None:
            document = super().openapi()
            _shortest_clock(document, self.state.limits)
        return self.openapi_schema  # type: ignore[return-value]


def _shortest_clock(document: dict[str, Any], limits: Limits) -> None:
    """Each table-opening body's ``clock_minutes`` at least the server's shortest."""
    if not limits.min_clock_seconds:
        return  # any clock above 0, as the model says
    for name, model in document["components"]["schemas"].items():
        clock = model.get("properties", {}).get("clock_minutes")
        if name.endswith("TableCreate") and clock is not None:
            number = next(part for part in clock["anyOf"] if part.get("type") == "number")
            number.pop("exclusiveMinimum", None)
            number["minimum"] = limits.min_clock_seconds / 60
            clock["description"] = (
                f"minutes a person has for each move, at least {limits.min_clock} (this "
                "server's shortest turn clock); none: no clock"
            )


async def service_of(request: Request) -> TableService:
    return request.app.state.service


Service = Annotated[TableService, Depends(service_of)]


async def seated_at(table_id: str, service: Service, token: Token = None) -> tuple[Table, int]:
    """The table and the token's seat, which a write needs: 404 for no such table,
    403 without a seat's token, both before the body is even looked at. A table set
    aside goes on (429 if the server has no room for its bots now)."""
    table = await service.get(table_id)
    seat = _seated(table, token)
    await service.resume(table, seat)
    return table, seat


SeatedAt = Annotated[tuple[Table, int], Depends(seated_at)]

async def chatting_at(table_id: str, service: Service, token: Token = None) -> tuple[Table, int]:
    """The table and the token's seat, for the chat: a spectator may read it, not write
    in it (403, before the body is looked at)."""
    table = await service.get(table_id)
    return table, _seated(table, token, SPECTATORS_READ)


ChattingAt = Annotated[tuple[Table, int], Depends(chatting_at)]


#: a body that is not JSON, or is JSON Python will not read (a number of over 4,300 digits)
UNREADABLE = "the request's body cannot be read: it is not UTF-8 JSON"
#: FastAPI's own words for the latter
FASTAPI_UNPARSED = "There was an error parsing the body"

#: what an error page says first, by status
PAGE_TITLES = {
    403: "This link is not a seat here",
    404: "Nothing here",
    409: "Not over yet",
    429: "Too busy",
    503: "Try again in a moment",
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
            error = UNREADABLE
            if _wants_page(request):
                return _error_page(request, 400, error)
            return JSONResponse({"error": error, "rule": None}, status_code=400)
        ruled = await _ruled_out(request, e)
        if ruled is not None:  # an action a rule excludes from the game: say which
            return JSONResponse({"error": ruled.error, "rule": ruled.rule}, status_code=409)
        problems = [
            {"loc": list(err.get("loc", ())), "msg": str(err.get("msg", ""))[:200]}
            for err in errors[:10]
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
        if e.status_code == 400 and e.detail == FASTAPI_UNPARSED:  # JSON Python cannot read
            e = StarletteHTTPException(400, UNREADABLE)
        if e.status_code == 405:  # every method of the path, not only the first route's
            headers["Allow"] = _allowed_methods(request)
        if _wants_page(request):
            return _error_page(request, e.status_code, str(e.detail), headers)
        body = {"error": str(e.detail), "rule": None}
        return JSONResponse(body, status_code=e.status_code, headers=headers)

    outage = _Outage()

    async def unavailable(request: Request | WebSocket, e: Exception) -> Response | None:
        """The database does not answer (down, unreachable, locked past its retries, out
        of connections): 503 with Retry-After, and a line in the log, not a traceback. A
        websocket is closed with 4503, as the live route refuses (the page polls)."""
        outage.refused(e)
        error = "the server's database does not answer: try again in a moment"
        if isinstance(request, WebSocket):
            if request.client_state == WebSocketState.CONNECTING:
                await request.accept()
            await request.close(code=4503, reason=error[:100])
            return None
        headers = {"Retry-After": str(DATABASE_RETRY_AFTER)}
        if _wants_page(request):
            return _error_page(request, 503, error, headers)
        return JSONResponse({"error": error, "rule": None}, status_code=503, headers=headers)

    for kind in db.UNAVAILABLE:
        app.add_exception_handler(kind, unavailable)

    @app.exception_handler(Exception)
    async def crash(_request: Request, e: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return JSONResponse({"error": "internal server error", "rule": None}, status_code=500)


async def _ruled_out(request: Request, e: RequestValidationError) -> ApiError | None:
    """The refusal naming its rule of an action the document's bounds leave out because
    a rule of the game does (``Action.never``: Dream Home's column 1 is never
    discarded), for a move or a why-not; None for anything else."""
    table_id = request.path_params.get("table_id")
    body = e.body if isinstance(e.body, dict) else {}
    action = body.get("action")
    if table_id is None or not isinstance(action, dict) or request.method != "POST":
        return None
    if not request.url.path.endswith(("/actions", "/why")):
        return None
    try:
        table = await request.app.state.service.get(table_id)
        table.spec.action_from_json(action)
    except NotAnAction as refused:
        return ApiError(409, f"not an action of {table.spec.id}: {refused}", refused.rule)
    except (ApiError, ValueError, TypeError):
        return None
    return None


#: a database that does not answer: the seconds a client is told to wait, and how often
#: the log says so while it lasts
DATABASE_RETRY_AFTER = 5
OUTAGE_LOG_SECONDS = 60.0


class _Outage:
    """The log's account of requests the database failed: a warning line with the
    reason at the first, then at most one every ``OUTAGE_LOG_SECONDS`` with the number
    refused since, so that an outage does not flood the log."""

    def __init__(self) -> None:
        self.count = 0
        self.quiet_until = 0.0

    def refused(self, error: Exception) -> None:
        self.count += 1
        now = time.monotonic()
        if now < self.quiet_until:
            return
        log.warning(
            "the database failed %d request(s), answered 503: %s: %s",
            self.count,
            type(error).__name__,
            db.one_line(error),
        )
        self.count, self.quiet_until = 0, now + OUTAGE_LOG_SECONDS


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


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _opening(request: Request) -> None:
    """Count a table opened from the request's address: 429 past the rate limit."""
    wait = request.app.state.openings.take(_address(request))
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
    except NotAnAction as e:  # well formed, and a rule says why no position has it
        rule = e.rule or _actions_rule(spec)
        raise ApiError(409, f"not an action of {spec.id}: {e}", rule) from None
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
    async def create_table(
        body: TableCreate, service: Service, request: Request
    ) -> dict[str, Any]:
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
            opener=_address(request),
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
        seat = table.seat_of(token)
        await service.resume(table, seat, insist=False)  # set aside: on again, if room
        return table.view(seat, svg)

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
    )
    async def rematch(
        at: SeatedAt, service: Service, request: Request, response: Response, token: Token = None
    ) -> dict[str, Any]:
        """Once the game is over: the next one with the same seats, bots and options and
        a new seed (201; 200 with the same table for whoever asks after). Your token is
        your seat there too: the others find the table in their view (``rematch``). Only
        a rematch that opens a table counts against your address's rate of openings."""
        table, seat = at
        new, made = await service.rematch(
            table, seat, _address(request), functools.partial(_opening, request)
        )
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
            "secret": table.secret,
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


NO_STORE = (b"cache-control", b"no-store")


class SecurityHeaders:
    """Adds to every HTTP answer: no Referer for links followed from the site, a
    Content-Security-Policy (no framing), no content-type sniffing, and (but for the
    static files) no storing in any cache."""

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
        # pages and answers may carry a seat's token or view: no cache keeps them
        stored = [] if scope["path"].startswith("/static/") else [NO_STORE]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {
                    **message,
                    "headers": [
                        *message.get("headers", []),
                        *self.headers,
                        *stored,
                        (b"content-security-policy", policy),
                    ],
                }
            await send(message)

        await self.app(scope, receive, with_headers)
