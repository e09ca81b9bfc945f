"""What House of Fado's content puts on its rules page (rules.md), made from the
game's content when the page is read (``GameSpec.rules_tables``), so that the Rules
panel gives the numbers the board shows: the musician types, the prices by fame (a
contract, a hire), raising a musician's fame, the prestige track, the billboard's
tiles, the fado tiles and the end's stars and fado sets. The page places each with a
line ``{{name}}`` of its own."""

from __future__ import annotations

from collections.abc import Sequence

from housebuilders.games.house_of_fado.content import DATA, HouseOfFadoContent


def table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table: ``head``'s cells, then one line a row."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def types_table(content: HouseOfFadoContent) -> str:
    """Each musician type: its base cost and the customers' colours it plays for."""
    rows = [(t.name, t.base_cost, ", ".join(t.colours)) for t in content.types]
    return table(["musician type", "base cost", "customers it takes"], rows)


def prices_table(content: HouseOfFadoContent) -> str:
    """A musician's price by its fame: a contract its fame's cost, a hire that plus
    its type's base cost."""
    head = ["fame", "contract"] + [f"hire: {t.name}" for t in content.types]
    rows = [
        [fame, cost] + [cost + t.base_cost for t in content.types]
        for fame, cost in enumerate(content.fame.hire_cost, 1)
    ]
    return table(head, rows)


def fame_table(content: HouseOfFadoContent) -> str:
    """One fame more: its money at the Rehearsal Room's kick-out space, its customers
    at a close."""
    rows = [
        (f"{fame} → {fame + 1}", money, customers)
        for fame, (money, customers) in enumerate(
            zip(content.fame.rehearsal_cost, content.fame.customers, strict=False), 1
        )
    ]
    return table(["fame", "Rehearsal Room (money)", "at a close (customers)"], rows)


def prestige_table(content: HouseOfFadoContent) -> str:
    """The prestige track: the income and a critic's cost by the cubes removed."""
    rows = [
        (removed, income, critic)
        for removed, (income, critic) in enumerate(
            zip(content.income, content.critic_cost, strict=False)
        )
    ]
    return table(["prestige cubes removed", "income", "a critic costs"], rows)


def billboard_table(content: HouseOfFadoContent) -> str:
    """The billboard's scoring tiles: their points by place, at 3-4 players and at 2."""
    many = len(content.billboard[0].many)
    two = len(content.billboard[0].two)
    places = ["1st", "2nd", "3rd"]
    head = (["billboard tile"] + [f"{p} (3-4 players)" for p in places[:many]]
            + [f"{p} (2 players)" for p in places[:two]])  # fmt: skip
    rows = [[tile.name, *tile.many, *tile.two] for tile in content.billboard]
    return table(head, rows)


def fado_table(content: HouseOfFadoContent) -> str:
    """The fado tiles: the notes each needs, its points and whether it is in the
    2-player set."""
    rows = [
        (n, " ".join(tile.notes), tile.points, "yes" if tile.two else "no")
        for n, tile in enumerate(content.fado, 1)
    ]
    return table(["fado tile", "notes", "points", "at 2 players"], rows)


def end_table(content: HouseOfFadoContent) -> str:
    """The end's points for stars and for fado tiles scored, by how many."""
    sets = content.fado_set_points
    rows = [
        (n, points, sets[min(n, len(sets) - 1)])
        for n, points in enumerate(content.star_points)
        if n
    ]
    return table(["how many", "stars", "fado tiles scored"], rows)


def made(content: HouseOfFadoContent) -> dict[str, str]:
    """The rules page's pieces made from ``content``."""
    return {
        "musician types": types_table(content),
        "prices": prices_table(content),
        "fame": fame_table(content),
        "prestige": prestige_table(content),
        "billboard": billboard_table(content),
        "fado tiles": fado_table(content),
        "end points": end_table(content),
    }


def tables() -> dict[str, str]:
    """The rules page's pieces made from the game's content."""
    return made(DATA.load())
