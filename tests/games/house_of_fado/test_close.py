"""House of Fado: closing your restaurant and the prestige track (HF-48 to HF-50,
HF-87 to HF-103, Q7, Q14, Q20), from the rulebook's "Restaurant Board" section."""

from __future__ import annotations

import pytest

from housebuilders.games.house_of_fado.actions import (
    CRITIC_TO,
    DONE,
    KEEP_SIX,
    REMOVE_SIX,
    CriticTo,
    Dismiss,
    KeepSix,
    Place,
    Promote,
    Raise,
    RemoveSix,
)
from housebuilders.games.house_of_fado.phases import CRITIC, DISMISS, PLACE, RAISE, SIX
from housebuilders.games.house_of_fado.scoring import PRESTIGE_STAR
from housebuilders.games.house_of_fado.state import HouseOfFadoState
from tests.games.house_of_fado.helpers import (
    BILLBOARD_1,
    BLACK,
    BROWN,
    CLASSICAL,
    GRAY,
    GUITAR,
    RESTAURANT,
    SINGER,
    bar,
    critic_to,
    give,
    new,
    play,
    points,
    refused,
    seat,
)

CLOSE = "Restaurant Board"


def close(s: HouseOfFadoState, *actions: object) -> None:
    """Seat 0 places a worker on its restaurant, then plays ``actions``."""
    play(s, Place(RESTAURANT), *actions)  # type: ignore[arg-type]


@pytest.mark.rule("HF-29", "HF-87")
def test_q7_closing_an_empty_restaurant_is_allowed() -> None:
    s = new(2)
    close(s)
    assert s.turn == 1 and s.money[0] == 5 and RESTAURANT in s.workers[0]


@pytest.mark.rule("HF-87", "HF-96")
def test_hf_87_the_steps_run_in_order_income_uses_the_track_before_the_critic() -> None:
    s = new(2)
    s.cubes_removed[0] = 2  # income 1; after the critic, 4 removed: income 2
    seat(s, 0, 0, GRAY, BROWN)
    critic_to(s, 0, 1)
    close(s, CriticTo(0))
    assert s.money[0] == 5 + 2 and s.cubes_removed[0] == 4
    assert s.tables[0] == [[], [], []] and s.turn == 1


@pytest.mark.rule("HF-88", "HF-100")
def test_hf_88_hf_100_each_seated_customer_pays_the_income_on_the_track() -> None:
    s = new(2)
    s.cubes_removed[0] = 3
    seat(s, 0, 0, BROWN, BROWN)
    seat(s, 0, 1, BLACK)
    close(s)
    assert s.money[0] == 5 + 6


@pytest.mark.rule("HF-100")
@pytest.mark.parametrize(("removed", "income"), [(0, 1), (2, 1), (3, 2), (6, 2), (7, 3), (8, 3)])
def test_hf_100_income_per_seated_customer_by_cubes_removed(removed: int, income: int) -> None:
    s = new(2)
    s.cubes_removed[0] = removed
    seat(s, 0, 0, BLACK)
    close(s)
    assert s.money[0] == 5 + income
    assert s.observe(None)["players"][0]["income"] == income


@pytest.mark.rule("HF-89", "HF-113")
def test_hf_89_hf_113_no_money_for_a_critic_or_the_bar_and_a_critic_is_not_spent() -> None:
    s = new(4)
    give(s, 0, GUITAR)
    critic_to(s, 0, 0)
    close(s)  # the critic goes back to the only group without one
    assert s.money[0] == 5 and s.fame[s.musicians[0][GUITAR]] == 1
    s = new(2)
    bar(s, 0, GRAY, BLACK)
    close(s)
    assert s.money[0] == 5


@pytest.mark.rule("HF-90")
def test_hf_90_a_fame_step_takes_the_printed_customers_bar_included() -> None:
    s = new(2)
    t = give(s, 0, SINGER, 4)
    need = s.content.fame.customers[3]
    assert need == 3  # the rulebook's example: 4 to 5 costs 3
    bar(s, 0, GRAY)
    seat(s, 0, 0, BLACK, BLACK)
    close(s)
    assert s.phase == RAISE
    refused(s, 0, Raise(SINGER, 0, 2, 0, 0), "takes 3 customers, not 2")
    play(s, Raise(SINGER, 1, 2, 0, 0))
    assert s.fame[t] == 5 and s.bar[0] == [] and s.tables[0][0] == []


@pytest.mark.rule("HF-91")
@pytest.mark.parametrize(
    ("kind", "action", "wrong"),
    [(GUITAR, Raise(GUITAR, 0, 1, 0, 0), "black"), (CLASSICAL, Raise(CLASSICAL, 0, 1, 0, 0),
     "black"), (SINGER, Raise(SINGER, 0, 0, 1, 0), "brown")],
)  # fmt: skip
def test_hf_91_customer_colours_by_type(kind: int, action: Raise, wrong: str) -> None:
    s = new(2)
    t = give(s, 0, kind, 1)
    seat(s, 0, 0, GRAY, BLACK)
    seat(s, 0, 1, BROWN)
    close(s)
    e = refused(s, 0, action, f"takes gray or \\w+ customers, not {wrong}")
    assert CLOSE in e.rule
    play(s, Raise(kind, 1, 0, 0, 0))  # gray works for every type
    assert s.fame[t] == 2


@pytest.mark.rule("HF-92", "HF-97")
def test_hf_92_several_musicians_several_steps_each_customer_once() -> None:
    s = new(2)
    g, v = give(s, 0, GUITAR, 1), give(s, 0, SINGER, 1)
    seat(s, 0, 0, BROWN, BROWN)
    seat(s, 0, 1, BROWN, GRAY)
    close(s, Raise(GUITAR, 0, 0, 1, 0), Raise(GUITAR, 0, 0, 2, 0), Raise(SINGER, 1, 0, 0, 0))
    assert (s.fame[g], s.fame[v]) == (3, 2)
    assert s.phase == DISMISS  # no customer left to spend
    assert sorted(s.discard) == [GRAY, BROWN, BROWN, BROWN]


@pytest.mark.rule("HF-93", "HF-117")
def test_hf_93_the_first_to_fame_6_goes_to_the_star_space() -> None:
    s = new(2)
    t = give(s, 0, SINGER, 5)
    seat(s, 0, 1, BLACK, BLACK, GRAY)
    close(s, Raise(SINGER, 1, 2, 0, 0))
    assert s.star_owner[SINGER] == 0 and s.star_tiles[SINGER] == t
    assert s.musicians[0][SINGER] == -1 and points(s, 0, "fame_six") == 6
    assert s.observe(None)["stars"][SINGER]["tile"]["id"] == t


@pytest.mark.rule("HF-94")
def test_hf_94_not_the_first_remove_for_6_points_or_keep() -> None:
    s = new(2)
    s.star_owner[SINGER] = 1
    t = give(s, 0, SINGER, 5)
    seat(s, 0, 1, BLACK, BLACK, GRAY)
    close(s, Raise(SINGER, 1, 2, 0, 0))
    assert s.phase == SIX and set(s.legal_actions(0)) == {REMOVE_SIX[SINGER], KEEP_SIX[SINGER]}
    keep = s.clone()
    play(s, RemoveSix(SINGER))
    assert t in s.removed and s.musicians[0][SINGER] == -1 and points(s, 0, "fame_six") == 6
    assert s.stars(0) == 0 and all(t not in column for column in s.market)
    play(keep, KeepSix(SINGER))
    assert keep.musicians[0][SINGER] == t and keep.fame[t] == 6 and keep.phase == DISMISS
    assert points(keep, 0, "fame_six") == 0 and keep.stars(0) == 0


@pytest.mark.rule("HF-95", "HF-110")
def test_hf_95_keep_or_dismiss_each_musician() -> None:
    s = new(2)
    t = give(s, 0, SINGER, 4)
    k = give(s, 0, GUITAR, 2)
    close(s)
    assert s.phase == DISMISS and set(s.legal_actions(0)) == {Dismiss(GUITAR), Dismiss(SINGER),
                                                               DONE}  # fmt: skip
    play(s, Dismiss(SINGER))
    assert points(s, 0, "dismissals") == 4 and t in s.market[SINGER] and s.fame[t] == 4
    play(s, DONE)
    assert s.musicians[0][GUITAR] == k and s.turn == 1


@pytest.mark.rule("HF-96", "HF-114")
def test_hf_96_the_critic_takes_2_cubes_and_goes_back_to_a_group_without_one() -> None:
    s = new(2)
    critic_to(s, 0, 0)  # the middle group's: every group is now without one
    close(s)
    assert s.phase == CRITIC and s.cubes_removed[0] == 2
    assert set(s.legal_actions(0)) == set(CRITIC_TO)
    play(s, CriticTo(2))
    assert s.critics == [False, False, True] and s.critic[0] == -1
    assert s.cubes_removed[0] == 2 and all(sum(row) == 0 for row in s.billboard_cubes)
    s = new(4)  # one group is left without a critic: it goes back there
    critic_to(s, 0, 0)
    close(s)
    assert s.critics == [True, True, True] and s.turn == 1


@pytest.mark.rule("HF-97")
def test_hf_97_the_restaurant_is_cleared_to_the_discard_pile() -> None:
    s = new(2)
    seat(s, 0, 0, GRAY, BLACK)
    seat(s, 0, 1, BROWN)
    bar(s, 0, BROWN)
    close(s)
    assert s.tables[0] == [[], [], []] and s.bar[0] == []
    assert sorted(s.discard) == [GRAY, BLACK, BROWN, BROWN]


@pytest.mark.rule("HF-48")
def test_hf_48_q14_joao_and_a_critic_remove_3_cubes() -> None:
    s = new(2, promos=True)
    give(s, 0, GUITAR, 2, name="João")
    critic_to(s, 0, 0)
    close(s, DONE, CriticTo(0))  # keep João
    assert s.cubes_removed[0] == 3
    s = new(2, promos=True)
    critic_to(s, 0, 0)
    close(s, CriticTo(0))
    assert s.cubes_removed[0] == 2


@pytest.mark.rule("HF-49")
def test_hf_49_q14_joao_dismissed_in_step_4_still_counts_in_step_5() -> None:
    s = new(2, promos=True)
    joao = give(s, 0, GUITAR, 2, name="João")
    critic_to(s, 0, 0)
    close(s, Dismiss(GUITAR), CriticTo(0))
    assert joao in s.market[GUITAR] and s.cubes_removed[0] == 3


@pytest.mark.rule("HF-48")
def test_q14_joao_hired_by_someone_else_does_not_count() -> None:
    s = new(2, promos=True)
    give(s, 1, GUITAR, 2, name="João")
    critic_to(s, 0, 0)
    close(s, CriticTo(0))
    assert s.cubes_removed[0] == 2


@pytest.mark.rule("HF-50")
def test_hf_50_q14_vitals_two_extra_customers_of_any_colour() -> None:
    s = new(2, promos=True)
    vital = give(s, 0, SINGER, 4, name="Vital")  # Q14: Vital raises himself
    seat(s, 0, 0, GRAY)
    close(s)
    assert s.money[0] == 6  # the extra customers bring no money
    assert Raise(SINGER, 1, 0, 0, 2) in s.legal_actions(0)
    play(s, Raise(SINGER, 1, 0, 0, 2))
    assert s.fame[vital] == 5 and s.discard == [GRAY]  # the extras never reach it
    assert s.phase == DISMISS and s.extra == 2 - 2
    play(s, DONE)
    assert s.extra == 0 and s.turn == 1


@pytest.mark.rule("HF-50")
def test_hf_50_only_vital_gives_extra_customers() -> None:
    s = new(2)
    give(s, 0, SINGER, 4)
    seat(s, 0, 0, GRAY)
    close(s)  # 1 customer cannot pay a step of 3: nothing to raise
    assert s.phase != RAISE
    s = new(2)
    give(s, 0, SINGER, 1)
    seat(s, 0, 0, GRAY)
    close(s)
    refused(s, 0, Raise(SINGER, 0, 0, 0, 1), "only Vital gives extra customers")


@pytest.mark.rule("HF-98", "HF-99", "HF-100", "HF-101")
def test_hf_98_hf_99_the_track_by_cubes_removed_only_goes_up() -> None:
    s = new(2)
    costs, incomes, tables = [], [], []
    for removed in range(9):
        s.cubes_removed[0] = removed
        seen = s.observe(None)["players"][0]
        costs.append(seen["critic_cost"])
        incomes.append(seen["income"])
        tables.append(seen["open_tables"])
    assert costs == [3, 3, 2, 2, 1, 1, 0, 0, 0]
    assert incomes == [1, 1, 1, 2, 2, 2, 2, 3, 3]
    assert tables == [[0, 1]] * 5 + [[0, 1, 2]] * 4
    s = new(2)  # a promotion and then a critic: one cube, then two more, never back
    give(s, 0, SINGER, 3)
    critic_to(s, 1, 0)
    play(s, Place(BILLBOARD_1), Promote(SINGER))
    assert s.cubes_removed == [1, 0]
    play(s, Place(RESTAURANT), CriticTo(0))
    assert s.cubes_removed == [1, 2]


@pytest.mark.rule("HF-101", "HF-103")
def test_hf_101_hf_103_a_promotion_removing_the_5th_cube_unlocks_the_4_seat_table() -> None:
    s = new(2)
    give(s, 0, SINGER, 3)
    s.cubes_removed[0] = 4
    assert 2 not in s.open_tables(0)
    play(s, Place(BILLBOARD_1), Promote(SINGER))
    assert 2 in s.open_tables(0) and s.observe(0)["players"][0]["open_tables"] == [0, 1, 2]


@pytest.mark.rule("HF-102", "HF-103")
def test_hf_102_hf_103_a_close_removing_the_7th_and_8th_cubes_gives_the_star_at_once() -> None:
    s = new(2)
    s.cubes_removed[0] = 6
    critic_to(s, 0, 0)
    close(s, CriticTo(0))
    assert s.cubes_removed[0] == 8 and s.star_owner[PRESTIGE_STAR] == 0 and s.stars(0) == 1
    assert s.turn == 1 and s.phase == PLACE
    s.cubes_removed[1] = 7  # the second to empty the track gains nothing
    give(s, 1, SINGER, 3)
    play(s, Place(BILLBOARD_1), Promote(SINGER))
    assert s.cubes_removed[1] == 8 and s.star_owner[PRESTIGE_STAR] == 0 and s.stars(1) == 0


@pytest.mark.rule("HF-96", "HF-102")
def test_q20_a_critic_removes_whatever_cubes_are_left() -> None:
    s = new(2)
    s.cubes_removed[0] = 7
    critic_to(s, 0, 0)
    close(s, CriticTo(0))
    assert s.cubes_removed[0] == 8 and s.star_owner[PRESTIGE_STAR] == 0
    s = new(2)
    s.cubes_removed[0] = 8
    critic_to(s, 0, 0)
    close(s, CriticTo(1))
    assert s.cubes_removed[0] == 8 and s.critics[1] and s.critic[0] == -1
