"""What Dream Home's content puts on its rules page (rules.md), made from the game's
content when the page is read (``GameSpec.rules_tables``), so that the Rules panel gives
the numbers the game scores with: each room type's points by its size and its special
condition, the decor tokens' points, and the functionality, roof and helpers' points.
The page places each with a line ``{{name}}`` of its own."""

from __future__ import annotations

from collections.abc import Sequence

from housebuilders.games.dream_home.content import DATA, DreamHomeContent, Special


def table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table: ``head``'s cells, then one line a row."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def a(name: str) -> str:
    return ("an " if name[:1] in "aeiou" else "a ") + name


def special_text(special: Special | None) -> str:
    """A room's special condition in words ("3 instead, next to a kitchen")."""
    if special is None:
        return "-"
    if special.kind == "per-type-on-floor":
        return (f"+{special.points} for each type of normal room on its floor "
                f"(at most {special.cap} in all)")  # fmt: skip
    where = {
        "next-to": f"next to {a(special.room)}",
        "same-floor": f"with {a(special.room)} on its floor",
        "above": f"with {a(special.room)} above it",
    }[special.kind]
    return f"{special.points} instead, {where}"


def rooms_table(content: DreamHomeContent) -> str:
    """Each room type: where it goes, its points by its cards and its special."""
    rows = [
        (room.name, room.class_, " / ".join(map(str, room.points)), special_text(room.special))
        for room in content.rooms
    ]
    return table(["room", "kind", "points for 1 / 2 / 3 cards", "special"], rows)


def decor_table(content: DreamHomeContent) -> str:
    """Each decor token: the room it goes on and its points."""
    rows = [(d.name, d.room or "beside the home", d.points) for d in content.decor]
    return table(["decor", "goes on", "points"], rows)


def bonus_table(content: DreamHomeContent) -> str:
    """Functionality, the roof and the helpers' points."""
    f, roof, helpers = content.functionality, content.roof, content.helpers
    *first, last = f.all_of
    rows = [
        (f"{a(f.each_upper_floor)} on each of the top two floors", f.points),
        (f"{', '.join(map(a, first))} and {a(last)}", f.points),
        (f"a roof of {roof.size} cards all of one colour", roof.uniform),
        (f"a roof of {roof.size} cards of more colours", roof.mismatched),
        ("each window in a complete roof", f"+{roof.window}"),
        ("the Architect: each functionality bonus earned and each empty room",
         f"+{helpers.architect_bonus}"),
        ("the Interior Designer: each decor token", f"+{helpers.designer_bonus}"),
    ]  # fmt: skip
    return table(["for", "points"], rows)


def made(content: DreamHomeContent) -> dict[str, str]:
    """The rules page's pieces made from ``content``."""
    return {
        "rooms": rooms_table(content),
        "decor": decor_table(content),
        "bonuses": bonus_table(content),
    }


def tables() -> dict[str, str]:
    """The rules page's pieces made from the game's content."""
    return made(DATA.load())
