"""A training's start from a teacher's moves (``learn.imitation``): the moves are the
teacher's, seen as the learner will see them; cloning makes the policy choose as the
teacher chose; a training with a teacher logs it as its first stage, in its budget."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from housebuilders.envs.game import EnvGame
from housebuilders.learn import train as training
from housebuilders.learn.imitation import agreement, clone, collect
from housebuilders.learn.policy import Policy
from housebuilders.learn.train import Settings, TrainingEnv

TEACHER = "greedy:samples=1"


def test_the_teacher_s_moves_are_kept_with_its_seat_s_observation_and_mask() -> None:
    lessons = collect("dream-home", 2, TEACHER, 200, seed=4)
    count = len(lessons.actions)
    assert count >= 200 and lessons.games >= 1
    table = EnvGame("dream-home", 2)
    assert lessons.observations.shape == (count, table.size)
    masks = lessons.masks(slice(None))
    assert masks.shape == (count, table.actions)
    assert masks[np.arange(count), lessons.actions].all()  # every move legal
    again = collect("dream-home", 2, TEACHER, 200, seed=4)  # seeded: the same games
    np.testing.assert_array_equal(again.actions, lessons.actions)
    np.testing.assert_array_equal(again.observations, lessons.observations)


def test_cloning_makes_the_policy_choose_as_the_teacher() -> None:
    lessons = collect("dream-home", 2, TEACHER, 1500, seed=1)
    env = DummyVecEnv([lambda: TrainingEnv("dream-home", 2, "random", eval_games=10)])
    model = MaskablePPO("MlpPolicy", env, policy_kwargs={"net_arch": [64]}, seed=0, device="cpu")
    before = agreement(model, lessons)
    figures = clone(model, lessons, epochs=30, seed=0)
    assert figures["agreement"] == agreement(model, lessons)
    assert figures["agreement"] > before + 0.3, (before, figures)


def test_a_training_with_a_teacher_starts_with_it_within_its_budget(tmp_path: Path) -> None:
    stages: list[str] = []
    settings = Settings(
        "dream-home", steps=128, envs=2, n_steps=64, batch_size=64, epochs=1, hidden=(32, 32),
        imitate=TEACHER, imitate_moves=300, imitate_epochs=1,
    )  # fmt: skip
    result = training.train(settings, tmp_path / "p.npz", progress=lambda p: stages.append(p.stage))
    first = result.stages[0]
    assert first["stage"] == f"imitate {TEACHER}" and first["moves"] >= 300
    assert 0 <= first["agreement"] <= 1 and first["epochs"] == 1
    assert result.seconds >= first["seconds"] > 0  # counted in the budget
    assert [s["stage"] for s in result.stages[1:]][:1] == ["random"]
    assert stages[0].startswith(f"imitate {TEACHER}") and stages[-1] != stages[0]
    assert Policy.load(result.out).meta["training"]["imitate"] == TEACHER


def test_the_teacher_is_the_game_s_unless_told() -> None:
    assert Settings("mr-house-advanced").imitate == TEACHER
    assert Settings("dream-home").imitate == ""
    assert Settings("mr-house-advanced", imitate="").imitate == ""
    with pytest.raises(Exception, match="nobody"):
        Settings("dream-home", imitate="nobody")
    with pytest.raises(training.TrainingError, match="1 move and 1 epoch"):
        Settings("dream-home", imitate=TEACHER, imitate_moves=0)
