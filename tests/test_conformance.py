"""The conformance kit (``housebuilders.testing``), run for every registered game
(``hb.game_ids()``, built-in or installed from another package), each of its checks a
test of its own: the contract at every player count, the information rule,
determinism and replay, every option, the views from every seat, and the game's doc
page against its code (docs/adding-a-game.md)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import housebuilders as hb
from housebuilders.testing import GAMES, Check, checks

ROOT = Path(__file__).resolve().parent.parent

#: games whose random games are long: the kit's checks cost about 1.5 s a game of
#: House of Fado (5,000 actions) and 0.5 to 1 s of Master Builder, against a tenth of
#: one elsewhere; they play fewer of them (which makes the kit's other checks lighter
#: too), so that CI fits in its time
LONG = {"house-of-fado": 25, "master-builder": 50}
#: HOUSEBUILDERS_FULL_CONFORMANCE=1 plays 200 of every game, as the long games' issues
#: asked (``HOUSEBUILDERS_FULL_CONFORMANCE=1 pytest tests/test_conformance.py -k
#: random-games tests/games/house_of_fado/test_contract_variant.py``: about 25 minutes
#: of one core for those two)
FULL = os.environ.get("HOUSEBUILDERS_FULL_CONFORMANCE") == "1"


def random_games(game_id: str) -> int:
    """Seeded random games a player count of ``game_id`` plays (see LONG, FULL)."""
    return GAMES if FULL else LONG.get(game_id, GAMES)


def doc_page(spec: hb.GameSpec) -> Path | None:
    """This project's games have their page in docs/games/ (a game of another package:
    None, the kit's default, beside its code)."""
    page = ROOT / "docs" / "games" / f"{Path(spec.rulebook).stem}.md"
    return page if page.is_file() else None


CASES = [
    (game_id, check)
    for game_id in hb.game_ids()
    for check in checks(
        game_id,
        games=random_games(game_id),
        doc=doc_page(hb.game(game_id)),
        tests=[ROOT / "tests"],
    )
]


@pytest.mark.parametrize(("game_id", "check"), CASES, ids=[f"{g}-{c.name}" for g, c in CASES])
def test_the_game_passes_the_kit(game_id: str, check: Check) -> None:
    check.run()


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="no game 'chess'"):
        hb.game("chess")
