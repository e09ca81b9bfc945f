"""One bot decision, the same wherever a game is played (the arena, the command line,
the web server): what the bot is shown, how it is seeded, how long it may think.

- **Seeds.** In a game of seed ``g``, the bot made by name for seat ``s`` gets
  ``bot_seed(g, s)``, and a decision is shown a view determinized with
  ``view_seed(g, n)``, ``n`` the number of moves the seat has seen (``moves_seen``).
  The same seed and bots give the same game.
- **The view.** A bot is handed ``state.determinize(player, seed)``, never the true
  state, so it cannot see what its seat cannot (``decide``).
- **Errors.** A bot that raises while choosing comes out as a ``BotError`` naming the
  bot and its seat, the bot's exception chained.
- **A bot made for one move** (``Decision``, the web server's way, where any worker
  process may think any move): the bot is made afresh from its name for each move,
  seeded from the decision's seed, so the move depends only on the view, the name and
  the seed. The decision is numbered by what the seat has seen, not by the others'
  unseen moves. ``fallback`` is the random legal move played for a bot with none.
- **Advice** (the web table's hint): the greedy bot's move for a seat, made as its
  ``Decision`` would be (the same view and seeds), with every legal move's score.
- **The time budget.** A bot given ``seconds`` a move is stopped once
  ``deadline(seconds)`` have passed: its time and a little grace.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from housebuilders.agents.base import Agent, check_game
from housebuilders.agents.greedy import GreedyAgent
from housebuilders.agents.registry import make
from housebuilders.core import Action, State
from housebuilders.core.rng import seed_state

_VIEW_STREAM = 1 << 32
_BOT_STREAM = 2 << 32

#: what a bot may overrun its time by before it is stopped (the hop to its process
#: and back, and the last step of a search that checks its clock between steps):
#: half a second, or a quarter of a shorter time
GRACE = 0.5


def view_seed(game_seed: int, step: int) -> int:
    """The determinization seed of decision number ``step`` of a game."""
    return seed_state(game_seed, _VIEW_STREAM + step)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot made by name for ``seat``."""
    return seed_state(game_seed, _BOT_STREAM + seat)


def deadline(seconds: float) -> float:
    """Seconds after which a bot given ``seconds`` a move, still thinking, is stopped."""
    return seconds + min(GRACE, seconds / 4)


class Work(Protocol):
    """What a worker process takes: a bot's ``Decision``, a hint's ``Advice``, a part of
    a finished game's review (``review.ReviewPart``): ``take()`` answers."""

    def take(self) -> Any: ...


class BotError(Exception):
    """A bot raised while choosing: ``bot`` names it, ``seat`` is where it sat (None if
    unknown); the cause is chained."""

    def __init__(self, bot: str, error: BaseException, seat: int | None = None) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.bot = bot
        self.seat = seat


def make_agents(bots: Sequence[str | Agent], seed: int) -> list[Agent]:
    """Agents for the seats of a game of seed ``seed``: names are made with their seat's
    seed (``bot_seed``), objects kept as given."""
    return [
        make(b, seed=bot_seed(seed, seat)) if isinstance(b, str) else b
        for seat, b in enumerate(bots)
    ]


def decide(agent: Agent, state: State, player: int, game_seed: int) -> Action:
    """The action ``agent`` chooses for ``player`` on the player's view of ``state``, the
    decision numbered by the moves the seat has seen in the game of seed ``game_seed``
    (not by the others' unseen choices of a simultaneous round: the view's random
    generator would tell how many they made). An exception from the bot comes out as a
    BotError."""
    view = state.determinize(player, view_seed(game_seed, state.moves_seen(player)))
    try:
        return agent.choose(view, player)
    except BotError:
        raise
    except Exception as e:
        raise BotError(agent.name, e, player) from e


@dataclass(frozen=True)
class Decision:
    """A move of a bot made for this move alone: all it depends on, to be thought in
    any process. ``view`` is the seat's view (never the true state), ``bot`` the bot's
    name, ``seed`` the decision's seed (the bot is made with ``bot_seed(seed, seat)``)."""

    view: State
    seat: int
    bot: str
    seed: int

    @classmethod
    def at(cls, state: State, seat: int, bot: str, game_seed: int) -> Decision:
        """``seat``'s decision at ``state`` in the game of seed ``game_seed``, numbered by
        what the seat has seen, not by the others' unseen moves."""
        seed = view_seed(game_seed, state.moves_seen(seat))
        return cls(state.determinize(seat, seed), seat, bot, seed)

    def take(self) -> Action:
        """The bot, made now, chooses; raises what making it or the bot raises."""
        agent = make(self.bot, seed=bot_seed(self.seed, self.seat))
        check_game(agent, self.view.spec)
        return agent.choose(self.view, self.seat)

    def fallback(self, legal: Sequence[Action]) -> Action:
        """The move played for a bot that has none (out of time, or it failed): one of
        ``legal`` at random, from the decision's seed."""
        return random.Random(self.seed).choice(legal)


@dataclass(frozen=True)
class Advice(Decision):
    """What the greedy bot would play for ``seat`` on its view (``Advice.at(state, seat,
    "greedy", game_seed)``, as a greedy bot's ``Decision``), thought anywhere a decision
    is. ``take`` gives the move and every legal move with its score (the game's
    heuristic one move ahead, higher is better for the seat)."""

    def take(self) -> tuple[Action, list[tuple[Action, float]]]:  # type: ignore[override]
        agent = make(self.bot, seed=bot_seed(self.seed, self.seat))
        if not isinstance(agent, GreedyAgent):
            raise TypeError(f"advice comes from a greedy bot, not {self.bot!r}")
        check_game(agent, self.view.spec)
        scored = agent.scores(self.view, self.seat)
        return agent.pick(scored), scored
