"""Game-independent bots and the Agent protocol.

    import housebuilders as hb
    from housebuilders import agents

    bot = agents.make("greedy:samples=8", seed=1)
    final = hb.play("mr-house-basic", ["random", bot], seed=7)

A bot is chosen by name (see ``registry``): ``random``, ``greedy`` (the game's own
heuristic, one action ahead), ``ismcts`` (information-set Monte Carlo tree search,
e.g. ``ismcts:iterations=2000`` or ``ismcts:seconds=0.5``); parameters follow a
colon, ``name:key=value,...``.
"""

from .base import Agent, AgentError, check_game
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent
from .registry import BotInfo, bot_info, bot_names, make, parse, register_bot, split_bots

register_bot("random", RandomAgent, help="uniform over the legal actions")
register_bot(
    "greedy",
    GreedyAgent,
    {"samples": int},
    help="one action of look-ahead on the game's heuristic; samples: evaluations "
    "averaged when the action rolls dice or reveals something",
)

register_bot(
    "ismcts",
    ISMCTSAgent,
    {
        "iterations": int,
        "seconds": float,
        "c": float,
        "depth": int,
        "rollout": str,
        "epsilon": float,
        "widen": float,
        "scale": float,
        "candidates": int,
        "reuse": bool,
        "prior": bool,
        "width": int,
        "paired": bool,
        "reveals": int,
        "z": float,
    },
    help="information-set Monte Carlo tree search; iterations (default 500) or seconds "
    "per move; c exploration; depth: rollout actions before the heuristic scores the "
    "position (0: at once, negative: to the end); rollout random|greedy|policy; epsilon; "
    "widen progressive widening; scale; candidates compared by a greedy rollout step; "
    "reuse; prior: expand moves best first by the heuristic; width: search only the "
    "heuristic's best moves at the root; paired: compare root moves on the same samples; "
    "z: with paired, how sure a move must be to beat the heuristic's best; "
    "reveals: score the position after that many reveals",
)

__all__ = [
    "Agent",
    "AgentError",
    "BotInfo",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "bot_info",
    "bot_names",
    "check_game",
    "make",
    "parse",
    "register_bot",
    "split_bots",
]
