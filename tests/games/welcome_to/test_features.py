"""Welcome To's encoder read from the state (features.encode_of_state) against the
encoding of the observation, where hidden information matters: a round chosen by
some seats and not yet by others, whose choices stay unseen until the reveal."""

from __future__ import annotations

import random

import housebuilders as hb
from housebuilders.core.testing import check_state_encoding
from housebuilders.games.welcome_to.actions import Claim, Mark, Pick, Skip, Write
from housebuilders.games.welcome_to.features import FEATURES
from housebuilders.games.welcome_to.phases import CHOOSE, DONE
from housebuilders.games.welcome_to.state import WelcomeToState
from tests.games.welcome_to.helpers import (
    A_FOUR_FOUR,
    B_FOUR_FIVE,
    C_THREE_FOUR,
    fence,
    fill,
    new,
)

TWO_STREETS = {
    "sheet": {"streets": [7, 11], "pools": [[2, 5], [0, 3, 7]]},
    "ladders": {"parks": [[0, 2, 4, 6, 8, 10, 77], [0, 2, 4, 6, 14]]},
}


def _same_for_everyone(s: WelcomeToState) -> None:
    for seat in [*range(s.num_players), None]:
        check_state_encoding(s, seat)


def _choose(s: WelcomeToState, player: int, rng: random.Random, until: int = DONE) -> None:
    """``player`` makes random decisions of its round's choice up to stage ``until``."""
    while s.stage[player] != until:
        s.apply(player, rng.choice(s.legal_actions(player)))


def test_a_seats_choice_is_encoded_for_it_alone_until_the_reveal() -> None:
    """Seat 0 has chosen (two ways), seat 1 is half way, seat 2 has not begun: each
    seat's encoding and the spectator's are the observation's, and only seat 0's tells
    its two choices apart."""
    for seed in range(6):
        start = new(3, seed=seed)
        chosen = []
        for way in range(2):
            s = start.clone()
            _choose(s, 0, random.Random(seed * 2 + way))
            s.apply(1, random.Random(seed).choice(s.legal_actions(1)))  # a pair, or a refusal
            assert s.stage[0] == DONE and s.stage[2] == CHOOSE and s.pending[0] is not None
            _same_for_everyone(s)
            chosen.append(s)
        a, b = chosen
        sheet_a, sheet_b = a.pending[0], b.pending[0]
        assert sheet_a is not None and sheet_b is not None
        if sheet_a.numbers == sheet_b.numbers:
            continue  # (the same house written both ways)
        assert FEATURES.encode(a, 0) != FEATURES.encode(b, 0)
        for seat in (1, 2, None):
            assert FEATURES.encode(a, seat) == FEATURES.encode(b, seat)
        _choose(a, 1, random.Random(seed))
        _choose(a, 2, random.Random(seed))  # the reveal: now everyone sees them
        _same_for_everyone(a)
        assert a.round == start.round + 1 or a.over
        return
    raise AssertionError("no seed gave seat 0 two different sheets")


def test_a_seat_marking_estates_for_a_plan_is_encoded_for_it_alone() -> None:
    """Seat 0 takes a pair, writes, claims a plan and marks its estates (its turn in the
    encoding, step by step) while seat 1 has not chosen: seat 1's encoding and the
    spectator's do not change until seat 0 is done."""
    s = new(2, pairs=[(9, "park"), (12, "park"), (14, "park")])
    s.plans = [A_FOUR_FOUR, B_FOUR_FIVE, C_THREE_FOUR]
    fill(s, 0, 2, {h: h + 1 for h in range(12) if h != 8})  # three estates of 4 ...
    fence(s, 0, 2, 3, 7)  # ... once house 9 is written
    before = {seat: FEATURES.encode(s, seat) for seat in (1, None)}
    mine = [FEATURES.encode(s, 0)]
    for action in (Pick(0), Write(2, 8), Skip(), Claim(0), Mark(2, 8)):
        s.apply(0, action)
        _same_for_everyone(s)
        mine.append(FEATURES.encode(s, 0))
        assert {seat: FEATURES.encode(s, seat) for seat in (1, None)} == before
    assert s.marking[0] is not None and s.stage[1] == CHOOSE
    assert all(a != b for a, b in zip(mine, mine[1:], strict=False))
    s.apply(0, Mark(2, 0))
    assert s.stage[0] == DONE
    _same_for_everyone(s)


def test_the_state_encoding_is_the_observations_in_random_games() -> None:
    """Every state of random games (1 to 5 players, each option changed once, and a
    sheet of two streets by a content override), every seat and the spectator; the
    games reach a round some seats have chosen and others not, a seat half way through
    its choice, the end."""
    spec = hb.game("welcome-to")
    reached: set[str] = set()
    options = [{}, *({o.name: o.choices[1]} for o in spec.options)]
    for seed in range(12):
        players = 1 + seed % 5
        content = TWO_STREETS if seed % 4 == 3 else None
        s = spec.new_game(players, seed, options[seed % len(options)], content)
        assert isinstance(s, WelcomeToState)
        rng = random.Random(seed)
        while True:
            _same_for_everyone(s)
            if DONE in s.stage and CHOOSE in s.stage:
                reached.add("chosen and not")
            if any(c is not None and st != DONE for c, st in zip(s.choice, s.stage, strict=True)):
                reached.add("half way")
            if s.is_terminal():
                reached.add("over")
                break
            player = rng.choice(s.acting_players())
            s.apply(player, rng.choice(s.legal_actions(player)))
    assert reached == {"chosen and not", "half way", "over"}
