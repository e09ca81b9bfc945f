"""The conformance kit's public call (``housebuilders.testing``) and what it relies on:
the spec's ``information``, ``GameState.resampled``, a game without component data,
and the refusal of a second game of one id."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path
from types import SimpleNamespace

import pytest

import housebuilders as hb
import housebuilders.core.spec as spec_module
from housebuilders.core import ContentError, Rng
from housebuilders.core.rng import seed_state
from housebuilders.testing import GameCheckFailed, check_game, checks
from tests.core.toy import SPEC, ToyState


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> str:
    """The toy game, registered for this test only."""
    monkeypatch.setitem(spec_module._REGISTRY, "toy", SPEC)
    return "toy"


def test_the_kit_names_each_check_a_game_fails(toy: str) -> None:
    # the toy keeps its generator in determinize, has no 'players' and no doc page
    with pytest.raises(GameCheckFailed) as failed:
        check_game(toy, games=2)
    message = str(failed.value)
    assert message.startswith("toy failed")
    for check in ("information-rule-2p", "determinize-hides-2p", "views", "doc-page"):
        assert f"\n{check}: " in message, check
    assert "random-games-2p-seeds-0-1:" not in message  # the checks it passes: not named
    assert "keeps the true random generator" in message
    assert "information='perfect'" in message


def test_a_perfect_information_game_is_not_asked_to_hide_anything(
    toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "determinize-hides-2p" in [c.name for c in checks(toy)]
    perfect = dataclasses.replace(SPEC, information="perfect")
    monkeypatch.setitem(spec_module._REGISTRY, "toy", perfect)
    assert "determinize-hides-2p" not in [c.name for c in checks(toy)]


def test_information_is_perfect_or_imperfect() -> None:
    with pytest.raises(ValueError, match="information is 'perfect' or 'imperfect'"):
        dataclasses.replace(SPEC, information="partial")


def test_resampled_is_a_copy_with_a_generator_not_the_game_s() -> None:
    state = SPEC.new_game(2, seed=7)
    copy = state.resampled(7)
    assert copy.to_json() | {"rng": None} == state.to_json() | {"rng": None}
    assert copy.rng.state != state.rng.state  # even with the game's own seed
    assert state.resampled(7, stream=0).rng.state == Rng(seed_state(7)).state
    copy.apply(0, copy.legal_actions(0)[0])
    assert len(state.history) == 0


def test_a_game_without_component_data_takes_no_override() -> None:
    class Bare(ToyState):
        __slots__ = ()
        DATA = None

    assert Bare._load_content(None) is None
    with pytest.raises(ContentError, match="toy has no component data to override"):
        Bare._load_content({"limit": 3})


def test_a_second_game_of_one_id_is_refused_naming_both(monkeypatch: pytest.MonkeyPatch) -> None:
    def point(name: str, value: str, package: str) -> EntryPoint:
        return EntryPoint(name, value, spec_module.GAMES_GROUP)._for(SimpleNamespace(name=package))

    points = [
        point("mine", "hb_a:MINE", "hb-a"),
        point("mine", "hb_b:MINE", "hb-b"),
        point("dream-home", "hb_b:DREAM", "hb-b"),  # this package's own game comes first
        point("dream-home", "housebuilders.games.dream_home:DREAM_HOME", "housebuilders"),
    ]
    monkeypatch.setattr(spec_module, "entry_points", lambda group: points)
    spec_module._declared.cache_clear()
    try:
        with pytest.warns(RuntimeWarning) as warned:
            declared = spec_module._declared()
        assert declared["mine"].value == "hb_a:MINE"
        assert declared["dream-home"].value == "housebuilders.games.dream_home:DREAM_HOME"
        messages = [str(w.message) for w in warned]
        assert messages == spec_module.refused()
        assert "the game 'mine' of hb-b (hb_b:MINE) is refused: hb-a (hb_a:MINE)" in messages[0]
        assert "'dream-home' of hb-b (hb_b:DREAM) is refused: housebuilders" in messages[1]
    finally:
        monkeypatch.undo()
        spec_module._declared.cache_clear()
    assert "mine" not in hb.game_ids()


def test_the_plugin_refuses_an_unknown_game_in_one_line(tmp_path: Path) -> None:
    """``pytest --housebuilders-game`` with a game no package declares: a usage error
    naming the known games, not an internal error with a traceback."""
    (tmp_path / "test_nothing.py").write_text("def test_nothing(): pass\n")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--housebuilders-game",
         "no-such-game", str(tmp_path)],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, done.stdout + done.stderr
    assert "--housebuilders-game: no game 'no-such-game'" in done.stderr
    assert "Traceback" not in done.stdout + done.stderr
