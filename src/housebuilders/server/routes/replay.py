"""The archive of finished games and their replays (docs/web.md, "Replays")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias

from fastapi import APIRouter, Path as PathPart, Query

from housebuilders.core import game_ids
from housebuilders.server.answers import (
    ArchivePublic,
    ReplayPublic,
    ReplayStepPublic,
    ReviewPublic,
)
from housebuilders.server.errors import ApiError
from housebuilders.server.routes.common import Service, Svg
from housebuilders.server.schemas import ErrorPublic, errors
from housebuilders.server.table import Table

router = APIRouter()

#: the games, for the archive's filter (built at import: to a type checker, a string)
if TYPE_CHECKING:
    GameId: TypeAlias = str
else:
    GameId = Literal[tuple(game_ids())]

#: a replay of a game still being played is refused
NOT_OVER = {"model": ErrorPublic, "description": "the game is still being played"}


@router.get(
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


@router.get(
    "/api/tables/{table_id}/replay",
    operation_id="replay_table",
    response_model=ReplayPublic,
    responses={**errors(404, 422), 409: NOT_OVER},
)
async def replay(table_id: str, service: Service) -> dict[str, Any]:
    """A finished game: its seats, every move, and every seat's score total after
    each step; 409 while it is being played."""
    table, replay = await service.replay(table_id)
    return {
        "table": table.id,
        "game": table.spec.id,
        "game_name": table.spec.name,
        "players": replay.players,
        "seats": [
            {
                "seat": n,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "open": s.open,
                "resigned": s.resigned,
            }
            for n, s in enumerate(table.seats)
        ],
        "options": table.options,
        "seed": table.seed,
        "secret": table.secret,
        "steps": replay.steps,
        "moves": replay.moves,
        "totals": replay.totals,
        "score_unit": table.spec.score_unit.to_json(),
        **_result(table),
    }


@router.get(
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


def _result(table: Table) -> dict[str, Any]:
    """The table's final winners and ranking (``Table.result``), and how it ended."""
    ranking, winners = table.result() or ([], [])
    return {"winners": winners, "ranking": ranking, "ended_by": table.ended_by}


@router.get(
    "/api/tables/{table_id}/review",
    operation_id="review_table",
    response_model=ReviewPublic,
    response_model_exclude_none=True,
    responses={
        **errors(404, 422),
        409: {"model": ErrorPublic, "description": "the game is still being played"},
    },
)
async def review(table_id: str, service: Service) -> dict[str, Any]:
    """A finished game's review: each seat's chance to win after every move and its
    costliest moves, ``{"status": "pending"}`` while it is worked out; 409 while the
    game is on (nothing of it exists before the end)."""
    return await service.review(table_id)
