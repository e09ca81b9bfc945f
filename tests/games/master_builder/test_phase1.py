"""Setup's turn order and Phase 1, hire and/or fire (MB-11, MB-17 to MB-39, Q1, Q8, Q20, Q21,
Q24, Q26), through the public API on small positions."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.core import IllegalAction
from housebuilders.games.master_builder.actions import (
    CHOOSES,
    DECLINE_CHOICE,
    FIRES,
    HIRES,
    LOOKS,
    PASS_HIRING,
    FireWorker,
    PassHiring,
)
from housebuilders.games.master_builder.phases import DRAFT, HIRE, OPEN, TRACK
from tests.games.master_builder.positions import A, F, J, M, give, hiring, new, own


@pytest.mark.rule("MB-11", "MB-17", "MB-21")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_mb_11_mb_17_q20_a_new_game_is_in_round_1_phase_1_with_seat_0_first(players: int) -> None:
    for seed in range(3):
        view = hb.new_game("master-builder", players, seed=seed).observe(None)
        assert (view["round"], view["track"]) == (1, "Hire and/or Fire Workers")
        assert view["first"] == 0 and view["acting"] == [0]


@pytest.mark.rule("MB-18", "MB-21", "MB-25", "MB-26")
def test_mb_18_mb_21_mb_26_q8_the_draft_goes_round_in_seat_order_five_times() -> None:
    s = new(3)
    order = []
    while s.phase == DRAFT:
        order.append(s.turn)
        s.apply(s.turn, s.legal_actions(s.turn)[0])
    assert order == [0, 1, 2] * 5
    assert [len(w) for w in s.workers] == [5, 5, 5] and s.phase == OPEN


@pytest.mark.rule("MB-25")
def test_mb_25_a_draft_pick_takes_a_decks_top_and_the_card_below_shows_to_all() -> None:
    s = new(3)
    assert s.legal_actions(0) == list(HIRES)  # one choice a deck, nothing else
    top, below = s.decks[F][:2]
    s.apply(0, HIRES[F])
    assert s.workers[0] == [top] and s.decks[F][0] == below
    for viewer in (0, 1, 2, None):
        assert s.observe(viewer)["decks"][F]["top"]["id"] == below


@pytest.mark.rule("MB-27", "MB-28")
def test_mb_28_no_fire_and_no_pass_is_offered_in_the_round_1_draft() -> None:
    s = new(2)
    while s.phase == DRAFT:
        legal = s.legal_actions(s.turn)
        assert not any(isinstance(a, FireWorker | PassHiring) for a in legal)
        s.apply(s.turn, legal[-1])
    with pytest.raises(hb.IllegalAction):
        new(2).apply(0, PASS_HIRING)


@pytest.mark.rule("MB-29")
def test_mb_29_an_empty_deck_offers_no_worker_in_the_draft_or_later() -> None:
    s = new(2)
    give(s, 1, [M] * 8)
    assert s.decks[M] == [] and s.observe(0)["decks"][M] == {"top": None, "size": 0}
    assert HIRES[M] not in s.legal_actions(0) and HIRES[F] in s.legal_actions(0)
    s.round, s.phase = 2, HIRE
    assert HIRES[M] not in s.legal_actions(0) and HIRES[A] in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="master craftsman deck is empty"):
        s.apply(0, HIRES[M])


@pytest.mark.rule("MB-31", "MB-33")
def test_mb_31_mb_33_one_action_per_opportunity_and_a_pass_is_not_final() -> None:
    s = hiring(2)
    s.apply(0, PASS_HIRING)
    assert s.turn == 1
    s.apply(1, HIRES[A])
    assert s.turn == 0 and s.phase == HIRE  # someone acted: a second go-round
    s.apply(0, HIRES[F])  # the seat that passed hires at its next opportunity
    assert s.turn == 1 and len(s.workers[0]) == 1


@pytest.mark.rule("MB-32")
def test_mb_32_the_rulebooks_hire_a_foreman_hire_an_apprentice_fire_another_apprentice() -> (
    None
):
    """The rulebook's example of one player's actions in one phase, one per turn."""
    s = hiring(2)
    (old,) = give(s, 0, [A])
    foreman, apprentice = s.decks[F][0], s.decks[A][0]
    s.apply(0, HIRES[F])
    s.apply(1, PASS_HIRING)
    s.apply(0, HIRES[A])
    s.apply(1, PASS_HIRING)
    s.apply(0, FIRES[old])
    assert sorted(s.workers[0]) == sorted([foreman, apprentice]) and s.wage[0] == 4 + 1
    assert s.phase == HIRE and s.turn == 1


@pytest.mark.rule("MB-37")
def test_mb_37_a_fired_worker_goes_under_its_deck_and_the_wage_falls_at_once() -> None:
    s = hiring(2)
    (foreman,) = give(s, 0, [F])
    deck = s.decks[F][:]
    s.apply(0, FIRES[foreman])
    assert s.decks[F] == [*deck, foreman]  # the top card stays, the fired one at the bottom
    seen = s.observe(1)
    assert seen["players"][0]["wage"] == 0 and seen["decks"][F]["top"]["id"] == deck[0]
    assert seen["decks"][F]["size"] == len(deck) + 1 and s.turn == 1


@pytest.mark.rule("MB-35", "MB-99")
def test_mb_35_a_hire_moves_the_wage_marker_at_once_and_the_worker_is_paid_that_round() -> None:
    s = hiring(2)
    top = s.decks[F][0]
    s.apply(0, HIRES[F])
    assert s.observe(1)["players"][0]["wage"] == 4 and s.workers[0] == [top]
    assert s.available(0)[F] == 1  # it can work in this round's Phase 4
    s.cash[0] = 10
    s._start_phase_5()
    assert s.cash[0] == 10 - 4


@pytest.mark.rule("MB-38")
def test_mb_38_a_master_fired_onto_an_empty_deck_can_be_hired_at_once() -> None:
    s = hiring(2)
    masters = give(s, 0, [M] * 8)
    s.apply(0, FIRES[masters[0]])
    assert s.observe(None)["decks"][M]["top"]["id"] == masters[0]
    assert HIRES[M] in s.legal_actions(1)
    s.apply(1, HIRES[M])
    assert s.workers[1] == [masters[0]]


@pytest.mark.rule("MB-37", "MB-39")
def test_mb_39_q21_a_worker_hired_this_phase_and_a_last_worker_may_be_fired() -> None:
    s = hiring(2)
    top = s.decks[J][0]
    s.apply(0, HIRES[J])
    s.apply(1, PASS_HIRING)
    s.apply(0, FIRES[top])  # the one just hired, and the last one: no crew left
    assert s.workers[0] == [] and s.wage[0] == 0 and s.decks[J][-1] == top


@pytest.mark.rule("MB-24", "MB-41")
def test_mb_24_q1_round_6_hires_and_turns_the_fifth_economic_card() -> None:
    s = hiring(2, first=1)
    s.round = 6
    s.economy_shown, s.economy = s.economy[:4], s.economy[4:]
    assert HIRES[A] in s.legal_actions(1)
    s.apply(1, HIRES[A])
    s.apply(0, PASS_HIRING)
    s.apply(1, PASS_HIRING)  # every seat passed in a row (Q2)
    assert len(s.observe(None)["economy_shown"]) == 5 and s.economy == []


@pytest.mark.rule("MB-12", "MB-13", "MB-14", "MB-19", "MB-116")
def test_mb_19_q24_workers_contracts_cash_ious_and_wages_lie_open_the_decks_do_not() -> None:
    s = new(2, **{"selective-events": True})
    (worker,) = give(s, 0, [F])
    own(s, 0, 7)
    s.built[7][0], s.ious[0], s.cash[0] = 1, [1, 1], 17
    for viewer in (1, None):
        view = s.observe(viewer)
        seat = view["players"][0]
        assert seat["cash"] == 17 and seat["ious"] == [1, 1] and seat["wage"] == 4
        assert seat["workers"][0]["id"] == worker and seat["workers"][0]["quirks"]
        assert seat["contracts"] == [7] and view["built"][7][0] == 1
        assert "hand_cards" not in seat and seat["hand"] == 2  # Q24: held events hidden
        assert isinstance(view["contract_deck"], int) and isinstance(view["event_deck"], int)
        assert set(view["decks"][A]) == {"top", "size"}  # nothing under the top card
    assert len(s.observe(0)["players"][0]["hand_cards"]) == 2


@pytest.mark.rule("MB-115")
def test_q26_mb_115_a_look_in_the_draft_costs_1000_shows_the_deck_to_one_seat_only() -> None:
    s = new(2, **{"choosing-workers": True})
    assert LOOKS[A] in s.legal_actions(0)
    deck = s.decks[A][:]
    s.apply(0, LOOKS[A])
    assert s.cash[0] == 39
    assert [w["id"] for w in s.observe(0)["looking"]] == deck
    assert s.observe(1)["looking"] is None and s.observe(None)["looking"] is None
    s.apply(0, CHOOSES[deck[-1]])
    assert s.workers[0] == [deck[-1]] and s.decks[A] == deck[:-1]  # the rest keep order
    assert s.phase == DRAFT and s.turn == 1


@pytest.mark.rule("MB-115")
def test_q26_mb_115_a_seat_that_looked_may_hire_nobody_from_that_deck() -> None:
    """"each player may pay $1,000 to the bank in order to look into a worker deck and
    choose a worker of their choice": the look is paid either way, and a seat that finds
    nothing to its liking takes no worker from the deck; its turn goes on (it hires a
    face-up card, fires or passes; a new look costs $1,000 again)."""
    s = hiring(2, **{"choosing-workers": True})
    deck = s.decks[A][:]
    s.apply(0, LOOKS[A])
    assert DECLINE_CHOICE in s.legal_actions(0)
    assert s.describe(DECLINE_CHOICE) == "take no worker from the apprentice deck"
    s.apply(0, DECLINE_CHOICE)
    assert s.phase == HIRE and s.turn == 0 and s.cash[0] == 39 and s.decks[A] == deck
    assert s.looking == -1 and s.observe(0)["looking"] is None
    assert set(s.legal_actions(0)) >= {PASS_HIRING, LOOKS[F], HIRES[A]}
    s.apply(0, PASS_HIRING)
    assert s.turn == 1
    s = new(2, **{"choosing-workers": True})  # in the draft the seat still takes a worker
    s.apply(0, LOOKS[M])
    s.apply(0, DECLINE_CHOICE)
    assert s.phase == DRAFT and s.turn == 0 and PASS_HIRING not in s.legal_actions(0)


@pytest.mark.rule("MB-115")
def test_q26_must_hire_after_look_is_the_option_of_the_first_reading() -> None:
    s = hiring(2, **{"choosing-workers": True, "must-hire-after-look": True})
    s.apply(0, LOOKS[A])
    assert DECLINE_CHOICE not in s.legal_actions(0)
    with pytest.raises(IllegalAction, match="must-hire-after-look"):
        s.apply(0, DECLINE_CHOICE)


@pytest.mark.rule("MB-36", "MB-115")
def test_q26_the_look_is_not_offered_without_1000_and_keeps_the_wage_cap() -> None:
    s = hiring(2, **{"choosing-workers": True})
    s.cash[0] = 0
    assert not any(a in s.legal_actions(0) for a in LOOKS)
    s.cash[0] = 5
    give(s, 0, [M, M, M, M, M, A, A, A, A])  # wage 29: only an apprentice fits
    assert LOOKS[J] not in s.legal_actions(0) and LOOKS[A] in s.legal_actions(0)


@pytest.mark.rule("MB-18", "MB-22", "MB-23")
def test_mb_22_mb_23_the_mallet_passes_left_each_round_for_six_rounds_at_most() -> None:
    s = new(3)
    firsts: dict[int, set[int]] = {}
    while not s.is_terminal():
        firsts.setdefault(s.round, set()).add(s.first)
        player = s.acting_players()[0]
        s.apply(player, s.legal_actions(player)[-1])
    assert sorted(firsts) == [1, 2, 3, 4, 5, 6]
    assert all(firsts[r] == {(r - 1) % 3} for r in firsts)


@pytest.mark.rule("MB-20")
def test_mb_20_every_round_goes_through_the_five_phases_in_the_tracks_order() -> None:
    """Round after round, the first included, the phase every seat is shown goes hiring
    and firing, contracts, events, construction, income and wages, and never back."""
    s = new(3)
    places: dict[int, list[int]] = {}
    while not s.is_terminal():
        view = s.observe(None)
        seen = places.setdefault(view["round"], [])
        place = TRACK.index(view["track"])
        if not seen or seen[-1] != place:
            seen.append(place)
        player = s.acting_players()[0]
        s.apply(player, s.legal_actions(player)[-1])
    assert sorted(places) == [1, 2, 3, 4, 5, 6]
    for round_, seen in places.items():
        assert seen == sorted(seen) and seen[0] == 0 and 3 in seen, (round_, seen)
    assert 1 in places[1]  # round 1 auctions its contracts too


def test_the_log_numbers_seats_from_0_as_every_game_does() -> None:
    """A page renames "player 0" as seat 0's person: the log must name the seat that
    acted (it said "player 2" for seat 1 of two)."""
    s = hiring(2)
    s.apply(0, PASS_HIRING)
    s.apply(1, HIRES[A])
    assert s.log[-1].startswith("player 1 hires")
