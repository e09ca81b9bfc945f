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
    wrong = EntryPoint("no-such-game", "housebuilders.games.welcome_to:WELCOME_TO", "x")
    monkeypatch.setattr(spec_module, "_declared", lambda: {"no-such-game": wrong})
    with pytest.raises(TypeError, match="entry point no-such-game = .* is not the GameSpec"):
        hb.game("no-such-game")


#: a game's modules that only its views and bots use, loaded when first asked for
VIEWS = {"svg", "svg_house", "svg_sheet", "city", "observed", "text"}
VIEWS_AND_BOTS = VIEWS | {"heuristic", "policy"}


@pytest.mark.parametrize("game_id", ["welcome-to", "mr-house-basic"])
def test_asking_for_a_game_loads_none_of_its_views_or_bot_helpers(game_id: str) -> None:
    loaded = loaded_after(f"import housebuilders as hb; hb.game({game_id!r}).new_game(2)")
    games = [m for m in loaded if m.startswith("housebuilders.games.")]
    assert games and not [m for m in games if m.rsplit(".", 1)[1] in VIEWS_AND_BOTS]
    assert not [m for m in loaded if m.startswith("housebuilders.core.draw")]


def test_a_view_or_heuristic_is_loaded_the_first_time_it_is_asked_for() -> None:
    code = "import housebuilders as hb; spec = hb.game('welcome-to'); spec.text_view"
    loaded = loaded_after(code)
    assert "housebuilders.games.welcome_to.text" in loaded
    assert "housebuilders.games.welcome_to.svg" not in loaded
    assert "housebuilders.games.welcome_to.heuristic" not in loaded
    loaded = loaded_after(code.replace("text_view", "heuristic"))
    assert "housebuilders.games.welcome_to.heuristic" in loaded
    assert not [m for m in loaded if m.startswith("housebuilders.core.draw")]
