"""A Welcome To player's turn, one decision at a time, on their own sheet (a copy,
unseen by the others until the round is revealed): take a pair or refuse, use the
temporary worker, write the number, use the pair's action, claim city plans and mark
the estates they use. Each decision is a handler of ``_HANDLERS`` (state.py)."""

from __future__ import annotations

from .actions import (
    Adjust,
    Claim,
    Extend,
    Fence,
    Finish,
    Improve,
    Mark,
    Park,
    Pick,
    Pool,
    Refuse,
    Skip,
    Write,
)
from .sheet import Estate, Sheet
from .stages import ACTING, ADJUSTING, CLAIMING, DONE, MARKING, WRITING


class Turn:
    """Mixed into ``WelcomeToState``: the moves of a player's turn."""

    __slots__ = ()

    # -- the pair (or a refusal), the temporary worker, the number ----------------------
    def _refuse(self, player: int, sheet: Sheet, action: Refuse) -> None:
        sheet.refusals += 1
        self.choice[player] = None
        self._to_claims(player, sheet)

    def _pick(self, player: int, sheet: Sheet, action: Pick) -> None:
        pair = action.pair
        number, act = self.pairs()[pair]
        self.choice[player] = (pair, number, -1, -1)
        use_temp = act == "temp" and self.worker_changes(sheet)
        self.stage[player] = ADJUSTING if use_temp else WRITING

    def _adjust(self, player: int, sheet: Sheet, action: Adjust) -> None:
        pair, number, _, _ = self.choice[player]
        sheet.temps = min(sheet.temps + 1, self.L.temp_boxes)  # a box if one is left
        self.choice[player] = (pair, number + action.change, -1, -1)
        self.stage[player] = WRITING

    def _write(self, player: int, sheet: Sheet, action: Write) -> None:
        pair, number, _, _ = self.choice[player]
        street, house = action.street, action.house
        sheet.numbers[self.L.first[street] + house] = number
        self.choice[player] = (pair, number, street, house)
        act = self.pairs()[pair][1]
        if act != "temp" and self._action_choices(player, sheet, act, street, house):
            self.stage[player] = ACTING
        else:
            self._to_claims(player, sheet)

    def _skip(self, player: int, sheet: Sheet, action: Skip) -> None:
        if self.stage[player] == ADJUSTING:
            self.stage[player] = WRITING
        else:
            self._to_claims(player, sheet)

    # -- the pair's action ---------------------------------------------------------------
    def _fence(self, player: int, sheet: Sheet, action: Fence) -> None:
        sheet.fences |= 1 << (self.L.gap_first[action.street] + action.gap)
        self._to_claims(player, sheet)

    def _improve(self, player: int, sheet: Sheet, action: Improve) -> None:
        sheet.improvements[action.size - 1] += 1
        self._to_claims(player, sheet)

    def _park(self, player: int, sheet: Sheet, action: Park) -> None:
        _, _, street, _ = self.choice[player]
        sheet.parks[street] += 1
        self._to_claims(player, sheet)

    def _pool(self, player: int, sheet: Sheet, action: Pool) -> None:
        _, _, street, house = self.choice[player]
        sheet.pools |= 1 << (self.L.first[street] + house)
        self._to_claims(player, sheet)

    def _extend(self, player: int, sheet: Sheet, action: Extend) -> None:
        """Copy the neighbour's number, marked B."""
        L = self.L
        index = L.first[action.street] + action.house
        sheet.numbers[index] = sheet.numbers[index + action.side]
        sheet.bis |= 1 << index
        sheet.extensions = min(sheet.extensions + 1, len(L.extension_ladder) - 1)
        self._to_claims(player, sheet)

    # -- city plans ----------------------------------------------------------------------
    def _to_claims(self, player: int, sheet: Sheet) -> None:
        """After the number and its action: plans to claim, or the choice is made."""
        self.stage[player] = CLAIMING if self._claimable(sheet) else DONE

    def _claim(self, player: int, sheet: Sheet, action: Claim) -> None:
        plan = action.plan
        sizes = tuple(sorted(self._plan(plan).estates))
        self.marking[player] = (plan, sizes, ())
        self.stage[player] = MARKING
        self._auto_mark(player, sheet)

    def _mark_estate(self, player: int, sheet: Sheet, action: Mark) -> None:
        self._mark(player, sheet, (action.street, action.start))

    def _finish(self, player: int, sheet: Sheet, action: Finish) -> None:
        self.stage[player] = DONE

    def _auto_mark(self, player: int, sheet: Sheet) -> None:
        """Mark estates for the plan being claimed while there is no choice."""
        while self.stage[player] == MARKING:
            _, sizes, _ = self.marking[player]  # type: ignore[misc]
            candidates = self._mark_candidates(sheet, sizes)
            if len(candidates) != 1 and not _forced(candidates, sizes):
                return
            self._mark(player, sheet, candidates[0][:2])

    def _mark(self, player: int, sheet: Sheet, where: tuple[int, int]) -> None:
        plan, sizes, chosen = self.marking[player]  # type: ignore[misc]
        estate = next(e for e in sheet.free_estates(self.L) if e[:2] == where)
        size = estate[2] - estate[1] + 1
        rest = list(sizes)
        rest.remove(size)
        sheet.used = (*sheet.used, estate)
        if rest:
            self.marking[player] = (plan, tuple(rest), (*chosen, estate))
            self._auto_mark(player, sheet)
            return
        # Everyone first claiming a plan in the same round gets its higher value.
        value = self._plan(plan).later if self.flipped[plan] else self._plan(plan).first
        sheet.plans[plan] = value
        self.marking[player] = None
        self._to_claims(player, sheet)


def _forced(candidates: list[Estate], sizes: tuple[int, ...]) -> bool:
    """Every candidate estate will be needed: marking them in any order is the same."""
    return len(candidates) == len(sizes) and sorted(e[2] - e[1] + 1 for e in candidates) == sorted(
        sizes
    )
