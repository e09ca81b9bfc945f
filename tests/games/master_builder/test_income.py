"""Phase 5, income, wages and credit (MB-95 to MB-104, Q10, Q12), from the construction's
last plan on."""

from __future__ import annotations

import pytest

from housebuilders.games.master_builder.actions import NONE, STAFFS, SUBMIT_PLAN, TakeLoan
from housebuilders.games.master_builder.phases import LOAN
from housebuilders.games.master_builder.state import MasterBuilderState
from tests.games.master_builder.positions import A, J, M, give, new, own, planning

TOWN_WALL, BUILDING, THIRTY = 0, 2, 4  # $20,000, $24,000 and $30,000 contracts


def finishing(contracts: list[int], cash: int, skills: list[int]) -> MasterBuilderState:
    """Player 0 owns ``contracts``, each missing its last section, and ``skills``."""
    s = new(2)
    give(s, 0, skills)
    for c in contracts:
        own(s, 0, c)
        s.built[c] = [1, 1, 1, 1, 1, 0]
    s.cash[0] = cash
    planning(s)
    return s


def submit(s: MasterBuilderState) -> None:
    s.apply(0, SUBMIT_PLAN)
    s.apply(1, SUBMIT_PLAN)


@pytest.mark.rule("MB-95", "MB-97")
def test_mb_95_mb_97_two_completions_pay_both_amounts_and_join_the_town() -> None:
    s = finishing([TOWN_WALL, BUILDING], 10, [A, J])
    s.apply(0, STAFFS[TOWN_WALL, 5, A, NONE])
    s.apply(0, STAFFS[BUILDING, 5, J, NONE])
    submit(s)
    assert s.cash[0] == 10 + 20 + 24 - 4
    assert s.observe(None)["town"] == [TOWN_WALL, BUILDING] and s.contracts[0] == []
    assert s.breakdown(0)["buildings"] == 0  # the town is not scored again


@pytest.mark.rule("MB-96")
def test_mb_96_a_building_finished_in_an_earlier_round_pays_nothing_again() -> None:
    s = finishing([], 10, [A])
    own(s, 0, BUILDING)
    s.contracts[0].remove(BUILDING)
    s.town, s.built[BUILDING] = [BUILDING], [1] * 6
    submit(s)
    assert s.cash[0] == 10 - 1


@pytest.mark.rule("MB-98")
def test_mb_98_income_comes_before_wages_and_pays_them() -> None:
    s = finishing([THIRTY], 0, [M, M, A, A, A, J])  # wage 5 + 5 + 1 + 1 + 1 + 3 = 16
    s.apply(0, STAFFS[THIRTY, 5, J, NONE])
    submit(s)
    assert s.phase != LOAN and s.ious[0] == [0, 0] and s.cash[0] == 30 - 16


@pytest.mark.rule("MB-70", "MB-99")
def test_mb_99_mb_70_every_seat_pays_its_wage_total_with_or_without_income() -> None:
    s = new(2)
    give(s, 0, [M, A])
    give(s, 1, [J, J])
    s.cash = [20, 20]
    planning(s)
    s.down = [s.workers[0][0]]  # face down, still paid
    submit(s)
    assert s.cash == [20 - 6, 20 - 6]


@pytest.mark.rule("MB-101")
def test_mb_101_cash_equal_to_the_wages_pays_them_without_a_loan() -> None:
    s = finishing([], 6, [M, A])
    submit(s)
    assert s.cash[0] == 0 and s.ious[0] == [0, 0] and s.phase != LOAN


@pytest.mark.rule("MB-48", "MB-104")
def test_mb_104_q11_no_loan_is_offered_outside_wages_cash_cannot_cover() -> None:
    for players in (2, 4):
        s = new(players)
        while not s.is_terminal():
            player = s.acting_players()[0]
            legal = s.legal_actions(player)
            loans = [a for a in legal if isinstance(a, TakeLoan)]
            assert not loans or (s.phase == LOAN and s.cash[player] < s.wage[player])
            s.apply(player, legal[-1])


@pytest.mark.rule("MB-104", "MB-105")
def test_q11_mb_48_mb_104_a_loan_beyond_wages_could_only_cover_a_bid_or_lower_the_total() -> None:
    """"A player may NOT take a loan to cover their bid" and "If a player cannot pay the
    wages of their workers ..., they MUST take a loan": outside the wages (offered when
    short, above) a borrowed $10,000 could only be bid, which the text forbids, or be
    handed to a "pay" event, which takes what a seat has, or be kept, and a loan kept
    costs more at the end than it brought. Nothing a seat could want is lost."""
    s = new(2)
    total = s.scores()[0]["total"]
    for k, loan in enumerate(s.content.loans):
        assert loan.amount <= loan.early <= loan.late
        for deck in (s.contract_deck[:], []):
            s.contract_deck = deck
            s.cash[0] += loan.amount
            s.ious[0][k] += 1
            assert s.scores()[0]["total"] == total - (s.repayment(k) - loan.amount) <= total
            s.cash[0] -= loan.amount
            s.ious[0][k] -= 1
    pay = next(e for e, card in enumerate(s.content.events) if card.effect == "pay")
    taken = []
    for cash in (0, 10):
        s = new(2)
        give(s, 0, [M, M, J, J, A, A, A])  # a worker for any "pay" card's filter
        s.cash[0] = cash
        s._begin_event(pay)
        taken.append(cash - s.cash[0])
    assert taken == [0, s.content.events[pay].pay]  # borrowed money only pays the event


@pytest.mark.rule("MB-106")
def test_q10_mb_106_loans_are_late_once_the_face_down_deck_is_empty_whatever_is_on_display() -> (
    None
):
    """"The late repayment amount is what is due if the contract deck has been exhausted
    before the repayment is made": by default, the face-down deck alone."""
    s = new(2)
    assert len(s.removed) == 4
    s.display, s.contract_deck = s.contract_deck[:2], []
    assert s.observe(None)["late"] and s.repayment(0) == 15  # removed ones do not count


@pytest.mark.rule("MB-106", "MB-112")
def test_q10_mb_106_none_in_play_keeps_loans_early_while_contracts_are_on_offer() -> None:
    """"The early repayment amount is what is due if contract cards remain in play when
    the repayment is made": with late-repayment "none-in-play", a contract on offer is
    still in play, and the late amount waits until none is left (MB-112 at the end too)."""
    s = new(2, **{"late-repayment": "none-in-play"})
    s.display, s.contract_deck = s.contract_deck[:2], []
    s.cash[0], s.ious[0] = 20, [1, 0]
    assert not s.observe(None)["late"] and s.repayment(0) == 13 and s.debt(0) == 13
    s.display = []
    assert s.observe(None)["late"] and s.repayment(0) == 15 and s.scores()[0]["total"] == 5


@pytest.mark.rule("MB-8", "MB-102", "MB-103")
def test_q12_mb_8_the_bank_lends_past_the_boxes_ious() -> None:
    s = finishing([], 0, [M, M])
    s.ious[0] = [12, 6]  # every IOU of the box
    submit(s)
    assert s.phase == LOAN and len(s.legal_actions(0)) == 2
    s.apply(0, s.legal_actions(0)[-1])
    assert s.ious[0] == [12, 7] and s.cash[0] == 30 - 10
