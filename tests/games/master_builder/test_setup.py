"""Master Builder's setup (MB-10 to MB-17, MB-40, MB-116)."""

from __future__ import annotations

from collections import Counter

import pytest

from housebuilders.core import Rng
from housebuilders.games.master_builder.content import DATA, workers
from housebuilders.games.master_builder.deal import FIRST_PLAYER, Layout, setup

CONTENT = DATA.load()


def new(players: int, seed: int = 1, selective_events: bool = False) -> Layout:
    return setup(CONTENT, players, Rng(seed), selective_events=selective_events)


@pytest.mark.rule("MB-10")
@pytest.mark.parametrize("players", [1, 5])
def test_mb_10_only_2_to_4_players_are_set_up(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        new(players)
    assert all(new(p) for p in (2, 3, 4))


@pytest.mark.rule("MB-12")
def test_mb_12_one_shuffled_deck_per_skill_holding_every_card_of_it() -> None:
    table = new(3)
    cards = workers(CONTENT)
    for skill, deck in enumerate(table.decks):
        assert sorted(deck) == [w for w, c in enumerate(cards) if c.skill == skill]
    orders = {tuple(map(tuple, new(3, seed).decks)) for seed in range(10)}
    assert len(orders) == 10  # the seed shuffles them
    assert new(3, 4).decks == new(3, 4).decks


@pytest.mark.rule("MB-13")
def test_mb_13_the_event_deck_holds_all_16_cards_shuffled() -> None:
    table = new(4)
    assert sorted(table.event_deck) == list(range(16)) and table.hands == [[]] * 4
    assert new(4, 2).event_deck != table.event_deck


@pytest.mark.rule("MB-14")
@pytest.mark.parametrize(("players", "deck"), [(2, 8), (3, 12), (4, 12)])
def test_mb_14_two_players_play_with_8_contracts_4_removed_unseen(players: int, deck: int) -> None:
    table = new(players)
    assert len(table.contract_deck) == deck and len(table.removed) == 12 - deck
    assert sorted(table.contract_deck + table.removed) == list(range(12))
    removed = {frozenset(new(2, seed).removed) for seed in range(20)}
    assert len(removed) > 1  # chance, not always the same four


@pytest.mark.rule("MB-15")
def test_mb_15_five_economic_cards_in_play_the_other_six_boxed() -> None:
    table = new(2)
    assert len(table.economy) == 5 and len(table.boxed_economy) == 6
    assert sorted(table.economy + table.boxed_economy) == list(range(11))


@pytest.mark.rule("MB-16")
def test_mb_16_every_player_starts_with_40000_and_nothing_else() -> None:
    table = new(4)
    assert table.cash == [40] * 4 and table.wage == [0] * 4
    assert table.workers == table.contracts == [[]] * 4
    assert table.ious == [[0, 0]] * 4


@pytest.mark.rule("MB-17")
def test_mb_17_seat_0_is_the_first_player_in_every_new_game() -> None:
    assert FIRST_PLAYER == 0
    assert {new(p, seed).first for p in (2, 3, 4) for seed in range(20)} == {0}


@pytest.mark.rule("MB-40")
def test_mb_40_nothing_is_on_offer_and_nothing_built_before_phase_2() -> None:
    table = new(3)
    assert table.display == [] and table.town == []
    assert table.bonus == [0] * 12 and table.built == [[False] * 6] * 12


@pytest.mark.rule("MB-116")
def test_mb_116_selective_events_deal_two_cards_to_each_player_from_the_deck() -> None:
    table = new(4, selective_events=True)
    assert [len(hand) for hand in table.hands] == [2, 2, 2, 2]
    dealt = [e for hand in table.hands for e in hand]
    assert Counter(dealt + table.event_deck) == Counter(range(16))
    assert len(table.event_deck) == 8
