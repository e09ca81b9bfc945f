"""The single-seat Gymnasium environments pass Gymnasium's own environment checker,
for every game, and work through gymnasium.make and make_vec."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import housebuilders as hb  # noqa: E402
from housebuilders.envs import gymnasium as hbgym  # noqa: E402
from tests.envs.conftest import GAMES  # noqa: E402


@pytest.mark.parametrize("game_id", GAMES)
def test_check_env_passes(game_id: str) -> None:
    check_env(hbgym.make(game_id, players=2, opponents="random"), skip_render_check=False)


def _episode(env, seed: int) -> tuple[float, int]:  # noqa: ANN001
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, total, done = 0, 0.0, False
    while not done:
        assert env.observation_space.contains(observation)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        done = terminated or truncated
    return total, steps


def test_gymnasium_make_against_greedy() -> None:
    env = gymnasium.make("housebuilders/mr-house-basic-v0", players=3, opponents="greedy")
    total, steps = _episode(env, 4)
    final = env.unwrapped.state
    assert final.is_terminal() and steps > 10
    assert total == (1.0 if final.winners() == [0] else total)
    assert total in (-1.0, 0.0, 1.0, -1 / 3)


def test_one_opponent_per_seat_and_a_drawn_seat() -> None:
    env = hbgym.make("dream-home", players=3, opponents=["random", "greedy"], seat=None)
    seats = set()
    for seed in range(6):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert env.seat in env.state.acting_players()
    assert len(seats) > 1
    with pytest.raises(ValueError, match="opponents"):
        hbgym.make("dream-home", players=3, opponents=["random"])
    with pytest.raises(Exception, match="unknown bot"):
        hbgym.make("dream-home", players=2, opponents="nobody")


def test_welcome_to_learner_plays_its_round_before_the_bots() -> None:
    env = hbgym.make("welcome-to", players=3, opponents="greedy")
    _, info = env.reset(seed=2)
    assert env.state.acting_players() == (0, 1, 2)
    total, steps = _episode(env, 2)
    assert env.state.is_terminal()


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    env = hbgym.make("mr-house-basic", players=2, opponents="random")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal"]
    strict = hbgym.make("mr-house-basic", players=2, opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(hb.IllegalAction):
        strict.step(illegal)


def test_an_episode_that_ended_takes_no_more_steps_until_reset() -> None:
    """An illegal action ends the episode for good (the game does not go on behind it),
    and so does the game's end."""
    env = hbgym.make("dream-home", players=2, opponents="random")
    _, info = env.reset(seed=0)
    env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    _, info = env.reset(seed=0)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_an_action_is_an_integer_index_and_nothing_else() -> None:
    env = hbgym.make("mr-house-basic", players=2, opponents="random")
    with pytest.raises(RuntimeError, match="call reset"):
        env.action_masks()
    _, info = env.reset(seed=1)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    for wrong in (legal + 0.7, str(legal), None):
        with pytest.raises(ValueError, match="an action is an integer index"):
            env.step(wrong)
    env.step(np.int64(legal))  # a NumPy integer is one


def test_make_vec_plays_many_games_at_once() -> None:
    envs = gymnasium.make_vec(
        "housebuilders/mr-house-basic-v0", num_envs=3, vectorization_mode="sync",
        opponents="random",
    )  # fmt: skip
    observations, infos = envs.reset(seed=5)
    assert observations.shape == (3, hb.game("mr-house-basic").features.size(2))
    rng = np.random.default_rng(0)
    for _ in range(40):
        actions = [int(rng.choice(np.flatnonzero(m))) for m in infos["action_mask"]]
        observations, rewards, terminated, truncated, infos = envs.step(np.array(actions))
    assert observations.dtype == np.float32
    envs.close()


def test_every_game_is_registered() -> None:
    for game_id in GAMES:
        assert hbgym.env_id(game_id) in gymnasium.registry


@pytest.mark.parametrize("game_id", GAMES)
def test_each_registration_caps_its_episodes(game_id: str) -> None:
    """``max_episode_steps`` is the game's ``episode_steps``: more than twice the most a
    seat takes in random play (so a game between sensible players is never cut), and a
    policy that never ends a game is truncated."""
    spec = hb.game(game_id)
    env = gymnasium.make(hbgym.env_id(game_id), opponents="random")
    assert env.spec is not None and env.spec.max_episode_steps == spec.episode_steps
    most = 0
    for seed in range(3):
        state = spec.new_game(max(2, spec.min_players), seed)
        rng = np.random.default_rng(seed)
        taken = [0] * state.num_players
        while not state.is_terminal():
            seat = state.acting_players()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])
            taken[seat] += 1
        most = max(most, *taken)
    assert spec.episode_steps >= 2 * most


def test_a_capped_episode_is_truncated() -> None:
    env = gymnasium.make("housebuilders/house-of-fado-v0", opponents="random", max_episode_steps=5)
    _, info = env.reset(seed=1)
    for _ in range(5):
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, truncated, info = env.step(action)
    assert truncated and not terminated and reward == 0.0
