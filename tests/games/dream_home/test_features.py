"""Dream Home's encoder read from the state (features.encode_of_state) against the
encoding of the observation, where hidden cards matter: the room card a Crowbar drew,
held and then face down in its taker's home, unseen by the others until the end."""

from __future__ import annotations

import random

import housebuilders as hb
from housebuilders.core.testing import check_state_encoding
from housebuilders.games.dream_home.actions import PlaceDown, Take, UseCrowbar
from housebuilders.games.dream_home.features import FEATURES
from housebuilders.games.dream_home.state import DreamHomeState
from housebuilders.games.dream_home.values import EMPTY, UNSEEN
from tests.games.dream_home.helpers import new, stack


def _same_for_everyone(s: DreamHomeState) -> None:
    for seat in [*range(s.num_players), None]:
        check_state_encoding(s, seat)


def _another(s: DreamHomeState, card: int) -> int:
    """A room card of another type than ``card``, taken out of the room deck (or, once
    it is empty, the room discard), ``card`` going there in its place."""
    pile = s.room_deck or s.room_discard
    kind = s.cards.room_type
    i = next(i for i, c in enumerate(pile) if kind[c] != kind[card])
    pile[i], card = card, pile[i]
    return card


def _holding_another(s: DreamHomeState) -> DreamHomeState:
    copy = s.clone()
    copy.holding = _another(copy, copy.holding)
    return copy


def _laying_another(s: DreamHomeState, player: int, space: int) -> DreamHomeState:
    copy = s.clone()
    copy.homes[player][space] = _another(copy, copy.homes[player][space])
    return copy


def test_a_card_drawn_by_the_crowbar_is_encoded_for_its_holder_alone() -> None:
    s = new(4)
    stack(s, {1: {1: ("bathroom", "tool:crowbar")}})
    s.apply(0, Take(1))
    s.apply(0, UseCrowbar())
    assert s.drawn()
    _same_for_everyone(s)
    other = _holding_another(s)
    assert FEATURES.encode(other, 0) != FEATURES.encode(s, 0)
    for seat in (1, 2, 3, None):
        assert FEATURES.encode(other, seat) == FEATURES.encode(s, seat)

    space = next(a.space for a in s.legal_actions(0) if isinstance(a, PlaceDown))
    s.apply(0, PlaceDown(space))
    assert s.down[0][space] == UNSEEN
    _same_for_everyone(s)
    other = _laying_another(s, 0, space)
    assert FEATURES.encode(other, 0) != FEATURES.encode(s, 0)
    for seat in (1, 2, 3, None):
        assert FEATURES.encode(other, seat) == FEATURES.encode(s, seat)

    rng = random.Random(5)  # to the end, where everyone sees the card
    while not s.is_terminal():
        player = s.acting_players()[0]
        s.apply(player, rng.choice(s.legal_actions(player)))
        _same_for_everyone(s)
    assert s.down[0][space] == UNSEEN
    for seat in (1, None):
        assert FEATURES.encode(s, seat) != FEATURES.encode(_laying_another(s, 0, space), seat)


def test_the_state_encoding_is_the_observations_in_random_games() -> None:
    """Every state of random games (each option changed once, and roof colours renamed
    by a content override: names the encoding has no word for), every seat and the
    spectator; the games reach the states where the encodings could part: a card held
    unseen, one face down unseen in a home before the end, decor on a home, the end."""
    spec = hb.game("dream-home")
    reached: set[str] = set()
    options = [{}, *({o.name: not o.default} for o in spec.options)]
    renamed = {"roof": {"colours": ["slate", "tile", "thatch", "zinc"]}}
    for seed in range(24):
        players = 2 + seed % 3
        content = renamed if seed % 7 == 6 else None
        s = spec.new_game(players, seed, options[seed % len(options)], content)
        assert isinstance(s, DreamHomeState)
        rng = random.Random(seed)
        while True:
            _same_for_everyone(s)
            if s.drawn():
                reached.add("held unseen")
            if not s.is_terminal() and any(UNSEEN in down for down in s.down):
                reached.add("unseen in a home")
            if any(at != EMPTY for at in s.token_at):
                reached.add("decor")
            if s.is_terminal():
                reached.add("over")
                break
            player = rng.choice(s.acting_players())
            actions = s.legal_actions(player)
            crowbar = [a for a in actions if isinstance(a, UseCrowbar)]
            s.apply(player, crowbar[0] if crowbar and rng.random() < 0.5 else rng.choice(actions))
    assert reached == {"held unseen", "unseen in a home", "decor", "over"}
