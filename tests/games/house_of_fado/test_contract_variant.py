"""The contract over seeded games of the 2-player assistants variant (the kit's option
test plays 10): as many as the conformance kit plays of House of Fado (25 in CI, the
200 the issue asked with HOUSEBUILDERS_FULL_CONFORMANCE=1: a random game of it is long,
see tests/test_conformance.py), in chunks the test workers share."""

from __future__ import annotations

import pytest

from housebuilders.core.testing import check_random_game
from tests.test_conformance import random_games

CHUNKS = 4


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_hf_132_to_hf_139_the_assistants_variant_keeps_the_contract(chunk: int) -> None:
    for seed in range(chunk, random_games("house-of-fado"), CHUNKS):
        final = check_random_game("house-of-fado", 2, 5000 + seed, options={"assistants": True})
        assert final.is_terminal()


@pytest.mark.parametrize(
    "options",
    [{"restaurant-assistant": False}, {"own-assistant-back": "action-space"}],
    ids=["restaurant-assistant=False", "own-assistant-back=action-space"],
)
def test_q26_ruling_27_the_narrower_readings_keep_the_contract(options: dict) -> None:
    """The options of rulings 26 and 27 with the assistants they are for (the kit's
    option test plays each without them)."""
    for seed in range(3):
        final = check_random_game(
            "house-of-fado", 2, 6000 + seed, options={"assistants": True, **options}
        )
        assert final.is_terminal()
