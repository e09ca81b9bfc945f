"""The random bot: legal, uniform enough, and deterministic for a seed."""

from __future__ import annotations

import housebuilders as hb
from housebuilders.agents import RandomAgent


def _choices(seed: int, steps: int = 60) -> list[hb.Action]:
    """The random bot's choices while it plays every seat of one game."""
    state = hb.new_game("mr-house-basic", players=3, seed=11)
    bot = RandomAgent(seed)
    out = []
    for step in range(steps):
        player = state.acting_players()[0]
        action = bot.choose(state.determinize(player, step), player)
        assert action in state.legal_actions(player)
        state.apply(player, action)
        out.append(action)
    return out


def test_same_seed_same_choices() -> None:
    assert _choices(seed=3) == _choices(seed=3)


def test_another_seed_other_choices() -> None:
    assert _choices(seed=3) != _choices(seed=4)


def test_it_plays_whole_games() -> None:
    final = hb.play("mr-house-basic", [RandomAgent(1), RandomAgent(2)], seed=5)
    assert final.is_terminal()
