"""A saved Welcome To state is checked as it loads (games/welcome_to/checks.py): each
inconsistency below is refused with a StateError naming the field."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import housebuilders as hb

GAME = "welcome-to"
Change = Callable[[dict[str, Any]], None]


def round_five() -> dict[str, Any]:
    """Three players in round 5: player 0 writing 12, players 1 and 2 done. Player 0's
    sheet has 10 and 12 in street 1, 4, 10 and 10B in street 2, extensions 1."""
    state = hb.new_game(GAME, 3, seed=1)
    rng = random.Random(1)
    for _ in range(40):
        player = rng.choice(state.acting_players())
        state.apply(player, rng.choice(state.legal_actions(player)))
    data = json.loads(json.dumps(state.to_json()))
    assert data["round"] == 5 and data["stage"] == [2, 6, 6]
    assert data["choice"][0] == [0, 12, -1, -1]
    return data


def test_the_saved_position_loads() -> None:
    data = round_five()
    assert hb.game(GAME).state_from_json(data).to_json() == data


def test_a_game_with_the_other_deck_saves_loads_and_replays() -> None:
    state = hb.new_game(GAME, 2, seed=3, options={"deck": "standard-81"})
    rng = random.Random(3)
    for _ in range(60):
        player = rng.choice(state.acting_players())
        state.apply(player, rng.choice(state.legal_actions(player)))
    data = json.loads(json.dumps(state.to_json()))
    assert data["options"]["deck"] == "standard-81"
    assert hb.game(GAME).state_from_json(data).to_json() == data
    again = hb.replay(GAME, 2, 3, data["history"], options=data["options"])
    assert again.to_json() == data


def street(data: dict[str, Any], sheet: str, player: int, s: int) -> dict[str, Any]:
    return data[sheet][player]["streets"][s]  # type: ignore[no-any-return]


def both(data: dict[str, Any], player: int, change: Callable[[dict[str, Any]], None]) -> None:
    """The same change to the player's revealed sheet and this round's."""
    change(data["public"][player])
    if data["pending"][player] is not None:
        change(data["pending"][player])


CASES: dict[str, tuple[Change, str]] = {
    # the construction cards
    "a card in two stacks": (
        lambda d: d["piles"][1].__setitem__(0, d["piles"][0][0]),
        r"^piles.1: construction card 14 is also in piles.0",
    ),
    "a card missing": (lambda d: d["piles"][0].pop(0), r"^piles.0, .*cards \[14\] are missing"),
    "a card of no deck": (lambda d: d["discards"][2].append(63), "^discards.2: 63 is not a"),
    "a stack without its flipped card": (
        lambda d: (d["piles"][0].extend(d["discards"][0]), d["discards"][0].clear()),
        "^piles.0: each stack shows a number and a flipped action",
    ),
    "the other deck's cards": (
        lambda d: d["options"].update(deck="standard-81"),
        r"^piles.0, .*construction cards \[63, .*\] are missing",
    ),
    "a deck that does not exist": (
        lambda d: d["options"].update(deck="tarot"),
        "^options: option 'deck' of welcome-to takes one of",
    ),
    # the city plans
    "a plan beyond its deck": (
        lambda d: d["plans"].__setitem__(0, 6),
        r"^plans.0: 6 is out of range \(0 to 5\)",
    ),
    "a plan flipped that nobody claimed": (
        lambda d: d["flipped"].__setitem__(1, True),
        "^flipped.1: a plan is flipped once a revealed sheet has claimed it",
    ),
    "a plan scored for what it is not worth": (
        lambda d: (
            both(d, 0, lambda s: s["plans"].__setitem__(0, 5)),
            d["flipped"].__setitem__(0, True),
        ),
        "^public.0.plans.0: plan 1 scores 6 or 3",
    ),
    # the sheets
    "a round more than the sheets show": (
        lambda d: d.update(round=6),
        "^public.0: 4 numbers and refusals after 5 rounds",
    ),
    "a round beyond any game": (lambda d: d.update(round=37), r"^round: 37 is out of range"),
    "a street going down": (
        lambda d: both(d, 0, lambda s: s["streets"][0]["numbers"].__setitem__(5, 9)),
        "^public.0.streets.0.numbers: a street's numbers rise",
    ),
    "a number repeated without a B": (
        lambda d: both(d, 0, lambda s: s["streets"][1].update(bis=[])),
        "^public.0.streets.1.numbers: a street's numbers rise",
    ),
    "a house number no card or worker gives": (
        lambda d: both(d, 0, lambda s: s["streets"][2]["numbers"].__setitem__(0, 18)),
        r"^public.0.streets.2.numbers: house numbers are 0 to 17",
    ),
    "an extension box not crossed for a B": (
        lambda d: both(d, 0, lambda s: s.update(extensions=0)),
        "^public.0.extensions: 0 boxes crossed for 1 B numbers",
    ),
    "a pool where none is printed": (
        lambda d: both(d, 0, lambda s: s["streets"][0].update(pools=[1])),
        "^public.0: pools are built only where the sheet prints one",
    ),
    "a pool on an empty house": (
        lambda d: both(d, 0, lambda s: s["streets"][0].update(pools=[2])),
        "^public.0: a house without a number has no B and no pool",
    ),
    "more actions than rounds": (
        lambda d: both(d, 2, lambda s: s["improvements"].__setitem__(2, 2)),
        "^public.2: 5 actions used with only 4 numbers written",
    ),
    "a fence between no houses": (
        lambda d: street(d, "public", 1, 0)["fences"].append(9),
        "^public.1.streets.0.fences: distinct positions 0 to 8",
    ),
    "a street too short": (
        lambda d: street(d, "public", 1, 0)["numbers"].pop(),
        "^public.1.streets.0.numbers: street 1 has 10 houses",
    ),
    "an estate used that is not complete": (
        lambda d: both(d, 0, lambda s: s.update(used=[[0, 0, 0]])),
        "^public.0.used: estates used for plans are distinct complete estates",
    ),
    "this round's sheet without a revealed number": (
        lambda d: street(d, "pending", 1, 1)["numbers"].__setitem__(9, None),
        "^pending.1: this round's sheet is the revealed one and one choice",
    ),
    # who is asked what
    "a fourth player's stage": (
        lambda d: d["stage"].append(0),
        "^stage: lists 4 players, not 3",
    ),
    "every player done but the round not revealed": (
        lambda d: d["stage"].__setitem__(0, 6),
        "^stage: the round is revealed once every player is done",
    ),
    "a player done choosing again": (
        lambda d: d["stage"].__setitem__(1, 0),
        "^pending.1: a player has this round's sheet once they start choosing",
    ),
    "a stage that does not exist": (
        lambda d: d["stage"].__setitem__(1, 7),
        r"^stage.1: 7 is out of range \(0 to 6\)",
    ),
    "the game over with a player still choosing": (
        lambda d: d.update(over=True),
        "^stage: at the end every choice is made and revealed",
    ),
    "a number that is not the pair's": (
        lambda d: d["choice"].__setitem__(0, [0, 3, -1, -1]),
        r"^choice.0.1: 3 is not the pair's number 12 \(± 2\)",
    ),
    "a written number that is not in its house": (
        lambda d: d["choice"].__setitem__(1, [0, 12, 2, 6]),
        "^choice.1: house 6 of street 2 does not hold 12",
    ),
    "a house of no street": (
        lambda d: d["choice"].__setitem__(1, [0, 12, 2, 12]),
        r"^choice.1.3: 12 is out of range \(0 to 11\)",
    ),
    "estates marked without a plan claimed": (
        lambda d: d["marking"].__setitem__(1, [0, [4], []]),
        "^marking.1: estates are marked while a plan is claimed",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_an_inconsistent_state_is_refused_naming_the_field(case: str) -> None:
    change, match = CASES[case]
    data = round_five()
    change(data)
    with pytest.raises(hb.StateError, match=match):
        hb.game(GAME).state_from_json(data)


@pytest.mark.rule("WT-1")
def test_a_hundred_players_load_and_a_hundred_and_one_do_not() -> None:
    state = hb.new_game(GAME, 100, seed=2)
    data = json.loads(json.dumps(state.to_json()))
    assert hb.game(GAME).state_from_json(data).to_json() == data
    for field in ("public", "pending", "stage", "choice", "marking"):
        data[field].append(data[field][0])
    with pytest.raises(hb.StateError, match=r"^public: 101 is out of range \(1 to 100\)"):
        hb.game(GAME).state_from_json(data)
