"""The learner's environment of ``housebuilders train``: one seat of the Gymnasium
environment against bots, the episode cap a loss (docs/rl.md, Training).

**The reward** (``Settings.reward``), given at the end of the game, with a cost for
every step before it (``step_cost``):

- ``"win"``: 1 for a win, -1 for a loss (a shared win shared: ``envs.game.win_rewards``);
- ``"score"``: the seat's total minus the best of the others', divided by the game's
  score scale (the mean final total of random play at that player count, measured at
  the start: so a typical margin is about 1); a one-player game, its total so scaled;
- ``"mixed"`` (the default): both added up. The win is what counts; the score margin
  says how far a lost game was from a won one, which a policy that never wins yet
  (against greedy, from scratch) needs to learn anything at all;
- ``"goal"`` (the default where the game says so, ``spec.training_reward``: Mr House
  advanced): the win plus the game's heuristic at the end (the seat's lead as the
  game values it: a complete house above any points), divided by its mean size at
  the end of random play. For a game whose score does not say who is winning. The
  lead is paid as it changes, at every step (potential-based shaping: the rewards of
  a game add up to the same, less the lead the seat was dealt), so a move that
  brings a complete house nearer is rewarded when it is made.

A game cut short by the episode cap counts as lost (-1 in ``"win"`` and ``"mixed"``,
its margin as it stands). The **step cost** (by default ``0.5 / spec.episode_steps``
a step, so a whole capped episode costs half a loss) makes stalling never pay: with
a discount of 1 or near it, a losing policy could otherwise lose later and as well.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np

from housebuilders.core import State, game
from housebuilders.envs.game import win_rewards
from housebuilders.envs.gymnasium import HousebuildersEnv
from housebuilders.learn.evaluation import held_out

#: the rewards ``Settings.reward`` names
REWARDS = ("mixed", "goal", "score", "win")
#: the one stage of a one-player game (no opponent)
ALONE = "alone"
#: random games measured for the score scale
SCALE_GAMES = 20


def score_scale(
    game_id: str, players: int, reward: str = "mixed", games: int = SCALE_GAMES
) -> float:
    """What the reward divides a margin by, at least 1: the mean final total of
    ``games`` random games (seeded: the same every time); for the ``goal`` reward, the
    mean size of the game's heuristic at their ends."""
    spec = game(game_id)
    evaluate = spec.heuristic
    sizes = []
    for seed in range(games):
        state = spec.new_game(players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.acting_players()[0]
            state.play(seat, rng.choice(state.legal_actions(seat)))
        if reward == "goal":
            assert evaluate is not None, "Settings refuses the goal reward without a heuristic"
            sizes += [abs(evaluate(state, seat)) for seat in range(players)]
        else:
            sizes += [abs(float(s["total"])) for s in state.scores()]
    return max(1.0, sum(sizes) / len(sizes))


def final_reward(state: State, seat: int, reward: str, scale: float, over: bool) -> float:
    """The reward at the end of an episode (``over``: the game ended; else the episode
    cap cut it short, a loss with its margin as it stands)."""
    win = win_rewards(state)[seat] if over else -1.0
    if reward == "win":
        return win
    if reward == "goal":  # the game's own measure of the lead: what its goal is worth
        evaluate = state.spec.heuristic
        assert evaluate is not None, "Settings refuses the goal reward without a heuristic"
        return win + evaluate(state, seat) / scale
    try:
        totals = [float(s["total"]) for s in state.scores()]
    except Exception:  # a game that scores only at its end
        totals = [0.0] * state.num_players
    own = totals[seat]
    others = totals[:seat] + totals[seat + 1 :]
    margin = (own - max(others) if others else own) / scale
    return margin if reward == "score" else win + margin


class TrainingEnv(gymnasium.Wrapper):  # type: ignore[type-arg]
    """The learner's environment: seat drawn at each game of ``game_id`` against the
    bot ``opponents``, ``reward`` (``REWARDS``) at the end with ``step_cost`` at every
    step, capped at the game's ``episode_steps``; the opponents changed by the
    curriculum (``set_opponents``); the evaluation's seeds and the runs' selection's
    never drawn for a game."""

    def __init__(
        self,
        game_id: str,
        players: int,
        opponents: str,
        reward: str = "mixed",
        step_cost: float = 0.0,
        scale: float = 1.0,
        eval_games: int = 200,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"the reward is one of {', '.join(REWARDS)}, not {reward!r}")
        base = HousebuildersEnv(
            game_id, players, opponents, seat=None, reward="win", illegal="raise"
        )
        super().__init__(
            gymnasium.wrappers.TimeLimit(base, max_episode_steps=game(game_id).episode_steps)
        )
        self.base = base
        self.reward_name = reward
        self.step_cost = step_cost
        self.scale = scale
        self.potential = 0.0  # the goal reward's lead paid so far (``_lead``)
        self.eval_games = eval_games

    def set_opponents(self, name: str) -> None:
        """The bot (by name) of every other seat from the next game on."""
        if name != ALONE:
            self.base.opponents = [name] * (self.base.table.players - 1)

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        while held_out(self.base.game_seed, self.eval_games):  # 63-bit seeds: never
            observation, info = self.env.reset()
        self.potential = self._lead()
        return observation, info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        observation, _, terminated, truncated, info = self.env.step(action)
        reward = -self.step_cost
        state, seat = self.base.state, self.base.seat
        assert state is not None
        if terminated or truncated:
            final = final_reward(state, seat, self.reward_name, self.scale, terminated)
            reward += final - self.potential  # the goal's lead paid so far taken back
            info["won"] = terminated and seat in state.winners() and len(state.winners()) == 1
        elif self.reward_name == "goal":  # the lead paid as it changes (potential shaping)
            lead = self._lead()
            reward += lead - self.potential
            self.potential = lead
        return observation, reward, terminated, truncated, info

    def _lead(self) -> float:
        """With the goal reward, the heuristic's lead for the learner now, scaled (the
        potential whose changes it pays at each step; 0 otherwise)."""
        evaluate = self.base.table.spec.heuristic
        if self.reward_name != "goal" or evaluate is None or self.base.state is None:
            return 0.0
        return evaluate(self.base.state, self.base.seat) / self.scale

    def action_masks(self) -> np.ndarray:
        return self.base.action_masks()
