"""Issue 19: a browser that opens a wrong or old link gets a page that says what
went wrong and where to go, not JSON; the API still answers scripts in JSON."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import create

BROWSER = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


def test_a_wrong_seat_link_is_a_page_that_offers_to_watch(client: TestClient) -> None:
    table = create(client, "mr-house-basic", "human,greedy")["table"]
    page = client.get(f"/t/{table}?token=not-a-seat", headers=BROWSER)
    assert page.status_code == 403
    assert page.headers["content-type"].startswith("text/html")
    assert "this token is not a seat at this table" in page.text
    assert f'href="/t/{table}"' in page.text and 'href="/"' in page.text


def test_an_unknown_table_or_address_is_a_page(client: TestClient) -> None:
    for path in ("/t/no-such-table", "/nowhere"):
        page = client.get(path, headers=BROWSER)
        assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
        assert 'href="/"' in page.text and "Watch this table" not in page.text


def test_the_error_page_escapes_what_it_repeats(client: TestClient) -> None:
    page = client.get("/t/<script>alert(1)</script>", headers=BROWSER)
    assert page.status_code == 404 and "<script>alert" not in page.text


def test_scripts_still_get_json(client: TestClient) -> None:
    table = create(client, "mr-house-basic", "human,greedy")["table"]
    for path in (f"/t/{table}?token=nope", f"/api/tables/{table}/view?token=x"):
        answer = client.get(path)  # no text/html in Accept: a script
        assert answer.status_code == 403 and answer.json()["error"]
    api = client.get("/api/tables/nope/view", headers=BROWSER)  # the API is JSON to anyone
    assert api.status_code == 404 and api.json()["error"] == "no such table"


def test_a_seat_link_with_an_overlong_token_is_the_wrong_link_page(client: TestClient) -> None:
    table = create(client, "mr-house-basic", "human,greedy")["table"]
    page = client.get(f"/t/{table}?token={'a' * 100}", headers=BROWSER)
    assert page.status_code == 403 and page.headers["content-type"].startswith("text/html")
    assert "this token is not a seat at this table" in page.text
    assert f'href="/t/{table}"' in page.text
    assert client.get(f"/t/{table}?token={'a' * 100}").status_code == 422  # a script: JSON


def test_a_body_that_is_not_json_is_a_400(client: TestClient) -> None:
    created = create(client, "mr-house-basic", "human,greedy")
    table, token = created["table"], created["seats"][0]["token"]
    for body in (b'{"index":', b"\xff\xfe", b"garbage"):
        answer = client.post(
            f"/api/tables/{table}/actions?token={token}",
            content=body,
            headers={"Content-Type": "application/json"},
        )
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "the request's body cannot be read: it is not UTF-8 JSON"
