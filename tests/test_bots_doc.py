"""docs/bots.md keeps up with the bot registry: a section per bot, every parameter
with its range."""

from __future__ import annotations

from pathlib import Path

import pytest

from housebuilders.agents import bot_info, bot_names

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
