"""House of Fado's encoder read from the state (features.encode_of_state) against the
encoding of the observation, in every state of random games for every seat and the
spectator; and the fado stack below its top, which no seat sees, encoded for none."""

from __future__ import annotations

import random

import housebuilders as hb
from housebuilders.core.testing import check_state_encoding
from housebuilders.games.house_of_fado.features import FEATURES
from housebuilders.games.house_of_fado.state import HouseOfFadoState
from tests.games.house_of_fado.helpers import NONE, new

RICHER = {"starting_money": 12, "money_per_point": 2}  # another content: other scores


def _same_for_everyone(s: HouseOfFadoState) -> None:
    for seat in [*range(s.num_players), None]:
        check_state_encoding(s, seat)


def test_the_state_encoding_is_the_observations_in_random_games() -> None:
    """Every state of random games (each option changed once, and a content override),
    every seat and the spectator; the games reach a kicked
    piece off the board, the assistants, stars won, fado tiles scored, the end."""
    spec = hb.game("house-of-fado")
    options: list[dict[str, object]] = [{}]
    for o in spec.options:  # each other choice, the assistants' readings with assistants
        for choice in o.choices[1:]:
            options.append({o.name: choice} | ({"assistants": True} if o.players else {}))
    reached: set[str] = set()
    for seed in range(10):
        option = options[seed % len(options)]
        players = 2 if "assistants" in option or seed % 3 == 0 else 3 + seed % 2
        content = RICHER if seed % 5 == 4 else None
        s = spec.new_game(players, seed, option, content)
        assert isinstance(s, HouseOfFadoState)
        rng = random.Random(seed)
        while True:
            _same_for_everyone(s)
            if any(-2 in row for row in s.workers):
                reached.add("kicked")
            if any(a >= 0 for row in s.assistants for a in row):
                reached.add("assistant")
            if any(owner != NONE for owner in s.star_owner):
                reached.add("star")
            if any(s.fado_scored):
                reached.add("fado")
            if s.is_terminal():
                reached.add("over")
                break
            player = rng.choice(s.acting_players())
            s.apply(player, rng.choice(s.legal_actions(player)))
    assert reached == {"kicked", "assistant", "star", "fado", "over"}


def test_the_fado_stack_below_its_top_is_encoded_for_nobody() -> None:
    """The stack's tiles below its face-up top, reordered or another tile in their
    place: no seat's encoding changes, nor the spectator's; the top's does."""
    for players in (2, 3, 4):
        s = new(players, seed=players)
        rng = random.Random(players)
        for _ in range(40):
            player = s.acting_players()[0]
            s.apply(player, rng.choice(s.legal_actions(player)))
        assert len(s.stack) >= 3
        _same_for_everyone(s)
        before = [FEATURES.encode(s, seat) for seat in [*range(players), None]]
        other = s.clone()
        other.stack[1:] = other.stack[:0:-1]  # reversed below the top
        unused = set(range(len(s.content.fado))) - {
            *s.stack,
            *s.display,
            *(t for row in s.fado_scored for t in row),
        }
        if unused:
            other.stack[1] = min(unused)
        _same_for_everyone(other)
        assert [FEATURES.encode(other, seat) for seat in [*range(players), None]] == before
        top = s.clone()
        top.stack[0], top.stack[1] = top.stack[1], top.stack[0]
        _same_for_everyone(top)
        for seat, vector in zip([*range(players), None], before, strict=True):
            assert FEATURES.encode(top, seat) != vector
