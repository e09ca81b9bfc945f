"""Write the "## Rulings" section of each game's rules page (``GameSpec.rules``, in the
game's package) from its doc page, docs/games/<rulebook>.md: the same rulings, without
the tests they cite (a variant's page, only those for it: ``GameSpec.variant``). Run it
after changing a doc page's rulings; the test tests/core/test_rules.py fails while a
page and its doc disagree.

    .venv/bin/python scripts/rules_from_docs.py
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import housebuilders as hb
from housebuilders.core.rules import rulings_markdown, rulings_section

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    for game_id in hb.game_ids():
        spec = hb.game(game_id)
        doc = ROOT / "docs" / "games" / f"{Path(spec.rulebook).stem}.md"
        if not spec.rules or not doc.is_file():
            continue
        package, _, name = spec.rules.partition(":")
        page = Path(str(files(package).joinpath(name)))
        text = page.read_text()
        made = rulings_markdown(doc.read_text(), spec.variant)
        old = rulings_section(text)
        text = text.replace(old, made) if old else text.rstrip("\n") + "\n\n" + made
        page.write_text(text)
        print(f"{game_id}: {page.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
