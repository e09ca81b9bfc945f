"""The games' observation encoders (games/<game>/features.py): a fixed length per
player count, finite values, and the information rule (the kit's leak check)."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.core.features import LIMIT, Features, Vector, amount, relative, rotated
from housebuilders.core.testing import check_encoding, check_features
from tests.envs.conftest import BUILT_IN, GAMES


def test_every_built_in_game_has_an_encoder() -> None:
    assert set(BUILT_IN) <= set(GAMES)
    for game_id in BUILT_IN:
        assert isinstance(hb.game(game_id).features, Features)


def _counts(spec: hb.GameSpec) -> list[int]:
    return sorted({spec.min_players, min(spec.max_players, 4), 3} & set(
        range(spec.min_players, spec.max_players + 1)))  # fmt: skip


@pytest.mark.parametrize("game_id", GAMES)
def test_encoding_keeps_the_information_rule_in_random_games(game_id: str) -> None:
    spec = hb.game(game_id)
    for players in _counts(spec):
        state = spec.new_game(players, seed=players)
        rng = random.Random(players)
        step = 0
        while not state.is_terminal():
            if step % 23 == 0:
                check_features(state, seed=step)
            player = rng.choice(state.acting_players())
            state.apply(player, rng.choice(state.legal_actions(player)))
            step += 1
        for player in range(players):
            check_encoding(state, player)


def test_welcome_to_has_one_size_at_every_player_count() -> None:
    features = hb.game("welcome-to").features
    assert {features.size(n) for n in (1, 2, 7, 30)} == {features.size(4)}


@pytest.mark.parametrize("game_id", GAMES)
def test_options_do_not_change_the_size(game_id: str) -> None:
    spec = hb.game(game_id)
    players = max(spec.min_players, 2)
    for option in spec.options:
        for choice in option.choices:
            counts = option.players or (players,)
            state = spec.new_game(counts[0], seed=1, options={option.name: choice})
            assert len(spec.features.encode(state, 0)) == spec.features.size(counts[0])


class _Peeking(Features):
    """Mr House's encoder, plus the opponents' hands read off the state."""

    def encode(self, state, player):  # noqa: ANN001, ANN201
        vector = super().encode(state, player)
        vector.extend(sum(hand) / 10 for hand in state.hand)
        return vector


def test_a_leaking_encoder_is_caught() -> None:
    """An encoder that reads the state behind the observation (Mr House: the
    opponents' markers in hand) fails the leak check."""
    spec = hb.game("mr-house-basic")
    state = spec.new_game(3, seed=1)
    rng = random.Random(1)
    while len(state.history) < 4:  # some markers placed: the hands are no longer whole
        p = state.acting_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    honest = spec.features
    spec.__dict__["features"] = _Peeking("mr-house-basic", honest.of_observation)
    try:
        with pytest.raises(AssertionError, match="leaks hidden information"):
            check_features(state, seed=3)
    finally:
        spec.__dict__["features"] = honest


class _Unbounded(Features):
    """Mr House's encoder, its last value a count scaled far past the bounds."""

    def encode(self, state, player):  # noqa: ANN001, ANN201
        vector = super().encode(state, player)
        vector[-1] = 12.0
        return vector


def test_a_value_outside_the_bounds_is_caught() -> None:
    """Every value of an encoding lies within [-LIMIT, LIMIT] (the spaces' bounds);
    ``amount`` caps an amount the rules do not bound."""
    spec = hb.game("mr-house-basic")
    state = spec.new_game(2, seed=1)
    honest = spec.features
    spec.__dict__["features"] = _Unbounded("mr-house-basic", honest.of_observation)
    try:
        with pytest.raises(AssertionError, match=r"outside \[-4.0, 4.0\]"):
            check_encoding(state, 0)
    finally:
        spec.__dict__["features"] = honest
    assert (amount(250, 50), amount(-1e6, 30), amount(12, 4)) == (LIMIT, -LIMIT, 3.0)
    v = Vector()
    v.amount(None, 20)
    v.amount(-900, 20)
    assert v.values == [0.0, -LIMIT]


def test_a_state_reading_encoder_must_match_the_observations() -> None:
    """An encoder that reads the state itself (``of_state``, for speed) is held to the
    observation's encoding, value for value: one that peeks at an opponent's markers
    in hand fails on the first state checked; Mr House basic's own passes."""
    spec = hb.game("mr-house-basic")
    state = spec.new_game(3, seed=1)
    honest = spec.features
    assert honest.of_state is not None
    check_features(state, seed=3)

    def peeking(s, you):  # noqa: ANN001, ANN202
        vector = honest.of_state(s, you)
        vector[-1] = sum(s.hand[(you or 0) + 1]) / 10
        return vector

    spec.__dict__["features"] = Features("mr-house-basic", honest.of_observation, peeking)
    try:
        with pytest.raises(AssertionError, match="differs from the encoding of observe"):
            check_features(state, seed=3)
    finally:
        spec.__dict__["features"] = honest


def test_vector_helpers() -> None:
    v = Vector()
    v.onehot(1, 3)
    v.onehot(None, 2)
    v.word("b", ("a", "b"))
    v.word("z", ("a", "b"))
    v.counts(["a", "a", "q"], ("a",), 2)
    assert list(v.values) == [0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0.5]
    assert relative(0, 2, 3) == 1 and relative(None, 2, 3) is None
    assert rotated([0, 1, 2], 1) == [1, 2, 0]
