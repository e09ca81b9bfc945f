"""The games this server plays, and their rules for the players."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from housebuilders.core import game, game_ids
from housebuilders.core.rules import rules_of
from housebuilders.server.answers import GamesPublic, RulesPublic
from housebuilders.server.routes.common import find_game, game_public
from housebuilders.server.schemas import errors

router = APIRouter()


@router.get("/api/games", operation_id="list_games", response_model=GamesPublic, responses=errors())
async def list_games(request: Request) -> dict[str, Any]:
    """The games that can be played (each with its options), and the bots the lobby
    offers."""
    games = [game_public(game(g)) for g in game_ids()]
    state = request.app.state
    return {"games": games, "bots": state.lobby_bots, "bot_hints": state.bot_hints}


@router.get(
    "/api/games/{game_id}/rules",
    operation_id="game_rules",
    response_model=RulesPublic,
    responses=errors(404, 422),
)
async def game_rules(game_id: str) -> dict[str, Any]:
    """A game's rules for its players: how a turn goes, the scoring and the rulings,
    as pieces of text (never markup)."""
    return rules_of(find_game(game_id))
