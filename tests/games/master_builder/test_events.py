"""Phase 3, events: choices in turn order, face-down workers coming back, dismissals,
two events and held event cards (MB-68, MB-71, MB-117, Q14 to Q16, Q27, Q28)."""

from __future__ import annotations

import pytest

from housebuilders.games.master_builder.actions import (
    DISMISSES,
    FIRES,
    PLAYS,
    SUBMIT_PLAN,
    UNAVAILABLES,
)
from housebuilders.games.master_builder.phases import EVENT, EVENT_CHOICE, HIRE, PLAN
from housebuilders.games.master_builder.state import MasterBuilderState
from tests.games.master_builder.positions import A, F, J, drive, give, new, planning

ANY_WORKER, DECEITFUL, SENSITIVE, NO_ROOFS, NOTHING = 10, 1, 0, 12, 15  # event cards
FIRE = 11  # "Fire in town": each player sends one apprentice (unavailable)
SD_FOREMAN, D_FOREMAN = 12, 8  # worker cards


def on_top(s: MasterBuilderState, *events: int) -> None:
    for event in reversed(events):
        for hand in s.hands:
            if event in hand:
                hand.remove(event)
                s.event_deck.append(event)
        s.event_deck.remove(event)
        s.event_deck.insert(0, event)


def hand_over(s: MasterBuilderState, player: int, worker: int) -> None:
    for deck in s.decks:
        if worker in deck:
            deck.remove(worker)
    s.workers[player].append(worker)
    s.wage[player] += s.worker_wage(worker)


def events_round(players: int = 2, first: int = 0, **options: bool) -> MasterBuilderState:
    s = new(players, **options)
    s.round, s.first, s.turn = 2, first, first
    return s


@pytest.mark.rule("MB-67")
def test_mb_67_each_round_turns_one_event_from_the_decks_top_for_every_seat_to_see() -> None:
    s = new(3)
    while not s.is_terminal():
        round_, top, before = s.round, s.event_deck[0], len(s.log)
        drive(s, lambda s, r=round_: s.round != r)
        events = [line for line in s.log[before:] if line.startswith("event: ")]
        assert events == [f"event: {s.content.events[top].name}: {s.content.events[top].text}"]
        assert all(top in s.observe(seat)["events_seen"] for seat in (0, 1, 2, None))


@pytest.mark.rule("MB-21", "MB-68")
def test_mb_68_q15_a_choosing_event_asks_the_first_player_first_and_shows_each_choice() -> None:
    s = events_round(3, first=1)
    for seat in range(3):
        give(s, seat, [F, J])
    on_top(s, ANY_WORKER)
    s._start_phase_3()
    asked = []
    while s.phase == EVENT_CHOICE:
        seat = s.turn
        asked.append(seat)
        choice = s.legal_actions(seat)[0]
        assert choice in UNAVAILABLES
        s.apply(seat, choice)
        shown = s.observe(None)["players"][seat]["workers"]
        assert [w["down"] for w in shown].count(True) == 1  # seen by the next at once
    assert asked == [1, 2, 0] and s.cash == [42, 42, 42]


@pytest.mark.rule("MB-69", "MB-71", "MB-94")
def test_mb_71_a_face_down_worker_is_face_up_after_phase_4_and_can_be_fired() -> None:
    s = new(2)
    (worker,) = give(s, 1, [A])
    planning(s)
    s.down = [worker]
    assert s.available(1)[A] == 0
    s.apply(0, SUBMIT_PLAN)
    s.apply(1, SUBMIT_PLAN)
    assert s.down == [] and s.available(1)[A] == 1
    drive(s, lambda s: s.phase == HIRE)
    assert s.round == 3 and s.turn == 1 and FIRES[worker] in s.legal_actions(1)


@pytest.mark.rule("MB-72")
def test_q14_mb_72_a_dismissed_worker_goes_under_its_deck_and_the_wage_falls() -> None:
    s = events_round()
    hand_over(s, 0, D_FOREMAN)
    on_top(s, DECEITFUL)
    s._start_phase_3()
    assert s.phase == EVENT_CHOICE and s.legal_actions(0) == [DISMISSES[D_FOREMAN]]
    s.apply(0, DISMISSES[D_FOREMAN])
    assert s.workers[0] == [] and s.wage[0] == 0 and s.decks[F][-1] == D_FOREMAN


@pytest.mark.rule("MB-74", "MB-117")
def test_q16_a_worker_already_face_down_may_still_be_dismissed_by_the_second_event() -> None:
    s = events_round(**{"additional-events": True})
    hand_over(s, 0, SD_FOREMAN)
    on_top(s, SENSITIVE, DECEITFUL)
    s._start_phase_3()
    assert SD_FOREMAN in s.down and s.phase == EVENT_CHOICE
    assert s.legal_actions(0) == [DISMISSES[SD_FOREMAN]]
    s.apply(0, DISMISSES[SD_FOREMAN])
    assert s.down == [] and s.wage[0] == 0 and s.phase == PLAN


@pytest.mark.rule("MB-73", "MB-116")
def test_q27_mb_116_the_first_player_plays_a_held_card_which_then_goes_under_the_deck() -> None:
    s = events_round(**{"selective-events": True})
    on_top(s, NOTHING)
    held, other = s.hands[0][:], s.hands[1][:]
    s._start_phase_3()
    assert s.phase == EVENT and s.legal_actions(0) == [PLAYS[e] for e in sorted(held)]
    s.apply(0, PLAYS[held[0]])
    assert s.hands[0] == held[1:] and held[0] in s.events_seen and s.hands[1] == other
    assert s.event_deck[-1] == held[0] and NOTHING not in s.events_seen


@pytest.mark.rule("MB-116")
def test_q27_a_first_player_without_cards_reveals_the_decks_top_card() -> None:
    s = events_round(**{"selective-events": True})
    s.event_deck += s.hands[0]
    s.hands[0] = []
    on_top(s, NOTHING)
    s._start_phase_3()
    assert s.phase == PLAN and s.events_seen == [NOTHING] and s.event_deck[-1] == NOTHING


@pytest.mark.rule("MB-116", "MB-117")
def test_q28_with_two_events_the_held_card_comes_first_and_the_decks_top_second() -> None:
    s = events_round(**{"selective-events": True, "additional-events": True})
    on_top(s, NOTHING, NO_ROOFS)
    s.event_deck.remove(NO_ROOFS)
    s.event_deck.append(s.hands[0].pop())
    s.hands[0].append(NO_ROOFS)
    s._start_phase_3()
    s.apply(0, PLAYS[NO_ROOFS])
    assert s.events_seen == [NO_ROOFS, NOTHING] and s.no_roofs and s.phase == PLAN


@pytest.mark.rule("MB-68", "MB-117")
def test_mb_117_two_events_each_round_the_first_carried_out_by_all_before_the_second() -> None:
    """"... two event cards are revealed each round, and both are carried out": the first
    in turn order from the first player, completely, then the second (Q28)."""
    s = events_round(3, first=1, **{"additional-events": True})
    crews = [give(s, seat, [F, A]) for seat in range(3)]
    on_top(s, ANY_WORKER, FIRE)
    s._start_phase_3()
    asked = []
    while s.phase == EVENT_CHOICE:
        seat, (foreman, apprentice) = s.turn, crews[s.turn]
        asked.append((seat, s.event))
        if s.event == ANY_WORKER:  # seat 0 sends its apprentice to the count
            s.apply(seat, UNAVAILABLES[apprentice if seat == 0 else foreman])
        else:
            assert s.legal_actions(seat) == [UNAVAILABLES[apprentice]]
            s.apply(seat, UNAVAILABLES[apprentice])
    # the second event sees the first's result: seat 0 has no apprentice left to send
    assert asked == [(1, ANY_WORKER), (2, ANY_WORKER), (0, ANY_WORKER), (1, FIRE), (2, FIRE)]
    assert sorted(s.down) == sorted(w for crew in crews for w in crew if w != crews[0][0])
    assert s.cash == [42, 42, 42] and s.events_seen == [ANY_WORKER, FIRE]
    assert s.event_deck[-2:] == [ANY_WORKER, FIRE] and s.phase == PLAN


@pytest.mark.rule("MB-73", "MB-117")
def test_mb_117_every_round_of_a_game_carries_out_two_events() -> None:
    s = new(3, **{"additional-events": True})
    while not s.is_terminal():
        round_, seen = s.round, [line for line in s.log if line.startswith("event: ")]
        drive(s, lambda s, r=round_: s.round != r)
        now = [line for line in s.log if line.startswith("event: ")]
        assert len(now) - len(seen) == 2, round_
        assert len(s.event_deck) == 16  # both under the deck (MB-73)
