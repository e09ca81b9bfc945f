"""Game-independent bots and the Agent protocol.

    import housebuilders as hb
    from housebuilders import agents

    bot = agents.make("greedy:samples=8", seed=1)
    final = hb.play("mr-house-basic", ["random", bot], seed=7)

A bot is chosen by name (see ``registry``): ``random``, ``greedy`` (the game's own
heuristic, one action ahead), ``ismcts`` (information-set Monte Carlo tree search,
e.g. ``ismcts:iterations=2000`` or ``ismcts:seconds=0.5``); parameters follow a
colon, ``name:key=value,...``, each within the bounds its bot declares.

Whoever runs a game takes each bot decision the same way (``turn``: the seeds, the
determinized view, the time budget); ``worker`` thinks one move in a process that
can be stopped (the web server's bots).
"""

from .base import Agent, AgentError, check_game
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent
from .registry import (
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

register_bot("random", RandomAgent, help="uniform over the legal actions", hint="beginner")
register_bot(
    "greedy",
    GreedyAgent,
    {"samples": Param(int, 1, 1000)},
    help="one action of look-ahead on the game's heuristic; samples: evaluations "
    "averaged when the action rolls dice or reveals something",
    hint="casual",
)

register_bot(
    "ismcts",
    ISMCTSAgent,
    {
        "iterations": Param(int, 1, 1_000_000),
        "seconds": Param(float, 0, 3600),
        "c": Param(float, 0, 100),
        "depth": Param(int, -1, 1000),
        "rollout": Param(str, choices=("random", "greedy", "policy")),
        "epsilon": Param(float, 0, 1),
        "widen": Param(float, 0.001, 1000),
        "scale": Param(float, 0, 1000),
        "candidates": Param(int, 1, 1000),
        "reuse": Param(bool),
        "prior": Param(bool),
        "width": Param(int, 0, 1000),
        "paired": Param(bool),
        "reveals": Param(int, 0, 100),
        "z": Param(float, 0, 10),
        "margin": Param(float, 0, 1),
    },
    help="information-set Monte Carlo tree search; iterations (default 500) or seconds "
    "per move; c exploration; depth: rollout actions before the heuristic scores the "
    "position (0: at once, -1: to the end); rollout random|greedy|policy; epsilon; "
    "widen progressive widening; scale; candidates compared by a greedy rollout step; "
    "reuse; prior: expand moves best first by the heuristic; width: search only the "
    "heuristic's best moves at the root; paired: compare root moves on the same samples; "
    "z: with paired, how sure a move must be to beat the heuristic's best; "
    "reveals: score the position after that many reveals; margin: the share of each "
    "reward given to the lead itself, so a search sure of the result still plays for points",
    hint="strong",
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
    "check_game",
    "make",
    "parse",
    "register_bot",
    "split_bots",
    "strength_hint",
]
