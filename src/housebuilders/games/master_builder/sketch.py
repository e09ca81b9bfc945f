"""A plan that stands, made by rule of thumb: for one contract, the sections some free
workers can build this round by the building rules, each with the least skilled workers
that fit. The bots' guess at a seat's hidden plan (``MasterBuilderState.sketch_plan``) and
at what their own workers will build."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from housebuilders.core.content import per_content, remembered
from housebuilders.games.master_builder.actions import NONE
from housebuilders.games.master_builder.building import GABLES, ROOFS, SIDE_WALLS, TOWN, WALLS
from housebuilders.games.master_builder.content import needs

if TYPE_CHECKING:
    from housebuilders.games.master_builder.base import MasterBuilderBase


Sketch = tuple[tuple[int, tuple[int, int]], ...]
SKETCHES_KEPT = 20_000  # sketches remembered per content (a game asks for about 600)


@per_content
def _sketches(content: Any) -> dict[tuple[Any, ...], tuple[Sketch, list[int]]]:
    """The sketches made so far for a content: the bots ask for the same ones often."""
    return {}


def sketch(state: MasterBuilderBase, contract: int, built: list[int], free: list[int]) -> Sketch:
    """A plan for ``contract`` (sections ``built`` so far) that stands: the sections the
    ``free`` workers (skills) can build this round by the building rules (a stable start,
    the roof after the walls, one town wall after the other), each with its crew, the
    least skilled fitting workers, who are taken from ``free``. Remembered: it depends
    on nothing else of the state but the content and the no-roofs event."""

    def make() -> tuple[Sketch, list[int]]:
        left = list(free)
        return tuple(_sketch(state, contract, built, left)), left

    key = (contract, *built, -1, *free, state.no_roofs)
    made, left = remembered(_sketches(state.content), key, SKETCHES_KEPT, make)
    free[:] = left
    return made


def _sketch(
    state: MasterBuilderBase, contract: int, built: list[int], free: list[int]
) -> list[tuple[int, tuple[int, int]]]:
    need = needs(state.content)[contract]
    out: list[tuple[int, tuple[int, int]]] = []
    if state.is_town_wall(contract):
        for wall in sorted(TOWN, key=lambda w: not any(built[s] for s in w)):  # started first
            todo = [s for s in wall if not built[s]]
            unbuilt, start = len(todo), len(out)
            if todo and unbuilt == len(wall):  # a fresh wall: its wall section and a side
                crews = _take_all(free, [need[wall[0]], need[todo[1]]])
                if crews is None:
                    break
                out += zip((wall[0], todo[1]), crews, strict=True)
                todo = todo[2:]
            for s in todo:
                crew = _take(free, need[s])
                if crew is not None:
                    out.append((s, crew))
            if len(out) - start < unbuilt:
                break  # this wall unfinished: the other waits (MB-91)
        return out
    if not any(built[s] for s in WALLS):  # a gable and a side wall first (MB-87)
        pairs = sorted(((g, w) for g in GABLES for w in SIDE_WALLS),
                       key=lambda gw: -sum(need[gw[0]]) - sum(need[gw[1]]))  # fmt: skip
        for pair in pairs:
            crews = _take_all(free, [need[s] for s in pair])
            if crews is not None:
                out += zip(pair, crews, strict=True)
                break
        else:
            return out
    for s in WALLS:
        if not built[s] and all(s != o for o, _ in out):
            crew = _take(free, need[s])
            if crew is not None:
                out.append((s, crew))
    walls = sum(built[s] for s in WALLS) + sum(s in WALLS for s, _ in out)
    if walls == len(WALLS) and not state.no_roofs:  # the roof after four walls (MB-89)
        for s in ROOFS:
            crew = _take(free, need[s]) if not built[s] else None
            if crew is not None:
                out.append((s, crew))
    return out


def _take(free: list[int], need: tuple[int, ...]) -> tuple[int, int] | None:
    """The least skilled workers of ``free`` meeting ``need``, taken from it, as a crew."""
    trial = list(free)
    taken = []
    for n in sorted(need, reverse=True):  # the easiest part first
        fit = [w for w in trial if w <= n]
        if not fit:
            return None
        taken.append(max(fit))
        trial.remove(taken[-1])
    free[:] = trial
    taken.sort()
    return (taken[0], taken[1] if len(taken) > 1 else NONE)


def _take_all(free: list[int], needs_: list[tuple[int, ...]]) -> list[tuple[int, int]] | None:
    """Crews for every need of ``needs_``, or None (and nothing taken)."""
    trial = list(free)
    crews = [_take(trial, n) for n in needs_]
    if any(c is None for c in crews):
        return None
    free[:] = trial
    return crews  # type: ignore[return-value]


def skills_of(counts: list[int]) -> list[int]:
    """Skill counts as a list of skills, best first: [1, 0, 2, 0] -> [0, 2, 2]."""
    return [s for s, n in enumerate(counts) for _ in range(n)]
