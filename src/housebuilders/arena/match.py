"""One game, played to the end by agents.

The runner holds the true state. Before each decision it hands the acting agent
``state.determinize(player, seed)``, the seed derived from the game seed and the
decision's number, so an agent never sees what its seat cannot and the same game
seed always gives the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..agents import Agent, AgentError, check_game, make
from ..core import Action, State, game
from ..core.rng import seed_state

#: on_action(state, player, action): called after each applied action, with the true
#: state (for narration, recording); it must not change the state.
OnAction = Callable[[State, int, Action], None]

_VIEW_STREAM = 1 << 32
_BOT_STREAM = 2 << 32


def view_seed(game_seed: int, step: int) -> int:
    """The determinization seed of decision number ``step`` of a game."""
    return seed_state(game_seed, _VIEW_STREAM + step)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot made by name for ``seat``."""
    return seed_state(game_seed, _BOT_STREAM + seat)


class BotError(Exception):
    """A bot raised while choosing: ``bot`` names it, ``seat`` is where it sat (None if
    unknown); the cause is chained."""

    def __init__(self, bot: str, error: BaseException, seat: int | None = None) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.bot = bot
        self.seat = seat


def make_agents(bots: Sequence[str | Agent], seed: int) -> list[Agent]:
    """Agents for the seats: names are made with a seat's seed, objects kept as given."""
    return [
        make(b, seed=bot_seed(seed, seat)) if isinstance(b, str) else b
        for seat, b in enumerate(bots)
    ]


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
        view = state.determinize(player, view_seed(seed, len(state.history)))
        action = agents[player].choose(view, player)
        state.apply(player, action)
        if on_action is not None:
            on_action(state, player, action)
    return state
