"""One game between bots: deterministic, and every bot sees only a determinized view."""

from __future__ import annotations

from typing import Any

import pytest

import housebuilders as hb
from housebuilders.agents import RandomAgent
from housebuilders.arena import bot_seed, play, view_seed


class Spy(RandomAgent):
    """A random bot that records every view it is handed."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, name="spy")
        self.views: list[tuple[int, Any, int]] = []  # (step, view, player)

    def choose(self, view: hb.State, player: int) -> hb.Action:
        self.views.append((len(view.history), view, player))
        return super().choose(view, player)


def _play_with_spies(seed: int) -> tuple[hb.State, list[Spy], dict[int, Any]]:
    """Spies at every seat; the true stacks before each decision, by step."""
    spies = [Spy(1), Spy(2), Spy(3)]
    truth: dict[int, Any] = {0: None}
    seen: list[hb.State] = []

    def record(state: hb.State, player: int, action: hb.Action) -> None:
        seen.append(state)
        truth[len(state.history)] = [list(s) for s in state.stacks]  # type: ignore[attr-defined]

    final = play("mr-house-basic", spies, seed=seed, on_action=record)
    assert all(s is final for s in seen)
    return final, spies, truth


def test_bots_get_determinized_views_never_the_state() -> None:
    final, spies, truth = _play_with_spies(seed=4)
    differing = 0
    for spy in spies:
        for step, view, player in spy.views:
            assert view is not final
            true_stacks = truth[step]
            if true_stacks is None:
                continue
            for location, stack in enumerate(view.stacks):
                assert [(pl, i) for pl, _, i in stack] == [
                    (pl, i) for pl, _, i in true_stacks[location]
                ], "a view moved markers, not just their hidden values"
                for (pl, value, _), (_, true_value, _) in zip(
                    stack, true_stacks[location], strict=True
                ):
                    if pl == player:
                        assert value == true_value, "a bot's own marker changed value"
                    differing += value != true_value
    assert differing > 0, "no view ever resampled an opponent's face-down marker"


def test_same_seed_same_game() -> None:
    a = play("mr-house-basic", ["random", "random", "random"], seed=8)
    b = play("mr-house-basic", ["random", "random", "random"], seed=8)
    c = play("mr-house-basic", ["random", "random", "random"], seed=9)
    assert a.history == b.history
    assert a.history != c.history
    assert a.is_terminal()


def test_names_and_agents_mix_and_named_bots_get_seat_seeds() -> None:
    by_name = play("mr-house-basic", ["random", "random"], seed=2)
    by_object = play(
        "mr-house-basic", [RandomAgent(bot_seed(2, 0)), RandomAgent(bot_seed(2, 1))], seed=2
    )
    assert by_name.history == by_object.history


def test_top_level_play_is_the_arena_play() -> None:
    assert hb.play is play


def test_on_action_sees_every_action() -> None:
    seen: list[hb.Action] = []
    final = play("mr-house-basic", ["random"] * 2, seed=1, on_action=lambda s, p, a: seen.append(a))
    assert seen == [a for _, a in final.history]


def test_seeds_differ_per_decision_and_per_game() -> None:
    assert view_seed(1, 0) != view_seed(1, 1)
    assert view_seed(1, 0) != view_seed(2, 0)
    assert view_seed(1, 5) == view_seed(1, 5)


def test_wrong_number_of_bots() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        play("mr-house-basic", ["random"], seed=1)


def test_content_and_options_reach_the_game() -> None:
    final = play("mr-house-basic", ["random"] * 2, seed=1, options={}, content={"turns": 1})
    assert final.turn == 1  # type: ignore[attr-defined]
    with pytest.raises(hb.OptionError):
        play("mr-house-basic", ["random"] * 2, seed=1, options={"nope": 1})
