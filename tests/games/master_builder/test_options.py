"""The additional rules, each off by default (MB-115 to MB-119, Q26, Q29): what the
other tests leave, each option alone."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.core.testing import check_random_game
from housebuilders.games.master_builder.actions import (
    ACCEPT_RENT,
    CHOOSES,
    DECLINE_CHOICE,
    DECLINE_RENT,
    END_RENTING,
    LOOKS,
    OFFERS,
    HireWorker,
    LookIntoDeck,
    OfferRent,
    RentOut,
)
from housebuilders.games.master_builder.phases import HIRE, PLAN, RENT
from housebuilders.games.master_builder.state import OPTIONS, MasterBuilderState
from tests.games.master_builder.positions import A, F, J, M, give, hiring, new


@pytest.mark.rule("MB-119")
@pytest.mark.parametrize("option", OPTIONS)
def test_mb_119_a_whole_game_runs_with_each_option_alone(option: str) -> None:
    final = check_random_game("master-builder", 3, seed=2, options={option: True})
    assert final.is_terminal() and final.setup["options"][option]


READINGS = [(o.name, c) for o in hb.game("master-builder").options if o.name not in OPTIONS
            for c in o.choices if c != o.default]  # fmt: skip


@pytest.mark.parametrize(("option", "choice"), READINGS)
def test_a_whole_game_runs_with_each_rulings_other_reading(option: str, choice: object) -> None:
    final = check_random_game("master-builder", 3, seed=4, options={option: choice})
    assert final.is_terminal() and final.setup["options"][option] == choice


@pytest.mark.rule("MB-115", "MB-119")
def test_mb_115_every_option_is_off_by_default() -> None:
    s = new(2)
    assert not any(s.option(o) for o in OPTIONS)
    assert not any(isinstance(a, LookIntoDeck) for a in s.legal_actions(0))


@pytest.mark.rule("MB-36", "MB-115")
def test_mb_115_q26_a_later_hire_may_choose_any_card_within_the_wage_cap() -> None:
    s = hiring(2, **{"choosing-workers": True})
    give(s, 0, [M, M, M, M, M])  # wage 25
    s.apply(0, LOOKS[F])
    deck = s.decks[F][:]
    assert s.phase != HIRE
    assert s.legal_actions(0) == [*(CHOOSES[w] for w in sorted(deck)), DECLINE_CHOICE]
    s.apply(0, CHOOSES[deck[2]])
    assert s.wage[0] == 29 and s.cash[0] == 39 and s.decks[F] == deck[:2] + deck[3:]
    assert s.phase == HIRE and s.turn == 1
    s.apply(1, s.legal_actions(1)[-1])
    assert not any(isinstance(a, HireWorker) and a.skill != A for a in s.legal_actions(0))


def renting() -> tuple[MasterBuilderState, int]:
    s = new(2, **{"renting-workers": True, "rent-offers-only": True})
    (worker,) = give(s, 0, [J])
    s.round, s.phase, s.turn, s.event_step = 2, RENT, 0, 0
    return s, worker


@pytest.mark.rule("MB-118")
def test_q29_rent_offers_only_a_declined_offer_ends_and_prices_stay_within_the_cap() -> None:
    """The first reading, the option rent-offers-only: the owner names a price up to
    options.max_rent (and the renter's cash), the other accepts or declines, no counter,
    and a seat that declined is offered nothing more that turn."""
    s, worker = renting()
    assert not any(isinstance(a, RentOut) for a in s.legal_actions(0))
    s.cash[1] = 60
    prices = {a.price for a in s.legal_actions(0) if isinstance(a, OfferRent)}
    assert prices == set(range(s.content.options.max_rent + 1))
    s.cash[1] = 2
    prices = {a.price for a in s.legal_actions(0) if isinstance(a, OfferRent)}
    assert prices == {0, 1, 2}
    s.apply(0, OFFERS[J, 1, 2])
    assert s.legal_actions(1) == [ACCEPT_RENT, DECLINE_RENT]  # no counter-offer
    s.apply(1, DECLINE_RENT)
    assert s.cash == [40, 2] and s.rented_out == [[], []] and s.available(0)[J] == 1
    assert not any(isinstance(a, OfferRent) for a in s.legal_actions(0))  # one offer a seat
    s.apply(0, END_RENTING)
    s.apply(1, END_RENTING)
    assert s.phase == PLAN and worker in s.workers[0]
