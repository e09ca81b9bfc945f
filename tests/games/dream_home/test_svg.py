"""Dream Home drawn as SVG (games/dream_home/svg.py): every legal action is clickable
where it happens, or a chip when it has no place (DH-45 draws basement cards apart)."""

from __future__ import annotations

import random

import housebuilders as hb
from housebuilders.core.viewcheck import clickable, draw_svg


def test_every_legal_action_of_the_acting_seat_is_clickable() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = hb.game("dream-home").new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.acting_players()[0]
            root, legal = draw_svg(state, seat)
            assert set(clickable(root)) == {a["index"] for a in legal}
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_another_seat_sees_no_clickable_part() -> None:
    state = hb.game("dream-home").new_game(3, seed=4)
    seat = state.acting_players()[0]
    for other in (s for s in range(3) if s != seat):
        root, legal = draw_svg(state, other)
        assert legal == [] and clickable(root) == {}
