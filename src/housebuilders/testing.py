"""The conformance kit: one call that checks a game against the contract.

    from housebuilders.testing import check_game
    check_game("tic-tac-toe")                            # every check; raises if one fails
    check_game("tic-tac-toe", games=20, tests=["tests"])  # fewer random games

``check_game`` runs every check of ``checks`` (the contract at every player count,
the information rule, determinism and replay, every option, the views from every
seat, the game's doc page against its code) and raises ``GameCheckFailed`` naming
each check that failed and why. A game's own test suite can run the checks one by
one, each a test of its own (``checks``, as this repository's
tests/test_conformance.py does), or through the pytest plugin:
``pytest --housebuilders-game tic-tac-toe`` (docs/adding-a-game.md, Tests). The
checks themselves are in ``core.testing``, ``core.viewcheck`` and ``core.doccheck``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Any

from housebuilders.core import GameSpec, OptionError, game, replay
from housebuilders.core.doccheck import check_doc_page
from housebuilders.core.testing import (
    DEEP_STEPS,
    check_information_rule,
    check_random_game,
    check_state,
    determinize_varies,
    random_playout,
)
from housebuilders.core.viewcheck import check_views

__all__ = ["Check", "GameCheckFailed", "check_game", "checks", "player_counts"]

#: the seeded random games a player count plays by default
GAMES = 200
#: the random games in runs of at most this many seeds (each run one check, so that a
#: test suite can share them out over its workers)
RUN = 50


@dataclass(frozen=True)
class Check:
    """One check of a game: its name ("random-games-3p-seeds-0-49") and how to run it
    (raises AssertionError saying what broke)."""

    name: str
    run: Callable[[], None]


class GameCheckFailed(AssertionError):
    """A game failed some of the kit's checks: the message names each and says why."""


def player_counts(spec: GameSpec) -> list[int]:
    """The player counts the kit plays: every count, or for a game of any size
    (Welcome To: 1 to 100) the counts 1, 2, 4 and 6 within its range."""
    counts = range(spec.min_players, spec.max_players + 1)
    if len(counts) <= 6:
        return list(counts)
    return [n for n in (1, 2, 4, 6) if n in counts]


def check_game(
    game_id: str,
    *,
    games: int = GAMES,
    doc: Path | str | None = None,
    tests: Iterable[Path | str] = (),
) -> None:
    """Run every check of ``game_id`` (see ``checks`` for the arguments); raise
    ``GameCheckFailed`` naming each check that failed, with its message."""
    failed = []
    for check in checks(game_id, games=games, doc=doc, tests=tests):
        try:
            check.run()
        except AssertionError as e:
            failed.append(f"{check.name}: {e}")
    if failed:
        raise GameCheckFailed(
            f"{game_id} failed {len(failed)} check(s) of the kit:\n" + "\n".join(failed)
        )


def checks(
    game_id: str,
    *,
    games: int = GAMES,
    doc: Path | str | None = None,
    tests: Iterable[Path | str] = (),
) -> list[Check]:
    """Every check of ``game_id``, named, to run one by one.

    ``games``: the seeded random games each player count plays, the contract checked
    as they go (200). Fewer, for a game whose games are long, make the other checks
    lighter too: one game in depth, fewer with each option. ``doc``: the game's doc
    page (by default ``<rulebook name>.md`` beside the game's code); ``tests``: the
    test files, or folders of ``test_*.py``, that hold the tests the page cites (by
    default ``tests`` in the current folder)."""
    spec = game(game_id)
    light = games < GAMES
    found: list[Check] = []
    for n in player_counts(spec):
        for start in range(0, games, RUN):
            stop = min(start + RUN, games)
            found.append(
                Check(
                    f"random-games-{n}p-seeds-{start}-{stop - 1}",
                    partial(_random_games, game_id, n, start, stop),
                )
            )
    for n in player_counts(spec):
        found += [
            Check(f"in-depth-{n}p", partial(_in_depth, game_id, n, 1 if light or n >= 4 else 3)),
            Check(
                f"information-rule-{n}p",
                partial(_information_rule, game_id, n, 1 if light or n > 3 else 2),
            ),
        ]
        if spec.information == "imperfect":
            found.append(Check(f"determinize-hides-{n}p", partial(_hidden_state, game_id, n)))
    for option in spec.options:
        for choice in option.choices:
            if choice != option.default:
                found.append(
                    Check(
                        f"option-{option.name}={choice}",
                        partial(_option, game_id, {option.name: choice}, light),
                    )
                )
    found += [
        Check("same-seed-same-game", partial(_same_seed, game_id)),
        Check("clone-is-independent", partial(_clone_independent, game_id)),
        Check("action-space", partial(_action_space, game_id)),
        Check("any-seed-any-prefix", partial(_prefixes, game_id)),
        Check("clear-errors", partial(_clear_errors, game_id)),
        Check("views", partial(_views, game_id)),
        Check("doc-page", partial(_doc_page, game_id, doc, tuple(tests))),
    ]
    return found


def _random_games(game_id: str, players: int, start: int, stop: int) -> None:
    for seed in range(start, stop):
        check_random_game(game_id, players, seed)


def _in_depth(game_id: str, players: int, count: int) -> None:
    """Every listed action applies, illegal ones are refused without change, JSON and
    determinize checked at every step (the first ``DEEP_STEPS`` of a long game)."""
    for seed in range(1000, 1000 + count):
        check_random_game(game_id, players, seed, deep=True)


def _information_rule(game_id: str, players: int, count: int) -> None:
    """At every step of a random game (the first ``DEEP_STEPS``, then every 37th): a
    seat's determinizations do not tell which of two moves it cannot see was played
    (history included), nor keep the dice."""
    for seed in range(2000, 2000 + count):
        state = game(game_id).new_game(players, seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step < DEEP_STEPS or step % 37 == 0:
                check_information_rule(state, seed=seed + step)
            p = state.acting_players()[rng.randrange(len(state.acting_players()))]
            state.apply(p, rng.choice(state.legal_actions(p)))
            step += 1


def _hidden_state(game_id: str, players: int) -> None:
    """A game of imperfect information: some determinization changes more than the
    dice, within the first moves of a game."""
    state = game(game_id).new_game(players, seed=5)
    rng = random.Random(5)
    varied = 0
    while not state.is_terminal() and varied < 3:
        for player in range(players):
            varied += determinize_varies(state, player)
        p = state.acting_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert varied >= 3, (
        "determinize never resampled anything hidden (a game where every seat sees "
        "everything declares information='perfect' in its GameSpec)"
    )


def _option(game_id: str, options: dict[str, Any], light: bool) -> None:
    """20 random games with the option's choice, the first checked at every step (a
    long game: 10, none in depth), at the player count nearest 3 it is for."""
    spec = game(game_id)
    option = next(o for o in spec.options if o.name in options)
    players = min(option.players or player_counts(spec), key=lambda n: abs(n - 3))
    check_random_game(game_id, players, 3000, deep=not light, options=options)
    for seed in range(3001, 3010 if light else 3020):
        check_random_game(game_id, players, seed, options=options)


def _same_seed(game_id: str) -> None:
    spec = game(game_id)
    a = spec.new_game(spec.max_players, seed=9)
    b = spec.new_game(spec.max_players, seed=9)
    random_playout(a, random.Random(1))
    random_playout(b, random.Random(1))
    assert a.to_json() == b.to_json(), "the same seed and moves gave two different games"


def _clone_independent(game_id: str) -> None:
    spec = game(game_id)
    state = spec.new_game(spec.min_players, seed=3)
    before = state.to_json()
    copy = state.clone()
    random_playout(copy, random.Random(3))
    assert state.to_json() == before, "playing on a clone changed the state"
    assert copy.is_terminal() and not state.is_terminal()


def _action_space(game_id: str) -> None:
    """Every action of the space is distinct, has its index and round-trips as JSON."""
    spec = game(game_id)
    assert len(set(spec.actions)) == spec.action_space_size, "the action space repeats"
    for i, action in enumerate(spec.actions):
        assert spec.action_index(action) == i, f"action_index({action!r}) is not {i}"
        assert spec.action_from_json(action.to_json()) == action, f"{action!r} JSON"


def _prefixes(game_id: str, examples: int = 25) -> None:
    """Any seed, any number of random moves (seeded draws): the state checks, and a
    replay of the history gives the same state."""
    spec = game(game_id)
    draw = random.Random(game_id)
    for _ in range(examples):
        seed, moves = draw.randrange(2**62), draw.randrange(401)
        players = draw.choice(player_counts(spec))
        state = spec.new_game(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_terminal():
                break
            p = state.acting_players()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
        check_state(spec, state, seed=seed % 1000)
        again = replay(game_id, players, seed, state.history)
        assert again.to_json() == state.to_json(), f"seed {seed}: the replay differs"


#: a value of another type than an option's choice: 0 for False, "1" for 1, ["a"] for "a"
_OTHER_TYPE: dict[type, Callable[[Any], Any]] = {bool: int, int: str, str: lambda v: [v]}


def _clear_errors(game_id: str) -> None:
    """A player count, an option or an option's choice of another type (0 is not
    False, "1" is not 1) that the game does not take is a clear error."""
    spec = game(game_id)
    _refused(ValueError, "players", spec.new_game, spec.max_players + 1)
    _refused(OptionError, "no option", spec.new_game, spec.min_players, options={"nonsense": 1})
    for option in spec.options:
        for choice in option.choices:
            other = _OTHER_TYPE[type(choice)](choice)
            _refused(
                OptionError,
                f"option '{option.name}'",
                spec.new_game,
                spec.min_players,
                options={option.name: other},
            )


def _refused(
    error: type[Exception], words: str, call: Callable[..., Any], *args: Any, **kwargs: Any
) -> None:
    """``call(*args, **kwargs)`` raises ``error`` with ``words`` in its message."""
    try:
        call(*args, **kwargs)
    except error as e:
        assert words in str(e), f"new_game{args} {kwargs}: the error does not say {words!r}: {e}"
    else:
        raise AssertionError(f"new_game{args} {kwargs} was accepted")


def _views(game_id: str) -> None:
    """At every 15th position of a random game at the fewest and most players: the
    text view renders, the SVG is well formed and safe, and its clickable parts are
    the seat's legal actions titled with their sentences."""
    spec = game(game_id)
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


def package_of(spec: GameSpec) -> Any:
    """The folder of the package that holds the game's state (its data.toml and, for
    a game of one's own, its doc page), as ``importlib.resources`` gives it."""
    module = type(spec.new_game(spec.min_players)).__module__
    return files(module.rsplit(".", 1)[0] if "." in module else module)


def _doc_page(game_id: str, doc: Path | str | None, tests: tuple[Path | str, ...]) -> None:
    spec = game(game_id)
    package = package_of(spec)
    page = Path(doc) if doc is not None else package / f"{Path(spec.rulebook).stem}.md"
    assert page.is_file(), (
        f"{game_id} has no doc page at {page}: write it (docs/adding-a-game.md, The doc "
        "page) or give its path as doc="
    )
    data = package / "data.toml"
    check_doc_page(
        page.read_text(),
        [spec],
        data.read_text() if data.is_file() else "",
        tests or (Path("tests"),),
    )
