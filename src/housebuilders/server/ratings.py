"""The ratings of people and bots per game, from the finished tables where every
person's seat is held by an account (``accounts.py``): openskill's Plackett-Luce model,
game after game in the order they ended, each seat a team of one, its winners first
and everyone else second (as the arena's ladder rates its bots, docs/bots.md). Bots
are rated by name on the same scale, starting from the rating the bots' ladder gave
them (``agents/ladder.json``, docs/bots.md: the same model, bot against bot), so a
bot's strength in a word ("casual") is a number before any person has played it, and
the bots anchor the people's scale; the games between accounts and bots move both.

A rating is shown as its ordinal, ``mu - 3 sigma``: what the player is at least worth
with good confidence (25 - 3 x 8.33 = 0 before any game)."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from housebuilders.agents.ladder import ladder
from housebuilders.server import db
from housebuilders.server.archive import logs_of

if TYPE_CHECKING:
    from housebuilders.server.service import TableService


class Ratings:
    """Each game's table of ratings, worked out again when a rated game has ended."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: game -> (the rated tables it was worked out from, the table of ratings)
        self._known: dict[str, tuple[tuple[str, ...], list[dict[str, Any]]]] = {}

    async def of(self, game_id: str) -> list[dict[str, Any]]:
        """The ratings of ``game_id``'s players, the best first: each with its name,
        kind ("account" or "bot"), ordinal ``rating``, ``mu``, ``sigma``, games and
        wins."""
        service = self.service
        rows, holders = await service.transaction(
            lambda session: self._rated_tables(session, game_id)
        )
        ids = tuple(row.id for row in rows)
        known = self._known.get(game_id)
        if known is not None and known[0] == ids:
            return known[1]
        archive = service.archives  # the final results, as the archive has them
        results = archive.known(ids)
        missing = [row for row in rows if row.id not in results]
        if missing:
            wanted = [row.id for row in missing]
            entries = await service.transaction(lambda session: logs_of(session, wanted))
            results |= await archive.learn(missing, entries)
        board = await asyncio.to_thread(_rate, game_id, rows, holders, results)
        self._known[game_id] = (ids, board)
        return board

    @staticmethod
    def _rated_tables(session: Any, game_id: str) -> tuple[list[Any], dict[Any, Any]]:
        """The finished tables of ``game_id`` whose people's seats are all held by
        accounts (at least one), in the order they ended; who holds each seat."""
        finished = func.max(db.LogEntry.time).label("finished")
        rows = [
            row
            for row, _ in session.execute(
                select(db.GameTable, finished)
                .join(db.LogEntry, db.LogEntry.table_id == db.GameTable.id)
                .where(db.GameTable.status == "finished", db.GameTable.game == game_id)
                .group_by(db.GameTable.id)
                .order_by(finished, db.GameTable.id)
                .options(selectinload(db.GameTable.seats))
            ).all()
        ]
        ids = [row.id for row in rows]
        holders: dict[tuple[str, int], tuple[str, str]] = {}
        if ids:
            held = session.execute(
                select(db.AccountSeat.table_id, db.AccountSeat.seat, db.Account.id, db.Account.name)
                .join(db.Account, db.Account.id == db.AccountSeat.account_id)
                .where(db.AccountSeat.table_id.in_(ids))
            )
            for table_id, seat, account, name in held:
                holders[(table_id, seat)] = (account, name)
        rated = [
            row
            for row in rows
            if any((row.id, s.seat) in holders for s in row.seats)
            and all(s.kind == "bot" or (row.id, s.seat) in holders for s in row.seats)
        ]
        return rated, holders


def _rate(
    game_id: str,
    rows: list[Any],
    holders: dict[tuple[str, int], tuple[str, str]],
    results: dict[str, Any],
) -> list[dict[str, Any]]:
    from openskill.models import PlackettLuce  # the server extra's

    model = PlackettLuce()
    ratings: dict[tuple[str, str], Any] = {}
    names: dict[tuple[str, str], str] = {}
    games: dict[tuple[str, str], int] = defaultdict(int)
    wins: dict[tuple[str, str], float] = defaultdict(float)
    # the ladder's bots, by the name the lobby offers them (``ismcts:seconds=0.1`` is
    # ismcts): where a bot's rating starts, and each of them listed from the start
    start: dict[str, tuple[float, float]] = {}
    for entry in ladder().get(game_id, {}).get("bots", []):
        name = entry["bot"].split(":", 1)[0]
        start.setdefault(name, (entry["mu"], entry["sigma"]))
    for name, (mu, sigma) in start.items():
        ratings[("bot", name)] = model.rating(mu=mu, sigma=sigma, name=name)
        names[("bot", name)] = name
    for row in rows:
        winners = set(results[row.id].get("winners") or ())
        if not results[row.id].get("ranking"):
            continue  # a log that no longer replays rates nobody
        players = []
        for s in row.seats:
            held = holders.get((row.id, s.seat))
            key = ("account", held[0]) if held else ("bot", s.bot or "bot")
            names[key] = held[1] if held else s.bot or "bot"
            players.append(key)
        if len(set(players)) < len(players):
            continue  # one account (or bot) in two seats: not a game between players
        for key in players:
            if key not in ratings:
                known = start.get(key[1].split(":", 1)[0]) if key[0] == "bot" else None
                if known is None:
                    ratings[key] = model.rating(name=names[key])
                else:
                    ratings[key] = model.rating(mu=known[0], sigma=known[1], name=names[key])
        places = [1.0 if s.seat in winners or not winners else 2.0 for s in row.seats]
        teams = [[ratings[key]] for key in players]
        for key, (new,) in zip(players, model.rate(teams, ranks=places), strict=True):
            ratings[key] = new
        for s, key in zip(row.seats, players, strict=True):
            games[key] += 1
            wins[key] += (1 / len(winners)) if s.seat in winners else 0.0
    board = [
        {
            "name": names[key],
            "kind": key[0],
            "rating": round(r.mu - 3 * r.sigma, 2),
            "mu": round(r.mu, 2),
            "sigma": round(r.sigma, 2),
            "games": games[key],
            "wins": round(wins[key], 2),
        }
        for key, r in ratings.items()
    ]
    board.sort(key=lambda entry: (-entry["rating"], entry["name"]))
    return board
