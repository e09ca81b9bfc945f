"""House of Fado's four locations and their kick-out spaces (HF-36 to HF-86, Q10 to Q18),
from the rulebook's "Location #1" to "Location #4"."""

from __future__ import annotations

import pytest

from housebuilders.games.house_of_fado.actions import (
    BONUS_NOTES,
    CONTRACTS,
    DONE,
    GAINS,
    NO_BONUS,
    PROMOTES,
    BonusCustomer,
    BonusFame,
    BonusMoney,
    BonusNote,
    BringCritic,
    Contract,
    GainNote,
    Hire,
    KickTo,
    Place,
    Promote,
    RemoveSix,
    ScoreFado,
    Seat,
)
from housebuilders.games.house_of_fado.phases import BONUS, MARKET, SIX, STREET
from housebuilders.games.house_of_fado.scoring import FADO_STAR
from housebuilders.games.house_of_fado.state import HouseOfFadoState
from tests.games.house_of_fado.helpers import (
    BILLBOARD_1,
    BILLBOARD_2,
    BLACK,
    BOARD_CUSTOMER,
    BOARD_MONEY,
    BOARD_NOTE,
    BROWN,
    CLASSICAL,
    GRAY,
    GUITAR,
    LEFT,
    MARKET_1,
    MARKET_2,
    MARKET_CUSTOMER,
    MARKET_MONEY,
    MARKET_PAID_CUSTOMER,
    MIDDLE,
    RIGHT,
    ROOM,
    ROOM_FAME,
    ROOM_MONEY,
    ROOM_MONEY_2,
    SINGER,
    STREET_1,
    STREET_2,
    STREET_MONEY,
    STREET_NOTE_1,
    STREET_NOTE_2,
    bar,
    critic_to,
    give,
    group,
    new,
    notes,
    play,
    put,
    refused,
    seat,
    tile,
)

MARKET_SECTION = "Location #1: Musician Market"


def kicked_to(space: int, at: int, players: int = 2, money: int = 5) -> HouseOfFadoState:
    """Seat 1's worker on action space ``at`` is kicked out by seat 0 to ``space``:
    seat 1 is asked for the bonus (or the turn goes on)."""
    s = new(players)
    put(s, 1, at)
    s.money[1] = money
    play(s, Place(at), KickTo(space))
    return s


# == Location 1: Musician Market ==========================================================
@pytest.mark.rule("HF-36")
def test_hf_36_hire_none_one_or_two_one_of_each_type_beside_the_space() -> None:
    s = new(2)
    s.money[0] = 30
    play(s, Place(MARKET_1))
    kinds = {s.board.type_of[a.tile] for a in s.legal_actions(0) if isinstance(a, Hire)}
    assert kinds == {GUITAR, SINGER}  # never the classical guitar
    refused(s, 0, Hire(tile(s, CLASSICAL)), "choose a musician from the tiles on the left or right")
    play(s, Hire(tile(s, GUITAR)))
    assert s.phase == MARKET and not any(
        isinstance(a, Hire) and s.board.type_of[a.tile] == GUITAR for a in s.legal_actions(0)
    )
    play(s, Hire(tile(s, SINGER)))
    assert s.turn == 1 and s.musicians[0][CLASSICAL] == -1  # two hires end the action
    s = new(2)
    play(s, Place(MARKET_1), DONE)  # none
    assert s.musicians[0] == [-1, -1, -1] and s.money[0] == 5


@pytest.mark.rule("HF-37")
def test_hf_37_a_tile_never_hired_arrives_with_fame_1() -> None:
    s = new(2)
    t = tile(s, GUITAR)
    assert s.fame[t] == 0 and s.observe(None)["market"][GUITAR][0]["fame"] == 0
    play(s, Place(MARKET_1), Hire(t))
    assert s.fame[t] == 1


@pytest.mark.rule("HF-38")
def test_hf_38_the_hiring_cost_is_the_type_cost_plus_the_fame_cost() -> None:
    s = new(2)
    t = tile(s, GUITAR)
    s.fame[t] = 3
    s.money[0] = 20
    base = s.content.types[GUITAR].base_cost
    play(s, Place(MARKET_1), Hire(t))
    assert s.money[0] == 20 - base - 6
    s = new(2)
    t = tile(s, GUITAR)
    s.fame[t] = 3
    s.money[0] = base + 5
    play(s, Place(MARKET_1))
    refused(s, 0, Hire(t), f"that musician costs {base + 6} money")


@pytest.mark.rule("HF-39")
def test_hf_39_a_fame_6_tile_is_never_offered_for_hire() -> None:
    s = new(2)
    t = tile(s, SINGER)
    s.fame[t] = 6
    s.money[0] = 99
    play(s, Place(MARKET_1))
    assert Hire(t) not in s.legal_actions(0)
    e = refused(s, 0, Hire(t), "a fame 6 musician cannot be hired")
    assert MARKET_SECTION in e.rule


@pytest.mark.rule("HF-40")
def test_hf_40_the_hired_musician_comes_with_its_note() -> None:
    s = new(2)
    t = tile(s, GUITAR)
    note = s.content.notes.index(s.content.musicians[t].note)
    play(s, Place(MARKET_1), Hire(t))
    assert s.musicians[0][GUITAR] == t and t not in s.market[GUITAR]
    assert s.notes[0][note] == 1 and s.note_supply[note] == s.content.note_copies - 1
    assert s.observe(1)["players"][0]["musicians"][GUITAR]["id"] == t


@pytest.mark.rule("HF-41")
def test_hf_41_a_type_you_already_have_is_refused() -> None:
    s = new(2)
    give(s, 0, GUITAR)
    s.money[0] = 30
    play(s, Place(MARKET_1))
    e = refused(s, 0, Hire(tile(s, GUITAR)), "you may only have 1 musician of each type")
    assert MARKET_SECTION in e.rule


@pytest.mark.rule("HF-42")
def test_hf_42_market_kick_out_take_1_money() -> None:
    s = kicked_to(MARKET_MONEY, MARKET_1)
    play(s, BonusMoney())
    assert s.money[1] == 6


@pytest.mark.rule("HF-43", "HF-46")
def test_hf_43_hf_46_market_kick_out_a_free_customer_from_the_groups_beside_to_the_bar() -> None:
    s = kicked_to(MARKET_CUSTOMER, MARKET_1)
    groups = {a.group for a in s.legal_actions(1) if isinstance(a, BonusCustomer)}
    assert groups == set(s.content.market.kickouts[1].groups) == {LEFT, MIDDLE}
    colour = s.groups[MIDDLE][0]
    before = len(s.groups[MIDDLE])
    play(s, BonusCustomer(MIDDLE, colour))
    assert s.bar[1] == [colour] and s.tables[1] == [[], [], []] and s.money[1] == 5
    assert len(s.groups[MIDDLE]) == before - 1
    assert s.critics[MIDDLE]  # HF-46: the middle group's critic is never offered


@pytest.mark.rule("HF-44")
def test_hf_44_market_kick_out_pay_1_money_for_a_customer() -> None:
    s = kicked_to(MARKET_PAID_CUSTOMER, MARKET_1)
    colour = s.groups[LEFT][0]
    play(s, BonusCustomer(LEFT, colour))
    assert s.money[1] == 4 and s.bar[1] == [colour]
    s = kicked_to(MARKET_PAID_CUSTOMER, MARKET_1, money=0)
    assert s.phase == MARKET and s.bar[1] == []  # refused: the turn goes on


@pytest.mark.rule("HF-45", "HF-86")
@pytest.mark.parametrize(
    ("space", "at"),
    [(MARKET_CUSTOMER, MARKET_1), (MARKET_PAID_CUSTOMER, MARKET_2), (BOARD_CUSTOMER, BILLBOARD_1)],
)
def test_hf_45_hf_86_a_full_bar_takes_no_customer(space: int, at: int) -> None:
    s = new(2)
    put(s, 1, at)
    bar(s, 1, GRAY, BROWN)
    play(s, Place(at), KickTo(space))
    assert s.phase != BONUS and s.bar[1] == [GRAY, BROWN]


@pytest.mark.rule("HF-46")
def test_hf_46_no_kick_out_bonus_ever_offers_a_critic() -> None:
    for space, at in ((MARKET_CUSTOMER, MARKET_1), (BOARD_CUSTOMER, BILLBOARD_1)):
        s = new(4)  # a critic with every group
        put(s, 1, at)
        play(s, Place(at), KickTo(space))
        bonuses = s.legal_actions(1)
        assert all(isinstance(a, BonusCustomer) for a in bonuses[:-1])
        assert all(a.colour in s.groups[a.group] for a in bonuses[:-1])
        play(s, bonuses[0])
        assert s.critics == [True, True, True] and s.critic[1] == -1


@pytest.mark.rule("HF-47")
def test_hf_47_q13_a_promo_costs_its_starting_fame_and_gives_its_power_not_a_note() -> None:
    s = new(2, promos=True)
    joao = tile(s, GUITAR, "João")
    fame = s.content.promos[0].fame
    assert fame > 1 and s.musician_fame(joao) == fame
    s.money[0] = 30
    play(s, Place(MARKET_1), Hire(joao))
    price = s.content.types[GUITAR].base_cost + s.content.fame.hire_cost[fame - 1]
    assert s.money[0] == 30 - price and s.fame[joao] == fame
    assert s.notes[0] == [0] * 6 and s.observe(0)["players"][0]["musicians"][0]["power"]


@pytest.mark.rule("HF-51")
def test_hf_51_marina_is_paid_in_full_then_gives_2_money() -> None:
    s = new(2, promos=True)
    marina = tile(s, CLASSICAL, "Marina")
    price = s.hire_price(marina, base=True)
    s.money[0] = price - 1  # Marina's 2 money cannot pay for herself
    play(s, Place(MARKET_2))
    refused(s, 0, Hire(marina), f"costs {price} money")
    s.money[0] = price
    play(s, Hire(marina))
    assert s.money[0] == 2 and s.notes[0] == [0] * 6


@pytest.mark.rule("HF-36", "HF-51")
def test_q11_marinas_money_may_pay_for_the_second_hire() -> None:
    s = new(2, promos=True)
    marina = tile(s, CLASSICAL, "Marina")
    singer = tile(s, SINGER)
    singer_price = s.hire_price(singer, base=True)
    s.money[0] = s.hire_price(marina, base=True) + singer_price - 2
    play(s, Place(MARKET_2), Hire(marina))
    assert s.money[0] == singer_price  # 2 short without Marina's money
    play(s, Hire(singer))
    assert s.money[0] == 0 and s.musicians[0][SINGER] == singer


@pytest.mark.rule("HF-34", "HF-61")
def test_q10_money_never_goes_below_0() -> None:
    s = new(2)
    s.money[0] = 0
    play(s, Place(MARKET_1))  # no hire can be paid: the turn ends
    assert s.turn == 1 and s.money[0] == 0
    s = kicked_to(STREET_NOTE_1, STREET_1, money=0)
    assert s.phase != BONUS and s.money[1] == 0


@pytest.mark.rule("HF-40", "HF-69")
def test_q12_an_empty_note_stack_gives_no_note_but_the_hire_happens() -> None:
    s = new(2)
    t = tile(s, GUITAR)
    note = s.content.notes.index(s.content.musicians[t].note)
    s.notes[1][note], s.note_supply[note] = s.note_supply[note], 0
    play(s, Place(MARKET_1), Hire(t))
    assert s.musicians[0][GUITAR] == t and s.notes[0][note] == 0
    play(s, Place(ROOM))  # seat 1: only the notes left in supply
    assert GAINS[note] not in s.legal_actions(1)
    assert GainNote((note + 1) % 6) in s.legal_actions(1)


# == Location 2: Street ===================================================================
@pytest.mark.rule("HF-52")
def test_hf_52_customers_or_a_critic_never_both() -> None:
    s = new(2)
    play(s, Place(STREET_1))
    assert {type(a) for a in s.legal_actions(0)} == {Seat, BringCritic, type(DONE)}
    play(s, BringCritic(MIDDLE, 0))
    assert s.turn == 1 and s.tables[0] == [[], [], []] and s.critic[0] == 0
    s = new(2)
    group(s, LEFT, GRAY, GRAY)
    play(s, Place(STREET_1), Seat(LEFT, 0, 2, 0, 0))
    assert s.turn == 1 and s.critic[0] == -1 and s.tables[0][0] == [GRAY, GRAY]


@pytest.mark.rule("HF-53")
def test_hf_53_customers_come_from_one_group_beside_the_space() -> None:
    s = new(2)
    group(s, RIGHT, GRAY, BROWN, BROWN, BLACK)
    play(s, Place(STREET_1))
    assert {a.group for a in s.legal_actions(0) if isinstance(a, Seat)} == {LEFT, MIDDLE}
    e = refused(s, 0, Seat(RIGHT, 1, 1, 0, 0), "from the group on the left or right")
    assert "Location #2: Street" in e.rule


@pytest.mark.rule("HF-54")
def test_hf_54_a_single_empty_table() -> None:
    s = new(2)
    seat(s, 0, 1, BROWN)
    group(s, LEFT, GRAY, GRAY, BLACK, BROWN)
    play(s, Place(STREET_1))
    assert {a.table for a in s.legal_actions(0) if isinstance(a, Seat)} == {0}
    refused(s, 0, Seat(LEFT, 1, 1, 0, 0), "a single EMPTY")
    play(s, Seat(LEFT, 0, 1, 1, 0))
    assert s.tables[0][:2] == [[GRAY, BLACK], [BROWN]]


@pytest.mark.rule("HF-16", "HF-55", "HF-101")
def test_hf_55_as_many_customers_as_the_table_seats_and_no_4_seat_table_yet() -> None:
    s = new(2)
    group(s, LEFT, GRAY, GRAY, BLACK, BROWN)
    play(s, Place(STREET_1))
    assert Seat(LEFT, 0, 2, 1, 0) not in s.legal_actions(0)
    refused(s, 0, Seat(LEFT, 0, 2, 1, 0), "equal to the max for that table")
    refused(s, 0, Seat(LEFT, 2, 1, 0, 0), "uncovered")
    s = new(2)
    s.cubes_removed[0] = 5
    group(s, LEFT, GRAY, GRAY, BLACK, BROWN)
    play(s, Place(STREET_1), Seat(LEFT, 2, 2, 1, 1))
    assert s.tables[0][2] == [GRAY, GRAY, BLACK, BROWN]


@pytest.mark.rule("HF-56", "HF-99")
@pytest.mark.parametrize(("removed", "cost"), [(0, 3), (1, 3), (2, 2), (3, 2), (4, 1), (6, 0)])
def test_hf_56_hf_99_the_critic_costs_what_the_track_shows(removed: int, cost: int) -> None:
    s = new(2)
    s.cubes_removed[0] = removed
    play(s, Place(STREET_1), BringCritic(MIDDLE, 0))
    assert s.money[0] == 5 - cost and s.critic[0] == 0
    if cost:
        s = new(2)
        s.cubes_removed[0], s.money[0] = removed, cost - 1
        play(s, Place(STREET_1))
        refused(s, 0, BringCritic(MIDDLE, 0), f"the critic costs {cost} money")


@pytest.mark.rule("HF-57")
def test_hf_57_only_a_critic_in_a_group_beside_the_space() -> None:
    s = new(3)  # critics with the left and right groups
    play(s, Place(STREET_1))
    assert {a.group for a in s.legal_actions(0) if isinstance(a, BringCritic)} == {LEFT}
    refused(s, 0, BringCritic(RIGHT, 0), "the critic from the group on the left or right")
    s = new(2)
    s.critics[MIDDLE] = False
    s.critic[1] = 0
    play(s, Place(STREET_2))
    assert not [a for a in s.legal_actions(0) if isinstance(a, BringCritic)]
    refused(s, 0, BringCritic(MIDDLE, 0), "there is no critic in the middle group")


@pytest.mark.rule("HF-58")
def test_hf_58_one_critic_at_a_time() -> None:
    s = new(3)
    critic_to(s, 0, 1)
    play(s, Place(STREET_1))
    assert not [a for a in s.legal_actions(0) if isinstance(a, BringCritic)]
    e = refused(s, 0, BringCritic(LEFT, 0), "you cannot take another critic")
    assert "Street" in e.rule


@pytest.mark.rule("HF-59")
def test_hf_59_the_critic_sits_alone_at_an_empty_table() -> None:
    s = new(2)
    seat(s, 0, 0, GRAY)
    play(s, Place(STREET_1))
    assert {a.table for a in s.legal_actions(0) if isinstance(a, BringCritic)} == {1}
    refused(s, 0, BringCritic(MIDDLE, 0), "alone at an empty")
    play(s, BringCritic(MIDDLE, 1))
    s.turn = s.decider = 0
    s.phase, s.target = STREET, STREET_1
    assert not [a for a in s.legal_actions(0) if isinstance(a, Seat)]  # no table left


@pytest.mark.rule("HF-60")
def test_hf_60_street_kick_out_take_1_money() -> None:
    s = kicked_to(STREET_MONEY, STREET_1)
    play(s, BonusMoney())
    assert s.money[1] == 6


@pytest.mark.rule("HF-61", "HF-62")
@pytest.mark.parametrize(("space", "price"), [(STREET_NOTE_1, 1), (STREET_NOTE_2, 2)])
def test_hf_61_hf_62_q15_street_kick_outs_sell_any_note(space: int, price: int) -> None:
    s = kicked_to(space, STREET_1)
    assert set(s.legal_actions(1)) == {*BONUS_NOTES, NO_BONUS}  # any note
    play(s, BonusNote(4))
    assert s.money[1] == 5 - price and s.notes[1][4] == 1
    s = kicked_to(space, STREET_1, money=price - 1)
    assert s.phase != BONUS and s.notes[1] == [0] * 6


# == Location 3: Rehearsal Room ===========================================================
def show(s: HouseOfFadoState, slot: int, notes_: list[str]) -> int:
    """Put the fado tile showing ``notes_`` in display ``slot`` (swapped with it)."""
    wanted = next(n for n, t in enumerate(s.content.fado) if t.notes == notes_)
    where = s.display if wanted in s.display else s.stack
    i = where.index(wanted)
    where[i], s.display[slot] = s.display[slot], wanted
    return wanted


@pytest.mark.rule("HF-63", "HF-64", "HF-66")
def test_hf_63_hf_64_hf_66_a_fado_tile_is_paid_with_its_notes_and_scored() -> None:
    s = new(3)
    show(s, 0, ["Dó", "Dó"])
    notes(s, 0, "Dó")
    play(s, Place(ROOM))
    assert ScoreFado(0) not in s.legal_actions(0)  # one Dó is not two
    s = new(3)
    fado = show(s, 0, ["Dó", "Dó"])
    notes(s, 0, "Dó", "Dó")
    play(s, Place(ROOM), ScoreFado(0))
    points = s.content.fado[fado].points
    assert s.notes[0] == [0] * 6 and s.note_supply[0] == s.content.note_copies
    assert s.fado_scored[0] == [fado] and s.scores()[0]["breakdown"]["fado_tiles"] == points
    assert s.turn == 1 and s.notes[0] == [0] * 6  # HF-63: no note as well


@pytest.mark.rule("HF-65")
def test_hf_65_the_tile_on_top_of_the_stack_cannot_be_scored() -> None:
    s = new(3)
    tiles = [["Dó", "Ré", "Mi", "Fá", "Sol"], ["Lá", "Lá"], ["Dó", "Dó"], ["Ré", "Ré", "Sol"],
             ["Mi", "Mi"]]  # fmt: skip
    top, *shown = [next(n for n, t in enumerate(s.content.fado) if t.notes == w) for w in tiles]
    rest = [n for n in s.display + s.stack if n != top and n not in shown]
    s.display, s.stack = shown, [top, *rest]
    notes(s, 0, "Dó", "Ré", "Mi", "Fá", "Sol")  # the top's notes, none of the display's
    play(s, Place(ROOM))
    assert not [a for a in s.legal_actions(0) if isinstance(a, ScoreFado)]
    assert s.observe(0)["stack_top"]["id"] == top


@pytest.mark.rule("HF-67")
def test_hf_67_q16_the_display_refills_from_the_stack_then_shrinks() -> None:
    s = new(2)
    fado = show(s, 2, ["Dó", "Ré"])
    notes(s, 0, "Dó", "Ré")
    top, below = s.stack[0], s.stack[1]
    play(s, Place(ROOM), ScoreFado(2))
    assert s.display[2] == top and s.stack[0] == below and fado not in s.display
    seen = s.observe(1)
    assert seen["stack_top"]["id"] == below and all(seen["display"])
    s = new(2)
    show(s, 0, ["Dó", "Ré"])
    notes(s, 0, "Dó", "Ré")
    s.stack = []
    play(s, Place(ROOM), ScoreFado(0))
    assert s.display[0] == -1 and s.observe(None)["display"][0] is None
    assert s.observe(None)["stack_top"] is None


@pytest.mark.rule("HF-68", "HF-117")
def test_hf_68_the_first_player_to_score_3_fado_tiles_gains_the_star() -> None:
    s = new(2)
    s.fado_scored[0] = [s.stack.pop(), s.stack.pop()]
    s.fado_scored[1] = [s.stack.pop(), s.stack.pop()]
    show(s, 0, ["Dó", "Ré"])
    show(s, 1, ["Mi", "Fá"])
    notes(s, 0, "Dó", "Ré")
    notes(s, 1, "Mi", "Fá")
    play(s, Place(ROOM), ScoreFado(0))
    assert s.star_owner[FADO_STAR] == 0 and s.stars(0) == 1
    play(s, Place(ROOM), KickTo(ROOM_MONEY), NO_BONUS, ScoreFado(1))  # seat 1 kicks seat 0
    assert len(s.fado_scored[1]) == 3 and s.star_owner[FADO_STAR] == 0 and s.stars(1) == 0


@pytest.mark.rule("HF-69")
def test_hf_69_any_note_for_free_duplicates_allowed() -> None:
    s = new(2)
    notes(s, 0, "Lá", "Lá")
    play(s, Place(ROOM))
    assert set(GAINS) <= set(s.legal_actions(0))
    play(s, GainNote(5))
    assert s.notes[0][5] == 3 and s.money[0] == 5


@pytest.mark.rule("HF-35", "HF-70")
@pytest.mark.parametrize("space", [ROOM_MONEY, ROOM_MONEY_2])
def test_hf_70_q9_rehearsal_kick_outs_take_2_money(space: int) -> None:
    s = kicked_to(space, ROOM)
    play(s, BonusMoney())
    assert s.money[1] == 7


@pytest.mark.rule("HF-71")
@pytest.mark.parametrize("fame", [1, 2, 3, 4])
def test_hf_71_rehearsal_kick_out_buys_fame_n_for_n_money(fame: int) -> None:
    s = new(2)
    put(s, 1, ROOM)
    t = give(s, 1, SINGER, fame)
    s.money[1] = fame + 1
    play(s, Place(ROOM), KickTo(ROOM_FAME), BonusFame(SINGER))
    assert s.fame[t] == fame + 1 and s.money[1] == 0
    s = new(2)
    put(s, 1, ROOM)
    give(s, 1, SINGER, fame)
    s.money[1] = fame  # one short
    play(s, Place(ROOM), KickTo(ROOM_FAME))
    assert s.phase != BONUS


@pytest.mark.rule("HF-71", "HF-111")
def test_hf_71_only_your_own_musicians_below_fame_6() -> None:
    s = new(2)
    put(s, 1, ROOM)
    give(s, 1, GUITAR, 6)
    give(s, 1, SINGER, 2)
    give(s, 0, CLASSICAL, 2)
    s.money[1] = 50
    play(s, Place(ROOM), KickTo(ROOM_FAME))
    assert set(s.legal_actions(1)) == {BonusFame(SINGER), NO_BONUS}


@pytest.mark.rule("HF-71", "HF-93")
def test_q17_fame_6_from_the_rehearsal_kick_out_takes_the_star_at_once() -> None:
    s = new(2)
    put(s, 1, ROOM)
    t = give(s, 1, SINGER, 5)
    s.money[1] = 6
    play(s, Place(ROOM), KickTo(ROOM_FAME), BonusFame(SINGER))
    assert s.star_owner[SINGER] == 1 and s.star_tiles[SINGER] == t
    assert s.musicians[1][SINGER] == -1 and s.scores()[1]["breakdown"]["fame_six"] == 6
    assert s.acting_players() == (0,) and s.phase == "rehearsal"


@pytest.mark.rule("HF-71", "HF-94")
def test_q17_not_the_first_to_fame_6_remove_or_keep() -> None:
    s = new(2)
    s.star_owner[SINGER] = 0
    put(s, 1, ROOM)
    t = give(s, 1, SINGER, 5)
    s.money[1] = 6
    play(s, Place(ROOM), KickTo(ROOM_FAME), BonusFame(SINGER))
    assert s.phase == SIX and s.acting_players() == (1,)
    play(s, RemoveSix(SINGER))
    assert t in s.removed and s.scores()[1]["breakdown"]["fame_six"] == 6
    assert s.acting_players() == (0,) and s.star_owner[SINGER] == 0


@pytest.mark.rule("HF-119")
def test_q17_a_third_star_from_a_kick_out_ends_after_the_active_players_round() -> None:
    s = new(3)
    s.star_owner[GUITAR] = s.star_owner[FADO_STAR] = 2
    s.turn = s.decider = 2  # the last seat acts
    put(s, 0, ROOM)
    give(s, 0, SINGER, 5)
    s.money[0] = 6
    play(s, Place(ROOM), KickTo(ROOM_FAME), BonusFame(SINGER))
    assert s.ending and not s.is_terminal()
    play(s, GainNote(0))
    assert s.is_terminal()


# == Location 4: Billboard ================================================================
@pytest.mark.rule("HF-72")
def test_hf_72_each_billboard_space_offers_promote_and_contract_one_per_action() -> None:
    for space in (BILLBOARD_1, BILLBOARD_2):
        s = new(2)
        give(s, 0, SINGER, 3)
        play(s, Place(space))
        kinds = {type(a) for a in s.legal_actions(0)}
        assert {Promote, Contract} <= kinds
    play(s, Promote(SINGER))
    assert s.turn == 1 and s.musicians[0][SINGER] == -1


@pytest.mark.rule("HF-73", "HF-112")
def test_hf_73_promote_your_own_musician_of_a_type_above_the_space() -> None:
    s = new(2)
    g = give(s, 0, GUITAR, 3)
    give(s, 0, CLASSICAL, 3)
    give(s, 1, SINGER, 3)
    play(s, Place(BILLBOARD_1))
    assert {a.type for a in s.legal_actions(0) if isinstance(a, Promote)} == {GUITAR}
    refused(s, 0, Promote(CLASSICAL), "one of the 2 types above your action space")
    refused(s, 0, Promote(SINGER), "you have no singer in your restaurant")
    play(s, Promote(GUITAR))
    assert s.billboard[GUITAR] == g and s.musicians[0][GUITAR] == -1


@pytest.mark.rule("HF-74")
def test_hf_74_a_fame_1_musician_cannot_be_promoted() -> None:
    s = new(2)
    give(s, 0, GUITAR, 1)
    play(s, Place(BILLBOARD_1))
    assert PROMOTES[GUITAR] not in s.legal_actions(0)
    refused(s, 0, Promote(GUITAR), "at least 2 fame")


@pytest.mark.rule("HF-75")
@pytest.mark.parametrize("mine", [2, 3])
def test_hf_75_promote_only_above_the_fame_of_the_musician_there(mine: int) -> None:
    s = new(2)
    shown = give(s, 1, SINGER, 3)
    s.musicians[1][SINGER], s.billboard[SINGER] = -1, shown
    give(s, 0, SINGER, mine)
    play(s, Place(BILLBOARD_1))
    e = refused(s, 0, Promote(SINGER), r"must have a higher fame than the one on the billboard")
    assert "Location #4: Billboard" in e.rule


@pytest.mark.rule("HF-75", "HF-76", "HF-110", "HF-115")
def test_hf_75_hf_76_a_higher_fame_displaces_the_tile_to_the_market_with_its_fame() -> None:
    s = new(2)
    shown = give(s, 0, SINGER, 3)  # seat 0's own musician there: it does not matter
    s.musicians[0][SINGER], s.billboard[SINGER] = -1, shown
    mine = give(s, 0, SINGER, 4)
    play(s, Place(BILLBOARD_1), Promote(SINGER))
    assert s.billboard[SINGER] == mine and shown in s.market[SINGER] and s.fame[shown] == 3
    base = s.content.types[SINGER].base_cost
    assert s.hire_price(shown, base=True) == base + 6


@pytest.mark.rule("HF-77", "HF-79")
def test_hf_77_hf_79_a_promotion_places_a_cube_and_scores_the_fame() -> None:
    s = new(2)
    give(s, 0, SINGER, 4)
    play(s, Place(BILLBOARD_2), Promote(SINGER))
    assert s.cubes_removed[0] == 1 and s.billboard_cubes[SINGER] == [1, 0]
    assert s.scores()[0]["breakdown"]["promotions"] == 4
    assert s.observe(None)["billboard"][SINGER]["cubes"] == [1, 0]


@pytest.mark.rule("HF-78")
def test_hf_78_no_cube_left_no_promotion() -> None:
    s = new(2)
    give(s, 0, SINGER, 4)
    s.cubes_removed[0] = 8
    play(s, Place(BILLBOARD_1))
    assert PROMOTES[SINGER] not in s.legal_actions(0)
    refused(s, 0, Promote(SINGER), "you don't have any prestige cubes on your board")


@pytest.mark.rule("HF-37", "HF-80", "HF-81")
def test_hf_80_hf_81_q18_contract_for_the_fame_cost_alone_with_its_note() -> None:
    s = new(2)
    t, fresh = tile(s, SINGER), s.market[GUITAR][0]
    s.fame[t] = 2
    note = s.content.notes.index(s.content.musicians[t].note)
    play(s, Place(BILLBOARD_1))
    tiles = {a.tile for a in s.legal_actions(0) if isinstance(a, Contract)}
    assert tiles == set(s.market[GUITAR]) | set(s.market[SINGER])  # Q18: the types beside
    play(s, Contract(t))
    assert s.money[0] == 2 and s.musicians[0][SINGER] == t and s.notes[0][note] == 1
    s = new(2)
    play(s, Place(BILLBOARD_1), Contract(fresh))
    assert s.fame[fresh] == 1 and s.money[0] == 4  # Q18: a new tile gets a fame 1 die


@pytest.mark.rule("HF-82")
def test_hf_82_a_fame_6_musician_cannot_be_contracted() -> None:
    s = new(2)
    t = tile(s, SINGER)
    s.fame[t] = 6
    s.money[0] = 99
    play(s, Place(BILLBOARD_1))
    assert CONTRACTS[t] not in s.legal_actions(0)
    e = refused(s, 0, Contract(t), "a fame 6 musician cannot be contracted")
    assert "Billboard" in e.rule


@pytest.mark.rule("HF-83")
def test_hf_83_not_a_type_you_already_have() -> None:
    s = new(2)
    give(s, 0, SINGER)
    play(s, Place(BILLBOARD_1))
    refused(s, 0, Contract(tile(s, SINGER)), "you may only have 1 musician of each type")


@pytest.mark.rule("HF-84")
def test_hf_84_billboard_kick_out_take_2_money() -> None:
    s = kicked_to(BOARD_MONEY, BILLBOARD_1)
    play(s, BonusMoney())
    assert s.money[1] == 7


@pytest.mark.rule("HF-85")
def test_hf_85_billboard_kick_out_a_note_of_your_choice_for_free() -> None:
    s = kicked_to(BOARD_NOTE, BILLBOARD_1, money=0)
    assert set(s.legal_actions(1)) == {*BONUS_NOTES, NO_BONUS}
    play(s, BonusNote(3))
    assert s.notes[1][3] == 1 and s.money[1] == 0


@pytest.mark.rule("HF-86")
def test_hf_86_billboard_kick_out_a_free_customer_from_the_groups_beside() -> None:
    s = kicked_to(BOARD_CUSTOMER, BILLBOARD_1, money=0)
    groups = {a.group for a in s.legal_actions(1) if isinstance(a, BonusCustomer)}
    assert groups == set(s.content.billboard_location.kickouts[2].groups) == {MIDDLE, RIGHT}
    colour = s.groups[RIGHT][0]
    play(s, BonusCustomer(RIGHT, colour))
    assert s.bar[1] == [colour] and s.money[1] == 0
