"""PettingZoo environments for every game (the ``rl`` extra).

    from housebuilders.envs import pettingzoo as hbpz
    env = hbpz.env("mr-house-basic", players=3)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \
            env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

The AEC environment follows PettingZoo's classic games: the observation is a dict of
``observation`` (the game's encoding of what that seat sees, float32) and
``action_mask`` (int8 over the game's fixed action space); the agent to act is the
acting seat (in a simultaneous phase, as in Welcome To's rounds, the acting seats one
after the other, lowest first: each sees only that the others chose, never what);
rewards come at the end (``reward="win"``: win 1, loss -1, a shared win split;
``reward="score"``: the final total minus the best other's). A turn of several parts
(buy, build, pass) is several steps of the same agent.

``parallel_env("welcome-to", players=N)`` plays Welcome To's rounds as PettingZoo's
Parallel API: every seat still choosing acts at each step (see
``HousebuildersParallel``).

``max_steps=N`` (both): the episode ends *truncated* after N steps, rewards 0, if the
game has not ended by then. House of Fado ends only on a third star and Master
Builder's plans may be redone for ever: a policy that never ends them needs it
(``spec.episode_steps`` is a seat's share of a sensible cap).

``illegal="raise"`` (the default, both): an action the rules forbid raises
``hb.IllegalAction``, naming the rule. ``illegal="lose"``: it ends the game instead,
``illegal_reward`` (-1) to the seat that played it, 0 to the others, its info
``illegal`` True, as PettingZoo's ``TerminateIllegalWrapper`` does (so that a checker
that steps unmasked actions, such as RLlib's, passes).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.env import AECIterable, AECIterator
from pettingzoo.utils.env_logger import EnvLogger

from housebuilders.core import State
from housebuilders.core.features import LIMIT
from housebuilders.envs.game import EnvGame, next_seed

__all__ = ["HousebuildersAEC", "HousebuildersParallel", "env", "parallel_env", "raw_env"]


def _check_render_mode(metadata: dict[str, Any], render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in metadata["render_modes"]:
        modes = metadata["render_modes"]
        raise ValueError(f"render_mode must be one of {modes}, not {render_mode!r}")


def _check_max_steps(max_steps: int | None) -> int | None:
    whole = isinstance(max_steps, int) and not isinstance(max_steps, bool)
    if max_steps is not None and not (whole and max_steps >= 1):
        raise ValueError(f"max_steps must be a whole number of at least 1, not {max_steps!r}")
    return max_steps


def _spaces(table: EnvGame) -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict(
        {
            "observation": spaces.Box(-LIMIT, LIMIT, (table.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (table.actions,), np.int8),
        }
    )
    return observation, spaces.Discrete(table.actions)


#: what an AEC environment has only once reset (PettingZoo's order-enforcing wrapper's)
_AFTER_RESET = frozenset(
    ("rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents", "agents")
)


class HousebuildersAEC(AECEnv):
    """One game of ``game_id`` for ``players`` agents, ``player_0`` ... (seat order).

    It enforces the order of calls itself, as PettingZoo's ``OrderEnforcingWrapper``
    does (the same errors and warning: ``step``, ``observe``, ``render`` and
    ``agent_iter`` before ``reset`` raise, and so does reading ``rewards``,
    ``agent_selection``...; ``step`` once every agent is done warns), so ``env()``
    needs no wrapper: a wrapper reads every attribute through ``__getattr__``, which
    cost a fifth of a step."""

    metadata = {"render_modes": ["ansi"], "name": "housebuilders_v0", "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        players: int = 2,
        render_mode: str | None = None,
        reward: str = "win",
        options: Mapping[str, Any] | None = None,
        content: Mapping[str, Any] | None = None,
        max_steps: int | None = None,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        super().__init__()
        _check_render_mode(self.metadata, render_mode)
        self.table = EnvGame(game_id, players, options, content, reward, illegal)
        self.render_mode, self.illegal_reward = render_mode, illegal_reward
        self.max_steps, self.steps = _check_max_steps(max_steps), 0
        self.metadata = {**self.metadata, "name": f"housebuilders_{game_id.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        observation, action = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._rng = random.Random()
        self.state: State = None  # type: ignore[assignment]  # reset() deals it, first
        self._has_reset = False
        self._has_updated = False  # a step or reset since agent_iter's last agent

    def __getattr__(self, name: str) -> Any:
        """Only for a missing attribute: what reset() makes, asked before it."""
        if name in _AFTER_RESET:
            raise AttributeError(f"{name} cannot be accessed before reset")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        """The agent to act, step after step, as long as one is left (``max_iter`` at
        most); a step must come between two of them."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Agents(self, max_iter)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: seeded by ``seed`` (then by this environment's own sequence)."""
        self._has_reset = self._has_updated = True
        if seed is not None:
            self._rng = random.Random(seed)
        self.game_seed = next_seed(self._rng)
        self.state = self.table.new_game(self.game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.acting_players()[0]]
        self.steps = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        seat = self._seat[agent]
        return {
            "observation": self.table.observation(self.state, seat),
            "action_mask": self.table.mask(self.state, seat),
        }

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state, table, seat = self.state, self.table, self._seat[agent]
        final: list[float] | None
        if table.illegal == "lose" and table.index(action) not in table.legal(state, seat):
            final = [0.0] * len(self.possible_agents)
            final[seat] = self.illegal_reward
            self.infos[agent] = {**self.infos[agent], "illegal": True}
        else:
            table.play(state, seat, action)  # IllegalAction if not legal
            final = table.rewards(state) if state.is_terminal() else None
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        over = final is not None
        if final is not None:
            for s, reward in enumerate(final):
                self.rewards[self.possible_agents[s]] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            over = True
        if over:  # every agent steps None once, from the next one on
            following = self.possible_agents.index(agent) + 1
            self.agent_selection = self.possible_agents[following % len(self.possible_agents)]
            self._accumulate_rewards()
        else:  # the rewards are all 0 until the end: nothing to clear or to add
            self.agent_selection = self.possible_agents[state.acting_players()[0]]

    def render(self) -> str | None:
        """The terminal text of the agent to act's view (``housebuilders play``'s), the
        spectator's once the game is over."""
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (render_mode='ansi')")
            return None
        state = self.state
        acting = state.acting_players()
        return self.table.text(state, acting[0] if acting else None)

    def close(self) -> None:
        pass


class _Agents(AECIterable):
    def __iter__(self) -> AECIterator:
        return _NextAgent(self.env, self.max_iter)


class _NextAgent(AECIterator):
    """The agent to act; a step (or reset) must have come since the last one."""

    def __next__(self) -> str:
        agent = super().__next__()
        env = self.env
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return agent


class HousebuildersParallel(ParallelEnv):
    """A game whose phases are all simultaneous (Welcome To) under PettingZoo's
    Parallel API: at each step every live agent gives an action. A seat still choosing
    its round plays the action it gave (one part of its turn); a seat that has finished
    its round (its mask all zeros, its info ``waiting`` True) has its action ignored.
    The round resolves when the last seat is done, as in the game; a seat sees only
    that the others chose, never what, until then.

    An action the rules forbid raises ``hb.IllegalAction`` (``illegal="raise"``); with
    ``illegal="lose"`` it ends the game instead, ``illegal_reward`` to the seat that
    played it (its info ``illegal`` True) and 0 to the others, as PettingZoo's
    illegal-move wrapper does for an AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "housebuilders_parallel_v0"}

    def __init__(
        self,
        game_id: str = "welcome-to",
        players: int = 2,
        render_mode: str | None = None,
        reward: str = "win",
        options: Mapping[str, Any] | None = None,
        content: Mapping[str, Any] | None = None,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
    ) -> None:
        _check_render_mode(self.metadata, render_mode)
        self.table = EnvGame(game_id, players, options, content, reward, illegal)
        self.render_mode, self.illegal_reward = render_mode, illegal_reward
        self.max_steps, self.steps = _check_max_steps(max_steps), 0
        self.possible_agents = [f"player_{i}" for i in range(players)]
        observation, action = _spaces(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._rng = random.Random()
        self.state: State = None  # type: ignore[assignment]  # reset() deals it, first
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _observations(self) -> tuple[dict[str, Any], dict[str, Any]]:
        acting = set(self.state.acting_players())
        observations, infos = {}, {}
        for agent in self.agents:
            seat = self.possible_agents.index(agent)
            observations[agent] = {
                "observation": self.table.observation(self.state, seat),
                "action_mask": self.table.mask(self.state, seat),
            }
            infos[agent] = {"waiting": seat not in acting}
        return observations, infos

    def reset(
        self, seed: int | None = None, options: dict | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.table.new_game(next_seed(self._rng))
        self.agents = self.possible_agents[:]
        self.steps = 0
        return self._observations()

    def step(self, actions: Mapping[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        state, table = self.state, self.table
        final, offender = None, None
        for seat in state.acting_players():
            agent = self.possible_agents[seat]
            action = actions.get(agent)
            if action is None:
                continue
            table.action(action)  # a ValueError outside the action space
            if table.illegal == "lose" and int(action) not in table.legal(state, seat):
                offender = agent
                final = [0.0] * len(self.possible_agents)
                final[seat] = self.illegal_reward
                break
            table.play(state, seat, action)
        over = final is not None or state.is_terminal()
        if final is None:
            final = table.rewards(state) if over else [0.0] * len(self.possible_agents)
        self.steps += 1
        cut = not over and self.max_steps is not None and self.steps >= self.max_steps
        rewards = {a: final[self.possible_agents.index(a)] for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        observations, infos = self._observations()
        if offender is not None:
            infos[offender]["illegal"] = True
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (render_mode='ansi')")
            return None
        return self.table.text(self.state, None)

    def close(self) -> None:
        pass


def raw_env(game_id: str, players: int = 2, **options: Any) -> HousebuildersAEC:
    return HousebuildersAEC(game_id, players, **options)


def env(game_id: str, players: int = 2, **options: Any) -> HousebuildersAEC:
    """The AEC environment of ``game_id`` (``render_mode``, ``reward``, ``options`` for
    the game's options, ``content``, ``max_steps``). It enforces the order of calls
    itself (``HousebuildersAEC``), as PettingZoo's wrapper would; ``raw_env`` is the
    same environment."""
    return raw_env(game_id, players, **options)


def parallel_env(game_id: str = "welcome-to", players: int = 2, **options: Any) -> ParallelEnv:
    """Welcome To's rounds as a Parallel environment (see ``HousebuildersParallel``)."""
    return HousebuildersParallel(game_id, players, **options)
