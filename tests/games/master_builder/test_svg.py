"""Master Builder drawn as SVG (games/master_builder/svg.py): every legal action is
clickable where it happens (a deck's face-up card, a worker, a contract, a bid chip
by the auction, a section's crew chip, an IOU, an event card, a price chip), another
seat and a spectator can click nothing, and the drawing shows only what the
observation holds (another seat's plan in progress, the decks' order)."""

from __future__ import annotations

import colorsys
import random
import re
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.core import State
from housebuilders.core.viewcheck import SVG, check_views, clickable, draw_svg
from housebuilders.games.master_builder.actions import SPACE, money
from housebuilders.games.master_builder.svg import svg
from housebuilders.games.master_builder.text import (
    a_skill,
    contract_title,
    crew_label,
    event_name,
    loan_name,
    section_label,
)

SPEC = hb.game("master-builder")
Json = dict[str, Any]

# (players, seed, options): every player count and every option
GAMES = [
    (2, 1, {}),
    (3, 2, {"choosing-workers": True}),
    (4, 3, {"selective-events": True}),
    (3, 4, {"additional-events": True}),
    (2, 5, {"renting-workers": True}),
    (4, 6, {"choosing-workers": True, "selective-events": True, "renting-workers": True}),
    (3, 7, {"renting-workers": True, "rent-offers-only": True}),
]
#: the phases few states are in: drawn whenever they come
RARE = {"look", "open", "event", "event-choice", "rent-price", "rent-answer", "rent-counter",
        "loan", "repay", "repay-bonus", "repay-gain"}  # fmt: skip


def words(el: Any) -> str:
    """The text a clickable part shows (its title aside)."""
    return " ".join(t.text or "" for t in el.iter(SVG + "text"))


def expected_words(obs: Json, action: Json) -> str:
    """What the part clicked for ``action`` must show: the worker, contract, section,
    crew, amount, IOU or event card concerned, else the action's own sentence (a chip)."""
    kind = action["kind"]
    if kind == "hire-worker":
        return f"#{obs['decks'][action['skill']]['top']['id'] + 1}"
    if kind == "look-into-deck":
        return "look into it"
    if kind in ("choose-worker", "fire-worker", "event-dismiss", "event-unavailable"):
        return f"#{action['worker'] + 1}"
    if kind == "put-up-contract":
        return contract_title(obs, action["contract"])
    if kind in ("bid", "offer-rent", "rent-price"):
        return money(action["amount" if kind == "bid" else "price"])
    if kind == "rent-out":
        return f"{a_skill(obs, action['skill'])} to Player {action['player']}"
    if kind == "play-event":
        return event_name(obs, action["event"])
    if kind == "staff-section":
        return crew_label(action["first"], action["second"])
    if kind == "unstaff-section":
        return section_label(obs, action["contract"], action["section"])
    if kind == "take-loan":
        return f"take a {loan_name(obs, action['loan'])} loan"
    if kind == "repay-iou":
        return f"{loan_name(obs, action['loan'])} IOU"
    return ""


def check_state(state: State, seat: int) -> set[str]:
    """Every legal action of ``seat`` is clickable, each where it happens; returns the
    kinds of action seen."""
    root, legal = draw_svg(state, seat)
    parts = clickable(root)
    assert set(parts) == {a["index"] for a in legal}, state.phase
    obs = state.observe(seat)
    for a in legal:
        el = parts[a["index"]]
        want = expected_words(obs, a["action"]) or a["text"]
        assert want in words(el), f"{a['text']!r} drawn on {words(el)!r}"
    return {a["action"]["kind"] for a in legal}


def play(state: State, seed: int, seen: set[str]) -> None:
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        seat = state.acting_players()[0]
        if step % 4 == 0 or state.phase in RARE:
            seen |= check_state(state, seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    check_views(state)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_legal_action_of_a_random_game_is_clickable_where_it_happens(
    players: int, seed: int, options: Json
) -> None:
    state = SPEC.new_game(players, seed=seed, options=options)
    seen: set[str] = set()
    play(state, seed, seen)
    common = {"hire-worker", "fire-worker", "put-up-contract", "bid", "staff-section",
              "submit-plan", "pass-hiring"}  # fmt: skip
    assert common <= seen, common - seen
    if options.get("choosing-workers"):
        assert {"look-into-deck", "choose-worker"} <= seen
    if options.get("selective-events"):
        assert "play-event" in seen
    if options.get("renting-workers"):
        offers = {"offer-rent"} if options.get("rent-offers-only") else {"rent-out", "rent-price"}
        assert offers | {"end-renting", "accept-rent", "decline-rent"} <= seen


def test_another_seat_and_the_spectator_can_click_nothing() -> None:
    state = SPEC.new_game(3, seed=7)
    rng = random.Random(7)
    for _ in range(60):
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    acting = state.acting_players()
    for other in (*(s for s in range(3) if s not in acting), None):
        root, legal = draw_svg(state, other)
        assert legal == [] and clickable(root) == {}
    check_views(state)


def planning(players: int, seed: int) -> State:
    """A game at its first Phase 4 where each seat has staffed what it can, one section
    a contract, and none has submitted."""
    state = SPEC.new_game(players, seed=seed)
    rng = random.Random(seed)
    while state.phase != "plan":
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in range(players):
        for contract in state.contracts[seat]:
            staffs = [a for a in state.legal_actions(seat)
                      if a.kind == "staff-section" and a.contract == contract]  # fmt: skip
            if staffs:
                state.apply(seat, staffs[0])
    assert sum(bool(plan) for plan in state.plans) >= 2
    return state


def test_another_seats_plan_in_progress_is_not_drawn() -> None:
    state = planning(3, seed=8)
    for seat in range(3):
        drawn = svg(state.observe(seat), state.legal_json(seat))
        assert drawn.count(">planned: ") == len(state.plans[seat])
        assert drawn.count(">planning (hidden)<") == 2
    assert ">planned: " not in svg(state.observe(None), [])


def test_a_seat_sees_the_same_drawing_whatever_it_cannot_see() -> None:
    # the decks below their face-up cards, the contract and event decks, the others'
    # hands and plans in progress are hidden: a determinized copy draws the same
    for state in (planning(2, seed=9), planning(4, seed=10)):
        for seat in range(state.num_players):
            legal = state.legal_json(seat)
            drawn = svg(state.observe(seat), legal)
            text = SPEC.text_view(state.observe(seat))
            for k in range(3):
                copy = state.determinize(seat, k)
                assert svg(copy.observe(seat), legal) == drawn
                assert SPEC.text_view(copy.observe(seat)) == text


def test_the_deck_looked_into_is_drawn_for_the_looker_alone() -> None:
    state = SPEC.new_game(3, seed=11, options={"choosing-workers": True})
    seat = state.acting_players()[0]
    look = next(a for a in state.legal_actions(seat) if a.kind == "look-into-deck")
    state.apply(seat, look)
    drawn = svg(state.observe(seat), state.legal_json(seat))
    assert "deck, looked into" in drawn
    for other in (*(s for s in range(3) if s != seat), None):
        assert "looked into" not in svg(state.observe(other), [])


def test_the_drawing_shows_the_decks_contracts_and_every_seat() -> None:
    state = SPEC.new_game(4, seed=12)
    obs = state.observe(0)
    drawn = svg(obs, state.legal_json(0))
    assert all(f"#{deck['top']['id'] + 1}<" in drawn for deck in obs["decks"])
    assert all(f">{contract_title(obs, c['contract'])}<" in drawn for c in obs["display"])
    assert all(f">Player {seat}" in drawn for seat in range(4))
    assert ">trowel: phase 1<" in drawn and "(now: the trowel is here)" in drawn


def test_every_kind_of_action_is_drawn_in_one_of_the_games() -> None:
    seen: set[str] = set()
    for players, seed, options in GAMES:
        play(SPEC.new_game(players, seed=seed, options=options), seed, seen)
    assert {a.kind for a in SPACE} == seen


#: MB-75: "Yellow indicates a master craftsman, Red indicates a foreman, Purple indicates a
#: merchant, Green indicates an apprentice", as hue ranges (degrees; red wraps round 0)
COLOUR_OF = {"master craftsman": "yellow", "foreman": "red", "merchant": "purple",
             "apprentice": "green"}  # fmt: skip
HUES = {"yellow": (40, 70), "red": (-20, 20), "purple": (250, 320), "green": (90, 150)}


def hue(fill: str) -> float:
    r, g, b = (int(fill[k : k + 2], 16) / 255 for k in (1, 3, 5))
    degrees = colorsys.rgb_to_hsv(r, g, b)[0] * 360
    return degrees - 360 if degrees > 340 else degrees


@pytest.mark.rule("MB-75")
def test_mb_75_a_worker_card_is_drawn_in_its_types_rulebook_colour() -> None:
    """Each face-up worker card (the decks' tops, the seats' crews) is filled with its
    type's colour code and names its type."""
    for state in (SPEC.new_game(4, seed=1), planning(3, seed=8)):
        obs = state.observe(0)
        names = {k["name"] for k in obs["skills"]}
        assert names == set(COLOUR_OF)
        seen: set[str] = set()
        fill = None
        root, _ = draw_svg(state, 0)
        for el in root.iter():
            if el.tag == SVG + "rect" and el.get("class") == "card":
                fill = el.get("fill")
            elif el.tag == SVG + "text" and fill is not None:
                found = re.fullmatch(r"(.+) #\d+", el.text or "")
                if found and found[1] in names and fill != "#cfc8bd":  # grey: face down
                    low, high = HUES[COLOUR_OF[found[1]]]
                    assert low <= hue(fill) <= high, (found[0], fill)
                    seen.add(found[1])
                fill = None
        assert seen == names


@pytest.mark.rule("MB-75", "MB-86")
def test_mb_75_a_sections_colour_code_is_shown_as_the_letter_of_its_worker_type() -> None:
    """A section's code is drawn as its letter (M, F, J, A) and the crew chips that staff
    it say in words which worker types the letters stand for."""
    state = planning(3, seed=8)
    by_code = {k["code"]: k["name"] for k in state.observe(0)["skills"]}
    assert by_code == {"M": "master craftsman", "F": "foreman", "J": "merchant",
                       "A": "apprentice"}  # fmt: skip
    chips = 0
    for seat in range(3):
        obs = state.observe(seat)
        shown = SPEC.text_view(obs)
        for c in obs["players"][seat]["contracts"]:
            for s, code in enumerate(obs["contracts"][c]["sections"]):
                assert section_label(obs, c, s).endswith(f" {code}")
                assert section_label(obs, c, s) in shown
        root, legal = draw_svg(state, seat)
        parts = clickable(root)
        for a in legal:
            if a["action"]["kind"] != "staff-section":
                continue
            letters = words(parts[a["index"]]).split("+")
            title = parts[a["index"]].find(SVG + "title").text
            assert all(by_code[letter] in title for letter in letters), (letters, title)
            chips += 1
    assert chips


def test_each_quirk_letter_on_a_worker_card_has_a_tooltip_saying_what_it_means() -> None:
    """Issue 46 (defect 12): a worker's quirks are letters (S, D, W, N, H); each letter
    on a card carries a tooltip naming its quirk and the events that strike it."""
    state = planning(3, seed=8)
    root, _ = draw_svg(state, 0)
    obs = state.observe(0)
    names = {q["code"]: q["name"] for q in obs["quirks"]}
    cards = [w for d in obs["decks"] if d["top"] for w in [d["top"]]]
    cards += [w for p in obs["players"] for w in p["workers"]]
    on_cards = [(g.find(SVG + "text").text, g.find(SVG + "title").text)
                for g in root.iter(SVG + "g")
                if g.get("class") == "quirk" and len(g.findall(SVG + "text")) == 1]  # fmt: skip
    assert len(on_cards) == sum(len(w["quirks"]) for w in cards) > 0
    for code, tip in on_cards:
        assert tip.startswith(f"{code}: {names[code]}"), tip
        struck = [e["name"] for e in obs["events"] if f"({code})" in e["text"]]
        assert struck and all(name in tip for name in struck), (code, tip)


def test_the_quirks_legend_is_a_line_of_its_own_in_readable_type_with_the_tooltips() -> None:
    """Defect 12: the legend was the end of a 10 px muted line after the loans; it is a
    line of its own, each quirk its letter and name at 11 px with the letter's tooltip."""
    state = SPEC.new_game(2, seed=1)
    root, _ = draw_svg(state, 0)
    entries = {}
    for g in root.iter(SVG + "g"):
        texts = g.findall(SVG + "text")
        if g.get("class") == "quirk" and len(texts) == 2:  # the legend's: letter and name
            entries[texts[0].text] = (texts[1].text, float(texts[1].get("font-size")),
                                      g.find(SVG + "title").text)  # fmt: skip
    quirks = state.observe(0)["quirks"]
    assert set(entries) == {q["code"] for q in quirks}
    for q in quirks:
        name, size, tip = entries[q["code"]]
        assert name == q["name"] and size >= 11 and tip.startswith(f"{q['code']}: {name}")
    assert not any("quirks:" in (t.text or "") for t in root.iter(SVG + "text"))


def test_a_count_of_one_card_is_singular() -> None:
    """Defect 12: "contract deck: 1 cards"; every deck's count says "1 card"."""
    state = SPEC.new_game(2, seed=1)
    obs = state.observe(0)
    obs["contract_deck"] = obs["event_deck"] = obs["economy_left"] = 1
    for deck in obs["decks"]:
        deck["size"] = 1
    drawn = svg(obs, state.legal_json(0))
    assert "1 cards" not in drawn
    assert ">contract deck: 1 card<" in drawn and "Event deck: 1 card<" in drawn
    assert ">foreman deck: 1 card<" in drawn
