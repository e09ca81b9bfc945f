"""Mr House's encoders read from the state (features.basic_of_state, advanced_of_state)
against the encodings of the observations, in every state of random games for every
seat and the spectator; and the values of a seat's markers, in hand or placed and not
yet shown, encoded for that seat alone."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.core.state import State
from housebuilders.core.testing import check_state_encoding
from housebuilders.games.mr_house.phases import PURCHASES

VARIANTS = ("mr-house-basic", "mr-house-advanced")


def _same_for_everyone(s: State) -> None:
    for seat in [*range(s.num_players), None]:
        check_state_encoding(s, seat)


def _hidden_changed(s: State, owner: int) -> State | None:
    """A copy in which ``owner``'s markers in hand and placed ones not yet shown have
    other values (as many of them); None if it has none."""
    copy = s.clone()
    shown_up_to = copy.loc if copy.phase == PURCHASES else 0  # type: ignore[attr-defined]
    changed = False
    hand = copy.hand[owner]  # type: ignore[attr-defined]
    if hand:
        hand[:] = sorted((value + 1) % 4 for value in hand)
        changed = True
    for location, stack in enumerate(copy.stacks):  # type: ignore[attr-defined]
        if location > shown_up_to:
            for i, (seat, value, at) in enumerate(stack):
                if seat == owner:
                    stack[i] = (seat, (value + 1) % 4, at)
                    changed = True
    return copy if changed else None


@pytest.mark.parametrize("game_id", VARIANTS)
def test_the_state_encoding_is_the_observations_in_random_games(game_id: str) -> None:
    spec = hb.game(game_id)
    told_apart = 0
    for seed in range(8):
        players = 2 + seed % 3
        s = spec.new_game(players, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            _same_for_everyone(s)
            owner = rng.randrange(players)
            other = _hidden_changed(s, owner)
            if other is not None:
                _same_for_everyone(other)
                for seat in [*range(players), None]:
                    if seat != owner:
                        assert spec.features.encode(other, seat) == spec.features.encode(s, seat)
                told_apart += spec.features.encode(other, owner) != spec.features.encode(s, owner)
            player = rng.choice(s.acting_players())
            s.apply(player, rng.choice(s.legal_actions(player)))
        _same_for_everyone(s)
    assert told_apart > 50
