"""The read side of the tables: the open ones for the lobby, the finished ones for the
archive (with their final results), and a finished game's replay.

Nothing here changes a table. The final results and the replays take a replay of
the game each, in a worker thread, so both are kept once worked out (a few of each).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from housebuilders.core import IllegalAction, OptionError, game, replay
from housebuilders.server import db
from housebuilders.server.errors import ApiError
from housebuilders.server.replay import Replay
from housebuilders.server.table import Table, final_result

if TYPE_CHECKING:
    from housebuilders.server.service import TableService

log = logging.getLogger("housebuilders.server")

#: finished tables a page of the archive lists
ARCHIVE_PAGE = 20
#: replays kept built (the tables' replay pages being looked at), and finished
#: tables' final results kept for the archive (a few numbers each)
MAX_REPLAYS = 16
MAX_RESULTS = 10_000


class Archive:
    """Lists the tables and replays the finished games."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        #: finished tables' replays, built once each (least recently asked first)
        self.replays: OrderedDict[str, asyncio.Future[Replay]] = OrderedDict()
        #: finished tables' final scores, winners and ranking, for the archive
        self.results: OrderedDict[str, dict[str, list[int]]] = OrderedDict()

    async def open_tables(self, limit: int = 100) -> list[dict[str, Any]]:
        """The tables being played that are not private, newest first."""

        def read(session: Any) -> list[dict[str, Any]]:
            rows = session.scalars(
                select(db.GameTable)
                .where(db.GameTable.status == "playing", db.GameTable.private.is_(False))
                .order_by(db.GameTable.created.desc())
                .limit(limit)
            )
            return [
                {
                    "table": r.id,
                    "game": r.game,
                    "players": r.players,
                    "status": r.status,
                    "created": r.created.isoformat(),
                    "seats": [
                        {
                            "seat": s.seat,
                            "kind": s.kind,
                            "bot": s.bot,
                            "name": s.name,
                            "open": s.kind == "human" and s.token_hash is None,
                            "deadline": s.deadline,
                        }
                        for s in r.seats
                    ],
                }
                for r in rows
            ]

        return await self.service.transaction(read)

    async def archive(self, game_id: str | None = None, page: int = 1) -> dict[str, Any]:
        """Page ``page`` of the finished tables that are not private (of ``game_id``
        only, if given), the last finished first, with their final results."""

        def read(session: Any) -> tuple[int, list[Any], dict[str, Any], dict[str, list[Any]]]:
            over = db.GameTable.status.in_(("finished", "void"))
            where: list[Any] = [over, db.GameTable.private.is_(False)]
            if game_id is not None:
                where.append(db.GameTable.game == game_id)
            total = session.scalar(select(func.count()).select_from(db.GameTable).where(*where))
            # a table abandoned before its first move ended when it was opened
            last = func.max(db.LogEntry.time)
            finished = func.coalesce(last, func.min(db.GameTable.created)).label("finished")
            rows = session.execute(
                select(db.GameTable, finished)
                .outerjoin(db.LogEntry, db.LogEntry.table_id == db.GameTable.id)
                .where(*where)
                .group_by(db.GameTable.id)
                .order_by(finished.desc(), db.GameTable.id)
                .offset((page - 1) * ARCHIVE_PAGE)
                .limit(ARCHIVE_PAGE)
                .options(selectinload(db.GameTable.seats))
            ).all()
            known = {row.id: self.results.get(row.id) for row, _ in rows}
            known = {table_id: results for table_id, results in known.items() if results}
            entries = logs_of(session, [row.id for row, _ in rows if row.id not in known])
            return total, list(rows), known, entries

        total, rows, known, entries = await self.service.transaction(read)
        for table_id in known:
            self.results.move_to_end(table_id)  # kept while newer ones come in
        learned = await self.learn([row for row, _ in rows if row.id not in known], entries)
        results = {**known, **learned}
        tables = []
        for row, finished in rows:
            tables.append({
                "table": row.id,
                "game": row.game,
                "game_name": game(row.game).name,
                "players": row.players,
                "seats": [
                    {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                     "open": s.kind == "human" and s.token_hash is None,
                     "resigned": s.resigned}
                    for s in row.seats
                ],
                **results[row.id],
                "created": row.created.isoformat(),
                "finished": finished.isoformat(),
                "replay": f"/t/{row.id}/replay",
            })  # fmt: skip
        pages = max(1, -(-total // ARCHIVE_PAGE))
        return {"tables": tables, "page": page, "pages": pages, "total": total}

    def final_results(
        self, rows: list[Any], entries: dict[str, list[Any]]
    ) -> dict[str, dict[str, Any]]:
        """The final scores, winners and ranking of the finished tables ``rows``: from
        the table in memory, else replayed from its seed and log (``entries``). A log
        that no longer replays (recorded under rules since changed) gives empty lists."""
        results: dict[str, dict[str, Any]] = {}
        for row in rows:
            table = self.service.tables.get(row.id)
            state = table.state if table is not None else None
            if state is None or not (table is not None and table.over):
                actions = db.effective_actions(entries.get(row.id, []))
                try:
                    state = replay(row.game, row.players, row.seed, actions, row.options)
                except (IllegalAction, OptionError, ValueError, TypeError) as e:
                    log.warning("table %s: its log no longer replays: %s", row.id, e)
                    results[row.id] = {"scores": [], "winners": [], "ranking": [], "ended_by": None}
                    continue
            resigned = [seat.resigned for seat in row.seats]
            ranking, winners = final_result(state, resigned, row.status == "void")
            results[row.id] = {
                "scores": [score["total"] for score in state.scores()],
                "winners": winners,
                "ranking": ranking,
                "ended_by": _ended_by(row.status, resigned, state.is_terminal()),
            }
        return results

    def known(self, ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The final results kept of the tables ``ids`` (those not kept are left out)."""
        out = {}
        for table_id in ids:
            results = self.results.get(table_id)
            if results:
                self.results.move_to_end(table_id)  # kept while newer ones come in
                out[table_id] = results
        return out

    async def learn(self, rows: list[Any], entries: dict[str, list[Any]]) -> dict[str, Any]:
        """``final_results`` of ``rows`` (in a thread: the event loop goes on), then kept
        with the others (the ``MAX_RESULTS`` last asked for)."""
        if not rows:
            return {}
        learned = await asyncio.to_thread(self.final_results, rows, entries)
        self.results.update(learned)
        while len(self.results) > MAX_RESULTS:
            self.results.popitem(last=False)
        return learned

    async def replay(self, table_id: str) -> tuple[Table, Replay]:
        """The table and its game's replay, built once (in a thread: a long game takes
        a while); 409 while the game is being played, which no replay may show."""
        table = await self.service.get(table_id)
        if not table.over:
            raise ApiError(
                409,
                "this game is still being played: its replay opens once it is over "
                "(until then it would show what the seats have not revealed)",
            )
        built = self.replays.get(table.id)
        if built is None:
            start = table.spec.new_game(len(table.seats), table.seed, table.options)
            history = list(table.state.history)
            built = asyncio.ensure_future(asyncio.to_thread(Replay.build, start, history))
            self.replays[table.id] = built
            for old in [key for key, task in self.replays.items() if task.done()]:
                if len(self.replays) <= MAX_REPLAYS:
                    break
                del self.replays[old]
        self.replays.move_to_end(table.id)
        try:
            return table, await asyncio.shield(built)  # one leaving does not stop it
        except Exception:
            if self.replays.get(table.id) is built:
                del self.replays[table.id]  # a bug: logged by the app, tried afresh next time
            raise


def _ended_by(status: str, resigned: list[bool], terminal: bool) -> str | None:
    """How an archived table ended if not by its game's rules (``Table.ended_by``)."""
    if status == "void":
        return "agreement"
    return "resignation" if any(resigned) and not terminal else None


def logs_of(session: Any, ids: list[str]) -> dict[str, list[db.LogEntry]]:
    """The log entries of the tables ``ids``, each table's in order (a finished game's
    final results are replayed from them)."""
    entries: dict[str, list[db.LogEntry]] = {}
    if ids:
        query = (
            select(db.LogEntry)
            .where(db.LogEntry.table_id.in_(ids))
            .order_by(db.LogEntry.table_id, db.LogEntry.idx)
        )
        for entry in session.scalars(query):
            entries.setdefault(entry.table_id, []).append(entry)
    return entries
