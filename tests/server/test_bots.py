"""Bots at a server table: bounded by name, stopped at their time, served in turn,
never waited on when the server stops."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import housebuilders as hb
from housebuilders.agents import bot_info, bot_names, ladder
from housebuilders.agents.turn import Decision
from housebuilders.arena.match import view_seed
from housebuilders.server import create_app
from housebuilders.server.bots import (
    END_DEPTH,
    MAX_BOT_ITERATIONS,
    MAX_BOT_ROLLOUT_ACTIONS,
    MAX_BOT_SAMPLES,
    MOVE_SECONDS,
    BotPool,
    BotTimeout,
    check_bot,
)
from housebuilders.server.errors import ApiError
from tests.server.conftest import create_with, view, wait_for

MR_HOUSE = hb.game("mr-house-basic")

NUMBERS = [
    (bot, key, param)
    for bot in bot_names()
    for key, param in bot_info(bot).params.items()
    if param.numeric
]


@pytest.mark.parametrize(("bot", "key", "param"), NUMBERS, ids=[f"{b}:{k}" for b, k, _ in NUMBERS])
def test_every_number_parameter_out_of_its_range_is_refused_at_a_table(
    bot: str, key: str, param
) -> None:
    for value in ("nan", "inf", "-inf", str(param.low - 1), "1e12"):
        with pytest.raises(ApiError) as refused:
            check_bot(f"{bot}:{key}={value}", MR_HOUSE)
        assert refused.value.status == 422
        assert f"{bot}:{key} takes" in refused.value.error and param.range in refused.value.error


@pytest.mark.parametrize(
    ("name", "allowed"),
    [
        ("ismcts:seconds=10.5", "seconds may be from 0 to 10 here"),
        ("greedy:samples=65", "samples may be from 1 to 64 here"),
        ("ismcts:iterations=5001", "iterations may be from 1 to 5000 here"),
        ("ismcts:iterations=5000,depth=-1", "iterations x depth may be at most 20000 here"),
        ("ismcts:depth=-1", "iterations x depth may be at most 20000 here"),
        ("ismcts:iterations=3000,depth=10", "iterations x depth may be at most 20000 here"),
    ],
)
def test_a_table_s_bot_may_not_ask_past_the_server_s_limits(name: str, allowed: str) -> None:
    with pytest.raises(ApiError) as refused:
        check_bot(name, MR_HOUSE)
    assert refused.value.status == 422 and allowed in refused.value.error


def test_a_learned_bot_at_a_table_plays_only_the_server_s_policy_files(
    policy_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dream_home = hb.game("dream-home")
    name = f"learned:policy={policy_file}"
    monkeypatch.delenv("HOUSEBUILDERS_POLICIES", raising=False)
    with pytest.raises(ApiError, match="plays no learned bot") as refused:
        check_bot(name, dream_home)
    assert refused.value.status == 422
    monkeypatch.setenv("HOUSEBUILDERS_POLICIES", str(policy_file.parent))
    assert check_bot(name, dream_home) == name
    with pytest.raises(ApiError, match="trained for dream-home, not mr-house-basic"):
        check_bot(name, MR_HOUSE)
    # elsewhere, a file or not: the same answer, and no file is read
    for elsewhere in ("/etc/passwd", "/no/such.npz", f"{policy_file.parent}/../x/y.npz"):
        with pytest.raises(ApiError) as refused:
            check_bot(f"learned:policy={elsewhere}", dream_home)
        assert refused.value.error == (
            f"a learned bot here plays a policy file of {policy_file.parent.resolve()} "
            "($HOUSEBUILDERS_POLICIES)"
        )
    with pytest.raises(ApiError, match="no policy file"):  # in the directory: it may say
        check_bot(f"learned:policy={policy_file.parent / 'missing.npz'}", dream_home)


def test_a_learned_bot_plays_a_whole_game_at_a_table(
    client: TestClient, policy_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOUSEBUILDERS_POLICIES", str(policy_file.parent))
    created = create_with(client, "dream-home", [f"learned:policy={policy_file}", "random"])
    wait_for(client, created["table"], None, lambda v: v["terminal"], seconds=60)


@pytest.mark.parametrize(
    "name",
    [
        "random",
        "greedy:samples=64",
        "ismcts:seconds=10,depth=-1",  # a time budget stops a search in time, however deep
        "ismcts:iterations=5000",
        "ismcts:iterations=100,depth=-1",
        "ismcts:iterations=2000,depth=10",
    ],
)
def test_bots_within_the_limits_may_sit_at_a_table(name: str) -> None:
    assert check_bot(f" {name} ", MR_HOUSE) == name


def test_a_game_s_own_search_settings_fit_a_table() -> None:
    """Welcome To's search plays out the round (depth=-1, reveals=1): measured to fit,
    so plain ismcts is welcome there."""
    assert check_bot("ismcts", hb.game("welcome-to")) == "ismcts"


def test_the_time_per_move_bounds_a_bot_s_seconds() -> None:
    assert check_bot("ismcts:seconds=2", MR_HOUSE, move_seconds=2) == "ismcts:seconds=2"
    with pytest.raises(ApiError, match="seconds may be from 0 to 2 here"):
        check_bot("ismcts:seconds=2.5", MR_HOUSE, move_seconds=2)


@pytest.mark.parametrize(
    ("where", "name", "says"),
    [
        ("seat", "ismcts:seconds=nan", "ismcts:seconds takes a float from 0 to 3600, not 'nan'"),
        ("seat", "greedy:samples=100000000", "greedy:samples takes an int from 1 to 1000"),
        ("seat", "greedy:samples=100", "samples may be from 1 to 64 here"),
        ("seat", "ismcts:iterations=5000,depth=-1", "iterations x depth may be at most 20000"),
        ("clock", "ismcts:seconds=60", "seconds may be from 0 to 10 here"),
    ],
)
def test_a_table_with_a_bot_out_of_bounds_gets_422_with_the_range(
    client: TestClient, where: str, name: str, says: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": name if where == "seat" else "random"}]
    body = {"game": "mr-house-basic", "seats": seats}
    if where == "clock":
        body |= {"clock_minutes": 1, "clock_bot": name}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422, response.text
    assert says in response.json()["error"]
    assert not client.app.state.service.tables  # no table was opened


def test_a_bot_past_its_time_is_stopped_and_the_table_goes_on(
    bot_client: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    client = bot_client(move_seconds=0.5, bot_workers=1)
    seed = 4
    start = hb.new_game("mr-house-basic", 2, seed=seed)
    assert start.acting_players() == (0,)
    fallback = random.Random(view_seed(seed, 0)).choice(start.legal_actions(0))
    created = create_with(client, "mr-house-basic", ["sleepy:nap=30", "human"], seed=seed)
    table = created["table"]
    began = time.monotonic()
    wait_for(client, table, None, lambda v: v["log_length"] >= 1, seconds=10)
    assert time.monotonic() - began < 5  # stopped after 0.5 s (and 0.125 s of grace), not 30
    history = client.app.state.service.tables[table].state.history
    assert history[0] == (0, fallback)
    assert "bot 'sleepy:nap=30' at table" in caplog.text
    assert "was stopped after 0.5 s: a random legal move is played for it" in caplog.text
    # the table goes on: the person moves when their turn comes, the bot again after
    token = created["seats"][1]["token"]
    mine = wait_for(client, table, token, lambda v: 1 in v["acting"], seconds=10)
    response = client.post(
        f"/api/tables/{table}/actions",
        params={"token": token},
        json={"index": mine["legal_actions"][0]["index"]},
    )
    assert response.status_code == 200, response.text
    assert not view(client, table)["terminal"]


def test_tables_of_slow_bots_do_not_stop_another_table_s_bots(
    bot_client: Callable[..., TestClient],
) -> None:
    """Two tables of bots that never answer in time hold both workers; the third
    table's quick bots still move, in turn with them."""
    client = bot_client(move_seconds=0.5, bot_workers=2)
    pool = client.app.state.service.bots
    slow = [create_with(client, "mr-house-basic", ["sleepy:nap=30"] * 2) for _ in range(2)]
    deadline = time.monotonic() + 10
    while pool.busy < 2:  # both workers taken by the slow tables
        assert time.monotonic() < deadline
        time.sleep(0.01)
    quick = create_with(client, "mr-house-basic", ["random", "random"])
    # within a few of the slow tables' stopped moves (0.625 s each), not their 30 s
    wait_for(client, quick["table"], None, lambda v: v["log_length"] >= 3, seconds=10)
    for table in slow:  # which went on too, one stopped move at a time
        assert view(client, table["table"])["log_length"] >= 1


def test_the_pool_serves_moves_first_come_first_served_and_replaces_a_stopped_worker(
    slow_bots: str,
) -> None:
    view = hb.new_game("mr-house-basic", 2, seed=1).determinize(0, 1)
    finished: list[str] = []

    async def ask(pool: BotPool, bot: str) -> None:
        try:
            await pool.move(view, 0, bot, 0)
            finished.append(bot)
        except BotTimeout:
            finished.append(f"{bot} stopped")

    async def scenario() -> None:
        pool = BotPool(1, 0.4, (slow_bots,))
        first = asyncio.create_task(ask(pool, "sleepy:nap=30"))
        await asyncio.sleep(0.05)
        assert pool.busy == 1
        later = [asyncio.create_task(ask(pool, f"sleepy:nap=0.0{n}")) for n in range(1, 4)]
        await asyncio.gather(first, *later)
        await pool.close()

    asyncio.run(scenario())
    assert finished == [
        "sleepy:nap=30 stopped",  # its worker killed; the next move starts another
        "sleepy:nap=0.01",  # then the waiting moves in the order they came
        "sleepy:nap=0.02",
        "sleepy:nap=0.03",
    ]


def test_stopping_the_server_does_not_wait_for_a_thinking_bot(
    sqlite_url: str, slow_bots: str
) -> None:
    app = create_app(sqlite_url, move_seconds=60, bot_workers=1, bot_imports=(slow_bots,))
    with TestClient(app) as client:
        pool = client.app.state.service.bots
        create_with(client, "mr-house-basic", ["sleepy:nap=60", "human"])
        deadline = time.monotonic() + 10
        while not pool.processes or not pool.busy:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        time.sleep(0.2)  # the bot has its view and naps
        (worker,) = pool.processes
        began = time.monotonic()
    assert time.monotonic() - began < 2
    worker.join(timeout=5)
    assert not worker.is_alive()


def test_a_failed_or_stopped_move_is_logged_with_its_table(
    bot_client: Callable[..., TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR, logger="housebuilders.server")
    client = bot_client(bot_workers=1)
    created = create_with(client, "mr-house-basic", ["broken", "human"], seed=1)
    wait_for(client, created["table"], None, lambda v: v["log_length"] >= 1, seconds=10)
    assert f"bot 'broken' failed at table {created['table']} (seat 0)" in caplog.text
    assert "RuntimeError: the bot fell over (slow_bots.py:" in caplog.text


def test_docs_give_the_server_s_limits() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()
    section = doc.split("\n## At a server table\n", 1)[1].split("\n## ", 1)[0]
    limits = (MOVE_SECONDS, MAX_BOT_SAMPLES, MAX_BOT_ITERATIONS, MAX_BOT_ROLLOUT_ACTIONS, END_DEPTH)
    for limit in limits:
        assert re.search(rf"(?<![\d.]){limit:g}(?!\d|\.\d)", section), limit


def test_the_lobby_offers_only_bots_this_servers_tables_take(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, move_seconds=1)) as client:
        offered = client.get("/api/games").json()["bots"]
        assert "ismcts:seconds=0.5" in offered and "ismcts:seconds=2" not in offered
        assert 'value="ismcts:seconds=2"' not in client.get("/").text
    with TestClient(create_app(sqlite_url)) as client:
        assert "ismcts:seconds=2" in client.get("/api/games").json()["bots"]


def test_the_lobby_gives_each_bot_s_strength_in_a_word(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url)) as client:
        answer = client.get("/api/games").json()
        assert answer["bot_hints"] == {
            "random": "beginner",
            "greedy": "casual",
            "ismcts:seconds=0.5": "strong",
            "ismcts:seconds=2": "strong",
        }
        assert set(answer["bot_hints"]) == set(answer["bots"])
        assert ">greedy (casual)</option>" in client.get("/").text


def test_each_game_s_hints_follow_its_ladder(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 47: the words are dealt in the order the game's ladder rated the bots; a
    game where greedy had rated above the search would call greedy strong."""
    orders = {
        "dream-home": ["ismcts:seconds=0.1", "greedy", "random"],
        "welcome-to": ["greedy", "ismcts:seconds=0.1", "random"],
    }
    saved = {game: {"bots": [{"bot": bot} for bot in bots]} for game, bots in orders.items()}
    monkeypatch.setattr(ladder, "ladder", lambda: saved)
    with TestClient(create_app(sqlite_url)) as client:
        answer = client.get("/api/games").json()
        by_game = answer["game_bot_hints"]
        assert set(by_game) == {g["id"] for g in answer["games"]}
        assert by_game["dream-home"] == {**answer["bot_hints"], "learned": "trained"}
        assert by_game["welcome-to"] == {
            "random": "beginner",
            "greedy": "strong",
            "ismcts:seconds=0.5": "casual",
            "ismcts:seconds=2": "casual",
        }
        # not measured: their own words (the learned bot where a policy ships)
        assert by_game["mr-house-basic"] == {**answer["bot_hints"], "learned": "trained"}
        assert by_game["master-builder"] == answer["bot_hints"]
        page = client.get("/").text
        data = json.loads(page.split('id="lobby-data">', 1)[1].split("</script>", 1)[0])
        assert data["game_hints"] == by_game  # the lobby's seats name them per game


def test_the_lobby_offers_the_learned_bot_where_a_policy_ships(sqlite_url: str) -> None:
    """Issue 48: Dream Home, House of Fado and Mr House (both variants) ship a trained
    policy that beats greedy, so their seats offer the bare ``learned`` bot; a game
    without one does not, and refuses it at a table."""
    with TestClient(create_app(sqlite_url)) as client:
        answer = client.get("/api/games").json()
        offered = answer["game_bots"]
        assert offered["dream-home"] == [*answer["bots"], "learned"]
        assert offered["mr-house-basic"] == [*answer["bots"], "learned"]
        assert offered["mr-house-advanced"] == [*answer["bots"], "learned"]
        assert offered["house-of-fado"] == [*answer["bots"], "learned"]
        assert offered["master-builder"] == answer["bots"] and "learned" not in answer["bots"]
        page = client.get("/").text
        assert "<code>learned</code>" in page  # explained under "About the bots"
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "learned"}]
        opened = client.post("/api/tables", json={"game": "dream-home", "seats": seats})
        assert opened.status_code == 201, opened.text
        refused = client.post("/api/tables", json={"game": "master-builder", "seats": seats})
        assert refused.status_code == 422
        assert "no policy ships for master-builder" in refused.json()["error"]


def test_background_work_waits_for_every_move_waiting(slow_bots: str) -> None:
    """A review's part (``think(..., low=True)``) gets a worker only once no bot move or
    hint is waiting for one: the live tables' bots go first."""
    view = hb.new_game("mr-house-basic", 2, seed=1).determinize(0, 1)
    finished: list[str] = []

    async def ask(pool: BotPool, bot: str, low: bool = False) -> None:
        await pool.think(Decision(view, 0, bot, 0), low=low)
        finished.append(f"{bot} (background)" if low else bot)

    async def scenario() -> None:
        pool = BotPool(1, 2.0, (slow_bots,))
        first = asyncio.create_task(ask(pool, "sleepy:nap=0.3"))
        await asyncio.sleep(0.05)
        background = [asyncio.create_task(ask(pool, f"sleepy:nap=0.0{n}", True)) for n in (1, 2)]
        await asyncio.sleep(0.01)
        moves = [asyncio.create_task(ask(pool, f"sleepy:nap=0.0{n}")) for n in (3, 4)]
        await asyncio.gather(first, *background, *moves)
        await pool.close()

    asyncio.run(scenario())
    assert finished == [
        "sleepy:nap=0.3",
        "sleepy:nap=0.03",  # the moves that came after the background work, first
        "sleepy:nap=0.04",
        "sleepy:nap=0.01 (background)",  # then the background work, in its order
        "sleepy:nap=0.02 (background)",
    ]
