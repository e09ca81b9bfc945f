"""House of Fado drawn as SVG (games/house_of_fado/svg.py): every legal action is
clickable where it happens (a musician tile, an action space, a kick-out space, a
customer, a fado tile, a note, a chip under the space, musician or table concerned),
another seat and a spectator can click nothing, and the drawing shows only what the
observation holds."""

from __future__ import annotations

import random
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.core.viewcheck import SVG, check_views, clickable, draw_svg
from housebuilders.games.house_of_fado.actions import (
    ACTION_SPACES,
    COLOUR_NAMES,
    FROM_SUPPLY,
    RESTAURANT_SPACE,
    BonusCustomer,
    BonusNote,
    BringCritic,
    Contract,
    CriticTo,
    Dismiss,
    Done,
    FreeKickout,
    GainNote,
    Hire,
    KickTo,
    LeaveAssistant,
    Move,
    NoAssistant,
    Place,
    Raise,
    ScoreFado,
    Seat,
)
from housebuilders.games.house_of_fado.svg import CUSTOMER_FILL, svg
from housebuilders.games.house_of_fado.text import GROUP_NAMES, bonus_label, space_label

SPEC = hb.game("house-of-fado")
Json = dict[str, Any]

# (players, seed, options): every player count, the promos and the 2-player assistants
GAMES = [
    (2, 1, {}),
    (2, 2, {"assistants": True}),
    (2, 3, {"assistants": True, "promos": True}),
    (3, 4, {"promos": True}),
    (4, 5, {}),
]
#: the phases few states are in: drawn whenever they come
RARE = {"own-assistant", "overflow", "six", "dismiss", "critic", "billboard"}


def words(el: Any) -> str:
    """The text a clickable part shows (its title aside)."""
    return " ".join(t.text or "" for t in el.iter(SVG + "text"))


def expected_words(obs: Json, action: Json) -> str | None:
    """What the part clicked for ``action`` must show: the tile, space, bonus, note,
    fado tile or group concerned (None: checked otherwise or not at all)."""
    kind = action["kind"]
    if kind in (Hire.kind, Contract.kind):
        tiles = [t for column in obs["market"] for t in column if t["id"] == action["tile"]]
        return tiles[0]["name"]
    space = action.get("space", action.get("source"))
    if kind == Move.kind:
        return space_label(action["origin"])
    if kind in (Place.kind, LeaveAssistant.kind) and space < ACTION_SPACES:
        return space_label(space) if space != RESTAURANT_SPACE else "restaurant"
    if kind in (KickTo.kind, FreeKickout.kind, LeaveAssistant.kind) and space != FROM_SUPPLY:
        kick = next(k for row in obs["kickouts"] for k in row if k["space"] == space)
        return bonus_label(obs, kick)
    if kind == ScoreFado.kind:
        return " ".join(obs["display"][action["slot"]]["notes"])
    if kind in (GainNote.kind, BonusNote.kind):
        return f"{obs['notes'][action['note']]} ×"
    if kind == CriticTo.kind:
        return f"{GROUP_NAMES[action['group']]} group"
    if kind == BringCritic.kind:
        return "the critic"
    if kind == Raise.kind:
        return "raise: "
    if kind == Dismiss.kind:
        return "dismiss for"
    return None


def check_state(state: Any, seat: int) -> set[str]:
    """Every legal action of ``seat`` is clickable, each where it happens; returns the
    kinds of action seen."""
    root, legal = draw_svg(state, seat)
    parts = clickable(root)
    assert set(parts) == {a["index"] for a in legal}, state.phase
    obs = state.observe(seat)
    for a in legal:
        el, action = parts[a["index"]], a["action"]
        want = expected_words(obs, action)
        if want is not None:
            assert want in words(el), f"{a['text']!r} drawn on {words(el)!r}"
        if action["kind"] in (Seat.kind, Raise.kind):  # "2 gray 1 black" in the content's words
            named = zip(COLOUR_NAMES, obs["colours"], strict=True)
            counts = " ".join(f"{action[k]} {colour}" for k, colour in named if action[k])
            assert counts in words(el)
        if action["kind"] == BonusCustomer.kind:
            circle = el.find(SVG + "circle")
            colour = obs["colours"].index(obs["colours"][action["colour"]])
            assert circle is not None and circle.get("fill") == CUSTOMER_FILL[colour]
    return {a["action"]["kind"] for a in legal}


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_legal_action_of_a_random_game_is_clickable_where_it_happens(
    players: int, seed: int, options: Json
) -> None:
    state = SPEC.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    kinds: set[str] = set()
    step = 0
    while not state.is_terminal():
        seat = state.acting_players()[0]
        if step % 5 == 0 or state.phase in RARE:
            kinds |= check_state(state, seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    check_views(state)
    common = {a.kind for a in (Place, Move, KickTo, Hire, Seat, GainNote, Raise, Done)}
    assert common <= kinds, common - kinds
    if options.get("assistants"):
        assert {LeaveAssistant.kind, NoAssistant.kind} <= kinds


def test_another_seat_and_the_spectator_can_click_nothing() -> None:
    state = SPEC.new_game(3, seed=6)
    rng = random.Random(6)
    for _ in range(40):
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.acting_players()[0]
    for other in (*(s for s in range(3) if s != seat), None):
        root, legal = draw_svg(state, other)
        assert legal == [] and clickable(root) == {}
    check_views(state)


@pytest.mark.rule("HF-16")
def test_the_drawing_shows_the_board_and_every_restaurant() -> None:
    state = SPEC.new_game(4, seed=7, options={"promos": True})
    obs = state.observe(0)
    drawn = svg(obs, state.legal_json(0))
    names = [t["name"] for column in obs["market"] for t in column]
    assert all(f">{name}<" in drawn for name in names)
    assert all(t["name"] in drawn for t in obs["types"])
    assert f"stack: {obs['stack']} tiles" in drawn
    assert " ".join(obs["stack_top"]["notes"]) in drawn
    assert all(" ".join(tile["notes"]) in drawn for tile in obs["display"])
    assert all(f">Player {seat}" in drawn for seat in range(4))
    assert drawn.count(">table of 4 (covered)<") == 4  # HF-16: each restaurant's


@pytest.mark.rule("HF-7", "HF-104")
def test_a_seat_sees_the_same_drawing_whatever_it_cannot_see() -> None:
    # the fado stack below its top and the bag's order are hidden (HF-7, HF-104): a
    # determinized copy, which reshuffles them, draws the same
    state = SPEC.new_game(2, seed=8)
    rng = random.Random(8)
    for _ in range(120):
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in (0, 1):
        legal = state.legal_json(seat)
        drawn = svg(state.observe(seat), legal)
        for k in range(3):
            copy = state.determinize(seat, k)
            assert svg(copy.observe(seat), legal) == drawn
            assert SPEC.text_view(copy.observe(seat)) == SPEC.text_view(state.observe(seat))
