"""House of Fado: customers and the bag, musicians and fame, critics and the billboard
(HF-104 to HF-116, Q1, Q19, Q21, Q22)."""

from __future__ import annotations

from collections import Counter

import pytest

from housebuilders.games.house_of_fado.actions import (
    BONUS_FAME,
    DONE,
    BonusCustomer,
    Contract,
    CriticTo,
    GainNote,
    Hire,
    KickTo,
    Place,
    Promote,
    Seat,
)
from housebuilders.games.house_of_fado.phases import RAISE
from housebuilders.games.house_of_fado.state import HouseOfFadoState
from tests.games.house_of_fado.helpers import (
    BILLBOARD_1,
    BILLBOARD_2,
    BLACK,
    BROWN,
    GRAY,
    GUITAR,
    LEFT,
    MARKET_1,
    MARKET_CUSTOMER,
    MIDDLE,
    RESTAURANT,
    RIGHT,
    ROOM,
    ROOM_FAME,
    SINGER,
    STREET_1,
    STREET_2,
    critic_to,
    give,
    group,
    new,
    play,
    points,
    put,
    seat,
)


def customers(s: HouseOfFadoState) -> Counter[int]:
    """Every customer in the game, wherever it is."""
    seated = [c for p in range(s.num_players) for t in (*s.tables[p], s.bar[p]) for c in t]
    return Counter(s.bag + s.discard + [c for g in s.groups for c in g] + seated)


@pytest.mark.rule("HF-9")
def test_q1_the_street_starts_with_4_customers_in_each_group_and_the_critics() -> None:
    for players, critics in ((2, [False, True, False]), (3, [True, False, True])):
        seen = new(players).observe(None)["groups"]
        assert [len(g["customers"]) for g in seen] == [4, 4, 4]
        assert [g["critic"] for g in seen] == critics
        assert all(c in ("gray", "black", "brown") for g in seen for c in g["customers"])


@pytest.mark.rule("HF-104")
def test_hf_104_draws_come_from_the_seeded_generator_and_the_bag_is_hidden() -> None:
    def refill(s: HouseOfFadoState) -> list[int]:
        s.cubes_removed[0] = 5  # the 4-seat table takes the whole group
        play(s, Place(STREET_1), Seat(LEFT, 2, *[s.groups[LEFT].count(c) for c in range(3)]))
        return s.groups[LEFT]

    assert refill(new(2, seed=4)) == refill(new(2, seed=4))
    seen = new(2).observe(0)
    assert isinstance(seen["bag"], list) and sum(seen["bag"]) == 6  # counts, not an order
    s = new(2, seed=4)
    draws = set()
    for seed in range(8):
        d = s.determinize(0, seed)
        draws.add(tuple(refill(d)))
    assert len(draws) > 1


@pytest.mark.rule("HF-105")
def test_hf_105_the_observation_shows_every_table_and_the_bar() -> None:
    s = new(2)
    seat(s, 1, 1, GRAY, BROWN)
    s.bar[1] = [BLACK]
    s.bag.remove(BLACK)
    critic_to(s, 1, 0)
    seen = s.observe(0)["players"][1]
    assert seen["tables"] == [[], ["gray", "brown"], []] and seen["bar"] == ["black"]
    assert seen["critic"] == 0
    play(s, Place(STREET_2), DONE)  # a turn elsewhere changes nothing there
    assert s.tables[1][1] == [GRAY, BROWN] and s.bar[1] == [BLACK]


@pytest.mark.rule("HF-106", "HF-113")
def test_hf_106_q21_a_group_with_0_or_1_customers_refills_to_4_at_the_end_of_the_turn() -> None:
    s = new(2)
    group(s, MIDDLE, GRAY, BROWN)
    group(s, LEFT, GRAY, BROWN, BROWN)
    play(s, Place(STREET_1), Seat(MIDDLE, 0, 1, 0, 0))  # 1 customer and the critic left
    assert len(s.groups[MIDDLE]) == 4 and s.critics[MIDDLE]
    assert s.groups[LEFT] == [GRAY, BROWN, BROWN]  # 3 left: no refill
    s = new(2)
    group(s, LEFT, GRAY, BROWN, BROWN)
    play(s, Place(STREET_1), Seat(LEFT, 0, 1, 0, 0))
    assert len(s.groups[LEFT]) == 2  # 2 left: no refill


@pytest.mark.rule("HF-106")
def test_q21_a_kick_out_customer_bonus_also_triggers_the_refill() -> None:
    s = new(2)
    group(s, LEFT, BLACK, BROWN)
    put(s, 1, MARKET_1)
    play(s, Place(MARKET_1), KickTo(MARKET_CUSTOMER), BonusCustomer(LEFT, BLACK))
    assert s.groups[LEFT] == [BROWN]  # not before the end of the turn
    play(s, DONE)
    assert len(s.groups[LEFT]) == 4


def stash(s: HouseOfFadoState, keep: int) -> None:
    """Leave ``keep`` customers in the bag: the others go to seat 1's restaurant, its
    4-seat table uncovered, so that the number of customers stays the same."""
    s.cubes_removed[1] = 5
    rest, s.bag = s.bag[keep:], s.bag[:keep]
    for t, seats in enumerate(s.content.tables):
        s.tables[1][t], rest = rest[:seats], rest[seats:]
    s.bar[1], rest = rest[:2], rest[2:]
    assert not rest


@pytest.mark.rule("HF-107")
def test_hf_107_groups_refill_left_to_right() -> None:
    s = new(2)
    group(s, LEFT, GRAY)
    group(s, RIGHT, BROWN)
    stash(s, keep=3)  # room for the left group only
    total = customers(s)
    play(s, Place(ROOM), GainNote(0))
    assert len(s.groups[LEFT]) == 4 and s.groups[RIGHT] == [BROWN]
    assert customers(s) == total


@pytest.mark.rule("HF-108")
def test_hf_108_an_empty_bag_takes_back_the_discard_pile() -> None:
    s = new(2)
    group(s, LEFT, GRAY)
    s.discard, s.bag = s.bag[1:], s.bag[:1]
    total = customers(s)
    play(s, Place(ROOM), GainNote(0))
    assert len(s.groups[LEFT]) == 4 and customers(s) == total
    assert len(s.bag) == total.total() - 12 and s.discard == []


@pytest.mark.rule("HF-108")
def test_q22_with_the_bag_and_the_discard_pile_empty_the_group_stays_short() -> None:
    s = new(2)
    group(s, LEFT, GRAY)
    stash(s, keep=1)
    play(s, Place(ROOM), GainNote(0))
    assert len(s.groups[LEFT]) == 2 and s.bag == [] and s.discard == []
    play(s, Place(RESTAURANT))  # seat 1 closes: its customers go to the discard pile
    play(s, Place(STREET_1), Seat(LEFT, 0, *[s.groups[LEFT].count(c) for c in range(3)]))
    assert len(s.groups[LEFT]) == 4  # a later check finds them


@pytest.mark.rule("HF-109", "HF-111")
def test_hf_109_hf_111_fame_stays_1_to_6_and_a_fame_6_musician_cannot_be_raised() -> None:
    s = new(2)
    t = give(s, 0, SINGER, 6)
    seat(s, 0, 0, GRAY, BLACK, BLACK)
    play(s, Place(RESTAURANT))
    assert s.phase != RAISE and s.fame[t] == 6
    s = new(2)
    put(s, 1, ROOM)
    give(s, 1, SINGER, 6)
    s.money[1] = 99
    play(s, Place(ROOM), KickTo(ROOM_FAME))
    assert BONUS_FAME[SINGER] not in s.legal_actions(1)


@pytest.mark.rule("HF-111")
def test_hf_111_no_other_action_changes_fame() -> None:
    s = new(2)
    give(s, 0, SINGER, 3)
    give(s, 1, GUITAR, 2)
    fame = s.fame[:]
    play(s, Place(ROOM), GainNote(0), Place(STREET_1), DONE, Place(MARKET_1), DONE)
    assert s.fame == fame


@pytest.mark.rule("HF-110")
def test_hf_110_a_tile_back_in_the_market_keeps_its_fame_and_its_price() -> None:
    s = new(2)
    t = give(s, 1, GUITAR, 4)
    s.musicians[1][GUITAR] = -1
    s.market[GUITAR].append(t)
    assert s.hire_price(t, base=True) == s.content.types[GUITAR].base_cost + 10
    s.money[0] = 10
    play(s, Place(BILLBOARD_1), Contract(t))
    assert s.money[0] == 0 and s.fame[t] == 4


@pytest.mark.rule("HF-112")
def test_hf_112_a_promoted_musician_is_no_longer_yours() -> None:
    s = new(2)
    t = give(s, 0, SINGER, 3)
    s.money[0] = 20
    play(s, Place(BILLBOARD_1), Promote(SINGER), Place(ROOM), GainNote(0))
    assert s.billboard[SINGER] == t and points(s, 0, "musicians") == 0
    play(s, Place(MARKET_1), Hire(s.market[SINGER][0]))
    assert s.musicians[0][SINGER] != t and s.musicians[0][SINGER] != -1


@pytest.mark.rule("HF-113")
def test_hf_113_a_close_with_only_a_critic_gives_no_money_and_no_fame() -> None:
    s = new(2)
    t = give(s, 0, GUITAR, 1)
    critic_to(s, 0, 0)
    play(s, Place(RESTAURANT))
    assert s.phase != RAISE
    play(s, DONE, CriticTo(1))
    assert s.money[0] == 5 and s.fame[t] == 1


@pytest.mark.rule("HF-114")
def test_hf_114_the_critics_never_change_in_number_and_never_share_a_group() -> None:
    s = new(3)
    critic_to(s, 0, 0)  # the left group's
    play(s, Place(RESTAURANT))
    assert set(s.legal_actions(0)) == {CriticTo(LEFT), CriticTo(MIDDLE)}
    play(s, CriticTo(MIDDLE))
    assert s.critics == [False, True, True] and sum(s.critics) + sum(
        c != -1 for c in s.critic) == 2  # fmt: skip


@pytest.mark.rule("HF-115", "HF-116")
def test_hf_115_hf_116_q19_one_musician_per_type_and_its_cubes_stay() -> None:
    s = new(2)
    give(s, 1, SINGER, 3)
    s.turn = s.decider = 1
    play(s, Place(BILLBOARD_1), Promote(SINGER))
    for fame in (4, 5):  # seat 0 promotes twice: cubes pile up, no limit
        t = give(s, 0, SINGER, fame)
        s.workers[0] = [-1, -1, -1]
        s.turn = s.decider = 0
        play(s, Place(BILLBOARD_2), Promote(SINGER))
        assert s.billboard[SINGER] == t
    assert s.billboard_cubes[SINGER] == [2, 1]  # seat 1's cube stays, its musician gone
    assert sum(t != -1 for t in s.billboard) == 1
    assert s.observe(None)["billboard"][SINGER]["tile"]["fame"] == 5
    assert points(s, 1, "billboard") > 0


@pytest.mark.rule("HF-104")
def test_hf_104_the_total_of_customers_never_changes() -> None:
    s = new(2)
    total = customers(s)
    play(s, Place(STREET_1), Seat(MIDDLE, 0, *[min(s.groups[MIDDLE].count(c), 1)
                                               for c in range(3)]))  # fmt: skip
    play(s, Place(RESTAURANT))
    assert customers(s) == total
