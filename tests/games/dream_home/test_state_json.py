"""Dream Home's saved state: a round trip, and the consistency checks from_json makes."""

from __future__ import annotations

import copy
import random

import pytest

import housebuilders as hb
from housebuilders.core import StateError
from tests.games.dream_home.helpers import new


def midgame() -> dict:
    s = new(3, seed=5)
    rng = random.Random(5)
    for _ in range(25):
        (p,) = s.acting_players()
        s.apply(p, rng.choice(s.legal_actions(p)))
    return s.to_json()


def test_a_saved_state_loads_as_it_was() -> None:
    saved = midgame()
    assert hb.game("dream-home").state_from_json(copy.deepcopy(saved)).to_json() == saved


@pytest.mark.parametrize(
    ("corrupt", "field"),
    [
        (lambda d: d["room_deck"].append(d["room_deck"][0]), "room_deck"),
        (lambda d: d["resource_deck"].pop(), "resource card"),
        (lambda d: d["board_resources"].__setitem__(0, d["resource_deck"].pop()), "first-player"),
        (lambda d: d["homes"][0].append(-1), "homes"),
        (lambda d: d["down"][0].__setitem__(0, 3), "down"),
        (lambda d: (d["homes"][1].__setitem__(0, -1), d["down"][1].__setitem__(0, 2)), "down"),
        (lambda d: (d["token_owner"].__setitem__(0, 0), d["token_at"].__setitem__(0, 4)),
         "token_at"),
        (lambda d: d.__setitem__("first", 3), "first"),
        (lambda d: d.__setitem__("phase", "dance"), "phase"),
        (lambda d: d.__setitem__("phase", "megaphone"), "ask"),
        (lambda d: d.__setitem__("turns", 3), "turns"),
        (lambda d: d.__setitem__("phase", "decor"), "pending"),
    ],
)  # fmt: skip
def test_a_state_no_game_could_reach_is_refused_naming_the_field(corrupt, field: str) -> None:
    saved = midgame()
    corrupt(saved)
    with pytest.raises(StateError, match=field):
        hb.game("dream-home").state_from_json(saved)


def test_roof_stacks_hold_only_roof_cards() -> None:
    s = new(2)
    saved = s.to_json()
    card = next(c for c in saved["resource_deck"] if s.cards.resources[c].kind == "decor")
    saved["resource_deck"].remove(card)
    saved["roofs"][0].append(card)
    with pytest.raises(StateError, match="roofs"):
        hb.game("dream-home").state_from_json(saved)


@pytest.mark.rule("DH-80")
def test_dh_80_a_room_beyond_its_cards_maximum_is_refused() -> None:
    """A saved home with two bathrooms side by side face up (a bathroom is at most one
    card) is refused, not scored past the end of its points."""
    s = new(2)
    saved = s.to_json()
    bath = [c for c in saved["room_deck"] if s.cards.rooms[c].type == s.cards.type_of["bathroom"]]
    for space, card in zip((5, 6), bath, strict=False):
        saved["room_deck"].remove(card)
        saved["homes"][0][space] = card
    with pytest.raises(StateError, match="homes"):
        hb.game("dream-home").state_from_json(saved)
