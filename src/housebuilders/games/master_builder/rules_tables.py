"""What Master Builder's content puts on its rules page (rules.md), made from the
game's content when the page is read (``GameSpec.rules_tables``), so that the Rules
panel gives the numbers the board shows: the game's terms (start money, the wage cap,
the look into a deck, an unwanted contract's bonus, the unfinished section's penalty),
the worker decks with their wages and quirks, the quirks and the events that strike
them, the contracts with their sections, amounts and minimum bids, and the IOUs. The
page places each with a line ``{{name}}`` of its own."""

from __future__ import annotations

from collections.abc import Sequence

from housebuilders.games.master_builder.actions import money
from housebuilders.games.master_builder.content import DATA, MasterBuilderContent


def table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table: ``head``'s cells, then one line a row."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def terms_table(content: MasterBuilderContent) -> str:
    """The game's single numbers."""
    penalty = "less " + money(content.unfinished_penalty)
    rows = [
        ("each player's start money", money(content.start_money)),
        ("the most wages a player may pay a round", money(content.wage_cap)),
        ("a look into a worker deck", money(content.options.choosing_fee)),
        ("added to a contract nobody took, each round", money(content.unwanted_bonus)),
        ("an unfinished building's section, at the end", penalty),
    ]  # fmt: skip
    return table(["term", "amount"], rows)


def workers_table(content: MasterBuilderContent) -> str:
    """The worker decks, best first: skill, letter, wage, cards and their quirks."""
    rows = [(s.name, s.code, money(s.wage), s.cards, " ".join(s.quirks)) for s in content.skills]
    return table(["worker", "letter", "wage a round", "cards", "quirks, card by card"], rows)


def quirks_table(content: MasterBuilderContent) -> str:
    """Each quirk and the events that strike a worker with it."""
    rows = [
        (q.code, q.name, ", ".join(e.name for e in content.events if q.code in e.quirks) or "none")
        for q in content.quirks
    ]
    return table(["quirk", "name", "events that strike it"], rows)


def contracts_table(content: MasterBuilderContent) -> str:
    """The contracts: kind, the skills each section needs, what they pay and the
    minimum bid."""
    rows = [
        (c.number, c.name, c.kind.replace("-", " "), " ".join(c.sections), money(c.amount),
         money(c.min_bid))
        for c in content.contracts
    ]  # fmt: skip
    return table(["contract", "name", "kind", "sections", "pays", "minimum bid"], rows)


def loans_table(content: MasterBuilderContent) -> str:
    """The IOUs: the money a loan gives and what repaying it costs."""
    rows = [(loan.name, money(loan.amount), money(loan.early), money(loan.late))
            for loan in content.loans]  # fmt: skip
    return table(["IOU", "lends", "repaid early", "repaid late"], rows)


def made(content: MasterBuilderContent) -> dict[str, str]:
    """The rules page's pieces made from ``content``."""
    return {
        "terms": terms_table(content),
        "workers": workers_table(content),
        "quirks": quirks_table(content),
        "contracts": contracts_table(content),
        "loans": loans_table(content),
    }


def tables() -> dict[str, str]:
    """The rules page's pieces made from the game's content."""
    return made(DATA.load())
