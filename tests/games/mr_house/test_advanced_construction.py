"""Advanced variant: Construction (crews of workers, roofs, the garage) and the
Preparation for the Next Turn."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders.core import IllegalAction
from housebuilders.games.mr_house.actions import (
    GARAGE,
    Build,
    ChoosePrivilege,
    Crew,
    FinishBuilding,
    Remove,
)
from housebuilders.games.mr_house.advanced import NO_GARAGE, Garage
from housebuilders.games.mr_house.house import BRICK_WALL, CERAMIC_ROOF, ROOF, WOOD_WALL
from tests.games.mr_house.helpers import (
    adv,
    adv_construction,
    adv_purchases,
    card_with,
    column,
    materials,
    wood,
)

EXPO = 10  # the construction expo's location
PLENTY = materials(wood=20, brick=20, cement=20, steel=20, window=9, door=9)


def building(players: int = 2, cards: list[int] | None = None, house=()):
    """Player 0 builds first, with plenty of materials and these worker cards."""
    s = adv(players, order=list(range(players)))
    s.store[0] = list(PLENTY)
    s.house[0] = house
    for i, card in enumerate(cards or []):
        s.spaces[0][i] = card
    adv_construction(s)
    return s


@pytest.mark.rule("MH-68")
def test_brick_wall_needs_two_workers() -> None:
    # "to build a brick wall, a player needs not only materials (2 bricks and 1
    # cement) but also 2 workers"
    s = building(cards=[])
    assert Build("brick_wall", 0, 0) not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="needs a crew of 2 workers") as e:
        s.apply(0, Build("brick_wall", 0, 0))
    assert e.value.rule == "mr-house-advanced §Construction"


@pytest.mark.rule("MH-69", "MH-71")
def test_crew_of_several_cards() -> None:
    s = building(cards=[card_with(adv(), workers=1)])
    s.apply(0, Build("brick_wall", 0, 0))  # the printed worker and the card: one crew
    assert s.house[0][0].walls[0].part == BRICK_WALL
    assert s.tired[0] == 0b11
    assert s.store[0][1] == 18 and s.store[0][2] == 19


@pytest.mark.rule("MH-70")
def test_each_card_works_on_one_part_a_turn() -> None:
    # "workers from one card can be used to build one part, then they get tired"
    s = building(cards=[card_with(adv(), workers=3)])
    s.apply(0, Build("wood_wall", 0, 0))
    s.apply(0, Crew(0b10))  # the 3-worker card builds a wooden wall: 2 are extra
    s.apply(0, Build("wood_wall", 1, 0))  # the printed worker is the only crew left
    assert s.tired[0] == 0b11
    assert not any(isinstance(a, Build) for a in s.legal_actions(0))


@pytest.mark.rule("MH-70")
def test_tired_worker_card_refused() -> None:
    two = card_with(adv(), workers=2)
    s = building(cards=[two, two + 1])
    s.apply(0, Build("brick_wall", 0, 0))
    s.apply(0, Crew(0b010))
    s.apply(0, Build("wood_wall", 1, 0))
    with pytest.raises(hb.IllegalAction, match="the card in space 1 is tired"):
        s.apply(0, Crew(0b010))


@pytest.mark.rule("MH-69")
def test_crew_too_small_refused() -> None:
    one, two = card_with(adv(), workers=1), card_with(adv(), workers=2)
    s = building(cards=[one, two])
    s.apply(0, Build("brick_wall", 0, 0))
    assert set(s.legal_actions(0)) == {Crew(0b011), Crew(0b100)}
    with pytest.raises(hb.IllegalAction, match="needs a crew of 2 workers; these cards give 1"):
        s.apply(0, Crew(0b010))


@pytest.mark.rule("MH-69")
def test_crew_with_a_card_to_spare_refused() -> None:
    two = card_with(adv(), workers=2)
    s = building(cards=[two, two + 1])
    s.apply(0, Build("wood_wall", 0, 0))
    with pytest.raises(hb.IllegalAction, match="no card to spare"):
        s.apply(0, Crew(0b011))


@pytest.mark.rule("MH-78")
def test_workers_rest_and_shift_right_at_the_end_of_the_turn() -> None:
    s = building(players=2, cards=[5, 6, 7, 8])
    s.tired[0] = 0b10110
    s._end_turn()
    assert s.spaces[0] == [-1, 5, 6, 7]  # 8 went off the right end
    assert s.tired[0] == 0


@pytest.mark.rule("MH-72")
def test_sheet_metal_and_ceramic_roofs() -> None:
    one = card_with(adv(), workers=1)
    s = building(cards=[one, one + 1, one + 2], house=(column(wood()), column(wood())))
    s.apply(0, Build("ceramic_roof", 0, 0))
    s.apply(0, Crew(0b0011))
    s.apply(0, Build("roof", 1, 0))
    s.apply(0, Crew(0b0100))
    assert [c.roof for c in s.house[0]] == [CERAMIC_ROOF, ROOF]


@pytest.mark.rule("MH-83")
def test_garage_before_any_wall_refused() -> None:
    s = building(cards=[card_with(adv(), workers=2)])
    assert Build("wood_wall", GARAGE, 0) not in s.legal_actions(0)
    with pytest.raises(hb.IllegalAction, match="only be built if the house already has a wall"):
        s.apply(0, Build("wood_wall", GARAGE, 0))


@pytest.mark.rule("MH-83", "MH-84", "MH-85")
def test_garage_wall_door_and_roof() -> None:
    one = card_with(adv(), workers=1)
    s = building(cards=[one, one + 1, one + 2], house=(column(wood()),))
    s.apply(0, Build("wood_wall", GARAGE, 0))
    s.apply(0, Crew(0b0001))
    s.apply(0, Build("door", GARAGE, 0))
    s.apply(0, Crew(0b0010))
    s.apply(0, Build("roof", GARAGE, 0))
    s.apply(0, Crew(0b0100))
    assert s.garage[0] == Garage(WOOD_WALL, True, ROOF)
    assert s.garage_points(0) == 5
    assert s.size(0) == 1 + 2  # the house's wall; the garage's wall and roof


@pytest.mark.rule("MH-83")
def test_second_garage_refused() -> None:
    s = building(cards=[card_with(adv(), workers=1)], house=(column(wood()),))
    s.garage[0] = Garage(BRICK_WALL)
    with pytest.raises(hb.IllegalAction, match="only one garage"):
        s.apply(0, Build("wood_wall", GARAGE, 0))


@pytest.mark.rule("MH-84")
def test_garage_door_does_not_count_as_the_house_door() -> None:
    s = building(cards=[card_with(adv(), workers=1)], house=(column(wood(door=True)),))
    s.garage[0] = Garage(WOOD_WALL)
    assert Build("door", GARAGE, 0) in s.legal_actions(0)


@pytest.mark.rule("MH-85")
def test_garage_scoring_wall_only_one_point() -> None:
    s = adv(2)
    s.garage[0] = Garage(BRICK_WALL, False, ROOF)
    assert s.garage_points(0) == 1
    s.garage[0] = NO_GARAGE
    assert s.garage_points(0) == 0


@pytest.mark.rule("MH-84")
def test_giving_up_the_garage_wall_takes_door_and_roof() -> None:
    s = building(house=(column(wood()),))
    s.garage[0] = Garage(WOOD_WALL, True, ROOF)
    s.apply(0, Remove("wood_wall", GARAGE, 0))
    assert s.garage[0].wall < 0 and not s.garage[0].door and not s.garage[0].roof
    assert s.garage_points(0) == 0 and s.observe(0)["players"][0]["garage"] is None


@pytest.mark.rule("MH-83")
def test_a_garage_given_up_is_not_built_again() -> None:
    """"Each player may build only one garage": once its wall is given up, no other."""
    s = building(house=(column(wood()),))
    s.garage[0] = Garage(WOOD_WALL)
    s.apply(0, Remove("wood_wall", GARAGE, 0))
    assert not any(a.column == GARAGE for a in s.legal_actions(0) if isinstance(a, Build))
    with pytest.raises(IllegalAction, match="only one garage"):
        s.apply(0, Build("wood_wall", GARAGE, 0))
    with pytest.raises(IllegalAction, match="was given up"):
        s.apply(0, Build("door", GARAGE, 0))


@pytest.mark.rule("MH-73")
def test_structure_rules_of_the_basic_variant_apply() -> None:
    s = building(cards=[card_with(adv(), workers=1)], house=(column(wood(door=True)),))
    with pytest.raises(hb.IllegalAction, match="both a window and a door"):
        s.apply(0, Build("window", 0, 0))
    with pytest.raises(hb.IllegalAction, match="only be placed on an already built roof"):
        s.apply(0, Build("chimney", 0, 1))


@pytest.mark.rule("MH-36", "MH-73")
def test_walls_stack_and_roofs_go_at_any_level_in_the_advanced_variant() -> None:
    """Rulings 1, 2 and 5, as in the basic variant: "A house can also have more than
    one level, by building walls on top of walls." "Not all roofs must be at the same
    level." "A chimney can only be placed on an already built roof." """
    s = building(house=(column(wood(), wood()), column(wood(), roof=True)))
    legal = s.legal_actions(0)
    assert Build("wood_wall", 0, 2) in legal  # on top of a wall
    assert Build("wood_wall", 2, 0) in legal  # a new column at the row's end
    assert Build("roof", 0, 1) in legal  # the second floor's roof beside a first floor's
    assert Build("wood_wall", 1, 1) not in legal  # a roofed column takes no wall
    assert Build("chimney", 1, 1) in legal
    builds = [a for a in legal if isinstance(a, Build)]
    assert not [a for a in builds if a.part == "chimney" and a.column == 0]  # no roof there


@pytest.mark.rule("MH-73")
def test_giving_up_a_part_in_the_advanced_variant_takes_what_stands_on_it() -> None:
    """Ruling 15: "A constructed house part can be removed, but the player does not
    keep it or regain the materials used to create it." A roof takes its chimney, a
    ground-floor wall its column."""
    s = building(house=(column(wood(windows=1), roof=True, chimney=True), column(wood())))
    s.apply(0, Remove("roof", 0, 0))
    assert s.house[0] == (column(wood(windows=1)), column(wood()))
    s.apply(0, Remove("wood_wall", 0, 0))
    assert s.house[0] == (column(wood()),) and s.store[0] == list(PLENTY)


@pytest.mark.rule("MH-57", "MH-71")
def test_finish_passes_to_the_next_builder() -> None:
    s = building(players=2)
    s.store[1] = list(PLENTY)
    s.apply(0, FinishBuilding())
    assert s.acting_players() == (1,)


# == Preparation for the Next Turn =======================================================
@pytest.mark.rule("MH-74")
def test_steel_price_rises_from_five_to_six() -> None:
    # Rulebook example: 3 steel left; in a 3-player game the price rises if 4 or fewer
    # remain: from 5 to 6, the maximum.
    s = adv(3)
    s.prices[3] = 5
    s.supply[3] = 3
    s._end_turn()
    assert s.prices[3] == 6


@pytest.mark.rule("MH-74")
def test_price_never_above_maximum_nor_below_minimum() -> None:
    s = adv(3)
    s.prices[3] = 6
    s.supply[3] = 0
    s.prices[0] = 2
    s.supply[0] = 7
    s._end_turn()
    assert s.prices[3] == 6  # steel stays at its maximum
    assert s.prices[0] == 2  # wood stays at its minimum


@pytest.mark.rule("MH-74")
def test_price_falls_when_more_remain_than_the_threshold() -> None:
    s = adv(3)
    s.supply[0] = 5  # wood, threshold 4
    s._end_turn()
    assert s.prices[0] == 2


@pytest.mark.rule("MH-75")
def test_materials_replenished_as_at_setup() -> None:
    s = adv(4)
    s.supply = [0] * 6
    s._end_turn()
    assert s.supply == [9, 7, 7, 9, 4, 3]


@pytest.mark.rule("MH-76")
def test_worker_cards_left_on_the_board_get_a_coin() -> None:
    s = adv(2)
    cheap = card_with(s, workers=1, stars=0)  # price 2
    dear = card_with(s, workers=3, stars=2)  # price 8
    s.board_cards = [(dear, 0), (cheap, 1)]
    deck_before = len(s.worker_deck)
    s._end_turn()
    assert s.board_cards[0] == (dear, 1)
    assert all(card != cheap for card, _ in s.board_cards)  # at price 0 it leaves
    assert len(s.board_cards) == 3  # replaced, then filled up to players + 1
    assert len(s.worker_deck) == deck_before - 2


@pytest.mark.rule("MH-77")
def test_expo_future_cards_become_current() -> None:
    s = adv(2)
    future = list(s.expo_future)
    s._end_turn()
    assert s.expo_current == future
    assert len(s.expo_future) == 2


def _privileges_in_play(state) -> set[int]:
    """Every privilege card still in the game: the deck, the expo and the players'."""
    held = {card for cards in state.privileges for card in cards}
    return {*state.privilege_deck, *state.expo_current, *state.expo_future, *held}


@pytest.mark.rule("MH-77")
def test_unused_current_privilege_cards_are_removed_to_the_box_for_good() -> None:
    # "4. Replenish privilege cards at the expo. Unused current privilege cards are
    # removed to the box. The 2 future privilege cards are moved to the 2 current
    # slots, and 2 random new cards are drawn and placed in the 2 future slots."
    s = adv(2, order=[0, 1])
    taken, unused = s.expo_current
    future, deck_top = list(s.expo_future), s.privilege_deck[-2:]
    adv_purchases(s, {EXPO: [(0, 1)]}, hold=False)  # one visitor: one card taken
    s.apply(0, ChoosePrivilege(taken))
    while s.turn == 1:  # nobody builds: the turn ends
        (player,) = s.acting_players()
        s.apply(player, FinishBuilding())
    assert s.privileges[0] == [taken]  # the card taken stays with its player
    assert s.expo_current == future
    assert sorted(s.expo_future) == sorted(deck_top)  # the next 2 of the deck
    assert unused not in _privileges_in_play(s)  # the unused one left the game
    # nor does it come back: not to a player who cannot see the deck ...
    for player in (0, 1):
        for seed in range(20):
            assert unused not in _privileges_in_play(s.determinize(player, seed))
    # ... nor in the turns that follow, to the game's end
    rng = random.Random(3)
    while not s.is_terminal():
        acting = s.acting_players()
        player = acting[rng.randrange(len(acting))]
        actions = s.legal_actions(player)
        s.apply(player, actions[rng.randrange(len(actions))])
        assert unused not in _privileges_in_play(s)


@pytest.mark.rule("MH-77")
def test_both_current_privilege_cards_leave_when_nobody_visits_the_expo() -> None:
    s = adv(3)
    unused, future = list(s.expo_current), list(s.expo_future)
    s._end_turn()
    assert s.expo_current == future
    assert not set(unused) & _privileges_in_play(s)
    s._end_turn()  # the next turn's unused cards go the same way
    assert not set(unused + future) & _privileges_in_play(s)


@pytest.mark.rule("MH-67", "MH-79")
def test_next_turn_follows_the_player_order_track() -> None:
    s = adv(3, order=[0, 1, 2])
    s.track = [2, 1, 0]
    s._end_turn()
    assert s.order == [2, 1, 0] and s.acting_players() == (2,)


@pytest.mark.rule("MH-84")
def test_the_garage_takes_no_window_or_chimney() -> None:
    """The garage's parts are a wall, a door and, if wished, a roof (ruling 26)."""
    s = building(cards=[card_with(adv(), workers=1)], house=(column(wood()),))
    s.garage[0] = Garage(WOOD_WALL, False, ROOF)
    on_garage = {a.part for a in s.legal_actions(0) if isinstance(a, Build) and a.column == GARAGE}
    assert on_garage == {"door"}
    for part in ("window", "chimney"):
        with pytest.raises(hb.IllegalAction):
            s.apply(0, Build(part, GARAGE, 0))
