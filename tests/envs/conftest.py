"""The games the RL adapters are tested on: every registered game with an encoder
(the six built-in ones; the test session's model game has none)."""

from __future__ import annotations

import housebuilders as hb

BUILT_IN = hb.builtin_game_ids()
GAMES = [g for g in hb.game_ids() if hb.game(g).features is not None]
