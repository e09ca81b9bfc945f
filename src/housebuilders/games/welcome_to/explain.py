"""Why an action is refused, in the rulebook's words (Welcome To)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action
from .stages import ACTING, ADJUSTING, CHOOSE, CLAIMING, MARKING, PLAY, STAGE_NAMES, WRITING

if TYPE_CHECKING:
    from .state import WelcomeToState


def explain(s: WelcomeToState, player: int, action: Action) -> tuple[str, str]:
    kind = action.kind
    stage, sheet, L = s.stage[player], s.sheet(player), s.L
    asked = STAGE_NAMES[stage]
    if kind == "refuse":
        if stage != CHOOSE:
            return f"you are choosing the {asked} now, not whether to refuse", PLAY
        return "a number can be placed, so you must place one: no refusal", PLAY
    if kind == "pick":
        if stage != CHOOSE:
            return f"you have taken a pair; now choose the {asked}", PLAY
        number, act = s.pairs()[action[1]]
        if act != "temp":
            return f"{number} cannot be written in any empty house of a street in order", PLAY
        if sheet.temps >= L.temp_boxes:
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
        if stage != ADJUSTING:
            return "the temporary worker goes with its own pair, before the number", PLAY
        return (
            f"the changed number must be {L.lowest} to {L.highest} and fit an empty house in order",
            PLAY,
        )
    if kind == "write":
        if stage != WRITING:
            return f"you are choosing the {asked} now, not a house", PLAY
        street, house = action[1], action[2]
        if street >= len(L.streets) or house >= L.streets[street]:
            return f"street {street + 1} has no house {house + 1}", PLAY
        if sheet.number(L, street, house) != -1:
            return "that house already has a number", PLAY
        return "numbers must strictly increase from left to right in each street", PLAY
    if kind == "skip":
        if stage == ADJUSTING:
            return "the number as drawn fits nowhere: use the temporary worker", PLAY
        if stage != ACTING:
            return "there is nothing optional to skip now", PLAY
    if kind in ("fence", "improve", "park", "pool", "extend", "skip"):
        if stage != ACTING:
            return (
                f"you are choosing the {asked} now; the pair's action comes after the number",
                PLAY,
            )
        pair = s.choice[player][0]  # type: ignore[index]
        act = s.pairs()[pair][1]
        wanted = {"fence": "fence", "improve": "improvement", "park": "park", "pool": "pool",
                  "extend": "extension"}.get(kind)  # fmt: skip
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
    if kind in ("claim", "finish"):
        if stage != CLAIMING:
            return f"you are choosing the {asked} now; plans are claimed at the end", PLAY
        plan = action[1] if kind == "claim" else 0
        if sheet.plans[plan] is not None:
            return "each plan is claimed once per player", PLAY
        return "you do not have the plan's complete estates (unused by another plan)", PLAY
    if kind == "mark":
        if stage != MARKING:
            return "estates are marked while claiming a plan", PLAY
        return "that is not a complete, unused estate of a size the plan still needs", PLAY
    if stage == WRITING:
        return "write the number first", PLAY
    return "not allowed now", PLAY
