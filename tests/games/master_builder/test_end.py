"""The end of the game: the latest end, negative totals, winners and ties (MB-108,
MB-113, MB-114, Q19)."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.master_builder.phases import BID, HIRE, OPEN, OPENING_BID, PLAN
from tests.games.master_builder.positions import A, F, drive, give, new
from tests.games.master_builder.test_construction import TOWN_WALL, build, builder


@pytest.mark.rule("MB-23", "MB-108")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_mb_108_the_game_ends_right_after_round_6s_phase_5_with_five_cards_turned(
    players: int,
) -> None:
    s = drive(new(players), lambda s: s.round == 6 and s.phase == HIRE)
    assert not s.is_terminal() and len(s.economy_shown) == 4
    drive(s, lambda s: False)
    view = s.observe(None)
    assert view["over"] and view["round"] == 6 and len(view["economy_shown"]) == 5
    assert s.legal_actions(0) == [] and s.acting_players() == ()


@pytest.mark.rule("MB-112", "MB-113")
def test_mb_113_a_final_total_may_be_below_zero() -> None:
    s = new(2)
    s.cash[0], s.ious[0], s.contract_deck = 0, [0, 1], []
    assert s.scores()[0] == {"total": -40, "breakdown": {"cash": 0, "buildings": 0,
                                                         "loans": -40}}  # fmt: skip


@pytest.mark.rule("MB-114")
def test_mb_114_q19_players_tied_for_the_most_money_all_win() -> None:
    s = new(3)
    s.cash = [50, 50, 20]
    assert s.ranking() == [1, 1, 3] and s.winners() == [0, 1]
    s.cash = [10, 50, 20]
    assert s.ranking() == [3, 1, 2] and s.winners() == [1]


@pytest.mark.rule("MB-114")
def test_mb_114_a_finished_games_winners_have_the_top_total() -> None:
    s = hb.new_game("master-builder", 2, seed=5)
    while not s.is_terminal():
        player = s.acting_players()[0]
        s.apply(player, s.legal_actions(player)[-1])
    totals = [x["total"] for x in s.scores()]
    assert s.winners() == [p for p, t in enumerate(totals) if t == max(totals)]


@pytest.mark.rule("MB-109")
@pytest.mark.parametrize("option", [False, True])
def test_mb_109_q17_a_contract_removed_unwanted_was_not_acquired(option: bool) -> None:
    """"It ends earlier if, before the 5th round, all contracts have been acquired by
    players": the last contract on offer removed unwanted in round 4 leaves the game six
    rounds long; removed-contracts-end-early (Q17's first reading) counts it as gone, and
    round 5 is the last."""
    s = new(2, **{"removed-contracts-end-early": option})
    last = s.contract_deck[-1]
    for c in s.contract_deck[:-1] + s.display:
        s.contracts[c % 2].append(c)
    s.round, s.contract_deck, s.display, s.carried = 4, [], [last], [last]
    s._end_phase_2()
    assert s.gone == [last] and s.display == []
    assert s.last_round == (5 if option else 6)


@pytest.mark.rule("MB-110")
def test_mb_110_the_extra_round_is_a_whole_round_that_offers_no_contract() -> None:
    """All contracts acquired in round 4: round 5 hires and fires, carries out its event,
    builds and pays wages, and its Phase 2 turns no economic card and offers nothing."""
    s = new(2)
    for p in (0, 1):
        give(s, p, [F, A])  # wages 5 each
    for c in s.contract_deck + s.display:
        s.contracts[c % 2].append(c)
    s.round, s.contract_deck, s.display, s.cash = 4, [], [], [90, 90]
    s._end_phase_2()
    drive(s, lambda s: s.round == 5)
    turned, log, phases = len(s.economy_shown), len(s.log), []
    cash = wage = None
    while not s.is_terminal():
        if s.phase == PLAN and cash is None:
            cash, wage = s.cash[:], s.wage[:]
        phases.append(s.phase)
        player = s.acting_players()[0]
        s.apply(player, s.legal_actions(player)[-1])
    assert s.round == 5 and HIRE in phases and PLAN in phases
    assert not {OPEN, OPENING_BID, BID} & set(phases) and s.display == []
    assert len(s.economy_shown) == turned
    assert sum(line.startswith("event: ") for line in s.log[log:]) == 1
    assert cash is not None and wage is not None
    assert s.cash == [c - w for c, w in zip(cash, wage, strict=True)]  # Phase 5's wages


def test_goals_count_each_seats_completed_buildings_and_its_final_money() -> None:
    """The goal figures: the contracts each seat completed (the town's, by the log that
    names their builder), its final money in thousands (the score's total, loans and
    unfinished buildings counted), and its IOUs and their cost."""
    s = builder([A] * 6, TOWN_WALL)
    s.cash[0], s.ious[1] = 30, [1, 0]
    build(s, 0, 1, 2, 3, 4, 5)  # a whole town wall, paid in this round's income
    assert TOWN_WALL in s.town
    goals = s.goals()
    assert list(goals) == ["buildings completed", "money", "IOUs owed", "debt"]
    assert goals["buildings completed"] == [1.0, 0.0]
    assert goals["money"] == [float(x["total"]) for x in s.scores()]
    assert goals["IOUs owed"] == [0.0, 1.0] and goals["debt"] == [0.0, float(s.debt(1))]


def test_goals_of_a_played_game_agree_with_its_town_and_scores() -> None:
    final = hb.play("master-builder", ["greedy", "greedy"], seed=1)
    goals = final.goals()
    assert sum(goals["buildings completed"]) == len(final.town)
    assert goals["money"] == [float(x["total"]) for x in final.scores()]
