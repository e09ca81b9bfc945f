"""Master Builder's rules engine on the rulebook's examples and its refusals (each test
marked with the ids of rules-reference.md it checks)."""

from __future__ import annotations

import pytest

import housebuilders.games.master_builder  # noqa: F401  (registers the game)
from housebuilders.agents.greedy import GreedyAgent
from housebuilders.core import IllegalAction, new_game
from housebuilders.core.testing import check_random_game
from housebuilders.games.master_builder.actions import (
    ACCEPT_RENT,
    BIDS,
    DECLINE_RENT,
    END_RENTING,
    HIRES,
    NONE,
    PASS_BID,
    PASS_HIRING,
    PASS_OPENING,
    PUT_UPS,
    RENT_OUTS,
    RENT_PRICES,
    STAFFS,
    SUBMIT_PLAN,
    TAKE_LOANS,
    FireWorker,
    Staff,
    Unstaff,
)
from housebuilders.games.master_builder.content import workers
from housebuilders.games.master_builder.phases import BID, HIRE, LOAN, OPEN, OPENING_BID, PLAN, RENT
from housebuilders.games.master_builder.state import MasterBuilderState

M, F, J, A = range(4)
ALL_OPTIONS = {"choosing-workers": True, "selective-events": True,
               "additional-events": True, "renting-workers": True}  # fmt: skip


def new(players: int = 4, **options: bool | str) -> MasterBuilderState:
    state = new_game("master-builder", players, seed=3, options=options)
    assert isinstance(state, MasterBuilderState)
    return state


def give(s: MasterBuilderState, player: int, skills: list[int]) -> list[int]:
    """Hand ``player`` the next card of each skill's deck (bottom first, so the face-up
    tops stay); their wage marker follows."""
    cards = workers(s.content)
    taken = []
    for skill in skills:
        worker = s.decks[skill].pop()
        s.workers[player].append(worker)
        s.wage[player] += cards[worker].wage
        taken.append(worker)
    return taken


def own(s: MasterBuilderState, player: int, contract: int) -> None:
    for place in (s.contract_deck, s.removed, s.display):
        if contract in place:
            place.remove(contract)
    s.contracts[player].append(contract)


def planning(s: MasterBuilderState) -> None:
    s.round, s.phase, s.submitted = 2, PLAN, [False] * s.num_players
    s.plan_from = len(s.history)


@pytest.mark.rule("MB-5", "MB-30")
def test_mb_5_mb_30_the_rulebooks_crew_shows_14_on_the_wage_track_after_the_draft() -> None:
    s = new(2)
    crew = [M, F, J, A, A]
    for pick in range(5):
        s.apply(0, HIRES[crew[pick]])
        s.apply(1, s.legal_actions(1)[0])
    assert s.wage[0] == 14 and s.phase == OPEN


@pytest.mark.rule("MB-36")
def test_mb_36_a_hire_past_the_wage_cap_of_30_is_refused_in_the_rulebooks_words() -> None:
    s = new(2)
    s.round, s.phase, s.turn = 2, HIRE, 0
    give(s, 0, [M, M, M, F, F, A, A, A, A])  # 15 + 8 + 4 = 27
    assert s.wage[0] == 27
    with pytest.raises(IllegalAction, match="wage track ends at 30.*from 27 to 32"):
        s.apply(0, HIRES[M])
    with pytest.raises(IllegalAction, match="wage track ends at 30"):
        s.apply(0, HIRES[F])
    s.apply(0, HIRES[J])
    assert s.wage[0] == 30


def auction_of_contract_1() -> MasterBuilderState:
    s = new(4)
    while s.phase != OPEN:
        s.apply(s.turn, s.legal_actions(s.turn)[0])
    if 0 not in s.display:
        own(s, 3, 0)
        s.contracts[3].remove(0)
        s.display[0] = 0
    return s


@pytest.mark.rule("MB-49", "MB-50", "MB-52", "MB-53")
def test_mb_52_the_auction_of_contract_1_goes_to_red_at_7000() -> None:
    s = auction_of_contract_1()
    blue, yellow, green, red = range(4)
    cash = s.cash[red]
    s.apply(blue, PUT_UPS[0])
    s.apply(blue, BIDS[2 - 1])
    s.apply(yellow, BIDS[5 - 1])
    s.apply(green, PASS_BID)
    s.apply(red, BIDS[7 - 1])
    s.apply(blue, PASS_BID)
    assert s.turn == yellow  # green, who passed, is never asked again (MB-49)
    s.apply(yellow, PASS_BID)
    assert s.contracts[red] == [0] and s.cash[red] == cash - 7
    assert 0 not in s.display and s.phase == OPEN and s.turn == blue  # MB-53


@pytest.mark.rule("MB-45", "MB-47", "MB-48")
def test_mb_45_mb_47_mb_48_bids_below_the_minimum_not_higher_or_above_cash_are_refused() -> None:
    s = auction_of_contract_1()
    s.apply(0, PUT_UPS[0])
    assert s.phase == OPENING_BID
    with pytest.raises(IllegalAction, match="at least equal to the minimum bid.*\\$2,000"):
        s.apply(0, BIDS[0])
    with pytest.raises(IllegalAction, match="MUST be able to pay the amount they bid"):
        s.apply(0, BIDS[s.cash[0]])
    s.cash[1] = 60  # the others cannot raise all of 40 and pass at once
    s.apply(0, BIDS[s.cash[0] - 1])  # all one's cash is a bid
    assert s.phase == BID and s.turn == 1
    with pytest.raises(IllegalAction, match="must bid a higher amount"):
        s.apply(1, BIDS[s.high - 1])


@pytest.mark.rule("MB-41")
@pytest.mark.parametrize(("players", "revealed"), [(2, 0), (3, 1), (4, 1)])
def test_mb_41_the_0_1_1_economic_card_reveals_its_count(players: int, revealed: int) -> None:
    s = new(players)
    card = next(i for i, e in enumerate(s.content.economy) if e.reveal == [0, 1, 1])
    s.round, s.display = 2, []
    s.economy = [card] + [e for e in s.economy if e != card][:4]
    s.boxed_economy = [e for e in range(len(s.content.economy)) if e not in s.economy]
    deck = len(s.contract_deck)
    s._start_phase_2()
    assert len(s.display) == revealed and len(s.contract_deck) == deck - revealed
    assert s.economy_shown == [card]


@pytest.mark.rule("MB-85")
def test_mb_85_contract_8_the_rulebooks_crew_builds_a_side_wall_and_both_gables() -> None:
    s = new(2)
    give(s, 0, [M, F, F, J, A, A])  # Q30: six workers, as listed
    own(s, 0, 7)
    planning(s)
    legal = s.legal_actions(0)
    assert not any(isinstance(a, Staff) and A in (a.first, a.second) for a in legal)
    for action in (STAFFS[7, 2, M, NONE], STAFFS[7, 0, F, NONE], STAFFS[7, 1, F, J]):
        s.apply(0, action)
    left = [a for a in s.legal_actions(0) if isinstance(a, Staff)]
    assert left == []  # the other wall needs a master; the roof waits for four walls
    s.apply(0, SUBMIT_PLAN)
    s.apply(1, SUBMIT_PLAN)
    assert s.built[7] == [1, 1, 1, 0, 0, 0]


@pytest.mark.rule("MB-76")
def test_mb_76_a_section_without_the_skill_is_refused() -> None:
    s = new(2)
    give(s, 0, [J, J])
    own(s, 0, 7)
    planning(s)
    with pytest.raises(IllegalAction, match="MINIMUM skill.*gable 1 of contract 8 needs a foreman"):
        s.apply(0, STAFFS[7, 0, J, NONE])


@pytest.mark.rule("MB-89")
def test_mb_89_a_roof_before_four_walls_is_refused() -> None:
    s = new(2)
    give(s, 0, [M, M, M])
    own(s, 0, 7)
    s.built[7][:3] = [1, 1, 1]
    planning(s)
    with pytest.raises(IllegalAction, match="roof can only be built when all 4 walls"):
        s.apply(0, STAFFS[7, 5, M, NONE])
    s.apply(0, STAFFS[7, 3, M, NONE])  # Q7: the fourth wall in the same plan counts
    s.apply(0, STAFFS[7, 5, M, NONE])
    assert s.plan_fault(0) is None


@pytest.mark.rule("MB-80")
def test_mb_80_a_worker_on_two_sections_is_refused() -> None:
    s = new(2)
    give(s, 0, [M])
    own(s, 0, 7)
    planning(s)
    s.apply(0, STAFFS[7, 2, M, NONE])
    with pytest.raises(IllegalAction, match="placed on one section only"):
        s.apply(0, STAFFS[7, 3, M, NONE])


@pytest.mark.rule("MB-82", "MB-87")
def test_mb_87_a_lone_wall_does_not_stand_and_cannot_be_submitted() -> None:
    s = new(2)
    give(s, 0, [M])
    own(s, 0, 7)
    planning(s)
    s.apply(0, STAFFS[7, 2, M, NONE])
    with pytest.raises(IllegalAction, match="must be stable"):
        s.apply(0, SUBMIT_PLAN)
    s.apply(0, Unstaff(7, 2))
    s.apply(0, SUBMIT_PLAN)  # MB-82: an empty plan


@pytest.mark.rule("MB-83")
def test_mb_83_a_plan_stays_hidden_until_every_plan_is_in() -> None:
    s = new(2)
    give(s, 0, [M, F])
    own(s, 0, 7)
    planning(s)
    s.apply(0, STAFFS[7, 2, M, NONE])
    s.apply(0, STAFFS[7, 0, F, NONE])
    s.apply(0, SUBMIT_PLAN)
    assert "plan" not in s.observe(1)["players"][0] and s.history_seen_by(1) == []
    assert s.built[7] == [0] * 6
    s.apply(1, SUBMIT_PLAN)
    assert s.built[7][:3] == [1, 0, 1] and s.is_public(len(s.history) - 1)


@pytest.mark.rule("MB-105", "MB-106", "MB-112")
def test_mb_105_mb_106_mb_112_loans_repay_early_then_late_once_the_deck_is_empty() -> None:
    s = new(2)
    assert [s.repayment(0), s.repayment(1)] == [13, 38]
    s.cash[0], s.ious[0] = 20, [1, 0]
    assert s.scores()[0]["total"] == 7
    s.contract_deck = []
    assert [s.repayment(0), s.repayment(1)] == [15, 40]
    assert s.scores()[0]["total"] == 5


@pytest.mark.rule("MB-111")
def test_mb_111_an_unfinished_building_scores_its_amount_less_20000_a_section_never_below_0() -> (
    None
):
    s = new(2)
    s.cash[0] = 0
    own(s, 0, 7)  # $46,000
    s.built[7] = [1, 1, 1, 1, 1, 0]
    assert s.breakdown(0)["buildings"] == 26
    own(s, 0, 0)  # nothing built: never below 0 (Q18)
    assert s.breakdown(0)["buildings"] == 26


@pytest.mark.rule("MB-119")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_mb_119_whole_games_play_with_all_the_options(players: int) -> None:
    final = check_random_game("master-builder", players, seed=1, options=ALL_OPTIONS)
    assert final.is_terminal() and final.round <= 6


def test_greedy_bots_on_the_heuristic_hand_in_their_plans_and_finish_the_game() -> None:
    s = new(2)
    bots = [GreedyAgent(seed=p, samples=2) for p in range(2)]
    steps = 0
    while not s.is_terminal():
        player = s.acting_players()[0]
        s.apply(player, bots[player].choose(s.determinize(player, steps), player))
        steps += 1
        assert steps < 2000, f"no end after 2,000 actions ({s.phase})"
    assert s.round == s.last_round


@pytest.mark.rule("MB-13", "MB-67")
def test_mb_13_mb_67_the_action_that_leads_into_the_events_cannot_be_taken_back() -> None:
    s = auction_of_contract_1()
    while s.phase == OPEN or s.phase in (OPENING_BID, BID):
        s.apply(s.turn, s.legal_actions(s.turn)[-1])
    assert s.events_seen and s.undo_floor == len(s.history)


@pytest.mark.rule("MB-69", "MB-70", "MB-72", "MB-73", "MB-74")
@pytest.mark.parametrize("event", range(16))
def test_mb_69_to_mb_74_each_event_card_does_what_it_says(event: int) -> None:
    s = new(2)
    for player in (0, 1):
        give(s, player, [M, F, F, J, J, A, A, A])
    card = s.content.events[event]
    s.round, s.phase = 2, OPEN
    s.event_deck.remove(event)
    s.event_deck.insert(0, event)
    cash, wage, mine = s.cash[:], s.wage[:], [w[:] for w in s.workers]

    def matching(player: int) -> list[int]:
        s.event = event
        found = [w for w in mine[player] if s.matches(w, True)]
        s.event = NONE
        return found

    s._start_phase_3()
    while s.phase in ("event-choice",):
        s.apply(s.turn, s.legal_actions(s.turn)[0])
    assert s.event_deck[-1] == event and s.phase == PLAN  # MB-73: under the deck
    for p in (0, 1):
        found = matching(p)
        hit = len(found) >= card.at_least
        if card.effect == "unavailable":  # MB-69, MB-70: face down, still paid
            assert set(s.down) >= set(found) and s.wage[p] == wage[p]
        elif card.effect == "choose-unavailable":
            assert len([w for w in found if w in s.down]) == (1 if found else 0)
            assert s.cash[p] == cash[p] + (card.gain if found else 0)
        elif card.effect == "dismiss":  # MB-72: gone, under its deck, the wage lower
            gone = [w for w in mine[p] if w not in s.workers[p]]
            assert len(gone) == (1 if hit else 0) and s.wage[p] <= wage[p]
            assert all(w in found and w in {x for d in s.decks for x in d[-2:]} for w in gone)
        elif card.effect == "pay":
            assert s.cash[p] == cash[p] - (min(card.pay, cash[p]) if hit else 0)
        elif card.effect == "no-roofs":
            assert s.no_roofs
        else:
            assert s.cash[p] == cash[p] and not s.down and s.workers[p] == mine[p]


@pytest.mark.rule("MB-109", "MB-110")
def test_mb_109_mb_110_all_contracts_acquired_in_round_4_end_the_game_after_round_5() -> None:
    s = new(2)
    for c in s.contract_deck + s.display:
        s.contracts[c % 2].append(c)
    s.round, s.contract_deck, s.display = 4, [], []
    s._end_phase_2()
    assert s.last_round == 5
    s.round, shown = 5, len(s.economy_shown)
    s._start_phase_2()  # Q17: the extra round turns no card and offers nothing
    assert len(s.economy_shown) == shown and s.phase != OPEN
    s.round = 5
    s._end_round()
    assert s.is_terminal()


@pytest.mark.rule("MB-64", "MB-66")
def test_mb_64_mb_66_an_unwanted_contract_carries_5000_once_then_leaves() -> None:
    s = new(2)
    c = s.contract_deck.pop()
    s.round, s.display = 2, [c]
    s._end_phase_2()
    assert s.display == [c] and s.bonus[c] == 5
    s.phase = PLAN
    s._end_phase_2()
    assert s.display == [] and c in s.gone and s.bonus[c] == 0


@pytest.mark.rule("MB-31", "MB-33", "MB-34")
def test_mb_34_q2_phase_1_ends_once_every_seat_has_passed_in_a_row() -> None:
    """"only ONE at a time, in turn order" and "they may decide to hire or fire a worker
    at their next opportunity": the text names no count of go-rounds, so the phase goes
    on while anyone acts, and ends once every seat has passed in a row (nothing changed
    since each passed)."""
    s = new(3)
    s.round, s.phase, s.turn, s.cash = 2, HIRE, 0, [60, 60, 60]
    for _ in range(4):  # a fourth opportunity and more
        s.apply(0, HIRES[A])
        s.apply(1, PASS_HIRING)
        s.apply(2, PASS_HIRING)
    assert s.phase == HIRE and len(s.workers[0]) == 4
    s.apply(0, PASS_HIRING)  # seats 1, 2 and 0 in a row
    assert s.phase != HIRE
    s = new(3)
    s.round, s.phase, s.turn = 2, HIRE, 0
    s.apply(0, PASS_HIRING)
    s.apply(1, HIRES[A])  # seat 0 passed, seat 1 acts: seat 0 is asked again
    s.apply(2, PASS_HIRING)
    s.apply(0, PASS_HIRING)
    assert s.phase == HIRE and s.turn == 1
    s.apply(1, PASS_HIRING)  # seats 2, 0 and 1 in a row
    assert s.phase != HIRE


@pytest.mark.rule("MB-34", "MB-38")
def test_mb_34_q2_a_seat_does_not_hire_again_a_worker_it_fired_in_the_phase() -> None:
    """The least bound that ends the phase: a worker a seat fired in this phase is not
    hired again by it then (each seat moves each card twice at most: hire and fire), so
    hiring and firing cannot go on without end."""
    s = new(2)
    s.round, s.phase, s.turn = 2, HIRE, 0
    deck = s.decks[M]
    deck[1:] = []  # the master deck holds one card
    (master,) = deck
    s.apply(0, HIRES[M])
    s.apply(1, PASS_HIRING)
    s.apply(0, FireWorker(master))  # back on the empty deck, face up (MB-38)
    assert s.decks[M] == [master] and HIRES[M] in s.legal_actions(1)  # another seat may
    s.apply(1, PASS_HIRING)
    assert HIRES[M] not in s.legal_actions(0)
    with pytest.raises(IllegalAction, match="fired .* in this phase"):
        s.apply(0, HIRES[M])
    s.apply(0, PASS_HIRING)  # seats 1 and 0 in a row
    assert s.phase != HIRE and s.fired == [[], []]


@pytest.mark.rule("MB-32", "MB-34")
def test_mb_34_q2_three_go_rounds_is_the_option_of_the_first_reading() -> None:
    s = new(2, **{"three-go-rounds": True})
    s.round, s.phase, s.turn, s.cash = 2, HIRE, 0, [60, 60]
    s.apply(0, PASS_HIRING)
    s.apply(1, PASS_HIRING)
    assert s.phase != HIRE  # everyone passed in one go-round
    s = new(2, **{"three-go-rounds": True})
    s.round, s.phase, s.turn = 2, HIRE, 0
    for _ in range(3):
        s.apply(0, HIRES[A])  # MB-32: one action per opportunity, three opportunities
        s.apply(1, PASS_HIRING)
    assert s.phase != HIRE and len(s.workers[0]) == 3


@pytest.mark.rule("MB-63")
def test_mb_63_q5_a_seat_without_a_contract_may_not_pass_on_opening_in_round_1() -> None:
    s = auction_of_contract_1()
    assert s.round == 1 and PASS_OPENING not in s.legal_actions(s.turn)


@pytest.mark.rule("MB-62")
def test_mb_62_the_last_contract_goes_at_its_minimum_to_the_last_seat_without_one() -> None:
    s = new(2)
    while s.phase != OPEN:
        s.apply(s.turn, s.legal_actions(s.turn)[0])
    first, second, last = s.display
    for contract in (first, second):
        s.apply(0, PUT_UPS[contract])
        s.apply(0, BIDS[s.content.contracts[contract].min_bid - 1])
        if s.phase == BID:
            s.apply(1, PASS_BID)
    assert s.contracts[0] == [first, second]
    cost = s.content.contracts[last].min_bid
    assert s.contracts[1] == [last] and s.cash[1] == 40 - cost and s.phase != OPEN


@pytest.mark.rule("MB-100", "MB-102", "MB-103")
def test_mb_100_q11_a_seat_short_of_its_wages_takes_loans_one_at_a_time() -> None:
    s = new(2)
    give(s, 0, [M, M, M, M, M, F])  # wage 29
    s.cash = [0, 40]
    s._start_phase_5()
    assert s.phase == LOAN and s.turn == 0 and s.legal_actions(0) == list(TAKE_LOANS)
    for _ in range(3):
        s.apply(0, TAKE_LOANS[0])
    assert s.cash[0] == 1 and s.ious[0] == [3, 0]  # MB-102, MB-103


@pytest.mark.rule("MB-118")
def test_mb_118_q29_a_rented_worker_builds_for_the_renter_and_goes_home() -> None:
    s = new(2, **{"renting-workers": True})
    (master,) = give(s, 0, [M])
    own(s, 1, 7)
    give(s, 1, [F])
    s.round, s.phase, s.turn, s.event_step = 2, RENT, 0, 0
    s.apply(0, RENT_OUTS[M, 1])
    s.apply(0, RENT_PRICES[3])
    s.apply(1, ACCEPT_RENT)
    assert s.cash == [43, 37] and s.available(0)[M] == 0 and s.available(1)[M] == 1
    s.apply(0, END_RENTING)
    s.apply(1, END_RENTING)
    s.apply(1, STAFFS[7, 2, M, NONE])
    s.apply(1, STAFFS[7, 0, F, NONE])
    s.apply(0, SUBMIT_PLAN)
    s.apply(1, SUBMIT_PLAN)
    assert s.built[7][:3] == [1, 0, 1] and master in s.workers[0] and s.rented_in == [[], []]
    assert s.wage[0] == 5  # the owner still pays its wage


@pytest.mark.rule("MB-118")
def test_mb_118_q29_several_workers_may_be_rented_to_one_seat() -> None:
    """"they may rent them to the other players": each free worker, one offer at a
    time, several to the same seat."""
    s = new(3, **{"renting-workers": True})
    give(s, 0, [A, A, A])
    own(s, 1, 0)
    s.round, s.phase, s.turn, s.event_step = 2, RENT, 0, 0
    for price in (1, 2):
        s.apply(0, RENT_OUTS[A, 1])
        s.apply(0, RENT_PRICES[price])
        s.apply(1, ACCEPT_RENT)
    assert s.rented_in[1] == [A, A] and s.cash[:2] == [43, 37] and s.available(0)[A] == 1
    assert {RENT_OUTS[A, 1], RENT_OUTS[A, 2]} <= set(s.legal_actions(0))


@pytest.mark.rule("MB-118")
def test_mb_118_q29_the_rent_is_negotiated_the_other_seat_counters() -> None:
    """"The rental amount is decided by negotiation": the owner proposes a price, the
    other seat accepts, declines or proposes another (up to its cash), which the owner
    accepts or declines; an offer that comes to nothing leaves both as they were."""
    s = new(2, **{"renting-workers": True})
    give(s, 0, [F])
    s.round, s.phase, s.turn, s.event_step, s.cash = 2, RENT, 0, 0, [40, 50]
    s.apply(0, RENT_OUTS[F, 1])
    assert s.phase == "rent-price" and s.turn == 0
    assert s.legal_actions(0) == list(RENT_PRICES[:51])  # any price the renter can pay
    s.apply(0, RENT_PRICES[45])  # above the $20,000 of rent-offers-only
    assert s.turn == 1 and s.describe(ACCEPT_RENT) == "accept: rent player 0's foreman for $45,000"
    assert RENT_PRICES[45] not in s.legal_actions(1) and RENT_PRICES[50] in s.legal_actions(1)
    s.apply(1, RENT_PRICES[8])  # the counter-offer
    assert s.phase == "rent-counter" and s.turn == 0
    assert s.legal_actions(0) == [ACCEPT_RENT, DECLINE_RENT]
    assert s.describe(ACCEPT_RENT) == "accept $8,000: rent your foreman to player 1"
    s.apply(0, DECLINE_RENT)
    assert s.phase == RENT and s.turn == 0 and s.cash == [40, 50] and s.rented_in == [[], []]
    s.apply(0, RENT_OUTS[F, 1])  # the owner tries again, at another price
    s.apply(0, RENT_PRICES[12])
    s.apply(1, RENT_PRICES[10])
    s.apply(0, ACCEPT_RENT)
    assert s.cash == [50, 40] and s.rented_in[1] == [F] and s.available(0)[F] == 0


@pytest.mark.rule("MB-118")
def test_mb_118_q29_offers_that_come_to_nothing_end_at_options_rent_offers() -> None:
    """So that the negotiation always ends: a seat may make another seat up to three
    offers a turn (options.rent_offers, proposed) that come to nothing; then it offers
    that seat nothing more this turn, and may still offer the others."""
    s = new(3, **{"renting-workers": True})
    give(s, 0, [A])
    s.round, s.phase, s.turn, s.event_step = 2, RENT, 0, 0
    assert s.content.options.rent_offers == 3
    for _ in range(3):
        assert RENT_OUTS[A, 1] in s.legal_actions(0)
        s.apply(0, RENT_OUTS[A, 1])
        s.apply(0, RENT_PRICES[5])
        s.apply(1, DECLINE_RENT)
    legal = s.legal_actions(0)
    assert RENT_OUTS[A, 1] not in legal and RENT_OUTS[A, 2] in legal
    with pytest.raises(IllegalAction, match="3 offers this turn that came to nothing"):
        s.apply(0, RENT_OUTS[A, 1])
    s.apply(0, END_RENTING)
    assert s.turn == 1 and s.offered == []


@pytest.mark.rule("MB-12", "MB-14", "MB-15")
def test_mb_12_mb_14_mb_15_determinize_keeps_the_open_cards_and_resamples_the_hidden() -> None:
    s = new(2)
    tops = [d[0] for d in s.decks]
    orders = set()
    for seed in range(8):
        d = s.determinize(1, seed)
        assert [deck[0] for deck in d.decks] == tops
        assert sorted(d.contract_deck + d.removed) == sorted(s.contract_deck + s.removed)
        assert len(d.removed) == 4 and len(d.economy) == 5
        orders.add((tuple(d.contract_deck), tuple(d.decks[A]), tuple(d.event_deck)))
    assert len(orders) == 8
