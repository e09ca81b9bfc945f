"""One game, played to the end by agents.

The runner holds the true state. Each decision is ``agents.turn.decide``: the acting
agent is handed ``state.determinize(player, seed)``, the seed derived from the game
seed and the decision's number, so an agent never sees what its seat cannot and the
same game seed always gives the same game; a bot that raises comes out as a
``BotError`` naming it and its seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from housebuilders.agents import Agent, AgentError, check_game
from housebuilders.agents.turn import BotError, bot_seed, decide, make_agents, view_seed
from housebuilders.core import Action, State, game

__all__ = ["BotError", "OnAction", "bot_seed", "make_agents", "play", "run", "view_seed"]

#: on_action(state, player, action): called after each applied action, with the true
#: state (for narration, recording); it must not change the state.
OnAction = Callable[[State, int, Action], None]


def play(
    game_id: str,
    bots: Sequence[str | Agent],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    content: Mapping[str, Any] | None = None,
    on_action: OnAction | None = None,
) -> State:
    """Play one game of ``game_id`` with one bot per seat (names or agents) and return
    the final state. Deterministic: same seed and bots, same game."""
    agents = make_agents(bots, seed)
    state = game(game_id).new_game(len(agents), seed, options=options, content=content)
    return run(state, agents, seed, on_action)


def run(
    state: State, agents: Sequence[Agent], seed: int, on_action: OnAction | None = None
) -> State:
    """Play ``state`` to the end with ``agents`` (one per seat); returns ``state``."""
    if len(agents) != state.num_players:
        raise AgentError(
            f"{state.num_players} players need {state.num_players} bots, not {len(agents)}"
        )
    for agent in agents:
        check_game(agent, state.spec)
    while not state.is_terminal():
        player = state.acting_players()[0]
        action = decide(agents[player], state, player, seed)
        state.apply(player, action)
        if on_action is not None:
            on_action(state, player, action)
    return state
