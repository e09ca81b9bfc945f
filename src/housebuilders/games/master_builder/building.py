"""Master Builder's Phase 4, construction (MB-75 to MB-94; renting workers, MB-118): the
plan keys, the crews that meet a section's need, the building rules a plan must keep, the
renting of workers before the plans, and the plans staffed, handed in and built together.
The plans are hidden until all are in (MB-83); the skills a seat can place
(``available``) are in base.py. Mixed into ``MasterBuilderState`` (state.py)."""

from __future__ import annotations

from housebuilders.core import Action
from housebuilders.games.master_builder.actions import (
    CREWS,
    NONE,
    OFFERS,
    RENT_OUTS,
    STAFFS,
    SUBMIT_PLAN,
    UNSTAFFS,
    AcceptRent,
    DeclineRent,
    EndRenting,
    OfferRent,
    RentOut,
    RentPrice,
    Staff,
    SubmitPlan,
    Unstaff,
)
from housebuilders.games.master_builder.base import MasterBuilderBase
from housebuilders.games.master_builder.content import SECTIONS, SKILLS, can_staff, needs, workers
from housebuilders.games.master_builder.phases import (
    PLAN,
    RENT,
    RENT_ANSWER,
    RENT_COUNTER,
    RENT_PRICE,
)

CREW_INDEX = {crew: i for i, crew in enumerate(CREWS)}
WALLS, ROOFS = (0, 1, 2, 3), (4, 5)  # a building's sections (content.KINDS)
GABLES, SIDE_WALLS = (0, 1), (2, 3)
TOWN = ((0, 1, 2), (3, 4, 5))  # a town wall contract's two walls: wall section, side, side


def plan_key(contract: int, section: int, crew: tuple[int, int]) -> int:
    """A section staffed in a plan, as one number (``unkey`` reads it back)."""
    return (contract * SECTIONS + section) * len(CREWS) + CREW_INDEX[crew]


def unkey(key: int) -> tuple[int, int, tuple[int, int]]:
    place, crew = divmod(key, len(CREWS))
    contract, section = divmod(place, SECTIONS)
    return contract, section, CREWS[crew]


def crew_skills(crew: tuple[int, int]) -> tuple[int, ...]:
    """The skills of a crew's workers (one or two)."""
    return crew[:1] if crew[1] == NONE else crew


_FITTING: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def fitting(need: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The crews (CREWS) that meet a section's need (MB-76 to MB-79)."""
    found = _FITTING.get(need)
    if found is None:
        found = _FITTING[need] = tuple(c for c in CREWS if can_staff(need, crew_skills(c)))
    return found


def has_free(free: list[int], crew: tuple[int, int]) -> bool:
    """Whether the ``free`` workers (counted by skill) can make up ``crew``."""
    a, b = crew
    if b == NONE:
        return free[a] > 0
    return free[a] > (1 if a == b else 0) and free[b] > 0


class Construction(MasterBuilderBase):
    """Phase 4's rules, as methods of the state."""

    __slots__ = ()

    def free_skills(self, player: int) -> list[int]:
        """available() less the workers already placed in the plan (MB-80)."""
        counts = self.available(player)
        for key in self.plans[player]:
            for skill in crew_skills(unkey(key)[2]):
                counts[skill] -= 1
        return counts

    def placed(self, player: int, contract: int) -> set[int]:
        """The sections of ``contract`` built or in ``player``'s plan."""
        done = {s for s in range(SECTIONS) if self.built[contract][s]}
        return done | {s for c, s, _ in map(unkey, self.plans[player]) if c == contract}

    def section_rule(
        self, player: int, contract: int, section: int, placed: set[int] | None = None
    ) -> str | None:
        """Why ``section`` cannot join the plan for the building rules, or None:
        the roof after four walls (MB-89, Q7), no roofs after the "no-roofs" event, one
        town wall after the other (MB-91, Q9). ``placed``: ``placed(player, contract)``,
        where the caller has it."""
        if placed is None:
            placed = self.placed(player, contract)
        if self.is_town_wall(contract):
            other = set(TOWN[1 - section // 3])
            if placed & other and not other <= placed:
                return "town-wall"
            return None
        if section in ROOFS:
            if self.no_roofs:
                return "no-roofs"
            if not set(WALLS) <= placed:
                return "roof"
        return None

    def plan_fault(self, player: int) -> str | None:
        """Why the plan cannot be erected (MB-84), or None: the first contract's fault."""
        for c in sorted({unkey(k)[0] for k in self.plans[player]}):
            fault = self.contract_fault(player, c)
            if fault:
                return fault
        return None

    def contract_fault(self, player: int, contract: int) -> str | None:
        """Why the plan's sections of ``contract`` cannot be erected, or None: the stable
        start (MB-87, MB-92) and the rules of section_rule, over the whole plan."""
        new = {s for c, s, _ in map(unkey, self.plans[player]) if c == contract}
        built = {s for s in range(SECTIONS) if self.built[contract][s]}
        placed = built | new
        if self.is_town_wall(contract):
            started = [w for w in TOWN if placed & set(w)]
            if len(started) == 2 and not any(set(w) <= placed for w in started):
                return "town-wall"  # MB-91: both started, neither finished
            for wall in TOWN:
                fresh = new & set(wall)
                if fresh and not built & set(wall) and (wall[0] not in fresh or len(fresh) < 2):
                    return "town-stable"
            return None
        if new & set(ROOFS) and not set(WALLS) <= placed:
            return "roof"
        if (
            new & set(WALLS)
            and not built & set(WALLS)
            and not (new & set(GABLES) and new & set(SIDE_WALLS))
        ):
            return "stable"
        return None

    def offers(self, player: int) -> list[Action]:
        """MB-118, Q29: a free face-up worker's skill, to another seat this seat has not
        made ``options.rent_offers`` offers this turn that came to nothing; its price is
        proposed next. With rent-offers-only, the price (up to ``options.max_rent``, within
        what the seat can pay) is named in the offer, and one declined offer is the last to
        that seat this turn."""
        free = self.available(player)
        for skill in self.rented_in[player]:
            free[skill] -= 1  # a rented worker is not sublet
        seats = [p for p in range(self.num_players)
                 if p != player and self.offered.count(p) < self.rent_offers()]  # fmt: skip
        if not self.option("rent-offers-only"):
            return [RENT_OUTS[s, p] for s in range(SKILLS) if free[s] for p in seats]
        top = self.content.options.max_rent
        return [OFFERS[s, p, price] for s in range(SKILLS) if free[s] for p in seats
                for price in range(min(top, self.cash[p]) + 1)]  # fmt: skip

    def rent_offers(self) -> int:
        """Q29: the offers a seat renting out may make another in its turn that come to
        nothing (declined, or countered and the counter declined): the bound that ends the
        negotiation; one with rent-offers-only."""
        return 1 if self.option("rent-offers-only") else self.content.options.rent_offers

    def plan_actions(self, player: int) -> list[Action]:
        """MB-76 to MB-93: a section of an owned contract staffed by free workers, the
        rules of building kept; a section taken off; the plan finished if it stands."""
        out: list[Action] = []
        free = self.free_skills(player)
        planned = {(c, s) for c, s, _ in map(unkey, self.plans[player])}
        need = needs(self.content)
        for c in self.contracts[player]:
            placed = self.placed(player, c)  # built or planned
            for s in range(SECTIONS):
                if s in placed or self.section_rule(player, c, s, placed):
                    continue
                for crew in fitting(need[c][s]):
                    if has_free(free, crew):
                        out.append(STAFFS[c, s, *crew])
        out += [UNSTAFFS[c, s] for c, s in sorted(planned)]
        if self.plan_fault(player) is None:
            out.append(SUBMIT_PLAN)
        return out

    # -- moves ----------------------------------------------------------------------------
    def _start_phase_4(self) -> None:
        self.event = NONE
        if self.option("renting-workers"):
            self.phase, self.turn, self.event_step = RENT, self.first, 0
            return
        self._start_plans()

    def _start_plans(self) -> None:
        self.phase = PLAN
        self.submitted = [False] * self.num_players
        self.plan_from = len(self.history) + 1  # this action is recorded after _apply

    def _offer(self, player: int, action: OfferRent) -> bool:
        self.offer = [player, action.skill, action.player, action.price]
        self.phase, self.turn = RENT_ANSWER, action.player
        return False

    def _rent_out(self, player: int, action: RentOut) -> bool:
        """Q29: the worker offered; its owner proposes the price next."""
        self.offer = [player, action.skill, action.player, NONE]
        self.phase = RENT_PRICE
        return False

    def _rent_price(self, player: int, action: RentPrice) -> bool:
        """Q29: the owner's price, answered by the other seat; or that seat's counter-offer,
        answered by the owner."""
        self.offer[3] = action.price
        if self.phase == RENT_PRICE:
            self.phase, self.turn = RENT_ANSWER, self.offer[2]
        else:
            self.phase, self.turn = RENT_COUNTER, self.offer[0]
        return False

    def _answer(self, player: int, action: AcceptRent | DeclineRent) -> bool:
        owner, skill, renter, price = self.offer
        if isinstance(action, AcceptRent):
            cards = workers(self.content)
            worker = next(w for w in sorted(self.workers[owner]) if cards[w].skill == skill
                          and w not in self.down and w not in self.rented_out[owner])  # fmt: skip
            self.rented_out[owner].append(worker)
            self.rented_in[renter].append(skill)
            self.cash[renter] -= price
            self.cash[owner] += price
        else:
            self.offered.append(renter)  # an offer that came to nothing (Q29's bound)
        self.offer = []
        self.phase, self.turn = RENT, owner
        return False

    def _end_renting(self, player: int, action: EndRenting) -> bool:
        self.event_step, self.offered = self.event_step + 1, []
        if self.event_step >= self.num_players:
            self.event_step = 0
            self._start_plans()
        else:
            self.turn = self.next_seat(player)
        return False

    def _staff(self, player: int, action: Staff) -> bool:
        self.plans[player].append(plan_key(action.contract, action.section, action.crew))
        return False

    def _unstaff(self, player: int, action: Unstaff) -> bool:
        self.plans[player] = [k for k in self.plans[player]
                              if unkey(k)[:2] != (action.contract, action.section)]  # fmt: skip
        return False

    def _submit(self, player: int, action: SubmitPlan) -> bool:
        self.submitted[player] = True
        if not all(self.submitted):
            return False
        self._build()
        return True

    def _build(self) -> None:
        """MB-83, MB-94: every plan shown and erected at once; workers come back."""
        amounts = self.content.contracts
        for p in range(self.num_players):
            for c, s, _ in map(unkey, self.plans[p]):
                self.built[c][s] = 1
            for c in self.contracts[p][:]:
                if all(self.built[c]):
                    self.contracts[p].remove(c)
                    self.town.append(c)  # MB-97
                    self.income[p] += amounts[c].amount
                    self.log.append(f"player {p} completes contract {self.contract_name(c)}")
            self.plans[p] = []
            self.rented_in[p], self.rented_out[p] = [], []
        self.down, self.no_roofs = [], False
        self.submitted = [False] * self.num_players
        self.plan_from = 0
        self._start_phase_5()
