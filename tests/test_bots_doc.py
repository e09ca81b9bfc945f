"""docs/bots.md keeps up with the bot registry: a section per bot, every parameter
with its range."""

from __future__ import annotations

from pathlib import Path

import pytest

from housebuilders.agents import bot_info, bot_names, strength_hint
from housebuilders.agents.ladder import game_hints, ladder_order
from housebuilders.core import game, game_ids

DOC = (Path(__file__).resolve().parents[1] / "docs" / "bots.md").read_text()


@pytest.mark.parametrize("bot", bot_names())
def test_every_bot_has_a_section_with_its_parameters(bot: str) -> None:
    assert f"\n## {bot}\n" in DOC, f"docs/bots.md has no section '## {bot}'"
    section = DOC.split(f"\n## {bot}\n", 1)[1].split("\n## ", 1)[0]
    missing = [p for p in bot_info(bot).params if f"`{p}`" not in section]
    assert not missing, f"docs/bots.md does not explain {bot}'s parameters {missing}"


@pytest.mark.parametrize("bot", bot_names())
def test_every_number_parameter_s_range_is_in_its_row(bot: str) -> None:
    section = DOC.split(f"\n## {bot}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    for key, param in bot_info(bot).params.items():
        if param.numeric:
            row = next((r for r in rows if r.startswith(f"| `{key}` |")), "")
            assert f" | {param.range} | " in row, f"{bot}'s `{key}` row lacks {param.range}"


@pytest.mark.parametrize("bot", bot_names())
def test_every_bot_s_section_gives_the_hint_the_lobby_shows(bot: str) -> None:
    section = DOC.split(f"\n## {bot}\n", 1)[1].split("\n## ", 1)[0]
    assert f"Lobby hint: *{strength_hint(bot)}*." in " ".join(section.split())


def test_the_ladder_rates_the_bots_in_every_game_with_the_lobby_s_hints() -> None:
    ladder = DOC.split("\n## The ladder\n", 1)[1].split("\n## ", 1)[0]
    assert "benchmarks/ladder.py" in ladder
    ours = [g for g in game_ids() if game(g)._new_game.__module__.startswith("housebuilders.")]
    assert len(ours) >= 6  # the test session's model game aside
    for game_id in ours:
        assert f"\n#### {game_id}\n" in ladder, f"the ladder has no table for {game_id}"
        table = ladder.split(f"\n#### {game_id}\n", 1)[1].split("\n#### ", 1)[0]
        lines = [line for line in table.splitlines() if line.startswith("|")]
        rows = [line.split(" | ") for line in lines[2:]]  # below the head and its rule
        assert rows, game_id
        bots = [cells[0].removeprefix("| ") for cells in rows]
        # the lobby's hints follow the ladder the guide shows (agents/ladder.json)
        assert ladder_order(game_id) == bots, f"ladder.json's {game_id} is not the guide's"
        hints = game_hints(game_id, bots)
        for bot, cells in zip(bots, rows, strict=True):
            assert cells[1] == hints[bot], (game_id, bot)
