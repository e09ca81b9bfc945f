"""Mr House drawn as SVG (games/mr_house/svg.py): a pure function of an observation and
the seat's legal actions, clickable where an action has a place."""

from __future__ import annotations

import copy
import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import housebuilders as hb
from housebuilders.core.viewcheck import check_views, clickable as _clickable, draw_svg as _draw
from housebuilders.games.mr_house import actions as A
from housebuilders.games.mr_house.house import ROOF, WOOD_WALL, Column, Wall
from housebuilders.games.mr_house.svg import svg as svg_view
from tests.games.mr_house.helpers import act, at_construction, materials

NS = "{http://www.w3.org/2000/svg}"
GAMES = ("mr-house-basic", "mr-house-advanced")


def _positions(
    game: str, players: int, seed: int, every: int, turns: int = 6
) -> Iterator[hb.State]:
    """Every ``every``-th position of a random game's first ``turns`` turns, and its last."""
    state = hb.new_game(game, players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal() and state.observe(None)["turn"] <= turns:
        if step % every == 0:
            yield state
        player = rng.choice(state.acting_players())
        moves = state.legal_actions(player)
        builds = [a for a in moves if a.kind in ("build", "prepare", "start-building", "crew")]
        state.apply(player, rng.choice(builds if builds and rng.random() < 0.8 else moves))
        step += 1
    yield state


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_and_the_spectator_get_a_well_formed_drawing(game: str) -> None:
    for players, seed in ((2, 1), (4, 2)):
        for state in _positions(game, players, seed, every=24):
            check_views(state)  # every seat and the spectator


@pytest.mark.parametrize("game", GAMES)
def test_every_placement_in_the_movement_phase_is_clickable(game: str) -> None:
    seen = 0
    for state in _positions(game, 3, seed=5, every=1, turns=2):
        if state.observe(None)["phase"] != "movement":
            continue
        (seat,) = state.acting_players()
        root, legal = _draw(state, seat)
        places = {a["index"] for a in legal if a["action"]["kind"] == "place"}
        assert places and places <= set(_clickable(root))
        seen += 1
    assert seen >= 15


def test_every_legal_build_has_a_spot_on_the_house() -> None:
    house = (
        Column((Wall(WOOD_WALL, 1), Wall(WOOD_WALL)), ROOF, False),
        Column((Wall(WOOD_WALL),)),
    )
    stock = materials(wood=8, brick=4, cement=4, steel=4, window=2, door=1)
    state = at_construction(store={0: stock}, houses={0: house})
    for part in ("wood_wall", "brick_wall", "roof", "chimney", "window", "door"):
        act(state, A.Prepare(part))
    act(state, A.StartBuilding())
    root, legal = _draw(state, 0)
    builds = {a["index"] for a in legal if a["action"]["kind"] == "build"}
    assert len(builds) >= 8
    assert builds <= set(_clickable(root))
    removals = {a["index"] for a in legal if a["action"]["kind"] == "remove"}
    assert removals and not removals & set(_clickable(root))  # giving up is a button only


def test_every_legal_build_of_the_advanced_variant_has_a_spot_garage_included() -> None:
    state = next(
        s
        for s in _positions("mr-house-advanced", 2, seed=3, every=1)
        if s.observe(None).get("asked") == "build"
    )
    builder = state.observe(None)["construction"]["builder"]
    state.house[builder] = (Column((Wall(WOOD_WALL, 1),)), Column((Wall(WOOD_WALL),)))  # type: ignore[attr-defined]
    state.store[builder] = [8, 4, 4, 4, 2, 1]  # type: ignore[attr-defined]
    state.spaces[builder] = [26, 20, 12, 7]  # type: ignore[attr-defined]
    state.tired[builder] = 0  # type: ignore[attr-defined]
    root, legal = _draw(state, builder)
    builds = {a["index"] for a in legal if a["action"]["kind"] == "build"}
    assert any(a["action"]["kind"] == "build" and a["action"]["column"] == -1 for a in legal)
    assert builds <= set(_clickable(root))


@pytest.mark.rule("MH-11")
def test_the_seat_s_house_asks_why_not_where_each_part_could_go() -> None:
    """Not building now (preparing), the seat's house asks about a wall beside it and on
    its column without a roof, a roof on that column, a window on each built wall and a
    chimney on the roof; another seat's house asks nothing."""
    house = (
        Column((Wall(WOOD_WALL, 1), Wall(WOOD_WALL)), ROOF, False),
        Column((Wall(WOOD_WALL),)),
    )
    state = at_construction(players=2, houses={0: house, 1: house})
    check_views(state)
    for seat in (0, 1):
        root, _ = _draw(state, seat)
        asked = [json.loads(el.get("data-action", "")) for el in root.iter()
                 if "data-action" in el.attrib]  # fmt: skip
        builds = [(a["part"], a["column"], a["level"]) for a in asked if a["kind"] == "build"]
        assert len(builds) == len(set(builds))  # its own house asks, not the other's alike
        assert set(builds) == {
            ("wood_wall", 2, 0),  # beside the house: a new column
            ("wood_wall", 1, 1),  # on the column without a roof
            ("roof", 1, 0),
            ("window", 0, 0),  # on each built wall
            ("window", 0, 1),
            ("window", 1, 0),
            ("chimney", 0, 2),  # on the roof
        }, seat


def test_a_face_down_marker_of_another_player_shows_no_value() -> None:
    state = hb.new_game("mr-house-basic", 3, seed=3)
    act(state, A.PlaceMarker(3, 9))  # player 0
    act(state, A.PlaceMarker(2, 9))  # player 1, face down
    for seat, expected in ((0, ["3", "?"]), (1, ["?", "2"]), (None, ["?", "?"])):
        root, _ = _draw(state, seat)
        (store,) = [g for g in root.iter(NS + "g") if g.get("data-location") == "9"]
        markers = [g for g in store.iter(NS + "g") if g.get("class") == "marker"]
        assert [g.get("data-player") for g in markers] == ["0", "1"]
        assert ["".join(g.itertext()) for g in markers] == expected


def test_text_is_escaped() -> None:
    state = hb.new_game("mr-house-advanced", 2, seed=1)
    obs = copy.deepcopy(state.observe(0))
    obs["players"][1]["name"] = "Bob <&>"
    obs["board"]["expo_current"][0]["name"] = 'Gazebo<b>&"'
    obs["board"]["locations"][0]["name"] = "<tag>&"
    doc = svg_view(obs, state.legal_json(0))
    texts = list(ET.fromstring(doc).itertext())
    assert "Bob <&>" in texts and "<tag>&" in texts
    assert any(t.startswith('Gazebo<b>&"') for t in texts)
    assert "<&>" not in doc and "<b>" not in doc and "<tag>" not in doc


def test_the_drawing_has_no_scripts_or_external_resources() -> None:
    state = hb.new_game("mr-house-basic", 4, seed=2)
    root, _ = _draw(state, 0)
    tags = {el.tag.removeprefix(NS) for el in root.iter()}
    assert "script" not in tags and "image" not in tags and "foreignObject" not in tags
    links = [v for el in root.iter() for k, v in el.attrib.items() if k.endswith("href")]
    assert links == []
    assert root.get("width") == "100%"


def test_the_spec_offers_the_drawing() -> None:
    for game in GAMES:
        assert hb.game(game).svg_view is svg_view
