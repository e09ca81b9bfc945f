"""The test session installs the model game (tests/model_game) the way a package of
one's own would: a distribution's metadata on the path, declaring it under the
``housebuilders.games`` entry-point group. Every test that goes over the registered
games (the conformance kit first) plays it too.

It happens as this file is imported, before any other conftest (the server's builds
its API schemas from the registered games when it is imported)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Generator
from pathlib import Path

import pytest

import housebuilders.core.spec as spec_module
from housebuilders.core import build

ENTRY_POINTS = """[housebuilders.games]
model-house = tests.model_game:MODEL_HOUSE
"""
METADATA = "Metadata-Version: 2.1\nName: housebuilders-model-house\nVersion: 1.0\n"


def _install_the_model_game() -> Path:
    site = Path(tempfile.mkdtemp(prefix="housebuilders-model-game-"))
    info = site / "housebuilders_model_house-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(METADATA)
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    root = str(Path(__file__).resolve().parent.parent)  # where ``tests`` is imported from
    sys.path[:0] = [str(site), root]
    # worker processes and subprocesses find it too
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(site), root, *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    spec_module._declared.cache_clear()
    return site


SITE = _install_the_model_game()


def pytest_unconfigure() -> None:
    shutil.rmtree(SITE, ignore_errors=True)


#: suites that share one outside resource run one test at a time when the tests are
#: spread over processes (``make test`` runs ``pytest -n auto --dist loadgroup``): the
#: PostgreSQL database, the local Ray, Chromium
SHARED = ("postgres", "ray", "browser")


#: the longest tests, handed out first so that the workers finish together (collected
#: last, they left one worker busy for minutes after the other was done)
FIRST = ("tests/test_conformance.py", "tests/games/house_of_fado/test_contract_variant.py")


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> Generator[None, None, None]:
    """Groups the shared resources' tests before xdist reads the groups, then checks
    that xdist did: with ``--dist loadgroup`` it hands a group to one worker by the
    ``@group`` suffix it adds to each test's id, and a test without it would run beside
    the others of its suite (the PostgreSQL tests empty the database)."""
    for item in items:
        for name in SHARED:
            if item.get_closest_marker(name) is not None:
                item.add_marker(pytest.mark.xdist_group(name))
                break
    items.sort(key=lambda item: not item.nodeid.startswith(FIRST))  # stable: order kept
    yield
    if config.getoption("loadgroup", False):
        grouped = [i.nodeid for i in items if i.get_closest_marker("xdist_group")]
        lost = [nodeid for nodeid in grouped if "@" not in nodeid]
        if lost:
            message = (
                f"pytest-xdist did not group {len(lost)} tests (first: {lost[0]}): "
                "install the versions the test extra in pyproject.toml names"
            )
            print(message, file=sys.__stderr__)  # a worker's own error reaches no one
            pytest.exit(message, returncode=pytest.ExitCode.USAGE_ERROR)


def pytest_report_header() -> str:
    """Which build of the rules the tests run (compiled or pure: hatch_build.py)."""
    return build.summary()


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compiled modules edited since they were built would test the old code: stop."""
    old = build.stale()
    if old:
        pytest.exit(
            f"compiled modules older than their source: {', '.join(old)}; build again "
            "(make, or pip install -e .) or install the pure build (HOUSEBUILDERS_PURE=1)",
            returncode=4,
        )


@pytest.fixture(scope="session")
def policy_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A learned bot's policy file for Dream Home, 2 players: untrained (random weights,
    one small hidden layer), as ``housebuilders train`` writes one
    (``learned:policy=FILE``; the tests of every bot need one)."""
    from housebuilders.core import game
    from housebuilders.learn.policy import Policy

    spec = game("dream-home")
    assert spec.features is not None
    policy = Policy.untrained(
        "dream-home", 2, spec.features.size(2), spec.action_space_size, hidden=(16,), seed=1
    )
    return policy.save(tmp_path_factory.mktemp("policy") / "dream-home.npz")
