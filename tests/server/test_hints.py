"""The hint (issue 19): at a table opened with hints, a person on their turn may ask
for the greedy bot's move for their seat, with why, worked out on the seat's view
alone in a bot worker."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import housebuilders as hb
from housebuilders.agents import make
from housebuilders.agents.turn import Decision
from housebuilders.core.rng import Rng
from tests.server.conftest import create, play, tokens, truth, view, wait_for


def _hint(client: TestClient, table: str, token: str | None) -> Any:
    params = {"token": token} if token else {}
    return client.post(f"/api/tables/{table}/hint", params=params)


@pytest.mark.parametrize(
    "game", ["mr-house-basic", "mr-house-advanced", "welcome-to", "dream-home", "house-of-fado"]
)
def test_a_hint_is_a_legal_move_of_the_seat_the_greedy_bot_would_play(
    client: TestClient, game: str
) -> None:
    created = create(client, game, "human,greedy", seed=12, hints=True)
    table, token = created["table"], tokens(created)[0]
    play(client, created, seed=1, stop_after=3)
    # the seat alone to act (in Welcome To, once the bot has chosen: a view that holds)
    seen = wait_for(client, table, token, lambda v: v["acting"] == [0] or v["terminal"])
    assert not seen["terminal"] and seen["hints"] is True
    answer = _hint(client, table, token)
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    legal = {a["index"]: a for a in seen["legal_actions"]}
    assert hint["index"] in legal and hint["text"] == legal[hint["index"]]["text"]
    assert hint["action"] == legal[hint["index"]]["action"]
    assert hint["log_length"] == seen["log_length"]
    assert hint["why"] and all(other["index"] in legal for other in hint["next_best"])
    assert all(other["index"] != hint["index"] for other in hint["next_best"])
    if hint["next_best"]:
        assert hint["score"] >= max(other["score"] for other in hint["next_best"])
    # the move a greedy bot in the seat would play now (the same view, the same seeds)
    state = truth(client, table)
    bot_move = Decision.at(state, 0, "greedy", 12).take()
    assert hint["index"] == state.spec.action_index(bot_move)
    # asked again on the same view: the same answer; and the move can be played
    assert _hint(client, table, token).json() == hint
    played = client.post(
        f"/api/tables/{table}/actions", params={"token": token}, json={"index": hint["index"]}
    )
    assert played.status_code == 200, played.text


@pytest.mark.parametrize("game", hb.builtin_game_ids())
def test_a_hint_says_what_the_move_gains_in_the_games_words(
    client: TestClient, game: str
) -> None:
    """Issue 46: a hint says what the move and the next best gain (points, materials,
    the house's progress, money), not the heuristic's score ("This move scores -3.31"),
    in every game."""
    players = "human" if game == "welcome-to" else "human,human"
    created = create(client, game, players, seed=3, hints=True)
    table = created["table"]
    seat = view(client, table)["acting"][0]
    hint = _hint(client, table, tokens(created)[seat]).json()
    assert hint["next_best"], "a first move with one choice"
    first = hint["next_best"][0]
    assert hint["why"].startswith(f"It gives {hint['gains']}.")
    assert f"The next best, {first['text']}, gives {first['gains']}." in hint["why"]
    assert "scores" not in hint["why"] and f"{hint['score']:.2f}" not in hint["why"]
    assert all(other["gains"] for other in [hint, *hint["next_best"]])
    if game.startswith("mr-house"):
        assert all(other["gains"].split(";")[0].endswith(("points now", "point", "points"))
                   for other in [hint, *hint["next_best"]])  # fmt: skip


def test_no_hint_at_a_table_without_hints_for_a_spectator_or_out_of_turn(
    client: TestClient,
) -> None:
    plain = create(client, "mr-house-basic", "human,human", seed=3)
    seat = view(client, plain["table"])["acting"][0]
    refused = _hint(client, plain["table"], tokens(plain)[seat])
    assert refused.status_code == 403
    assert refused.json()["error"] == "this table was opened without hints"
    assert view(client, plain["table"])["hints"] is False

    hinted = create(client, "mr-house-basic", "human,human", seed=3, hints=True)
    table, seats = hinted["table"], tokens(hinted)
    assert _hint(client, table, None).status_code == 403  # a spectator has no move
    assert _hint(client, table, "not-a-seat").status_code == 403
    waiting = _hint(client, table, seats[1 - seat])
    assert waiting.status_code == 409
    assert waiting.json()["error"] == "it is not your turn: a hint is for a move you are to make"
    play(client, hinted, seed=2)
    over = _hint(client, table, seats[seat])
    assert over.status_code == 409 and "the game is over" in over.json()["error"]


def test_a_rematch_keeps_the_hints(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,random", seed=4, hints=True)
    table, token = created["table"], tokens(created)[0]
    play(client, created, seed=3)
    again = client.post(f"/api/tables/{table}/rematch", params={"token": token})
    assert again.status_code == 201, again.text
    assert view(client, again.json()["table"])["hints"] is True


def _chance_ahead(seed: int, moves_rng: random.Random) -> tuple[list[int], int]:
    """Random moves of a 2-player Mr House basic game of ``seed`` up to a decision of
    which some move rolls a die (a build); returns their indices and the seat to act."""
    state = hb.new_game("mr-house-basic", 2, seed=seed)
    indices: list[int] = []
    while True:
        seat = state.acting_players()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            after = state.clone()
            after.apply(seat, action)
            if after.to_json()["rng"] != state.to_json()["rng"] and len(legal) > 1:
                return indices, seat
        action = moves_rng.choice(state.legal_actions(seat))
        indices.append(state.spec.action_index(action))
        state.apply(seat, action)


def test_a_hint_is_worked_out_on_the_seat_s_view_not_the_true_state(client: TestClient) -> None:
    """Two tables the seat cannot tell apart (the same deal and moves; only the dice
    to come differ, which nobody sees) give the same hint, though the greedy bot on the
    true states would score the moves differently (its build rolls the true dice)."""
    seed = 8
    moves, seat = _chance_ahead(seed, random.Random(2))
    tables = []
    for _ in range(2):
        created = create(client, "mr-house-basic", "human,human", seed=seed, hints=True)
        for index in moves:
            mover = view(client, created["table"])["acting"][0]
            played = client.post(
                f"/api/tables/{created['table']}/actions",
                params={"token": tokens(created)[mover]},
                json={"index": index},
            )
            assert played.status_code == 200, played.text
        tables.append(created)
    other = client.app.state.service.tables[tables[1]["table"]]
    other.state.rng = Rng(123_456)  # other dice to come: the seat cannot see them
    truths = [truth(client, t["table"]) for t in tables]
    assert truths[0].observe(seat) == truths[1].observe(seat)
    on_truth = [make("greedy", seed=1).scores(s, seat) for s in truths]  # type: ignore[attr-defined]
    assert on_truth[0] != on_truth[1], "the dice to come do not matter here: pick another seed"
    hints = [_hint(client, t["table"], tokens(t)[seat]).json() for t in tables]
    assert hints[0] == hints[1]
    assert "index" in hints[0]
