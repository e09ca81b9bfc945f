"""Welcome To's rules, each tested from the rulebook's words; each test names the rules
it checks with the ``rule`` marker, by their ids in the game's rules reference
(src/housebuilders/games/welcome_to/rules-reference.md)."""

from __future__ import annotations

import random
import time

import pytest

import housebuilders as hb
from housebuilders.core.testing import random_playout
from housebuilders.games.welcome_to.actions import (
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
from housebuilders.games.welcome_to.checks import check_sheet
from housebuilders.games.welcome_to.observed import points
from housebuilders.games.welcome_to.sheet import EMPTY, Sheet, layout_of, temp_points
from housebuilders.games.welcome_to.state import DONE
from tests.games.welcome_to.helpers import (
    A_FOUR_FOUR,
    B_FOUR_FIVE,
    C_THREE_FOUR,
    fence,
    fill,
    new,
    play,
    set_pairs,
    sheet,
)

FENCE, PARK, POOL, TEMP, EXT, IMPROVE = "fence", "park", "pool", "temp", "extension", "improvement"


def writes(state, player: int) -> set[tuple[int, int]]:
    return {(a.street, a.house) for a in state.legal_actions(player) if isinstance(a, Write)}


def full_street(state, player: int, street: int, start: int = 0) -> None:
    fill(state, player, street, {h: start + h for h in range(state.L.streets[street])})


# -- Prepare the table --------------------------------------------------------------------
@pytest.mark.rule("WT-3")
def test_three_equal_stacks_from_the_rulebooks_63_cards() -> None:
    s = new(2, seed=1)
    assert len(s.cards) == 63
    assert [len(p) + len(d) for p, d in zip(s.piles, s.discards, strict=True)] == [21] * 3
    assert [len(d) for d in s.discards] == [1, 1, 1]  # the first cards are flipped


@pytest.mark.rule("WT-3")
def test_the_standard_81_card_deck_is_an_option() -> None:
    s = new(2, seed=1, deck="standard-81")
    assert (
        len(s.cards) == 81
        and sum(len(p) + len(d) for p, d in zip(s.piles, s.discards, strict=True)) == 81
    )
    numbers = [n for n, _ in s.cards]
    assert numbers.count(8) == 9 and numbers.count(1) == 3


@pytest.mark.rule("WT-4")
def test_one_plan_from_each_of_decks_a_b_and_c() -> None:
    plans = new(3, seed=4).observe(0)["plans"]
    assert [p["deck"] for p in plans] == ["A", "B", "C"]
    assert not any(p["flipped"] for p in plans)


@pytest.mark.rule("WT-2")
def test_the_classic_sheet_has_streets_of_10_11_and_12_with_printed_pools() -> None:
    obs = new(1).observe(0)["sheet"]
    assert obs["streets"] == [10, 11, 12]
    assert obs["pools"] == [[2, 6, 7], [0, 3, 7], [1, 6, 10]]



@pytest.mark.rule("WT-5")
def test_each_pair_is_a_stacks_next_number_and_the_action_turned_beside_it() -> None:
    s = new(3, seed=2)
    drawn = [
        (s.cards[pile[-1]][0], s.cards[discard[-1]][1])
        for pile, discard in zip(s.piles, s.discards, strict=True)
    ]
    assert s.pairs() == drawn
    for seat in (0, 1, 2, None):  # every seat and a spectator see the same three pairs
        assert [(p["number"], p["action"]) for p in s.observe(seat)["pairs"]] == drawn
    tops = [pile[-1] for pile in s.piles]
    while s.round == 1:
        for player in s.acting_players():
            s.apply(player, s.legal_actions(player)[0])
    # the next round: each stack's top card, whose number was paired, is turned beside it
    assert [discard[-1] for discard in s.discards] == tops
    assert s.pairs() == [
        (s.cards[pile[-1]][0], s.cards[top][1]) for pile, top in zip(s.piles, tops, strict=True)
    ]

# -- Play a turn: everyone at once ----------------------------------------------------------
@pytest.mark.rule("WT-6", "WT-9")
def test_everyone_chooses_at_once_and_sees_the_others_only_at_the_reveal() -> None:
    s = new(3, pairs=[(3, PARK), (7, PARK), (11, PARK)])
    assert s.acting_players() == (0, 1, 2)
    play(s, 0, Pick(0), Write(0, 0), Skip())
    assert s.acting_players() == (1, 2)  # player 0 waits; the others need not
    assert s.observe(1)["players"][0]["streets"][0]["numbers"][0] is None
    assert s.observe(0)["players"][0]["streets"][0]["numbers"][0] == 3
    assert s.observe(1)["players"][0]["done"] is True
    play(s, 1, Pick(1), Write(1, 0), Skip())
    play(s, 2, Pick(2), Write(2, 0), Skip())
    assert s.round == 2 and s.acting_players() == (0, 1, 2)
    assert s.observe(1)["players"][0]["streets"][0]["numbers"][0] == 3


@pytest.mark.rule("WT-6")
def test_a_determinization_keeps_none_of_the_others_choices_of_the_round() -> None:
    """The information rule: player 1 has not seen player 0's choice, so no
    determinization for player 1 carries it, its history included."""
    s = new(3, pairs=[(3, PARK), (7, PARK), (11, PARK)])
    play(s, 1, Pick(1))  # player 1 is still choosing
    play(s, 0, Pick(0), Write(0, 0), Skip())
    for seed in range(10):
        view = s.determinize(1, seed)
        assert view.history[0] == (1, Pick(1))  # its own move stays, first
        others = [action for player, action in view.history if player == 0]
        assert view.stage[0] == DONE and others  # player 0 chose something, resampled
    histories = {tuple(s.determinize(1, seed).history) for seed in range(10)}
    assert len(histories) > 1, "player 0's choice is resampled, not copied"


@pytest.mark.rule("WT-6")
def test_choices_are_not_exclusive() -> None:
    s = new(2, pairs=[(3, PARK), (7, PARK), (11, PARK)])
    play(s, 0, Pick(1), Write(0, 4), Skip())
    assert Pick(1) in s.legal_actions(1)
    play(s, 1, Pick(1), Write(0, 4), Park())


@pytest.mark.rule("WT-7")
def test_a_streets_numbers_strictly_increase_left_to_right_with_gaps() -> None:
    s = new(1, pairs=[(3, PARK), (5, PARK), (9, PARK)])
    fill(s, 0, 0, {2: 5})
    play(s, 0, Pick(0))
    assert {(0, 0), (0, 1)} <= writes(s, 0) and (0, 3) not in writes(s, 0)
    with pytest.raises(hb.IllegalAction, match="strictly increase") as refused:
        s.apply(0, Write(0, 5))
    assert refused.value.rule == "welcome-to §Play a turn"
    s = new(1, pairs=[(3, PARK), (5, PARK), (9, PARK)])
    fill(s, 0, 0, {2: 5})
    play(s, 0, Pick(1))  # 5: not beside a 5, and not left of it
    assert not any(street == 0 for street, _ in writes(s, 0))
    s = new(1, pairs=[(3, PARK), (5, PARK), (9, PARK)])
    fill(s, 0, 0, {2: 5})
    play(s, 0, Pick(2))
    assert {(0, h) for h in range(3, 10)} <= writes(s, 0)  # gaps allowed


@pytest.mark.rule("WT-8")
def test_a_number_that_fits_must_be_placed_no_refusal() -> None:
    s = new(1, pairs=[(3, PARK), (5, PARK), (9, PARK)])
    assert Refuse() not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="must place one"):
        s.apply(0, Refuse())


def _nearly_full(state, player: int) -> None:
    """Every house numbered but the first of street 1, which only 0 fits."""
    fill(state, player, 0, {h: h for h in range(1, 10)})
    full_street(state, player, 1, start=1)
    full_street(state, player, 2)


@pytest.mark.rule("WT-8")
def test_the_forced_refusal_when_no_number_fits() -> None:
    s = new(2, pairs=[(3, PARK), (5, FENCE), (9, POOL)])
    _nearly_full(s, 0)
    assert s.legal_actions(0) == [Refuse()]
    with pytest.raises(hb.IllegalAction):
        s.apply(0, Pick(0))
    play(s, 0, Refuse())
    play(s, 1, Pick(0), Write(0, 0), Skip())
    assert s.public[0].refusals == 1 and s.public[0].number(s.L, 0, 0) == -1
    assert "player 0: refused (no number fitted)" in s.log
    # the benchmark's figures: one refusal crossed, not yet the third that ends the game
    assert s.goals()["refusals"] == [1.0, 0.0]
    assert s.goals()["third refusal"] == [0.0, 0.0]


@pytest.mark.rule("WT-16")
def test_the_temporary_worker_may_avoid_a_refusal_but_need_not() -> None:
    s = new(1, pairs=[(2, TEMP), (5, FENCE), (9, POOL)])
    _nearly_full(s, 0)
    assert set(s.legal_actions(0)) == {Refuse(), Pick(0)}
    play(s, 0, Pick(0))
    assert s.legal_actions(0) == [Adjust(-2)]  # only 0 fits; the number as drawn does not


@pytest.mark.rule("WT-16")
def test_a_worker_pair_is_offered_when_only_its_changed_number_fits() -> None:
    """"Everyone simultaneously chooses one of the three pairs", and "a temporary
    worker changes the paired number by zero, one or two in either direction": 5 with
    a temporary worker may be taken when only 3, 4, 6 or 7 fit."""
    s = new(1, pairs=[(5, TEMP), (9, FENCE), (12, POOL)])
    fill(s, 0, 0, {0: 4, 1: 5, 2: 6})  # street 1: 5 fits nowhere; 7 fits after the 6
    full_street(s, 0, 1)
    full_street(s, 0, 2)
    assert not s.sheet(0).fits(s.L, 5)
    assert Pick(0) in s.legal_actions(0)
    assert Refuse() not in s.legal_actions(0)  # 9 and 12 fit as drawn: a number is placed
    play(s, 0, Pick(0))
    assert Skip() not in s.legal_actions(0)  # 5 as drawn fits nowhere
    play(s, 0, Adjust(2), Write(0, 3))
    assert s.sheet(0).number(s.L, 0, 3) == 7 and s.sheet(0).temps == 1


@pytest.mark.rule("WT-16")
def test_a_worker_pair_that_no_change_can_place_is_refused_saying_why() -> None:
    s = new(1, pairs=[(5, TEMP), (9, FENCE), (12, POOL)])
    fill(s, 0, 0, {h: 2 * h for h in range(10)})  # 0, 2, ..., 18 would not fit: full
    full_street(s, 0, 1)
    fill(s, 0, 2, {0: 1, 1: 2, 2: 12})  # 3 to 7 fit nowhere on street 3 either
    assert Pick(0) not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="nor any number the temporary worker makes"):
        s.apply(0, Pick(0))


@pytest.mark.rule("WT-15")
def test_the_temporary_worker_reaches_0_never_below() -> None:
    s = new(1, pairs=[(1, TEMP), (5, FENCE), (9, POOL)])
    play(s, 0, Pick(0))
    assert set(s.legal_actions(0)) == {Adjust(-1), Adjust(0), Adjust(1), Adjust(2), Skip()}
    with pytest.raises(hb.IllegalAction, match="0 to 17"):
        s.apply(0, Adjust(-2))
    play(s, 0, Adjust(-1), Write(0, 0))
    assert s.sheet(0).number(s.L, 0, 0) == 0 and s.sheet(0).temps == 1


@pytest.mark.rule("WT-15")
def test_the_temporary_worker_reaches_17() -> None:
    s = new(1, pairs=[(15, TEMP), (5, FENCE), (9, POOL)])
    play(s, 0, Pick(0), Adjust(2), Write(2, 11))
    assert s.sheet(0).number(s.L, 2, 11) == 17


@pytest.mark.rule("WT-15")
def test_a_worker_box_is_crossed_even_for_no_change() -> None:
    s = new(1, pairs=[(6, TEMP), (5, FENCE), (9, POOL)])
    play(s, 0, Pick(0), Adjust(0), Write(0, 0))
    assert s.sheet(0).temps == 1 and s.sheet(0).number(s.L, 0, 0) == 6


@pytest.mark.rule("WT-9")
def test_the_temporary_worker_is_optional() -> None:
    s = new(1, pairs=[(6, TEMP), (5, FENCE), (9, POOL)])
    play(s, 0, Pick(0), Skip(), Write(0, 0))
    assert s.sheet(0).temps == 0


@pytest.mark.rule("WT-10")
def test_a_fence_goes_between_any_two_houses() -> None:
    s = new(1, pairs=[(6, FENCE), (5, PARK), (9, POOL)])
    play(s, 0, Pick(0), Write(0, 0))
    fences = [a for a in s.legal_actions(0) if isinstance(a, Fence)]
    assert len(fences) == 9 + 10 + 11  # street ends are fences already
    play(s, 0, Fence(2, 10))
    assert s.sheet(0).has_fence(s.L, 2, 10)


@pytest.mark.rule("WT-12")
def test_an_improvement_raises_every_estate_of_that_size() -> None:
    s = new(1, pairs=[(6, IMPROVE), (5, PARK), (9, POOL)])
    play(s, 0, Pick(0), Write(0, 0), Improve(3))
    assert s.sheet(0).improvements == [0, 0, 1, 0, 0, 0]


@pytest.mark.rule("WT-12", "WT-24")
def test_an_improvement_raises_the_score_of_every_complete_estate_of_that_size() -> None:
    # "Improvement crosses the next value for one chosen estate size, raising every
    # estate of that size's final value."
    s = new(1, pairs=[(6, IMPROVE), (5, PARK), (9, POOL)])
    fill(s, 0, 0, {0: 1, 1: 2, 2: 3, 3: 4, 4: 5})  # street 1: houses 1-3 and 4-6 ...
    fence(s, 0, 0, 2, 5)  # ... between fences: two estates of 3 once house 6 is written
    fill(s, 0, 1, {0: 1, 1: 2})
    fence(s, 0, 1, 1)  # street 2: an estate of 2, which the improvement leaves alone
    assert s.scores()[0]["breakdown"]["estates"] == 3 + 2  # one estate of 3 so far
    play(s, 0, Pick(0), Write(0, 5), Improve(3))
    assert s.round == 2 and s.sheet(0).improvements == [0, 0, 1, 0, 0, 0]
    score = s.scores()[0]
    # the size-3 ladder 3, 4, 5, 6 with one value crossed: 4 for each estate of 3
    assert score["breakdown"]["estates"] == 4 + 4 + 2
    assert score["estates"] == 3 and score["total"] == 10


@pytest.mark.rule("WT-13")
def test_a_park_goes_in_the_street_just_written() -> None:
    s = new(1, pairs=[(6, PARK), (5, PARK), (9, POOL)])
    play(s, 0, Pick(0), Write(1, 0), Park())
    assert s.sheet(0).parks == [0, 1, 0]


@pytest.mark.rule("WT-12", "WT-13")
def test_a_full_park_or_improvement_track_is_not_offered() -> None:
    # Ruling 8: a track with every box crossed would cross nothing more.
    s = new(2, pairs=[(6, PARK), (5, IMPROVE), (9, POOL)])
    sheet(s, 0).parks[0] = len(s.L.parks[0]) - 1  # street 1's parks all crossed
    play(s, 0, Pick(0), Write(0, 0))
    assert s.stage[0] == DONE  # nothing left to decide: no park
    assert s.sheet(0).parks[0] == len(s.L.parks[0]) - 1
    s = new(1, pairs=[(6, PARK), (5, IMPROVE), (9, POOL)])
    sheet(s, 0).improvements[2] = len(s.L.estate_ladders[2]) - 1  # size 3 all crossed
    play(s, 0, Pick(1), Write(0, 0))
    improves = {a.size for a in s.legal_actions(0) if isinstance(a, Improve)}
    assert improves == {1, 2, 4, 5, 6}


@pytest.mark.rule("WT-9", "WT-14")
def test_a_pool_needs_a_printed_pool() -> None:
    s = new(2, pairs=[(6, POOL), (5, PARK), (9, POOL)])
    play(s, 0, Pick(0), Write(0, 0))  # house 1 of street 1 has no pool: nothing to do
    assert s.stage[0] == DONE and s.sheet(0).pools == 0
    with pytest.raises(hb.IllegalAction):
        s.apply(0, Pool())
    play(s, 1, Pick(0), Write(0, 2))  # house 3 of street 1 has a printed pool
    assert s.legal_actions(1) == [Pool(), Skip()]
    play(s, 1, Pool())
    assert s.public[1].pools == 1 << 2


@pytest.mark.rule("WT-14")
def test_a_pool_refused_on_a_house_without_a_printed_pool_names_the_rule() -> None:
    s = new(1, pairs=[(6, POOL), (5, PARK), (9, POOL)])
    play(s, 0, Pick(0), Write(0, 2))  # a printed pool: the pool is offered
    state = s.clone()
    state.choice[0] = (0, 6, 1, 1)  # as if written in house 2 of street 2: no pool there
    with pytest.raises(hb.IllegalAction, match="printed pool") as refused:
        state.apply(0, Pool())
    assert refused.value.rule == "welcome-to §Play a turn"


@pytest.mark.rule("WT-17")
def test_an_extension_copies_a_neighbour_across_a_fence() -> None:
    s = new(1, pairs=[(10, EXT), (5, PARK), (9, POOL)])
    fill(s, 0, 0, {3: 6})
    fence(s, 0, 0, 3)  # between houses 4 and 5 of street 1
    play(s, 0, Pick(0), Write(1, 5))
    assert Extend(0, 4, -1) in s.legal_actions(0)
    play(s, 0, Extend(0, 4, -1))
    sheet0 = s.sheet(0)
    assert sheet0.number(s.L, 0, 4) == 6 and sheet0.bis >> 4 & 1 and sheet0.extensions == 1
    assert s.goals()["extensions"] == [1.0]  # the benchmark counts them a sheet


@pytest.mark.rule("WT-17")
def test_an_extension_goes_after_the_number_into_an_empty_neighbour_only() -> None:
    s = new(1, pairs=[(10, EXT), (5, PARK), (9, POOL)])
    play(s, 0, Pick(0), Write(0, 5))
    extends = {(a.street, a.house, a.side) for a in s.legal_actions(0) if isinstance(a, Extend)}
    assert extends == {(0, 4, 1), (0, 6, -1)}  # beside the only number on the sheet


# -- Plans ----------------------------------------------------------------------------------
def _two_fours_but_one_house(state, player: int) -> None:
    """Street 3: estates 1-4 and 5-8 (fences), all numbered but house 8."""
    fill(state, player, 2, {h: h + 1 for h in range(7)})
    fence(state, player, 2, 3, 7)


@pytest.mark.rule("WT-18", "WT-20")
def test_a_plan_claimed_by_two_players_in_the_same_round_gives_both_the_higher_value() -> None:
    s = new(3, pairs=[(8, PARK), (12, PARK), (14, PARK)])
    s.plans = [A_FOUR_FOUR, 0, 0]
    for player in (0, 1, 2):
        _two_fours_but_one_house(s, player)
    for player in (0, 1):
        play(s, player, Pick(0), Write(2, 7), Skip())
        assert s.legal_actions(player) == [Claim(0), Finish()]
        play(s, player, Claim(0))  # the two estates of 4 are marked: no choice to make
        assert s.stage[player] == DONE
    play(s, 2, Pick(1), Write(0, 0), Skip())
    assert [s.public[p].plans[0] for p in range(3)] == [6, 6, None]
    assert s.flipped[0]
    set_pairs(s, [(8, PARK), (12, PARK), (14, PARK)])
    play(s, 2, Pick(0), Write(2, 7), Skip(), Claim(0))
    assert s.sheet(2).plans[0] == 3  # a later claimant gets the lower value


@pytest.mark.rule("WT-10", "WT-19")
def test_estates_used_for_a_plan_are_not_reused_nor_split() -> None:
    s = new(2, pairs=[(8, PARK), (12, PARK), (14, PARK)])
    s.plans = [A_FOUR_FOUR, B_FOUR_FIVE, C_THREE_FOUR]
    _two_fours_but_one_house(s, 0)
    play(s, 0, Pick(0), Write(2, 7), Skip(), Claim(0))
    used = s.sheet(0).used
    assert sorted(used) == [(2, 0, 3), (2, 4, 7)]
    assert s.sheet(0).plans == [6, None, None]
    assert s.stage[0] == DONE  # plans B (4, 5) and C (3, 4) need a 4: none is free
    play(s, 1, Pick(1), Write(0, 0), Skip())
    # a fence may not split an estate used for a plan
    set_pairs(s, [(15, FENCE), (12, PARK), (14, PARK)])
    play(s, 0, Pick(0), Write(2, 11))
    fences = {(a.street, a.gap) for a in s.legal_actions(0) if isinstance(a, Fence)}
    assert not fences & {(2, 0), (2, 1), (2, 2), (2, 4), (2, 5), (2, 6)}
    assert (2, 8) in fences
    with pytest.raises(hb.IllegalAction, match="used for a plan"):
        s.apply(0, Fence(2, 1))


@pytest.mark.rule("WT-18")
def test_the_player_chooses_which_estates_a_plan_uses() -> None:
    s = new(1, pairs=[(9, PARK), (12, PARK), (14, PARK)])
    s.plans = [A_FOUR_FOUR, B_FOUR_FIVE, C_THREE_FOUR]
    fill(s, 0, 2, {h: h + 1 for h in range(12) if h != 8})  # three estates of 4 ...
    fence(s, 0, 2, 3, 7)  # ... once house 9 is written
    play(s, 0, Pick(0), Write(2, 8), Skip(), Claim(0))
    marks = s.legal_actions(0)
    assert set(marks) == {Mark(2, 0), Mark(2, 4), Mark(2, 8)}
    play(s, 0, Mark(2, 8), Mark(2, 0))
    assert sorted(s.sheet(0).used) == [(2, 0, 3), (2, 8, 11)]
    assert Claim(2) not in s.legal_actions(0)  # C needs a 3


@pytest.mark.rule("WT-21")
def test_each_plan_is_claimed_once_per_player() -> None:
    s = new(2, pairs=[(9, PARK), (12, PARK), (14, PARK)])
    s.plans = [A_FOUR_FOUR, B_FOUR_FIVE, C_THREE_FOUR]
    sheet(s, 0).plans[0] = 6
    fill(s, 0, 2, {h: h + 1 for h in range(12) if h != 8})
    fence(s, 0, 2, 3, 7)
    play(s, 0, Pick(0), Write(2, 8), Skip())
    assert s.stage[0] == DONE  # plan A is claimed already; B and C do not fit


@pytest.mark.rule("WT-19", "WT-24")
def test_estates_used_for_a_claimed_plan_still_score_at_the_end() -> None:
    # "Mark the used estates; they cannot be subdivided or reused for another plan,
    # but still score at the end."
    s = new(2, pairs=[(8, PARK), (12, PARK), (14, PARK)])
    s.plans = [A_FOUR_FOUR, B_FOUR_FIVE, C_THREE_FOUR]
    _two_fours_but_one_house(s, 0)
    play(s, 0, Pick(0), Write(2, 7), Skip(), Claim(0))
    play(s, 1, Pick(1), Write(0, 0), Skip())
    assert sorted(s.sheet(0).used) == [(2, 0, 3), (2, 4, 7)]  # both marked for plan A
    score = s.scores()[0]
    assert score["breakdown"] == {
        "plans": 6,  # plan A (4, 4), claimed first
        "parks": 0,
        "pools": 0,
        "estates": 4 + 4,  # the two used estates of 4 score all the same
        "temporary_workers": 0,
        "extensions": 0,
        "refusals": 0,
    }
    assert score["total"] == 14 and score["estates"] == 2  # and count for the tie-break


# -- The stacks ------------------------------------------------------------------------------
@pytest.mark.rule("WT-22")
def test_a_stack_that_runs_out_is_rebuilt_from_its_own_discards() -> None:
    s = new(1, seed=3)
    s.discards[0][:0] = s.piles[0][:-1]  # stack 1: its last card left
    del s.piles[0][:-1]
    discards_before = sorted(s.discards[0])
    last = s.piles[0][-1]
    pick = next(a for a in s.legal_actions(0) if isinstance(a, Pick))
    play(s, 0, pick)
    while s.round == 1:
        play(s, 0, s.legal_actions(0)[0])
    assert s.discards[0] == [last]  # the last card was flipped ...
    assert sorted(s.piles[0]) == discards_before  # ... and the discards are the stack
    assert sum(len(p) + len(d) for p, d in zip(s.piles, s.discards, strict=True)) == 63
    assert any("reshuffled" in line for line in s.log)


@pytest.mark.rule("WT-22")
def test_all_three_stacks_run_out_and_each_is_rebuilt_from_its_own_discards() -> None:
    # "When construction stacks run out, shuffle the three discards separately to
    # rebuild them number side up."
    s = new(1, seed=5)
    for pile, discard in zip(s.piles, s.discards, strict=True):
        discard[:0] = pile[:-1]  # every stack: its last card left
        del pile[:-1]
    before = [list(d) for d in s.discards]
    lasts = [pile[-1] for pile in s.piles]
    pick = next(a for a in s.legal_actions(0) if isinstance(a, Pick))
    play(s, 0, pick)
    while s.round == 1:
        play(s, 0, s.legal_actions(0)[0])
    for stack in range(3):
        assert s.discards[stack] == [lasts[stack]]  # its last card was flipped ...
        # ... and its own discards, none of another's, are the stack again
        assert sorted(s.piles[stack]) == sorted(before[stack])
        assert len(s.piles[stack]) == 20
    assert [s.piles[stack] for stack in range(3)] != before, "the discards are shuffled"
    assert sum("reshuffled" in line for line in s.log) == 3


# -- Finish and score ------------------------------------------------------------------------
@pytest.mark.rule("WT-23", "WT-26")
def test_the_game_ends_after_the_round_of_a_third_refusal() -> None:
    s = new(2, pairs=[(3, PARK), (5, FENCE), (9, POOL)])
    _nearly_full(s, 0)
    sheet(s, 0).refusals = 2
    play(s, 0, Refuse())
    assert not s.is_terminal()  # the round is finished first
    play(s, 1, Pick(0), Write(0, 0), Skip())
    assert s.is_terminal() and s.public[0].refusals == 3
    assert s.scores()[0]["breakdown"]["refusals"] == -5
    assert s.goals()["third refusal"] == [1.0, 0.0]  # the benchmark's goal figure
    assert s.goals()["refusals"] == [3.0, 0.0]
    assert s.goals()["full sheet"] == [0.0, 0.0]
    assert s.log[-1] == "the game ends after round 1: player 0 crossed a third refusal"


@pytest.mark.rule("WT-23")
def test_the_game_ends_after_the_round_in_which_someone_fills_every_house() -> None:
    s = new(2, pairs=[(0, PARK), (5, FENCE), (9, POOL)])
    _nearly_full(s, 0)
    play(s, 0, Pick(0), Write(0, 0), Skip())
    assert s.sheet(0).is_full() and not s.is_terminal()
    play(s, 1, Pick(1), Write(0, 0), Skip())
    assert s.is_terminal()
    assert s.log[-1] == "the game ends after round 1: player 0 filled every house"
    # the benchmark's figures of how a game ends: a full sheet beside a third refusal
    assert s.goals()["full sheet"] == [1.0, 0.0]
    assert s.goals()["third refusal"] == [0.0, 0.0]


@pytest.mark.rule("WT-23")
def test_the_game_ends_after_the_round_in_which_someone_has_all_three_plans() -> None:
    s = new(2, pairs=[(8, PARK), (12, PARK), (14, PARK)])
    s.plans = [A_FOUR_FOUR, B_FOUR_FIVE, C_THREE_FOUR]
    board = sheet(s, 0)
    board.plans[1], board.plans[2] = 9, 7
    _two_fours_but_one_house(s, 0)
    play(s, 0, Pick(0), Write(2, 7), Skip(), Claim(0))
    assert not s.is_terminal()
    play(s, 1, Pick(0), Write(0, 0), Skip())
    assert s.is_terminal()
    assert s.log[-1] == "the game ends after round 1: player 0 claimed all three plans"


@pytest.mark.rule("WT-25")
def test_the_temporary_worker_ranking_7_4_1_with_ties() -> None:
    layout = new(1).L
    assert temp_points(layout, [3, 5, 5, 0, 2, 1]) == [4, 7, 7, 0, 1, 0]
    assert temp_points(layout, [2, 2, 2]) == [7, 7, 7]
    assert temp_points(layout, [0, 0]) == [0, 0]
    assert temp_points(layout, [4]) == [7]  # ruling 9: alone, a positive count is first


@pytest.mark.rule("WT-25")
@pytest.mark.parametrize(
    ("temps", "points"),
    [
        ([5, 2, 5, 0], [7, 4, 7, 0]),  # a shared first; the next count is second
        ([4, 1, 2, 1], [7, 1, 4, 1]),  # a shared third
        ([5, 4, 3, 2], [7, 4, 1, 0]),  # a fourth distinct count earns nothing
        ([3, 3, 3], [7, 7, 7]),
        ([0, 2, 0], [0, 7, 0]),  # zero workers earns zero
    ],
)
def test_the_temporary_worker_ranking_scored_at_the_end(
    temps: list[int], points: list[int]
) -> None:
    # "Rank positive temporary-worker counts for seven, four and one points; ties share
    # a rank and the next distinct count takes the next rank. Zero workers earns zero."
    s = new(len(temps))
    for player, count in enumerate(temps):
        sheet(s, player).temps = count
    scores = s.scores()
    assert [x["breakdown"]["temporary_workers"] for x in scores] == points
    assert [x["total"] for x in scores] == points  # the sheets score nothing else


@pytest.mark.rule("WT-2", "WT-24", "WT-26")
def test_a_full_sheet_scored_against_a_hand_worked_total() -> None:
    s = new(2)
    layout = s.L
    board = Sheet(layout)
    # Street 1 (10 houses): 1..10, fences after houses 3 and 5: estates of 3, 2 and 5.
    # Street 2 (11 houses): 11, 12, 13 and eight more; one fence after house 3: a 3 and an 8.
    # Street 3 (12 houses): all numbered, fences after 1, 2, 4, 8: 1, 1, 2, 4 and 4.
    for house in range(10):
        board.numbers[layout.first[0] + house] = house + 1
    for house in range(11):
        board.numbers[layout.first[1] + house] = house + 1
    for house in range(12):
        board.numbers[layout.first[2] + house] = house
    for street, gap in ((0, 2), (0, 4), (1, 2), (2, 0), (2, 1), (2, 3), (2, 7)):
        board.fences |= 1 << (layout.gap_first[street] + gap)
    board.parks = [2, 1, 5]  # 4 + 2 + 18 = 24
    board.pools = (1 << 2) | (1 << 6) | (1 << (layout.first[2] + 1))  # 3 pools: 9
    board.improvements = [1, 0, 2, 4, 0, 0]  # size 1 -> 3, size 3 -> 5, size 4 -> 8
    board.temps = 4
    board.extensions = 2  # -3
    board.refusals = 1  # first refusal: -0
    board.plans = [6, None, 7]  # 13
    s.public[0] = board
    s.public[1] = Sheet(layout)
    s.public[1].temps = 1
    score = s.scores()[0]
    # estates: street 1: 3 (5) + 2 (2) + 5 (5) = 12; street 2: 3 (5) and an 8 (no score);
    # street 3: 1 + 1 (3 each) + 2 (2) + 4 + 4 (8 each) = 24; total 41
    assert score["breakdown"] == {
        "plans": 13,
        "parks": 24,
        "pools": 9,
        "estates": 41,
        "temporary_workers": 7,  # 4 workers beat 1
        "extensions": -3,
        "refusals": 0,
    }
    assert score["total"] == 13 + 24 + 9 + 41 + 7 - 3 == 91
    assert score["estates"] == 9


@pytest.mark.rule("WT-27")
def test_ties_favour_more_complete_estates_then_share() -> None:
    s = new(3)
    layout = s.L
    for player, (plans, fences) in enumerate([(5, ()), (4, ((0, 2),)), (5, ())]):
        board = Sheet(layout)
        board.plans = [plans, None, None]
        for house in range(10):
            board.numbers[layout.first[0] + house] = house
        for street, gap in ((0, 4),) + fences:
            board.fences |= 1 << (layout.gap_first[street] + gap)
        s.public[player] = board
    # players 0 and 2: 5 points + two estates of 5 (10) = 15, two estates each;
    # player 1: 4 + estates of 3, 2 and 5 (3 + 2 + 5) = 14
    assert [x["total"] for x in s.scores()] == [15, 14, 15]
    assert s.ranking() == [1, 3, 1]  # a shared victory


@pytest.mark.rule("WT-27")
def test_tie_on_points_is_broken_by_complete_estates() -> None:
    s = new(2)
    layout = s.L
    a, b = Sheet(layout), Sheet(layout)
    for house in range(10):
        a.numbers[layout.first[0] + house] = house
    a.fences |= 1 << 4  # estates of 5 and 5: 10 points, 2 estates
    for house in range(6):
        b.numbers[layout.first[0] + house] = house
    b.fences |= 1 << 5  # an estate of 6: 6 points ...
    b.plans = [4, None, None]  # ... + 4 = 10 points, 1 estate
    s.public[0], s.public[1] = a, b
    assert [x["total"] for x in s.scores()] == [10, 10]
    assert s.ranking() == [1, 2]


def _tied_with_a_long_stretch(**options: object):
    """Two sheets of 4 points each: player 0's 10-house street fully numbered and
    unfenced (no scoring estate), player 1's with no complete estate."""
    s = new(2, **options)
    layout = s.L
    a, b = Sheet(layout), Sheet(layout)
    for house in range(10):
        a.numbers[layout.first[0] + house] = house
    a.plans = b.plans = [4, None, None]
    s.public[0], s.public[1] = a, b
    assert [x["total"] for x in s.scores()] == [4, 4]
    return s


@pytest.mark.rule("WT-11", "WT-27")
def test_ruling_13_a_stretch_of_7_or_more_is_no_estate_in_the_tie_break() -> None:
    """"sizes one to six score" and the sheet prints estates of 1 to 6 houses only:
    by default a fenced, fully numbered stretch of 10 is no complete estate, and the
    tied players share the victory ("ties favor more complete estates, then share
    victory")."""
    s = _tied_with_a_long_stretch()
    assert [x["estates"] for x in s.scores()] == [0, 0]
    assert s.ranking() == [1, 1]


@pytest.mark.rule("WT-11")
def test_ruling_13_long_estates_counts_a_stretch_of_7_or_more_in_the_tie_break() -> None:
    """The other reading, the option long-estates: "A complete estate contains only
    numbered houses between two fences; sizes one to six score" makes the street of 10
    (its ends are fences) a complete estate that scores nothing, and "ties favor more
    complete estates"; the views count it too."""
    s = _tied_with_a_long_stretch(**{"long-estates": True})
    assert [x["estates"] for x in s.scores()] == [1, 0]
    assert [x["total"] for x in s.scores()] == [4, 4]  # it scores nothing
    assert s.ranking() == [1, 2]
    obs = s.observe(None)
    assert points(obs, [0, 1])[0]["complete_estates"] == 1
    fence(s, 0, 0, 6)  # 7 houses, then 3: a scoring estate of 3 and a stretch of 7
    assert s.scores()[0]["estates"] == 2


@pytest.mark.rule("WT-1")
def test_solo_play_is_a_variant_the_rulebook_does_not_have() -> None:
    """"Give each of two to six people a Classic sheet": one player is a variant of
    this program's (docs/games/welcome-to.md), played to the end with the made-up solo
    ranking of ruling 9 (alone, any positive count of workers is first)."""
    assert hb.game("welcome-to").min_players == 1
    state = hb.new_game("welcome-to", 1, seed=4)
    random_playout(state, random.Random(4))
    assert state.is_terminal() and state.ranking() == [1]
    temps = state.public[0].temps
    assert state.scores()[0]["breakdown"]["temporary_workers"] == (7 if temps else 0)


@pytest.mark.rule("WT-1")
def test_fifty_players_play_to_the_end_in_under_a_minute() -> None:
    started = time.perf_counter()
    state = hb.new_game("welcome-to", 50, seed=1)
    random_playout(state, random.Random(1))
    assert state.is_terminal() and len(state.ranking()) == 50
    assert time.perf_counter() - started < 60


def test_layout_numbers_houses_across_streets() -> None:
    layout = layout_of(new(1).content)
    assert layout.first == (0, 10, 21) and layout.houses == 33 and layout.gap_first == (0, 9, 19)


@pytest.mark.rule("WT-15")
def test_ruling_3_a_full_worker_track_still_changes_the_number_and_crosses_nothing() -> None:
    """"A temporary worker changes the paired number by zero, one or two in either
    direction ... You need not use this optional action to avoid refusal": the text
    sets no limit, so with all 11 boxes crossed the worker still changes the number
    (a 12th box cannot be crossed, so it scores nothing more; ±0 is then the number as
    drawn, Skip)."""
    s = new(1, pairs=[(6, TEMP), (5, FENCE), (9, POOL)])
    sheet(s, 0).temps = s.L.temp_boxes
    play(s, 0, Pick(0))
    assert set(s.legal_actions(0)) == {Adjust(-2), Adjust(-1), Adjust(1), Adjust(2), Skip()}
    play(s, 0, Adjust(2), Write(0, 0))
    assert s.sheet(0).number(s.L, 0, 0) == 8 and s.sheet(0).temps == s.L.temp_boxes


@pytest.mark.rule("WT-16")
def test_ruling_3_a_full_worker_track_may_still_avoid_a_refusal() -> None:
    """"You need not use this optional action to avoid refusal": a worker may avoid
    one, its 11 boxes crossed or not; only 0 fits, and 2 with a worker makes it."""
    s = new(1, pairs=[(2, TEMP), (5, FENCE), (9, POOL)])
    _nearly_full(s, 0)
    sheet(s, 0).temps = s.L.temp_boxes
    assert set(s.legal_actions(0)) == {Refuse(), Pick(0)}
    play(s, 0, Pick(0), Adjust(-2), Write(0, 0))
    assert s.sheet(0).refusals == 0 and s.sheet(0).temps == s.L.temp_boxes


@pytest.mark.rule("WT-15")
def test_ruling_3_track_limits_a_full_worker_track_plays_the_pair_as_drawn() -> None:
    """The option track-limits reads the sheet's 11 boxes as a limit on "A temporary
    worker changes the paired number": once all are crossed the pair plays as drawn,
    and where only a changed number would fit, the only move is to refuse."""
    s = new(1, pairs=[(6, TEMP), (5, FENCE), (9, POOL)], **{"track-limits": True})
    sheet(s, 0).temps = s.L.temp_boxes
    play(s, 0, Pick(0))
    assert all(isinstance(a, Write) for a in s.legal_actions(0))
    s = new(1, pairs=[(2, TEMP), (5, FENCE), (9, POOL)], **{"track-limits": True})
    _nearly_full(s, 0)
    sheet(s, 0).temps = s.L.temp_boxes
    assert s.legal_actions(0) == [Refuse()]
    with pytest.raises(hb.IllegalAction, match="every temporary-worker box is crossed"):
        s.apply(0, Pick(0))


def _full_extension_track(s) -> None:
    """Street 2 written in full, and street 3's houses 2 to 10 as B copies of its first:
    every box of the extension penalty track crossed (its last value, 28, never is)."""
    boxes = len(s.L.extension_ladder) - 1
    full_street(s, 0, 1, start=1)
    fill(s, 0, 2, {h: 1 for h in range(boxes)})
    board = sheet(s, 0)
    board.bis |= sum(1 << (s.L.first[2] + h) for h in range(1, boxes + 1))
    board.numbers[s.L.first[2] + boxes] = 1
    board.extensions = boxes


@pytest.mark.rule("WT-17", "WT-26")
def test_ruling_8_an_extension_past_a_full_track_copies_and_costs_nothing_more() -> None:
    """"Repeated B copies are allowed, even across fences": the text sets no limit, so
    an extension is offered with its penalty track full; the copy fills the house and
    the penalty stays the track's last value."""
    s = new(1, pairs=[(10, EXT), (5, PARK), (9, POOL)])
    _full_extension_track(s)
    assert s.scores()[0]["breakdown"]["extensions"] == -28
    play(s, 0, Pick(0), Write(0, 5))
    assert Extend(0, 4, 1) in s.legal_actions(0)
    play(s, 0, Extend(0, 4, 1))
    board = s.sheet(0)
    assert board.number(s.L, 0, 4) == 10 and board.bis >> 4 & 1
    assert board.extensions == len(s.L.extension_ladder) - 1
    assert s.scores()[0]["breakdown"]["extensions"] == -28
    plans = [s._plan(k) for k in range(3)]  # a saved sheet of 10 B numbers, 9 boxes, loads
    check_sheet("public.0", board, s.L, plans, choosing=True, limits=False)
    with pytest.raises(hb.StateError, match="track-limits allows 9, one a penalty box"):
        check_sheet("public.0", board, s.L, plans, choosing=True, limits=True)


@pytest.mark.rule("WT-17")
def test_ruling_8_track_limits_no_extension_once_its_track_is_full() -> None:
    """The option track-limits reads the penalty track's boxes as a limit on "Repeated
    B copies are allowed": with every box crossed no extension is offered."""
    s = new(2, pairs=[(10, EXT), (5, PARK), (9, POOL)], **{"track-limits": True})
    _full_extension_track(s)
    play(s, 0, Pick(0), Write(0, 5))
    assert s.stage[0] == DONE  # nothing left to decide: no extension
    assert s.sheet(0).number(s.L, 0, 4) == EMPTY


@pytest.mark.rule("WT-8")
def test_a_refusal_may_still_claim_a_plan() -> None:
    s = new(2, pairs=[(3, PARK), (5, FENCE), (9, POOL)])
    s.plans = [A_FOUR_FOUR, B_FOUR_FIVE, C_THREE_FOUR]
    _nearly_full(s, 0)
    fence(s, 0, 2, 3, 7)  # street 3: three complete estates of 4
    play(s, 0, Refuse())
    assert s.legal_actions(0) == [Claim(0), Finish()]
    play(s, 0, Claim(0), Mark(2, 0), Mark(2, 4))
    assert s.sheet(0).plans[0] == 6 and s.sheet(0).refusals == 1


def test_the_rollout_policy_plays_legal_moves_to_the_end() -> None:
    rng = random.Random(2)
    for seed in range(5):
        state = hb.new_game("welcome-to", 3, seed=seed)
        policy = state.spec.rollout_policy
        while not state.is_terminal():
            player = state.acting_players()[0]
            action = policy(state, player, rng)
            assert action in state.legal_actions(player)
            state.apply(player, action)
        assert max(s["total"] for s in state.scores()) > 20  # a sensible, not a random, player


@pytest.mark.rule("WT-11")
def test_an_estate_is_one_to_six_numbered_houses_between_fences() -> None:
    # Ruling 6: the street's ends are fences; a stretch counts only when every house
    # in it is numbered and it is 1 to 6 houses long; a longer one must be fenced.
    s = new(1)
    layout = s.L
    fill(s, 0, 0, {house: house + 1 for house in range(10)})  # the 10-house street, full
    assert sheet(s, 0).estates(layout) == []  # 10 houses between its two ends: no estate
    fence(s, 0, 0, 5)  # a fence after house 6: 6 houses, then 4
    assert sheet(s, 0).estates(layout) == [(0, 0, 5), (0, 6, 9)]
    fence(s, 0, 0, 0)  # and one after house 1: a one-house estate
    assert sheet(s, 0).estates(layout) == [(0, 0, 0), (0, 1, 5), (0, 6, 9)]
    sheet(s, 0).numbers[layout.first[0] + 3] = EMPTY  # an unnumbered house: no estate
    assert sheet(s, 0).estates(layout) == [(0, 0, 0), (0, 6, 9)]
