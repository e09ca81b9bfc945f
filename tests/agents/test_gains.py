"""What a move gains a seat in the game's words (issue 46's hints in words): its points
by the score's parts, and the figures of ``State.standing`` it changes, read on the
seat's own view."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.agents.gains import Gains, gains

GAMES = ["mr-house-basic", "mr-house-advanced", "welcome-to", "dream-home", "house-of-fado",
         "master-builder"]  # fmt: skip


def _states(game: str, seed: int, moves: int = 80) -> list[hb.State]:
    state, rng, out = hb.game(game).new_game(2, seed), random.Random(seed), []
    for _ in range(moves):
        if state.is_terminal():
            break
        out.append(state.clone())
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_game_says_what_a_seat_has_in_its_words(game: str) -> None:
    standing = hb.game(game).new_game(2, 1).standing(0)
    assert standing and all(isinstance(name, str) and name for name in standing)


@pytest.mark.parametrize("game", GAMES)
def test_a_moves_gains_are_the_changes_of_its_points_and_standing(game: str) -> None:
    changed = 0
    for state in _states(game, seed=4)[::7]:
        seat = state.acting_players()[0]
        view = state.determinize(seat, 9)
        before = view.to_json()
        for action in view.legal_actions(seat)[:12]:
            g = gains(view, seat, action)
            after = view.clone()
            after.apply(seat, action)
            total = view.scores()[seat]["total"], after.scores()[seat]["total"]
            assert g.points == total
            if total[0] == total[1]:
                assert g.words().startswith("no points now")
            had, has = view.standing(seat), after.standing(seat)
            assert g.figures == {k: (had.get(k, 0.0), v) for k, v in has.items() if v != had.get(k)}
            changed += bool(g.figures or g.parts)
        assert view.to_json() == before, "gains leaves the view as it was"
    assert changed, f"no move of {game} changed anything a seat has"


def test_the_words_give_points_by_part_then_the_figures_before_and_after() -> None:
    g = Gains((10.0, 12.0), {"roofs": 2.0}, {"wood": (3.0, 1.0), "house parts": (4.0, 5.0)}, False)
    assert g.words() == "+2 points (roofs +2); wood 3 → 1, house parts 4 → 5"
    one = Gains((3.0, 2.0), {"fame_six": -1.0}, {}, False)
    assert one.words() == "−1 point (fame six −1)"
    assert (
        Gains((0.0, 0.0), {}, {"money": (7.0, 4.0)}, True).words() == "no points now; money 7 → 4"
    )
