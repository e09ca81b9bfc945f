"""Small positions and a driver shared by the phase tests (test_state.py's helpers, and a
way to play on until a condition holds)."""

from __future__ import annotations

from collections.abc import Callable

from housebuilders.games.master_builder.phases import HIRE, OPEN
from housebuilders.games.master_builder.state import MasterBuilderState
from tests.games.master_builder.test_state import A, F, J, M, give, new, own, planning

__all__ = ["A", "F", "J", "M", "auctioning", "drive", "give", "hiring", "new", "own", "planning"]


def drive(
    s: MasterBuilderState, until: Callable[[MasterBuilderState], bool], steps: int = 3000
) -> MasterBuilderState:
    """Play each acting seat's last legal action (a pass, the highest bid, a submitted
    plan, a Large loan) until ``until(s)`` or the end."""
    for _ in range(steps):
        if s.is_terminal() or until(s):
            return s
        player = s.acting_players()[0]
        s.apply(player, s.legal_actions(player)[-1])
    raise AssertionError(f"no end after {steps} actions ({s.phase})")


def hiring(players: int = 2, first: int = 0, **options: bool) -> MasterBuilderState:
    """Round 2's Phase 1, ``first`` holding the mallet."""
    s = new(players, **options)
    s.round, s.phase, s.first, s.turn = 2, HIRE, first, first
    return s


def auctioning(
    players: int, display: list[int], first: int = 0, round_: int = 2
) -> MasterBuilderState:
    """Phase 2 of ``round_`` with ``display`` on offer and ``first`` to open."""
    s = new(players)
    s.contract_deck += s.display
    s.display = []
    for c in display:
        if c in s.removed:  # a 2-player game's removed contract swaps with a deck card
            s.removed.remove(c)
            s.removed.append(next(d for d in s.contract_deck if d not in display))
            s.contract_deck.remove(s.removed[-1])
        s.contract_deck = [d for d in s.contract_deck if d != c]
    s.display = display[:]
    s.round, s.phase, s.first, s.turn, s.open_passes = round_, OPEN, first, first, 0
    return s
