"""House of Fado: stars, the end of the game, final scoring and its tie-breaks
(HF-117 to HF-131, Q2 to Q4, Q23, Q24), from the rulebook's "End of the Game"."""

from __future__ import annotations

import pytest

import housebuilders as hb
from housebuilders.core.rules import rules_of
from housebuilders.games.house_of_fado import actions
from housebuilders.games.house_of_fado.actions import (
    DONE,
    BonusMoney,
    KickTo,
    Place,
    Raise,
    ScoreFado,
)
from housebuilders.games.house_of_fado.scoring import FADO_STAR, PRESTIGE_STAR
from housebuilders.games.house_of_fado.state import HouseOfFadoState
from tests.games.house_of_fado.helpers import (
    BLACK,
    BROWN,
    CLASSICAL,
    GUITAR,
    RESTAURANT,
    ROOM,
    ROOM_MONEY,
    SINGER,
    STREET_1,
    STREET_2,
    bar,
    critic_to,
    give,
    new,
    notes,
    play,
    points,
    put,
    seat,
    total,
)


def fado_ready(s: HouseOfFadoState, player: int) -> None:
    """``player`` has scored 2 fado tiles and holds the notes of display slot 0."""
    s.fado_scored[player] = [s.stack.pop(), s.stack.pop()]
    notes(s, player, *s.content.fado[s.display[0]].notes)


# == stars ================================================================================
@pytest.mark.rule("HF-117")
def test_hf_117_several_stars_in_one_turn_each_gained_once() -> None:
    s = new(2)
    give(s, 0, GUITAR, 5)
    give(s, 0, SINGER, 5)
    seat(s, 0, 0, BLACK, BLACK)
    seat(s, 0, 1, BROWN, BROWN, BROWN)
    bar(s, 0, BLACK)
    play(s, Place(RESTAURANT), Raise(GUITAR, 0, 0, 3, 0), Raise(SINGER, 0, 3, 0, 0))
    assert s.star_owner[GUITAR] == s.star_owner[SINGER] == 0 and s.stars(0) == 2
    assert points(s, 0, "fame_six") == 12
    give(s, 1, GUITAR, 5)
    seat(s, 1, 1, BROWN, BROWN, BROWN)
    play(s, Place(RESTAURANT), Raise(GUITAR, 0, 0, 3, 0))  # the second guitar at fame 6
    assert s.phase == "six" and s.star_owner[GUITAR] == 0 and s.stars(1) == 0


@pytest.mark.rule("HF-118")
def test_hf_118_every_players_stars_are_public() -> None:
    s = new(3)
    s.star_owner = [1, -1, 2, 1, -1]
    seen = s.observe(0)
    assert [p["stars"] for p in seen["players"]] == [0, 2, 1]
    assert [star["owner"] for star in seen["stars"]] == [1, -1, 2, 1, -1]


# == the end ==============================================================================
def four_players_first_1(trigger: int) -> HouseOfFadoState:
    """4 players, seat 1 first; two stars gained; ``trigger`` acts and can score the
    fado star, the 3rd."""
    s = new(4)
    s.first, s.turn, s.decider = 1, trigger, trigger
    s.star_owner[GUITAR] = s.star_owner[SINGER] = 1
    fado_ready(s, trigger)
    play(s, Place(ROOM), ScoreFado(0))
    assert s.star_owner[FADO_STAR] == trigger and s.ending
    return s


@pytest.mark.rule("HF-119")
def test_hf_119_after_the_3rd_star_the_round_is_finished() -> None:
    """The third of the board's five stars ends the game, whoever holds the others:
    seat 2 gains its first, seat 1 holds two ("until someone gains the 3rd of the 5")."""
    s = four_players_first_1(trigger=2)
    assert s.stars(2) == 1 and s.stars(1) == 2
    assert not s.is_terminal() and s.turn == 3
    play(s, Place(STREET_1), DONE)
    assert not s.is_terminal() and s.turn == 0
    play(s, Place(STREET_2), DONE)
    assert s.is_terminal() and s.acting_players() == () and s.observe(None)["over"]
    assert all(s.legal_actions(p) == [] for p in range(4))


@pytest.mark.rule("HF-21", "HF-22", "HF-119")
def test_the_turns_figure_counts_each_seats_placements() -> None:
    """The benchmark's game length: the turns each seat played, a turn a worker placed
    (or moved). Here seat 2 scored the third star, seats 3 and 0 finished the round."""
    s = four_players_first_1(trigger=2)
    play(s, Place(STREET_1), DONE)
    play(s, Place(STREET_2), DONE)
    assert s.is_terminal() and s.goals()["turns"] == [1.0, 0.0, 1.0, 1.0]


@pytest.mark.rule("HF-21", "HF-26", "HF-119", "HF-120")
@pytest.mark.parametrize("seed", [0, 1])
def test_in_a_played_game_every_seat_plays_as_many_turns(seed: int) -> None:
    """From the first player round to the seat before them, however the game ends: the
    turns figure is the same for every seat, workers moved once none is left to place."""
    s = hb.play("house-of-fado", ["greedy", "random", "greedy"], seed=seed)
    turns = s.goals()["turns"]
    assert turns[0] > 0 and turns == [turns[0]] * 3
    moved = sum(isinstance(a, actions.Move) for _, a in s.history)
    placed = sum(isinstance(a, Place) for _, a in s.history)
    assert sum(turns) == moved + placed


@pytest.mark.rule("HF-120")
def test_hf_120_the_3rd_star_on_the_last_seats_turn_ends_the_game_at_once() -> None:
    s = four_players_first_1(trigger=0)
    assert s.is_terminal() and s.phase == "over"
    assert s.winners() == [0] and s.ranking()[0] == 1


@pytest.mark.rule("HF-121")
def test_hf_121_a_star_in_the_final_turns_counts_and_the_end_is_not_triggered_again() -> None:
    s = four_players_first_1(trigger=2)
    s.cubes_removed[3] = 6
    critic_to(s, 3, 0)
    play(s, Place(RESTAURANT))  # seat 3 closes: the prestige star, the 4th
    assert s.star_owner[PRESTIGE_STAR] == 3 and points(s, 3, "stars") == 10
    assert s.turn == 0 and not s.is_terminal()
    play(s, Place(STREET_2), DONE)
    assert s.is_terminal() and points(s, 3, "stars") == 10


# == final scoring ========================================================================
@pytest.mark.rule("HF-112", "HF-122")
def test_hf_122_only_musicians_in_your_restaurant_score_their_fame() -> None:
    s = new(2)
    give(s, 0, GUITAR, 4)
    give(s, 0, SINGER, 2)
    on_board = give(s, 0, CLASSICAL, 5)
    s.musicians[0][CLASSICAL], s.billboard[CLASSICAL] = -1, on_board
    star = give(s, 1, SINGER, 6)
    s.musicians[1][SINGER], s.star_tiles[SINGER] = -1, star
    gone = give(s, 1, GUITAR, 6)
    s.musicians[1][GUITAR] = -1
    s.removed.append(gone)
    assert points(s, 0, "musicians") == 6 and points(s, 1, "musicians") == 0


@pytest.mark.rule("HF-123")
@pytest.mark.parametrize(("stars", "value"), [(0, 0), (1, 10), (2, 15), (3, 21), (4, 28), (5, 36)])
def test_hf_123_q23_star_points(stars: int, value: int) -> None:
    s = new(2)
    s.star_owner = [0] * stars + [-1] * (5 - stars)
    assert points(s, 0, "stars") == value


def billboard(players: int, cubes: list[int]) -> HouseOfFadoState:
    """The first type's billboard cubes by seat, its tile 10/6/3 (8/4 at 2 players)."""
    s = new(players)
    s.billboard_tiles = [0, 1, 2]
    s.billboard_cubes[GUITAR] = cubes
    return s


@pytest.mark.rule("HF-12", "HF-124")
def test_hf_124_players_take_the_tiles_values_by_their_cubes() -> None:
    s = billboard(4, [1, 3, 2, 0])
    assert s.content.billboard[0].many == [10, 6, 3]
    assert [points(s, p, "billboard") for p in range(4)] == [3, 10, 6, 0]
    s = billboard(2, [1, 2])
    assert s.content.billboard[0].two == [8, 4]
    assert [points(s, p, "billboard") for p in range(2)] == [4, 8]


@pytest.mark.rule("HF-125")
def test_hf_125_no_cubes_no_points_and_no_place() -> None:
    s = billboard(3, [0, 0, 1])
    assert [points(s, p, "billboard") for p in range(3)] == [0, 0, 10]


@pytest.mark.rule("HF-126")
@pytest.mark.parametrize(
    ("cubes", "expected"),
    [([2, 2, 1, 0], [8, 8, 3, 0]), ([2, 2, 2, 0], [6, 6, 6, 0]), ([3, 1, 1, 1], [10, 3, 3, 3])],
)
def test_hf_126_q24_ties_share_their_places_rounded_down(cubes, expected) -> None:
    s = billboard(4, cubes)
    assert [points(s, p, "billboard") for p in range(4)] == expected


@pytest.mark.rule("HF-127")
@pytest.mark.parametrize(("tiles", "value"), [(0, 0), (1, 3), (2, 6), (3, 10), (4, 15), (5, 15)])
def test_hf_127_fado_tiles_scored(tiles: int, value: int) -> None:
    s = new(3)
    s.fado_scored[0] = [s.stack.pop() for _ in range(tiles)]
    assert points(s, 0, "fado_set") == value


@pytest.mark.rule("HF-128")
def test_hf_128_one_point_per_5_money_and_the_money_stays() -> None:
    s = new(2)
    s.money[0] = 14
    assert points(s, 0, "money") == 2 and s.money[0] == 14


@pytest.mark.rule("HF-129")
def test_hf_129_the_breakdown_adds_up_to_the_total() -> None:
    s = new(2)
    s.earned[0] = [7, 4, 3, 6]  # fado tiles, promotions, dismissals, fame 6
    give(s, 0, SINGER, 3)
    s.star_owner[FADO_STAR] = 0
    s.fado_scored[0] = [s.stack.pop()]
    s.money[0] = 12
    (score, _) = s.scores()
    assert score["breakdown"] == {"fado_tiles": 7, "promotions": 4, "dismissals": 3,
                                  "fame_six": 6, "musicians": 3, "stars": 10,
                                  "billboard": 0, "fado_set": 3, "money": 2}  # fmt: skip
    assert score["total"] == sum(score["breakdown"].values()) == 38


# == tie-breaks ===========================================================================
#: each kind of points of a seat's breakdown, as the rules page words it (HF-129)
POINTS_ON_THE_PAGE = {
    "fado_tiles": "a fado tile scored at the Rehearsal Room: the points printed on it",
    "promotions": "a musician promoted to the billboard: its fame",
    "fame_six": "a musician at fame 6: 6 points",
    "dismissals": "a musician dismissed when you close your restaurant: its fame",
    "musicians": "each musician in your restaurant scores its fame",
    "stars": "stars: 10, 15, 21 or 28 points for 1 to 4 stars (36 for 5)",
    "billboard": "each specialty on the billboard scores by its tile",
    "fado_set": "fado tiles scored: 3, 6, 10 or 15 points",
    "money": "1 point for every 5 money",
}


def page_text(section: str) -> str:
    """A section of the game's rules page (what the web table's Rules panel shows) as
    plain text, one line a paragraph or list item."""
    rules = rules_of(hb.game("house-of-fado"))
    blocks = next(s["blocks"] for s in rules["sections"] if s["title"] == section)
    return "\n".join(
        "".join(text for text, _ in item) for b in blocks for item in b.get("items", [])
    )


@pytest.mark.rule("HF-129")
def test_hf_129_the_rules_page_lists_every_source_of_points() -> None:
    """Every kind of points the scores count, those of play ("Score the depicted number
    of points on the tile", "Score points equal to the fame", "Score 6 points", "Score
    points equal to their fame") and those of the end ("1 point for every 5 money"),
    is on the players' rules page."""
    kinds = set(new(2).scores()[0]["breakdown"])
    assert kinds == set(POINTS_ON_THE_PAGE)
    scoring = page_text("Scoring")
    for kind, words in POINTS_ON_THE_PAGE.items():
        assert words in scoring, kind


@pytest.mark.rule("HF-87")
def test_hf_87_to_hf_97_the_rules_pages_close_has_its_six_steps_in_order() -> None:
    """The close as the page sums it up: income, fame, fame 6, dismissals, the critic,
    the customers leave ("Close your restaurant", steps 1 to 6)."""
    close = next(line for line in page_text("How a turn goes").splitlines()
                 if line.startswith("Your restaurant"))  # fmt: skip
    steps = ["income", "raise your musicians' fame", "fame 6", "dismiss", "critic",
             "the customers leave"]  # fmt: skip
    at = [close.index(step) for step in steps]
    assert at == sorted(at), close


@pytest.mark.rule("HF-130")
def test_hf_130_points_then_stars_then_fado_tiles_then_money() -> None:
    s = new(2)
    s.earned[1][1] = 1
    assert s.ranking() == [2, 1] and s.winners() == [1]
    s = new(2)  # level points: the stars decide
    s.star_owner[PRESTIGE_STAR] = 0
    s.earned[1][1] = 10
    assert total(s, 0) == total(s, 1) and s.winners() == [0]
    s = new(2)  # level stars: the fado tiles scored decide
    s.fado_scored[1] = [s.stack.pop()]
    s.earned[0][1] = 3
    assert total(s, 0) == total(s, 1) and s.winners() == [1]
    s = new(2)  # level fado tiles: the money decides
    s.money = [9, 5]
    assert total(s, 0) == total(s, 1) and s.ranking() == [1, 2]


@pytest.mark.rule("HF-131")
def test_hf_131_still_tied_the_players_share_the_victory() -> None:
    s = new(3)
    s.money = [5, 5, 4]
    assert s.ranking() == [1, 1, 3] and s.winners() == [0, 1]


# == open questions =======================================================================
@pytest.mark.rule("HF-13")
def test_q2_the_bank_never_runs_out() -> None:
    s = new(2)
    put(s, 1, ROOM)
    s.money[1] = 10**9
    play(s, Place(ROOM), KickTo(ROOM_MONEY), BonusMoney())
    assert s.money[1] == 10**9 + 2


@pytest.mark.rule("HF-14")
def test_q3_scores_start_at_0_and_are_public() -> None:
    s = new(3)
    # the disc: the points scored during play (the end's points come at the end)
    assert [sum(p["earned"].values()) for p in s.observe(None)["players"]] == [0, 0, 0]
    assert s.observe(1)["players"][0]["score"] == s.scores()[0]


@pytest.mark.rule("HF-18")
def test_q4_the_treble_clef_has_no_effect() -> None:
    assert not [a for a in actions.SPACE if "clef" in str(a)]
    assert not [f for f in HouseOfFadoState.__slots__ if "clef" in f]
