"""Game-independent bots and the Agent protocol.

    import housebuilders as hb
    from housebuilders import agents

    bot = agents.make("greedy:samples=8", seed=1)
    final = hb.play("mr-house-basic", ["random", bot], seed=7)

A bot is chosen by name (see ``registry``; each bot's module registers it, with its
parameters and their bounds): ``random``, ``greedy`` (the game's own
heuristic, one action ahead), ``ismcts`` (information-set Monte Carlo tree search,
e.g. ``ismcts:iterations=2000`` or ``ismcts:seconds=0.5``), ``learned`` (a policy
trained by ``housebuilders train``, ``learned:policy=FILE``); parameters follow a
colon, ``name:key=value,...``, each within the bounds its bot declares.

Whoever runs a game takes each bot decision the same way (``turn``: the seeds, the
determinized view, the time budget); ``worker`` thinks one move in a process that
can be stopped (the web server's bots).
"""

from housebuilders.agents.base import Agent, AgentError, check_game
from housebuilders.agents.random_agent import (
    RandomAgent,  # imported first: the bots are listed weakest first
)

# isort: split
from housebuilders.agents.greedy import GreedyAgent
from housebuilders.agents.ismcts import ISMCTSAgent
from housebuilders.agents.learned import make_learned  # the learned bot, made lazily
from housebuilders.agents.registry import (
    BotInfo,
    Param,
    bot_info,
    bot_names,
    make,
    parse,
    register_bot,
    split_bots,
    strength_hint,
)

__all__ = [
    "Agent",
    "AgentError",
    "BotInfo",
    "GreedyAgent",
    "ISMCTSAgent",
    "Param",
    "RandomAgent",
    "bot_info",
    "bot_names",
    "make_learned",
    "check_game",
    "make",
    "parse",
    "register_bot",
    "split_bots",
    "strength_hint",
]
