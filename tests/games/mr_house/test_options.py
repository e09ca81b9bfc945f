"""Games played with Mr House's options keep the game contract (core/testing.py's
per-state checks) from the first move to the scores; the rules of each option are
tested where their rule is (test_construction.py, test_advanced_purchases.py)."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.core.testing import check_state


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("mr-house-basic", {"door": "ground-floor"}),
        ("mr-house-advanced", {"door": "ground-floor", "office": "highest-two"}),
        ("mr-house-advanced", {"office": "first-one"}),
    ],
)
def test_a_game_with_options_keeps_the_contract(game_id: str, options: dict[str, str]) -> None:
    spec = hb.game(game_id)
    state = spec.new_game(3, seed=8, options=options)
    rng = random.Random(8)
    step = 0
    while not state.is_terminal():
        if step % 5 == 0:
            check_state(spec, state, seed=step, information=False)
        player = rng.choice(state.acting_players())
        state.apply(player, rng.choice(state.legal_actions(player)))
        step += 1
    assert state.to_json()["options"] == spec.check_options(options)
    again = hb.replay(game_id, 3, 8, state.history_json(), options=options)
    assert again.to_json() == state.to_json()
