"""The web table's FastAPI app: the JSON API, the websocket and the pages.

``create_app(database_url, ...)`` builds it; ``housebuilders serve`` runs it under
uvicorn. The routes are in ``routes/`` (one router per part of the API, and the
pages), the middleware in ``middleware.py``; here are the app, its lifespan (the
``TableService``) and its error handlers. The API is documented by FastAPI's OpenAPI
page at ``/docs``, every answer and its body (``schemas.py``, the answers
``answers.py``); errors are always an
``ErrorPublic``, ``{"error": message, "rule": rule or null, "detail": problems or
null}``, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route
from starlette.types import ASGIApp
from starlette.websockets import WebSocketState

from housebuilders import web
from housebuilders.agents import bot_info, parse as parse_bot, strength_hint
from housebuilders.agents.ladder import game_hints
from housebuilders.agents.learned import shipped_policy
from housebuilders.core import game_ids
from housebuilders.core.errors import NotAnAction
from housebuilders.server import db
from housebuilders.server.bots import MOVE_SECONDS, fits_a_table
from housebuilders.server.driver import AWAY_MOVE_SECONDS
from housebuilders.server.errors import ApiError
from housebuilders.server.limits import Limits, RateLimiter
from housebuilders.server.middleware import BodyLimit, SecurityHeaders, page_policy
from housebuilders.server.routes import ROUTERS
from housebuilders.server.routes.common import TEMPLATES
from housebuilders.server.schemas import LOBBY_BOTS
from housebuilders.server.service import TableService

log = logging.getLogger("housebuilders.server")


# -- the app ------------------------------------------------------------------------------
def create_app(
    database_url: str | None = None,
    limits: Limits | None = None,
    *,
    move_seconds: float = MOVE_SECONDS,
    bot_workers: int | None = None,
    bot_imports: tuple[str, ...] = (),
    away_seconds: float = AWAY_MOVE_SECONDS,
) -> FastAPI:
    """The app on ``database_url`` (see ``db.database_url``) with ``limits`` (default:
    ``Limits.from_env()``, the environment's or the defaults). Its bots have
    ``move_seconds`` a move and think in ``bot_workers`` processes (default: one per
    core); ``bot_imports`` names modules that register custom bots (see
    ``TableService``); the clock bot plays a person away at ``away_seconds`` a move."""
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
            away_seconds=away_seconds,
        )
        await service.start()
        resumed = await service.resume_all()
        if resumed:
            log.info("resumed %d table(s) in play", resumed)
        reviews = await service.reviews.resume()
        if reviews:
            log.info("queued %d review(s) of finished games", reviews)
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
    # per game, those and the learned bot where the package ships a policy for it
    learned = ["learned"] if fits_a_table("learned", move_seconds) else []
    app.state.game_bots = {
        g: [*app.state.lobby_bots, *(learned if shipped_policy(g) else [])] for g in game_ids()
    }
    # each game's words, in the order its ladder rated the bots (agents/ladder.py)
    app.state.game_bot_hints = {g: game_hints(g, app.state.game_bots[g]) for g in game_ids()}
    app.state.bot_about = {
        bot: about_bot(bot) for bots in app.state.game_bots.values() for bot in bots
    }
    app.state.openings = RateLimiter(limits.tables_per_minute)
    app.add_middleware(BodyLimit)
    _errors(app)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=web.STATIC, check_dir=False), name="static")
    return app


class _App(FastAPI):
    """FastAPI, with the security headers on every answer: outside all middleware,
    so that a 500 (answered by Starlette's outermost error middleware) has them too."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack(), page_policy())

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


#: how each bot plays, for the lobby's players (a bot not here: its registry help)
ABOUT_BOTS = {
    "random": "plays any legal move at random: an opponent to learn the rules against",
    "greedy": "takes the move that looks best right now by the game's own measure of a "
    "position, and never looks further",
    "ismcts": "looks ahead: plays the coming moves out over many guesses of the cards and "
    "dice it cannot see, for the seconds it is given a move",
    "learned": "a neural network taught by playing thousands of games against bots and "
    "itself: it sees what its seat sees and answers at once (offered in the games the "
    "package ships one for)",
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
        # Starlette calls the handler for requests and websockets alike
        app.add_exception_handler(kind, unavailable)  # type: ignore[arg-type]

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
    """The methods the request's path answers (for a 405's Allow header): the app's
    own routes' and the routers' (which the app holds as one route each)."""
    methods: set[str] = set()
    for route in (*request.app.router.routes, *(r for router in ROUTERS for r in router.routes)):
        if isinstance(route, Route) and route.matches(request.scope)[0] != Match.NONE:
            methods |= route.methods or set()
    return ", ".join(sorted(methods))
