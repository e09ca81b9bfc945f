"""House of Fado's component data (HF-2, HF-3, HF-5, HF-6, HF-8, HF-10 to HF-17, HF-35, HF-38,
HF-56, HF-71, HF-88, HF-90, HF-91, HF-99, HF-100, HF-123, HF-127, HF-128)."""

from __future__ import annotations

import pytest

from housebuilders.core import ContentError
from housebuilders.games.house_of_fado.content import DATA, bag, fado_sets, market_tiles

CONTENT = DATA.load()
TYPE = {t.name: n for n, t in enumerate(CONTENT.types)}


@pytest.mark.rule("HF-2")
@pytest.mark.parametrize(("players", "per_type"), [(2, 4), (3, 5), (4, 6)])
def test_hf_2_the_market_holds_4_5_or_6_tiles_of_each_type_by_player_count(
    players: int, per_type: int
) -> None:
    assert [len(tiles) for tiles in market_tiles(CONTENT, players)] == [per_type] * 3


@pytest.mark.rule("HF-3", "HF-47")
def test_hf_3_there_is_one_promo_of_each_type_starting_above_fame_1() -> None:
    assert sorted(p.type for p in CONTENT.promos) == [0, 1, 2]
    assert all(p.fame > 1 for p in CONTENT.promos)
    assert {p.name: p.power for p in CONTENT.promos} == {
        "João": "extra-cube", "Vital": "extra-customers", "Marina": "money-on-hire"
    }  # fmt: skip


@pytest.mark.rule("HF-5")
def test_hf_5_there_are_six_note_stacks_and_every_tile_names_one_of_them() -> None:
    assert CONTENT.notes == ["Dó", "Ré", "Mi", "Fá", "Sol", "Lá"]
    assert all(m.note in CONTENT.notes for m in CONTENT.musicians)
    assert all(note in CONTENT.notes for tile in CONTENT.fado for note in tile.notes)


@pytest.mark.rule("HF-6")
def test_hf_6_two_players_use_only_the_fado_tiles_marked_2() -> None:
    two, every = fado_sets(CONTENT)
    assert len(every) == len(CONTENT.fado) == 18
    assert len(two) == 10 and all(CONTENT.fado[n].two for n in two)


@pytest.mark.rule("HF-8", "HF-104")
@pytest.mark.parametrize(("players", "total"), [(2, 18), (3, 27), (4, 36)])
def test_hf_8_the_bag_holds_gray_black_brown_2_3_4_per_player(players: int, total: int) -> None:
    customers = bag(CONTENT, players)
    assert len(customers) == total
    assert [customers.count(c) for c in range(3)] == [2 * players, 3 * players, 4 * players]
    assert CONTENT.customers.colours == ["gray", "black", "brown"]


@pytest.mark.rule("HF-10")
def test_hf_10_critics_by_player_count_sit_with_the_named_groups() -> None:
    # 2 players: the middle group; 3: leftmost and rightmost; 4: each group
    assert CONTENT.customers.critic_groups == [[1], [0, 2], [0, 1, 2]]


@pytest.mark.rule("HF-11")
def test_hf_11_five_stars() -> None:
    assert CONTENT.stars == 5 and CONTENT.fado_star_tiles == 3


@pytest.mark.rule("HF-12")
def test_hf_12_one_billboard_tile_per_type_with_a_side_for_each_player_count() -> None:
    assert len(CONTENT.billboard) == len(CONTENT.types) == 3
    for tile in CONTENT.billboard:
        assert len(tile.many) == 3 and len(tile.two) == 2
        assert tile.many == sorted(tile.many, reverse=True)


@pytest.mark.rule("HF-13", "HF-109")
def test_hf_13_fame_runs_from_1_to_6() -> None:
    assert CONTENT.fame.max == 6
    assert all(1 < p.fame < 6 for p in CONTENT.promos)


@pytest.mark.rule("HF-14", "HF-17")
def test_hf_14_hf_17_each_player_starts_with_5_money_3_workers_and_8_cubes() -> None:
    assert (CONTENT.starting_money, CONTENT.workers, CONTENT.prestige_cubes) == (5, 3, 8)


@pytest.mark.rule("HF-15")
def test_hf_15_three_assistants_in_the_2_player_variant() -> None:
    assert CONTENT.assistants == 3


@pytest.mark.rule("HF-16", "HF-101", "HF-105")
def test_hf_16_the_4_seat_table_on_the_right_is_covered_until_the_5th_cube() -> None:
    assert CONTENT.tables == [2, 3, 4] and CONTENT.bar_seats == 2
    assert CONTENT.tables[CONTENT.covered_table] == 4 and CONTENT.unlock_after == 5


@pytest.mark.rule("HF-35")
def test_hf_35_every_location_has_three_kick_out_spaces_with_the_rulebooks_bonuses() -> None:
    bonuses = {
        name: [(k.bonus, k.gain, k.price) for k in getattr(CONTENT, name).kickouts]
        for name in ("market", "street", "rehearsal", "billboard_location")
    }
    assert sorted(bonuses["market"]) == [("customer", 0, 0), ("customer", 0, 1), ("money", 1, 0)]
    assert sorted(bonuses["street"]) == [("money", 1, 0), ("note", 0, 1), ("note", 0, 2)]
    assert sorted(bonuses["rehearsal"]) == [("fame", 0, 0), ("money", 2, 0), ("money", 2, 0)]
    assert sorted(bonuses["billboard_location"]) == [
        ("customer", 0, 0), ("money", 2, 0), ("note", 0, 0)
    ]  # fmt: skip


@pytest.mark.rule("HF-38")
def test_hf_38_hiring_costs_the_type_plus_1_3_6_10_15_by_fame() -> None:
    assert CONTENT.fame.hire_cost == [1, 3, 6, 10, 15]
    assert all(t.base_cost >= 0 for t in CONTENT.types)


@pytest.mark.rule("HF-71")
def test_hf_71_one_fame_at_the_rehearsal_room_costs_the_fame_reached() -> None:
    assert CONTENT.fame.rehearsal_cost == [2, 3, 4, 5, 6]


@pytest.mark.rule("HF-90")
def test_hf_90_raising_fame_4_to_5_costs_3_customers() -> None:
    assert CONTENT.fame.customers[4 - 1] == 3


@pytest.mark.rule("HF-91")
def test_hf_91_customer_colours_by_musician_type() -> None:
    colours = {t.name: t.colours for t in CONTENT.types}
    assert colours == {
        "Portuguese guitar": ["gray", "brown"],
        "singer": ["gray", "black"],
        "classical guitar": ["gray", "brown"],
    }


@pytest.mark.rule("HF-56", "HF-99")
def test_hf_56_hf_99_the_critic_costs_3_3_2_2_1_1_0_0_0_by_cubes_removed() -> None:
    assert CONTENT.critic_cost == [3, 3, 2, 2, 1, 1, 0, 0, 0]


@pytest.mark.rule("HF-88", "HF-100")
def test_hf_88_hf_100_income_per_seated_customer_rises_after_the_3rd_and_7th_cube() -> None:
    income = CONTENT.income
    assert income[3] == 2  # the rulebook's example
    rises = [n for n in range(1, 9) if income[n] > income[n - 1]]
    assert rises == [3, 7]


@pytest.mark.rule("HF-123", "HF-127", "HF-128")
def test_hf_123_hf_127_hf_128_end_scoring_tables() -> None:
    assert CONTENT.star_points[:5] == [0, 10, 15, 21, 28]
    assert CONTENT.star_points[5] == 36  # Q23: the next triangular number
    assert CONTENT.fado_set_points == [0, 3, 6, 10, 15]
    assert CONTENT.money_per_point == 5


def test_proposed_values_are_listed() -> None:
    proposed = DATA.proposed()
    for path in ("musicians[*].note", "fado[*].points", "billboard[*].many", "income",
                 "types[*].base_cost", "market.kickouts"):  # fmt: skip
        assert path in proposed
    assert "starting_money" not in proposed and "fame.hire_cost" not in proposed


@pytest.mark.parametrize(
    ("override", "message"),
    [({"income": [1, 2]}, "income: one value per cubes removed"),
     ({"types": [{"name": "x", "base_cost": 1, "colours": ["red"]}] * 3},
      "names no customer colour 'red'"),
     ({"street": {"between": [[0, 2]]}}, r"street.between: \[0, 2\] is not two neighbours"),
     ({"customers": {"critic_groups": [[3], [0, 2], [0, 1, 2]]}}, "not distinct groups")],
)  # fmt: skip
def test_content_that_breaks_a_rule_is_refused_naming_the_field(
    override: dict[str, object], message: str
) -> None:
    with pytest.raises(ContentError, match=message):
        DATA.load(override)


def test_an_override_of_a_proposed_value_loads_and_leaves_the_rest() -> None:
    content = DATA.load({"income": [1, 1, 2, 2, 2, 3, 3, 3, 4]})
    assert content.income[8] == 4 and content.critic_cost == CONTENT.critic_cost
    assert TYPE["singer"] == 1
