"""Dream Home's rules, from the rulebook's words; each test names the rules it checks
with the ``rule`` marker, by their ids in the game's rules reference
(src/housebuilders/games/dream_home/rules-reference.md)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from itertools import product

import pytest

import housebuilders as hb
from housebuilders.core import IllegalAction
from housebuilders.core.testing import check_determinization_from_knowledge
from housebuilders.core.viewcheck import SVG, clickable, draw_svg
from housebuilders.games.dream_home.actions import (
    DECLINE,
    Decorate,
    DiscardColumn,
    DiscardDecor,
    LadderPlace,
    LadderPlaceDown,
    NoMegaphone,
    NoSupply,
    NoSwap,
    Place,
    PlaceDown,
    Reclaim,
    Supply,
    SupplyCard,
    Swap,
    Take,
    UseCrowbar,
    UseMegaphone,
)
from housebuilders.games.dream_home.phases import (
    DECOR,
    DISCARD,
    HANDYMAN as HANDYMAN_PHASE,
    MEGAPHONE,
    PLACE,
    ROOFER,
    SUPPLIER as SUPPLIER_PHASE,
    SUPPLIER_AFTER,
    TAKE,
)
from housebuilders.games.dream_home.state import EMPTY, DreamHomeState
from housebuilders.games.dream_home.svg import BASEMENT_EDGE
from tests.games.dream_home.helpers import build, new, resource_id, room_id, stack


def random_game(players: int, seed: int, **options: object) -> tuple[DreamHomeState, list]:
    s = new(players, seed, **options)
    rng, rounds = random.Random(seed), []
    while not s.is_terminal():
        (p,) = s.acting_players()
        if s.phase in (TAKE, DISCARD) and s.turns == 0 and (not rounds or rounds[-1] != s.round):
            rounds.append(s.round)
        s.apply(p, rng.choice(s.legal_actions(p)))
    return s, rounds


def hand(s: DreamHomeState, room: str, resource: str | None = None) -> None:
    """Put a room card (and a resource card) in column 2 of the board, from the decks."""
    s.room_deck.append(s.board_rooms[1])
    s.board_rooms[1] = card = room_id(s, room, avoid=set(range(60)) - set(s.room_deck))
    s.room_deck.remove(card)
    if resource is not None:
        s.resource_deck.append(s.board_resources[1])
        avoid = set(range(48)) - set(s.resource_deck)
        s.board_resources[1] = card = resource_id(s, resource, avoid)
        s.resource_deck.remove(card)


# == setup ================================================================================
@pytest.mark.rule("DH-10")
def test_dh_10_two_to_four_players_each_with_an_empty_home() -> None:
    for players in (2, 3, 4):
        assert new(players).homes == [[-1] * 12] * players
    for players in (1, 5):
        with pytest.raises(Exception, match="player"):
            new(players)


@pytest.mark.rule("DH-11", "DH-12", "DH-13", "DH-16")
def test_dh_11_dh_12_dh_13_dh_16_the_setup_deals_nine_cards_at_every_count() -> None:
    for players in (2, 3, 4):
        s = new(players)
        assert len(s.resource_deck) == 44 and len(s.room_deck) == 55
        assert s.board_resources[0] == -1 and -1 not in s.board_resources[1:]
        assert -1 not in s.board_rooms


@pytest.mark.rule("DH-12")
def test_dh_12_the_first_player_space_never_holds_a_card() -> None:
    s = new(3, seed=4)
    rng = random.Random(4)
    while not s.is_terminal():
        assert s.board_resources[0] == -1
        (p,) = s.acting_players()
        s.apply(p, rng.choice(s.legal_actions(p)))


@pytest.mark.rule("DH-15")
def test_dh_15_seat_0_holds_the_marker_and_plays_first() -> None:
    s = new(4)
    assert s.first == 0 and s.acting_players() == (0,)


@pytest.mark.rule("DH-17")
def test_dh_17_the_board_and_deck_sizes_are_public_never_a_decks_card() -> None:
    s = new(2)
    for seat in (0, 1, None):
        seen = s.observe(seat)
        assert [c["room"] is not None for c in seen["columns"]] == [True] * 5
        assert (seen["room_deck"], seen["resource_deck"]) == (55, 44)  # sizes, no cards
    # what a seat sees does not depend on the decks' order
    other = s.determinize(0, seed=99)
    assert other.room_deck != s.room_deck and other.observe(1) == s.observe(1)


# == game play ==============================================================================
@pytest.mark.rule("DH-8", "DH-9", "DH-89", "DH-90")
def test_dh_9_dh_90_a_game_lasts_12_rounds_and_fills_every_home() -> None:
    for players in (2, 3, 4):
        s, rounds = random_game(players, seed=players)
        assert rounds == list(range(1, 13))
        assert all(-1 not in home for home in s.homes)  # DH-89 too
        assert s.room_deck == [] and s.resource_deck == []


@pytest.mark.rule("DH-18", "DH-22")
def test_dh_18_dh_22_turns_go_clockwise_and_column_1_takes_the_marker() -> None:
    s = new(4)
    order = []
    for column in (1, 2, 0, 3):
        (p,) = s.acting_players()
        order.append(p)
        s.apply(p, Take(column))
        s.apply(p, next(a for a in s.legal_actions(p) if isinstance(a, PlaceDown)))
        if s.phase == DECOR:
            s.apply(p, s.legal_actions(p)[0])
    assert order == [0, 1, 2, 3]
    assert s.round == 2 and s.acting_players() == (2,)  # DH-22


@pytest.mark.rule("DH-21")
def test_dh_21_column_1_gives_no_resource_card() -> None:
    s = new(4)
    s.apply(0, Take(0))
    assert s.pending == -1 and s.first == 0
    s.apply(0, PlaceDown(5))
    assert s.roofs[0] == [] and s.held[0] == []


@pytest.mark.rule("DH-23")
def test_dh_23_nobody_takes_column_1_and_the_first_player_keeps_the_marker() -> None:
    s = new(4)
    for column in (1, 2, 3, 4):
        (p,) = s.acting_players()
        s.apply(p, Take(column))
        s.apply(p, next(a for a in s.legal_actions(p) if isinstance(a, PlaceDown)))
        if s.phase == DECOR:
            s.apply(p, s.legal_actions(p)[0])
    assert s.round == 2 and s.acting_players() == (0,)


@pytest.mark.rule("DH-20", "DH-24")
def test_dh_20_dh_24_a_taken_column_is_empty_and_never_offered_again() -> None:
    s = new(4)
    s.apply(0, Take(2))
    assert s.board_rooms[2] == -1 and s.board_resources[2] == -1
    s.apply(0, PlaceDown(5))
    if s.phase == DECOR:
        s.apply(0, s.legal_actions(0)[0])
    assert Take(2) not in s.legal_actions(1)
    with pytest.raises(IllegalAction, match="column 3 has been taken"):
        s.apply(1, Take(2))


@pytest.mark.rule("DH-25", "DH-26")
def test_dh_25_dh_26_the_room_card_is_placed_first_then_the_decor_may_go_on_it() -> None:
    s = new(4)
    hand(s, "bedroom", "decor:cat house")
    s.apply(0, Take(1))
    assert s.phase == PLACE
    s.apply(0, Place(5))
    assert s.phase == DECOR and s.legal_actions(0) == [Decorate(5)]
    s.apply(0, Decorate(5))
    assert s.token_owner[3] == 0 and s.token_at[3] == 5


def take_round_1(s: DreamHomeState, columns: tuple[int, ...]) -> list[int]:
    """Each seat in turn takes the next of ``columns`` and places its room face down; the
    decor cards taken (every one is discarded: a face-down room takes no token)."""
    decor = []
    for column in columns:
        (p,) = s.acting_players()
        resource = s.board_resources[column]
        if resource != EMPTY and s.cards.resources[resource].kind == "decor":
            decor.append(resource)
        s.apply(p, Take(column))
        s.apply(p, next(a for a in s.legal_actions(p) if isinstance(a, PlaceDown)))
        assert s.phase != DECOR
    return decor


@pytest.mark.rule("DH-21", "DH-28", "DH-29")
@pytest.mark.parametrize(
    ("taken", "left"), [((0, 1, 2, 3), 4), ((1, 2, 3, 4), 0), ((0, 2, 3, 4), 1)]
)
def test_dh_28_at_4_players_the_untaken_column_is_discarded_and_nine_cards_refill(
    taken: tuple[int, ...], left: int
) -> None:
    """"After each player has taken a turn, the cards on the board are reset: discard any
    cards still on the board and refill each row (4 resource cards on the top row; 5 room
    cards on the bottom row)": column 1's pair is a room card alone (DH-21)."""
    s = new(4)
    room, resource = s.board_rooms[left], s.board_resources[left]
    rooms_next, resources_next = s.room_deck[-5:], s.resource_deck[-4:]
    decor = take_round_1(s, taken)
    assert s.round == 2
    assert s.room_discard == [room]
    # its resource card too, unless it was column 1, which has none (DH-21)
    assert s.resource_discard == decor + ([] if left == 0 else [resource])
    assert s.board_rooms == rooms_next[::-1]
    assert s.board_resources == [EMPTY, *resources_next[::-1]]
    assert (len(s.room_deck), len(s.resource_deck)) == (55 - 5, 44 - 4)


@pytest.mark.rule("DH-29")
def test_dh_29_both_discard_piles_are_public() -> None:
    s, _ = random_game(2, seed=9)
    for seat in (0, 1, None):
        seen = s.observe(seat)
        assert len(seen["room_discard"]) == len(s.room_discard)
        assert all(c["kind"] in ("roof", "decor", "helper", "tool")
                   for c in seen["resource_discard"])  # fmt: skip


@pytest.mark.rule("DH-24", "DH-70", "DH-71")
def test_dh_70_dh_71_at_2_and_3_players_the_first_player_discards_a_column() -> None:
    for players in (2, 3):
        s = new(players)
        assert s.phase == DISCARD and s.acting_players() == (0,)
        assert DiscardColumn(1) in s.legal_actions(0) and len(s.legal_actions(0)) == 4
        room, res = s.board_rooms[2], s.board_resources[2]
        s.apply(0, DiscardColumn(2))
        assert s.room_discard == [room] and s.resource_discard == [res]
        assert s.phase == TAKE and Take(2) not in s.legal_actions(0)


@pytest.mark.rule("DH-72")
def test_dh_72_the_discard_is_an_option_and_never_at_4_players() -> None:
    assert new(2, **{"column-discard": False}).phase == TAKE
    assert new(3, **{"column-discard": False}).phase == TAKE
    assert new(4).phase == TAKE


PLAY = (MEGAPHONE, TAKE, PLACE, DECOR)


def play_round(s: DreamHomeState, rng: random.Random) -> tuple[list[int], list[int]]:
    """The rest of the round at random, after any discard; the room and resource cards
    still on the board when the last seat's turn ends."""
    played, left = s.round, ([], [])
    while s.round == played and s.phase in PLAY:
        (p,) = s.acting_players()
        s.apply(p, rng.choice(s.legal_actions(p)))
        if s.round == played and s.phase in PLAY:
            left = ([c for c in s.board_rooms if c != EMPTY],
                    [c for c in s.board_resources if c != EMPTY])  # fmt: skip
    return left


@pytest.mark.rule("DH-70")
@pytest.mark.parametrize("players", [2, 3])
def test_dh_70_every_round_opens_with_the_first_players_discard(players: int) -> None:
    """"At the beginning of each round, before the first player takes his turn, he chooses
    a column of cards and discards that pair of cards": all 12 rounds, each card to its
    own pile."""
    s = new(players, seed=players)
    rng, firsts = random.Random(players), set()
    for round_ in range(1, 13):
        assert s.round == round_ and s.phase == DISCARD and s.acting_players() == (s.first,)
        firsts.add(s.first)
        column = rng.choice(s.legal_actions(s.first)).column
        room, resource = s.board_rooms[column], s.board_resources[column]
        rooms, resources = len(s.room_discard), len(s.resource_discard)
        s.apply(s.first, DiscardColumn(column))
        assert s.room_discard[rooms:] == [room] and s.resource_discard[resources:] == [resource]
        assert s.phase in (TAKE, MEGAPHONE)  # then the turns (after any Megaphone, Q16)
        play_round(s, rng)
    assert len(firsts) > 1  # the marker moved: the discard follows it


@pytest.mark.rule("DH-72", "DH-73")
@pytest.mark.parametrize(
    ("players", "discard", "left"),
    [(2, True, 2), (3, True, 1), (2, False, 3), (3, False, 2), (4, True, 1)],
)
def test_dh_73_each_refill_discards_the_columns_left_on_the_board(
    players: int, discard: bool, left: int
) -> None:
    """Two columns left at 2 players and one at 3 (three and two without the discard,
    DH-72), one at 4: each round the room pile grows by them plus the discarded column."""
    s = new(players, seed=7, **{"column-discard": discard})
    rng = random.Random(7)
    discarded = discard and players < 4
    for round_ in range(1, 13):
        assert s.round == round_ and (s.phase == DISCARD) == discarded
        rooms = len(s.room_discard)
        if discarded:
            s.apply(s.first, rng.choice(s.legal_actions(s.first)))
        left_rooms, left_resources = play_round(s, rng)
        assert len(left_rooms) == left
        assert len(s.room_discard) - rooms == left + discarded
        assert s.room_discard[-left:] == left_rooms
        assert s.resource_discard[len(s.resource_discard) - len(left_resources):] == (
            left_resources
        )


# == resources ==============================================================================
@pytest.mark.rule("DH-46", "DH-47")
def test_dh_46_dh_47_a_roof_card_goes_on_the_stack_seen_only_as_its_size() -> None:
    s = new(4)
    hand(s, "living room", "roof:red")
    s.apply(0, Take(1))
    s.apply(0, Place(5))
    assert len(s.roofs[0]) == 1
    for seat in (0, 1, None):
        player = s.observe(seat)["players"][0]
        assert player["roof"] == 1 and player["roof_cards"] is None


@pytest.mark.rule("DH-50", "DH-51")
def test_dh_50_dh_51_a_token_goes_only_on_a_matching_room_without_a_token() -> None:
    s = new(4)
    build(s, 0, {5: "living room", 8: "bedroom"})
    hand(s, "kitchen", "decor:piano")
    s.apply(0, Take(1))
    s.apply(0, Place(9))
    assert s.legal_actions(0) == [Decorate(5)]  # DH-51: no discard while a room qualifies
    with pytest.raises(IllegalAction, match="matches the room type"):
        s.apply(0, Decorate(8))


@pytest.mark.rule("DH-52", "DH-54")
def test_dh_52_dh_54_no_matching_room_and_the_decor_card_is_discarded() -> None:
    s = new(4)
    build(s, 0, {5: "-bedroom"})
    hand(s, "kitchen", "decor:canopy bed")
    s.apply(0, Take(1))
    card = s.board_resources[1] if s.board_resources[1] != -1 else s.pending
    s.apply(0, Place(9))
    assert s.phase == TAKE and card in s.resource_discard and s.token_owner[2] == -1


@pytest.mark.rule("DH-53", "DH-55", "DH-82")
def test_dh_53_dh_55_one_token_per_room_and_a_decorated_room_is_finished() -> None:
    s = new(4)
    build(s, 0, {5: "living room", 6: "living room"})
    s.token_owner[0], s.token_at[0] = 0, 6  # the piano
    assert Decorate(5) not in s.decor_choices(0, 1)  # the paintings
    assert s.face_up_problem(0, room_id(s, "living room"), 7) == "finished"


@pytest.mark.rule("DH-56")
def test_dh_56_a_full_room_without_a_token_takes_one() -> None:
    s = new(4)
    build(s, 0, {5: "living room", 6: "living room", 7: "living room"})
    assert Decorate(5) in s.decor_choices(0, 0)
    s.token_owner[0], s.token_at[0] = 0, 5
    assert s.breakdown(0)["rooms"] == 9 and s.breakdown(0)["decor"] == 3


@pytest.mark.rule("DH-57", "DH-97")
def test_dh_57_a_treehouse_is_kept_beside_the_home() -> None:
    s = new(4)
    hand(s, "living room", "decor:treehouse")
    s.apply(0, Take(1))
    s.apply(0, PlaceDown(5))
    assert s.token_owner[8] == 0 and s.token_at[8] == -1
    assert s.breakdown(0)["decor"] == 2 and s.observe(1)["players"][0]["kept_decor"] == [
        "treehouse"
    ]


@pytest.mark.rule("DH-64")
def test_dh_60_dh_64_helpers_and_tools_lie_face_up_for_everyone() -> None:
    s = new(4)
    hand(s, "living room", "helper:architect")
    s.apply(0, Take(1))
    s.apply(0, PlaceDown(5))
    assert s.observe(2)["players"][0]["held"] == [{"kind": "helper", "name": "architect"}]


@pytest.mark.rule("DH-64", "DH-68")
def test_dh_68_the_interior_designer_places_a_token_on_any_room() -> None:
    s = new(4)
    build(s, 0, {5: "bedroom"})
    assert s.decor_choices(0, 4) == []  # the ice-cream machine, no kitchen
    s.held[0].append(resource_id(s, "helper:interior designer"))
    assert s.decor_choices(0, 4) == [Decorate(5), DiscardDecor()]
    s.token_owner[4], s.token_at[4] = 0, 5
    assert s.breakdown(0)["helpers"] == 1


@pytest.mark.rule("DH-67", "DH-98", "DH-99")
def test_dh_67_the_architect_makes_bonuses_4_and_empty_rooms_1() -> None:
    s = new(4)
    build(s, 0, {5: "bathroom", 0: "bathroom", 6: "kitchen", 7: "bedroom",
                 8: "-garage", 9: "-garage", 10: "-living room"})  # fmt: skip
    assert s.breakdown(0)["functionality"] == 6
    s.held[0].append(resource_id(s, "helper:architect"))
    assert s.breakdown(0)["helpers"] == 2 + 3


@pytest.mark.rule("DH-64", "DH-65", "DH-91")
def test_dh_65_dh_91_the_roofer_takes_a_discarded_roof_card_at_the_end() -> None:
    for seed in range(40):  # a game where the Roofer's owner has roof cards to take
        s = new(2, seed=seed)
        rng = random.Random(seed)
        while s.phase != ROOFER and not s.is_terminal():
            (p,) = s.acting_players()
            s.apply(p, rng.choice(s.legal_actions(p)))
        if s.phase == ROOFER:
            break
    owner = s.helper_owner(0)
    assert s.phase == ROOFER and s.acting_players() == (owner,)
    assert s.observe(owner)["players"][owner]["roof_cards"] is None  # before looking
    choices = s.legal_actions(owner)
    assert choices[-1] == DECLINE and all(isinstance(a, Reclaim) for a in choices[:-1])
    before = len(s.roofs[owner])
    s.apply(owner, choices[0])
    assert len(s.roofs[owner]) == before + 1 and s.phase != ROOFER
    while not s.is_terminal():  # the Supplier and the Handyman, if anyone holds them
        (p,) = s.acting_players()
        s.apply(p, s.legal_actions(p)[-1])
    assert s.observe(None)["players"][owner]["roof_cards"]  # DH-92: revealed at the end


# == placing room cards ======================================================================
@pytest.mark.rule("DH-4", "DH-31", "DH-75", "DH-76", "DH-88")
def test_dh_75_dh_31_dh_76_round_1_offers_only_supported_spaces() -> None:
    s = new(4)
    hand(s, "living room")
    s.apply(0, Take(1))
    grounded = [5 + c - 1 for c in range(1, 6) if c not in s.content.basement_under]
    assert sorted({a.space for a in s.legal_actions(0)}) == sorted([*grounded, 10, 11])
    assert {a.space for a in s.legal_actions(0) if isinstance(a, Place)} == set(grounded)
    with pytest.raises(IllegalAction, match="rule A"):
        s.apply(0, Place(0))
    with pytest.raises(IllegalAction, match="rule B"):
        s.apply(0, Place(10))


@pytest.mark.rule("DH-33", "DH-76")
def test_dh_33_a_basement_card_goes_face_up_only_in_the_basement() -> None:
    s = new(4)
    hand(s, "garage")
    s.apply(0, Take(1))
    assert {a.space for a in s.legal_actions(0) if isinstance(a, Place)} == {10, 11}


@pytest.mark.rule("DH-79", "DH-82")
def test_dh_79_dh_80_rooms_join_up_to_their_size() -> None:
    s = new(4)
    build(s, 0, {5: "living room", 7: "living room", 8: "bedroom", 10: "-garage", 11: "-garage"})
    hand(s, "living room")
    s.apply(0, Take(1))
    s.apply(0, Place(6))
    assert s.breakdown(0)["rooms"] == 9 + 1
    s2 = new(4)
    build(s2, 0, {0: "bathroom", 5: "living room", 6: "living room", 7: "living room"})
    s2.token_owner[3], s2.token_at[3] = 0, 0
    assert s2.face_up_problem(0, room_id(s2, "bathroom"), 1) == "finished"  # DH-82


@pytest.mark.rule("DH-81", "DH-82")
def test_dh_81_a_third_bedroom_beside_two_is_refused() -> None:
    s = new(4)
    build(s, 0, {8: "bedroom", 9: "bedroom"})
    hand(s, "bedroom")
    s.apply(0, Take(1))
    assert Place(7) not in s.legal_actions(0) or s.homes[0][7] != -1
    assert s.face_up_problem(0, s.holding, 7) == "finished"


@pytest.mark.rule("DH-80")
def test_dh_80_a_bedroom_between_two_bedrooms_is_refused() -> None:
    s = new(4)
    build(s, 0, {0: "bedroom", 2: "bedroom", 5: "kitchen", 6: "kitchen", 7: "living room"})
    assert s.face_up_problem(0, room_id(s, "bedroom"), 1) == "rule C"
    s2 = new(4)
    build(s2, 0, {5: "living room", 7: "living room", 8: "living room"})
    assert s2.face_up_problem(0, room_id(s2, "living room"), 6) == "rule C"


@pytest.mark.rule("DH-83", "DH-84", "DH-88")
def test_dh_83_single_card_rooms_of_a_type_never_side_by_side() -> None:
    s = new(4)
    build(s, 0, {8: "bathroom", 5: "pantry", 10: "-garage"})
    assert s.face_up_problem(0, room_id(s, "bathroom"), 9) == "finished"
    hand(s, "pantry")
    s.apply(0, Take(1))
    with pytest.raises(IllegalAction, match="finished room"):
        s.apply(0, Place(6))
    s.apply(0, PlaceDown(6))


@pytest.mark.rule("DH-84", "DH-86")
def test_dh_84_dh_86_face_down_anywhere_supported_and_it_supports_a_room() -> None:
    s = new(4)
    hand(s, "living room")
    s.apply(0, Take(1))
    assert PlaceDown(10) in s.legal_actions(0)
    assert PlaceDown(0) not in s.legal_actions(0)
    s.apply(0, PlaceDown(10))
    basement_space = 5 + s.content.basement_under[0] - 1
    assert s.supported(0, basement_space)


@pytest.mark.rule("DH-85")
def test_dh_85_no_face_up_place_and_only_face_down_is_offered() -> None:
    s = new(4)
    build(s, 0, {10: "garage", 11: "garage"})
    hand(s, "garage")
    s.apply(0, Take(1))
    assert s.legal_actions(0) and all(isinstance(a, PlaceDown) for a in s.legal_actions(0))


@pytest.mark.rule("DH-78", "DH-87")
def test_dh_87_dh_78_empty_rooms_keep_rooms_apart_and_floors_score_separately() -> None:
    s = new(4)
    build(s, 0, {5: "living room", 6: "-living room", 7: "living room", 0: "living room",
                 8: "-bedroom", 9: "-kitchen"})  # fmt: skip
    assert s.breakdown(0)["rooms"] == 1 + 1 + 1


@pytest.mark.rule("DH-89")
def test_dh_89_legal_actions_are_never_empty_over_random_games() -> None:
    for players in (2, 3, 4):
        s = new(players, seed=11)
        rng = random.Random(11)
        while not s.is_terminal():
            (p,) = s.acting_players()
            actions = s.legal_actions(p)
            assert actions
            s.apply(p, rng.choice(actions))


# == scoring =================================================================================
@pytest.mark.parametrize(
    ("layout", "points"),
    [
        pytest.param({5: "pantry", 6: "kitchen"}, 3 + 1, marks=pytest.mark.rule("DH-34")),
        pytest.param({5: "pantry", 0: "kitchen"}, 1 + 1, marks=pytest.mark.rule("DH-34", "DH-44")),
        pytest.param({5: "dressing room", 6: "bedroom"}, 3 + 1, marks=pytest.mark.rule("DH-35")),
        pytest.param({5: "sauna", 6: "bathroom"}, 4 + 1, marks=pytest.mark.rule("DH-36")),
        pytest.param({5: "library"}, 3, marks=pytest.mark.rule("DH-37")),
        pytest.param({5: "office", 6: "living room", 7: "kitchen", 8: "bedroom"}, 5 + 3,
                     marks=pytest.mark.rule("DH-38")),
        pytest.param({5: "office"}, 2, marks=pytest.mark.rule("DH-38")),
        pytest.param({5: "board-game room", 9: "playroom"}, 4 + 2,
                     marks=pytest.mark.rule("DH-39", "DH-44")),
        pytest.param({5: "board-game room", 0: "playroom"}, 2 + 2,
                     marks=pytest.mark.rule("DH-39", "DH-44")),
        pytest.param({10: "garage"}, 0, marks=pytest.mark.rule("DH-40")),
        pytest.param({10: "garage", 11: "garage"}, 4, marks=pytest.mark.rule("DH-40")),
        pytest.param({10: "workshop"}, 2, marks=pytest.mark.rule("DH-43")),
        pytest.param({5: "pantry", 6: "-kitchen"}, 1, marks=pytest.mark.rule("DH-34", "DH-44")),
    ],
)
def test_dh_34_to_dh_44_special_rooms(layout: dict[int, str], points: int) -> None:
    s = new(4)
    build(s, 0, layout)
    assert s.breakdown(0)["rooms"] == points


@pytest.mark.rule("DH-4", "DH-41", "DH-42")
def test_dh_41_dh_42_basement_rooms_with_a_room_directly_above() -> None:
    s = new(4)
    over = 5 + s.content.basement_under[0] - 1
    build(s, 0, {10: "wine cellar", over: "kitchen", 11: "laundry"})
    assert s.breakdown(0)["rooms"] == 3 + 1 + 2


@pytest.mark.rule("DH-35", "DH-44")
@pytest.mark.parametrize(
    ("layout", "points"),
    [
        ({5: "dressing room"}, 1),
        ({5: "dressing room", 7: "bedroom"}, 1 + 1),  # a bedroom on its floor, not beside it
        ({5: "dressing room", 0: "bedroom"}, 1 + 1),  # above it: on another floor
        ({6: "dressing room", 5: "bedroom"}, 3 + 1),
        ({6: "dressing room", 7: "bedroom"}, 3 + 1),
    ],
)
def test_dh_35_a_dressing_room_scores_1_and_3_beside_a_bedroom(
    layout: dict[int, str], points: int
) -> None:
    s = new(4)
    build(s, 0, layout)
    assert s.breakdown(0)["rooms"] == points


@pytest.mark.rule("DH-36", "DH-44")
@pytest.mark.parametrize(
    ("layout", "points"),
    [
        ({5: "sauna"}, 1),
        ({5: "sauna", 7: "bathroom"}, 1 + 1),
        ({5: "sauna", 0: "bathroom"}, 1 + 1),
        ({6: "sauna", 5: "bathroom"}, 4 + 1),
        ({1: "sauna", 2: "bathroom"}, 4 + 1),  # on the top floor too
    ],
)
def test_dh_36_a_sauna_scores_1_and_4_beside_a_bathroom(
    layout: dict[int, str], points: int
) -> None:
    s = new(4)
    build(s, 0, layout)
    assert s.breakdown(0)["rooms"] == points


@pytest.mark.rule("DH-38")
def test_dh_38_an_office_with_four_normal_types_on_its_floor_still_scores_5() -> None:
    s = new(4)
    build(s, 0, {5: "office", 6: "living room", 7: "kitchen", 8: "bedroom", 9: "bathroom"})
    office = next(run for run in s.rooms(0) if run[1] == (5,))
    assert s.room_points(0, office) == 5
    assert s.breakdown(0)["rooms"] == 5 + 1 + 1 + 1 + 1


@pytest.mark.rule("DH-40", "DH-75")
def test_dh_40_a_one_card_garage_fills_its_space_and_supports_the_room_above() -> None:
    s = new(4)
    build(s, 0, {10: "garage"})
    over = 5 + s.content.basement_under[0] - 1
    assert s.breakdown(0)["rooms"] == 0 and s.supported(0, over)
    hand(s, "living room")
    s.apply(0, Take(1))
    assert Place(over) in s.legal_actions(0)
    assert 10 not in {a.space for a in s.legal_actions(0)}  # the garage's space is full
    s.apply(0, Place(over))
    assert s.homes[0][over] != EMPTY and s.breakdown(0)["rooms"] == 0 + 1


def check_directly_above(room: str, above: str) -> None:
    """``room`` scores 2, and 3 with a face-up ``above`` directly over it (the middle-floor
    space of its column, DH-4), in either basement space; ``above`` scores 1."""
    under = new(4).content.basement_under
    for k, column in enumerate(under):
        over, other = 5 + column - 1, 5 + under[1 - k] - 1
        for layout, points in [
            ({10 + k: room}, 2),
            ({10 + k: room, over: above}, 3 + 1),
            ({10 + k: room, other: above}, 2 + 1),  # over the other basement space
            ({10 + k: room, over: "living room", over - 5: above}, 2 + 1 + 1),  # two up
            ({10 + k: room, over: "-" + above}, 2),  # face down: an empty room
        ]:
            s = new(4)
            build(s, 0, layout)
            assert s.breakdown(0)["rooms"] == points, layout


@pytest.mark.rule("DH-4", "DH-41", "DH-44")
def test_dh_41_a_wine_cellar_scores_2_and_3_with_a_kitchen_directly_above() -> None:
    check_directly_above("wine cellar", "kitchen")


@pytest.mark.rule("DH-4", "DH-42", "DH-44")
def test_dh_42_a_laundry_scores_2_and_3_with_a_bathroom_directly_above() -> None:
    check_directly_above("laundry", "bathroom")


@pytest.mark.rule("DH-98")
def test_dh_98_a_face_down_bathroom_earns_no_functionality() -> None:
    """"A home with a bathroom on each of the top two floors is worth 3 extra points":
    face-up bathrooms only, one on each floor."""
    for layout, points in [
        ({5: "bathroom", 0: "bathroom"}, 3),
        ({5: "bathroom", 0: "-bathroom"}, 0),
        ({5: "-bathroom", 0: "bathroom"}, 0),
        ({5: "bathroom", 7: "bathroom", 0: "-bathroom", 2: "-bathroom"}, 0),
        ({5: "bathroom", 7: "-bathroom", 0: "-bathroom", 2: "bathroom"}, 3),
    ]:
        s = new(4)
        build(s, 0, layout)
        assert s.breakdown(0)["functionality"] == points, layout


@pytest.mark.rule("DH-98", "DH-99")
def test_dh_98_dh_99_home_functionality() -> None:
    s = new(4)
    build(s, 0, {5: "bathroom", 9: "bathroom", 0: "bathroom"})
    assert s.breakdown(0)["functionality"] == 3
    s2 = new(4)
    build(s2, 0, {5: "bathroom", 9: "bathroom", 6: "kitchen", 7: "-bedroom"})
    assert s2.breakdown(0)["functionality"] == 0


@pytest.mark.rule("DH-100")
@pytest.mark.parametrize(
    ("roofs", "points"),
    [
        pytest.param(["red", "red", "red", "red"], 8, marks=pytest.mark.rule("DH-101")),
        pytest.param(["red", "blue", "red", "red"], 3, marks=pytest.mark.rule("DH-101")),
        pytest.param(["red", "blue", "red"], 0, marks=pytest.mark.rule("DH-101")),
        pytest.param(["red", "red", "red", "red", "red*"], 9,
                     marks=pytest.mark.rule("DH-102", "DH-103")),
        pytest.param(["red*", "blue*", "red", "green"], 5, marks=pytest.mark.rule("DH-103")),
        pytest.param(["red*", "blue", "green"], 0, marks=pytest.mark.rule("DH-103")),
        pytest.param(["red", "red", "red", "red", "blue*"], 8,
                     marks=pytest.mark.rule("DH-102", "DH-103")),
    ],
)
def test_dh_100_to_dh_103_the_best_four_roof_cards(roofs: list[str], points: int) -> None:
    s = new(4)
    used: set[int] = set()
    for colour in roofs:
        card = resource_id(s, f"roof:{colour}", used)
        used.add(card)
        s.roofs[0].append(card)
    assert s.roof_points(0) == points


@pytest.mark.rule("DH-105", "DH-106")
def test_dh_105_to_dh_107_points_then_kids_then_a_shared_place() -> None:
    s = new(3)
    for seat in range(3):
        build(s, seat, {5: "bathroom"})
    kids = [s.kids(p) for p in range(3)]
    assert s.ranking() == [1 + sum(k > mine for k in kids) for mine in kids]
    s.homes[2][5] = -1
    assert s.ranking()[2] == 3


@pytest.mark.rule("DH-105", "DH-106")
def test_q20_kids_count_on_face_up_cards_only_and_order_lower_places() -> None:
    s = new(3)
    build(s, 0, {5: "library", 8: "bathroom"})  # 4 points
    build(s, 1, {8: "playroom"})  # 2 points, the first playroom card's kids
    build(s, 2, {8: "playroom", 5: "-playroom"})  # 2 points
    kids = s.content.rooms[s.cards.type_of["playroom"]].kids
    assert [s.kids(1), s.kids(2)] == [kids[0], kids[1]]  # the face-down card shows none
    assert kids[0] > kids[1] and s.ranking() == [1, 2, 3]


def put(s: DreamHomeState, player: int, space: int, name: str, kids: int) -> None:
    """A face-up card of room ``name`` whose artwork shows ``kids`` kids, from the deck."""
    rooms = s.cards.rooms
    card = next(c for c in s.room_deck
                if rooms[c].type == s.cards.type_of[name] and rooms[c].kids == kids)  # fmt: skip
    s.room_deck.remove(card)
    s.homes[player][space], s.down[player][space] = card, 0


@pytest.mark.rule("DH-106")
def test_dh_106_players_tied_on_points_are_ordered_by_their_kids() -> None:
    """"The tied player with the most kids in their home wins", whichever seat he is."""
    for more in (0, 1):
        s = new(3)
        put(s, more, 5, "bathroom", 1)
        put(s, 1 - more, 5, "bathroom", 0)  # seat 2: an empty home, 0 points
        totals = [score["total"] for score in s.scores()]
        assert totals[0] == totals[1] == 1 and totals[2] == 0
        assert s.kids(more) == 1 and s.kids(1 - more) == 0
        assert s.ranking()[more] == 1 and s.ranking()[1 - more] == 2 and s.ranking()[2] == 3
        assert s.winners() == [more]


@pytest.mark.rule("DH-107")
@pytest.mark.parametrize("kids", [0, 1])
def test_dh_107_tied_on_points_and_kids_both_rank_first_and_share_the_win(kids: int) -> None:
    """"If there is still a tie, the tied players share the victory": both first, both win."""
    s = new(3)
    put(s, 0, 5, "bathroom", kids)
    put(s, 2, 8, "bathroom", kids)
    totals = [score["total"] for score in s.scores()]
    assert totals[0] == totals[2] == 1 and totals[1] == 0 and s.kids(0) == s.kids(2) == kids
    assert s.ranking() == [1, 3, 1]
    assert s.winners() == [0, 2]


# == tools (Q1, Q15 to Q17) ====================================================================
def take_and_place_down(s: DreamHomeState, column: int) -> int:
    (p,) = s.acting_players()
    s.apply(p, Take(column))
    s.apply(p, next(a for a in s.legal_actions(p) if isinstance(a, PlaceDown)))
    while s.phase == DECOR:
        s.apply(p, s.legal_actions(p)[0])
    return p


@pytest.mark.rule("DH-60", "DH-61")
def test_dh_61_the_megaphone_plays_first_once_and_the_marker_stays() -> None:
    s = new(4)
    stack(s, {1: {1: (None, "tool:megaphone")}})
    for column in (2, 1, 3, 4):  # seat 1 takes the Megaphone; nobody takes column 1
        take_and_place_down(s, column)
    megaphone = s.held[1][0]
    assert s.round == 2 and s.phase == MEGAPHONE and s.acting_players() == (1,)
    assert s.legal_actions(1) == [UseMegaphone(), NoMegaphone()]
    s.apply(1, UseMegaphone())
    assert s.order == [1, 0, 2, 3] and s.first == 0
    assert [take_and_place_down(s, c) for c in (1, 2, 3, 4)] == [1, 0, 2, 3]
    assert megaphone in s.resource_discard and megaphone not in s.held[1]  # DH-60: spent
    assert s.round == 3 and s.first == 0  # the marker did not move


@pytest.mark.rule("DH-60", "DH-62", "DH-75")
def test_dh_62_the_ladder_places_a_room_over_an_empty_space() -> None:
    s = new(4)
    stack(s, {1: {1: ("living room", "tool:ladder"), 2: ("living room", None)}})
    s.apply(0, Take(2))  # without a Ladder
    assert Place(0) not in s.legal_actions(0) and LadderPlace(0) not in s.legal_actions(0)
    with pytest.raises(IllegalAction, match="rule A"):
        s.apply(0, Place(0))
    s2 = new(4)
    stack(s2, {1: {1: ("living room", "tool:ladder")}})
    s2.apply(0, Take(1))  # Q1: a Ladder taken with the room card works on it
    assert LadderPlace(0) in s2.legal_actions(0) and LadderPlace(6) in s2.legal_actions(0)
    ladder = s2.pending
    s2.apply(0, LadderPlace(0))
    assert s2.homes[0][0] != -1 and ladder in s2.resource_discard and s2.held[0] == []


@pytest.mark.rule("DH-62")
def test_dh_62_the_ladder_places_a_room_card_face_down_over_an_empty_space_too() -> None:
    """"place a room card on an upper-floor space even if the space below is empty": a
    card placed face down is placed all the same (an empty room, Q3)."""
    s = new(4)
    stack(s, {1: {1: ("living room", "tool:ladder")}})
    s.apply(0, Take(1))
    card, ladder = s.holding, s.pending
    assert LadderPlaceDown(0) in s.legal_actions(0) and LadderPlaceDown(4) in s.legal_actions(0)
    assert PlaceDown(0) not in s.legal_actions(0)  # without the Ladder: no support
    s.apply(0, LadderPlaceDown(0))
    assert s.homes[0][0] == card and s.down[0][0] == 1 and ladder in s.resource_discard
    assert "face down" in s.log[-1] and "Ladder" in s.describe(LadderPlaceDown(3))
    s2 = new(4)
    stack(s2, {1: {1: ("living room", None)}})
    s2.apply(0, Take(1))
    assert not any(isinstance(a, LadderPlaceDown) for a in s2.legal_actions(0))
    with pytest.raises(IllegalAction):
        s2.apply(0, LadderPlaceDown(0))


@pytest.mark.rule("DH-60", "DH-63")
def test_dh_63_the_crowbar_swaps_the_room_card_for_the_decks_top_card() -> None:
    s = new(4)
    stack(s, {1: {1: ("bathroom", "tool:crowbar")}})
    s.apply(0, Take(1))
    given_up, crowbar = s.holding, s.pending
    assert UseCrowbar() in s.legal_actions(0)
    s.apply(0, UseCrowbar())
    assert s.holding != given_up and given_up in s.room_deck  # Q15: back in the deck
    assert len(s.room_deck) == 55 and crowbar in s.resource_discard
    assert UseCrowbar() not in s.legal_actions(0)
    s.held[0].append(crowbar)
    s.resource_discard.remove(crowbar)
    s.room_deck = []  # round 12: the deck is empty
    assert UseCrowbar() not in s.legal_actions(0)



@pytest.mark.rule("DH-17", "DH-63")
def test_dh_63_a_card_drawn_by_the_crowbar_is_seen_by_its_holder_alone() -> None:
    """The room deck lies face down (DH-17): the card a Crowbar draws from it is its
    taker's to see, held and face down in the home, until the game is over; placed face
    up, everyone sees it. The others' determinizations deal it again from the deck."""
    s = new(4)
    stack(s, {1: {1: ("bathroom", "tool:crowbar")}})
    s.apply(0, Take(1))
    s.apply(0, UseCrowbar())
    drawn, name = s.holding, s.observe(0)["holding"]["name"]
    assert name == s.content.rooms[s.cards.rooms[drawn].type].name
    for seat in (1, 2, None):
        assert s.observe(seat)["holding"]["name"] is None
    assert "the top card of the room deck is taken" in s.log[-1] and name not in s.log[-1]
    space = next(a.space for a in s.legal_actions(0) if isinstance(a, PlaceDown))
    s.apply(0, PlaceDown(space))
    assert name not in s.log[-1] and "drawn by the Crowbar" in s.log[-1]
    assert s.observe(0)["players"][0]["home"][space]["name"] == name
    for seat in (1, None):
        shown = s.observe(seat)["players"][0]["home"][space]
        assert shown["name"] is None and shown["face_up"] is False
        hb.game("dream-home").text_view(s.observe(seat))  # the views draw a card unseen
        ET.fromstring(hb.game("dream-home").svg_view(s.observe(seat), []))
    deck = sorted([*s.room_deck, drawn])
    dealt = set()
    for seed in range(12):
        d = s.determinize(1, seed)
        dealt.add(d.homes[0][space])
        assert sorted([*d.room_deck, d.homes[0][space]]) == deck
        assert d.observe(1) == s.observe(1)
        assert s.determinize(0, seed).homes[0][space] == drawn  # its holder knows it
        check_determinization_from_knowledge(s, 1, seed)  # dealt from what 1 knows
    assert len(dealt) > 1
    architect = s.clone()  # an empty room all the same (DH-67)
    architect.held[0].append(resource_id(architect, "helper:architect"))
    known = architect.clone()
    known.down[0][space] = 1
    assert architect.breakdown(0) == known.breakdown(0)
    rng = random.Random(3)
    while not s.is_terminal():
        (p,) = s.acting_players()
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert s.observe(1)["players"][0]["home"][space]["name"] == name


@pytest.mark.rule("DH-63")
def test_dh_63_a_second_crowbar_gives_up_the_drawn_card_unnamed() -> None:
    s = new(4)
    stack(s, {1: {1: ("bathroom", "tool:crowbar")}})
    s.apply(0, Take(1))
    crowbar = s.pending
    s.apply(0, UseCrowbar())
    s.resource_discard.remove(crowbar)  # as if a second Crowbar was kept from before
    s.held[0].append(crowbar)
    first = s.observe(0)["holding"]["name"]
    assert UseCrowbar() in s.legal_actions(0)
    s.apply(0, UseCrowbar())
    assert "the card drawn by the Crowbar goes back" in s.log[-1]
    assert f"the {first} goes back" not in s.log[-1]
    assert s.observe(1)["holding"]["name"] is None


@pytest.mark.rule("DH-63")
def test_dh_63_a_card_drawn_by_the_crowbar_and_placed_face_up_is_seen_by_all() -> None:
    s = new(4)
    stack(s, {1: {1: ("bathroom", "tool:crowbar")}})
    s.apply(0, Take(1))
    s.apply(0, UseCrowbar())
    name = s.observe(0)["holding"]["name"]
    place = next((a for a in s.legal_actions(0) if isinstance(a, Place)), None)
    if place is None:
        pytest.skip("this deal's drawn card has no face-up place")
    s.apply(0, place)
    assert name in s.log[-1]
    assert s.observe(1)["players"][0]["home"][place.space]["name"] == name

# == the end: Supplier and Handyman (Q13, Q14) ===================================================
def at_the_end(
    layout: dict[int, str], helpers: list[str], discards: list[str], **options: object
) -> DreamHomeState:
    """Seat 0's home laid out, the helpers in its hands, these room cards discarded;
    the game at its end (the rulebook's order of the helpers' choices)."""
    s = new(4, **options)
    build(s, 0, layout)
    for name in helpers:
        card = resource_id(s, f"helper:{name}")
        s.resource_deck.remove(card)
        s.held[0].append(card)
    for name in discards:
        card = room_id(s, name, avoid=set(range(60)) - set(s.room_deck))
        s.room_deck.remove(card)
        s.room_discard.append(card)
    s._next_end_step(0)
    return s


def offer(s: DreamHomeState, name: str, space: int) -> SupplyCard:
    """The Supplier's exchange of the card at ``space`` for the discarded ``name``."""
    kind = s.cards.type_of[name]
    card = next(c for c in s.room_discard if s.cards.rooms[c].type == kind)
    return SupplyCard(kind, s.cards.rooms[card].kids, space)


MIDDLE = {5: "pantry", 6: "kitchen", 7: "bedroom", 8: "bathroom", 9: "living room",
          10: "garage", 11: "garage"}  # fmt: skip


@pytest.mark.rule("DH-66", "DH-95")
def test_dh_66_dh_95_the_supplier_exchanges_a_card_and_scores_the_final_home() -> None:
    s = at_the_end(MIDDLE, ["supplier"], ["living room", "kitchen", "bathroom"])
    kinds = s.cards.type_of
    assert s.phase == SUPPLIER_PHASE and s.acting_players() == (0,)
    assert s.breakdown(0)["rooms"] == 3 + 1 + 1 + 1 + 1 + 4
    legal = s.legal_actions(0)
    assert SupplyCard(kinds["bathroom"], 0, 9) not in legal  # beside the bathroom: finished
    assert SupplyCard(kinds["bedroom"], 0, 9) not in legal  # none discarded
    assert legal[-1] == NoSupply()
    living = offer(s, "living room", 6)
    assert s.describe(living).startswith(
        "Supplier: exchange the kitchen at middle floor, space 2 for a discarded living room with "
    )
    s.apply(0, living)  # the pantry's kitchen goes
    assert s.is_terminal()
    assert s.breakdown(0)["rooms"] == 1 + 1 + 1 + 1 + 1 + 4  # DH-95: the pantry scores 1
    assert s.room_discard.count(room_id(s, "kitchen")) <= 1


@pytest.mark.rule("DH-66", "DH-97")
def test_dh_66_a_replaced_rooms_decor_token_scores_nothing() -> None:
    s = at_the_end(MIDDLE, ["supplier"], ["kitchen"])
    s.token_owner[0], s.token_at[0] = 0, 9  # the piano on the living room
    assert s.breakdown(0)["decor"] == 3
    s.apply(0, offer(s, "kitchen", 9))
    assert s.breakdown(0)["decor"] == 0 and s.token_owner[0] == -2


def kids_of(s: DreamHomeState, name: str, kids: int) -> None:
    """Discard a room card of type ``name`` with ``kids`` kids, from the room deck."""
    card = next(c for c in s.room_deck if s.cards.rooms[c].type == s.cards.type_of[name]
                and s.cards.rooms[c].kids == kids)  # fmt: skip
    s.room_deck.remove(card)
    s.room_discard.append(card)


@pytest.mark.rule("DH-66")
def test_dh_66_q13_the_player_chooses_which_discarded_card_the_supplier_brings_in() -> None:
    """The Supplier's text: the owner "may swap one discarded room card with any card of
    his home": the card is his choice (ruling 20). Cards of one type differ only in the
    kids of their artwork, so the choice is offered by type and kids."""
    s = at_the_end(MIDDLE, ["supplier"], [])
    kids_of(s, "living room", 0)
    kids_of(s, "living room", 1)
    s._next_end_step(0)
    living = s.cards.type_of["living room"]
    legal = s.legal_actions(0)
    assert {SupplyCard(living, 0, 6), SupplyCard(living, 1, 6)} <= set(legal)
    assert not any(isinstance(a, Supply) for a in legal)  # the game does not choose
    s.apply(0, SupplyCard(living, 0, 6))
    assert s.cards.rooms[s.homes[0][6]].kids == 0
    assert "for the discarded living room with no kids" in s.log[-2]


@pytest.mark.rule("DH-66")
def test_dh_66_q13_supplier_most_kids_gives_the_card_of_the_type_with_the_most_kids() -> None:
    """The option supplier-most-kids: "may swap one discarded room card" read as a
    choice of the room type, the game giving the card of it with the most kids (kids
    only break their owner's tie, DH-106, so no other card of the type is better)."""
    s = at_the_end(MIDDLE, ["supplier"], [], **{"supplier-most-kids": True})
    kids_of(s, "living room", 0)
    kids_of(s, "living room", 1)
    s._next_end_step(0)
    living = s.cards.type_of["living room"]
    legal = s.legal_actions(0)
    assert not any(isinstance(a, SupplyCard) for a in legal)
    s.apply(0, Supply(living, 6))
    assert s.cards.rooms[s.homes[0][6]].kids == 1


@pytest.mark.rule("DH-69")
def test_dh_69_the_handyman_swaps_two_cards_each_legal_in_its_new_place() -> None:
    layout = {**MIDDLE, 5: "bathroom", 7: "sauna", 8: "living room", 9: "bedroom"}
    s = at_the_end(layout, ["handyman"], [])
    s.token_owner[3], s.token_at[3] = 0, 9  # the cat house on the bedroom
    legal = s.legal_actions(0)
    assert s.phase == HANDYMAN_PHASE and legal[-1] == NoSwap()
    assert Swap(5, 10) not in legal  # a garage on the middle floor: rule B
    assert Swap(10, 11) not in legal  # two garages: nothing changes
    assert Swap(8, 9) in legal
    s.apply(0, Swap(5, 6))  # bathroom beside the sauna
    assert s.room_points(0, (s.cards.type_of["sauna"], (7,))) == 4 and s.is_terminal()


@pytest.mark.rule("DH-69")
def test_dh_69_a_one_card_room_keeps_its_token_when_the_handyman_moves_it() -> None:
    s = at_the_end({**MIDDLE, 8: "bedroom", 7: "bathroom"}, ["handyman"], [])
    s.token_owner[3], s.token_at[3] = 0, 8  # the cat house on the bedroom
    s.apply(0, Swap(8, 9))
    assert s.token_owner[3] == 0 and s.token_at[3] == 9


def all_helpers(**options: object) -> DreamHomeState:
    """Seat 0 holds the Roofer, the Supplier and the Handyman, each with a choice."""
    s = at_the_end(MIDDLE, ["roofer", "supplier", "handyman"], ["living room"], **options)
    roof = resource_id(s, "roof:red")
    s.resource_deck.remove(roof)
    s.resource_discard.append(roof)
    s._next_end_step(0)
    return s


@pytest.mark.rule("DH-91")
def test_dh_91_helpers_in_order_the_roofer_then_the_supplier_then_the_handyman() -> None:
    """The option helpers-in-order: the Roofer, the Supplier, then the Handyman, as
    "remember to use the effects of the Supplier, Handyman, and Roofer" lists the last
    two; the Supplier's owner is offered no swap before his exchange."""
    s = all_helpers(**{"helpers-in-order": True})
    phases = []
    while not s.is_terminal():
        phases.append(s.phase)
        if s.phase == SUPPLIER_PHASE:
            assert not any(isinstance(a, Swap) for a in s.legal_actions(0))
        s.apply(0, s.legal_actions(0)[-1])  # decline each
    assert phases == [ROOFER, SUPPLIER_PHASE, HANDYMAN_PHASE]


@pytest.mark.rule("DH-91")
def test_dh_91_the_owner_of_both_may_use_the_handyman_before_the_supplier() -> None:
    """"When scoring, remember to use the effects of the Supplier, Handyman, and
    Roofer": no order. The Roofer comes first (it touches only the roof stack, which
    neither other helper does); asked about the Supplier, the owner of the Handyman may
    swap first, then is asked about the Supplier again (ruling 22)."""
    s = all_helpers()
    s.apply(0, DECLINE)  # the Roofer
    assert s.phase == SUPPLIER_PHASE
    legal = s.legal_actions(0)
    assert Swap(8, 9) in legal and legal[-1] == NoSupply() and NoSwap() not in legal
    assert "or first swap two cards with the Handyman" in s.asked(0)
    root, legal = draw_svg(s, 0)  # the web table offers both helpers' moves
    assert set(clickable(root)) == {a["index"] for a in legal}
    s.apply(0, Swap(8, 9))
    assert s.phase == SUPPLIER_AFTER and s.acting_players() == (0,)
    assert not any(isinstance(a, Swap) for a in s.legal_actions(0))  # used once
    saved = s.to_json()  # the position between the two loads
    assert hb.game("dream-home").state_from_json(saved).to_json() == saved
    s.apply(0, s.legal_actions(0)[0])
    assert s.is_terminal()
    s = all_helpers()
    s.apply(0, DECLINE)
    s.apply(0, NoSupply())  # the Supplier first, declined: the Handyman is still asked
    assert s.phase == HANDYMAN_PHASE


#: seat 0's home at the end of a 4-player game: three living rooms on the top floor, a
#: face-down kitchen between the second and the third
HOME_29 = {0: "living room", 1: "living room", 2: "-kitchen", 3: "living room", 4: "bedroom",
           5: "bedroom", 6: "bathroom", 7: "living room", 8: "bedroom", 9: "sauna",
           10: "laundry", 11: "wine cellar"}  # fmt: skip
#: the round's 12 leftovers: one living room, and 11 cards that cannot raise that home
DISCARDED_29 = ["living room", *["garage"] * 4, *["workshop"] * 2, *["playroom"] * 2,
                "library", *["board-game room"] * 2]  # fmt: skip


def end_of_a_4_player_game(**options: object) -> DreamHomeState:
    """The end of a 4-player game as a saved state would hold it: every deck empty,
    seat 0's home HOME_29 with the Supplier and the Handyman and four roof cards
    (mixed, one window: 4 points), the 12 leftover room cards discarded, the other
    homes full (face down) and every other resource card on the discard pile."""
    s = new(4, **options)
    s.room_deck += [c for c in s.board_rooms if c != EMPTY]
    s.resource_deck += [c for c in s.board_resources if c != EMPTY]
    s.board_rooms, s.board_resources = [EMPTY] * 5, [EMPTY] * 5
    build(s, 0, HOME_29)
    for name in DISCARDED_29:
        card = room_id(s, name, avoid=set(range(60)) - set(s.room_deck))
        s.room_deck.remove(card)
        s.room_discard.append(card)
    for seat, space in product((1, 2, 3), range(12)):
        s.homes[seat][space], s.down[seat][space] = s.room_deck.pop(), 1
    for spec, to in [(f"roof:{c}", s.roofs[0]) for c in ("red*", "blue", "blue", "green")] + [
        ("helper:supplier", s.held[0]), ("helper:handyman", s.held[0])
    ]:
        card = resource_id(s, spec, avoid=set(range(48)) - set(s.resource_deck))
        s.resource_deck.remove(card)
        to.append(card)
    s.resource_discard, s.resource_deck = s.resource_deck, []
    s.round, s.turns, s.order = 12, 4, [0, 1, 2, 3]
    s._next_end_step(0)
    saved = s.to_json()  # the saved-state checks accept it
    assert hb.game("dream-home").state_from_json(saved).to_json() == saved
    return s


def best_end(s: DreamHomeState) -> int:
    """Seat 0's best total over every way it may play the end's choices."""
    if s.is_terminal():
        return s.scores()[0]["total"]
    best = 0
    for action in s.legal_actions(0):
        then = s.clone()
        then._apply(0, action)  # legal: apply would only compute the choices again
        best = max(best, best_end(then))
    return best


@pytest.mark.rule("DH-80", "DH-91")
def test_dh_91_handyman_then_supplier_scores_29_where_the_fixed_order_reaches_28() -> None:
    """"When scoring, remember to use the effects of the Supplier, Handyman, and
    Roofer": in no order. The discarded living room fits where the face-down kitchen
    lies only once the Handyman has moved the third living room away (four in a row
    break rule C: "you cannot exceed the maximum size specified on the room card"):
    the Handyman then the Supplier score 29; the Supplier first, at best 28."""
    s = end_of_a_4_player_game()
    assert s.phase == SUPPLIER_PHASE and s.scores()[0]["total"] == 20
    living = offer(s, "living room", 2)
    assert living not in s.legal_actions(0)  # not yet: a room of four living rooms
    s.apply(0, Swap(3, 8))  # the living room and the bedroom below the top floor's
    s.apply(0, living)  # three living rooms (9) and two bedrooms (4) on the top floor
    assert s.is_terminal() and s.scores()[0]["total"] == 29
    assert best_end(end_of_a_4_player_game()) == 29
    assert best_end(end_of_a_4_player_game(**{"helpers-in-order": True})) == 28


@pytest.mark.rule("DH-91")
def test_dh_91_a_saved_handyman_first_position_is_refused_under_helpers_in_order() -> None:
    s = all_helpers()
    s.apply(0, DECLINE)
    s.apply(0, Swap(8, 9))
    saved = s.to_json()
    saved["options"]["helpers-in-order"] = True
    with pytest.raises(hb.StateError, match="phase: the Supplier comes after the Handyman"):
        hb.game("dream-home").state_from_json(saved)


def test_the_roofer_and_supplier_choices_are_said_in_the_contents_words() -> None:
    colours = {"roof": {"colours": ["slate", "tile", "thatch", "zinc"]}}
    s = hb.game("dream-home").new_game(2, seed=1, content=colours)
    assert isinstance(s, DreamHomeState)
    assert s.describe(Reclaim(1, 1)) == "Roofer: take a discarded tile roof card with a window"
    kitchen = s.cards.type_of["kitchen"]
    assert s.describe(Supply(kitchen, 10)) == (
        "Supplier: exchange the card at basement, space 1 for a discarded kitchen"
    )


# == more lines of the checklist ==================================================================
@pytest.mark.rule("DH-2")
def test_dh_2_five_columns_and_column_1_never_shows_a_resource() -> None:
    s, _ = new(3), None
    rng = random.Random(2)
    while not s.is_terminal():
        columns = s.observe(None)["columns"]
        assert len(columns) == 5 and columns[0]["resource"] is None
        (p,) = s.acting_players()
        s.apply(p, rng.choice(s.legal_actions(p)))


@pytest.mark.rule("DH-32")
def test_dh_32_a_unique_room_face_up_in_the_basement_is_refused() -> None:
    s = new(4)
    assert s.face_up_problem(0, room_id(s, "library"), 10) == "rule B"
    assert s.face_up_problem(0, room_id(s, "library"), 8) is None


@pytest.mark.rule("DH-45")
def test_dh_45_the_text_view_marks_basement_cards() -> None:
    s = new(4)
    build(s, 0, {10: "garage", 8: "kitchen"})
    text = hb.game("dream-home").text_view(s.observe(0))
    assert "[garage]" in text and "[kitchen]" not in text and "kitchen" in text


@pytest.mark.rule("DH-45")
def test_dh_45_the_svg_draws_basement_cards_with_a_dark_border() -> None:
    s = new(4)
    build(s, 0, {10: "garage", 8: "kitchen"})
    root = ET.fromstring(hb.game("dream-home").svg_view(s.observe(0), []))
    cards = [el for el in root.iter(SVG + "rect") if el.get("class") == "card"]
    names = [el.text for el in root.iter(SVG + "text")]
    assert "garage" in names and "kitchen" in names
    edges = {el.get("stroke") for el in cards}
    assert BASEMENT_EDGE in edges and len(edges) > 1  # the garage's, and the others'
    obs = s.observe(0)
    shown = [c["room"] for c in obs["columns"]] + [r for p in obs["players"] for r in p["home"]]
    basement = sum(1 for room in shown if room and room["class"] == "basement")
    assert sum(el.get("stroke") == BASEMENT_EDGE for el in cards) == basement >= 1


@pytest.mark.rule("DH-77")
def test_dh_77_a_floor_may_have_gaps() -> None:
    s = new(4)
    build(s, 0, {5: "living room"})
    hand(s, "bathroom")
    s.apply(0, Take(1))
    s.apply(0, Place(9))
    assert s.homes[0][5] != -1 and s.homes[0][9] != -1 and s.homes[0][8] == -1


@pytest.mark.rule("DH-80", "DH-88")
def test_dh_88_a_refusal_names_rule_c() -> None:
    s = new(4)
    build(s, 0, {5: "kitchen", 6: "living room", 7: "living room", 10: "-garage",
                 11: "-garage", 0: "bedroom", 2: "bedroom"})  # fmt: skip
    hand(s, "bedroom")
    s.apply(0, Take(1))
    before = s.to_json()
    with pytest.raises(IllegalAction, match=r"maximum size .*\(rule C\)"):
        s.apply(0, Place(1))
    assert s.to_json() == before


@pytest.mark.rule("DH-93", "DH-96")
def test_dh_93_dh_96_the_breakdown_adds_up_and_empty_rooms_score_nothing() -> None:
    s, _ = random_game(4, seed=21)
    for score in s.scores():
        assert set(score["breakdown"]) == {"rooms", "decor", "functionality", "roof", "helpers"}
        assert sum(score["breakdown"].values()) == score["total"]
    t = new(4)
    build(t, 0, {5: "-living room", 8: "-living room", 9: "-kitchen"})
    assert t.breakdown(0)["rooms"] == 0


@pytest.mark.rule("DH-88")
def test_dh_88_a_move_off_the_board_is_refused_in_words() -> None:
    s = new(4)
    with pytest.raises(IllegalAction, match="not a move of this board"):
        s.apply(0, Take(7))
    s.apply(0, Take(1))
    with pytest.raises(IllegalAction, match="not a move of this board"):
        s.apply(0, Place(99))


@pytest.mark.rule("DH-47")
def test_q4_the_house_rule_shows_a_player_his_own_roof_cards_only() -> None:
    s = new(4, **{"own-roof-shown": True})
    hand(s, "living room", "roof:red")
    s.apply(0, Take(1))
    s.apply(0, Place(5))
    assert s.observe(0)["players"][0]["roof_cards"] == [{"kind": "roof", "name": "red"}]
    assert s.observe(1)["players"][0]["roof_cards"] is None
    assert s.observe(None)["players"][0]["roof_cards"] is None


@pytest.mark.rule("DH-19", "DH-74")
def test_dh_19_dh_74_each_seat_one_turn_a_round_and_placed_cards_never_move() -> None:
    for players in (2, 3, 4):
        s = new(players, seed=30 + players)
        rng = random.Random(players)
        takes: dict[int, list[int]] = {}
        placed: dict[tuple[int, int], int] = {}
        while s.phase not in (ROOFER, SUPPLIER_PHASE, HANDYMAN_PHASE) and not s.is_terminal():
            (p,) = s.acting_players()
            action = rng.choice(s.legal_actions(p))
            if isinstance(action, Take):
                takes.setdefault(s.round, []).append(p)
            s.apply(p, action)
            for seat, home in enumerate(s.homes):
                for space, card in enumerate(home):
                    if card != -1:
                        assert placed.setdefault((seat, space), card) == card  # DH-74
        assert all(sorted(seats) == list(range(players)) for seats in takes.values())
        assert len(takes) == 12


@pytest.mark.rule("DH-27")
def test_dh_27_a_room_need_not_go_beside_its_type() -> None:
    s = new(4)
    build(s, 0, {5: "living room"})
    hand(s, "living room")
    s.apply(0, Take(1))
    assert {Place(8), Place(9)} <= set(s.legal_actions(0))


@pytest.mark.rule("DH-30")
def test_dh_30_no_refill_after_round_12() -> None:
    s, _ = random_game(3, seed=8)
    assert s.round == 12 and s.room_deck == [] and s.resource_deck == []
    assert s.board_rooms == [-1] * 5 and s.board_resources == [-1] * 5


@pytest.mark.rule("DH-49", "DH-97")
def test_dh_49_dh_97_the_token_leaves_the_supply_the_card_is_discarded_and_scores() -> None:
    s = new(4)
    hand(s, "living room", "decor:piano")
    s.apply(0, Take(1))
    card = s.pending
    s.apply(0, Place(5))
    assert "piano" in s.observe(None)["supply"]
    s.apply(0, Decorate(5))
    assert "piano" not in s.observe(None)["supply"] and card in s.resource_discard
    assert (
        s.breakdown(0)["decor"] == 3 and s.observe(1)["players"][0]["home"][5]["decor"] == "piano"
    )


@pytest.mark.rule("DH-94")
@pytest.mark.parametrize("size", [1, 2, 3])
def test_dh_94_rooms_score_by_their_size(size: int) -> None:
    s = new(4)
    for room in s.content.rooms:
        if room.special is not None or room.max_size < size or room.copies < size:
            continue
        t = new(4)
        spaces = range(10, 12) if room.class_ == "basement" else range(5, 10)
        build(t, 0, {space: room.name for space in list(spaces)[:size]})
        assert (
            t.room_points(0, (s.cards.type_of[room.name], tuple(spaces)[:size]))
            == (room.points[size - 1])
        )
    living = s.content.rooms[s.cards.type_of["living room"]]
    assert living.points == [1, 4, 9]


# == more rules, each checked on its own ==========================================================
def decline_megaphones(s: DreamHomeState) -> None:
    """Every Megaphone holder asked at the start of the round keeps his Megaphone."""
    while s.phase == MEGAPHONE:
        (p,) = s.acting_players()
        s.apply(p, NoMegaphone())


@pytest.mark.rule("DH-18")
def test_dh_18_a_round_goes_from_the_marker_up_the_seats_and_wraps_around() -> None:
    s = new(4)
    for column in (1, 2, 0, 3):  # seat 2 takes the marker
        take_and_place_down(s, column)
    decline_megaphones(s)
    assert s.round == 2 and s.first == 2
    assert [take_and_place_down(s, column) for column in (1, 2, 3, 4)] == [2, 3, 0, 1]


@pytest.mark.rule("DH-20")
def test_dh_20_the_player_takes_both_cards_of_the_column() -> None:
    s = new(4)
    hand(s, "living room", "helper:architect")
    room, resource = s.board_rooms[1], s.board_resources[1]
    s.apply(0, Take(1))
    assert (s.holding, s.pending) == (room, resource)
    assert s.board_rooms[1] == s.board_resources[1] == EMPTY
    s.apply(0, Place(5))
    assert s.homes[0][5] == room and s.held[0] == [resource]


@pytest.mark.rule("DH-23")
def test_dh_23_the_first_player_taking_column_1_leads_the_next_round_again() -> None:
    s = new(4)
    assert [take_and_place_down(s, column) for column in (0, 1, 2, 3)] == [0, 1, 2, 3]
    decline_megaphones(s)
    assert s.round == 2 and s.first == 0 and s.acting_players() == (0,)


@pytest.mark.rule("DH-57", "DH-97")
def test_dh_57_one_player_keeps_both_the_treehouse_and_the_birdhouse() -> None:
    """Neither goes on a room, so its token is taken even by a home with no room face up
    and beside another kept token."""
    s = new(4)
    names = [d.name for d in s.content.decor]
    treehouse, birdhouse = names.index("treehouse"), names.index("birdhouse")
    s.token_owner[treehouse], s.token_at[treehouse] = 0, EMPTY
    hand(s, "living room", "decor:birdhouse")
    s.apply(0, Take(1))
    card = s.pending
    s.apply(0, PlaceDown(5))
    assert (s.token_owner[birdhouse], s.token_at[birdhouse]) == (0, EMPTY)
    assert card in s.resource_discard and s.breakdown(0)["decor"] == 2 + 1
    assert s.observe(1)["players"][0]["kept_decor"] == ["treehouse", "birdhouse"]


@pytest.mark.rule("DH-60")
def test_dh_60_a_held_tool_lies_face_up_for_every_seat_and_scores_nothing() -> None:
    s = new(4)
    hand(s, "living room", "tool:megaphone")
    s.apply(0, Take(1))
    s.apply(0, PlaceDown(5))
    for seat in (0, 1, 2, None):
        assert s.observe(seat)["players"][0]["held"] == [{"kind": "tool", "name": "megaphone"}]
    assert sum(s.breakdown(0).values()) == 0


@pytest.mark.rule("DH-82")
def test_dh_82_a_card_touching_a_finished_room_is_refused_even_beside_an_unfinished_one() -> None:
    """Living rooms on middle-floor spaces 1 and 3: a third between them would make one
    room of three, legal; once either of them has a token, it is refused face up."""
    for decorated in (None, 5, 7):
        s = new(4)
        build(s, 0, {5: "living room", 7: "living room", 10: "-garage", 11: "-garage"})
        if decorated is not None:
            s.token_owner[0], s.token_at[0] = 0, decorated  # the piano
        hand(s, "living room")
        s.apply(0, Take(1))
        if decorated is None:
            assert Place(6) in s.legal_actions(0)
            continue
        assert Place(6) not in s.legal_actions(0)
        with pytest.raises(IllegalAction, match="finished room"):
            s.apply(0, Place(6))


@pytest.mark.rule("DH-92")
def test_dh_92_at_the_end_everyone_sees_every_home_roof_card_and_score() -> None:
    s, _ = random_game(3, seed=5)
    assert s.is_terminal() and any(s.roofs)
    for seat in (0, 1, 2, None):
        for p, player in enumerate(s.observe(seat)["players"]):
            assert player["roof_cards"] == [s.resource_json(c) for c in s.roofs[p]]
            assert player["score"] == s.scores()[p]
            assert [card["name"] for card in player["home"]] == [
                s.room_json(card)["name"] for card in s.homes[p]
            ]


@pytest.mark.rule("DH-99")
@pytest.mark.parametrize(
    ("layout", "points"),
    [
        ({5: "bathroom", 6: "kitchen", 7: "bedroom"}, 3),
        ({0: "bedroom", 5: "living room", 8: "kitchen", 9: "bathroom"}, 3),  # anywhere
        ({5: "bathroom", 6: "kitchen", 7: "bedroom", 8: "bathroom", 9: "kitchen"}, 3),  # once
        ({5: "bathroom", 6: "kitchen"}, 0),
        ({5: "bathroom", 7: "bedroom"}, 0),
        ({6: "kitchen", 7: "bedroom"}, 0),
        ({5: "-bathroom", 6: "kitchen", 7: "bedroom"}, 0),
    ],
)
def test_dh_99_a_bathroom_a_kitchen_and_a_bedroom_earn_3_once(
    layout: dict[int, str], points: int
) -> None:
    s = new(4)
    build(s, 0, layout)
    assert s.breakdown(0)["functionality"] == points
