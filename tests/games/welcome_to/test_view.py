"""Welcome To drawn as text and as SVG (games/welcome_to/py, svg.py): pure functions
of an observation (and the seat's legal actions), every legal action clickable where
it happens, nothing shown that the observation does not say."""

from __future__ import annotations

import copy
import random
import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import housebuilders as hb
from housebuilders.core.viewcheck import clickable as _clickable, draw_svg as _draw
from housebuilders.games.welcome_to.actions import Claim, Mark, Pick, Skip, Write
from housebuilders.games.welcome_to.state import WelcomeToState
from housebuilders.games.welcome_to.svg import svg as svg_view
from housebuilders.games.welcome_to.text import street as street_text, text as text_view
from tests.games.welcome_to.helpers import (
    A_FOUR_FOUR,
    B_FOUR_FIVE,
    C_THREE_FOUR,
    fence,
    fill,
    new,
    play,
)

NS = "{http://www.w3.org/2000/svg}"
SPEC = hb.game("welcome-to")


def _positions(
    players: int, seed: int, every: int, limit: int = 10_000
) -> Iterator[WelcomeToState]:
    """Every ``every``-th position of a random game (claims and marks preferred, so
    that plans get claimed), up to ``limit`` steps, and its last."""
    state = new(players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal() and step < limit:
        if step % every == 0:
            yield state
        player = rng.choice(state.acting_players())
        moves = state.legal_actions(player)
        keen = [a for a in moves if a.kind in ("claim", "mark", "fence")]
        state.apply(player, rng.choice(keen if keen and rng.random() < 0.7 else moves))
        step += 1
    yield state


def _check(root: ET.Element, legal: list[dict]) -> set[int]:
    """The drawing is an SVG whose clickable parts are legal actions, each with the
    action's text as its title; returns the clickable indexes."""
    assert root.tag == NS + "svg" and root.get("viewBox") and root.get("width") == "100%"
    clickable = _clickable(root)
    texts = {a["index"]: a["text"] for a in legal}
    assert set(clickable) <= set(texts)
    for index, el in clickable.items():
        assert "act" in el.get("class", "").split()
        assert el.findtext(NS + "title") == texts[index]
    return set(clickable)


# -- the SVG ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed", "every"), [(1, 1, 1), (3, 2, 3), (6, 3, 9)])
def test_every_seat_and_the_spectator_get_a_drawing_where_every_legal_action_is_clickable(
    players: int, seed: int, every: int
) -> None:
    seen: set[str] = set()
    for state in _positions(players, seed, every):
        for seat in [*range(players), None]:
            root, legal = _draw(state, seat)
            clickable = _check(root, legal)
            assert clickable == {a["index"] for a in legal}  # picks and writes among them
            seen |= {a["action"]["kind"] for a in legal}
    assert {"pick", "write", "skip"} <= seen


def test_every_kind_of_action_has_its_place_on_the_drawing() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        for state in _positions(2, seed, every=1, limit=400):
            for seat in state.acting_players():
                root, legal = _draw(state, seat)
                assert _check(root, legal) == {a["index"] for a in legal}
                kinds |= {a["action"]["kind"] for a in legal}
    expected = {"pick", "adjust", "write", "fence", "improve", "park", "pool", "extend", "skip"}
    assert expected <= kinds


def _claiming() -> WelcomeToState:
    """Player 0 can claim plan A (two estates of 4) with three estates of 4 to choose from."""
    s = new(2, pairs=[(9, "park"), (12, "park"), (14, "park")])
    s.plans = [A_FOUR_FOUR, B_FOUR_FIVE, C_THREE_FOUR]
    fill(s, 0, 2, {h: h + 1 for h in range(12) if h != 8})
    fence(s, 0, 2, 3, 7)
    play(s, 0, Pick(0), Write(2, 8), Skip())
    return s


def test_plans_are_claimed_on_their_card_and_estates_marked_on_the_street() -> None:
    s = _claiming()
    root, legal = _draw(s, 0)
    assert {a["action"]["kind"] for a in legal} == {"claim", "finish"}
    assert _check(root, legal) == {a["index"] for a in legal}
    play(s, 0, Claim(0))
    root, legal = _draw(s, 0)
    assert {a["action"]["kind"] for a in legal} == {"mark"} and len(legal) == 3
    assert _check(root, legal) == {a["index"] for a in legal}
    play(s, 0, Mark(2, 8))
    root, _ = _draw(s, 0)
    assert "used for a plan" in "".join(root.itertext())


def _numbers(root: ET.Element, player: int) -> list[str]:
    (sheet,) = [
        g
        for g in root.iter(NS + "g")
        if g.get("class") == "sheet" and g.get("data-player") == str(player)
    ]
    return [t.text or "" for t in sheet.iter(NS + "text") if t.get("class") == "number"]


def _written(obs: dict, player: int) -> list[str]:
    streets = obs["players"][player]["streets"]
    return [str(n) for street in streets for n in street["numbers"] if n is not None]


@pytest.mark.rule("WT-6")
def test_another_players_choice_is_not_drawn_before_the_reveal() -> None:
    s = new(3, seed=5, pairs=[(3, "park"), (7, "park"), (11, "park")])
    play(s, 1, Pick(1), Write(1, 4), Skip())
    assert s.acting_players() == (0, 2)
    for seat in (0, 2, None):
        obs = s.observe(seat)
        root, _ = _draw(s, seat)
        assert _numbers(root, 1) == _written(obs, 1) == []  # what the observation says
        assert "✓ chosen" in "".join(root.itertext())  # only that a choice was made
    assert _numbers(_draw(s, 1)[0], 1) == ["7"]  # the chooser sees their own number
    play(s, 0, Pick(0), Write(0, 0), Skip())
    play(s, 2, Pick(2), Write(2, 11), Skip())
    root, _ = _draw(s, 0)
    assert _numbers(root, 1) == ["7"] and _numbers(root, 2) == ["11"]


def test_the_others_are_a_table_of_the_first_dozen_beyond_seven() -> None:
    state = next(s for s in _positions(40, seed=4, every=50) if s.round >= 3)
    root, legal = _draw(state, 0)
    _check(root, legal)
    rows = [g.get("data-player") for g in root.iter(NS + "g") if g.get("class") == "row"]
    assert rows == [str(p) for p in range(1, 13)]
    assert "and 27 more" in "".join(root.itertext())


def test_text_is_escaped() -> None:
    state = new(3, seed=1)
    obs = copy.deepcopy(state.observe(0))
    obs["players"][1]["name"] = "Bob <&>"
    obs["plans"][0]["deck"] = 'A<b>&"'
    doc = svg_view(obs, state.legal_json(0))
    texts = list(ET.fromstring(doc).itertext())
    assert "Bob <&>" in texts and 'Plan A<b>&"' in texts
    assert "<&>" not in doc and "<b>" not in doc
    assert "Bob <&>" in text_view(obs)


def test_the_drawing_has_no_scripts_or_external_resources() -> None:
    state = next(s for s in _positions(3, seed=6, every=40) if s.round > 4)
    for seat in (0, None):
        doc = svg_view(state.observe(seat), state.legal_json(seat))
        assert "<script" not in doc and "href" not in doc and "url(" not in doc
        for el in ET.fromstring(doc).iter():
            assert el.tag.removeprefix(NS) not in ("script", "foreignObject", "image")
            assert not any(name.startswith("on") for name in el.attrib)


def test_it_does_not_change_the_observation() -> None:
    state = next(s for s in _positions(3, seed=7, every=30) if s.round > 3)
    obs = state.observe(1)
    before = copy.deepcopy(obs)
    svg_view(obs, state.legal_json(1))
    text_view(obs)
    assert obs == before


def test_drawing_takes_a_few_milliseconds_even_for_a_hundred_players() -> None:
    state = next(s for s in _positions(100, seed=8, every=400) if s.round >= 4)
    for seat in (state.acting_players()[0], None):
        obs, legal = state.observe(seat), state.legal_json(seat)
        svg_view(obs, legal)
        start = time.perf_counter()
        for _ in range(20):
            svg_view(obs, legal)
        assert (time.perf_counter() - start) / 20 < 0.02  # measured: about 2 ms


def test_they_are_the_games_views() -> None:
    assert SPEC.text_view is text_view
    assert SPEC.svg_view is svg_view


# -- the text ---------------------------------------------------------------------------------
def test_the_text_shows_every_number_written_street_by_street() -> None:
    for state in _positions(3, seed=9, every=23):
        for seat in (0, 1, None):
            obs = state.observe(seat)
            text = text_view(obs)
            assert f"round {obs['round']}" in text
            for p, entry in enumerate(obs["players"]):
                for s, street in enumerate(entry["streets"]):
                    line = street_text(street, obs["sheet"]["pools"][s])
                    assert line in text
                    numbers = [int(n) for n in re.findall(r"\d+", line)]
                    assert numbers == [n for n in street["numbers"] if n is not None], (p, s)


def test_the_text_marks_fences_pools_and_copies() -> None:
    street = {
        "numbers": [3, 3, None, 9, None],
        "bis": [1],
        "pools": [3],
        "fences": [1],
        "parks": 0,
    }
    assert street_text(street, [2, 3]) == "| 3    3B | . o  9 @  .  |"


def test_the_text_says_who_has_chosen_the_pairs_and_the_plans() -> None:
    s = new(3, seed=5, pairs=[(3, "park"), (7, "pool"), (11, "temp")])
    play(s, 1, Pick(1), Write(1, 4))  # no printed pool there: nothing more to decide
    text = text_view(s.observe(0))
    assert "chosen: 1 of 3; still choosing: Player 0, Player 2" in text
    assert "[1] 3 park   [2] 7 pool   [3] 11 temporary worker" in text
    assert "Player 1 (chosen)" in text and "Player 0 (you, choosing)" in text
    for plan in s.observe(0)["plans"]:
        assert f"{plan['deck']}: estates " + " + ".join(map(str, plan["estates"])) in text
    assert "your choice: asked: pair" in text
