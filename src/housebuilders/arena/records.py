"""One record per game played by the arena, and the JSON Lines file that holds them.

A record says what the game was and how it ended::

    {"index": 7, "game": "mr-house-basic", "players": 3, "options": {}, "content": null,
     "seed": 107, "bots": ["greedy", "random", "greedy"],
     "scores": [{"total": 9, "breakdown": {"walls": 3, ...}}, ...], "ranking": [1, 3, 2],
     "winners": [0], "actions": 212, "seconds": 0.041, "error": null,
     "goals": {"complete house": [1.0, 0.0, 0.0]}}

``index`` is the game's number in its run (the run's first seed plus ``index`` is its
seed), ``bots`` the bot names by seat, ``scores``, ``ranking`` and ``winners`` what the
game's ``scores()``, ``ranking()`` and ``winners()`` returned (``winners`` is empty when
everyone lost: a Mr House advanced game where no house is complete), ``actions`` the
number of actions applied, ``seconds`` the wall time of the game, ``goals`` the game's
figures of what it rewards (``State.goals``: per name a value per seat, such as
``{"complete house": [1.0, 0.0, 1.0]}``; ``{}`` for a failed game). ``content`` is None,
or a short digest of the component data that overrode the game's own (``--content``),
so runs on different data do not mix. A game that failed has ``scores``, ``ranking``
and ``winners`` null and ``error``: ``{"seat": 1, "bot": "greedy", "message":
"ValueError: ...", "where": "greedy.py:57 in choose"}`` (``seat`` and ``bot`` null
when the error did not come from a bot).

Records written before ``winners`` was recorded still load: their winners are the
seats of rank 1, the contract's default. That is right for every game but Mr House
advanced, where such a record may name an incomplete house the winner: play those
runs again.

A results file has one record a line. It is written as games finish, flushed after
each batch, so a run that is stopped keeps what finished; the last line of a run that
died while writing may be cut short, and ``read_results`` leaves it out.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from housebuilders.arena.errors import ResultsError
from housebuilders.core import win_shares

__all__ = ["Record", "ResultsError", "ResultsWriter", "read_results"]

Json = dict[str, Any]


@dataclass(frozen=True)
class Record:
    """One game. Two records are equal when the games were: ``seconds`` is left out."""

    index: int
    game: str
    players: int
    options: dict[str, Any]
    content: str | None
    seed: int
    bots: list[str]
    scores: list[Json] | None
    ranking: list[int] | None
    actions: int
    seconds: float = field(compare=False)
    error: Json | None = None
    #: the seats that won (empty: everyone lost); None for a failed game. Left out,
    #: it is the seats of rank 1 (a record written before winners were recorded).
    winners: list[int] | None = None
    #: the game's figures of its goals at the end (``State.goals``: a value per seat
    #: each, such as a complete house); empty for a failed game or an older record
    goals: dict[str, list[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.winners is None and self.ranking is not None:
            first = [seat for seat, rank in enumerate(self.ranking) if rank == 1]
            object.__setattr__(self, "winners", first)

    @property
    def ok(self) -> bool:
        """The game was played to the end."""
        return self.error is None

    @property
    def finished(self) -> bool:
        """The game has its result: scores, ranking and winners."""
        return self.scores is not None and self.ranking is not None

    @property
    def nobody_won(self) -> bool:
        """A finished game that everyone lost."""
        return self.finished and not self.winners

    def totals(self) -> list[int]:
        """The final score per seat (empty for a failed game)."""
        return [s["total"] for s in self.scores or []]

    def win_shares(self) -> list[float]:
        """Each seat's share of the win (``core.win_shares``): 1/k for each of k
        winners, 0 for a seat that lost."""
        return win_shares(self.winners or [], self.players)

    def to_json(self) -> Json:
        return {
            "index": self.index,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "content": self.content,
            "seed": self.seed,
            "bots": self.bots,
            "scores": self.scores,
            "ranking": self.ranking,
            "winners": self.winners,
            "actions": self.actions,
            "seconds": round(self.seconds, 6),
            "error": self.error,
            "goals": self.goals,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Record:
        try:
            return cls(
                index=int(d["index"]),
                game=str(d["game"]),
                players=int(d["players"]),
                options=dict(d.get("options") or {}),
                content=d.get("content"),
                seed=int(d["seed"]),
                bots=[str(b) for b in d["bots"]],
                scores=d.get("scores"),
                ranking=d.get("ranking"),
                actions=int(d.get("actions", 0)),
                seconds=float(d.get("seconds", 0.0)),
                error=d.get("error"),
                winners=_seats(d.get("winners")),
                goals={str(k): [float(x) for x in v] for k, v in (d.get("goals") or {}).items()},
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ResultsError(f"not a game record ({type(e).__name__}: {e})") from None


def _seats(value: Any) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, list):
        raise TypeError(f"winners must be a list of seats, not {value!r}")
    return [int(seat) for seat in value]


def content_digest(content: Mapping[str, Any] | None) -> str | None:
    """A short digest of component-data overrides (None for the game's own data)."""
    if not content:
        return None
    text = json.dumps(content, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# == reading ===================================================================================
def read_results(path: str | os.PathLike[str]) -> list[Record]:
    """The records of a results file, sorted by game index. A last line cut short (a
    run that died while writing) is left out; any other bad line is an error naming it."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ResultsError(f"no results file {str(path)!r}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ResultsError(f"cannot read {str(path)!r}: {e}") from None
    lines = text.split("\n")
    records: list[Record] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        last = number == len(lines)  # no newline after it: possibly cut short
        try:
            records.append(Record.from_json(json.loads(line)))
        except (json.JSONDecodeError, ResultsError, AttributeError) as e:
            if last:
                break
            if not records:  # the first line already: not a results file at all
                raise ResultsError(
                    f"{path} is not a results file (one game a line, as simulate --out and "
                    f"tournament --out write it): line {number} is {_reason(e)}"
                ) from None
            raise ResultsError(f"{path}, line {number}: {_reason(e)}") from None
    records.sort(key=lambda r: r.index)
    return records


def _reason(error: Exception) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"not JSON ({error.msg})"
    return str(error) if isinstance(error, ResultsError) else "not a game record"


def cut_partial_line(path: Path) -> None:
    """Drop a last line that has no newline (cut short as a run died), so that lines
    appended after it stay whole."""
    with path.open("rb+") as f:
        size = f.seek(0, os.SEEK_END)
        if size == 0:
            return
        f.seek(size - 1)
        if f.read(1) == b"\n":
            return
        data_end = size
        step = 4096
        while data_end > 0:  # find the last newline, reading back a block at a time
            start = max(0, data_end - step)
            f.seek(start)
            block = f.read(data_end - start)
            newline = block.rfind(b"\n")
            if newline >= 0:
                f.truncate(start + newline + 1)
                return
            data_end = start
        f.truncate(0)


# == writing ===================================================================================
class ResultsWriter:
    """Appends records to a results file in game order as they come in (from batches
    that finish in any order), flushing after each; ``close`` writes what is still
    waiting for an earlier game, so nothing finished is lost when a run stops."""

    def __init__(self, path: Path, order: Iterable[int]) -> None:
        self.path = path
        self._order = list(order)
        self._next = 0  # position in _order of the next record to write
        self._waiting: dict[int, Record] = {}
        try:
            self._file = path.open("a", encoding="utf-8")
        except OSError as e:
            raise ResultsError(f"cannot write {path}: {e.strerror or e}") from None

    def add(self, records: Iterable[Record]) -> None:
        for record in records:
            self._waiting[record.index] = record
        lines = []
        while self._next < len(self._order) and self._order[self._next] in self._waiting:
            lines.append(_line(self._waiting.pop(self._order[self._next])))
            self._next += 1
        if lines:
            with self._writing():
                self._file.write("".join(lines))
                self._file.flush()

    def close(self) -> None:
        """Write what is waiting and close the file (a ResultsError if the disk refuses)."""
        if self._file.closed:
            return
        try:
            with self._writing():
                if self._waiting:
                    waiting = sorted(self._waiting)
                    self._file.write("".join(_line(self._waiting[i]) for i in waiting))
                    self._waiting.clear()
                self._file.flush()
        finally:
            with suppress(OSError):  # the flush above raised what the disk said
                self._file.close()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """An OSError of the disk (full, gone) as a ResultsError naming the file."""
        try:
            yield
        except OSError as e:
            raise ResultsError(f"cannot write {self.path}: {e.strerror or e}") from None

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _line(record: Record) -> str:
    return json.dumps(record.to_json(), separators=(", ", ": ")) + "\n"
