"""Where each player is in a round of Welcome To, and the rulebook's sections: the
names the state, its checks, its refusals and its bots share."""

from __future__ import annotations

#: the rulebook's sections
PREPARE, PLAY, FINISH_SECTION = "Prepare the table", "Play a turn", "Finish and score"

#: a player's stages within a round
CHOOSE, ADJUSTING, WRITING, ACTING, CLAIMING, MARKING, DONE = range(7)
STAGE_NAMES = ("pair", "temporary worker", "house", "action", "plans", "estate", "done")
