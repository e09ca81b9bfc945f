"""Dream Home's evaluation for the greedy bot and search rollouts, a first version to
be tuned with the bots: the seat's points as the home stands against the best other's."""

from __future__ import annotations

from housebuilders.games.dream_home.state import DreamHomeState


def evaluate(state: DreamHomeState, player: int) -> float:
    totals = [state.total(p) for p in range(state.num_players)]
    return totals[player] - max(t for p, t in enumerate(totals) if p != player)


def evaluate_all(state: DreamHomeState) -> list[float]:
    """``evaluate`` for every seat, the totals read once."""
    totals = [state.total(p) for p in range(state.num_players)]
    return [t - max(o for q, o in enumerate(totals) if q != p) for p, t in enumerate(totals)]
