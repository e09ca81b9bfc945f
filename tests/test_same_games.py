"""Seeded games that must stay the same, move for move, in every game.

A speed change (a cache, an incremental move list, a compiled build) must not change
what a game does: the same legal moves in the same order at every step, the same
moves chosen, the same end. Each game below is played at random from its seed; its
digest covers every step's list of legal moves, the final state's JSON, every seat's
observation and the scores. The digests are in same_games.json.

A rules change alters them on purpose: regenerate the file and say why in the commit:

    .venv/bin/python -m tests.test_same_games
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

import housebuilders as hb

DIGESTS = Path(__file__).with_name("same_games.json")
SEEDS = (0, 1)
#: the package's own games (a test run may register others)
GAMES = hb.builtin_game_ids()


def _games() -> list[tuple[str, int, int]]:
    games = []
    for game_id in GAMES:
        spec = hb.game(game_id)
        counts = sorted({spec.min_players, min(4, spec.max_players)})
        games += [(game_id, players, seed) for players in counts for seed in SEEDS]
    return games


def digest(game_id: str, players: int, seed: int) -> str:
    """The game's digest: random play from ``seed``, every step's legal moves hashed."""
    state = hb.new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    while not state.is_terminal():
        acting = state.acting_players()
        player = acting[rng.randrange(len(acting))]
        actions = state.legal_actions(player)
        h.update(repr((player, actions)).encode())
        state.apply(player, actions[rng.randrange(len(actions))])
    end = {
        "state": state.to_json(),
        "seen": [state.observe(p) for p in [None, *range(players)]],
        "scores": state.scores(),
        "ranking": state.ranking(),
    }
    h.update(json.dumps(end, sort_keys=True).encode())
    return h.hexdigest()


def _key(game_id: str, players: int, seed: int) -> str:
    return f"{game_id} {players} players seed {seed}"


@pytest.mark.parametrize(("game_id", "players", "seed"), _games(), ids=lambda v: str(v))
def test_a_seeded_game_plays_as_recorded(game_id: str, players: int, seed: int) -> None:
    recorded = json.loads(DIGESTS.read_text())
    assert digest(game_id, players, seed) == recorded[_key(game_id, players, seed)]


def regenerate() -> None:
    digests = {_key(*g): digest(*g) for g in _games()}
    DIGESTS.write_text(json.dumps(digests, indent=1) + "\n")


if __name__ == "__main__":
    regenerate()
