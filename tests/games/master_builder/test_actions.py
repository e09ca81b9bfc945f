"""Master Builder's fixed action space and phases: what the rules fix in its shape (MB-9,
MB-20, MB-25, MB-27, MB-45, MB-76 to MB-79, MB-83, MB-102, MB-107, MB-115, MB-116, MB-118)."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.core import Action
from housebuilders.games.master_builder import actions as a, phases
from housebuilders.games.master_builder.content import DATA, MAX_BID, can_staff, needs, workers

CONTENT = DATA.load()
KINDS = {type(x).kind: type(x) for x in a.SPACE}


def test_the_space_holds_each_action_once_and_every_action_round_trips_json() -> None:
    assert len(set(a.SPACE)) == len(a.SPACE)
    for action in a.SPACE:
        assert isinstance(action, Action)
        data = action.to_json()
        assert KINDS[data["kind"]](**{k: v for k, v in data.items() if k != "kind"}) == action
        assert str(action) != repr(action)  # a sentence of its own


def test_the_space_stays_small_and_in_a_fixed_order() -> None:
    """Actions added later go at the end: the indices before them stay (RL adapters and
    recorded games keep them)."""
    assert len(a.SPACE) == 5802
    assert a.SPACE[0] == a.HireWorker(0) and a.SPACE[3783] == a.KEEP_LOANS
    assert a.SPACE[3784:] == (a.DECLINE_CHOICE, *a.RENT_OUTS.values(), *a.RENT_PRICES)
    assert [p.price for p in a.RENT_PRICES] == list(range(MAX_BID + 1))  # any cash


def test_the_action_kinds_agree_with_every_declared_games() -> None:
    """The server reads all games' actions with one schema: a kind another game uses with
    other fields would clash once this game is declared."""
    for game_id in hb.game_ids():
        for kind, cls in hb.game(game_id).action_classes.items():
            if kind in KINDS:
                assert KINDS[kind].fields == cls.fields, f"{kind!r} clashes with {game_id}"


@pytest.mark.rule("MB-9", "MB-45")
def test_mb_9_mb_45_bids_are_whole_thousands_from_1_up_to_the_bound() -> None:
    assert [b.amount for b in a.BIDS] == list(range(1, MAX_BID + 1))
    assert CONTENT.most_cash() <= MAX_BID  # every bid a seat can pay is in the space
    assert all(a.BIDS[c.min_bid - 1].amount == c.min_bid for c in CONTENT.contracts)
    assert len(a.PUT_UPS) >= len(CONTENT.contracts)


@pytest.mark.rule("MB-25", "MB-27")
def test_mb_25_mb_27_one_hire_per_deck_and_a_pass_of_its_own_kind() -> None:
    assert [h.skill for h in a.HIRES] == [0, 1, 2, 3]
    # the draft's no-pass rule is the engine's (MB-27); the pass is not shared with bidding
    assert len({type(a.PASS_HIRING), type(a.PASS_OPENING), type(a.PASS_BID)}) == 3


@pytest.mark.rule("MB-37", "MB-115")
def test_mb_37_mb_115_every_worker_card_can_be_fired_or_chosen_from_its_deck() -> None:
    ids = set(range(len(workers(CONTENT))))
    assert {f.worker for f in a.FIRES} >= ids and {c.worker for c in a.CHOOSES} >= ids
    assert [x.skill for x in a.LOOKS] == [0, 1, 2, 3]


@pytest.mark.rule("MB-77")
def test_mb_76_to_mb_79_every_sections_own_code_can_be_staffed_in_one_action() -> None:
    for c, sections in enumerate(needs(CONTENT)):
        for s, need in enumerate(sections):
            crew = (*need, a.NONE) if len(need) == 1 else need
            assert (c, s, *crew) in a.STAFFS
            assert can_staff(need, need)


@pytest.mark.rule("MB-78", "MB-79")
def test_mb_78_mb_79_crews_are_one_or_two_workers_best_first() -> None:
    assert len(a.CREWS) == 14
    for first, second in a.CREWS:
        assert second == a.NONE or first <= second
    # a master and an apprentice is one crew, listed once
    assert (0, 3) in a.CREWS and (3, 0) not in a.CREWS


@pytest.mark.rule("MB-83")
def test_mb_83_a_plan_is_staffed_section_by_section_then_submitted() -> None:
    assert len(a.UNSTAFFS) == 12 * 6 and a.SUBMIT_PLAN in a.SPACE


@pytest.mark.rule("MB-102", "MB-107")
def test_mb_102_mb_107_both_loans_can_be_taken_and_repaid() -> None:
    assert [x.loan for x in a.TAKE_LOANS] == [x.loan for x in a.REPAYS] == [0, 1]
    assert [loan.name for loan in CONTENT.loans] == list(a.LOAN_NAMES)


def test_mb_116_any_event_card_can_be_played() -> None:
    assert [p.event for p in a.PLAYS] == list(range(len(CONTENT.events)))


def test_mb_118_any_skill_can_be_offered_to_any_seat_at_any_price_up_to_the_bound() -> None:
    for skill in range(4):
        for player in range(4):
            for price in range(CONTENT.options.max_rent + 1):
                assert (skill, player, price) in a.OFFERS


def test_sentences_use_the_rulebooks_words() -> None:
    assert str(a.HireWorker(1)) == "hire the face-up foreman"
    assert str(a.Bid(7)) == "bid $7,000"
    assert str(a.Staff(7, 1, 1, 2)) == (
        "plan to build gable 2 of contract 8 with a foreman and a merchant"
    )
    assert str(a.Staff(0, 4, 3, a.NONE)) == (
        "plan to build side 1 of town wall 2 of contract 1 with an apprentice"
    )
    assert str(a.OfferRent(3, 1, 2)) == "offer to rent an apprentice to player 1 for $2,000"
    assert str(a.TakeLoan(0)) == "take a Small loan"
    assert str(a.RentOut(3, 1)) == "offer to rent an apprentice to player 1"
    assert str(a.RentPrice(3)) == "propose a rent of $3,000"


@pytest.mark.rule("MB-20")
def test_mb_20_every_phase_names_its_rulebook_section_and_its_place_on_the_track() -> None:
    names = {v for k, v in vars(phases).items() if k.isupper() and isinstance(v, str)
             and k != "ADDITIONAL"}  # fmt: skip
    assert names == set(phases.SECTIONS)
    headings = {"Phase 1: Hire and/or Fire Workers", "Phase 2: Acquire Contracts",
                "Bidding on a Contract", "Phase 3: Events", "Phase 4: Construction", "Credit",
                "Additional Rules", "End of Game"}  # fmt: skip
    assert set(phases.SECTIONS.values()) <= headings
    assert set(phases.TRACK_OF) == names - {phases.OVER}
    assert sorted(set(phases.TRACK_OF.values())) == [0, 1, 2, 3, 4] == list(
        range(len(phases.TRACK))
    )
