"""What a move gains a seat, in the game's words: its points (by the score's parts), and
what it has that the game rewards or spends (``State.standing``: money, materials, the
parts of a house...), before and after the move on the seat's own view. A hint's
"why" is made of it, never of a heuristic's number."""

from __future__ import annotations

from dataclasses import dataclass

from housebuilders.core import Action, State


@dataclass(frozen=True)
class Gains:
    """A move's changes for the seat that plays it."""

    #: the seat's total before and after
    points: tuple[float, float]
    #: the parts of the score that changed: name -> change
    parts: dict[str, float]
    #: the figures of ``standing`` that changed: name -> (before, after)
    figures: dict[str, tuple[float, float]]
    #: the move rolled dice or revealed something: the figures are one possible outcome
    chance: bool

    def words(self) -> str:
        """The changes as a phrase: "+2 points (roofs +2); wood 3 → 1, house parts
        4 → 5"; "no points now; wood 3 → 5"."""
        before, after = self.points
        if after == before:
            points = "no points now"
        else:
            parts = ", ".join(f"{_name(name)} {_signed(v)}" for name, v in self.parts.items())
            change = after - before
            unit = "point" if abs(change) == 1 else "points"
            points = f"{_signed(change)} {unit}" + (f" ({parts})" if parts else "")
        figures = [f"{name} {_number(a)} → {_number(b)}" for name, (a, b) in self.figures.items()]
        return "; ".join([points, ", ".join(figures)] if figures else [points])


def gains(view: State, seat: int, action: Action) -> Gains:
    """What ``action`` changes for ``seat`` on ``view`` (the seat's own view: what it
    knows, the rest dealt as it might be); ``view`` itself is left as it was."""
    after = view.clone()
    after.play(seat, action)
    was, now = view.scores()[seat], after.scores()[seat]
    parts = {
        name: float(value - was["breakdown"].get(name, 0))
        for name, value in now["breakdown"].items()
        if value != was["breakdown"].get(name, 0)
    }
    had, has = view.standing(seat), after.standing(seat)
    figures = {name: (had.get(name, 0.0), v) for name, v in has.items() if v != had.get(name, 0.0)}
    chance = after.undo_floor == len(after.history)
    return Gains((float(was["total"]), float(now["total"])), parts, figures, chance)


def _name(part: str) -> str:
    return part.replace("_", " ")


def _number(value: float) -> str:
    return f"{value:g}"


def _signed(value: float) -> str:
    return f"+{value:g}" if value > 0 else f"−{-value:g}"
