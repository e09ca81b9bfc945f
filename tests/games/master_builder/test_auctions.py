"""Phase 2, acquire contracts: revealing, bidding, round 1's exceptions and unwanted
contracts (MB-40, MB-42 to MB-65, Q3, Q4, Q6, Q22, Q23), on small positions."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.master_builder.actions import (
    BIDS,
    PASS_BID,
    PASS_HIRING,
    PASS_OPENING,
    PUT_UPS,
    Bid,
    PutUp,
)
from housebuilders.games.master_builder.phases import BID, DRAFT, OPEN, OPENING_BID
from housebuilders.games.master_builder.state import MasterBuilderState
from tests.games.master_builder.positions import auctioning, drive, hiring, own

AUCTION = (OPEN, OPENING_BID, BID)


def turning(s: MasterBuilderState, card: int, deck: int | None = None) -> None:
    """End round 2's Phase 1 (all pass) with economic ``card`` on top, the contract
    deck cut to ``deck`` cards."""
    s.economy = [card] + [e for e in s.economy if e != card][:4]
    s.boxed_economy = [e for e in range(11) if e not in s.economy]
    if deck is not None:
        s.removed += s.contract_deck[deck:]
        s.contract_deck = s.contract_deck[:deck]
    for seat in range(s.num_players):
        s.apply((s.first + seat) % s.num_players, PASS_HIRING)


@pytest.mark.rule("MB-42")
@pytest.mark.parametrize(("deck", "shown"), [(1, 1), (0, 0)])
def test_mb_42_a_short_deck_reveals_what_it_holds(deck: int, shown: int) -> None:
    s = hiring(4)
    s.display = []
    turning(s, 10, deck)  # "Building boom": 3 at 4 players
    assert len(s.display) == shown and s.contract_deck == []


@pytest.mark.rule("MB-43", "MB-64")
def test_mb_43_a_carried_contract_is_on_offer_beside_the_cards_new_one() -> None:
    s = hiring(3)
    carried = s.contract_deck.pop()
    s.display, s.carried, s.bonus[carried] = [carried], [carried], 5
    turning(s, 2)  # "Slowdown": 1
    assert len(s.display) == 2 and s.display[0] == carried
    assert s.observe(None)["display"][0] == {"contract": carried, "bonus": 5}


@pytest.mark.rule("MB-7", "MB-41")
@pytest.mark.parametrize("card", range(11))
def test_q23_mb_7_only_the_economic_cards_count_matters(card: int) -> None:
    s = hiring(3)
    s.display = []
    turning(s, card)
    assert len(s.display) == s.content.economy[card].reveal[1]


@pytest.mark.rule("MB-40", "MB-41")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_mb_40_round_1_shows_players_plus_1_contracts_and_turns_no_economic_card(
    players: int,
) -> None:
    """"Reveal a number of contracts equal to the number of players + 1"; the economic
    deck is first turned in round 2."""
    for seed in range(3):
        s = hb.new_game("master-builder", players, seed=seed)
        assert isinstance(s, MasterBuilderState)
        deck = len(s.contract_deck)
        drive(s, lambda s: s.phase == OPEN)
        assert s.round == 1 and len(s.display) == players + 1
        assert len(s.contract_deck) == deck - (players + 1)
        assert (len(s.economy), s.economy_shown) == (5, [])
        drive(s, lambda s: s.round == 2)
        seen = s.observe(None)
        assert (seen["economy_left"], seen["economy_shown"]) == (5, [])
        assert not any(line.startswith("economic situation") for line in s.log)
        drive(s, lambda s: len(s.economy) < 5)
        assert s.round == 2 and len(s.economy_shown) == 1  # round 2 turns the first (MB-41)


@pytest.mark.rule("MB-44", "MB-48")
def test_mb_44_the_opener_may_name_any_contract_they_can_pay_or_pass() -> None:
    s = auctioning(2, [0, 7])  # minimum bids $2,000 and $8,000
    s.cash[0] = 5
    assert s.legal_actions(0) == [PUT_UPS[0], PASS_OPENING]
    s.cash[0] = 8
    assert s.legal_actions(0) == [PUT_UPS[0], PUT_UPS[7], PASS_OPENING]


@pytest.mark.rule("MB-18", "MB-46")
def test_mb_46_bidding_goes_clockwise_from_the_opener_and_back_to_them() -> None:
    s = auctioning(3, [7], first=1)
    s.apply(1, PUT_UPS[7])
    s.apply(1, BIDS[8 - 1])
    assert s.turn == 2
    s.apply(2, BIDS[9 - 1])
    assert s.turn == 0
    s.apply(0, BIDS[10 - 1])
    assert s.turn == 1 and s.phase == BID


@pytest.mark.rule("MB-9", "MB-47")
def test_mb_47_q4_a_raise_of_1000_is_enough_and_an_equal_bid_is_refused() -> None:
    s = auctioning(2, [7])
    s.apply(0, PUT_UPS[7])
    s.apply(0, BIDS[8 - 1])
    with pytest.raises(hb.IllegalAction, match="higher amount than \\$8,000"):
        s.apply(1, BIDS[8 - 1])
    s.apply(1, BIDS[9 - 1])
    assert s.high == 9 and s.bidder == 1


@pytest.mark.rule("MB-49")
def test_mb_49_a_seat_that_passed_is_out_of_that_auction_but_bids_in_the_next() -> None:
    s = auctioning(3, [7, 2])  # minimum bids $8,000 and $3,000
    s.apply(0, PUT_UPS[7])
    s.apply(0, BIDS[8 - 1])
    s.apply(1, PASS_BID)
    s.apply(2, BIDS[9 - 1])
    s.apply(0, BIDS[10 - 1])
    assert s.turn == 2  # seat 1 passed: it is not asked again
    s.apply(2, PASS_BID)
    assert s.contracts[0] == [7] and s.phase == OPEN
    s.apply(0, PUT_UPS[2])
    s.apply(0, BIDS[3 - 1])
    assert s.turn == 1 and BIDS[4 - 1] in s.legal_actions(1)
    s.apply(1, BIDS[4 - 1])
    assert (s.high, s.bidder) == (4, 1)


@pytest.mark.rule("MB-50", "MB-51")
def test_mb_50_mb_51_an_uncontested_opening_bid_wins_the_contract_and_its_pieces() -> None:
    s = auctioning(3, [7, 2])
    s.apply(0, PUT_UPS[7])
    s.apply(0, BIDS[11 - 1])
    s.apply(1, PASS_BID)
    s.apply(2, PASS_BID)
    assert s.contracts[0] == [7] and s.cash[0] == 40 - 11 and s.built[7] == [0] * 6
    assert 7 not in s.display and s.phase == OPEN and s.turn == 0


@pytest.mark.rule("MB-54")
def test_mb_54_a_first_player_who_cannot_pay_any_minimum_hands_the_opening_on() -> None:
    s = auctioning(3, [7, 9])  # minimum bids $8,000 and $7,000
    s.cash[0] = 6
    s._next_opening()
    assert s.turn == 1 and s.legal_actions(0) == []
    with pytest.raises(hb.IllegalAction):
        s.apply(0, PUT_UPS[7])


@pytest.mark.rule("MB-53", "MB-55")
def test_mb_55_q3_a_pass_on_opening_moves_on_and_the_right_returns_after_the_auction() -> None:
    s = auctioning(2, [7, 2])
    s.apply(0, PASS_OPENING)
    assert s.turn == 1
    s.apply(1, PUT_UPS[2])
    s.apply(1, BIDS[3 - 1])
    s.apply(0, PASS_BID)
    assert s.contracts[1] == [2] and s.phase == OPEN and s.turn == 0
    assert PUT_UPS[7] in s.legal_actions(0)


@pytest.mark.rule("MB-56")
def test_mb_56_q3_when_every_seat_passes_on_opening_phase_2_ends() -> None:
    s = auctioning(3, [7, 2])
    for seat in (0, 1, 2):
        s.apply(seat, PASS_OPENING)
    assert s.phase not in AUCTION and sorted(s.display) == [2, 7]


@pytest.mark.rule("MB-57")
def test_mb_57_after_round_1_an_owner_of_three_bids_and_an_owner_of_none_may_pass() -> None:
    s = auctioning(2, [7, 2])
    for c in (0, 1, 3):
        own(s, 1, c)
    assert PASS_OPENING in s.legal_actions(0) and s.contracts[0] == []
    s.apply(0, PUT_UPS[7])
    s.apply(0, BIDS[8 - 1])
    assert BIDS[9 - 1] in s.legal_actions(1)


@pytest.mark.rule("MB-59", "MB-63")
def test_mb_59_round_1_leaves_nobody_with_more_than_two_and_one_seat_at_most_with_two() -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            s = hb.new_game("master-builder", players, seed=seed)
            assert isinstance(s, MasterBuilderState)
            drive(s, lambda s: s.phase not in (DRAFT, *AUCTION))
            held = sorted(len(c) for c in s.contracts)
            assert held[-1] <= 2 and held.count(2) <= 1 and held[0] >= 1  # MB-63


@pytest.mark.rule("MB-60")
def test_mb_60_q6_in_round_1_a_seat_with_one_contract_opens_and_wins_a_second() -> None:
    s = auctioning(3, [7, 2, 9], round_=1)
    own(s, 0, 4)
    assert PUT_UPS[7] in s.legal_actions(0)
    s.apply(0, PUT_UPS[7])
    s.apply(0, BIDS[8 - 1])
    s.apply(1, PASS_BID)
    s.apply(2, PASS_BID)
    assert sorted(s.contracts[0]) == [4, 7]


@pytest.mark.rule("MB-58", "MB-61")
def test_mb_58_mb_61_once_the_first_player_holds_two_the_next_seat_without_one_opens() -> None:
    s = auctioning(4, [7, 2, 9], round_=1)
    own(s, 0, 4)
    own(s, 0, 5)
    own(s, 1, 3)
    s._next_opening()
    assert s.turn == 2
    s.apply(2, PUT_UPS[7])
    s.apply(2, BIDS[8 - 1])
    assert s.turn == 3  # seats 0 and 1, holding contracts, may not bid


@pytest.mark.rule("MB-48", "MB-65")
def test_mb_65_q22_the_5000_bonus_comes_after_the_bid_and_cannot_pay_it() -> None:
    s = auctioning(2, [2])  # minimum bid $3,000
    s.carried, s.bonus[2], s.cash[0] = [2], 5, 4
    s.apply(0, PUT_UPS[2])
    assert max(a.amount for a in s.legal_actions(0) if isinstance(a, Bid)) == 4
    with pytest.raises(hb.IllegalAction, match="MUST be able to pay"):
        s.apply(0, BIDS[6 - 1])
    s.apply(0, BIDS[4 - 1])
    s.apply(1, PASS_BID)
    assert s.cash[0] == 4 - 4 + 5 and s.bonus[2] == 0 and s.carried == []


@pytest.mark.rule("MB-48")
def test_mb_48_no_put_up_is_offered_for_a_contract_beyond_ones_cash() -> None:
    s = auctioning(2, [10])  # minimum bid $9,000
    s.cash[0] = 8
    assert not any(isinstance(a, PutUp) for a in s.legal_actions(0))


@pytest.mark.rule("MB-48")
def test_mb_48_a_bid_has_no_limit_but_the_bidders_cash() -> None:
    """"A player MUST be able to pay the amount they bid": nothing else caps a bid, so a
    seat holding $150,000 may bid $120,000, and the other, holding more, may outbid it."""
    s = auctioning(2, [2])  # minimum bid $3,000
    s.cash[0], s.cash[1] = 150, 200
    s.apply(0, PUT_UPS[2])
    assert max(a.amount for a in s.legal_actions(0) if isinstance(a, Bid)) == 150
    s.apply(0, BIDS[120 - 1])
    assert s.turn == 1 and BIDS[199 - 1] in s.legal_actions(1)
    s.apply(1, BIDS[130 - 1])
    s.apply(0, PASS_BID)
    assert s.cash[1] == 200 - 130 and 2 in s.contracts[1]
