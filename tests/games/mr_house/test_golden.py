"""Golden replays: recorded games whose histories must keep giving the same result.

A rules change that alters any of these games shows up here. If the change is
intended (a ruling revised), regenerate the files and say so in the commit:

    .venv/bin/python -m tests.games.mr_house.test_golden
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import housebuilders as hb

GOLDEN = Path(__file__).with_name("golden")
GAMES = [  # (file, players, seed, bots)
    ("greedy-3p-seed2026.json", 3, 2026, ["greedy", "greedy", "random"]),
    ("greedy-4p-seed7.json", 4, 7, ["greedy", "random", "greedy", "greedy"]),
]


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_golden_replay(name: str) -> None:
    record = json.loads((GOLDEN / name).read_text())
    state = hb.replay(record["game"], record["players"], record["seed"], record["history"])
    assert state.is_terminal()
    assert state.scores() == record["scores"]
    assert state.ranking() == record["ranking"]


def regenerate() -> None:
    for name, players, seed, bots in GAMES:
        assert len(bots) == players
        state = hb.play("mr-house-basic", bots, seed=seed)
        record = {
            "game": "mr-house-basic",
            "players": players,
            "seed": seed,
            "bots": bots,
            "history": state.history_json(),
            "scores": state.scores(),
            "ranking": state.ranking(),
        }
        (GOLDEN / name).write_text(json.dumps(record, indent=1) + "\n")
        print(name, [s["total"] for s in state.scores()], state.ranking())


if __name__ == "__main__":
    regenerate()
