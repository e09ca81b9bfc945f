"""A table's API: open one, list them, see it, and every change a seat makes (a move,
an undo, coming back, leaving, a name, a rematch), and its log."""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Depends, Request, Response

from housebuilders.core import Action, GameSpec
from housebuilders.core.errors import NotAnAction
from housebuilders.server.answers import (
    CREATED_LINKS,
    VIEW_LINKS,
    LogPublic,
    TablesPublic,
    ViewPublic,
    WhyPublic,
)
from housebuilders.server.errors import ApiError
from housebuilders.server.routes.common import SeatedAt, Service, Svg, Token, address, opening
from housebuilders.server.schemas import (
    ActionRequest,
    HumanSeatPublic,
    IndexActionRequest,
    NameRequest,
    RematchPublic,
    TableCreate,
    TableCreatedPublic,
    errors,
)
from housebuilders.server.table import Table

router = APIRouter()


@router.post(
    "/api/tables",
    operation_id="create_table",
    status_code=201,
    response_model=TableCreatedPublic,
    responses={201: {"links": CREATED_LINKS}, **errors(400, 413, 422, 429)},
    dependencies=[Depends(opening)],
)
async def create_table(body: TableCreate, service: Service, request: Request) -> dict[str, Any]:
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
        opener=address(request),
    )
    seats: list[dict[str, Any]] = []
    for number, (info, token) in enumerate(zip(table.seats, tokens, strict=True)):
        if info.kind == "bot":
            seats.append({"seat": number, "kind": "bot", "bot": info.bot})
        elif token is None:
            take = f"/api/tables/{table.id}/seats/{number}/take"
            seats.append({"seat": number, "kind": "open", "take": take})
        else:
            url = f"/t/{table.id}?token={token}"
            seats.append(
                {"seat": number, "kind": "human", "name": info.name, "token": token, "url": url}
            )
    return {"table": table.id, "seats": seats, "spectate": f"/t/{table.id}"}


@router.post(
    "/api/tables/{table_id}/seats/{seat}/take",
    operation_id="take_seat",
    status_code=201,
    response_model=HumanSeatPublic,
    responses=errors(400, 404, 409, 413, 422, 429),
    dependencies=[Depends(opening)],
)
async def take_seat(
    table_id: str, seat: int, body: NameRequest, service: Service
) -> dict[str, Any]:
    """Take an open seat (one its table opened for anyone) with your name: its secret
    link, yours from now on; keep it to play. 409 once someone has it. A seat taken
    counts against your address's rate of tables opened."""
    table = await service.get(table_id)
    token = await service.take(table, seat, body.name)
    url = f"/t/{table.id}?token={token}"
    return {"seat": seat, "kind": "human", "name": body.name, "token": token, "url": url}


@router.get(
    "/api/tables", operation_id="list_tables", response_model=TablesPublic, responses=errors()
)
async def open_tables(service: Service) -> dict[str, Any]:
    """The tables still being played, newest first."""
    return {"tables": await service.open_tables()}


@router.get(
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


@router.post(
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


@router.post(
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


@router.post(
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


@router.post(
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


@router.post(
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
        table, seat, address(request), functools.partial(opening, request)
    )
    if not made:
        response.status_code = 200
    return {"table": new.id, "url": f"/t/{new.id}?token={token}", "spectate": f"/t/{new.id}"}


@router.post(
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


@router.post(
    "/api/tables/{table_id}/resign",
    operation_id="resign_seat",
    response_model=ViewPublic,
    responses={200: {"links": VIEW_LINKS}, **errors(403, 404, 409, 413, 422)},
)
async def resign(at: SeatedAt, service: Service, svg: Svg = True) -> dict[str, Any]:
    """Resign: your seat loses (it ranks last, whatever it scores). With one other
    seat left the game is over and it wins; with more, the others play on and the
    table's clock bot plays your seat's turns. There is no coming back; 409 once the
    game is over."""
    table, seat = at
    await service.resign(table, seat)
    return table.view(seat, svg)


@router.post(
    "/api/tables/{table_id}/abandon",
    operation_id="vote_to_abandon",
    response_model=ViewPublic,
    responses={200: {"links": VIEW_LINKS}, **errors(403, 404, 409, 413, 422)},
)
async def abandon(at: SeatedAt, service: Service, svg: Svg = True) -> dict[str, Any]:
    """Propose, or agree, to abandon the game. Once every person at the table (but
    those who resigned) agrees, it is over as abandoned (status "void"): no winner and
    no ranking, listed so in the archive. 409 once the game is over, or after you
    resigned."""
    table, seat = at
    await service.vote(table, seat, True)
    return table.view(seat, svg)


@router.delete(
    "/api/tables/{table_id}/abandon",
    operation_id="withdraw_abandon_vote",
    response_model=ViewPublic,
    responses={200: {"links": VIEW_LINKS}, **errors(403, 404, 409, 413, 422)},
)
async def keep_playing(at: SeatedAt, service: Service, svg: Svg = True) -> dict[str, Any]:
    """Withdraw your vote to abandon the game."""
    table, seat = at
    await service.vote(table, seat, False)
    return table.view(seat, svg)


@router.post(
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


@router.get(
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


def _action(table: Table, body: ActionRequest) -> Action:
    """The action a well-formed body names, read by the table's own game. The document
    allows every game's actions (a kind two games share, with the fields of both), so
    one that this table's game does not have is well-formed but never legal here: 409,
    naming the field (a malformed one is a 422 before this)."""
    spec = table.spec
    if isinstance(body, IndexActionRequest):
        if body.index >= len(spec.actions):
            raise ApiError(409, f"{spec.id} has no action {body.index}", _actions_rule(spec))
        return spec.actions[body.index]
    try:
        return spec.action_from_json(body.action.model_dump(exclude_unset=True))
    except NotAnAction as e:  # well formed, and a rule says why no position has it
        rule = e.rule or _actions_rule(spec)
        raise ApiError(409, f"not an action of {spec.id}: {e}", rule) from None
    except (ValueError, TypeError) as e:
        raise ApiError(409, f"not an action of {spec.id}: {e}", _actions_rule(spec)) from None


def _actions_rule(spec: GameSpec) -> str:
    """The rule an action of another game breaks: the game's own list of actions."""
    return f"{spec.id} §Actions"
