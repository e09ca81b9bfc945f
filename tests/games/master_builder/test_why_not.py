"""Master Builder's "why not" (docs/web.md): a part of the board the seat may not play
now (a deck's face-up card, a contract on offer, an IOU, a worker, an event card, a
section of its contract) is drawn with an ``ask`` naming the action, and the server's
answer, the engine's refusal worked out on the seat's determinization, names the rule
it breaks."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from housebuilders.core import IllegalAction, State
from housebuilders.core.draw.actions import WHY_SEED
from housebuilders.core.viewcheck import SVG, check_views, draw_svg
from housebuilders.games.master_builder.actions import NONE
from housebuilders.games.master_builder.content import TOWN_WALLS
from housebuilders.games.master_builder.state import MasterBuilderState
from tests.games.master_builder.positions import (
    A,
    F,
    J,
    M,
    auctioning,
    give,
    hiring,
    new,
    own,
    planning,
)

Json = dict[str, Any]


def asks(state: State, seat: int | None) -> list[Json]:
    """The actions the seat's drawing asks why not about."""
    root, _ = draw_svg(state, seat)
    found = []
    for el in root.iter(SVG + "g"):
        if "data-action" in el.attrib:
            assert "ask" in el.get("class", "").split()
            found.append(json.loads(el.get("data-action", "")))
    return found


def why_not(state: State, seat: int, asked: Json) -> IllegalAction:
    """The server's answer (server.table.Table.why): the action tried on the seat's
    determinization, refused."""
    action = state.spec.action_from_json(asked)
    assert action not in state.legal_actions(seat)
    seen = state.determinize(seat, WHY_SEED)
    with pytest.raises(IllegalAction) as refused:
        seen.apply(seat, action)
    return refused.value


@pytest.mark.rule("MB-36")
def test_a_hire_past_the_wage_cap_asks_and_is_refused_by_the_wage_track() -> None:
    s = hiring(2)
    give(s, 0, [M, M, M, F, F, A, A, A, A])  # wages 27
    check_views(s)
    asked = asks(s, 0)
    hire = {"kind": "hire-worker", "skill": M}
    assert hire in asked
    refused = why_not(s, 0, hire)
    assert "The wage track ends at 30" in refused.message
    assert refused.rule == "master-builder §Hiring a Worker"
    assert {"kind": "hire-worker", "skill": J} not in asked  # legal: clickable, not asked
    waiting = why_not(s, 1, hire)  # a seat not to act asks too: it is told whose turn it is
    assert hire in asks(s, 1) and "may not act now (acting: [0])" in waiting.message
    assert asks(s, None) == []  # the spectator has no move to ask about


@pytest.mark.rule("MB-48", "MB-54")
def test_a_contract_one_cannot_bid_on_asks_and_names_the_bidding_rule() -> None:
    s = auctioning(2, [0, 3, 5])
    dear = max(s.display, key=lambda c: s.content.contracts[c].min_bid)
    s.cash[0] = s.content.contracts[dear].min_bid - 1
    check_views(s)
    put_up = {"kind": "put-up-contract", "contract": dear}
    assert put_up in asks(s, 0)
    refused = why_not(s, 0, put_up)
    assert "A player MUST be able to pay the amount they bid" in refused.message
    assert refused.rule == "master-builder §Bidding on a Contract"


@pytest.mark.rule("MB-81", "MB-89")
def test_a_roof_section_before_the_walls_asks_with_its_crew_and_names_the_rule() -> None:
    s = new(2)
    c = next(c for c in range(len(s.content.contracts)) if c + 1 not in TOWN_WALLS)
    own(s, 0, c)
    give(s, 0, [M, M, F, J, A, A])
    planning(s)
    check_views(s)
    staffs = [a for a in asks(s, 0) if a["kind"] == "staff-section"]
    roof = next(a for a in staffs if a["contract"] == c and a["section"] == 4)
    code = s.content.contracts[c].sections[4]
    assert (roof["second"] == NONE) == ("+" not in code)  # the crew the code shows
    refused = why_not(s, 0, roof)
    assert refused.message.startswith("The roof can only be built when all 4 walls")
    assert refused.rule == "master-builder §Building Rules"
    assert not any(a["contract"] != c for a in staffs)  # a seat's own contracts only


def test_every_ask_of_random_games_is_refused_with_a_rule() -> None:
    """Over random games, the acting seats' drawings ask, and every ask is an action of
    the game the server refuses, naming a rule."""
    seen: set[str] = set()
    for seed in (1,):
        s = new(3)
        assert isinstance(s, MasterBuilderState)
        rng = random.Random(seed)
        for step in range(1500):
            if s.is_terminal():
                break
            if step % 10 == 0:
                for seat in s.acting_players():
                    for asked in asks(s, seat):
                        refused = why_not(s, seat, asked)
                        assert refused.message and refused.rule.startswith("master-builder §")
                        seen.add(asked["kind"])
            seat = s.acting_players()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert {"hire-worker", "put-up-contract", "staff-section"} <= seen
