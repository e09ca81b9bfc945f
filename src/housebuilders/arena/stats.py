"""Win shares and score statistics over many games."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import State


def win_shares(state: State) -> list[float]:
    """Per player: 1 for a sole winner, 1/k for each of k players sharing first place."""
    ranking = state.ranking()
    winners = ranking.count(1)
    return [1 / winners if rank == 1 else 0.0 for rank in ranking]


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
    """What ``simulate`` found: per seat and per bot tallies."""

    game_id: str
    players: int
    games: int = 0
    seats: list[Tally] = field(default_factory=list)
    bots: dict[str, Tally] = field(default_factory=dict)

    def record(self, lineup: list[str], state: State) -> None:
        """Add one finished game whose seats were played by ``lineup``."""
        self.games += 1
        shares = win_shares(state)
        for seat, (bot, share, score) in enumerate(
            zip(lineup, shares, state.scores(), strict=True)
        ):
            self.seats[seat].add(share, score["total"])
            self.bots.setdefault(bot, Tally()).add(share, score["total"])
