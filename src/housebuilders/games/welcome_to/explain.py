"""Why an action is refused, in the rulebook's words (Welcome To), where a rule deserves
its own words (the kit's defaults in ``State.refusal`` say the rest)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from housebuilders.core import Action
from housebuilders.games.welcome_to.phases import (
    ACTING,
    ADJUSTING,
    CHOOSE,
    CLAIMING,
    MARKING,
    PLAY,
    WRITING,
)

if TYPE_CHECKING:
    from housebuilders.games.welcome_to.state import WelcomeToState


def explain(s: WelcomeToState, player: int, action: Action) -> tuple[str, str] | None:
    """The rule ``action`` breaks, in the rulebook's words; None for an action of
    another stage of the choice (the kit's default names the stage asked now)."""
    kind = action.kind
    stage, sheet, L = s.stage[player], s.sheet(player), s.L
    if kind == "adjust" and stage != ADJUSTING:
        return "the temporary worker goes with its own pair, before the number", PLAY
    if kind == "skip" and stage == ADJUSTING:
        return "the number as drawn fits nowhere: use the temporary worker", PLAY
    if stage != _STAGE_OF.get(kind):
        return None
    if kind == "refuse":
        return "a number can be placed, so you must place one: no refusal", PLAY
    if kind == "pick":
        number, act = s.pairs()[action[1]]
        if act != "temp":
            return f"{number} cannot be written in any empty house of a street in order", PLAY
        if not s.worker_changes(sheet):
            return (
                f"{number} cannot be written in any empty house of a street in order, and "
                "every temporary-worker box is crossed",
                PLAY,
            )
        return (
            f"neither {number} nor any number the temporary worker makes of it (up to 2 "
            f"either way, from {L.lowest} to {L.highest}) can be written in an empty house "
            "of a street in order",
            PLAY,
        )
    if kind == "adjust":
        return (
            f"the changed number must be {L.lowest} to {L.highest} and fit an empty house in order",
            PLAY,
        )
    if kind == "write":
        street, house = action[1], action[2]
        if street >= len(L.streets) or house >= L.streets[street]:
            return f"street {street + 1} has no house {house + 1}", PLAY
        if sheet.number(L, street, house) != -1:
            return "that house already has a number", PLAY
        return "numbers must strictly increase from left to right in each street", PLAY
    if kind in ("fence", "improve", "park", "pool", "extend"):
        pair = s.choice[player][0]  # type: ignore[index]
        act = s.pairs()[pair][1]
        wanted = {"fence": "fence", "improve": "improvement", "park": "park", "pool": "pool",
                  "extend": "extension"}[kind]  # fmt: skip
        if wanted != act:
            return f"your pair's action is {act}, not {wanted}", PLAY
        if kind == "pool":
            return "a pool works only on a house with a printed pool", PLAY
        if kind == "park":
            return "this street's park boxes are all crossed", PLAY
        if kind == "improve":
            return "that estate size's values are all crossed", PLAY
        if kind == "fence":
            return (
                "there is a fence there already, or it would split an estate used for a plan",
                PLAY,
            )
        return "an extension copies a neighbouring number into an empty house", PLAY
    if kind == "claim":
        if sheet.plans[action[1]] is not None:
            return "each plan is claimed once per player", PLAY
        return "you do not have the plan's complete estates (unused by another plan)", PLAY
    if kind == "mark":
        return "that is not a complete, unused estate of a size the plan still needs", PLAY
    return None


#: the stage of a player's choice in which each kind of action is asked
_STAGE_OF = {
    "refuse": CHOOSE, "pick": CHOOSE, "adjust": ADJUSTING, "write": WRITING, "fence": ACTING,
    "improve": ACTING, "park": ACTING, "pool": ACTING, "extend": ACTING, "skip": ACTING,
    "claim": CLAIMING, "finish": CLAIMING, "mark": MARKING,
}  # fmt: skip
