"""The compiled build (hatch_build.py, docs/performance.md) is the one in use when it
should be, whole and up to date; that it plays the same games as the pure build is
tests/test_same_games.py's part, which passes on both.

``make test`` installs the compiled build and sets HOUSEBUILDERS_EXPECT_COMPILED=1
(unless HOUSEBUILDERS_PURE is set): there a pure install fails here instead of passing
unnoticed. Elsewhere either build passes, as long as it is consistent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from housebuilders.core import build

EXPECT_COMPILED = os.environ.get("HOUSEBUILDERS_EXPECT_COMPILED") == "1"


@pytest.mark.skipif(not EXPECT_COMPILED, reason="HOUSEBUILDERS_EXPECT_COMPILED is not set")
def test_the_compiled_build_is_in_use() -> None:
    import housebuilders.core.state
    import housebuilders.games.master_builder.state

    assert build.recorded(), "no compiled build is installed (was a C compiler found?)"
    for module in (housebuilders.core.state, housebuilders.games.master_builder.state):
        assert build.is_extension(module.__file__), module.__file__
    assert "compiled with Cython" in build.summary()


def test_the_build_is_whole() -> None:
    """Every recorded module is compiled, or none is (a pure install): never a mixture,
    which would mean extensions left over from another build."""
    compiled, recorded = build.compiled(), build.recorded()
    assert compiled == [] or sorted(compiled) == sorted(recorded)


def test_no_compiled_module_is_older_than_its_source() -> None:
    assert build.stale() == [], (
        "these modules were edited since they were compiled: build again (make, or "
        "pip install -e .) or install the pure build (HOUSEBUILDERS_PURE=1)"
    )


def test_a_module_is_stale_when_its_types_change_too(tmp_path: Path) -> None:
    """A .pxd beside a module types it for Cython (core/rng.pxd): editing it changes
    the compiled code, so it counts in the module's digest as the .py does."""
    source = tmp_path / "m.py"
    source.write_text("x = 1\n")
    alone = build.source_digest(source)
    (tmp_path / "m.pxd").write_text("cdef int x\n")
    typed = build.source_digest(source)
    (tmp_path / "m.pxd").write_text("cdef long x\n")
    assert len({alone, typed, build.source_digest(source)}) == 3


def test_the_compiled_modules_run_compiled_code() -> None:
    """A compiled module's functions are Cython's, not Python's: the module was not
    only found but its code is the extension's."""
    if not build.compiled():
        pytest.skip("the pure build is in use")
    import housebuilders.core.rng as rng

    assert type(rng.mix).__name__ == "cython_function_or_method"
    assert "housebuilders.core.rng" in sys.modules


#: run with HOUSEBUILDERS_PURE=1: every seeded game of test_same_games, pure, against
#: its recorded digest (the compiled build's run is test_same_games itself)
PURE_GAMES = """
import json
from housebuilders.core import build
from tests import test_same_games as same
assert build.compiled() == [], build.summary()
recorded = json.loads(same.DIGESTS.read_text())
wrong = [same._key(*g) for g in same._games() if same.digest(*g) != recorded[same._key(*g)]]
assert not wrong, wrong
print(len(recorded), "games as recorded;", build.summary())
"""


def test_the_pure_modules_play_the_same_games() -> None:
    """With a compiled build installed, HOUSEBUILDERS_PURE=1 at run time imports the .py
    files instead: they play the recorded games too, so both builds are checked by the
    one install that ``make test`` makes."""
    if not build.compiled():
        pytest.skip("the pure build is in use: test_same_games checks it")
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "HOUSEBUILDERS_PURE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", PURE_GAMES], cwd=root, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "pure Python (HOUSEBUILDERS_PURE is set)" in done.stdout


@pytest.mark.parametrize("seat", ["a", None, 1.0, -1])
def test_a_wrong_seat_is_refused_by_the_rules_in_either_build(seat: object) -> None:
    """Cython's annotation typing would check ``player: int`` itself (a TypeError, or
    1.0 taken as seat 1): the build turns it off, so the rules refuse, as in Python."""
    import housebuilders as hb

    state = hb.new_game("mr-house-basic", 2, seed=1)
    action = state.legal_actions(state.acting_players()[0])[0]
    with pytest.raises(hb.IllegalAction, match="there is no player"):
        state.apply(seat, action)  # type: ignore[arg-type]
