"""What Welcome To's content puts on its rules page (rules.md), made from the sheet's
layout (``content.ladders``, ``content.plans``) when the page is read
(``GameSpec.rules_tables``), so that the Rules panel gives the numbers the sheet
scores with: the parks of each street, the pools, the extension and refusal penalties,
the estates' values by improvement, the temporary workers' ranking and the city plans.
The page places each with a line ``{{name}}`` of its own."""

from __future__ import annotations

from collections.abc import Sequence

from housebuilders.games.welcome_to.content import DATA, WelcomeToContent

PLACES = ("highest", "second", "third", "fourth", "fifth")


def table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table: ``head``'s cells, then one line a row."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def at(ladder: Sequence[int], crossed: int) -> str:
    """A track's value with ``crossed`` boxes crossed; "-" past its end."""
    return str(ladder[crossed]) if crossed < len(ladder) else "-"


def parks_table(content: WelcomeToContent) -> str:
    """Each street's park value by the parks crossed in it."""
    parks = content.ladders.parks
    head = ["parks crossed"] + [f"street {n} ({houses} houses)"
                                for n, houses in enumerate(content.sheet.streets, 1)]  # fmt: skip
    rows = [[n] + [at(ladder, n) for ladder in parks] for n in range(max(map(len, parks)))]
    return table(head, rows)


def tracks_table(content: WelcomeToContent) -> str:
    """The pools' points and the extension and refusal penalties by the boxes crossed."""
    ladders = content.ladders
    tracks = (ladders.pools, ladders.extension, ladders.refusals)
    rows = [[n] + [at(ladder, n) for ladder in tracks] for n in range(max(map(len, tracks)))]
    return table(["boxes crossed", "pools", "extension (less)", "refusals (less)"], rows)


def estates_table(content: WelcomeToContent) -> str:
    """Each estate size's value, then after each improvement."""
    rows = [(size, ", ".join(map(str, ladder)))
            for size, ladder in enumerate(content.ladders.estates, 1)]  # fmt: skip
    return table(["estate size", "value, then after each improvement"], rows)


def workers_table(content: WelcomeToContent) -> str:
    """The temporary workers' ranking: points by place among the counts above zero."""
    rows = [(PLACES[n] if n < len(PLACES) else f"place {n + 1}", points)
            for n, points in enumerate(content.ladders.temp_ranking)]  # fmt: skip
    return table(["temporary workers", "points"], rows)


def plans_table(content: WelcomeToContent) -> str:
    """The city plans of each deck: the estates each asks for, the first and later
    claimants' points."""
    plans = content.plans
    rows = [
        (name, " + ".join(map(str, plan.estates)), plan.first, plan.later)
        for index, name in enumerate(plans.deck_names)
        for plan in plans.deck(index)
    ]
    return table(["plan deck", "estates (sizes)", "first", "later"], rows)


def made(content: WelcomeToContent) -> dict[str, str]:
    """The rules page's pieces made from ``content``."""
    return {
        "parks": parks_table(content),
        "tracks": tracks_table(content),
        "estates": estates_table(content),
        "temporary workers": workers_table(content),
        "plans": plans_table(content),
    }


def tables() -> dict[str, str]:
    """The rules page's pieces made from the game's content."""
    return made(DATA.load())
