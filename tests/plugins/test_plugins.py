"""Games of other packages, installed as a third party's would be: each folder here is
a distribution of its own (its pyproject.toml declares its games under the
``housebuilders.games`` entry-point group), built and installed by pip into a
temporary folder, then used from a subprocess that has that folder on its path.

- tic-tac-toe (a perfect-information game without data.toml) passes the conformance
  kit from its own test suite (``housebuilders.testing.check_game`` through the pytest
  plugin's fixture, and ``pytest --housebuilders-game``), and plays at the web table
  against a bot;
- hb-noughts clashes with it twice: its "noughts" game has an action kind "mark" with
  other fields (both games play, each reading its own actions), and it declares a
  second "tic-tac-toe" (refused with a warning naming both packages; the server serves
  every other game).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.live_server import LiveServer

HERE = Path(__file__).resolve().parent

#: the distributions are built with hatchling, as housebuilders is (the test extras)
pytest.importorskip("hatchling.build", reason="hatchling builds the plugin packages")


def install(target: Path, *packages: str) -> None:
    """pip installs the distributions ``packages`` (folders here) into ``target``,
    offline, with the build tools of this environment."""
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
           "--no-build-isolation", "--target", str(target)]  # fmt: skip
    done = subprocess.run([*pip, *(str(HERE / p) for p in packages)], capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr


@pytest.fixture
def sites(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Two folders to install plugins into, first on the subprocesses' path in this
    order (of two declarations of one game id, the one earlier on the path wins)."""
    folders = [tmp_path / "site-1", tmp_path / "site-2"]
    path = os.pathsep.join(filter(None, [*map(str, folders), os.environ.get("PYTHONPATH")]))
    monkeypatch.setenv("PYTHONPATH", path)
    return folders


def play_against_a_bot(url: str, game: str, move: dict[str, Any]) -> dict[str, Any]:
    """Open a table of ``game`` (a board of squares) with a person and a greedy bot,
    play ``move`` (an action's JSON) and wait for the bot's answer: the person's view
    then."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    body = {"game": game, "seats": seats, "seed": 1}
    created = httpx.post(f"{url}/api/tables", json=body, timeout=30)
    assert created.status_code == 201, created.text
    table, token = created.json()["table"], created.json()["seats"][0]["token"]
    played = httpx.post(f"{url}/api/tables/{table}/actions", params={"token": token},
                        json={"action": move}, timeout=30)  # fmt: skip
    assert played.status_code == 200, played.text
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        seen = httpx.get(f"{url}/api/tables/{table}/view", params={"token": token}, timeout=30)
        assert seen.status_code == 200, seen.text
        if seen.json()["observation"]["board"].count(-1) == 7:  # the bot has answered
            return seen.json()
        time.sleep(0.2)
    raise AssertionError(f"the bot did not answer at the {game} table")


def test_a_game_of_another_package_passes_the_kit_and_plays_at_the_web_table(
    sites: list[Path], tmp_path: Path
) -> None:
    install(sites[0], "tictactoe")
    work = tmp_path / "work"  # the plugin's checkout: its tests, its own pytest root
    shutil.copytree(HERE / "tictactoe" / "tests", work / "tests")
    (work / "pytest.ini").write_text("[pytest]\n")
    # the plugin is named by its module: housebuilders' pytest11 entry point is blocked,
    # whether this environment's housebuilders declares it yet or not
    pytest_ = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "-p", "no:housebuilders", "-p", "housebuilders.pytest_plugin"]  # fmt: skip
    run = subprocess.run([*pytest_, "tests", "--housebuilders-game", "tic-tac-toe",
                          "--housebuilders-games", "10"], cwd=work, capture_output=True,
                         text=True, timeout=600)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    kit = [line for line in run.stdout.splitlines() if " passed" in line]
    assert kit, run.stdout
    assert "determinize-hides" not in run.stdout  # perfect information: not asked

    with LiveServer(f"sqlite:///{tmp_path / 't.db'}") as server:
        games = httpx.get(f"{server.url}/api/games").json()["games"]
        assert "tic-tac-toe" in [g["id"] for g in games]
        seen = play_against_a_bot(server.url, "tic-tac-toe", {"kind": "mark", "square": 4})
        assert seen["acting"] == [0] and seen["legal_actions"]
        assert "<svg" in httpx.get(f"{server.url}/api/tables/{seen['table']}/view").text


def test_clashing_plugins_refuse_the_second_game_of_an_id_and_serve_the_others(
    sites: list[Path], tmp_path: Path
) -> None:
    install(sites[0], "tictactoe")
    install(sites[1], "noughts")
    listed = subprocess.run([sys.executable, "-m", "housebuilders", "list"],
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert listed.returncode == 0, listed.stderr
    assert "noughts" in listed.stdout and "Tic-tac-toe again" not in listed.stdout
    assert "refused" in listed.stderr
    assert "hb-noughts" in listed.stderr and "hb-tictactoe" in listed.stderr

    server = LiveServer(f"sqlite:///{tmp_path / 't.db'}")
    with server:
        process = server.process
        games = [g["id"] for g in httpx.get(f"{server.url}/api/games").json()["games"]]
        assert {"tic-tac-toe", "noughts", "mr-house-basic", "dream-home"} <= set(games)
        # one action kind, "mark", with other fields in each game
        play_against_a_bot(server.url, "tic-tac-toe", {"kind": "mark", "square": 0})
        play_against_a_bot(server.url, "noughts", {"kind": "mark", "row": 1, "column": 1})
        mr_house = httpx.post(f"{server.url}/api/tables", json={"game": "mr-house-basic",
                              "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
        assert mr_house.status_code == 201, mr_house.text
    assert process is not None and process.stderr is not None
    warned = process.stderr.read().decode()
    assert "'tic-tac-toe' of hb-noughts (hb_noughts:IMPOSTOR) is refused" in warned, warned
    assert "hb-tictactoe (hb_tictactoe:TIC_TAC_TOE)" in warned
