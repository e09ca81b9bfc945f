"""Repaying loans (MB-107, Q13): "A loan may be repaid at any time", read as whenever the
seat is to act, in every phase, as a free action that keeps its turn; and a last chance
at the end of Phase 5, after wages."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from housebuilders.core import IllegalAction
from housebuilders.core.testing import check_hidden_information, check_information_rule
from housebuilders.games.master_builder.actions import (
    ACCEPT_RENT,
    BIDS,
    DECLINE_RENT,
    KEEP_LOANS,
    LOOKS,
    NONE,
    PASS_OPENING,
    PUT_UPS,
    RENT_OUTS,
    RENT_PRICES,
    REPAYS,
    STAFFS,
    SUBMIT_PLAN,
    TAKE_LOANS,
    EventUnavailable,
    RepayIou,
)
from housebuilders.games.master_builder.phases import (
    BID,
    DRAFT,
    EVENT,
    EVENT_CHOICE,
    HIRE,
    LOAN,
    LOOK,
    OPEN,
    OPENING_BID,
    PLAN,
    RENT,
    RENT_ANSWER,
    REPAY,
    REPAY_BONUS,
    REPAY_GAIN,
)
from housebuilders.games.master_builder.state import MasterBuilderState
from tests.games.master_builder.positions import (
    A,
    F,
    M,
    auctioning,
    give,
    hiring,
    new,
    own,
    planning,
)

SMALL = 13  # a Small IOU's early repayment (MB-105)
SHOP = 4  # contract 5: its gable 2 and side wall 2 take an apprentice each


def drafting() -> MasterBuilderState:
    return new(2)


def looking() -> MasterBuilderState:
    s = hiring(**{"choosing-workers": True})
    s.apply(0, LOOKS[A])
    return s


def opening() -> MasterBuilderState:
    return auctioning(2, [4, 5])


def opening_bid() -> MasterBuilderState:
    s = auctioning(2, [4, 5])
    s.apply(0, PUT_UPS[4])
    return s


def bidding() -> MasterBuilderState:
    s = auctioning(2, [4, 5], first=1)
    s.apply(1, PUT_UPS[4])
    s.apply(1, BIDS[s.content.contracts[4].min_bid - 1])
    return s


def playing_an_event() -> MasterBuilderState:
    s = new(2, **{"selective-events": True})
    s.round = 2
    s._start_phase_3()
    return s


def choosing_for_an_event() -> MasterBuilderState:
    s = new(2)
    give(s, 0, [A])
    give(s, 1, [A])
    s.round = 2
    corvee = next(e for e, card in enumerate(s.content.events)  # any worker of any seat
                  if card.effect == "choose-unavailable" and not card.skills + card.quirks)
    s.event_deck.remove(corvee)
    s.event_deck.insert(0, corvee)
    s._start_phase_3()
    return s


def renting() -> MasterBuilderState:
    s = new(2, **{"renting-workers": True})
    give(s, 0, [M])
    s.round, s.phase, s.turn, s.event_step = 2, RENT, 0, 0
    return s


def answering_a_rent_offer() -> MasterBuilderState:
    s = renting()
    s.apply(0, RENT_OUTS[M, 1])
    s.apply(0, RENT_PRICES[3])
    return s


def making_plans() -> MasterBuilderState:
    s = new(2)
    give(s, 0, [A, A])
    own(s, 0, SHOP)
    planning(s)
    return s


def winning_a_bonus(**options: bool) -> MasterBuilderState:
    """Seat 0 wins contract 5, carried over with $5,000 on it, at its minimum: the bonus
    brings its cash to two Small IOUs' repayment."""
    s = auctioning(2, [SHOP])
    s.carried, s.bonus[SHOP] = [SHOP], 5
    s.setup["options"].update(options)
    low = s.content.contracts[SHOP].min_bid
    s.ious[0], s.cash = [2, 0], [low + 2 * SMALL - 5, low]  # seat 1 cannot raise
    s.apply(0, PUT_UPS[SHOP])
    s.apply(0, BIDS[low - 1])
    return s


def gaining_from_an_event(**options: bool) -> MasterBuilderState:
    """Seat 0 sends a worker to the count's corvée, which pays it $2,000: enough for two
    Small IOUs."""
    s = choosing_for_an_event()
    s.setup["options"].update(options)
    s.ious[0], s.cash[0] = [2, 0], 2 * SMALL - 2
    s.apply(0, next(a for a in s.legal_actions(0) if isinstance(a, EventUnavailable)))
    return s


def repaying() -> MasterBuilderState:
    s = new(2)
    s.ious[0] = [2, 0]
    s._start_phase_5()
    return s


POSITIONS: dict[str, Callable[[], MasterBuilderState]] = {
    DRAFT: drafting, HIRE: hiring, LOOK: looking, OPEN: opening, OPENING_BID: opening_bid,
    BID: bidding, EVENT: playing_an_event, EVENT_CHOICE: choosing_for_an_event, RENT: renting,
    RENT_ANSWER: answering_a_rent_offer, PLAN: making_plans, REPAY: repaying,
    REPAY_BONUS: winning_a_bonus, REPAY_GAIN: gaining_from_an_event,
}  # fmt: skip


@pytest.mark.rule("MB-107")
@pytest.mark.parametrize("phase", POSITIONS)
def test_mb_107_q13_a_loan_is_repaid_in_every_phase_and_the_seat_keeps_its_turn(
    phase: str,
) -> None:
    s = POSITIONS[phase]()
    assert s.phase == phase
    seat = s.acting_players()[-1]
    if not s.ious[seat][0]:
        s.ious[seat][0] = 1
    ious, cash, turn = s.ious[seat][0], s.cash[seat], s.turn
    assert REPAYS[0] in s.legal_actions(seat)
    s.apply(seat, REPAYS[0])
    assert s.ious[seat][0] == ious - 1 and s.cash[seat] == cash - SMALL
    assert s.phase == phase and seat in s.acting_players() and s.turn == turn
    assert s.legal_actions(seat), "the seat is asked again"


@pytest.mark.rule("MB-107")
def test_mb_107_a_repayment_the_cash_cannot_cover_is_refused() -> None:
    s = hiring()
    s.cash[0], s.ious[0] = SMALL - 1, [1, 0]
    assert REPAYS[0] not in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        s.apply(0, REPAYS[0])
    s.cash[0] = SMALL
    s.apply(0, REPAYS[0])
    assert s.cash[0] == 0 and s.ious[0] == [0, 0] and s.turn == 0


@pytest.mark.rule("MB-104", "MB-107")
def test_q13_mb_104_no_repayment_while_taking_loans_for_wages_but_right_after() -> None:
    """A seat short of its wages would borrow a repayment back, without end: it repays
    in the last chance, once the wages are paid."""
    s = new(2)
    give(s, 0, [M, M, M, M, M, F])  # wage 29
    s.cash[0], s.ious[0] = 20, [1, 0]
    s._start_phase_5()
    assert s.phase == LOAN and s.legal_actions(0) == list(TAKE_LOANS)
    s.apply(0, TAKE_LOANS[1])  # Large: $30,000
    assert s.phase == REPAY and s.turn == 0 and s.cash[0] == 20 + 30 - 29
    assert s.legal_actions(0) == [REPAYS[0], KEEP_LOANS]


@pytest.mark.rule("MB-107")
def test_q13_the_last_chance_asks_each_seat_with_a_loan_it_can_repay_after_wages() -> None:
    s = new(2)
    s.ious = [[1, 0], [1, 0]]
    s.cash = [s.wage[0] + SMALL - 1, 40]  # seat 0 cannot repay once its wages are paid
    s._start_phase_5()
    assert s.phase == REPAY and s.acting_players() == (1,)
    s.apply(1, REPAYS[0])
    assert s.phase == HIRE and s.round == 2  # nothing left to repay: the round ends


@pytest.mark.rule("MB-48", "MB-107")
def test_q13_an_opener_repays_only_what_leaves_the_named_contracts_minimum() -> None:
    s = opening_bid()
    low = s.content.contracts[4].min_bid
    s.ious[0] = [1, 1]
    s.cash[0] = low + SMALL
    assert REPAYS[0] in s.legal_actions(0) and REPAYS[1] not in s.legal_actions(0)
    s.apply(0, REPAYS[0])
    assert s.legal_actions(0) == [BIDS[low - 1]]  # the opener can still bid the minimum


@pytest.mark.rule("MB-54", "MB-107")
def test_q13_mb_54_a_seat_that_repaid_below_every_minimum_passes_on_opening() -> None:
    s = opening()
    s.ious[0] = [1, 0]
    s.cash[0] = SMALL
    s.apply(0, REPAYS[0])
    assert s.turn == 0 and s.legal_actions(0) == [PASS_OPENING]
    s.apply(0, PASS_OPENING)
    assert s.turn == 1


@pytest.mark.rule("MB-107", "MB-118")
def test_q13_mb_118_a_rent_offer_repaid_below_its_price_can_only_be_declined_or_countered() -> (
    None
):
    s = answering_a_rent_offer()
    s.ious[1] = [1, 0]
    s.cash[1] = SMALL + 2  # the offer asks $3,000
    assert ACCEPT_RENT in s.legal_actions(1)
    s.apply(1, REPAYS[0])
    assert s.legal_actions(1) == [*RENT_PRICES[:3], DECLINE_RENT]  # $0 to $2,000


@pytest.mark.rule("MB-83", "MB-107")
def test_q13_a_repayment_while_planning_shows_at_once_and_hides_the_plan() -> None:
    """The cash and IOUs are public at once; the plan is not, and the others'
    determinizations keep the repayment (it is public) and resample the plan."""
    s = making_plans()
    s.ious[0] = [1, 0]
    s.apply(0, STAFFS[SHOP, 1, A, NONE])
    s.apply(0, REPAYS[0])
    s.apply(0, STAFFS[SHOP, 3, A, NONE])
    seen = s.observe(1)["players"][0]
    assert seen["cash"] == 40 - SMALL and seen["ious"] == [0, 0] and "plan" not in seen
    d = s.determinize(1, seed=5)
    assert [(p, a) for p, a in d.history if isinstance(a, RepayIou)] == [(0, REPAYS[0])]
    check_hidden_information(s, 1, seed=5)
    check_information_rule(s, seed=5)
    s.apply(0, SUBMIT_PLAN)
    s.apply(1, SUBMIT_PLAN)
    assert s.built[SHOP] == [0, 1, 0, 1, 0, 0] and s.cash[0] == 40 - SMALL - s.wage[0]


@pytest.mark.rule("MB-107")
@pytest.mark.parametrize("came", [winning_a_bonus, gaining_from_an_event])
def test_q13_mb_107_money_that_comes_unasked_may_repay_a_loan_at_once(
    came: Callable[..., MasterBuilderState],
) -> None:
    """"A loan may be repaid at any time": a contract's $5,000 bonus, or an event's
    gain, may repay a loan before anything else happens (a "pay" event, the late amount
    once the last contract is gone), though the seat is not asked to act then; it is
    asked at once, and the game goes on where it was."""
    s = came()
    assert s.acting_players() == (0,) and s.legal_actions(0) == [REPAYS[0], KEEP_LOANS]
    track = s.observe(None)["track"]
    s.apply(0, REPAYS[0])
    s.apply(0, REPAYS[0])
    assert s.ious[0] == [0, 0] and s.cash[0] == 0
    assert s.phase not in (REPAY_BONUS, REPAY_GAIN)  # nothing left to repay: it goes on
    s = came()
    s.apply(0, KEEP_LOANS)
    assert s.ious[0] == [2, 0] and s.phase not in (REPAY_BONUS, REPAY_GAIN)
    assert track in ("Acquire Contracts", "Events")
    s = came(**{"repay-when-asked": True})  # the first reading: only when asked to act
    assert s.phase not in (REPAY_BONUS, REPAY_GAIN) and s.ious[0] == [2, 0]
