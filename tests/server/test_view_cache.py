"""The drawings a table keeps (``Table._drawing``): a seat's drawing is made again only
when what it draws changed, and a seat (or a spectator) is only ever given the
drawing of its own view."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from housebuilders.core import GameSpec
from housebuilders.server.table import Table, named
from tests.server.conftest import create, tokens, truth, view


class Counting:
    """A game's spec that counts its drawings."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.drawn: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.spec, name)

    def svg_view(self, observation: Any, legal: Any) -> str:
        self.drawn.append(observation)
        return self.spec.svg_view(observation, legal)


def _counting(client: TestClient, table: str) -> Counting:
    live = client.app.state.service.tables[table]
    live.spec = Counting(live.spec)
    return live.spec


def _drawn_from_the_truth(client: TestClient, table: str, seat: int | None) -> str:
    state = truth(client, table)
    live = client.app.state.service.tables[table]
    return live.spec.svg_view(named(state.observe(seat), live.seats), state.legal_json(seat))


def test_a_seat_is_drawn_again_only_when_what_it_sees_changed(client: TestClient) -> None:
    created = create(client, seats="human,human")
    table, seats = created["table"], tokens(created)
    counting = _counting(client, table)
    first = view(client, table, seats[0])
    assert len(counting.drawn) == 1
    assert view(client, table, seats[0])["svg"] == first["svg"]
    assert len(counting.drawn) == 1
    again_before = first["svg"]

    # a name is drawn: every seat's drawing names seat 1 as the page does
    renamed = client.post(
        f"/api/tables/{table}/name", params={"token": seats[1]}, json={"name": "Ada"}
    )
    assert renamed.status_code == 200
    first = view(client, table, seats[0])
    assert first["seats"][1]["name"] == "Ada"
    assert "Ada (seat 1)" in first["svg"] and "Ada (seat 1)" not in again_before
    drawn = len(counting.drawn)
    # leaving and coming back change the view, not the drawing: not drawn again
    other = 1 - first["acting"][0]
    assert client.post(f"/api/tables/{table}/leave", params={"token": seats[other]}).is_success
    assert client.post(f"/api/tables/{table}/back", params={"token": seats[other]}).is_success
    again = view(client, table, seats[0])
    assert again["svg"] == first["svg"]
    assert len(counting.drawn) == drawn  # seat 0's, and the leaver's, were kept

    # a move changes what everyone sees: drawn afresh, from the new state
    mover = again["acting"][0]
    legal = view(client, table, seats[mover])["legal_actions"]
    moved = client.post(
        f"/api/tables/{table}/actions",
        params={"token": seats[mover]},
        json={"index": legal[0]["index"]},
    )
    assert moved.status_code == 200
    for seat in (0, 1, None):
        token = seats[seat] if seat is not None else None
        assert view(client, table, token)["svg"] == _drawn_from_the_truth(client, table, seat)


def test_each_seat_is_given_the_drawing_of_its_own_view_only(client: TestClient) -> None:
    """Welcome To: seat 0's choice of the round is hidden from seat 1 and the
    spectators until the round resolves; whatever order the views are asked in, each
    gets its own drawing, never another seat's."""
    created = create(client, game="welcome-to", seats="human,human")
    table, seats = created["table"], tokens(created)
    asked = [seats[0], seats[1], None]
    for token in asked:
        view(client, table, token)
    choice = view(client, table, seats[0])["legal_actions"][0]["index"]
    response = client.post(
        f"/api/tables/{table}/actions", params={"token": seats[0]}, json={"index": choice}
    )
    assert response.status_code == 200
    assert 1 in view(client, table)["acting"]  # the round is still open: the choice hidden
    drawings: dict[int | None, str] = {}
    for token in [None, seats[1], seats[0], seats[1], None, seats[0]]:
        seat = next((s for s, t in seats.items() if t == token), None)
        drawing = view(client, table, token)["svg"]
        assert drawing == _drawn_from_the_truth(client, table, seat)
        drawings[seat] = drawing
    assert drawings[0] != drawings[1] and drawings[0] != drawings[None]
    live = client.app.state.service.tables[table]
    assert set(live.drawings) == {0, 1, None}


def test_the_drawings_name_the_seats_as_the_page_does(client: TestClient) -> None:
    """A drawing says "Player 1" for a seat its observation does not name; the
    table names each seat as the pages do ("Ada (seat 0)", "Seat 1"), a long name cut
    short (the page shows it whole), in every game's drawing and in the replay's."""
    long = "Maximiliana Wolkenstein-Rodeneck"  # 32 characters
    for game in ("mr-house-basic", "welcome-to", "dream-home", "house-of-fado", "master-builder"):
        answer = client.post(
            "/api/tables",
            json={
                "game": game,
                "seats": [{"kind": "human", "name": long}, {"kind": "bot", "bot": "random"}],
                "seed": 1,
            },
        )
        assert answer.status_code == 201, answer.text
        created = answer.json()
        drawing = view(client, created["table"], created["seats"][0]["token"])["svg"]
        assert "Maximiliana Wol… (seat 0)" in drawing, game
        assert "Seat 1" in drawing and "Player 1" not in drawing, game
        assert long not in drawing, game


def test_a_view_asked_for_again_is_looked_up(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A view asked for again before the table changes is neither worked out nor drawn
    again; after a change the drawing does not show (a seat leaving), the view is worked
    out again but the drawing is kept, found so by comparing what it drew, with nothing
    written out as JSON for it."""
    created = create(client, seats="human,human")
    table, seats = created["table"], tokens(created)
    counting = _counting(client, table)
    live = client.app.state.service.tables[table]
    worked: list[int | None] = []
    real = Table._view

    def counted(self: Table, seat: int | None) -> Any:
        worked.append(seat)
        return real(self, seat)

    monkeypatch.setattr(Table, "_view", counted)
    first = view(client, table, seats[0])
    for _ in range(5):
        again = view(client, table, seats[0])
        assert {**again, "server_time": 0} == {**first, "server_time": 0}
    assert worked == [0] and len(counting.drawn) == 1

    other = 1 - first["acting"][0]
    leaving = {"token": seats[other], "svg": "false"}
    assert client.post(f"/api/tables/{table}/leave", params=leaving).is_success
    dumped: list[Any] = []
    real_dumps = json.dumps
    monkeypatch.setattr(json, "dumps", lambda *a, **k: dumped.append(a) or real_dumps(*a, **k))
    left = live.view(0)  # as the route asks for it (its answer is written out by FastAPI)
    assert left["seats"][other]["away"] and left["svg"] == first["svg"]
    assert worked == [0, other, 0] and len(counting.drawn) == 1 and not dumped
