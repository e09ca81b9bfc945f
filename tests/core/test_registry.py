"""The registry: games are declared as entry points (group ``housebuilders.games``) and
each is imported the first time it is asked for."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import EntryPoint

import pytest

import housebuilders as hb
import housebuilders.core.spec as spec_module


def loaded_after(code: str) -> set[str]:
    """The housebuilders modules a fresh interpreter has loaded after running ``code``."""
    listing = "print(*sorted(m for m in sys.modules if m.startswith('housebuilders')))"
    script = f"import sys\n{code}\n{listing}"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_the_built_in_games_are_declared_as_entry_points() -> None:
    declared = {point.name: point.value for point in spec_module._declared().values()}
    assert declared.items() >= {
        "mr-house-basic": "housebuilders.games.mr_house:BASIC",
        "mr-house-advanced": "housebuilders.games.mr_house:ADVANCED",
        "welcome-to": "housebuilders.games.welcome_to:WELCOME_TO",
    }.items()
    assert set(hb.game_ids()) >= set(declared)


def test_a_game_of_another_package_is_found_through_its_entry_point() -> None:
    # tests/conftest.py installs the model game as another package would
    assert spec_module._declared()["model-house"].value == "tests.model_game:MODEL_HOUSE"
    assert "model-house" in hb.game_ids()
    assert hb.game("model-house").name == "Model House"


def test_importing_the_package_loads_no_game_bot_arena_or_server() -> None:
    loaded = loaded_after("import housebuilders as hb; hb.game_ids()")
    for part in ("games.", "agents", "arena", "server", "cli"):
        assert not [m for m in loaded if f"housebuilders.{part}" in m], part


def test_asking_for_a_game_loads_that_game_only() -> None:
    loaded = loaded_after("import housebuilders as hb; hb.game('welcome-to')")
    assert "housebuilders.games.welcome_to.state" in loaded
    assert not [m for m in loaded if "mr_house" in m or "agents" in m or "arena" in m]


def test_play_loads_the_arena_when_used() -> None:
    loaded = loaded_after("import housebuilders as hb; hb.play")
    assert "housebuilders.arena" in loaded


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="no game 'chess'; known games: .*welcome-to"):
        hb.game("chess")


def test_an_entry_point_that_is_not_the_games_spec_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wrong = EntryPoint("dream-home", "housebuilders.games.welcome_to:WELCOME_TO", "x")
    monkeypatch.setattr(spec_module, "_declared", lambda: {"dream-home": wrong})
    with pytest.raises(TypeError, match="entry point dream-home = .* is not the GameSpec"):
        hb.game("dream-home")
