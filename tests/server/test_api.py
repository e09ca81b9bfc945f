"""The web table's HTTP API: tables are created, played to the end by people and
bots, refused moves name their rule, and bad requests get clear errors."""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient

import housebuilders as hb
from housebuilders.server import create_app
from tests.server.conftest import create, play, tokens, truth, view, wait_for


@pytest.mark.parametrize("game", ["mr-house-basic", "mr-house-advanced"])
def test_a_person_and_bots_play_to_the_end(game: str, database_url: str) -> None:
    with TestClient(create_app(database_url)) as client:
        created = create(client, game, "human,greedy,random", seed=11)
        final = play(client, created, seed=3)
        assert final["terminal"] and final["status"] == "finished"
        assert len(final["scores"]) == 3 and sorted(final["ranking"])[0] == 1
        log = client.get(f"/api/tables/{created['table']}/log").json()
        replayed = hb.replay(log["game"], log["players"], log["seed"], log["actions"])
        assert replayed.is_terminal() and replayed.scores() == final["scores"]
        assert replayed.ranking() == final["ranking"]
        listed = client.get("/api/tables").json()["tables"]
        assert created["table"] not in [t["table"] for t in listed]  # finished: not open


def test_a_table_plays_by_its_options_and_its_log_replays_with_them(client: TestClient) -> None:
    options = {"office": "first-one", "door": "ground-floor"}
    created = create(client, "mr-house-advanced", "random,random", seed=4, options=options)
    final = play(client, created)
    log = client.get(f"/api/tables/{created['table']}/log").json()
    assert log["options"] == options
    replayed = hb.replay(log["game"], log["players"], log["seed"], log["actions"], log["options"])
    assert replayed.to_json()["options"] == options and replayed.scores() == final["scores"]


def test_a_2_player_variant_at_3_seats_is_refused_as_its_schema_says(client: TestClient) -> None:
    body = {"game": "house-of-fado", "seats": [{"kind": "human"}] * 3,
            "options": {"assistants": True}}  # fmt: skip
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422
    assert "'assistants' of house-of-fado is for 2 players" in answer.json()["error"]
    schema = client.get("/openapi.json").json()["components"]["schemas"]
    rule = schema["HouseOfFadoTableCreate"]["allOf"][0]
    assert rule["if"]["properties"]["options"]["properties"] == {"assistants": {"enum": [True]}}
    assert rule["then"]["properties"]["seats"] == {"anyOf": [{"minItems": 2, "maxItems": 2}]}
    body["seats"] = body["seats"][:2]
    assert client.post("/api/tables", json=body).status_code == 201


def test_create_returns_a_link_per_person_and_one_to_spectate(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,greedy,human", seed=7)
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert seats[1] == {"seat": 1, "kind": "bot", "bot": "greedy"}
    table = created["table"]
    assert seats[0]["url"] == f"/t/{table}?token={seats[0]['token']}"
    assert seats[0]["token"] != seats[2]["token"]
    assert created["spectate"] == f"/t/{table}"
    listed = client.get("/api/tables").json()["tables"]
    assert listed[0]["table"] == table and listed[0]["game"] == "mr-house-basic"
    assert "token" not in str(listed)


def test_a_seat_sees_its_own_observation_and_legal_actions(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=5)
    table, seat_tokens = created["table"], tokens(created)
    truth = hb.new_game("mr-house-basic", 2, seed=5)
    for seat, token in seat_tokens.items():
        v = view(client, table, token)
        assert v["seat"] == seat and v["observation"] == truth.observe(seat)
        legal = truth.legal_actions(seat) if seat in truth.acting_players() else []
        assert [a["action"] for a in v["legal_actions"]] == [a.to_json() for a in legal]
        assert [a["text"] for a in v["legal_actions"]] == [str(a) for a in legal]


def test_the_spectator_sees_only_public_information(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human,human", seed=9)
    table, seat_tokens = created["table"], tokens(created)
    play(client, created, seed=1, stop_after=7)  # markers placed face down, parts bought
    state = truth(client, table)
    spectator = view(client, table)
    assert spectator["seat"] is None and spectator["legal_actions"] == []
    assert spectator["observation"] == state.observe(None)
    assert spectator["can_undo"] is False
    for seat in seat_tokens:  # nothing a seat alone sees is in the public view
        private = state.observe(seat)
        assert private != spectator["observation"]
        assert "hand" in private["players"][seat]
        assert "hand" not in spectator["observation"]["players"][seat]


def test_a_wrong_token_is_refused_with_403(client: TestClient) -> None:
    table = create(client, "mr-house-basic", "human,greedy")["table"]
    for path in ("view", "actions", "undo", "back"):
        url, params = f"/api/tables/{table}/{path}", {"token": "not-a-token"}
        if path == "view":
            response = client.get(url, params=params)
        else:
            response = client.post(url, params=params, json={"index": 0})
        assert response.status_code == 403, path
        assert response.json() == {"error": "this token is not a seat at this table", "rule": None}


def test_another_seats_token_does_not_work_at_this_table(client: TestClient) -> None:
    one = create(client, "mr-house-basic", "human,greedy")
    other = create(client, "mr-house-basic", "human,greedy")
    response = client.get(f"/api/tables/{one['table']}/view", params={"token": tokens(other)[0]})
    assert response.status_code == 403


def test_a_seat_out_of_turn_gets_409_with_the_rule_and_a_spectator_403(
    client: TestClient,
) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=2)
    table, seat_tokens = created["table"], tokens(created)
    v = view(client, table, seat_tokens[0])
    waiting = 1 - v["acting"][0]
    index = view(client, table, seat_tokens[v["acting"][0]])["legal_actions"][0]["index"]
    response = client.post(
        f"/api/tables/{table}/actions",
        params={"token": seat_tokens[waiting]},
        json={"index": index},
    )
    assert response.status_code == 409  # a seat may write, but not now: the rules say why
    assert response.json()["error"].startswith(f"player {waiting} may not act now")
    assert response.json()["rule"].startswith("mr-house-basic §")
    spectator = client.post(f"/api/tables/{table}/actions", json={"index": index})
    assert spectator.status_code == 403


def test_an_illegal_move_gets_409_with_the_rule(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,greedy", seed=4)
    table, token = created["table"], tokens(created)[0]
    v = wait_for(client, table, token, lambda v: v["legal_actions"])
    legal = {a["index"] for a in v["legal_actions"]}
    spec = hb.game("mr-house-basic")
    illegal = next(i for i in range(spec.action_space_size) if i not in legal)
    response = client.post(
        f"/api/tables/{table}/actions", params={"token": token}, json={"index": illegal}
    )
    assert response.status_code == 409
    body = response.json()
    assert body["rule"].startswith("mr-house-basic §") and body["error"]
    assert view(client, table, token)["log_length"] == v["log_length"]  # nothing changed


def test_an_action_given_as_json_is_played(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=4)
    table, seat_tokens = created["table"], tokens(created)
    seat = view(client, table)["acting"][0]
    v = view(client, table, seat_tokens[seat])
    action = v["legal_actions"][-1]["action"]
    response = client.post(
        f"/api/tables/{table}/actions", params={"token": seat_tokens[seat]}, json={"action": action}
    )
    assert response.status_code == 200 and response.json()["log_length"] == 1


@pytest.mark.parametrize(
    "body",
    [
        b"[]",
        b'{"index": "three"}',
        b'{"index": -1}',
        b'{"index": 1, "action": {"kind": "place"}}',
        b"{}",
        b'{"index": 1, "extra": 2}',
        b'{"action": {"kind": "fly"}}',
        b'{"action": {"kind": "place", "value": 1}}',
        b'{"index": 99999999}',
        b'{"index": true}',
        b'{"index": 1.5}',
        b'{"action": {"kind": "place", "value": true, "location": 3}}',
        b'{"action": {"kind": "place", "value": "1", "location": 3}}',
        b'{"action": {"kind": "prepare", "part": 123}}',
    ],
)
def test_garbage_gets_422(client: TestClient, body: bytes) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=4)
    table, seat_tokens = created["table"], tokens(created)
    seat = view(client, table)["acting"][0]
    response = client.post(
        f"/api/tables/{table}/actions",
        params={"token": seat_tokens[seat]},
        content=body,
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422, response.text
    assert response.json()["error"] and "Traceback" not in response.text


@pytest.mark.parametrize(
    "body",
    [
        {"index": hb.game("mr-house-basic").action_space_size},
        {"action": {"kind": "pick", "pair": 1}},
    ],
    ids=["an index past this game's", "another game's action"],
)
def test_a_move_this_game_does_not_have_gets_409(client: TestClient, body: dict) -> None:
    """The document takes every game's actions: one this table's game lacks is not
    malformed, only not legal here."""
    created = create(client, "mr-house-basic", "human,human", seed=4)
    table, seat_tokens = created["table"], tokens(created)
    seat = view(client, table)["acting"][0]
    url = f"/api/tables/{table}/actions"
    response = client.post(url, params={"token": seat_tokens[seat]}, json=body)
    assert response.status_code == 409, response.text
    assert "mr-house-basic" in response.json()["error"]
    assert view(client, table)["log_length"] == 0


HUMANS = [{"kind": "human"}] * 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "seats": HUMANS}, "game"),
        ({"game": "mr-house-basic", "seats": [{"kind": "human"}] * 5}, "seats"),
        ({"game": "mr-house-basic", "seats": [{"kind": "human"}]}, "seats"),
        ({"game": "mr-house-basic", "seats": [{"kind": "bot", "bot": "genius"}] * 2}, None),
        ({"game": "mr-house-basic", "seats": [{"kind": "alien"}] * 2}, "seats"),
        ({"game": "mr-house-basic", "seats": [{"kind": "bot"}] * 2}, "bot"),
        ({"game": "mr-house-basic", "seats": HUMANS, "seed": -1}, "seed"),
        ({"game": "mr-house-basic", "seats": HUMANS, "options": {"colour": "red"}}, "colour"),
        ({"game": "welcome-to", "seats": HUMANS, "options": {"deck": "mine"}}, "deck"),
        ({"game": "mr-house-advanced", "seats": HUMANS, "options": {"office": "all"}}, "office"),
        ({"game": "mr-house-basic", "seats": HUMANS, "options": {"office": "first-one"}}, "office"),
        ({"game": "mr-house-basic", "seats": HUMANS, "players": 2}, "players"),
        (
            {
                "game": "mr-house-basic",
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:seconds=60"}],
            },
            None,
        ),
        (
            {
                "game": "mr-house-basic",
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:iterations=1000000"}],
            },
            None,
        ),
    ],
)
def test_a_bad_table_gets_422_naming_the_problem(
    client: TestClient, body: dict, field: str | None
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error and (field is None or field in error), error


def test_a_huge_request_gets_413(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        content=b"{" + b" " * 100_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413


def test_a_long_token_or_unknown_table_is_refused(client: TestClient) -> None:
    table = create(client)["table"]
    assert client.get(f"/api/tables/{table}/view", params={"token": "x" * 500}).status_code == 422
    assert client.get("/api/tables/nope/view").status_code == 404
    assert client.get("/api/tables/" + "n" * 100 + "/view").status_code == 404
    assert client.get("/api/tables/nope/log").json() == {"error": "no such table", "rule": None}
    assert client.get("/no/such/page").status_code == 404


def test_two_actions_racing_for_the_same_turn_one_wins(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=8)
    table, seat_tokens = created["table"], tokens(created)
    seat = view(client, table)["acting"][0]
    v = view(client, table, seat_tokens[seat])
    choices = [a["index"] for a in v["legal_actions"][:2]]
    results: list[int] = []
    start = threading.Barrier(len(choices))

    def send(index: int) -> None:
        start.wait()
        response = client.post(
            f"/api/tables/{table}/actions",
            params={"token": seat_tokens[seat]},
            json={"index": index, "log_length": v["log_length"]},
        )
        results.append(response.status_code)

    threads = [threading.Thread(target=send, args=(i,)) for i in choices]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409]
    log = client.get(f"/api/tables/{table}/log", params={"token": seat_tokens[seat]}).json()
    actions = log["actions"]
    assert len(actions) == 1 and actions[0][1]["kind"] == v["legal_actions"][0]["action"]["kind"]
    replayed = hb.replay("mr-house-basic", 2, 8, actions)
    assert replayed.observe(None) == view(client, table)["observation"]


def test_the_api_is_documented(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/tables",
        "/api/tables/{table_id}/view",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/log",
        "/api/tables/{table_id}/undo",
    ):
        assert path in paths
    assert client.get("/docs").status_code == 200


def test_every_error_is_declared_as_one_model(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    errors = [
        (f"{method} {path} {code}", answer)
        for path, operations in paths.items()
        for method, operation in operations.items()
        for code, answer in operation["responses"].items()
        if code >= "400"
    ]
    assert "post /api/tables/{table_id}/actions 409" in [where for where, _ in errors]
    for where, answer in errors:
        schema = answer["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/ErrorPublic"}, where


def test_a_method_the_path_lacks_gets_405_naming_those_it_has(client: TestClient) -> None:
    response = client.request("TRACE", "/api/tables")
    assert response.status_code == 405
    assert set(response.headers["allow"].split(", ")) == {"GET", "POST"}
    assert response.json()["error"]


def test_serve_names_a_bad_database_in_one_line() -> None:
    from typer.testing import CliRunner

    from housebuilders.cli import app

    result = CliRunner().invoke(app, ["serve", "--database-url", "nosuchdb://x"])
    assert result.exit_code == 2
    assert "bad database URL" in result.output and "Traceback" not in result.output


def test_an_unexpected_error_reaches_the_client_as_one_line(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from housebuilders.server.table import Table

    with TestClient(create_app(sqlite_url), raise_server_exceptions=False) as client:
        table = create(client)["table"]

        def broken(*_args: object, **_kwargs: object) -> None:
            raise RuntimeError("secret internals")

        monkeypatch.setattr(Table, "view", broken)
        response = client.get(f"/api/tables/{table}/view")
    assert response.status_code == 500
    assert response.json() == {"error": "internal server error", "rule": None}
    assert "secret internals" not in response.text and "Traceback" not in response.text
    assert response.headers["referrer-policy"] == "no-referrer"  # the headers, even here
