"""A finished game, step by step: what the replay page shows.

A ``Replay`` is built once per finished table: it plays the table's actions again
from a new game with the table's seed, keeps every seat's score total after each step
(the chart of scores over time) and a copy of the state every ``interval`` steps. The
state after any step is then the nearest copy before it with at most ``interval - 1``
actions applied again, so stepping through a game of n moves costs n times a few
actions, not the n² of replaying the game from its start for every step.

Step 0 is the game as dealt; step k is the game after its first k actions; the last
step is the final position. Only a finished game is replayed (docs/security.md says
why): a game still being played has no ``Replay``.

The views of the steps last asked for are kept (``STEP_VIEWS`` of them, per step, seat
and drawing or not), so that a step asked for again, by the page going back and forth
or by anyone asking in a loop, costs a lookup rather than its drawing.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from housebuilders.core import Action, GameSpec, State
from housebuilders.server.seats import SeatInfo
from housebuilders.server.table import named

#: at most about this many copies of the state are kept per replay (and one at least
#: every ``MIN_INTERVAL`` steps): memory stays bounded, a step costs few actions
CHECKPOINTS = 64
MIN_INTERVAL = 16
#: the step views a replay keeps (the least recently asked for go first): each 20-50 KB
#: with its drawing (more with a long game's log), so a few MB a replay at most
STEP_VIEWS = 32


@dataclass(eq=False)
class Replay:
    spec: GameSpec
    players: int
    history: list[tuple[int, Action]]
    interval: int
    checkpoints: list[State]  # the state after step i * interval
    totals: list[list[int]]  # every seat's score total after each step, 0 to the last
    moves: list[dict[str, Any]]  # each action: its player and its text
    #: the step views last asked for, by (step, seat, drawn, the seats' names)
    views: OrderedDict[tuple[Any, ...], dict[str, Any]] = field(
        default_factory=OrderedDict, repr=False
    )

    @classmethod
    def build(cls, start: State, history: list[tuple[int, Action]]) -> Replay:
        """The replay of ``history`` played from ``start`` (a new game: the table's seed,
        players and options)."""
        interval = max(MIN_INTERVAL, math.ceil(len(history) / CHECKPOINTS))
        state = start.clone()
        checkpoints = [state.clone()]
        totals = [_totals(state)]
        moves = []
        for step, (player, action) in enumerate(history, start=1):
            moves.append({"player": player, "text": state.describe(action)})
            state.apply(player, action)
            totals.append(_totals(state))
            if step % interval == 0:
                checkpoints.append(state.clone())
        players = start.num_players
        return cls(start.spec, players, list(history), interval, checkpoints, totals, moves)

    @property
    def steps(self) -> int:
        """The number of actions: the steps are 0 (the deal) to this (the end)."""
        return len(self.history)

    def state_at(self, step: int) -> State:
        """The game after its first ``step`` actions (a copy: the replay keeps its own)."""
        if not 0 <= step <= self.steps:
            raise IndexError(step)
        base = step // self.interval
        state = self.checkpoints[base].clone()
        for player, action in self.history[base * self.interval : step]:
            state.play(player, action)  # played once already, through apply: legal
        return state

    def step_view(
        self, step: int, seat: int | None, svg: bool, seats: Sequence[SeatInfo]
    ) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) saw after ``step`` actions: its
        observation and the drawing of it (nothing on it to click, the ``seats`` named
        as the page names them), the log so far, the scores then and the move that led
        there. Kept for the next time it is asked for (``STEP_VIEWS``)."""
        key = (step, seat, svg, tuple(info.name for info in seats))
        view = self.views.get(key)
        if view is None:
            view = self.views[key] = self._step_view(step, seat, svg, seats)
            if len(self.views) > STEP_VIEWS:
                self.views.popitem(last=False)
        else:
            self.views.move_to_end(key)
        return view

    def _step_view(
        self, step: int, seat: int | None, svg: bool, seats: Sequence[SeatInfo]
    ) -> dict[str, Any]:
        state = self.state_at(step)
        observation = state.observe(seat)
        drawing = None
        if svg and self.spec.svg_view is not None:
            drawing = self.spec.svg_view(named(observation, seats), [])
        return {
            "step": step,
            "steps": self.steps,
            "seat": seat,
            "move": self.moves[step - 1] if step else None,
            "observation": observation,
            "svg": drawing,
            "events": list(getattr(state, "log", ())),
            "scores": state.scores(),
            "acting": list(state.acting_players()),
            "terminal": state.is_terminal(),
        }


def _totals(state: State) -> list[int]:
    return [score["total"] for score in state.scores()]
