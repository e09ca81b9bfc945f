"""A fast rollout policy for Welcome To (``GameSpec.rollout_policy``): the moves a
quick player makes without weighing the whole sheet, for search rollouts that must
play rounds by the thousand.

Each number goes where it sits best on the street's scale (house h of n ideally
holds about (h + 1/2) / n of the way from 0 to 17); the pair taken is the one whose
number sits best somewhere; parks and pools are always built; a fence goes where it
closes a stretch of 1 to 6 numbered houses, else at random; improvements raise a
size at random; extensions are skipped; plans are claimed whenever possible.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from housebuilders.core import Action
from housebuilders.games.welcome_to.actions import (
    FINISH,
    SKIP,
    Adjust,
    Claim,
    Extend,
    Fence,
    Park,
    Pick,
    Pool,
    Write,
)
from housebuilders.games.welcome_to.phases import ACTING, ADJUSTING, CHOOSE, CLAIMING, WRITING

if TYPE_CHECKING:
    from housebuilders.games.welcome_to.state import WelcomeToState


def rollout_policy(state: WelcomeToState, player: int, rng: random.Random) -> Action:
    legal = state.legal_actions(player)
    stage = state.stage[player]
    sheet, L = state.sheet(player), state.L

    def misfit(number: int) -> float:
        """How far the best place for ``number`` is from where it would sit best."""
        span = L.highest - L.lowest
        return min(
            (abs((h + 0.5) / L.streets[s] * span + L.lowest - number)
             for s, h in sheet.places(L, number)),
            default=99.0,
        )  # fmt: skip

    if stage == CHOOSE:
        picks = [a for a in legal if isinstance(a, Pick)]
        if not picks:
            return legal[0]  # the refusal
        pairs = state.pairs()
        return min(picks, key=lambda a: misfit(pairs[a.pair][0]) + rng.random() * 0.5)
    if stage == ADJUSTING:
        number = state.choice[player][1]  # type: ignore[index]
        return min(
            legal,
            key=lambda a: misfit(number + (a.change if isinstance(a, Adjust) else 0)) + (a != SKIP),
        )
    if stage == WRITING:
        number = state.choice[player][1]  # type: ignore[index]
        span = L.highest - L.lowest
        return min(
            cast(list[Write], legal),  # only writes are asked now
            key=lambda a: (
                abs((a.house + 0.5) / L.streets[a.street] * span + L.lowest - number)
                + rng.random() * 0.1
            ),
        )
    if stage == ACTING:
        for action in legal:
            if isinstance(action, (Park, Pool)):
                return action
        fences = [a for a in legal if isinstance(a, Fence)]
        if fences:
            closing = [a for a in fences if _closes_estate(state, sheet, a)]
            return rng.choice(closing or fences)
        if any(isinstance(a, Extend) for a in legal):
            return SKIP
        return rng.choice(legal)
    if stage == CLAIMING:
        claims = [a for a in legal if isinstance(a, Claim)]
        return claims[0] if claims else FINISH
    return legal[0]


def _closes_estate(state: WelcomeToState, sheet, fence: Fence) -> bool:  # noqa: ANN001
    """Whether the fence ends a stretch of 1 to 6 numbered houses on its left."""
    L = state.L
    base = L.first[fence.street]
    start = fence.gap
    while start > 0 and not sheet.has_fence(L, fence.street, start - 1):
        start -= 1
    size = fence.gap - start + 1
    return size <= 6 and all(sheet.numbers[base + h] >= 0 for h in range(start, fence.gap + 1))
