"""Malformed and random actions, sent to a live table of every game: the server
answers 200 (played), 409 (well-formed but illegal, with the rule) or 422 (malformed,
naming the field), never 500, and a refused action leaves the table as it was."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings, strategies as st

import housebuilders as hb
from housebuilders.server import create_app
from tests.server.conftest import create, tokens, view

#: any JSON value a client might put in an action's field
ANY_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-3, 30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


def action_shapes(spec: hb.GameSpec) -> st.SearchStrategy[Any]:
    """JSON shaped like the game's actions: each kind with its fields given real
    values, wrong values, some fields left out or extra ones added, and a few shapes
    that are no action at all."""

    def of_kind(kind: str) -> st.SearchStrategy[dict[str, Any]]:
        cls = spec.action_classes[kind]
        real = [a for a in spec.actions if a.kind == kind]
        fields = {
            name: st.one_of(st.sampled_from([a[i + 1] for a in real]), ANY_VALUE)
            for i, name in enumerate(cls.fields)
        }
        body = st.fixed_dictionaries({"kind": st.just(kind)}, optional=fields)
        return st.one_of(
            body,
            st.builds(lambda b, extra: {**b, **extra}, body,
                      st.dictionaries(st.sampled_from(["x", "player", "index"]), ANY_VALUE,
                                      max_size=1)),  # fmt: skip
        )

    kinds = st.sampled_from(sorted(spec.action_classes)).flatmap(of_kind)
    nonsense = st.one_of(
        st.fixed_dictionaries({"kind": ANY_VALUE}),
        st.dictionaries(st.text(max_size=6), ANY_VALUE, max_size=3),
    )
    return st.one_of(kinds, kinds, kinds, nonsense)


def public_state(client: TestClient, table: str, token: str) -> tuple[Any, ...]:
    seen = view(client, table, token)
    return seen["log_length"], seen["observation"], seen["legal_actions"]


@pytest.mark.parametrize("game_id", hb.game_ids())
def test_random_action_json_gets_200_409_or_422_and_a_refusal_changes_nothing(
    game_id: str, sqlite_url: str
) -> None:
    spec = hb.game(game_id)
    players = max(spec.min_players, 2)
    with TestClient(create_app(sqlite_url), raise_server_exceptions=False) as client:
        created = create(client, game_id, ",".join(["human"] * players), seed=3)
        table, seat_tokens = created["table"], tokens(created)

        @settings(
            max_examples=150,
            deadline=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.too_slow],
        )
        @given(data=action_shapes(spec), seat=st.sampled_from(sorted(seat_tokens)))
        def send(data: Any, seat: int) -> None:
            token = seat_tokens[seat]
            before = public_state(client, table, token)
            response = client.post(
                f"/api/tables/{table}/actions", params={"token": token}, json={"action": data}
            )
            assert response.status_code in (200, 409, 422), response.text
            body = response.json()
            if response.status_code == 200:
                return
            assert body["error"], "a refusal says why"
            if response.status_code == 409:
                assert body["rule"].startswith(f"{game_id} §"), body
            if response.status_code == 422:
                assert "field" in body["error"] or "kind" in body["error"] or (
                    "invalid request" in body["error"] or "object" in body["error"]
                ), body
            assert public_state(client, table, token) == before, "a refusal changed the table"

        send()
