"""Setting up Welcome To positions for rule tests."""

from __future__ import annotations

from collections.abc import Iterable

import housebuilders as hb
from housebuilders.core import Action
from housebuilders.games.welcome_to.sheet import Sheet
from housebuilders.games.welcome_to.state import WelcomeToState

# the plans' indexes in their decks (data.toml)
A_FOUR_FOUR = 3  # deck A: estates 4, 4 for 6 / 3 points
B_FOUR_FIVE = 4  # deck B: estates 4, 5 for 9 / 5
C_THREE_FOUR = 2  # deck C: estates 3, 4 for 7 / 3


def new(players: int = 2, seed: int = 0, pairs: Iterable[tuple[int, str]] | None = None,
        **options: object) -> WelcomeToState:  # fmt: skip
    state = hb.new_game("welcome-to", players, seed=seed, options=options or None)
    assert isinstance(state, WelcomeToState)
    if pairs is not None:
        set_pairs(state, pairs)
    return state


def set_pairs(state: WelcomeToState, pairs: Iterable[tuple[int, str]]) -> None:
    """Make this round's three pairs (number, action): the stacks' top cards and the
    flipped cards are replaced by cards made for the test."""
    cards = list(state.cards)
    for stack, (number, action) in enumerate(pairs):
        cards.append((number, "fence"))
        state.piles[stack][-1] = len(cards) - 1
        cards.append((1, action))
        state.discards[stack][-1] = len(cards) - 1
    state.cards = cards


def sheet(state: WelcomeToState, player: int) -> Sheet:
    """The player's sheet, ready to be edited by a test."""
    state.public[player] = state.public[player].copy()
    return state.public[player]


def fill(state: WelcomeToState, player: int, street: int, numbers: dict[int, int]) -> Sheet:
    """Write ``{house: number}`` on a player's street (houses from 0)."""
    s = sheet(state, player)
    for house, number in numbers.items():
        s.numbers[state.L.first[street] + house] = number
    return s


def fence(state: WelcomeToState, player: int, street: int, *gaps: int) -> None:
    s = sheet(state, player)
    for gap in gaps:
        s.fences |= 1 << (state.L.gap_first[street] + gap)


def play(state: WelcomeToState, player: int, *actions: Action) -> None:
    for action in actions:
        state.apply(player, action)
