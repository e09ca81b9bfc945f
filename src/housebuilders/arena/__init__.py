"""Playing games between bots: one match (``play``), many (``simulate``, on every
core or on a Ray cluster, streamed to a results file), a rated ``tournament``, and
bot A against bot B with seats rotated (``strength.match``). ``report`` turns a
results file into tables and figures.

How a run plays its games (jobs, backend, results file...) is one ``RunOptions``;
everything the arena refuses is an ``ArenaError`` (``errors``) whose message is one
line that says why.
"""

from housebuilders.arena.errors import (
    ArenaError,
    BadBot,
    BadPlayerCount,
    BadRun,
    BadSetup,
    ClusterError,
    MissingExtra,
    NoSuchGame,
    ResultsError,
    check_players,
    find_game,
)
from housebuilders.arena.match import BotError, bot_seed, make_agents, play, run, view_seed
from housebuilders.arena.records import Record, read_results
from housebuilders.arena.runner import BACKENDS, Run, RunOptions, default_jobs
from housebuilders.arena.simulate import lineup, simulate, simulation
from housebuilders.arena.stats import SimulationResult, Tally, win_shares
from housebuilders.arena.tournament import (
    Rating,
    TournamentError,
    TournamentResult,
    rate,
    schedule,
    tournament,
    tournament_run,
)

__all__ = [
    "BACKENDS",
    "ArenaError",
    "BadBot",
    "BadPlayerCount",
    "BadRun",
    "BadSetup",
    "BotError",
    "ClusterError",
    "MissingExtra",
    "NoSuchGame",
    "Rating",
    "Record",
    "ResultsError",
    "Run",
    "RunOptions",
    "SimulationResult",
    "Tally",
    "TournamentError",
    "TournamentResult",
    "bot_seed",
    "check_players",
    "default_jobs",
    "find_game",
    "lineup",
    "make_agents",
    "play",
    "rate",
    "read_results",
    "run",
    "schedule",
    "simulate",
    "simulation",
    "tournament",
    "tournament_run",
    "view_seed",
    "win_shares",
]
