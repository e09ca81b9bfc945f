"""Where the drawing puts each location of the city: a 3 x 3 grid whose orthogonal
neighbours are exactly the adjacent locations (the game's content gives the
adjacency), the rulebook's arrangement when it fits."""

from __future__ import annotations

from functools import lru_cache

# The rulebook's 3 x 3 grid by location number (data.toml's proposed geometry); in the
# advanced variant 1 and 10 share the centre square.
GRID = {9: (0, 0), 2: (1, 0), 3: (2, 0), 8: (0, 1), 1: (1, 1), 4: (2, 1), 7: (0, 2), 6: (1, 2)}
GRID[5] = (2, 2)

GridPlace = tuple[int, int, int | None]  # column, row, half (None: the whole square)
SQUARES = [(col, row) for row in range(3) for col in range(3)]


@lru_cache(maxsize=64)
def grid(board: tuple[tuple[int, tuple[int, ...]], ...]) -> dict[int, GridPlace] | None:
    """Where each location of ``board`` ((number, adjacent numbers) each) goes on a 3 x 3
    grid whose orthogonal neighbours are exactly the adjacent locations; two locations
    adjacent to each other and to the same others (the advanced board's 1 and 10) share
    a square, the lower number on the left. The rulebook's arrangement (GRID) when it
    fits, else the first that does; None if none does."""
    adjacent = {number: set(others) for number, others in board}
    twin: dict[int, int] = {}  # the higher number of a shared square -> the lower
    for a in sorted(adjacent):
        for b in sorted(adjacent[a]):
            if a < b and a not in twin and adjacent[a] - {b} == adjacent.get(b, set()) - {a}:
                twin[b] = a
    nodes = [n for n in sorted(adjacent) if n not in twin]
    links = {n: {twin.get(m, m) for m in adjacent[n] if twin.get(m, m) != n} for n in nodes}
    if len(nodes) != len(SQUARES):
        return None

    def fits(square: dict[int, tuple[int, int]]) -> bool:
        return all(
            (abs(square[a][0] - square[b][0]) + abs(square[a][1] - square[b][1]) == 1)
            == (b in links[a])
            for a in square
            for b in square
            if a < b
        )

    rulebook = {n: GRID[n] for n in nodes if n in GRID}
    found = rulebook if len(rulebook) == len(nodes) and fits(rulebook) else _search(nodes, links)
    if found is None:
        return None
    places: dict[int, GridPlace] = {n: (*found[n], None) for n in nodes}
    for b, a in twin.items():
        places[a], places[b] = (*found[a], 0), (*found[a], 1)
    return places


def _search(nodes: list[int], links: dict[int, set[int]]) -> dict[int, tuple[int, int]] | None:
    """The first assignment of ``nodes`` to the grid's squares (backtracking in order)
    under which neighbouring squares are exactly the linked nodes."""
    square: dict[int, tuple[int, int]] = {}

    def place(i: int) -> bool:
        if i == len(nodes):
            return True
        node = nodes[i]
        for spot in SQUARES:
            if spot in square.values():
                continue
            if all(
                (abs(spot[0] - at[0]) + abs(spot[1] - at[1]) == 1) == (other in links[node])
                for other, at in square.items()
            ):
                square[node] = spot
                if place(i + 1):
                    return True
                del square[node]
        return False

    return dict(square) if place(0) else None
