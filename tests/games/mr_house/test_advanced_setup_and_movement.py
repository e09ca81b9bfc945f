"""Advanced variant: Game Preparation, Sequence of Play, Movement Around the City."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.games.mr_house.actions import FINISH_BUILDING, PlaceMarker
from tests.games.mr_house.helpers import adv, adv_purchases, materials

ORDER, OFFICE, BRICK, WINDOW, CEMENT, WORK, STEEL, DOOR, WOOD, EXPO = range(1, 11)


@pytest.mark.rule("MH-51")
@pytest.mark.parametrize(("players", "wood"), [(2, 4), (3, 7), (4, 9)])
def test_advanced_setup_places_materials_by_player_count(players: int, wood: int) -> None:
    # "place 4 wood in a 2-player game, 7 wood in a 3-player game, and 9 wood in a
    # 4-player game"
    assert adv(players).supply[0] == wood


@pytest.mark.rule("MH-2", "MH-50")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_setup_one_more_face_up_worker_card_than_players(players: int) -> None:
    s = adv(players)
    assert len(s.board_cards) == players + 1
    assert len(s.worker_deck) == 28 - (players + 1)
    assert all(coins == 0 for _, coins in s.board_cards)


@pytest.mark.rule("MH-52")
def test_advanced_setup_price_table_at_starting_prices() -> None:
    # brick=3, wood=3, steel=4, cement=3, window=7, door=10
    s = adv()
    names = ("wood", "brick", "cement", "steel", "window", "door")
    assert dict(zip(names, s.prices, strict=True)) == {
        "wood": 3, "brick": 3, "cement": 3, "steel": 4, "window": 7, "door": 10,
    }  # fmt: skip


@pytest.mark.rule("MH-53")
def test_advanced_setup_twelve_privilege_cards_two_current_two_future() -> None:
    s = adv()
    assert len(s.expo_current) == 2 and len(s.expo_future) == 2
    assert len(s.privilege_deck) == 12 - 4
    assert len(s.privilege_box) == 3
    dealt = {*s.expo_current, *s.expo_future, *s.privilege_deck}
    assert len(dealt) == 12 and not dealt & set(s.privilege_box)


@pytest.mark.rule("MH-55", "MH-56")
def test_advanced_setup_quality_money_by_order_and_materials() -> None:
    s = adv(4, seed=3)
    assert s.quality == [-3] * 4
    money_by_position = [s.money[pl] for pl in s.order]
    assert money_by_position == [84, 86, 88, 90]
    assert s.store == [materials(wood=1, brick=1, cement=1, steel=1)] * 4
    assert s.loans == [0] * 4 and s.permit == [False] * 4
    assert s.workers_available(0) == [(0, 1)]  # the printed permanent worker


@pytest.mark.rule("MH-54")
def test_advanced_setup_random_turn_order() -> None:
    orders = {tuple(adv(4, seed=seed).order) for seed in range(20)}
    assert len(orders) > 5


@pytest.mark.rule("MH-57")
def test_advanced_player_order_track_sets_turn_order() -> None:
    s = adv(3, order=[2, 0, 1])
    assert s.acting_players() == (2,)
    s.apply(2, PlaceMarker(1, WOOD))
    assert s.acting_players() == (0,)


@pytest.mark.rule("MH-59")
def test_advanced_player_order_and_expo_adjacent_to_2_4_6_8_and_each_other() -> None:
    s = adv(2, order=[0, 1])
    s.apply(0, PlaceMarker(1, ORDER))
    s.apply(1, PlaceMarker(1, EXPO))
    # "if you placed your first marker in 1, you may place your second marker in 4"
    legal = {a.location for a in s.legal_actions(0) if isinstance(a, PlaceMarker)}
    assert legal == {OFFICE, WINDOW, WORK, DOOR, EXPO}
    legal = {a.location for a in s.legal_actions(0) if isinstance(a, PlaceMarker)}
    with pytest.raises(hb.IllegalAction, match="not orthogonally adjacent"):
        s.apply(0, PlaceMarker(2, WOOD))


@pytest.mark.rule("MH-58", "MH-59")
def test_advanced_window_store_not_next_to_work_notice_board() -> None:
    s = adv(2, order=[0, 1])
    s.apply(0, PlaceMarker(1, WINDOW))
    s.apply(1, PlaceMarker(1, WOOD))
    legal = {a.location for a in s.legal_actions(0) if isinstance(a, PlaceMarker)}
    assert legal == {ORDER, EXPO, BRICK, CEMENT}  # the rulebook's example


@pytest.mark.rule("MH-58")
def test_advanced_marker_values_hidden_and_resampled() -> None:
    s = adv(2, order=[0, 1])
    s.apply(0, PlaceMarker(3, WOOD))
    assert s.observe(1)["board"]["locations"][WOOD - 1]["markers"] == [{"player": 0, "value": None}]
    values = {s.determinize(1, seed).stacks[WOOD][0][1] for seed in range(30)}
    assert values == {0, 1, 2, 3}


@pytest.mark.rule("MH-58")
def test_advanced_determinize_resamples_decks() -> None:
    s = adv(3)
    decks = {tuple(s.determinize(0, seed).worker_deck) for seed in range(10)}
    assert len(decks) > 1
    privileges = {tuple(s.determinize(0, seed).privilege_deck) for seed in range(10)}
    assert len(privileges) > 1
    view = s.determinize(0, 1)
    assert set(view.privilege_deck + view.privilege_box) == set(s.privilege_deck + s.privilege_box)
    assert view.observe(0) == s.observe(0)


@pytest.mark.rule("MH-57")
def test_advanced_a_move_that_is_not_asked_now_is_refused_in_plain_words() -> None:
    s = adv(2, order=[0, 1])
    with pytest.raises(hb.IllegalAction) as caught:
        s.apply(0, FINISH_BUILDING)
    assert caught.value.message == (
        "'finish building' is not what is asked now: "
        "you are asked to place one of your movement markers on a location"
    )
    adv_purchases(s, {WOOD: [(0, 2)]})
    with pytest.raises(hb.IllegalAction, match="you are asked to choose how much to buy at the"):
        s.apply(0, FINISH_BUILDING)


@pytest.mark.rule("MH-58")
def test_advanced_markers_are_placed_as_in_the_basic_variant() -> None:
    """One marker at a time in the turn's order, each new one on top of its stack, one
    to a location, each marker once."""
    s = adv(2, order=[1, 0])
    assert s.acting_players() == (1,)
    s.apply(1, PlaceMarker(3, WOOD))
    s.apply(0, PlaceMarker(1, WOOD))
    assert [(player, value) for player, value, _ in s.stacks[WOOD]] == [(1, 3), (0, 1)]
    with pytest.raises(hb.IllegalAction, match="only one marker of a given player"):
        s.apply(1, PlaceMarker(2, WOOD))
    with pytest.raises(hb.IllegalAction, match="no 3 marker"):
        s.apply(1, PlaceMarker(3, OFFICE))
    s.apply(1, PlaceMarker(2, OFFICE))
    assert s.acting_players() == (0,)
