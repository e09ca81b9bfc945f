"""Ratings of people (issue 46): per game, from the finished tables where every
person's seat is held by an account, with openskill's Plackett-Luce model; bots rated
by name on the same scale from those games only; tables with a person who held no
account, or not finished, rate nobody."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from housebuilders.agents.ladder import ladder
from tests.server.conftest import play, tokens

GAME = "dream-home"


PASSWORD = "a good password"


def _as(client: TestClient, name: str) -> None:
    """Sign ``client`` in as ``name`` (one browser, taken by each person in turn)."""
    answer = client.post("/api/session", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text


def _finished(client: TestClient, people: list[str | None], seed: int, bots: int = 0) -> Any:
    """A finished table: a seat per person (held by their account if they have one),
    then ``bots`` greedy bots."""
    seats = [{"kind": "human"} for _ in people] + [{"kind": "bot", "bot": "greedy"}] * bots
    created = client.post("/api/tables", json={"game": GAME, "seats": seats, "seed": seed}).json()
    for seat, person in enumerate(people):
        if person is not None:
            _as(client, person)
            body = {"table": created["table"], "token": tokens(created)[seat]}
            assert client.post("/api/me/tables", json=body).status_code == 201
    final = play(client, created, seed=seed)
    assert final["terminal"]
    return final


def test_accounts_and_bots_are_rated_from_games_between_accounts(client: TestClient) -> None:
    for name in ("Ada", "Bea"):
        made = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert made.status_code == 201
    before = client.get(f"/api/games/{GAME}/ratings").json()["players"]
    assert all(p["kind"] == "bot" and p["games"] == 0 for p in before)  # the ladder's
    results = [_finished(client, ["Ada", "Bea"], seed) for seed in range(3)]
    _finished(client, ["Ada"], seed=5, bots=1)  # Ada against the greedy bot
    _finished(client, ["Ada", None], seed=6)  # a person without an account: not rated
    board = client.get(f"/api/games/{GAME}/ratings").json()["players"]
    by_name = {p["name"]: p for p in board}
    assert {"Ada", "Bea", "greedy"} <= set(by_name)
    assert by_name["greedy"]["kind"] == "bot" and by_name["Ada"]["kind"] == "account"
    assert by_name["Ada"]["games"] == 4 and by_name["Bea"]["games"] == 3
    assert by_name["greedy"]["games"] == 1
    assert [p["rating"] for p in board] == sorted((p["rating"] for p in board), reverse=True)
    ada_wins = sum(0 in r["winners"] for r in results)
    bea_wins = sum(1 in r["winners"] for r in results)
    if ada_wins != bea_wins:  # the one who won more of their games is rated higher
        better = "Ada" if ada_wins > bea_wins else "Bea"
        assert board.index(by_name[better]) < board.index(
            by_name["Bea" if better == "Ada" else "Ada"]
        )
    for p in board:
        assert abs(p["rating"] - (p["mu"] - 3 * p["sigma"])) < 0.02


def test_a_bot_is_rated_from_the_start_by_the_ladder_and_moves_from_there(
    client: TestClient,
) -> None:
    """Issue 46: "beginner / casual / strong" is a number before anyone has played the
    bots: each bot the ladder rated starts from its ladder rating (the same model),
    listed by the name the lobby offers, in the ladder's order; a game between an
    account and a bot moves the bot from there."""
    rated = {entry["bot"].split(":")[0]: entry for entry in ladder()[GAME]["bots"]}
    board = client.get(f"/api/games/{GAME}/ratings").json()["players"]
    assert [p["name"] for p in board] == list(rated)  # best first, as the ladder
    for p in board:
        entry = rated[p["name"]]
        assert p["kind"] == "bot" and p["games"] == 0
        assert (p["mu"], p["sigma"]) == (round(entry["mu"], 2), round(entry["sigma"], 2))
    made = client.post("/api/accounts", json={"name": "Ada", "password": PASSWORD})
    assert made.status_code == 201
    _finished(client, ["Ada"], seed=5, bots=1)  # Ada against greedy
    greedy = next(p for p in client.get(f"/api/games/{GAME}/ratings").json()["players"]
                  if p["name"] == "greedy")  # fmt: skip
    assert greedy["games"] == 1
    assert greedy["mu"] != round(rated["greedy"]["mu"], 2)  # moved from the ladder's
    assert abs(greedy["mu"] - rated["greedy"]["mu"]) < 10  # not from 25 again
