"""Master Builder's component data (MB-1 to MB-9, MB-16, MB-23, MB-36, MB-40, MB-58, MB-64,
MB-75 to MB-78, MB-85, MB-105, MB-111, MB-115 to MB-117)."""

from __future__ import annotations

from collections import Counter

import pytest

from housebuilders.core import ContentError
from housebuilders.games.master_builder.content import (
    DATA,
    KINDS,
    QUIRK_CODES,
    can_staff,
    contracts_in_play,
    needs,
    wages,
    workers,
)

CONTENT = DATA.load()
M, F, J, A = range(4)


def crew(*skills: int) -> list[int]:
    """Worker card ids: the first unused card of each skill asked for."""
    cards = workers(CONTENT)
    ids: list[int] = []
    for skill in skills:
        ids.append(next(w for w, c in enumerate(cards) if c.skill == skill and w not in ids))
    return ids


@pytest.mark.rule("MB-1")
def test_mb_1_twelve_contracts_of_six_sections_72_pieces() -> None:
    assert [c.number for c in CONTENT.contracts] == list(range(1, 13))
    assert sum(len(c.sections) for c in CONTENT.contracts) == 72
    assert all(len(sections) == 6 for sections in needs(CONTENT))


@pytest.mark.rule("MB-2")
def test_mb_2_the_minimum_workforce_is_the_sum_of_the_sections_codes() -> None:
    for contract, sections in zip(CONTENT.contracts, needs(CONTENT), strict=True):
        counted = Counter(s for need in sections for s in need)
        assert contract.workforce == [counted[s] for s in range(4)], contract.number
        assert contract.amount > 0 and contract.min_bid > 0 and contract.name


@pytest.mark.rule("MB-3")
def test_mb_3_contracts_1_2_7_12_are_town_walls_the_others_buildings() -> None:
    kinds = {c.number: c.kind for c in CONTENT.contracts}
    assert [n for n, kind in kinds.items() if kind == "town-wall"] == [1, 2, 7, 12]
    assert Counter(kinds.values()) == {"building": 8, "town-wall": 4}
    # a building: two gables, two side walls, two roof sections; a town wall: two walls,
    # each a wall section and two sides
    assert KINDS["building"] == ("gable", "gable", "side wall", "side wall", "roof", "roof")
    assert KINDS["town-wall"] == ("wall section", "side", "side") * 2


@pytest.mark.rule("MB-4")
def test_mb_4_forty_workers_in_four_decks_each_with_one_to_three_distinct_quirks() -> None:
    assert [s.name for s in CONTENT.skills] == [
        "master craftsman", "foreman", "merchant", "apprentice"
    ]  # fmt: skip
    cards = workers(CONTENT)
    assert len(cards) == 40
    assert Counter(c.skill for c in cards) == {M: 8, F: 9, J: 10, A: 13}
    for card in cards:
        assert 1 <= len(card.quirks) <= 3 and len(set(card.quirks)) == len(card.quirks)
        assert set(card.quirks) <= set(QUIRK_CODES)
    assert [q.name for q in CONTENT.quirks] == [
        "sensitive", "deceitful", "weak", "negligent", "hot-headed"
    ]  # fmt: skip


@pytest.mark.rule("MB-5")
def test_mb_5_mb_30_the_rulebooks_crew_earns_14() -> None:
    assert wages(CONTENT, crew(M, F, J, A, A)) == 14
    assert all(card.wage == CONTENT.skills[card.skill].wage for card in workers(CONTENT))


@pytest.mark.rule("MB-6")
def test_mb_6_sixteen_event_cards_each_with_a_name_and_an_effect() -> None:
    assert len(CONTENT.events) == 16
    assert len({e.name for e in CONTENT.events}) == 16 and all(e.text for e in CONTENT.events)
    # every choosing or paying event names whom it asks; "none" and "no-roofs" need nothing
    for event in CONTENT.events:
        if event.effect == "pay":
            assert event.pay > 0
        if event.effect in ("none", "no-roofs"):
            assert not (event.quirks or event.skills or event.gain or event.pay)


@pytest.mark.rule("MB-7")
def test_mb_7_eleven_economic_cards_with_a_count_per_player_count() -> None:
    assert len(CONTENT.economy) == 11
    assert all(len(card.reveal) == 3 for card in CONTENT.economy)
    assert [0, 1, 1] in [card.reveal for card in CONTENT.economy]  # the rulebook's example


@pytest.mark.rule("MB-8", "MB-105")
def test_mb_8_mb_105_the_loan_table() -> None:
    table = [(loan.name, loan.amount, loan.early, loan.late) for loan in CONTENT.loans]
    assert table == [("Small", 10, 13, 15), ("Large", 30, 38, 40)]


@pytest.mark.rule("MB-9", "MB-16")
def test_mb_9_every_amount_is_a_whole_number_of_thousands() -> None:
    # the schema is strict: an amount of 2.5 thousand is refused, naming the field
    with pytest.raises(ContentError, match="start_money"):
        DATA.load({"start_money": 40.5})
    assert CONTENT.start_money == 40  # MB-16: $40,000


@pytest.mark.rule("MB-14", "MB-15", "MB-23")
def test_mb_14_mb_15_mb_23_decks_in_play_and_the_length_of_the_game() -> None:
    assert [contracts_in_play(CONTENT, p) for p in (2, 3, 4)] == [8, 12, 12]
    assert CONTENT.economy_in_play == 5 and CONTENT.rounds == 6


@pytest.mark.rule("MB-36")
def test_mb_36_the_wage_track_ends_at_30() -> None:
    assert CONTENT.wage_cap == 30


@pytest.mark.rule("MB-40")
def test_mb_40_round_1_reveals_one_contract_more_than_players() -> None:
    assert CONTENT.extra_contracts_round_1 == 1


@pytest.mark.rule("MB-52")
def test_mb_52_contract_1_can_be_opened_at_2000() -> None:
    assert CONTENT.contracts[0].min_bid <= 2


@pytest.mark.rule("MB-58", "MB-64", "MB-111")
def test_mb_58_mb_64_mb_111_the_printed_amounts() -> None:
    assert CONTENT.round_1_most_contracts == 2
    assert CONTENT.unwanted_bonus == 5
    assert CONTENT.unfinished_penalty == 20


@pytest.mark.rule("MB-76", "MB-77")
@pytest.mark.parametrize(
    ("need", "worker", "ok"),
    [((code,), (skill,), skill <= code) for code in range(4) for skill in range(4)],
)
def test_mb_76_mb_77_a_worker_meets_a_colour_of_its_skill_or_below(
    need: tuple[int, ...], worker: tuple[int, ...], ok: bool
) -> None:
    assert can_staff(need, worker) is ok


@pytest.mark.rule("MB-78", "MB-79")
def test_mb_78_mb_79_two_worker_sections_pair_off_and_take_exactly_two() -> None:
    foreman_apprentice = (F, A)
    for pair in ((F, J), (F, F), (M, A), (A, F)):
        assert can_staff(foreman_apprentice, pair)
    for pair in ((J, A), (A, A), (M,), (M, F, A)):
        assert not can_staff(foreman_apprentice, pair)
    assert not can_staff((J,), (M, M))  # Q25: no extra workers


@pytest.mark.rule("MB-75")
def test_mb_75_the_colour_codes() -> None:
    colours = {s.code: s.colour for s in CONTENT.skills}
    assert colours == {"M": "yellow", "F": "red", "J": "purple", "A": "green"}


@pytest.mark.rule("MB-85")
def test_mb_85_contract_8_the_rulebooks_crew_builds_a_side_wall_and_both_gables() -> None:
    gable_1, gable_2, wall_1, wall_2, roof_1, roof_2 = needs(CONTENT)[7]
    assert CONTENT.contracts[7].kind == "building"
    # 1 master, 2 foremen, 1 merchant: one side wall and both gables
    assert can_staff(wall_1, (M,)) and can_staff(gable_1, (F,)) and can_staff(gable_2, (F, J))
    # no section of contract 8 takes an apprentice, alone or paired
    for need in needs(CONTENT)[7]:
        assert not any(can_staff(need, c) for c in ((A,), (A, M), (M, A), (A, A)))
    assert not can_staff(wall_2, (A,)) and M in wall_2  # the other wall waits for a master


@pytest.mark.rule("MB-2", "MB-89")
def test_every_contract_can_be_built_in_one_phase_under_the_wage_cap() -> None:
    for contract in CONTENT.contracts:
        wage = sum(n * CONTENT.skills[s].wage for s, n in enumerate(contract.workforce))
        assert wage <= CONTENT.wage_cap, contract.number


@pytest.mark.rule("MB-115", "MB-116", "MB-117")
def test_mb_115_to_mb_117_the_additional_rules_values() -> None:
    options = CONTENT.options
    assert (options.choosing_fee, options.selective_hand, options.additional_events) == (1, 2, 2)


def test_proposed_values_are_listed() -> None:
    proposed = DATA.proposed()
    for path in ("skills[*].quirks", "contracts[*].sections", "contracts[*].amount",
                 "events[*].effect", "economy[*].reveal", "hire_turns"):  # fmt: skip
        assert path in proposed
    for fact in ("start_money", "wage_cap", "loans[*].early", "skills[*].wage",
                 "contracts[*].kind", "unwanted_bonus"):  # fmt: skip
        assert fact not in proposed


@pytest.mark.parametrize(
    ("override", "message"),
    [({"contracts": [{"number": 1, "name": "x", "kind": "building",
                      "sections": ["A"] * 6, "workforce": [0, 0, 0, 6], "amount": 9,
                      "min_bid": 1}]},
      r"the town walls are numbers \(1, 2, 7, 12\)"),
     ({"skills": [{"name": "x", "code": c, "colour": "c", "wage": 1, "cards": 1,
                   "quirks": ["SX"]} for c in "MFJA"]},
      "'SX' is not 1 to 3 distinct quirks"),
     ({"economy_in_play": 4}, "rounds: one more than economy_in_play"),
     ({"events": [{"name": "Thieves", "text": "t", "effect": "pay", "quirks": ["D"]}]},
      "'Thieves': only a pay effect has `pay`, above 0"),
     ({"start_money": 400}, r"the money a seat can hold reaches 3138 .* above the highest bid"),
     ({"contracts": [{**c, "min_bid": 2000} if c["number"] == 4 else c
                     for c in DATA.file_data["contracts"]]},
      r"contracts: number 4: min_bid above all the money a seat can hold \(1698\)"),
     ({"loans": [{"name": "Small", "amount": 10, "early": 9, "late": 15}] * 2},
      "amount <= early <= late")],
)  # fmt: skip
def test_content_that_breaks_a_rule_is_refused_naming_the_field(
    override: dict[str, object], message: str
) -> None:
    with pytest.raises(ContentError, match=message):
        DATA.load(override)


def test_a_section_code_that_is_no_skill_is_refused() -> None:
    contracts = [c.model_dump() for c in CONTENT.contracts]
    contracts[2]["sections"] = ["A", "A", "A", "A", "J", "J+X"]
    with pytest.raises(ContentError, match="contracts: number 3: section code 'J\\+X'"):
        DATA.load({"contracts": contracts})


def test_an_override_of_a_proposed_value_loads_and_leaves_the_rest() -> None:
    contracts = [c.model_dump() for c in CONTENT.contracts]
    contracts[4]["amount"] = 31
    content = DATA.load({"contracts": contracts, "hire_turns": 2})
    assert content.contracts[4].amount == 31 and content.hire_turns == 2
    assert content.loans == CONTENT.loans
