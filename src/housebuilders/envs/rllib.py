"""RLlib on the PettingZoo environments (the ``rllib`` extra).

    from housebuilders.envs import rllib as hbrl
    config = hbrl.ppo_config("dream-home", players=2)      # one policy for every seat
    algo = config.build_algo()
    print(algo.train()["env_runners"]["episode_return_mean"])

RLlib takes a PettingZoo AEC environment through its ``PettingZooEnv`` wrapper, and
masks actions with an RL module that reads the observation dict's ``observations``
and ``action_mask`` (RLlib's ``ActionMaskingTorchRLModule``). ``env`` is that
environment: our AEC environment with its observation's key renamed
(``observation`` to ``observations``) and, by default, ``illegal="lose"``: RLlib's
environment check steps actions drawn without the mask, which then end the game as a
loss for that seat rather than raise (the masked policy never plays one).
``ppo_config`` is PPO's configuration for it: the environment registered, the masking
module, one policy shared by every seat (self-play), settings small enough for a CPU.
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
    ActionMaskingTorchRLModule,
)
from ray.tune.registry import register_env

from housebuilders.envs import pettingzoo as hbpz

__all__ = ["POLICY", "RLlibKeys", "env", "env_name", "ppo_config"]

#: the one policy every seat plays (``ppo_config``'s)
POLICY = "shared"


class RLlibKeys(BaseWrapper):
    """An AEC environment whose observation dict says ``observations`` where ours says
    ``observation`` (the mask stays ``action_mask``), as RLlib's masking module reads
    it."""

    def observation_space(self, agent: str) -> spaces.Space:
        space = self.env.observation_space(agent)
        return spaces.Dict(
            {"observations": space["observation"], "action_mask": space["action_mask"]}
        )

    def observe(self, agent: str) -> dict[str, Any]:
        seen = self.env.observe(agent)
        return {"observations": seen["observation"], "action_mask": seen["action_mask"]}


def env(game_id: str, players: int = 2, **options: Any) -> PettingZooEnv:
    """``game_id``'s AEC environment (``hbpz.env``'s keywords; ``illegal="lose"`` unless
    given) as RLlib's multi-agent environment, keys renamed for its masking module."""
    options.setdefault("illegal", "lose")
    return PettingZooEnv(RLlibKeys(hbpz.env(game_id, players, **options)))


def env_name(game_id: str, players: int = 2) -> str:
    """The name ``ppo_config`` registers the environment under, for RLlib and Tune."""
    return f"housebuilders_{game_id.replace('-', '_')}_{players}p"


def ppo_config(game_id: str, players: int = 2, **options: Any) -> PPOConfig:
    """PPO for ``game_id``: the environment registered (``env``, with ``options``), the
    action-masking module, one policy (``POLICY``) for every seat, and a batch a CPU
    trains in seconds (``train_batch_size_per_learner`` 1,000, minibatches of 128,
    no remote env runners); change any of it with the config's own methods."""
    name = env_name(game_id, players)
    register_env(name, lambda _config: env(game_id, players, **options))
    module = RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        model_config={"head_fcnet_hiddens": [64, 64], "head_fcnet_activation": "relu"},
    )
    return (
        PPOConfig()
        .environment(name)
        .multi_agent(
            policies={POLICY},
            policy_mapping_fn=lambda _agent, *_args, **_kwargs: POLICY,
        )
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={POLICY: module}))
        .env_runners(num_env_runners=0)
        .training(train_batch_size_per_learner=1000, minibatch_size=128, num_epochs=2)
    )
