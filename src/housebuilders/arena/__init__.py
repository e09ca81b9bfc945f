"""Playing games between bots: one match (``play``), many (``simulate``, on every
core or on a Ray cluster, streamed to a results file), a rated ``tournament``, and
bot A against bot B with seats rotated (``strength.match``). ``report`` turns a
results file into tables and figures."""

from .match import BotError, bot_seed, make_agents, play, run, view_seed
from .records import Record, ResultsError, read_results
from .runner import BACKENDS, default_jobs
from .simulate import lineup, simulate
from .stats import SimulationResult, Tally, win_shares
from .tournament import Rating, TournamentResult, rate, schedule, tournament

__all__ = [
    "BACKENDS",
    "BotError",
    "Rating",
    "Record",
    "ResultsError",
    "SimulationResult",
    "Tally",
    "TournamentResult",
    "bot_seed",
    "default_jobs",
    "lineup",
    "make_agents",
    "play",
    "rate",
    "read_results",
    "run",
    "schedule",
    "simulate",
    "tournament",
    "view_seed",
    "win_shares",
]
