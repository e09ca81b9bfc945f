"""RLlib from the doc: the environment passes RLlib's own check as it comes (actions
drawn without the mask end the game as a loss instead of raising), its observations
carry the keys RLlib's masking module reads, and PPO trains an iteration on it."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import ray  # noqa: E402
from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402

from housebuilders.envs import rllib as hbrl  # noqa: E402

pytestmark = pytest.mark.ray


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_rllibs_environment_check_passes_as_it_comes() -> None:
    env = hbrl.env("mr-house-basic", players=2)
    check_multiagent_environments(env)
    observations, _ = env.reset(seed=3)
    (agent, seen), = observations.items()
    assert set(seen) == {"observations", "action_mask"}
    assert env.observation_space[agent].contains(seen)
    wrong = int(np.flatnonzero(seen["action_mask"] == 0)[0])
    _, rewards, terminateds, _, infos = env.step({agent: wrong})
    other = next(a for a in env.possible_agents if a != agent)
    assert terminateds["__all__"] and rewards == {agent: -1.0, other: 0.0}
    assert infos[agent] == {"illegal": True}


def test_ppo_trains_one_iteration(local_ray: None) -> None:  # noqa: ARG001
    algo = hbrl.ppo_config("dream-home", players=2).build_algo()
    try:
        result = algo.train()
    finally:
        algo.stop()
    runners = result["env_runners"]
    assert runners["num_env_steps_sampled"] >= 1000 and runners["num_episodes"] >= 1
    assert "learners" in result and hbrl.POLICY in result["learners"]
