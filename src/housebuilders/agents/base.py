"""The Agent protocol: anything that picks an action for a seat.

An agent sees only what its seat may see. Whoever runs the game (the arena, the
CLI, the server) hands it ``state.determinize(player, seed)``, never the true
state, so no bot can peek at an opponent's face-down marker or the next die roll.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from housebuilders.core import Action, GameSpec, State


class AgentError(ValueError):
    """A bot that cannot be made (unknown name or parameter, bad value) or that cannot
    play a game (greedy without the game's heuristic)."""


@runtime_checkable
class Agent(Protocol):
    """A player. ``choose`` must return one of ``view.legal_actions(player)``.

    ``view`` is a determinized copy made for this decision: the agent may clone it,
    apply actions to it, determinize it again, but it never sees the true state.

    An agent may also define ``check_game(spec: GameSpec) -> None``, raising
    AgentError if it cannot play that game; runners call it before the first move.
    """

    name: str

    def choose(self, view: State, player: int) -> Action: ...


def check_game(agent: Agent, spec: GameSpec) -> None:
    """Raise AgentError if ``agent`` says it cannot play ``spec`` (see Agent)."""
    check = getattr(agent, "check_game", None)
    if check is not None:
        check(spec)
