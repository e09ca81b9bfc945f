"""Playing games between bots: one match (``play``), many (``simulate``), or bot A
against bot B with seats rotated (``strength.match``)."""

from .match import bot_seed, make_agents, play, run, view_seed
from .simulate import lineup, simulate
from .stats import SimulationResult, Tally, win_shares

__all__ = [
    "SimulationResult",
    "Tally",
    "bot_seed",
    "lineup",
    "make_agents",
    "play",
    "run",
    "simulate",
    "view_seed",
    "win_shares",
]
