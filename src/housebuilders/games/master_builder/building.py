"""Master Builder's Phase 4, construction (MB-75 to MB-94; renting workers, MB-118): the
plan keys, the crews that meet a section's need, the building rules a plan must keep, the
renting of workers before the plans, and the plans staffed, handed in and built together.
The plans are hidden until all are in (MB-83); the skills a seat can place
(``available``) are in base.py. Mixed into ``MasterBuilderState`` (state.py)."""

from __future__ import annotations

from itertools import product

from housebuilders.core import Action
from housebuilders.core.content import per_content
from housebuilders.games.master_builder.actions import (
    CREWS,
    NONE,
    OFFERS,
    RENT_OUTS,
    STAFFS,
    SUBMIT_PLAN,
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
from housebuilders.games.master_builder.content import (
    SECTIONS,
    SKILLS,
    MasterBuilderContent,
    can_staff,
    needs,
    workers,
)
from housebuilders.games.master_builder.phases import (
    PLAN,
    RENT,
    RENT_ANSWER,
    RENT_COUNTER,
    RENT_PRICE,
)
from housebuilders.games.master_builder.sections import (
    KEYS,
    OPEN_SECTIONS,
    PART_FAULTS,
    UNSTAFF_ROWS,
    mask_of,
    section_fault,
)

CREW_INDEX = {crew: i for i, crew in enumerate(CREWS)}
WALLS, ROOFS = (0, 1, 2, 3), (4, 5)  # a building's sections (content.KINDS)
GABLES, SIDE_WALLS = (0, 1), (2, 3)
TOWN = ((0, 1, 2), (3, 4, 5))  # a town wall contract's two walls: wall section, side, side
#: the free workers of a skill that matter to a crew: it takes two at most
CAP = 2


def plan_key(contract: int, section: int, crew: tuple[int, int]) -> int:
    """A section staffed in a plan, as one number (``unkey`` reads it back)."""
    return (contract * SECTIONS + section) * len(CREWS) + CREW_INDEX[crew]


def unkey(key: int) -> tuple[int, int, tuple[int, int]]:
    return KEYS[key]


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


#: FREE_COUNTS[free_key(free)]: the free workers by skill, each count capped at CAP
FREE_COUNTS = tuple(list(counts) for counts in product(range(CAP + 1), repeat=SKILLS))


def free_key(free: list[int]) -> int:
    """The free workers by skill as far as a crew can tell them apart (each count
    between 0 and CAP), as one number: their index in FREE_COUNTS."""
    key = 0
    for n in free:
        key = key * (CAP + 1) + (CAP if n > CAP else n if n > 0 else 0)
    return key


class PlanTables:
    """What a plan's legal moves look up, for one content: which contracts are town
    walls, and the staffing actions of a contract in each position (made when first
    asked)."""

    def __init__(self, content: MasterBuilderContent) -> None:
        self.towns = tuple(c.kind == "town-wall" for c in content.contracts)
        self.needs = needs(content)
        self._contracts: dict[int, tuple[Staff, ...]] = {}
        self._sections: dict[int, tuple[Staff, ...]] = {}

    def staffs(self, contract: int, placed: int, free: int, no_roofs: bool) -> tuple[Staff, ...]:
        """The sections of ``contract`` that may join a plan where it has the sections
        ``placed`` (a mask), each staffed by every crew that meets its need and that the
        ``free`` workers (a free_key) can make up: sections in order, crews best first."""
        key = ((contract << SECTIONS | placed) * len(FREE_COUNTS) + free) * 2 + no_roofs
        found = self._contracts.get(key)
        if found is None:
            sections = OPEN_SECTIONS[self.towns[contract]][no_roofs][placed]
            found = self._contracts[key] = tuple(
                staff for s in sections for staff in self.section_staffs(contract, s, free)
            )
        return found

    def section_staffs(self, contract: int, section: int, free: int) -> tuple[Staff, ...]:
        """The section staffed by every crew that meets its need and that the ``free``
        workers (a free_key) can make up, best first."""
        key = (contract * SECTIONS + section) * len(FREE_COUNTS) + free
        found = self._sections.get(key)
        if found is None:
            counts = FREE_COUNTS[free]
            found = self._sections[key] = tuple(
                STAFFS[contract, section, *crew]
                for crew in fitting(self.needs[contract][section]) if has_free(counts, crew)
            )  # fmt: skip
        return found


@per_content
def plan_tables(content: MasterBuilderContent) -> PlanTables:
    return PlanTables(content)


class Construction(MasterBuilderBase):
    """Phase 4's rules, as methods of the state."""

    __slots__ = ()

    def free_skills(self, player: int) -> list[int]:
        """available() less the workers already placed in the plan (MB-80)."""
        return self.plan_parts(player)[1]

    def planned(self, player: int) -> dict[int, int]:
        """The sections in ``player``'s plan, as a mask by contract (in plan order)."""
        return self.plan_parts(player)[0]

    def plan_parts(self, player: int) -> tuple[dict[int, int], list[int]]:
        """``player``'s plan read once: planned() and free_skills()."""
        masks: dict[int, int] = {}
        free = self.available(player)
        for key in self.plans[player]:
            contract, section, (first, second) = KEYS[key]
            masks[contract] = masks.get(contract, 0) | (1 << section)
            free[first] -= 1
            if second != NONE:
                free[second] -= 1
        return masks, free

    def section_rule(self, player: int, contract: int, section: int) -> str | None:
        """Why ``section`` cannot join the plan for the building rules, or None:
        the roof after four walls (MB-89, Q7), no roofs after the "no-roofs" event, one
        town wall after the other (MB-91, Q9)."""
        placed = mask_of(self.built[contract]) | self.planned(player).get(contract, 0)
        return section_fault(self.is_town_wall(contract), self.no_roofs, placed, section)

    def plan_fault(self, player: int) -> str | None:
        """Why the plan cannot be erected (MB-84), or None: the first contract's fault."""
        return self._plan_fault(self.planned(player), plan_tables(self.content).towns)

    def _plan_fault(self, planned: dict[int, int], towns: tuple[bool, ...]) -> str | None:
        """plan_fault for the plan's sections by contract (``planned``)."""
        for c in sorted(planned):
            fault = PART_FAULTS[towns[c]][mask_of(self.built[c])][planned[c]]
            if fault:
                return fault
        return None

    def contract_fault(self, player: int, contract: int) -> str | None:
        """Why the plan's sections of ``contract`` cannot be erected, or None: the stable
        start (MB-87, MB-92), the roof after four walls and one town wall after the other,
        over the whole plan (sections.part_fault)."""
        new = self.planned(player).get(contract, 0)
        return PART_FAULTS[self.is_town_wall(contract)][mask_of(self.built[contract])][new]

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
        tables = plan_tables(self.content)
        planned, free_skills = self.plan_parts(player)
        free = free_key(free_skills)
        out: list[Action] = []
        for c in self.contracts[player]:
            placed = mask_of(self.built[c]) | planned.get(c, 0)
            out += tables.staffs(c, placed, free, self.no_roofs)
        for c in sorted(planned):
            out += UNSTAFF_ROWS[c][planned[c]]
        if self._plan_fault(planned, tables.towns) is None:
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
        place = action.contract, action.section
        self.plans[player] = [k for k in self.plans[player] if KEYS[k][:2] != place]
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
            for c, s, _ in map(KEYS.__getitem__, self.plans[p]):
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
