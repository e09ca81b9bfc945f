"""The games this server plays, and their rules for the players."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from housebuilders.core import game, game_ids
from housebuilders.core.rules import rules_of
from housebuilders.server.answers import GamesPublic, RulesPublic
from housebuilders.server.routes.common import Service, find_game, game_public
from housebuilders.server.schemas import errors

router = APIRouter()


@router.get("/api/games", operation_id="list_games", response_model=GamesPublic, responses=errors())
async def list_games(request: Request) -> dict[str, Any]:
    """The games that can be played (each with its options), and the bots the lobby
    offers, with their strength in a word: the bots' own, and each game's, following
    its ladder."""
    games = [game_public(game(g)) for g in game_ids()]
    state = request.app.state
    return {
        "games": games,
        "bots": state.lobby_bots,
        "game_bots": state.game_bots,
        "bot_hints": state.bot_hints,
        "game_bot_hints": state.game_bot_hints,
    }


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


class RatedPublic(BaseModel):
    name: str = Field(description="the account's name, or the bot's")
    kind: str = Field(description="account or bot")
    rating: float = Field(description="mu - 3 sigma: worth at least this, with confidence")
    mu: float
    sigma: float
    games: int = Field(description="its rated games")
    wins: float = Field(description="its wins (a shared win split)")


class RatingsPublic(BaseModel):
    game: str
    players: list[RatedPublic] = Field(description="the best rating first")


@router.get(
    "/api/games/{game_id}/ratings",
    operation_id="game_ratings",
    response_model=RatingsPublic,
    responses=errors(404, 422),
)
async def game_ratings(game_id: str, service: Service) -> dict[str, Any]:
    """The ratings of a game's players (openskill's Plackett-Luce): the accounts and
    the bots, from its finished games where every person's seat was held by an
    account; bots on the same scale, from those games only."""
    spec = find_game(game_id)
    return {"game": spec.id, "players": await service.ratings.of(spec.id)}
