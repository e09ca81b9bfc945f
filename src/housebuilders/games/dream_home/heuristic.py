"""Dream Home's evaluation for the greedy bot and search rollouts, a first version to
be tuned with the bots: the seat's points as the home stands against the best other's."""

from __future__ import annotations

from housebuilders.games.dream_home.state import DreamHomeState


def evaluate(state: DreamHomeState, player: int) -> float:
    totals = [s["total"] for s in state.scores()]
    return totals[player] - max(t for p, t in enumerate(totals) if p != player)
