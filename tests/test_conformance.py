"""The conformance kit, run for every registered game (``hb.game_ids()``, built-in or
installed from another package): the contract at every player count, the information
rule, determinism and replay, every option, the views from every seat, and the
game's doc page against its code (docs/adding-a-game.md)."""

from __future__ import annotations

import os
import random
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import housebuilders as hb
from housebuilders.core.doccheck import check_doc
from housebuilders.core.testing import (
    DEEP_STEPS,
    check_information_rule,
    check_random_game,
    check_views,
    determinize_varies,
    random_playout,
)

ROOT = Path(__file__).resolve().parent.parent


def player_counts(spec: hb.GameSpec) -> list[int]:
    """Every player count, or for a game of any size (Welcome To: 1 to 100) the
    counts 1, 2, 4 and 6 within its range; its large games have their own tests."""
    counts = range(spec.min_players, spec.max_players + 1)
    if len(counts) <= 6:
        return list(counts)
    return [n for n in (1, 2, 4, 6) if n in counts]


CASES = [
    (game_id, players) for game_id in hb.game_ids() for players in player_counts(hb.game(game_id))
]
IDS = [f"{g}-{n}p" for g, n in CASES]


#: games whose random games are long: the kit's checks cost about 1.5 s a game of
#: House of Fado (5,000 actions) and 0.5 to 1 s of Master Builder, against a tenth of
#: one elsewhere; the suites below play fewer of them, so that CI fits in its time, and
#: how many random games of each (200 of every other game)
LONG = {"house-of-fado": 25, "master-builder": 50}
#: HOUSEBUILDERS_FULL_CONFORMANCE=1 plays 200 of every game, as the long games' issues
#: asked (``HOUSEBUILDERS_FULL_CONFORMANCE=1 pytest tests/test_conformance.py -k
#: random_games tests/games/house_of_fado/test_contract_variant.py``: about 25 minutes
#: of one core for those two)
FULL = os.environ.get("HOUSEBUILDERS_FULL_CONFORMANCE") == "1"


def random_games(game_id: str) -> int:
    """Seeded random games a player count of ``game_id`` plays (see LONG, FULL)."""
    return 200 if FULL else LONG.get(game_id, 200)


#: the random games in runs of at most 50 seeds, which the test workers share out
RUN = 50
RUNS = [
    (game_id, players, start, min(start + RUN, random_games(game_id)))
    for game_id, players in CASES
    for start in range(0, random_games(game_id), RUN)
]


@pytest.mark.parametrize(
    ("game_id", "players", "start", "stop"),
    RUNS,
    ids=[f"{g}-{n}p-seeds-{a}-{b - 1}" for g, n, a, b in RUNS],
)
def test_random_games_keep_the_contract(game_id: str, players: int, start: int, stop: int) -> None:
    """Seeded random games per player count, with the contract checked as they go."""
    for seed in range(start, stop):
        check_random_game(game_id, players, seed)


OPTION_CASES = [
    (game_id, {option.name: choice})
    for game_id in hb.game_ids()
    for option in hb.game(game_id).options
    for choice in option.choices
    if choice != option.default
]


@pytest.mark.parametrize(
    ("game_id", "options"), OPTION_CASES, ids=[f"{g}-{o}" for g, o in OPTION_CASES]
)
def test_games_played_with_an_option_keep_the_contract(game_id: str, options: dict) -> None:
    """Each option's other choices: 20 random games, one checked at every step (the
    final checks replay each game with its options); of a long game, 10 and none at
    every step but with FULL."""
    option = next(o for o in hb.game(game_id).options if o.name in options)
    counts = option.players or player_counts(hb.game(game_id))
    players = min(counts, key=lambda n: abs(n - 3))
    long = game_id in LONG and not FULL
    check_random_game(game_id, players, 3000, deep=not long, options=options)
    for seed in range(3001, 3010 if long else 3020):
        check_random_game(game_id, players, seed, options=options)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_every_step_of_a_few_games_in_depth(game_id: str, players: int) -> None:
    """Every listed action applies, illegal ones are refused without change, JSON and
    determinize checked at every step: three games, one of a long game or at four
    players or more."""
    for seed in range(1000, 1001 if game_id in LONG or players >= 4 else 1003):
        check_random_game(game_id, players, seed, deep=True)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_determinizations_keep_the_information_rule(game_id: str, players: int) -> None:
    """At every step of a random game (two up to 3 players but of a long game; the
    first DEEP_STEPS of a long game, then every 37th): a seat's determinizations do not
    tell which of two moves it cannot see was played (history included), nor keep the
    dice."""
    for seed in range(2000, 2002 if players <= 3 and game_id not in LONG else 2001):
        state = hb.new_game(game_id, players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step < DEEP_STEPS or step % 37 == 0:
                check_information_rule(state, seed=seed + step)
            p = state.acting_players()[rng.randrange(len(state.acting_players()))]
            state.apply(p, rng.choice(state.legal_actions(p)))
            step += 1


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_determinize_changes_hidden_state(game_id: str, players: int) -> None:
    state = hb.new_game(game_id, players, seed=5)
    rng = random.Random(5)
    varied = 0
    while not state.is_terminal() and varied < 3:
        for player in range(players):
            varied += determinize_varies(state, player)
        p = state.acting_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert varied >= 3, "determinize never resampled anything hidden"


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_same_seed_same_game(game_id: str) -> None:
    spec = hb.game(game_id)
    a = spec.new_game(spec.max_players, seed=9)
    b = spec.new_game(spec.max_players, seed=9)
    random_playout(a, random.Random(1))
    random_playout(b, random.Random(1))
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_clone_is_independent(game_id: str) -> None:
    spec = hb.game(game_id)
    state = spec.new_game(spec.min_players, seed=3)
    before = state.to_json()
    copy = state.clone()
    random_playout(copy, random.Random(3))
    assert state.to_json() == before
    assert copy.is_terminal() and not state.is_terminal()


def test_an_action_kind_has_the_same_fields_in_every_game() -> None:
    """The server reads an action's JSON before knowing the game (one schema for all):
    a kind two games share must have the same fields in both."""
    fields: dict[str, tuple[str, tuple[str, ...]]] = {}
    for game_id in hb.game_ids():
        for kind, cls in hb.game(game_id).action_classes.items():
            other, known = fields.setdefault(kind, (game_id, cls.fields))
            assert known == cls.fields, (
                f"action kind {kind!r}: fields {list(known)} in {other}, "
                f"{list(cls.fields)} in {game_id}: rename one"
            )


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_every_action_of_the_space_round_trips(game_id: str) -> None:
    spec = hb.game(game_id)
    assert len(set(spec.actions)) == spec.action_space_size
    for i, action in enumerate(spec.actions):
        assert spec.action_index(action) == i
        assert spec.action_from_json(action.to_json()) == action


@pytest.mark.parametrize("game_id", hb.game_ids())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62), moves=st.integers(0, 400), data=st.data())
def test_property_any_seed_any_prefix(game_id: str, seed: int, moves: int, data) -> None:
    """Any seed, any number of random moves: JSON round trip, replay and no leaks."""
    from housebuilders.core.testing import check_state

    spec = hb.game(game_id)
    players = data.draw(st.sampled_from(player_counts(spec)))
    state = spec.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        p = state.acting_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    check_state(spec, state, seed=seed % 1000)
    again = hb.replay(game_id, players, seed, state.history)
    assert again.to_json() == state.to_json()


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="no game 'chess'"):
        hb.game("chess")


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_bad_player_count_is_a_clear_error(game_id: str) -> None:
    spec = hb.game(game_id)
    with pytest.raises(ValueError, match="players"):
        spec.new_game(spec.max_players + 1)


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_unknown_option_is_a_clear_error(game_id: str) -> None:
    with pytest.raises(hb.OptionError, match="no option"):
        hb.new_game(game_id, hb.game(game_id).min_players, options={"nonsense": 1})


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_every_seat_and_the_spectator_see_the_views(game_id: str) -> None:
    """At every 15th position of a random game at two player counts: the text view
    renders, the SVG is well formed and safe, and its clickable parts are the seat's
    legal actions titled with their sentences."""
    spec = hb.game(game_id)
    for players in sorted({player_counts(spec)[0], player_counts(spec)[-1]}):
        state = spec.new_game(players, seed=11)
        rng = random.Random(11)
        step = 0
        while True:
            if step % 15 == 0 or state.is_terminal():
                check_views(state)
            if state.is_terminal():
                break
            p = rng.choice(state.acting_players())
            state.apply(p, rng.choice(state.legal_actions(p)))
            step += 1


def doc_pages() -> dict[str, list[hb.GameSpec]]:
    """Each game's doc page, docs/games/<its rulebook's name>.md, with the games it
    covers (Mr House's two variants share one)."""
    pages: dict[str, list[hb.GameSpec]] = {}
    for game_id in hb.game_ids():
        spec = hb.game(game_id)
        pages.setdefault(Path(spec.rulebook).stem, []).append(spec)
    return pages


@pytest.mark.parametrize("page", list(doc_pages()))
def test_the_doc_page_agrees_with_the_code(page: str) -> None:
    """Every cited test exists, every ruling names its test, every proposed value of
    the game's data.toml is listed, every option is in the options table."""
    specs = doc_pages()[page]
    package = files(type(specs[0].new_game(specs[0].min_players)).__module__.rsplit(".", 1)[0])
    # this project's games have their page in docs/games/, a game of one's own beside its code
    doc = ROOT / "docs" / "games" / f"{page}.md"
    doc = doc if doc.is_file() else package / f"{page}.md"
    assert doc.is_file(), f"{[s.id for s in specs]} need their doc page {page}.md"
    data = package / "data.toml"
    tests = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
    check_doc(doc.read_text(), specs, data.read_text() if data.is_file() else "", tests)


@pytest.mark.parametrize("game_id", [g for g in hb.game_ids() if hb.game(g).options])
def test_an_option_of_another_type_is_refused(game_id: str) -> None:
    """0 is not False, "1" is not 1: a choice must be of the option's own type."""
    spec = hb.game(game_id)
    for option in spec.options:
        for choice in option.choices:
            other = {bool: int, int: str, str: lambda v: [v]}[type(choice)](choice)
            with pytest.raises(hb.OptionError, match=f"option '{option.name}'"):
                spec.new_game(spec.min_players, options={option.name: other})
