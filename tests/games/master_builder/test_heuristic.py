"""Master Builder's evaluation (heuristic.py): the forecast of the construction left, the
plan, the auctions and the contracts still to come, and greedy play on it."""

from __future__ import annotations

import random

import pytest

from housebuilders.agents.greedy import GreedyAgent
from housebuilders.agents.random_agent import RandomAgent
from housebuilders.agents.registry import make
from housebuilders.agents.turn import decide
from housebuilders.games.master_builder import heuristic
from housebuilders.games.master_builder.actions import (
    BIDS,
    NONE,
    PASS_OPENING,
    PUT_UPS,
    STAFFS,
    UNSTAFFS,
)
from housebuilders.games.master_builder.content import SECTIONS
from housebuilders.games.master_builder.phases import PLAN
from housebuilders.games.master_builder.sketch import _sketch, sketch
from housebuilders.games.master_builder.state import MasterBuilderState
from tests.games.master_builder.positions import A, F, J, M, auctioning, give, new, own, planning

OUTHOUSE = 2  # contract 3: gables and side walls by apprentices, the roof by merchants
TOWN_HALL = 7  # contract 8: needs masters


def crew_with_contract(skills: list[int], contract: int) -> MasterBuilderState:
    s = new(2)
    give(s, 0, skills)
    own(s, 0, contract)
    planning(s)
    return s


def test_a_contract_the_crew_can_finish_adds_about_its_amount() -> None:
    """The roof left, merchants at hand: the outhouse adds its amount, less a round's
    delay on two sections and the work on contracts still to come that they displace."""
    s = crew_with_contract([J, J, A, A], OUTHOUSE)
    s.built[OUTHOUSE] = [1, 1, 1, 1, 0, 0]
    without = s.clone()
    without.contracts[0] = []
    amount = s.content.contracts[OUTHOUSE].amount
    added = heuristic.worth(s, 0) - heuristic.worth(without, 0)
    assert amount * 0.7 < added < amount


def test_a_contract_the_crew_cannot_build_scores_as_unfinished() -> None:
    """Without a master the town hall's master sections never stand: the forecast leaves
    it unfinished (amount less $20,000 a missing section, floored at 0), not complete."""
    able = crew_with_contract([M, M, M, F, F, J, J], TOWN_HALL)
    unable = crew_with_contract([F, F, F, F, J, J, A], TOWN_HALL)
    for s in (able, unable):
        s.phase = "hire"
    amount = able.content.contracts[TOWN_HALL].amount
    gap = heuristic.worth(able, 0) + able.wage[0] * 5 - heuristic.worth(unable, 0) - (
        unable.wage[0] * 5)  # fmt: skip
    assert gap > amount / 2


def test_a_planned_section_that_stands_is_worth_more_than_none_and_a_lone_one_less() -> None:
    """Building now beats building later (a round's delay); a gable alone does not stand,
    and a section that can never stand costs."""
    s = crew_with_contract([A, A, J], OUTHOUSE)
    empty = heuristic.evaluate(s, 0)
    s.apply(0, STAFFS[OUTHOUSE, 0, A, -1])  # a gable: not stable alone, can be mended
    lone = heuristic.evaluate(s, 0)
    s.apply(0, STAFFS[OUTHOUSE, 2, A, -1])  # and a side wall: it stands
    stands = heuristic.evaluate(s, 0)
    assert stands > empty and stands > lone


def test_a_section_taken_off_the_plan_costs_so_a_search_does_not_wander() -> None:
    s = crew_with_contract([A, A, J], OUTHOUSE)
    s.apply(0, STAFFS[OUTHOUSE, 0, A, -1])
    s.apply(0, STAFFS[OUTHOUSE, 2, A, -1])
    stands = heuristic.evaluate(s, 0)
    s.apply(0, UNSTAFFS[OUTHOUSE, 2])
    s.apply(0, STAFFS[OUTHOUSE, 2, A, -1])  # the same plan again
    assert heuristic.evaluate(s, 0) == pytest.approx(stands - heuristic.TAKEN_OFF)


def test_mb_84_a_plan_that_cannot_be_mended_costs_and_greedy_takes_it_off() -> None:
    s = crew_with_contract([A], OUTHOUSE)
    s.apply(0, STAFFS[OUTHOUSE, 0, A, -1])  # a lone gable, and nobody left to mend it
    assert s.plan_fault(0) is not None
    stuck = heuristic.evaluate(s, 0)
    s.apply(0, UNSTAFFS[OUTHOUSE, 0])
    assert heuristic.evaluate(s, 0) > stuck
    s.apply(0, STAFFS[OUTHOUSE, 0, A, -1])
    bot = GreedyAgent(seed=0, samples=1)
    assert bot.choose(s, 0) == UNSTAFFS[OUTHOUSE, 0]


@pytest.mark.parametrize("seed", range(3))
def test_greedy_plans_end_within_a_bound_with_no_section_taken_off_and_back(seed: int) -> None:
    """A plan takes at most two actions a worker plus the hand-in: no cycle of staffing
    and taking off (which once kept a game from ending)."""
    s = new(2)
    bots = [GreedyAgent(seed=p, samples=1) for p in range(2)]
    plan_actions, steps = [0, 0], 0
    while not s.is_terminal():
        player = s.acting_players()[0]
        if s.phase == PLAN:
            plan_actions[player] += 1
            assert plan_actions[player] <= 2 * len(s.workers[player]) + 1
        else:
            plan_actions = [0, 0]
        s.apply(player, bots[player].choose(s.determinize(player, steps), player))
        steps += 1


def test_naming_a_contract_counts_its_minimum_bid() -> None:
    """The opener's choice is judged with the bid it commits to: a contract the crew
    cannot build is not named; one it can build at a low price is."""
    s = auctioning(2, [TOWN_HALL, OUTHOUSE])
    give(s, 0, [A, A, J, J])
    name_hall = s.clone()
    name_hall.apply(0, PUT_UPS[TOWN_HALL])
    passing = s.clone()
    passing.apply(0, PASS_OPENING)
    name_outhouse = s.clone()
    name_outhouse.apply(0, PUT_UPS[OUTHOUSE])
    assert heuristic.evaluate(name_hall, 0) < heuristic.evaluate(passing, 0)
    assert heuristic.evaluate(name_outhouse, 0) > heuristic.evaluate(passing, 0)


def test_the_high_bidder_counts_the_contract_bought_at_the_high_bid() -> None:
    s = auctioning(2, [OUTHOUSE])
    give(s, 0, [A, A, J, J])
    give(s, 1, [A, A, J, J])
    s.apply(0, PUT_UPS[OUTHOUSE])
    s.apply(0, BIDS[3 - 1])
    low = heuristic.worth(s, 0)
    s.high = 10
    assert heuristic.worth(s, 0) == pytest.approx(low - 7)


def test_an_idle_worker_earns_on_the_contracts_still_to_come() -> None:
    """Before any contract is out, a crew's idle time has a value (the unseen contracts'
    sections it can build), which a worker's wages are weighed against."""
    s = new(2)
    alone = heuristic.worth(s, 0)
    give(s, 0, [F])
    wages = heuristic.wages_due(s, 0)
    assert heuristic.worth(s, 0) > alone - wages


def test_greedy_beats_random_and_ends_with_money() -> None:
    results = []
    for seed in range(4):
        s = new(2).spec.new_game(2, seed=seed)
        bots = [GreedyAgent(seed=seed, samples=2), RandomAgent(seed=seed)]
        steps = 0
        while not s.is_terminal():
            player = s.acting_players()[0]
            s.apply(player, bots[player].choose(s.determinize(player, steps), player))
            steps += 1
        totals = [x["total"] for x in s.scores()]
        results.append(totals)
    assert all(g > r for g, r in results)
    assert sum(g for g, _ in results) / len(results) > 0


@pytest.mark.parametrize("seed", range(4))
def test_mb_84_the_sketched_plan_always_stands_and_uses_each_worker_once(seed: int) -> None:
    """The plan a determinization deals for a hidden seat (and the heuristic's forecast)
    is one the rules accept: in every construction phase of random games, the sketch,
    made afresh, is legal action by action and stands."""
    s = new(3).spec.new_game(3, seed=seed)
    rng = RandomAgent(seed=seed)
    checked = 0
    while not s.is_terminal():
        player = s.acting_players()[0]
        if s.phase == PLAN:
            trial = s.clone()
            trial.plans[player] = []
            for staff in s.sketch_plan(player):
                assert staff in trial.legal_actions(player)
                trial.apply(player, staff)
            assert trial.plan_fault(player) is None
            checked += 1
        s.apply(player, rng.choose(s, player))
    assert checked > 10


def test_ismcts_finishes_a_game_and_each_plan_within_a_bound() -> None:
    """The search does not take sections off and back for ever: every plan ends within
    a few actions a worker, and the game ends."""
    s = new(2).spec.new_game(2, seed=0)
    bots = [make("ismcts:iterations=20", seed=0), GreedyAgent(seed=1, samples=2)]
    in_plan = [0, 0]
    while not s.is_terminal():
        player = s.acting_players()[0]
        in_plan[player] = in_plan[player] + 1 if s.phase == PLAN else 0
        assert in_plan[player] <= 3 * len(s.workers[player]) + 2
        s.apply(player, decide(bots[player], s, player, game_seed=0))


@pytest.mark.parametrize("players", [2, 4])
def test_the_remembered_sketches_and_unseen_work_are_the_ones_made_afresh(players: int) -> None:
    """The bots' memories (``sketch.sketch``, ``heuristic.unseen_work``, the forecasts'
    earnings and the likely crews) are keyed on all that their answers depend on: along
    random games, with the content overridden half-way (a new content object), each
    answer is the one computed afresh."""
    rng = random.Random(players)
    for content in (None, {"unfinished_penalty": 15}):
        s = new(players).spec.new_game(players, seed=players, content=content)
        while not s.is_terminal():
            player = s.acting_players()[0]
            outlook = heuristic.Outlook(s, player, float(s.cash[player]))
            fresh = heuristic.find_unseen_work(s, len(outlook.crews), outlook.this_round)
            assert (outlook.pool, outlook.offered, outlook.display_at) == fresh
            held = {c: list(s.built[c]) for c in s.contracts[player]}
            for later, price in [(NONE, 0.0), *((c, 9.5) for c in outlook.offered)]:
                more = {**held, later: list(s.built[later])} if later != NONE else held
                expected = outlook._earnings(more, later, price)
                assert outlook.earnings(more, later, price) == expected  # made or kept
                assert outlook.earnings(more, later, price) == expected  # kept
            kept = heuristic.likely_crew(s, player)
            heuristic._crews(s.content).clear()
            assert heuristic.likely_crew(s, player) == kept
            for c in range(len(s.content.contracts)):
                built = [rng.random() < 0.3 for _ in range(SECTIONS)]
                free = sorted(rng.choice(range(len(s.content.skills))) for _ in range(4))
                left, again = list(free), list(free)
                assert list(sketch(s, c, built, left)) == _sketch(s, c, built, again)
                assert left == again
            s.apply(player, rng.choice(s.legal_actions(player)))
