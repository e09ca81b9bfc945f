"""Win shares and score statistics over many games."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from housebuilders.arena.records import Record
from housebuilders.core import State, win_shares as shares


def win_shares(state: State) -> list[float]:
    """Per player of a finished game: 1 for a sole winner, 1/k for each of k players
    sharing the win, 0 for a loser (everyone 0 when everyone lost): from
    ``state.winners()``."""
    return shares(state.winners(), state.num_players)


@dataclass
class Tally:
    """Games played, wins (shared wins count a fraction) and total score of one seat
    or one bot."""

    games: int = 0
    wins: float = 0.0
    score: float = 0.0

    def add(self, win: float, score: float) -> None:
        self.games += 1
        self.wins += win
        self.score += score

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.games if self.games else 0.0


@dataclass
class SimulationResult:
    """Per seat and per bot tallies of the games of a run (``games`` counts the
    finished ones, ``nobody_won`` those of them that everyone lost; the failed ones
    are in ``errors``)."""

    game_id: str
    players: int
    games: int = 0
    nobody_won: int = 0
    seats: list[Tally] = field(default_factory=list)
    bots: dict[str, Tally] = field(default_factory=dict)
    errors: list[Record] = field(default_factory=list)

    @classmethod
    def from_records(cls, records: Iterable[Record]) -> SimulationResult:
        """The tallies of a run's records (of one game and player count)."""
        records = list(records)
        if not records:
            raise ValueError("no games to tally")
        first = records[0]
        result = cls(first.game, first.players, seats=[Tally() for _ in range(first.players)])
        for record in records:
            result.add(record)
        return result

    def add(self, record: Record) -> None:
        """Add one game: a finished one to the tallies, a failed one to ``errors``."""
        if not record.finished:
            self.errors.append(record)
            return
        self.games += 1
        self.nobody_won += record.nobody_won
        for seat, (bot, share, total) in enumerate(
            zip(record.bots, record.win_shares(), record.totals(), strict=True)
        ):
            self.seats[seat].add(share, total)
            self.bots.setdefault(bot, Tally()).add(share, total)
