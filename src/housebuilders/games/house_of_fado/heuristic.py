"""House of Fado's evaluation for the greedy bot and search rollouts: the seat's
points as the game stands against the best other's."""

from __future__ import annotations

from .state import HouseOfFadoState


def evaluate(state: HouseOfFadoState, player: int) -> float:
    totals = [s["total"] for s in state.scores()]
    return totals[player] - max(t for p, t in enumerate(totals) if p != player)
