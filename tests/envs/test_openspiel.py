"""Every game registered with OpenSpiel passes OpenSpiel's own random simulation test,
and OpenSpiel's random, MCTS and ISMCTS bots play our games through it."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import housebuilders as hb  # noqa: E402
from housebuilders.envs import openspiel as hbos  # noqa: E402
from tests.envs.conftest import GAMES  # noqa: E402

#: House of Fado's random games last some 2,000 moves: OpenSpiel's test takes ~40 s
SLOW = {"house-of-fado"}
CASES = [pytest.param(g, marks=pytest.mark.slow) if g in SLOW else g for g in GAMES]


@pytest.mark.parametrize("game_id", CASES)
def test_random_sim_test_passes(game_id: str) -> None:
    game = pyspiel.load_game(hbos.short_name(game_id), {"players": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_game_not_over_by_max_game_length_is_cut_there_with_zero_returns() -> None:
    """The declared bound holds: House of Fado, which random play takes ~2,000 moves to
    end, is cut at 40, every return 0; OpenSpiel's own test passes on the cut game."""
    game = pyspiel.load_game(
        "python_housebuilders_house_of_fado", {"players": 2, "max_game_length": 40}
    )
    assert game.max_game_length() == 40
    state, rng = game.new_initial_state(), random.Random(5)
    while not state.is_terminal():
        assert len(state.hb.history) < 40
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.hb.history) == 40 and not state.hb.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.legal_actions() == []
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()):
        assert copied.is_terminal() and copied.returns() == [0.0, 0.0]
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    with pytest.raises(ValueError, match="max_game_length must be at least 1"):
        pyspiel.load_game("python_housebuilders_house_of_fado", {"max_game_length": 0})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_and_its_states_pickle_and_deep_copy(game_id: str) -> None:
    """As a run across processes (Ray, multiprocessing) or a checkpoint needs: a copy
    goes on as the original (its generator, its game's sequence of seeds and pyspiel's
    history of its moves too)."""
    game = pyspiel.load_game(hbos.short_name(game_id), {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(game))
    assert again.num_players() == 2
    assert str(again.new_initial_state()) == str(game.new_initial_state())
    copies = [pickle.loads(pickle.dumps(state)), copy.deepcopy(state)]
    moves = [(m.player, m.action) for m in state.full_history()]
    for s in copies:  # pyspiel's own record of the moves too
        assert [(m.player, m.action) for m in s.full_history()] == moves
        assert s.move_number() == state.move_number()
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        for s in (state, *copies):
            s.apply_action(action)
    for s in copies:
        assert s.returns() == state.returns() and s.hb.to_json() == state.hb.to_json()


def test_every_game_is_registered_with_its_parameters() -> None:
    names = set(pyspiel.registered_names())
    for game_id in GAMES:
        assert hbos.short_name(game_id) in names
    game = pyspiel.load_game("python_housebuilders_mr_house_basic", {"players": 3})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == hb.game("mr-house-basic").action_space_size
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert pyspiel.load_game("python_housebuilders_welcome_to").num_players() == 2


def test_strings_and_tensors_show_only_what_the_seat_sees() -> None:
    game = pyspiel.load_game("python_housebuilders_mr_house_basic", {"players": 2})
    state = game.new_initial_state()
    for _ in range(3):  # seat 0 and 1 place markers face down
        state.apply_action(state.legal_actions()[0])
    size = hb.game("mr-house-basic").features.size(2)
    assert len(state.observation_tensor(1)) == len(state.information_state_tensor(1)) == size
    again = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for seat in (1,):
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert again.observation_tensor(seat) == state.observation_tensor(seat)
    assert "?" in state.information_state_string(1)  # seat 0's hidden marker


def test_new_initial_states_differ_and_repeat_with_the_seed() -> None:
    def first_two(seed: int) -> list[str]:
        game = pyspiel.load_game("python_housebuilders_dream_home", {"players": 2, "seed": seed})
        return [str(game.new_initial_state()) for _ in range(2)]

    a, b = first_two(1), first_two(1)
    assert a == b and a[0] != a[1]


def _play(game, bots, seed: int) -> list[float]:  # noqa: ANN001
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    while not state.is_terminal():
        bot = bots[state.current_player()]
        action = bot.step(state) if bot is not None else rng.choice(state.legal_actions())
        state.apply_action(action)
    return state.returns()


def test_openspiel_ismcts_plays_a_game() -> None:
    game = pyspiel.load_game("python_housebuilders_mr_house_basic", {"players": 2})
    bot = ismcts.ISMCTSBot(
        game, hbos.HeuristicEvaluator(), uct_c=1.0, max_simulations=8,
        random_state=np.random.RandomState(1),
    )  # fmt: skip
    returns = _play(game, [bot, None], seed=1)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0], [-1.0, -1.0])


def test_openspiel_ismcts_with_random_rollouts_and_mcts_and_random_bots() -> None:
    game = pyspiel.load_game("python_housebuilders_welcome_to", {"players": 1})
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(2))
    searcher = ismcts.ISMCTSBot(game, rollouts, uct_c=2.0, max_simulations=2,
                                random_state=np.random.RandomState(2))  # fmt: skip
    assert _play(game, [searcher], seed=2) == [1.0]
    game = pyspiel.load_game("python_housebuilders_mr_house_basic", {"players": 2})
    perfect = mcts.MCTSBot(game, 1.0, 4, hbos.HeuristicEvaluator(),
                           random_state=np.random.RandomState(3))  # fmt: skip
    uniform = pyspiel.make_uniform_random_bot(1, 3)
    assert len(_play(game, [perfect, uniform], seed=3)) == 2


@pytest.mark.parametrize("game_id", GAMES)
def test_a_resampled_state_has_the_same_information_state(game_id: str) -> None:
    """What ISMCTS asserts at every search: the seat's strings and tensors are the
    same on ``resample_from_infostate``."""
    players = 2 if game_id == "welcome-to" else 3
    game = pyspiel.load_game(hbos.short_name(game_id), {"players": players})
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for step in range(120):
        if state.is_terminal():
            break
        seat = state.current_player()
        if step % 7 == 0:
            again = state.resample_from_infostate(seat, sampler)
            assert again.information_state_string(seat) == state.information_state_string(seat)
            assert again.observation_string(seat) == state.observation_string(seat)
            assert again.observation_tensor(seat) == state.observation_tensor(seat)
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_resampled_state_records_its_own_moves_not_the_true_ones() -> None:
    """pyspiel's record of the moves (``history()``) is the resampled game's: the
    other seat's hidden movement marker (Mr House) is resampled there too, never kept."""
    game = pyspiel.load_game("python_housebuilders_mr_house_basic", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # seat 0 places a marker, hidden from 1
    index = hb.game("mr-house-basic").action_index
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    kept = set()
    for _ in range(12):
        again = state.resample_from_infostate(1, sampler)
        assert again.history() == [index(a) for _, a in again.hb.history]
        assert [(m.player, m.action) for m in again.full_history()] == [
            (p, index(a)) for p, a in again.hb.history
        ]
        kept.add(again.history()[-1])
    assert len(kept) > 1


def test_an_action_string_for_a_seat_not_acting_uses_the_rulebooks_words() -> None:
    """``describe`` may name what the acting seat holds (Dream Home's card drawn by a
    Crowbar); another seat is given ``str(action)``, which names nothing hidden."""
    game = pyspiel.load_game("python_housebuilders_dream_home", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # seat 0 takes a column: now placing
    (acting,) = state.hb.acting_players()
    other = 1 - acting
    for action in state.legal_actions():
        move = hb.game("dream-home").actions[action]
        assert state.action_to_string(acting, action) == state.hb.describe(move)
        assert state.action_to_string(other, action) == str(move)
