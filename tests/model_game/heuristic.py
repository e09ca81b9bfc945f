"""Model House's evaluation for the greedy bot and search rollouts: the seat's points
(coins counted as the fraction of a point they are worth) against the best other's."""

from __future__ import annotations

from housebuilders.core import State


def evaluate(state: State, player: int) -> float:
    per_point = state.content.coins_per_point  # type: ignore[attr-defined]
    worth = [
        s["breakdown"]["rooms"] + coins / per_point
        for s, coins in zip(state.scores(), state.coins, strict=True)  # type: ignore[attr-defined]
    ]
    return worth[player] - max(w for p, w in enumerate(worth) if p != player)
