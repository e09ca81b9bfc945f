"""What Master Builder tells the search bot: in an auction it weighs only the lowest
bid and the pass (``search_actions``), and a position with an auction under way is
not scored as it stands (``quiet``): the rollout plays the auction out first; in a
plan, a section taken off is not staffed again, so a plan ends."""

from __future__ import annotations

import pytest

from housebuilders.agents import ISMCTSAgent
from housebuilders.games.master_builder.actions import (
    BIDS,
    PASS_BID,
    PUT_UPS,
    STAFFS,
    UNSTAFFS,
    Bid,
    Staff,
)
from housebuilders.games.master_builder.content import SECTIONS
from housebuilders.games.master_builder.phases import BID, OPENING_BID, PLAN
from tests.games.master_builder.positions import A, J, auctioning, give, new, own, planning

OUTHOUSE = 2


def opened(high: int = 3):
    s = auctioning(2, [OUTHOUSE])
    give(s, 0, [A, A, J, J])
    give(s, 1, [A, A, J, J])
    s.apply(0, PUT_UPS[OUTHOUSE])
    s.apply(0, BIDS[high - 1])
    return s


def test_in_an_auction_a_search_weighs_the_lowest_bid_and_the_pass() -> None:
    s = auctioning(2, [OUTHOUSE])
    s.apply(0, PUT_UPS[OUTHOUSE])
    assert s.phase == OPENING_BID
    assert s.search_actions(0) == [BIDS[s.content.contracts[OUTHOUSE].min_bid - 1]]
    assert len(s.legal_actions(0)) > 10  # any bid up to its cash is legal
    s.apply(0, s.search_actions(0)[0])
    assert s.phase == BID
    bids = [a for a in s.legal_actions(1) if isinstance(a, Bid)]
    assert s.search_actions(1) == [bids[0], PASS_BID]
    assert bids[0].amount == s.high + 1


def test_outside_auctions_a_search_weighs_every_legal_move() -> None:
    s = auctioning(2, [OUTHOUSE])
    assert s.quiet()
    assert s.search_actions(0) == s.legal_actions(0)


def test_an_auction_under_way_is_not_quiet() -> None:
    s = opened()
    assert not s.quiet()
    s.apply(1, PASS_BID)  # the contract goes to seat 0
    assert s.quiet()


class Scored(ISMCTSAgent):
    """A search bot that notes every position it scores."""

    def _rewards(self, state, movers, known=None):  # noqa: ANN001, ANN202
        self.scored.append(state.quiet() or state.is_terminal())
        return super()._rewards(state, movers, known)


def test_the_search_plays_an_auction_out_before_scoring_and_bids_only_the_lowest() -> None:
    s = opened()
    bot = Scored(seed=1, iterations=30, depth=0)  # depth 0 would score the new leaf
    bot.scored = []
    move = bot.choose(s.determinize(1, 1), 1)
    assert move in s.search_actions(1)
    assert bot.scored and all(bot.scored)


def test_a_section_taken_off_the_plan_is_not_weighed_again_this_round() -> None:
    """Legal, but not for a search: staffing and unstaffing it could go on for ever."""
    s = new(2)
    give(s, 0, [A, A, J])
    own(s, 0, OUTHOUSE)
    planning(s)
    s.apply(0, STAFFS[OUTHOUSE, 0, A, -1])
    s.apply(0, UNSTAFFS[OUTHOUSE, 0])
    assert STAFFS[OUTHOUSE, 0, A, -1] in s.legal_actions(0)
    weighed = s.search_actions(0)
    assert not any(isinstance(a, Staff) and (a.contract, a.section) == (OUTHOUSE, 0)
                   for a in weighed)  # fmt: skip
    assert any(isinstance(a, Staff) and a.section == 2 for a in weighed)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_search_s_plan_ends_within_two_moves_a_section(seed: int) -> None:
    s = new(2).spec.new_game(2, seed=seed)
    bots = [ISMCTSAgent(seed=seed, iterations=15), ISMCTSAgent(seed=seed + 1, iterations=15)]
    in_plan = [0, 0]
    while not s.is_terminal():
        player = s.acting_players()[0]
        in_plan[player] = in_plan[player] + 1 if s.phase == PLAN else 0
        sections = sum(SECTIONS - sum(s.built[c]) for c in s.contracts[player])
        assert in_plan[player] <= 2 * sections + 1
        s.apply(player, bots[player].choose(s.determinize(player, seed), player))


def test_the_search_plays_for_money_once_the_result_is_sure() -> None:
    """Master Builder's search gives a share of a sure result's reward to the lead
    (``margin``, tests/agents/test_ismcts.py): against random it had ended in debt,
    every game won."""
    bot = ISMCTSAgent(iterations=10)
    state = new()
    bot.check_game(state.spec)
    assert bot.margin == 0.2
    plain = ISMCTSAgent(iterations=10, margin=0.0)  # a bot's own setting comes first
    plain.check_game(state.spec)
    assert plain.margin == 0.0
