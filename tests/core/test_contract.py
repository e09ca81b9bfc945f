"""The game contract, checked on every registered game at every player count."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import housebuilders as hb
from housebuilders.core.testing import (
    check_information_rule,
    check_random_game,
    determinize_varies,
    random_playout,
)


def player_counts(spec: hb.GameSpec) -> list[int]:
    """Every player count, or for a game of any size (Welcome To: 1 to 100) the
    counts 1, 2, 4 and 6 within its range; its large games have their own tests."""
    counts = range(spec.min_players, spec.max_players + 1)
    if len(counts) <= 6:
        return list(counts)
    return [n for n in (1, 2, 4, 6) if n in counts]


CASES = [
    (game_id, players) for game_id in hb.game_ids() for players in player_counts(hb.game(game_id))
]
IDS = [f"{g}-{n}p" for g, n in CASES]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_random_games_keep_the_contract(game_id: str, players: int) -> None:
    """200 seeded random games per player count, with the contract checked as they go."""
    for seed in range(200):
        check_random_game(game_id, players, seed)


OPTION_CASES = [
    (game_id, {option.name: choice})
    for game_id in hb.game_ids()
    for option in hb.game(game_id).options
    for choice in option.choices
    if choice != option.default
]


@pytest.mark.parametrize(
    ("game_id", "options"), OPTION_CASES, ids=[f"{g}-{o}" for g, o in OPTION_CASES]
)
def test_games_played_with_an_option_keep_the_contract(game_id: str, options: dict) -> None:
    """Each option's other choices: 20 random games, one checked at every step (the
    final checks replay each game with its options)."""
    players = min(player_counts(hb.game(game_id)), key=lambda n: abs(n - 3))
    check_random_game(game_id, players, 3000, deep=True, options=options)
    for seed in range(3001, 3020):
        check_random_game(game_id, players, seed, options=options)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_every_step_of_a_few_games_in_depth(game_id: str, players: int) -> None:
    """Every listed action applies, illegal ones are refused without change, JSON and
    determinize checked at every step."""
    for seed in range(1000, 1003):
        check_random_game(game_id, players, seed, deep=True)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_determinizations_keep_the_information_rule(game_id: str, players: int) -> None:
    """At every step of a random game (two up to 3 players): a seat's determinizations
    do not tell which of two moves it cannot see was played (history included), nor
    keep the dice."""
    for seed in range(2000, 2002 if players <= 3 else 2001):
        state = hb.new_game(game_id, players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            check_information_rule(state, seed=seed + step)
            p = state.acting_players()[rng.randrange(len(state.acting_players()))]
            state.apply(p, rng.choice(state.legal_actions(p)))
            step += 1


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_determinize_changes_hidden_state(game_id: str, players: int) -> None:
    state = hb.new_game(game_id, players, seed=5)
    rng = random.Random(5)
    varied = 0
    while not state.is_terminal() and varied < 3:
        for player in range(players):
            varied += determinize_varies(state, player)
        p = state.acting_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert varied >= 3, "determinize never resampled anything hidden"


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_same_seed_same_game(game_id: str) -> None:
    spec = hb.game(game_id)
    a = spec.new_game(spec.max_players, seed=9)
    b = spec.new_game(spec.max_players, seed=9)
    random_playout(a, random.Random(1))
    random_playout(b, random.Random(1))
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_clone_is_independent(game_id: str) -> None:
    spec = hb.game(game_id)
    state = spec.new_game(spec.min_players, seed=3)
    before = state.to_json()
    copy = state.clone()
    random_playout(copy, random.Random(3))
    assert state.to_json() == before
    assert copy.is_terminal() and not state.is_terminal()


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_every_action_of_the_space_round_trips(game_id: str) -> None:
    spec = hb.game(game_id)
    assert len(set(spec.actions)) == spec.action_space_size
    for i, action in enumerate(spec.actions):
        assert spec.action_index(action) == i
        assert spec.action_from_json(action.to_json()) == action


@pytest.mark.parametrize("game_id", hb.game_ids())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62), moves=st.integers(0, 400), data=st.data())
def test_property_any_seed_any_prefix(game_id: str, seed: int, moves: int, data) -> None:
    """Any seed, any number of random moves: JSON round trip, replay and no leaks."""
    from housebuilders.core.testing import check_state

    spec = hb.game(game_id)
    players = data.draw(st.sampled_from(player_counts(spec)))
    state = spec.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        p = state.acting_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    check_state(spec, state, seed=seed % 1000)
    again = hb.replay(game_id, players, seed, state.history)
    assert again.to_json() == state.to_json()


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="no game 'chess'"):
        hb.game("chess")


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_bad_player_count_is_a_clear_error(game_id: str) -> None:
    spec = hb.game(game_id)
    with pytest.raises(ValueError, match="players"):
        spec.new_game(spec.max_players + 1)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_unknown_option_is_a_clear_error(game_id: str) -> None:
    with pytest.raises(hb.OptionError, match="no option"):
        hb.new_game(game_id, hb.game(game_id).min_players, options={"nonsense": 1})
