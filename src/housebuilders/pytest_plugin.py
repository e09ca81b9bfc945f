"""The conformance kit as a pytest plugin, installed with housebuilders (the ``pytest11``
entry point) and idle until asked:

- ``pytest --housebuilders-game tic-tac-toe`` adds a test for each check of the kit
  (``housebuilders.testing.checks``), named ``kit[tic-tac-toe-views]`` and so on, to
  the session; give the option once a game. ``--housebuilders-games N`` sets the
  random games each player count plays (200).
- the fixture ``check_game`` is ``housebuilders.testing.check_game`` with the doc
  page's cited tests looked for in the session's own test paths:
  ``def test_kit(check_game): check_game("tic-tac-toe", games=50)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("housebuilders", "housebuilders' conformance kit")
    group.addoption(
        "--housebuilders-game",
        action="append",
        default=[],
        metavar="ID",
        help="run the conformance kit's checks on the game ID (once a game)",
    )
    group.addoption(
        "--housebuilders-games",
        type=int,
        default=None,
        metavar="N",
        help="the kit's seeded random games per player count (default 200)",
    )


def _test_paths(config: pytest.Config) -> list[Path]:
    """Where the session's tests are: the paths it was given, or its rootdir."""
    given = [Path(arg.split("::", 1)[0]) for arg in config.args]
    return [p for p in given if p.exists()] or [config.rootpath]


class KitCheck(pytest.Item):
    """One check of the kit on one game, as a test."""

    def __init__(self, *, run: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.run = run

    def runtest(self) -> None:
        self.run()

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, AssertionError):  # the kit's message says it all
            return f"{self.name} failed: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, self.name


@pytest.hookimpl(tryfirst=True)  # before -k and -m choose among the tests
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    game_ids = config.getoption("--housebuilders-game")
    if not game_ids:
        return
    from housebuilders.testing import GAMES, checks

    games = config.getoption("--housebuilders-games") or GAMES
    tests = _test_paths(config)
    for game_id in game_ids:
        try:
            found = checks(game_id, games=games, tests=tests)
        except KeyError as e:  # no such game: say so, as for any bad option
            raise pytest.UsageError(f"--housebuilders-game: {e.args[0]}") from None
        for check in found:
            items.append(
                KitCheck.from_parent(session, name=f"kit[{game_id}-{check.name}]", run=check.run)
            )


@pytest.fixture
def check_game(request: pytest.FixtureRequest) -> Callable[..., None]:
    """``housebuilders.testing.check_game``, the doc page's tests looked for in the
    session's test paths unless ``tests=`` says otherwise."""
    from housebuilders.testing import check_game as check

    return partial(check, tests=_test_paths(request.config))
