"""The OpenAPI document tells the truth: schemathesis, with all its checks (the
stateful phase too), against the real server on a loopback port finds nothing.

A fixed seed and a bounded number of examples keep it repeatable and short. Its bots
all play ``random``: the bots' own cost is not what this checks, and a hundred
searching bots would take the machine (see docs/web.md, "Tests and load").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

schemathesis = pytest.importorskip("schemathesis")
hypothesis = pytest.importorskip("hypothesis")

from housebuilders.server import create_app  # noqa: E402
from housebuilders.server.schemas import BOT_CHOICES  # noqa: E402
from housebuilders.server.testing import LiveServer  # noqa: E402

pytestmark = pytest.mark.schemathesis

SEED = 12
EXAMPLES = 25  # per operation and phase
STATEFUL_STEPS = 30

#: the app's own document (the live server below serves this one: the test checks it)
DOCUMENT = create_app("sqlite://").openapi()
schema = schemathesis.openapi.from_dict(DOCUMENT)
schema.config.seed = SEED


@pytest.fixture(scope="module", autouse=True)
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """`housebuilders serve` on SQLite, the base URL of every request of this module."""
    database = tmp_path_factory.mktemp("openapi") / "t.db"
    with LiveServer(f"sqlite:///{database}") as server:
        schema.config.update(base_url=server.url)
        yield server


def test_the_server_serves_this_document(live: LiveServer) -> None:
    assert httpx.get(f"{live.url}/openapi.json").json() == DOCUMENT


def cheap_bots(case: Any) -> None:
    """Every bot of a table about to be opened plays random: a valid bot name becomes
    another valid one (an invalid one stays as it is)."""
    if case.method != "POST" or case.path != "/api/tables" or not isinstance(case.body, dict):
        return
    seats = case.body.get("seats")
    for holder, key in [(case.body, "clock_bot")] + [
        (seat, "bot") for seat in (seats if isinstance(seats, list) else [])
    ]:
        if isinstance(holder, dict) and holder.get(key) in BOT_CHOICES:
            holder[key] = "random"


@schema.parametrize()
@hypothesis.settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
def test_every_operation_answers_as_documented(case: Any, live: LiveServer) -> None:
    cheap_bots(case)
    case.call_and_validate(base_url=live.url)


def test_sequences_of_requests_answer_as_documented() -> None:
    class Machine(schema.as_state_machine()):  # type: ignore[misc]
        def before_call(self, case: Any) -> None:
            cheap_bots(case)
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
