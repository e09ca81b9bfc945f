"""Saved states with a value out of the rules' range are refused, in every game, with a
StateError naming the field (issue 43): a track past its end, a round past the last,
money below 0, a seat that does not exist. Each game's own tests (tests/games/*/
test_state_json.py) check the rest of what its ``state_from_json`` refuses.

Each case takes a saved state (``to_json`` of a seeded random game), pushes one number
just past an end of its range and expects the refusal to begin with the field's name.
Values the rules leave without a bound are not here: money, loans and materials in Mr
House (its rulings 12 and 18), money in House of Fado."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.core import StateError
from housebuilders.games.master_builder.content import wages

PLAYERS = 3
Value = Callable[[Any], int]


@dataclass(frozen=True)
class Bound:
    """One value out of range: ``game``'s saved state with ``value(state)`` at ``path``
    (dotted keys and list positions into ``to_json``), refused naming ``field`` (the
    path, unless given). ``prepare`` sets up the rest of the state first (and the value,
    where ``value`` is None)."""

    game: str
    path: str
    value: Value | None
    rule: str  # the range, in words: the case's name
    field: str = ""
    prepare: Callable[[dict[str, Any], Any], None] | None = None


def a_wage_past_the_track(data: dict[str, Any], state: Any) -> None:
    """Seat 0 holds workers of the decks until their wages pass the track's end, and
    its wage marker says their sum: only the track's end is wrong."""
    content = state.content
    for deck in data["decks"]:
        while deck and wages(content, data["workers"][0]) <= content.wage_cap:
            data["workers"][0].append(deck.pop())
    data["wage"][0] = wages(content, data["workers"][0])
    assert data["wage"][0] > content.wage_cap


MB = "master-builder"
BOUNDS = [
    Bound("dream-home", "round", lambda s: s.content.rounds + 1, "a round past the last"),
    Bound("dream-home", "round", lambda s: 0, "a round before the first"),
    Bound("dream-home", "first", lambda s: PLAYERS, "a first player who is no seat"),
    Bound("dream-home", "turns", lambda s: PLAYERS + 1, "more turns than seats"),
    Bound("dream-home", "down.0.0", lambda s: 3, "a card down in no way the rules lay it"),
    Bound("dream-home", "token_at.0", lambda s: 12, "a decor token off the home", "token_at"),
    Bound("house-of-fado", "money.0", lambda s: -1, "money below 0"),
    Bound(
        "house-of-fado",
        "cubes_removed.0",
        lambda s: s.content.prestige_cubes + 1,
        "more cubes off the prestige track than it holds",
        "cubes_removed",
    ),
    Bound("house-of-fado", "fame.0", lambda s: s.content.fame.max + 1, "fame past 6", "fame"),
    Bound("house-of-fado", "extra", lambda s: 3, "more customers than Vital gives"),
    Bound("house-of-fado", "target", lambda s: 8, "a turn's target that is no action space"),
    Bound("house-of-fado", "earned.0.0", lambda s: 1, "fado points without a tile", "earned"),
    Bound(MB, "round", lambda s: s.last_round + 1, "a round past the last"),
    Bound(MB, "last_round", lambda s: s.content.rounds + 1, "a last round past the sixth"),
    Bound(MB, "cash.0", lambda s: -1, "cash below 0", "cash"),
    Bound(MB, "high", lambda s: -1, "a high bid below 0"),
    Bound(MB, "wage.0", None, "a wage past the track's 30", "wage", a_wage_past_the_track),
    Bound("mr-house-basic", "turn", lambda s: s.p.turns + 1, "a turn past the sixth"),
    Bound("mr-house-basic", "supply.wood", lambda s: s.p.stock[0] + 1, "a store over its stock"),
    Bound("mr-house-basic", "player_state.0.workers", lambda s: 5, "a board over its spaces"),
    Bound("mr-house-basic", "player_state.0.coins", lambda s: s.turn + 1, "coins past one a turn"),
    Bound("mr-house-basic", "player_state.0.materials.wood", lambda s: -1, "materials below 0"),
    Bound("mr-house-advanced", "turn", lambda s: 0, "a turn before the first"),
    Bound(
        "mr-house-advanced", "prices.wood", lambda s: s.p.price_max[0] + 1, "a price off the table"
    ),
    Bound(
        "mr-house-advanced",
        "player_state.0.quality",
        lambda s: s.p.quality_max + 1,
        "quality past the track's end",
    ),
    Bound(
        "mr-house-advanced",
        "player_state.0.quality",
        lambda s: s.p.quality_start - 1,
        "quality below the track's start",
    ),
    Bound("mr-house-advanced", "player_state.0.money", lambda s: 0, "money at 0 (a loan is due)"),
    Bound("mr-house-advanced", "player_state.0.loans", lambda s: -1, "loans below 0"),
    Bound(
        "welcome-to", "round", lambda s: s.L.houses + s.L.max_refusals + 1, "a round past the last"
    ),
    Bound(
        "welcome-to",
        "public.0.refusals",
        lambda s: s.L.max_refusals + 1,
        "refusals past the third",
    ),
    Bound(
        "welcome-to",
        "public.0.improvements.0",
        lambda s: len(s.L.estate_ladders[0]),
        "an estate's value past its track",
    ),
    Bound(
        "welcome-to",
        "public.0.streets.0.parks",
        lambda s: len(s.L.parks[0]),
        "parks past the street's track",
    ),
    Bound("welcome-to", "plans.0", lambda s: 99, "a city plan the deck does not have"),
]


def saved(game_id: str) -> tuple[dict[str, Any], Any]:
    """A game of ``PLAYERS`` after 40 seeded random moves: its JSON and its state."""
    state = hb.new_game(game_id, PLAYERS, seed=43)
    rng = random.Random(43)
    for _ in range(40):
        player = rng.choice(state.acting_players())
        state.apply(player, rng.choice(state.legal_actions(player)))
    return json.loads(json.dumps(state.to_json())), state


def put(data: Any, path: str, value: int) -> None:
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    for key in keys[:-1]:
        data = data[key]
    data[keys[-1]] = value


def params() -> list[Any]:
    return [
        pytest.param(bound, id=f"{bound.game}-{bound.rule}")
        for bound in BOUNDS
    ]


def test_every_game_has_ranges_here() -> None:
    """Every game of housebuilders (the model game of the tests aside)."""
    assert {b.game for b in BOUNDS} == set(hb.game_ids()) - {"model-house"}


@pytest.mark.parametrize("bound", params())
def test_a_value_out_of_the_rules_range_is_refused_naming_the_field(bound: Bound) -> None:
    data, state = saved(bound.game)
    hb.game(bound.game).state_from_json(json.loads(json.dumps(data)))  # it loads as saved
    if bound.prepare:
        bound.prepare(data, state)
    if bound.value is not None:
        put(data, bound.path, bound.value(state))
    with pytest.raises(StateError) as refused:
        hb.game(bound.game).state_from_json(data)
    field = bound.field or bound.path
    assert str(refused.value).startswith(field), (
        f"{bound.path} ({bound.rule}) is refused, but the message does not "
        f"begin with {field!r}: {refused.value}"
    )
