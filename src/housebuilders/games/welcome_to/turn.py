"""A Welcome To player's turn, one decision at a time, on their own sheet (a copy,
unseen by the others until the round is revealed): take a pair or refuse, use the
temporary worker, write the number, use the pair's action, claim city plans and mark
the estates they use. Each decision is a handler of ``_HANDLERS`` (state.py)."""

from __future__ import annotations

from typing import Any

from housebuilders.core import Action
from housebuilders.games.welcome_to.actions import (
    ADJUST,
    CLAIM,
    EXTEND,
    FENCE,
    FINISH,
    IMPROVE,
    MARK,
    PARK,
    PICK,
    POOL,
    REFUSE,
    SKIP,
    TEMP_CHANGES,
    WRITE,
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
from housebuilders.games.welcome_to.base import WelcomeToBase
from housebuilders.games.welcome_to.content import ESTATE_SIZES
from housebuilders.games.welcome_to.phases import (
    ACTING,
    ADJUSTING,
    CHOOSE,
    CLAIMING,
    DONE,
    MARKING,
    WRITING,
)
from housebuilders.games.welcome_to.sheet import EMPTY, Estate, Sheet


class Turn(WelcomeToBase):
    """Mixed into ``WelcomeToState``: what a player may decide in their turn, and
    each decision."""

    __slots__ = ()

    def _chosen(self, player: int) -> tuple[int, int, int, int]:
        """The pair ``player`` took this round: (pair, number, street, house)."""
        choice = self.choice[player]
        assert choice is not None, "a decision after the pair is taken"
        return choice

    # -- what a player may decide now ----------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        if self.over or self.stage[player] == DONE:
            return []
        stage, sheet, L = self.stage[player], self.sheet(player), self.L
        if stage == CHOOSE:
            return self._pair_choices(sheet)
        pair, number, street, house = self.choice[player] or (0, 0, 0, 0)
        if stage == ADJUSTING:  # ±0 crosses a box; with none left it is Skip (ruling 3)
            boxes = sheet.temps < L.temp_boxes
            out: list[Action] = [
                ADJUST[d] for d in TEMP_CHANGES if (d or boxes) and self._fits(sheet, number + d)
            ]
            if sheet.fits(L, number):
                out.append(SKIP)
            return out
        if stage == WRITING:
            return [WRITE[s][h] for s, h in sheet.places(L, number)]
        if stage == ACTING:
            return self._action_choices(player, sheet, self.pair(pair)[1], street, house)
        if stage == CLAIMING:
            return [CLAIM[k] for k in self._claimable(sheet)] + [FINISH]
        marking = self.marking[player]
        assert marking is not None
        return [MARK[s][a] for s, a, _ in self._mark_candidates(sheet, marking[1])]

    def _fits(self, sheet: Sheet, number: int) -> bool:
        return self.L.lowest <= number <= self.L.highest and sheet.fits(self.L, number)

    def _pair_choices(self, sheet: Sheet) -> list[Action]:
        """Every pair that can lead to a written number: its number as drawn fits, or
        its temporary worker changes it into one that fits. If no number fits as
        drawn, the player may refuse: "You need not use this optional action to
        avoid refusal" (ruling 2)."""
        pairs = self.pairs()
        as_drawn = [sheet.fits(self.L, n) for n, _ in pairs]
        usable: list[Action] = [
            PICK[i]
            for i, (n, action) in enumerate(pairs)
            if as_drawn[i] or self._worker_fits(sheet, n, action)
        ]
        return usable if any(as_drawn) else [REFUSE, *usable]

    def _worker_fits(self, sheet: Sheet, number: int, action: str) -> bool:
        """Whether the pair's temporary worker can change ``number`` into one that fits."""
        worker = action == "temp" and self.worker_changes(sheet)
        return worker and any(self._fits(sheet, number + d) for d in TEMP_CHANGES)

    def option(self, name: str) -> bool:
        """Whether the yes-or-no option ``name`` is on."""
        return bool(self.setup["options"].get(name, False))

    def worker_changes(self, sheet: Sheet) -> bool:
        """Whether a temporary worker may still change a number on ``sheet``: always, the
        11th box crossed or not ("You need not use this optional action to avoid
        refusal" sets no limit; past the track, nothing more is crossed nor scored); with
        the option ``track-limits``, only while a box is left (ruling 3)."""
        return not self.option("track-limits") or sheet.temps < self.L.temp_boxes

    def extension_usable(self, sheet: Sheet) -> bool:
        """Whether an extension may still be written: always ("Repeated B copies are
        allowed"; past the penalty track's last box a copy costs nothing more); with the
        option ``track-limits``, only while a penalty box is left (ruling 8)."""
        boxes = len(self.L.extension_ladder) - 1
        return not self.option("track-limits") or sheet.extensions < boxes

    def _action_choices(
        self, player: int, sheet: Sheet, action: str, street: int, house: int
    ) -> list[Action]:
        L = self.L
        out: list[Action] = []
        if action == "fence":  # a gap without a fence, outside the estates used for plans
            closed = sheet.fences
            for s, first, last in sheet.used:
                closed |= ((1 << (last - first)) - 1) << (L.gap_first[s] + first)
            out = [FENCE[s][gap] for s, gap, flat in L.gap_list if not closed >> flat & 1]
        elif action == "improvement":
            out = [
                IMPROVE[size]
                for size in range(1, ESTATE_SIZES + 1)
                if sheet.improvements[size - 1] < len(L.estate_ladders[size - 1]) - 1
            ]
        elif action == "park":
            if sheet.parks[street] < len(L.parks[street]) - 1:
                out = [PARK]
        elif action == "pool":
            if L.has_pool(street, house) and bin(sheet.pools).count("1") < len(L.pool_ladder) - 1:
                out = [POOL]
        elif action == "extension" and self.extension_usable(sheet):  # an empty house
            numbers = sheet.numbers  # beside a numbered one
            out = [
                EXTEND[s][h][side]
                for s, h, side, house, beside in L.neighbour_list
                if numbers[house] == EMPTY and numbers[beside] != EMPTY
            ]
        if out:
            out.append(SKIP)
        return out

    def _claimable(self, sheet: Sheet) -> list[int]:
        open_plans = [k for k in range(3) if sheet.plans[k] is None]
        if not open_plans:
            return []
        have = sheet.free_sizes(self.L)
        if not have:
            return []  # every plan asks for estates
        return [k for k in open_plans if _includes(have, self._plan(k).estates)]

    def _plan(self, k: int) -> Any:
        return self.content.plans.deck(k)[self.plans[k]]

    def _mark_candidates(self, sheet: Sheet, sizes: tuple[int, ...]) -> list[Estate]:
        return [e for e in sheet.free_estates(self.L) if e[2] - e[1] + 1 in sizes]

    # -- the pair (or a refusal), the temporary worker, the number ----------------------
    def _refuse(self, player: int, sheet: Sheet, action: Refuse) -> None:
        sheet.refusals += 1
        self.choice[player] = None
        self._to_claims(player, sheet)

    def _pick(self, player: int, sheet: Sheet, action: Pick) -> None:
        pair = action.pair
        number, act = self.pair(pair)
        self.choice[player] = (pair, number, -1, -1)
        use_temp = act == "temp" and self.worker_changes(sheet)
        self.stage[player] = ADJUSTING if use_temp else WRITING

    def _adjust(self, player: int, sheet: Sheet, action: Adjust) -> None:
        pair, number, _, _ = self._chosen(player)
        sheet.temps = min(sheet.temps + 1, self.L.temp_boxes)  # a box if one is left
        self.choice[player] = (pair, number + action.change, -1, -1)
        self.stage[player] = WRITING

    def _write(self, player: int, sheet: Sheet, action: Write) -> None:
        pair, number, _, _ = self._chosen(player)
        street, house = action.street, action.house
        sheet.numbers[self.L.first[street] + house] = number
        self.choice[player] = (pair, number, street, house)
        act = self.pair(pair)[1]
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
        _, _, street, _ = self._chosen(player)
        sheet.parks[street] += 1
        self._to_claims(player, sheet)

    def _pool(self, player: int, sheet: Sheet, action: Pool) -> None:
        _, _, street, house = self._chosen(player)
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


def _includes(have: list[int], sizes: list[int]) -> bool:
    """Whether the estate sizes ``have`` hold every size of ``sizes`` (with repeats)."""
    return all(have.count(size) >= sizes.count(size) for size in sizes)
