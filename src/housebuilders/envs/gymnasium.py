"""Gymnasium environments: one seat of a game against built-in bots (the ``rl`` extra).

    import gymnasium
    import housebuilders.envs.gymnasium   # registers housebuilders/<game-id>-v0

    env = gymnasium.make("housebuilders/mr-house-basic-v0", players=3, opponents="greedy")
    observation, info = env.reset(seed=1)
    action = env.action_space.sample(info["action_mask"])
    observation, reward, terminated, truncated, info = env.step(action)

    envs = gymnasium.make_vec("housebuilders/mr-house-basic-v0", num_envs=8)

(``gymnasium.make("housebuilders.envs.gymnasium:housebuilders/dream-home-v0")`` imports
this module itself.) The observation is the game's encoding of what the learner's seat
sees (float32); the action an index into the game's fixed action space; the legal
ones are ``info["action_mask"]`` (int8) and ``env.action_masks()``, as
sb3-contrib's MaskablePPO asks. The other seats are played by bots made by name
(``agents.make``: ``"random"``, ``"greedy"``, ``"ismcts:iterations=200"``, one name for
all or a list, one per other seat), each deciding on its own determinized view as
everywhere else; the learner moves whenever its seat may act (in Welcome To's
simultaneous rounds, before the bots). The reward comes at the end (see
``table.win_rewards``; ``reward="score"`` for the score difference). An action the
rules do not allow ends the episode with ``illegal_reward`` (info ``"illegal"``), as
PettingZoo's illegal-move wrapper does, unless ``illegal="raise"``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from housebuilders.agents import make as make_bot
from housebuilders.agents.turn import bot_seed, decide
from housebuilders.core import State, game, game_ids
from housebuilders.core.features import LIMIT
from housebuilders.envs.game import EnvGame

__all__ = ["HousebuildersEnv", "env_id", "make", "register"]


def env_id(game_id: str) -> str:
    return f"housebuilders/{game_id}-v0"


class HousebuildersEnv(gymnasium.Env):
    """Seat ``seat`` (None: a seat drawn at each reset) of ``game_id`` against bots."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game_id: str,
        players: int = 2,
        opponents: str | Sequence[str] = "greedy",
        seat: int | None = 0,
        render_mode: str | None = None,
        reward: str = "win",
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        options: Mapping[str, Any] | None = None,
        content: Mapping[str, Any] | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.table = EnvGame(game_id, players, options, content, reward, illegal)
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {names}")
        for name in names:
            make_bot(name)  # a misspelt bot is an error now, not at the first reset
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1} (or None), not {seat}")
        self.opponents, self.fixed_seat = names, seat
        self.render_mode, self.illegal_reward = render_mode, illegal_reward
        self.observation_space = spaces.Box(-LIMIT, LIMIT, (self.table.size,), np.float32)
        self.action_space = spaces.Discrete(self.table.actions)
        self.state: State | None = None
        self.seat = 0 if seat is None else seat
        self.over = False  # the episode ended (the game, or an illegal action): reset

    # -- the episode ----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_seed = int(self.np_random.integers(2**63))
        players = self.table.players
        if self.fixed_seat is None:
            self.seat = random.Random(self.game_seed).randrange(players)
        others = [s for s in range(players) if s != self.seat]
        self.bots = {
            s: make_bot(name, seed=bot_seed(self.game_seed, s))
            for s, name in zip(others, self.opponents, strict=True)
        }
        self.state = self.table.new_game(self.game_seed)
        self.over = False
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self._started()
        if self.over:
            raise RuntimeError("the episode is over (terminated): call reset() to play again")
        # a ValueError for no index of the action space
        if self.table.index(action) not in self.table.legal(state, self.seat):
            if self.table.illegal == "raise":
                self.table.play(state, self.seat, action)  # raises IllegalAction, naming the rule
            self.over = True
            info = {**self._info(), "illegal": True}
            return self._observe(), self.illegal_reward, True, False, info
        self.table.play(state, self.seat, action)
        self._play_bots()
        self.over = state.is_terminal()
        reward = self.table.rewards(state)[self.seat] if self.over else 0.0
        return self._observe(), reward, self.over, False, self._info()

    def _started(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() first: there is no game yet")
        return self.state

    def _play_bots(self) -> None:
        """The bots move until the learner's seat may act or the game is over."""
        state = self._started()
        while not state.is_terminal():
            acting = state.acting_players()
            if self.seat in acting:
                return
            seat = acting[0]
            state.apply(seat, decide(self.bots[seat], state, seat, self.game_seed))

    def _observe(self) -> np.ndarray:
        return self.table.observation(self._started(), self.seat).copy()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as a mask over the action space (sb3-contrib's
        MaskablePPO calls this; the same is in ``info["action_mask"]``). Through
        ``gymnasium.make``'s wrappers: ``env.unwrapped.action_masks()``."""
        return self.table.mask(self._started(), self.seat)

    def render(self) -> str | None:  # type: ignore[override]  # "ansi": a text frame
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (render_mode='ansi')")
            return None
        return self.table.text(self._started(), self.seat)


def make(
    game_id: str, players: int = 2, opponents: str | Sequence[str] = "greedy", **kwargs: Any
) -> HousebuildersEnv:
    """The single-seat environment of ``game_id`` (see ``HousebuildersEnv`` for the
    other keywords)."""
    return HousebuildersEnv(game_id, players, opponents, **kwargs)


def register() -> list[str]:
    """Register ``housebuilders/<game-id>-v0`` with Gymnasium for every installed game
    (done when this module is imported; no game's rules are loaded until one is made,
    and one without an encoder is refused then), each capped at the game's
    ``spec.episode_steps`` of the learner (``max_episode_steps``: the episode is then
    truncated); returns the ids."""
    registered = []
    for game_id in game_ids():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point=f"{__name__}:HousebuildersEnv",
                kwargs={"game_id": game_id},
                max_episode_steps=game(game_id).episode_steps,
                disable_env_checker=False,
            )
        registered.append(name)
    return registered


register()
