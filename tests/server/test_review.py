"""Issue 46, a game review: once a game is over, each seat's chance to win after every
move and each seat's three costliest moves (with the move the strong bot preferred and
why, in words), worked out in the background on the bot pool and stored. Nothing of it
before the end: while the game is on the review is refused."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from housebuilders.agents.review import BOT, COSTLIEST, ReviewPart
from housebuilders.core import win_shares
from housebuilders.server import create_app, db
from housebuilders.server.review import Reviews
from tests.server.conftest import create, tokens, view
from tests.server.test_replay import finished


def ready(client: TestClient, table: str, seconds: float = 300) -> dict[str, Any]:
    """The table's review once it is worked out."""
    deadline = time.monotonic() + seconds
    while True:
        response = client.get(f"/api/tables/{table}/review")
        assert response.status_code == 200, response.text
        answer = response.json()
        if answer["status"] == "ready":
            return answer
        assert answer == {"table": table, "status": "pending"}  # no figure meanwhile
        assert time.monotonic() < deadline, f"the review of {table} was not worked out"
        time.sleep(0.05)


def test_no_review_while_the_game_is_on(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,greedy")
    table = created["table"]
    token = tokens(created)[0]
    for params in ({}, {"token": token}):
        response = client.get(f"/api/tables/{table}/review", params=params)
        assert response.status_code == 409, response.text
        body = response.json()
        assert set(body) <= {"error", "rule", "detail"} and "being played" in body["error"]
    assert not view(client, table)["terminal"]
    service = client.app.state.service
    assert table not in service.reviews.queued  # nothing is worked out before the end

    def rows(session: Any) -> list[Any]:
        return list(session.scalars(select(db.Review)))

    with service.sessions.begin() as session:
        assert rows(session) == []
    assert client.get("/api/tables/nosuchtable/review").status_code == 404


@pytest.mark.parametrize("game_id", ["mr-house-basic", "welcome-to"])
def test_a_finished_game_is_reviewed(client: TestClient, game_id: str) -> None:
    table = finished(client, game_id, seed=3, bot="greedy")["table"]
    review = ready(client, table)
    moves = client.get(f"/api/tables/{table}/replay").json()
    players, steps = moves["players"], moves["steps"]
    # a chance per seat per step, 0 (the deal) to the end, each in [0, 1]
    assert len(review["chances"]) == steps + 1
    for row in review["chances"]:
        assert len(row) == players and all(0 <= c <= 1 for c in row)
    assert review["chances"][-1] == win_shares(moves["winners"], players)
    # each seat's costliest moves: moves it made, at most three, the costliest first
    assert review["bot"] == BOT  # the review names the bot whose moves it preferred
    costly = review["costliest"]
    assert costly, "random moves against the search's cost something"
    for seat in range(players):
        mine = [c for c in costly if c["seat"] == seat]
        assert len(mine) <= COSTLIEST
        assert [c["lost"] for c in mine] == sorted((c["lost"] for c in mine), reverse=True)
    for c in costly:
        move = moves["moves"][c["step"] - 1]
        assert move["player"] == c["seat"] and move["text"] == c["played"]
        assert c["preferred"] != c["played"]
        assert c["lost"] > 0  # as shown: a loss the rounding takes away is not listed
        assert c["lost"] == pytest.approx(c["preferred_chance"] - c["played_chance"], abs=2e-4)
        assert c["played_gains"] and c["preferred_gains"]  # in words: "+2 points ..."
        assert "point" in c["played_gains"] and "point" in c["preferred_gains"]
    assert review["samples"] >= 1 and review["seconds"] >= 0


def test_a_review_is_stored_worked_out_once_and_survives_restarts(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a server that stops before the review is worked out: it stays pending
    with monkeypatch.context() as patched:
        patched.setattr(Reviews, "start", lambda self: None)
        with TestClient(create_app(sqlite_url)) as client:
            table = finished(client, seed=5, bot="greedy")["table"]
            pending = client.get(f"/api/tables/{table}/review").json()
            assert pending == {"table": table, "status": "pending"}
    # the next start queues it again and works it out
    with TestClient(create_app(sqlite_url)) as client:
        first = ready(client, table)
    # stored: the next server serves it without working it out again
    parts: list[Any] = []
    monkeypatch.setattr(ReviewPart, "take", lambda self: parts.append(self))
    with TestClient(create_app(sqlite_url)) as client:
        assert not client.app.state.service.reviews.queued
        assert client.get(f"/api/tables/{table}/review").json() == first
    assert parts == []


def test_a_game_over_before_reviews_existed_is_reviewed_when_asked(client: TestClient) -> None:
    table = finished(client, seed=7, bot="random")["table"]
    ready(client, table)
    service = client.app.state.service
    with service.sessions.begin() as session:  # as if the game had ended before 0011
        session.delete(session.get(db.Review, table))
    assert client.get(f"/api/tables/{table}/review").json()["status"] == "pending"
    assert ready(client, table)["chances"]


def test_a_review_someone_asks_for_goes_before_the_others(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reviews are worked out one at a time, in the order the games ended; one that
    someone opens while it waits goes first (once), then the others in their order."""
    monkeypatch.setattr(Reviews, "start", lambda self: None)  # nothing worked out
    with TestClient(create_app(sqlite_url)) as client:
        tables = [finished(client, seed=seed, bot="random")["table"] for seed in (1, 2, 3)]
        reviews = client.app.state.service.reviews
        for _ in range(2):  # asked twice: ahead once
            assert client.get(f"/api/tables/{tables[2]}/review").json()["status"] == "pending"
        order = [reviews.queue.get_nowait()[2] for _ in range(reviews.queue.qsize())]
    assert order == [tables[2], *tables]  # its later entry is skipped once it is done
