"""What Mr House's content puts on its rules pages (rules-basic.md, rules-advanced.md):
the player board's table of the house parts, each one's materials and points (and in
the advanced variant its crew), made from the game's content when the page is read
(``GameSpec.rules_tables``), so that the Rules panel gives the numbers the game plays
with. The pages place it with a line ``{{house parts}}``."""

from __future__ import annotations

from housebuilders.games.mr_house.actions import PART_IDS, recipe_text
from housebuilders.games.mr_house.content import BASIC_PART_IDS, MrHouseContent, load_content


def parts_table(content: MrHouseContent, variant: str) -> str:
    """The house parts of ``variant`` ("basic" or "advanced") as a Markdown table: name,
    materials, points and, advanced, the workers of the crew."""
    advanced = variant == "advanced"
    board = content.advanced if advanced else content.basic
    head = ["house part", "materials", "points"] + ["crew (workers)"] * advanced
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for part in PART_IDS if advanced else BASIC_PART_IDS:
        row = [
            content.parts[part].name,
            recipe_text(content.parts[part].materials),
            str(board.points[part]),
        ]
        if advanced:
            row.append(str(content.advanced.crew[part]))
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def basic() -> dict[str, str]:
    """The basic variant's rules page's pieces made from the content."""
    return {"house parts": parts_table(load_content(), "basic")}


def advanced() -> dict[str, str]:
    """The advanced variant's rules page's pieces made from the content."""
    return {"house parts": parts_table(load_content(), "advanced")}
