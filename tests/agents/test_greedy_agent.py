"""The greedy bot: one action ahead on a heuristic, sampling where chance is involved."""

from __future__ import annotations

import dataclasses
import random

import pytest

import housebuilders as hb
from housebuilders.agents import AgentError, GreedyAgent
from housebuilders.games.mr_house import BASIC, MrHouseBasicState


def materials(state: hb.State, player: int) -> float:
    """A stand-in heuristic: points, and a little for every material stored."""
    return state.scores()[player]["total"] + 0.01 * sum(state.store[player])  # type: ignore[attr-defined]


def rolling_state() -> MrHouseBasicState:
    """A 2-player state in which the acting player may try to build (a die roll)."""
    for seed in range(200):
        state = hb.new_game("mr-house-basic", players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.acting_players()[0]
            legal = state.legal_actions(player)
            if any(a.kind == "build" for a in legal):
                return state  # type: ignore[return-value]
            state.apply(player, rng.choice(legal))
    raise AssertionError("no random game reached a build")


def test_it_picks_the_action_the_heuristic_likes_best() -> None:
    state = hb.new_game("mr-house-basic", players=2, seed=1)
    target = state.legal_actions(0)[-1]

    def likes_target(after: hb.State, player: int) -> float:
        return float(after.history[-1][1] == target)

    assert GreedyAgent(heuristic=likes_target).choose(state.determinize(0, 1), 0) == target


def test_ties_are_broken_by_its_seeded_generator() -> None:
    state = hb.new_game("mr-house-basic", players=2, seed=1)
    view = state.determinize(0, 1)
    flat = [GreedyAgent(seed, heuristic=lambda s, p: 0.0).choose(view, 0) for seed in range(8)]
    assert len(set(flat)) > 1
    again = [GreedyAgent(seed, heuristic=lambda s, p: 0.0).choose(view, 0) for seed in range(8)]
    assert flat == again


def test_actions_with_dice_are_averaged_over_resampled_dice() -> None:
    state = rolling_state()
    player = state.acting_players()[0]
    legal = state.legal_actions(player)
    builds = [a for a in legal if a.kind == "build"]
    outcomes: dict[hb.Action, list[str]] = {}

    def recording(after: hb.State, pl: int) -> float:
        action = after.history[-1][1]
        outcomes.setdefault(action, []).append(after.log[-1])  # type: ignore[attr-defined]
        return 0.0

    GreedyAgent(seed=2, samples=20, heuristic=recording).choose(
        state.determinize(player, 3), player
    )
    for action in legal:
        expected = 20 if action in builds else 1
        assert len(outcomes[action]) == expected, action
    rolls = {entry for entry in outcomes[builds[0]]}
    assert len(rolls) > 1, "every sample rolled the same: the dice were not resampled"


def test_greedy_is_deterministic_for_a_seed() -> None:
    def game(seed: int) -> list[tuple[int, hb.Action]]:
        bots = [GreedyAgent(seed, heuristic=materials), GreedyAgent(seed + 1, heuristic=materials)]
        return hb.play("mr-house-basic", bots, seed=9).history

    assert game(1) == game(1)


def test_greedy_beats_random_on_its_own_heuristic() -> None:
    totals = [0.0, 0.0]
    for seed in range(3):
        final = hb.play("mr-house-basic", [GreedyAgent(seed, heuristic=materials), "random"], seed)
        for player in (0, 1):
            totals[player] += materials(final, player)
    assert totals[0] > totals[1]


def test_a_game_without_heuristic_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = dataclasses.replace(BASIC, heuristic=None)
    monkeypatch.setattr(MrHouseBasicState, "spec", bare)
    with pytest.raises(AgentError, match="greedy bot needs a heuristic"):
        GreedyAgent().check_game(bare)
    state = hb.new_game("mr-house-basic", players=2, seed=1)
    with pytest.raises(AgentError, match="greedy bot needs a heuristic"):
        GreedyAgent().choose(state.determinize(0, 1), 0)
    with pytest.raises(AgentError, match="greedy bot needs a heuristic"):
        hb.play("mr-house-basic", ["greedy", "random"], seed=1)


def test_the_games_own_heuristic_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def counting(state: hb.State, player: int) -> float:
        calls.append(player)
        return 0.0

    monkeypatch.setattr(MrHouseBasicState, "spec", dataclasses.replace(BASIC, heuristic=counting))
    state = hb.new_game("mr-house-basic", players=2, seed=1)
    GreedyAgent().choose(state.determinize(0, 1), 0)
    assert calls and set(calls) == {0}
