"""Issue 19, looking back: the archive of finished games and the replay of one, move
by move, from any seat's view or the spectator's. Only a finished game is replayed
(a game being played answers 409: a replay would show what the seats have not
revealed); private tables are never listed."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import housebuilders as hb
from housebuilders.core import game, game_ids
from housebuilders.server import archive as archive_module, create_app
from housebuilders.server.replay import MIN_INTERVAL, STEP_VIEWS, Replay
from housebuilders.server.table import named
from tests.server.conftest import create, tokens, view


def finished(
    client: TestClient,
    game_id: str = "mr-house-basic",
    seed: int = 1,
    bot: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A finished table: Ada at seat 0, people (or ``bot`` at seat 1) at the others,
    the people playing random legal moves through the API to the end."""
    players = max(2, game(game_id).min_players)
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "Ada"}]
    seats += [{"kind": "human"}] * (players - 1)
    if bot is not None:
        seats[1] = {"kind": "bot", "bot": bot}
    body = {"game": game_id, "seats": seats, "seed": seed, **extra}
    created = client.post("/api/tables", json=body).json()
    table, people = created["table"], tokens(created)
    rng = random.Random(seed)
    lean = {"svg": "false"}  # without the drawing: quicker
    now = client.get(f"/api/tables/{table}/view", params=lean).json()
    deadline = time.monotonic() + 300
    while not now["terminal"]:
        assert time.monotonic() < deadline, f"table {table} did not finish"
        acting = [seat for seat in now["acting"] if seat in people]
        if not acting:
            time.sleep(0.01)  # the bot's move
            now = client.get(f"/api/tables/{table}/view", params=lean).json()
            continue
        seat = acting[0]
        params = {**lean, "token": people[seat]}
        if now["seat"] != seat:  # the last answer was not this seat's: ask for its moves
            now = client.get(f"/api/tables/{table}/view", params=params).json()
        if now["legal_actions"]:
            move = {"index": rng.choice(now["legal_actions"])["index"]}
            answer = client.post(f"/api/tables/{table}/actions", params=params, json=move)
            assert answer.status_code in (200, 409), answer.text  # 409: the bot was first
            now = answer.json() if answer.status_code == 200 else {**now, "seat": None}
    return created


def listed(client: TestClient, **params: Any) -> list[str]:
    response = client.get("/api/archive", params=params)
    assert response.status_code == 200, response.text
    return [t["table"] for t in response.json()["tables"]]


# -- the archive ---------------------------------------------------------------------------
def test_the_archive_lists_finished_public_games_the_last_finished_first(
    database_url: str,
) -> None:
    with TestClient(create_app(database_url)) as client:
        _lists_finished_public_games_the_last_finished_first(client)


def _lists_finished_public_games_the_last_finished_first(client: TestClient) -> None:
    first = finished(client, seed=1, bot="random")["table"]
    hidden = finished(client, seed=2, private=True)["table"]
    playing = create(client, "mr-house-basic", "human,greedy")["table"]
    last = finished(client, "dream-home", seed=3)["table"]
    # The private game, finished between the two, is left out, and so is the unfinished one.
    assert listed(client) == [last, first]
    answer = client.get("/api/archive").json()
    assert answer["page"] == 1 and answer["total"] >= 2
    entries = {entry["table"]: entry for entry in answer["tables"]}
    entry = entries[first]
    final = view(client, first)
    assert entry["scores"] == [score["total"] for score in final["scores"]]
    assert (entry["winners"], entry["ranking"]) == (final["winners"], final["ranking"])
    assert entry["seats"][0] == {
        "seat": 0,
        "kind": "human",
        "bot": None,
        "name": "Ada",
        "open": False,
        "resigned": False,
    }
    assert entry["seats"][1]["bot"] == "random"
    assert entry["game_name"] == "Mr House (basic variant)" and entry["players"] == 2
    assert entry["replay"] == f"/t/{first}/replay"
    assert entries[last]["finished"] >= entry["finished"] >= entry["created"]
    assert hidden not in listed(client, game="mr-house-basic")
    assert playing not in listed(client, game="mr-house-basic")


def test_the_archive_filters_by_game_and_pages(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(archive_module, "ARCHIVE_PAGE", 2)
    tables = [finished(client, seed=seed)["table"] for seed in (1, 2, 3)]
    other = finished(client, "dream-home", seed=4)["table"]
    assert listed(client, game="mr-house-basic") == tables[:0:-1]
    page_two = client.get("/api/archive", params={"game": "mr-house-basic", "page": 2}).json()
    assert [t["table"] for t in page_two["tables"]] == [tables[0]]
    assert (page_two["page"], page_two["pages"], page_two["total"]) == (2, 2, 3)
    assert listed(client, game="dream-home") == [other]
    assert listed(client, page=3) == []  # past the end: an empty page, not an error
    assert listed(client, game="house-of-fado") == []


@pytest.mark.parametrize(
    "params", [{"game": "chess"}, {"page": 0}, {"page": -1}, {"page": "two"}, {"page": 10**7}]
)
def test_a_malformed_archive_request_is_a_422(client: TestClient, params: dict) -> None:
    response = client.get("/api/archive", params=params)
    assert response.status_code == 422 and response.json()["error"].startswith("invalid request")


def test_the_archive_after_a_restart_replays_the_games_it_lists(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url)) as client:
        table = finished(client, "welcome-to", seed=5)["table"]
        before = client.get("/api/archive").json()["tables"]
    with TestClient(create_app(sqlite_url)) as client:
        assert not client.app.state.service.tables  # nothing in memory: from the log
        assert client.get("/api/archive").json()["tables"] == before
        assert before[0]["table"] == table


# -- a replay: only of a finished game -------------------------------------------------------
def test_a_game_being_played_is_not_replayed(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,greedy")
    table = created["table"]
    for path in (f"/api/tables/{table}/replay", f"/api/tables/{table}/replay/0"):
        response = client.get(path, params={"seat": 1} if path.endswith("/0") else {})
        assert response.status_code == 409
        assert "still being played" in response.json()["error"]
    page = client.get(f"/t/{table}/replay", headers={"Accept": "text/html"})
    assert page.status_code == 409 and "still being played" in page.text
    assert f'href="/t/{table}"' in page.text  # the page offers to watch the game instead


def test_no_such_table_has_no_replay(client: TestClient) -> None:
    for path in ("/api/tables/nope/replay", "/api/tables/nope/replay/3", "/t/nope/replay"):
        assert client.get(path).status_code == 404


@pytest.mark.parametrize("game_id", game_ids())
def test_each_step_is_the_game_replayed_that_far_as_the_seat_saw_it(
    client: TestClient, game_id: str
) -> None:
    table = finished(client, game_id, seed=7)["table"]
    log = client.get(f"/api/tables/{table}/log").json()
    summary = client.get(f"/api/tables/{table}/replay").json()
    players, seed, actions, options = log["players"], log["seed"], log["actions"], log["options"]
    assert summary["steps"] == len(actions) and summary["seed"] == seed
    assert summary["winners"] == view(client, table)["winners"]
    # the totals of every step, from one game played through move by move
    state = game(game_id).new_game(players, seed, options)
    totals = [[s["total"] for s in state.scores()]]
    for player, action in actions:
        state.apply(player, game(game_id).action_from_json(action))
        totals.append([s["total"] for s in state.scores()])
    assert summary["totals"] == totals
    assert [[m["player"]] for m in summary["moves"]] == [[p] for p, _ in actions]
    steps = {0, 1, len(actions) // 2, len(actions) - 1, len(actions)}
    steps |= set(random.Random(game_id).sample(range(len(actions)), 3))
    spec = game(game_id)
    seats = client.app.state.service.tables[table].seats
    for step in sorted(steps):
        expected = hb.replay(game_id, players, seed, actions[:step], options)
        for seat in (None, 0, players - 1):
            params = {} if seat is None else {"seat": seat}
            got = client.get(f"/api/tables/{table}/replay/{step}", params=params)
            assert got.status_code == 200, got.text
            answer = got.json()
            observation = expected.observe(seat)
            assert (answer["step"], answer["seat"], answer["steps"]) == (step, seat, len(actions))
            assert answer["observation"] == observation
            assert answer["scores"] == expected.scores()
            assert answer["events"] == list(expected.log)
            assert answer["acting"] == list(expected.acting_players())
            assert answer["terminal"] == (step == len(actions))
            if spec.svg_view is not None:  # nothing to click, the seats named as on the page
                assert answer["svg"] == spec.svg_view(named(observation, seats), [])
                assert game_id == "model-house" or "Ada (seat 0)" in answer["svg"]
        if step:
            player, action = actions[step - 1]
            before = hb.replay(game_id, players, seed, actions[: step - 1], options)
            text = before.describe(spec.action_from_json(action))
            assert answer["move"] == {"player": player, "text": text}
        else:
            assert answer["move"] is None


def test_a_step_without_the_drawing(client: TestClient) -> None:
    table = finished(client)["table"]
    answer = client.get(f"/api/tables/{table}/replay/3", params={"svg": "false"}).json()
    assert answer["svg"] is None and answer["observation"]


def test_bad_step_numbers_and_seats_are_refused_cleanly(client: TestClient) -> None:
    table = finished(client)["table"]
    steps = client.get(f"/api/tables/{table}/replay").json()["steps"]
    base = f"/api/tables/{table}/replay"
    for path, params in [(f"{base}/-1", {}), (f"{base}/two", {}), (f"{base}/1.5", {}),
                         (f"{base}/0", {"seat": -1}), (f"{base}/0", {"seat": "one"})]:  # fmt: skip
        response = client.get(path, params=params)
        assert response.status_code == 422, (path, params)
        assert response.json()["error"].startswith("invalid request")
    past = client.get(f"{base}/{steps + 1}")
    assert past.status_code == 404
    assert past.json()["error"] == f"no step {steps + 1}: this game has steps 0 to {steps}"
    seat = client.get(f"{base}/0", params={"seat": 2})
    assert seat.status_code == 404 and "seats 0 to 1" in seat.json()["error"]
    assert client.get(f"{base}/{steps}").status_code == 200  # the last step is there


def test_a_private_table_is_replayed_by_its_link(client: TestClient) -> None:
    table = finished(client, private=True)["table"]
    assert table not in listed(client)
    assert client.get(f"/api/tables/{table}/replay").status_code == 200


def test_a_replay_is_built_once_for_all_its_steps_and_views(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int] = []
    real = Replay.build.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Replay], start: Any, history: Any) -> Replay:
        built.append(len(history))
        return real(cls, start, history)

    monkeypatch.setattr(Replay, "build", classmethod(counting))
    table = finished(client)["table"]
    client.get(f"/t/{table}/replay")
    client.get(f"/api/tables/{table}/replay")
    for step in range(0, 40, 3):
        for params in ({}, {"seat": 0}, {"seat": 1}):
            response = client.get(f"/api/tables/{table}/replay/{step}", params=params)
            assert response.status_code == 200
    assert len(built) == 1


def test_a_step_asked_for_again_is_not_worked_out_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step's view is kept per step, seat and drawing (the seats' names too, which
    the drawing shows): asked for again, the same answer without replaying or drawing;
    the least recently asked for are forgotten past ``STEP_VIEWS``."""
    worked: list[tuple[int, int | None, bool]] = []
    real = Replay._step_view

    def counting(self: Replay, step: int, seat: int | None, svg: bool, seats: Any) -> Any:
        worked.append((step, seat, svg))
        return real(self, step, seat, svg, seats)

    monkeypatch.setattr(Replay, "_step_view", counting)
    created = finished(client)
    table = created["table"]
    step = f"/api/tables/{table}/replay/5"
    first = client.get(step, params={"seat": 0}).json()
    assert client.get(step, params={"seat": 0}).json() == first
    assert worked == [(5, 0, True)]
    client.get(step, params={"seat": 1})
    client.get(step, params={"seat": 0, "svg": "false"})
    client.get(step, params={"seat": 0})
    assert worked == [(5, 0, True), (5, 1, True), (5, 0, False)]
    # a name changed: drawn again with it
    renamed = client.post(
        f"/api/tables/{table}/name", params={"token": created["seats"][0]["token"]},
        json={"name": "Bea"},
    )  # fmt: skip
    assert renamed.status_code == 200
    assert "Bea (seat 0)" in client.get(step, params={"seat": 0}).json()["svg"]
    assert len(worked) == 4
    # bounded: past STEP_VIEWS others, the first is worked out again
    for other in range(6, 6 + STEP_VIEWS):
        client.get(f"/api/tables/{table}/replay/{other}", params={"svg": "false"})
    assert len(worked) == 4 + STEP_VIEWS
    _, built = client.portal.call(client.app.state.service.replay, table)
    assert len(built.views) == STEP_VIEWS
    client.get(step, params={"seat": 0})
    assert len(worked) == 5 + STEP_VIEWS


# -- the replay itself ---------------------------------------------------------------------
def test_every_state_from_its_checkpoint_is_the_game_replayed_that_far() -> None:
    spec = game("mr-house-basic")
    state = spec.new_game(3, 11)
    rng = random.Random(11)
    while not state.is_terminal():
        player = state.acting_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    history = list(state.history)
    replay = Replay.build(spec.new_game(3, 11), history)
    assert replay.steps == len(history) > 3 * MIN_INTERVAL
    assert len(replay.checkpoints) == len(history) // replay.interval + 1
    for step in range(len(history) + 1):
        again = hb.replay(spec.id, 3, 11, history[:step])
        assert replay.state_at(step).to_json() == again.to_json(), step
    assert replay.state_at(5) is not replay.state_at(5)  # copies: the replay keeps its own
    with pytest.raises(IndexError):
        replay.state_at(len(history) + 1)
