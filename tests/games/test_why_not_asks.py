""" "Why not?" everywhere (issue 46): in every game, each drawn part that stands for a
kind of move asks why not (class ``ask``, the move in ``data-action``) on the seat's
own drawing when it is not a move now, whether the seat is to act or not; the
spectator's drawing asks nothing. The kit (``core.viewcheck.check_asks``, run by the
conformance tests) holds every ask to an action the engine refuses with a reason;
these tests hold each game's drawing to asking at all, kind by kind, over a game."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.core import State
from housebuilders.core.viewcheck import check_asks, draw_svg

Json = dict[str, Any]

#: the kinds of move each game's parts ask why not about over a random game of two,
#: and how often (every how many steps) the drawings are looked at
ASKED = {
    "mr-house-basic": ({"place", "prepare", "spend-coin", "build"}, 3),
    "mr-house-advanced": (
        {"place", "hire", "choose-privilege", "repay-loan", "crew", "use-privilege", "build"},
        3,
    ),
    "welcome-to": (
        {"pick", "claim", "write", "fence", "improve", "park", "pool", "refuse", "adjust", "mark"},
        2,
    ),  # fmt: skip
    "dream-home": ({"take-column", "discard", "place-room", "decorate"}, 1),
    "house-of-fado": (
        {
            "place-worker",
            "free-kickout",
            "hire-musician",
            "critic-to",
            "bonus-customer",
            "score-fado",
            "gain-note",
            "promote",
            "dismiss",
            "seat",
        },
        40,
    ),  # fmt: skip
    "master-builder": (
        {
            "hire-worker",
            "put-up-contract",
            "repay-iou",
            "fire-worker",
            "staff-section",
            "unstaff-section",
        },
        5,
    ),  # fmt: skip
}


def asks(state: State, seat: int | None) -> list[Json]:
    """The actions ``seat``'s drawing asks why not about."""
    root, _ = draw_svg(state, seat)
    return [json.loads(el.get("data-action", "")) for el in root.iter()
            if "data-action" in el.attrib]  # fmt: skip


def asked_over_a_game(game: str, every: int, seed: int = 1) -> dict[str, list[Json]]:
    """Every ask of both seats' drawings, by kind, at every ``every``-th step of a random
    game of two; the spectator's asks nothing, and each ask passes the kit's check."""
    state = hb.game(game).new_game(2, seed=seed)
    rng = random.Random(seed)
    found: dict[str, list[Json]] = defaultdict(list)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            assert asks(state, None) == [], f"{game}: the spectator's drawing asks"
            for seat in (0, 1):
                asked = asks(state, seat)
                check_asks(state, seat, asked)
                for action in asked:
                    found[action["kind"]].append(action)
        seat = rng.choice(state.acting_players())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    return found


@pytest.mark.parametrize("game", list(ASKED))
def test_every_kind_of_move_drawn_asks_why_not_when_it_is_not_legal(game: str) -> None:
    kinds, every = ASKED[game]
    found = asked_over_a_game(game, every)
    assert kinds <= set(found), f"{game} never asks about {sorted(kinds - set(found))}"


def test_a_seat_not_to_act_asks_too_and_is_told_whose_turn_it_is() -> None:
    state = hb.game("dream-home").new_game(2, seed=1)
    waiting = next(seat for seat in (0, 1) if seat not in state.acting_players())
    asked = asks(state, waiting)
    assert any(a["kind"] in ("take-column", "discard") and a["column"] == 1 for a in asked)
    assert {"kind": "place-room", "space": 0} in asked  # its own home
    check_asks(state, waiting, asked)


def test_mr_house_s_locations_ask_with_the_seat_s_first_marker_in_hand() -> None:
    state = hb.game("mr-house-basic").new_game(2, seed=3)
    waiting = next(seat for seat in (0, 1) if seat not in state.acting_players())
    hand = state.observe(waiting)["players"][waiting]["hand"]
    places = [a for a in asks(state, waiting) if a["kind"] == "place"]
    assert places and all(a["value"] == hand[0] for a in places)
    numbers = {loc["number"] for loc in state.observe(waiting)["board"]["locations"]}
    assert {a["location"] for a in places} == numbers  # every location, not its turn
