"""Issue 46: a real resign (the seat loses; the others' game goes on or ends as the
rules allow) and a vote to abandon (every person agrees: the table ends with no winner),
both the table's: the game's own result (``winners()``) is left as it is."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from housebuilders.server import create_app
from housebuilders.server.table import final_result
from tests.server.conftest import create, wait_for


def post(client: TestClient, table: str, what: str, token: str | None = None) -> Any:
    return client.post(f"/api/tables/{table}/{what}", params={"token": token} if token else {})


def archived(client: TestClient, table: str) -> dict[str, Any]:
    listed = client.get("/api/archive").json()["tables"]
    return next(entry for entry in listed if entry["table"] == table)


def test_resigning_a_two_seat_game_ends_it_and_the_other_wins(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,greedy", seed=3)
    table, token = created["table"], created["seats"][0]["token"]
    resigned = post(client, table, "resign", token)
    assert resigned.status_code == 200, resigned.text
    view = resigned.json()
    assert view["terminal"] and view["status"] == "finished" and view["ended_by"] == "resignation"
    assert view["seats"][0]["resigned"] and view["winners"] == [1] and view["ranking"] == [2, 1]
    assert view["legal_actions"] == [] and view["acting"] == []
    assert post(client, table, "resign", token).status_code == 409
    assert post(client, table, "leave", token).status_code == 409
    assert (
        client.post(f"/api/tables/{table}/actions?token={token}", json={"index": 0}).status_code
        == 409
    )
    log = client.get(f"/api/tables/{table}/log").json()
    assert log["status"] == "finished" and log["seed"] == 3  # over: the whole log
    entry = archived(client, table)
    assert entry["ended_by"] == "resignation" and entry["winners"] == [1]
    assert entry["ranking"] == [2, 1] and entry["seats"][0]["resigned"]
    replay = client.get(f"/api/tables/{table}/replay").json()
    assert replay["winners"] == [1] and replay["ended_by"] == "resignation"


def test_with_more_seats_the_others_play_on_and_the_resigned_seat_ranks_last(
    client: TestClient,
) -> None:
    created = create(client, "mr-house-basic", "human,human,greedy", seed=3)
    table = created["table"]
    first, second = (seat["token"] for seat in created["seats"][:2])
    view = post(client, table, "resign", first).json()
    assert not view["terminal"] and view["status"] == "playing" and view["seats"][0]["resigned"]
    assert not view["can_undo"]
    assert post(client, table, "back", first).status_code == 409  # no coming back
    assert post(client, table, "abandon", first).status_code == 409  # the others decide
    move = client.post(f"/api/tables/{table}/actions?token={first}", json={"index": 0})
    assert move.status_code == 403 and "resigned" in move.json()["error"]
    post(client, table, "leave", second)  # the clock bot plays both to the end
    final = wait_for(client, table, first, lambda v: v["terminal"], seconds=120)
    assert final["ended_by"] is None and final["status"] == "finished"
    assert final["ranking"][0] == 3 and 0 not in final["winners"]  # last, whatever it scored
    assert sorted(final["ranking"][1:]) in ([1, 2], [1, 1])
    assert archived(client, table)["ranking"][0] == 3


def test_when_every_person_agrees_the_table_is_abandoned(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url)) as client:
        created = create(client, "welcome-to", "human,human,greedy", seed=3)
        table = created["table"]
        first, second = (seat["token"] for seat in created["seats"][:2])
        assert post(client, table, "abandon").status_code == 403  # a spectator has no vote
        view = post(client, table, "abandon", first).json()
        assert view["seats"][0]["abandon"] and not view["terminal"]
        withdrawn = client.delete(f"/api/tables/{table}/abandon?token={first}").json()
        assert not withdrawn["seats"][0]["abandon"] and not withdrawn["terminal"]
        post(client, table, "abandon", first)
        view = post(client, table, "abandon", second).json()
        assert view["terminal"] and view["status"] == "void" and view["ended_by"] == "agreement"
        assert view["winners"] == [] and view["ranking"] == [] and view["acting"] == []
        assert post(client, table, "resign", first).status_code == 409
        entry = archived(client, table)
        assert entry["ended_by"] == "agreement" and entry["winners"] == []
    with TestClient(create_app(sqlite_url)) as client:  # after a restart, still abandoned
        view = client.get(f"/api/tables/{table}/view?token={first}").json()
        assert view["status"] == "void" and view["terminal"] and view["winners"] == []
        assert all(t["table"] != table for t in client.get("/api/tables").json()["tables"])


def test_a_spectator_can_neither_resign_nor_vote(client: TestClient) -> None:
    table = create(client, "mr-house-basic", "human,greedy")["table"]
    assert post(client, table, "resign").status_code == 403
    assert client.delete(f"/api/tables/{table}/abandon").status_code == 403


class _Ended:
    """A stand-in for a game's state at its end: its ranking and winners."""

    def __init__(self, ranking: list[int], winners: list[int], terminal: bool = True) -> None:
        self._ranking, self._winners, self._terminal = ranking, winners, terminal

    def ranking(self) -> list[int]:
        return self._ranking

    def winners(self) -> list[int]:
        return self._winners

    def is_terminal(self) -> bool:
        return self._terminal


def test_the_tables_result_ranks_resigned_seats_last() -> None:
    def result(state: _Ended, resigned: list[bool], void: bool = False) -> Any:
        return final_result(state, resigned, void)  # type: ignore[arg-type]

    game = _Ended([1, 2, 3, 2], [0])
    assert result(game, [False] * 4) == ([1, 2, 3, 2], [0])  # the game's, untouched
    assert result(game, [True, False, False, False]) == ([4, 1, 3, 1], [1, 3])
    assert result(game, [False, False, True, False]) == ([1, 2, 4, 2], [0])
    assert result(game, [False] * 4, void=True) == ([], [])
    assert result(_Ended([1, 2], [], terminal=True), [False, True]) == ([1, 2], [])  # all lost
    assert result(_Ended([1, 2], [0], terminal=False), [True, False]) == ([2, 1], [1])


def test_a_game_of_one_is_not_over_before_it_is_played(client: TestClient) -> None:
    """Resignations end a game where one seat is left that did not resign: a game of
    one (Welcome To solo) is not over by that rule before anyone resigned."""
    created = client.post(
        "/api/tables", json={"game": "welcome-to", "seats": [{"kind": "human"}], "seed": 1}
    ).json()
    seen = client.get(f"/api/tables/{created['table']}/view").json()
    assert not seen["terminal"] and seen["acting"] == [0]
