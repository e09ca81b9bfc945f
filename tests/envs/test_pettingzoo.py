"""The PettingZoo environments pass PettingZoo's own API and seed tests, for every
game (housebuilders.envs.pettingzoo)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import (  # noqa: E402
    api_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

import housebuilders as hb  # noqa: E402
from housebuilders.core.features import LIMIT  # noqa: E402
from housebuilders.envs import pettingzoo as hbpz  # noqa: E402
from housebuilders.envs.game import WIDE, Mask, score_rewards, win_rewards  # noqa: E402
from tests.envs.conftest import GAMES  # noqa: E402


@pytest.mark.parametrize("game_id", GAMES)
def test_api_test_passes(game_id: str) -> None:
    api_test(hbpz.env(game_id, players=2), num_cycles=1000)


@pytest.mark.parametrize("game_id", GAMES)
def test_seed_test_passes(game_id: str) -> None:
    seed_test(lambda: hbpz.env(game_id, players=2), num_cycles=100)


def _play(env, seed: int) -> dict[str, float]:  # noqa: ANN001
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def test_rewards_at_the_end_from_the_winners() -> None:
    env = hbpz.env("mr-house-basic", players=3)
    totals = _play(env, 5)
    final = env.unwrapped.state
    assert final.is_terminal()
    assert list(totals.values()) == win_rewards(final)
    assert sorted(totals.values())[-1] in (1.0, 0.0, -1 / 3)


def test_score_difference_rewards() -> None:
    env = hbpz.env("dream-home", players=2, reward="score")
    totals = _play(env, 2)
    final = env.unwrapped.state
    a, b = (s["total"] for s in final.scores())
    assert list(totals.values()) == [a - b, b - a] == score_rewards(final)


def test_a_shared_win_is_split() -> None:
    class Final:
        num_players = 4

        def winners(self):  # noqa: ANN202
            return [1, 2]

    assert win_rewards(Final()) == [-1.0, 0.0, 0.0, -1.0]


def test_welcome_to_turns_follow_one_another_without_showing_pending_choices() -> None:
    env = hbpz.env("welcome-to", players=3)
    env.reset(seed=1)
    state = env.unwrapped.state
    assert state.acting_players() == (0, 1, 2)
    seen_before = env.unwrapped.observe("player_1")["observation"].copy()
    while env.agent_selection == "player_0":  # player 0 makes its whole choice
        mask = env.last()[0]["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert env.agent_selection == "player_1"
    after = env.unwrapped.observe("player_1")["observation"]
    # player 1 may see that player 0 chose, never what: only the 'done' count changed
    assert state.observe(1)["players"][0]["done"]
    changed = np.flatnonzero(seen_before != after)
    assert len(changed) <= 2, changed


def test_render_ansi_is_the_terminal_text() -> None:
    env = hbpz.env("mr-house-basic", players=2, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    state = env.unwrapped.state
    assert text == hb.game("mr-house-basic").text_view(state.observe(0))


def test_an_illegal_action_is_refused() -> None:
    env = hbpz.env("mr-house-basic", players=2)
    env.reset(seed=3)
    mask = env.last()[0]["action_mask"]
    with pytest.raises(hb.IllegalAction):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError):
        env.step(10**6)


def test_an_unmasked_action_loses_the_game_with_illegal_lose() -> None:
    """``illegal="lose"``: the seat that plays an action its mask forbids loses the game
    (its reward ``illegal_reward``, the others' 0, all terminated, its info says so),
    as PettingZoo's TerminateIllegalWrapper does; the state is left as it was."""
    env = hbpz.env("mr-house-basic", players=2, illegal="lose", illegal_reward=-2.0)
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.unwrapped.state.to_json()
    wrong = int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0])
    env.step(wrong)
    assert env.unwrapped.state.to_json() == before
    assert all(env.terminations.values()) and not any(env.truncations.values())
    other = next(a for a in env.possible_agents if a != agent)
    assert env.rewards == {agent: -2.0, other: 0.0}
    assert env.infos[agent]["illegal"] and "illegal" not in env.infos[other]
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for a in env.agent_iter():  # each agent steps None once, and sees its reward
        _, reward, termination, _, _ = env.last()
        totals[a] += reward
        assert termination
        env.step(None)
    assert totals == {agent: -2.0, other: 0.0}
    api_test(hbpz.env("dream-home", players=2, illegal="lose"), num_cycles=200)
    with pytest.raises(ValueError, match="illegal must be one of"):
        hbpz.env("dream-home", illegal="ignore")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observation_space_is_bounded(game_id: str) -> None:
    """Finite bounds, [-LIMIT, LIMIT], that the observations of a random game keep."""
    env = hbpz.env(game_id, players=2)
    space = env.observation_space("player_0")["observation"]
    assert np.all(np.isfinite(space.low)) and np.all(np.isfinite(space.high))
    assert space.low.min() == -LIMIT and space.high.max() == LIMIT
    env.reset(seed=5)
    for step, agent in enumerate(env.agent_iter(max_iter=400)):
        observation, _, termination, truncation, _ = env.last()
        assert env.observation_space(agent).contains(observation), step
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if termination or truncation else int(legal[step % len(legal)]))


def test_same_seed_same_game() -> None:
    a, b = hbpz.env("house-of-fado", players=2), hbpz.env("house-of-fado", players=2)
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.unwrapped.state.to_json() == b.unwrapped.state.to_json()
    b.reset(seed=10)
    assert a.unwrapped.state.to_json() != b.unwrapped.state.to_json()


def test_max_steps_ends_an_episode_truncated() -> None:
    """House of Fado ends only on a third star: the cap ends an episode that would not,
    truncated (not terminated), rewards 0, each agent stepping None once after."""
    env = hbpz.env("house-of-fado", players=2, max_steps=30)
    totals = _play(env, 3)
    assert not env.unwrapped.state.is_terminal()
    assert env.unwrapped.steps == 30 and totals == {"player_0": 0.0, "player_1": 0.0}
    assert env.agents == []
    env.reset(seed=3)
    assert env.unwrapped.steps == 0 and env.agents == env.possible_agents
    api_test(hbpz.env("house-of-fado", players=2, max_steps=40), num_cycles=1000)
    short = hbpz.env("mr-house-basic", players=2, max_steps=10_000)
    _play(short, 3)
    assert short.unwrapped.state.is_terminal()  # a game that ends first ends as it does
    for wrong in (0, -1, 2.5, True, "9"):
        with pytest.raises(ValueError, match="max_steps must be a whole number"):
            hbpz.env("house-of-fado", max_steps=wrong)


def test_max_steps_ends_a_parallel_episode_truncated() -> None:
    env = hbpz.parallel_env("welcome-to", players=2, max_steps=3)
    observations, _ = env.reset(seed=1)
    for step in range(3):
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()
                   if o["action_mask"].any()}  # fmt: skip
        observations, rewards, terminations, truncations, _ = env.step(actions)
        assert all(truncations.values()) == (step == 2) and not any(terminations.values())
    assert env.agents == [] and set(rewards.values()) == {0.0}
    parallel_api_test(hbpz.parallel_env("welcome-to", players=2, max_steps=7), num_cycles=100)


def test_welcome_to_parallel_api_test_passes() -> None:
    parallel_api_test(hbpz.parallel_env("welcome-to", players=3), num_cycles=1000)


def test_welcome_to_parallel_seed_test_passes() -> None:
    """PettingZoo's own check samples actions without the mask: with ``illegal="lose"``
    an illegal one ends the game, the same way in both environments."""
    parallel_seed_test(lambda: hbpz.parallel_env("welcome-to", players=3, illegal="lose"))


def test_an_illegal_parallel_action_loses_the_game_for_that_seat_only() -> None:
    env = hbpz.parallel_env("welcome-to", players=2, illegal="lose")
    observations, _ = env.reset(seed=4)
    legal = {a: np.flatnonzero(o["action_mask"]) for a, o in observations.items()}
    wrong = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    _, rewards, terminations, _, infos = env.step(
        {"player_0": int(legal["player_0"][0]), "player_1": wrong}
    )
    assert rewards == {"player_0": 0.0, "player_1": -1.0}
    assert all(terminations.values()) and env.agents == []
    assert infos["player_1"]["illegal"] and "illegal" not in infos["player_0"]
    strict = hbpz.parallel_env("welcome-to", players=2)
    strict.reset(seed=4)
    with pytest.raises(hb.IllegalAction):
        strict.step({"player_1": wrong})


def test_calls_out_of_order_are_refused_as_the_order_enforcing_wrapper_does(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """``env()`` is not wrapped (a wrapper's ``__getattr__`` cost a fifth of a step):
    the environment itself refuses what PettingZoo's OrderEnforcingWrapper refuses."""
    env = hbpz.env("mr-house-basic", players=2)
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.agent_iter):
        with pytest.raises(AssertionError, match="reset"):
            call()
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        _ = env.agent_selection
    with pytest.raises(AttributeError, match="no attribute 'colour'"):
        _ = env.colour
    env.reset(seed=1)
    agents = iter(env.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)  # two agents with no step between them
    _play(env, 2)
    env.step(None)
    assert "step() called after all agents are terminated" in caplog.text


@pytest.mark.parametrize("game_id", ["master-builder", "welcome-to"])
def test_the_mask_finds_its_ones_as_numpy_does(game_id: str) -> None:
    """A wide action space's mask is a ``Mask`` (int8, its ones found through a boolean
    view, several times faster); either way every way of reading it agrees with NumPy's
    own on a plain int8 copy, and Gymnasium samples from it."""
    env = hbpz.env(game_id, players=2)
    env.reset(seed=3)
    mask = env.last()[0]["action_mask"]
    assert isinstance(mask, Mask) == (env.table.actions >= WIDE)
    assert mask.dtype == np.int8
    plain = np.array(mask, dtype=np.int8)
    assert type(plain) is np.ndarray
    legal = env.table.legal(env.state, env.state.acting_players()[0])
    assert np.flatnonzero(mask).tolist() == np.flatnonzero(plain).tolist() == sorted(legal)
    assert np.where(mask)[0].tolist() == np.nonzero(plain)[0].tolist()
    assert np.flatnonzero(mask == 0).tolist() == np.flatnonzero(plain == 0).tolist()
    assert np.flatnonzero(mask * 0.5).tolist() == sorted(legal)  # not one byte: NumPy's
    assert env.action_space("player_0").sample(mask) in legal
