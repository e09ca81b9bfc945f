"""Fixtures for the arena's tests."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest

#: The module of the failing test bot, imported by the workers of a run.
FAILING_BOT = "tests.arena.failing_bot"


@pytest.fixture
def exploding_bot() -> Iterator[str]:
    """The name of a bot that raises on its third decision, registered for one test
    (imported here, not at collection, so it never joins the real bots' list)."""
    module = importlib.import_module(FAILING_BOT)
    with module.registered() as name:
        yield name
