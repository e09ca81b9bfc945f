"""The OpenAPI document tells the truth: schemathesis, with all its checks (the
stateful phase too), against the real server on a loopback port finds nothing.

A fixed seed and a bounded number of examples keep it repeatable and short (about
30 s). The tables it opens change only in ways the document allows: their bots play
``random`` (the bots' cost is not what this checks, and a hundred searching bots
would take the machine), and in the sequences people sit in the bots' seats (see
``predictable``). Run it alone with ``pytest -m schemathesis`` (docs/web.md).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import httpx
import hypothesis
import pytest
import schemathesis

from housebuilders.server import create_app
from housebuilders.server.schemas import BOT_CHOICES, LONGEST_CLOCK_MINUTES
from tests.live_server import LiveServer

pytestmark = pytest.mark.schemathesis

#: another seed or more examples explore further: HOUSEBUILDERS_SCHEMATHESIS_SEED=7
#: HOUSEBUILDERS_SCHEMATHESIS_EXAMPLES=200 pytest -m schemathesis
SEED = int(os.environ.get("HOUSEBUILDERS_SCHEMATHESIS_SEED", "12"))
EXAMPLES = int(os.environ.get("HOUSEBUILDERS_SCHEMATHESIS_EXAMPLES", "50"))  # per operation
STATEFUL_STEPS = 30

#: the app's own document (the live server below serves this one: the test checks it)
DOCUMENT = create_app("sqlite://").openapi()
schema = schemathesis.openapi.from_dict(DOCUMENT)
schema.config.seed = SEED


@pytest.fixture(scope="module", autouse=True)
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """`housebuilders serve` on SQLite, the base URL of every request of this module."""
    database = tmp_path_factory.mktemp("openapi") / "t.db"
    # no rate limit on opening tables and no cap on their bots: the sequences open many,
    # and each opening must reach the server's checks (the limits have their tests);
    # the shortest turn clock is the server's own, which the document gives
    options = [
        "--tables-per-minute",
        "0",
        "--max-bot-seats",
        "0",
        "--max-table-bot-seats",
        "0",
        "--max-address-bot-seats",
        "0",
    ]
    with LiveServer(f"sqlite:///{database}", options=options) as server:
        schema.config.update(base_url=server.url)
        yield server


def test_the_server_serves_this_document(live: LiveServer) -> None:
    assert httpx.get(f"{live.url}/openapi.json").json() == DOCUMENT


def _new_table(case: Any) -> dict[str, Any] | None:
    """The body of a request that opens a table, if ``case`` is one."""
    if case.method == "POST" and case.path == "/api/tables" and isinstance(case.body, dict):
        return case.body
    return None


def _valid_bots(body: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """(holder, key) of each valid bot name in the body (invalid ones stay as they are)."""
    seats = body.get("seats")
    for holder, key in [(body, "clock_bot")] + [
        (seat, "bot") for seat in (seats if isinstance(seats, list) else [])
    ]:
        if isinstance(holder, dict) and holder.get(key) in BOT_CHOICES:
            yield holder, key


def cheap_bots(case: Any) -> None:
    """Every bot of a table about to be opened plays random: still a valid request."""
    body = _new_table(case)
    for holder, key in _valid_bots(body) if body is not None else ():
        holder[key] = "random"


def predictable(case: Any) -> None:
    """A table about to be opened has people in its bots' seats, no clock and a seed
    (still a valid request): nothing moves between two requests but the requests, so a
    sequence replayed gets the same answers, as Hypothesis needs of a state machine."""
    body = _new_table(case)
    if body is None:
        return
    if body.get("seed", None) is None:
        body["seed"] = SEED
    for holder, key in list(_valid_bots(body)):
        if key == "bot" and holder.get("kind") == "bot":
            del holder[key]
            holder["kind"] = "human"
    clock = body.get("clock_minutes")
    if (
        isinstance(clock, int | float)
        and not isinstance(clock, bool)
        and 0 < clock <= LONGEST_CLOCK_MINUTES
    ):
        body["clock_minutes"] = None


@schema.parametrize()
@hypothesis.settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
def test_every_operation_answers_as_documented(case: Any, live: LiveServer) -> None:
    cheap_bots(case)
    case.call_and_validate(base_url=live.url)


def test_sequences_of_requests_answer_as_documented() -> None:
    class Machine(schema.as_state_machine()):  # type: ignore[misc]
        def before_call(self, case: Any) -> None:
            predictable(case)
            super().before_call(case)

    Machine.run(
        settings=hypothesis.settings(
            max_examples=EXAMPLES,
            stateful_step_count=STATEFUL_STEPS,
            deadline=None,
            derandomize=True,
            suppress_health_check=list(hypothesis.HealthCheck),
        )
    )
