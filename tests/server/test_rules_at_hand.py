"""Rules at hand at the web table (issue 19): each game's rules (the API and the table
page's panel), "why not?" for a move that is not legal (``POST /why``: the engine's
refusal, worked out on what the seat may know, nothing played), and the tie-breaks of a
tied final table."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import housebuilders as hb
from housebuilders.core.rules import doc_rulings
from housebuilders.core.ties import tie_notes
from housebuilders.games.dream_home.actions import PLACES, Take, UseCrowbar
from housebuilders.server.routes import pages as pages_module
from housebuilders.server.table import Table
from tests.core.test_rules import CONTENT_TABLES
from tests.core.test_ties import TIED, random_end, tied_seed
from tests.games.dream_home.helpers import new as new_home, stack
from tests.server.conftest import create, tokens, truth, view

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["mr-house-basic", "mr-house-advanced", "welcome-to", "dream-home", "house-of-fado",
         "master-builder"]  # fmt: skip


# -- the rules ---------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_of_every_game_with_its_rulings(client: TestClient, game_id: str) -> None:
    response = client.get(f"/api/games/{game_id}/rules")
    assert response.status_code == 200, response.text
    rules = response.json()
    assert rules["game"] == game_id and rules["name"] == hb.game(game_id).name
    by_title = {s["title"]: s["blocks"] for s in rules["sections"]}
    assert "Scoring" in by_title
    doc = (ROOT / "docs" / "games" / f"{Path(hb.game(game_id).rulebook).stem}.md").read_text()
    [rulings] = by_title["Rulings"]
    variant = hb.game(game_id).variant  # a variant's page: its own rulings only
    assert rulings["numbers"] == [n for n, _, _ in doc_rulings(doc, variant)]
    assert [item[0] for item in rulings["items"]] == [
        [title, "bold"] for _, title, _ in doc_rulings(doc, variant)
    ]


@pytest.mark.parametrize("game_id", ["mr-house-basic", "mr-house-advanced"])
def test_mr_houses_rules_panel_has_the_house_parts_table(client: TestClient, game_id: str) -> None:
    """Issue 46: the recipes and points, from the game's content, on the panel and in
    the API (a table block)."""
    created = create(client, game_id, "human,random")
    page = client.get(created["spectate"], headers={"Accept": "text/html"}).text
    assert '<th scope="col">materials</th><th scope="col">points</th>' in page
    assert "<td>wooden wall</td><td>2 wood + 1 steel</td><td>1</td>" in page
    brick = "2" if game_id == "mr-house-advanced" else "1"  # each variant's player board
    assert f"<td>brick wall</td><td>2 brick + 1 cement</td><td>{brick}</td>" in page
    assert "{{" not in page
    rules = client.get(f"/api/games/{game_id}/rules").json()
    tables = [b for s in rules["sections"] for b in s["blocks"] if b["kind"] == "table"]
    assert [len(t["rows"]) for t in tables] == [7 if game_id == "mr-house-advanced" else 6]
    assert tables[0]["rows"][0][1] == [["2 wood + 1 steel", ""]]


@pytest.mark.parametrize("game_id", sorted(CONTENT_TABLES))
def test_every_games_rules_panel_has_the_tables_of_its_content(
    client: TestClient, game_id: str
) -> None:
    """Issue 46: each game's numbers, made from its content, as tables in the API's
    rules and on the table page's panel."""
    rules = client.get(f"/api/games/{game_id}/rules").json()
    tables = [b for s in rules["sections"] for b in s["blocks"] if b["kind"] == "table"]
    assert [t["head"][0] for t in tables] == [
        [[head, ""]] for head in CONTENT_TABLES[game_id].values()
    ]
    made = hb.game(game_id).rules_tables
    assert made is not None

    def cells(line: str) -> tuple[str, ...]:
        return tuple(cell.strip() for cell in line.strip("|").split("|"))

    served = {tuple(c[0][0] for c in t["head"]): [tuple(c[0][0] for c in r) for r in t["rows"]]
              for t in tables}  # fmt: skip
    assert served == {
        cells(lines[0]): [cells(line) for line in lines[2:]]
        for lines in (markdown.splitlines() for markdown in made().values())
    }
    created = create(client, game_id, "human,random")
    page = client.get(created["spectate"], headers={"Accept": "text/html"}).text
    for table in tables:
        assert f'<th scope="col">{table["head"][0][0][0]}</th>' in page
    assert "{{" not in page


def test_the_rules_of_no_game_are_a_404(client: TestClient) -> None:
    response = client.get("/api/games/chess/rules")
    assert response.status_code == 404 and "no game 'chess'" in response.json()["error"]


def test_the_table_page_holds_its_games_rules_in_a_panel(client: TestClient) -> None:
    created = create(client, "mr-house-advanced", "human,random")
    page = client.get(created["spectate"], headers={"Accept": "text/html"}).text
    assert '<details id="rules" class="panel rules">' in page
    assert "<strong>Privilege cards.</strong>" in page  # ruling 25's title
    assert "Tied players are ranked by fewer loans" in page  # the scoring
    assert "<strong>A full player board.</strong>" not in page  # the basic variant's 16


def test_the_rules_panel_shows_markup_as_text(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rules page is text: whatever it holds is escaped, never markup."""
    evil = {"game": "x", "name": "<i>x</i>", "sections": [{"title": "<b>t</b>", "blocks": [
        {"kind": "p", "items": [[["<script>alert(1)</script>", "bold"]]]}]}]}  # fmt: skip
    monkeypatch.setattr(pages_module, "rules_of", lambda spec: evil)
    created = create(client, "mr-house-basic", "human,random")
    page = client.get(created["spectate"]).text
    assert "<script>alert" not in page and "<b>t</b>" not in page and "<i>x</i>" not in page
    assert "<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>" in page


# -- why not? ---------------------------------------------------------------------------------
def why(client: TestClient, table: str, token: str | None, body: Any) -> Any:
    params = {"token": token} if token else {}
    return client.post(f"/api/tables/{table}/why", params=params, json=body)


def test_why_not_names_the_rule_and_plays_nothing(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,human", seed=3)
    table, seat = created["table"], tokens(created)
    first = view(client, table, seat[0])["legal_actions"][0]
    answer = why(client, table, seat[0], {"index": first["index"]})
    assert answer.status_code == 200
    assert answer.json() == {"legal": True, "text": first["text"], "error": None, "rule": None}

    place = {"kind": "place", "value": 0, "location": 1}  # the bank
    played = client.post(f"/api/tables/{table}/actions", params={"token": seat[0]},
                         json={"action": place})  # fmt: skip
    assert played.status_code == 200, played.text
    # seat 0 is not to act: the engine says whose turn it is
    answer = why(client, table, seat[0], {"action": {**place, "value": 1, "location": 9}})
    assert answer.json()["legal"] is False
    assert answer.json()["error"].startswith("player 0 may not act now")

    client.post(f"/api/tables/{table}/actions", params={"token": seat[1]},
                json={"action": {**place, "location": 5}})  # fmt: skip
    before = truth(client, table).history
    far = next(
        loc["number"]
        for loc in view(client, table, seat[0])["observation"]["board"]["locations"]
        if loc["number"] != 1 and 1 not in loc["adjacent"]
    )
    answer = why(client, table, seat[0], {"action": {**place, "value": 1, "location": far}})
    assert answer.status_code == 200
    body = answer.json()
    assert body["legal"] is False and body["rule"] == "mr-house-basic §Movement Around the City"
    assert "not orthogonally adjacent to any of your earlier markers" in body["error"]
    answer = why(client, table, seat[0], {"action": {**place, "value": 1, "location": 1}})
    assert "already have a marker on the bank" in answer.json()["error"]
    assert truth(client, table).history == before  # nothing was played


def test_why_not_is_for_a_seat_and_a_well_formed_action_of_the_game(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,random")
    table, token = created["table"], tokens(created)[0]
    assert why(client, table, None, {"index": 0}).status_code == 403
    assert why(client, table, "not-a-seat", {"index": 0}).status_code == 403
    assert why(client, "nope", token, {"index": 0}).status_code == 404
    assert why(client, table, token, {"action": {"kind": "pick", "pair": 1}}).status_code == 409
    assert why(client, table, token, {"index": "1"}).status_code == 422
    assert why(client, table, token, {}).status_code == 422


def random_points(game_id: str, seed: int, stops: int = 3) -> list[hb.State]:
    """A few states along a random game (copies)."""
    state = hb.new_game(game_id, hb.game(game_id).min_players + 1, seed)
    rng = random.Random(seed)
    points = []
    for step in range(10_000):
        if state.is_terminal():
            break
        if step in (3, 25, 70)[:stops]:
            points.append(state.clone())
        player = rng.choice(state.acting_players())
        state.apply(player, rng.choice(state.legal_actions(player)))
    return points


def answers(state: hb.State, seat: int, actions: list[hb.Action]) -> list[dict[str, Any]]:
    table = Table("t", state.spec, 0, {}, None, "greedy", [], state, 0)
    return [table.why(seat, action) for action in actions]


@pytest.mark.parametrize("game_id", GAMES)
def test_why_not_tells_nothing_the_seat_may_not_know(game_id: str) -> None:
    """The information rule: two states a seat cannot tell apart (the true one and its
    determinizations for that seat) get the same answers, word for word, for a sample
    of the game's actions (every legal one included), for the acting seat and another."""
    spec = hb.game(game_id)
    rng = random.Random(7)
    for state in random_points(game_id, 5):
        acting = state.acting_players()[0]
        for seat in {acting, (acting + 1) % state.num_players}:
            actions = rng.sample(spec.actions, min(120, len(spec.actions)))
            actions += state.legal_actions(seat) if seat in state.acting_players() else []
            expected = answers(state, seat, actions)
            for copy in (1, 2):
                alike = state.determinize(seat, copy)
                assert answers(alike, seat, actions) == expected, (game_id, seat, copy)


def test_why_not_after_a_crowbar_tells_nothing_of_the_card_drawn() -> None:
    """Dream Home: the card a Crowbar draws is its taker's to see. The answers to the
    other seat, worked out on its determinization with the server's fixed seed, are the
    same whatever the true card and the deck's true order (``Rng.deal``)."""
    state = new_home(4)
    stack(state, {1: {1: ("bathroom", "tool:crowbar")}})
    state.apply(0, Take(1))
    state.apply(0, UseCrowbar())
    actions = list(PLACES.values())
    expected = answers(state, 1, actions)
    for copy in range(1, 6):
        assert answers(state.determinize(1, copy), 1, actions) == expected, copy


# -- tie-breaks ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["mr-house-basic", "dream-home"])
def test_a_tied_final_table_says_its_tie_break(client: TestClient, game_id: str) -> None:
    """A tied game played at a table of people: the final view of every seat and of the
    spectators says which tie-break ranked the tied seats."""
    seed = tied_seed(game_id, TIED[game_id][0])
    ended = random_end(game_id, seed)
    created = create(client, game_id, "human,human", seed=seed)
    table, seat = created["table"], tokens(created)
    for player, action in ended.history:
        played = client.post(f"/api/tables/{table}/actions", params={"token": seat[player]},
                             json={"action": action.to_json()})  # fmt: skip
        assert played.status_code == 200, played.text
    final = view(client, table)
    assert final["terminal"] and final["tie_breaks"] == tie_notes(ended)
    assert TIED[game_id][1] in final["tie_breaks"][0]
    assert view(client, table, seat[0])["tie_breaks"] == final["tie_breaks"]


def test_no_tie_breaks_before_the_end(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,random")
    assert view(client, created["table"])["tie_breaks"] is None
