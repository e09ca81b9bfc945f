"""Mr House's rulings by variant: one doc page serves both games, a ruling for one
variant names it in its title, and each variant's rules page (the web table's Rules
panel) carries only the rulings that hold in it. Rulings 16 and 17 differ between the
variants, each tested in both."""

from __future__ import annotations

import importlib
import inspect
import itertools
import pkgutil
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.core.doccheck import section
from housebuilders.core.rules import doc_rulings, rules_of, ruling_variants
from housebuilders.core.state import GameState
from housebuilders.games.mr_house.actions import Hire
from tests.games.mr_house import test_purchases
from tests.games.mr_house.helpers import adv, adv_purchases, new, resolve_until

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "games" / "mr-house.md").read_text()
GAMES = {"basic": "mr-house-basic", "advanced": "mr-house-advanced"}
#: the variant of each ruling ("": both), as the doc page's titles say
BOTH = {1, 2, 3, 4, 5, 6, 13, 15}
BASIC = {7, 8, 9, 16, 17, 18, 19, 20, 21}
ADVANCED = {10, 11, 12, 14, *range(22, 31)}


def test_each_ruling_names_its_variant() -> None:
    tags = ruling_variants(DOC)
    assert {n for n, tag in tags.items() if tag == ""} == BOTH
    assert {n for n, tag in tags.items() if tag == "basic"} == BASIC
    assert {n for n, tag in tags.items() if tag == "advanced"} == ADVANCED


@pytest.mark.parametrize(("variant", "only"), [("basic", BASIC), ("advanced", ADVANCED)])
def test_each_variants_rules_page_carries_its_own_rulings_only(variant: str, only: set) -> None:
    spec = hb.game(GAMES[variant])
    assert spec.variant == variant
    rulings = next(s for s in rules_of(spec)["sections"] if s["title"] == "Rulings")
    assert rulings["blocks"][0]["numbers"] == sorted(BOTH | only)
    words = " ".join(text for item in rulings["blocks"][0]["items"] for text, _ in item)
    assert "(basic variant)" not in words and "(advanced variant)" not in words
    if variant == "advanced":  # the two rulings that were wrong for it
        assert "skipped at the work notice board" not in words and "seat 0" not in words


# -- each ruling shown holds in its variant: a test it cites plays that variant -----------
def cited_tests() -> dict[int, list[str]]:
    """The tests each ruling of the doc page cites, by number."""
    rulings = section(DOC, "Rulings").split("\n### ", 1)[0]
    items = re.split(r"\n(?=\d+\. )", rulings)
    return {
        int(item.split(".", 1)[0]): re.findall(r"`(test_[a-z0-9_]+)`", item)
        for item in items
        if re.match(r"\d+\. ", item)
    }


def mr_house_tests() -> dict[str, Callable[..., Any]]:
    """Every test function of tests/games/mr_house, by name."""
    package = importlib.import_module(__package__)
    found: dict[str, Callable[..., Any]] = {}
    for module in pkgutil.iter_modules(package.__path__):
        if module.name.startswith("test_"):
            loaded = importlib.import_module(f"{__package__}.{module.name}")
            found |= {n: f for n, f in vars(loaded).items() if n.startswith("test_")}
    return found


def calls(function: Callable[..., Any]) -> Iterator[dict[str, Any]]:
    """The arguments of each case of a test (every combination of its parametrize
    marks); a test that asks for a fixture has none here."""
    marks = [m for m in getattr(function, "pytestmark", []) if m.name == "parametrize"]
    axes = []
    for mark in marks:
        names, values = mark.args[0], mark.args[1]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        cases = [getattr(v, "values", v) for v in values]
        axes.append([dict(zip(names, c if len(names) > 1 else (c,), strict=True)) for c in cases])
    for combination in itertools.product(*axes):
        kwargs = {k: v for part in combination for k, v in part.items()}
        missing = set(inspect.signature(function).parameters) - set(kwargs)
        assert not missing, f"{function.__name__} needs fixtures {missing}: cite another test"
        yield kwargs


def test_each_ruling_on_a_page_cites_a_test_played_in_its_variant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Run the tests each ruling cites, noting the games they set up (new or loaded):
    every ruling a variant's rules page shows is tested in that variant."""
    played: set[str] = set()
    for name in ("_begin", "_restore"):
        original = getattr(GameState, name).__func__

        def noted(cls: type[GameState], *args: Any, _original: Any = original, **kw: Any) -> Any:
            played.add(cls.spec.id)
            return _original(cls, *args, **kw)

        monkeypatch.setattr(GameState, name, classmethod(noted))
    functions = mr_house_tests()
    in_variant: dict[int, set[str]] = {}
    for number, names in cited_tests().items():
        in_variant[number] = set()
        for name in names:
            for kwargs in calls(functions[name]):
                played.clear()
                functions[name](**kwargs)
                in_variant[number] |= played
    for variant, game_id in GAMES.items():
        shown = [n for n, _, _ in doc_rulings(DOC, variant)]
        untested = [n for n in shown if game_id not in in_variant[n]]
        assert not untested, f"{game_id}'s page shows rulings no cited test plays: {untested}"


# -- ruling 16: a full player board at the work notice board --------------------------------
@pytest.mark.rule("MH-25")
def test_ruling_16_basic_a_full_player_board_is_skipped() -> None:
    """Basic: "After getting a worker card, it goes onto the player's board, on the
    first empty space from the left": with none empty, the card goes to the next
    marker."""

    def full(s: Any) -> None:
        s.workers[0] = 4

    s = test_purchases.to_purchases(3, test_purchases.WORK_PLANS, setup=full)
    resolve_until(s, test_purchases.WORK + 1)
    assert s.workers == [4, 1, 1]


@pytest.mark.rule("MH-65")
def test_ruling_16_advanced_a_full_player_board_pushes_its_oldest_card_off() -> None:
    """Advanced: "Any cards already there are all shifted to the right as needed to
    make room for the new cards. Some such older worker cards might be shifted right
    off the board; they leave the game and return to the box." A full board still
    hires."""
    s = adv(2, order=[0, 1])
    s.spaces[0] = [10, 11, 12, 13]
    s.board_cards = [(20, 0), (21, 0)]
    adv_purchases(s, {6: [(0, 1)]})  # the work notice board
    assert Hire(20) in s.legal_actions(0)
    s.apply(0, Hire(20))
    assert s.spaces[0] == [20, 10, 11, 12]  # 13 left the game


# -- ruling 17: the first player of the first turn -----------------------------------------
@pytest.mark.rule("MH-8")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_ruling_17_basic_seat_0_is_the_first_player(players: int) -> None:
    """Basic: "Whoever was most recently in a building supply store is the first
    player": settled by who sits where, seat 0."""
    for seed in range(10):
        s = new(players, seed=seed)
        assert s.order[0] == 0 and s.acting_players() == (0,)


@pytest.mark.rule("MH-54")
def test_ruling_17_advanced_the_first_player_is_drawn_at_random() -> None:
    """Advanced: "The initial player order is random." """
    firsts = {adv(4, seed=seed).order[0] for seed in range(20)}
    assert firsts == {0, 1, 2, 3}
