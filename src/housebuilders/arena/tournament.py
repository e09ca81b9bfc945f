"""Tournaments: several bots, every group of them at every seating, rated.

    from housebuilders import arena

    result = arena.tournament("mr-house-basic", 3, ["greedy", "ismcts", "random", "random:"],
                              games=480, seed=0)
    for r in result.leaderboard:
        print(r.bot, r.mu, r.sigma, r.ordinal)

**Schedule.** With ``B`` bots at a table of ``N`` players, the groups are the
``B choose N`` sets of distinct bots, and each group is seated in every order
(``seatings="all"``, ``N!`` orders) or in its ``N`` rotations (``"rotate"``). Game
``i`` seats group ``i mod G`` in seating ``(i div G) mod S``: every run of ``G``
games plays each group once, and a multiple of ``G x S`` games (a full *cycle*)
plays every group in every seating equally often, so no bot gains from a seat.

**Ratings.** Each finished game, in game order, updates the bots' ratings with
openskill's Plackett-Luce model (Weng and Lin, 2011): each seat a team of one, ranked
by the game's result (``places``): the winners share first place and everyone else
shares the next, so a rating measures winning, as the win rates do; a game everyone
lost (Mr House advanced, no complete house) is a draw between all. A rating is a
belief about a bot's skill, ``mu`` its mean and ``sigma`` its uncertainty (25 and
25/3 before any game); the leaderboard is sorted by ``ordinal = mu - 3 sigma``, a
conservative estimate that a bot with few games cannot top by luck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any

from housebuilders.arena.errors import ArenaError, MissingExtra
from housebuilders.arena.records import Record
from housebuilders.arena.runner import Planned, Progress, Run, RunOptions, Setup
from housebuilders.arena.strength import WinRate

SEATINGS = ("all", "rotate")


class TournamentError(ArenaError, ValueError):
    """A tournament that cannot be scheduled or rated as asked."""


# == the schedule ==============================================================================
def schedule(
    bots: Sequence[str], players: int, games: int, seatings: str = "all"
) -> list[tuple[str, ...]]:
    """The bots by seat of each of ``games`` games (see the module's docstring)."""
    groups, orders = _groups_and_orders(bots, players, seatings)
    return [
        tuple(groups[i % len(groups)][k] for k in orders[(i // len(groups)) % len(orders)])
        for i in range(games)
    ]


def cycle(bots: Sequence[str], players: int, seatings: str = "all") -> int:
    """Games in a full cycle: every group in every seating once."""
    groups, orders = _groups_and_orders(bots, players, seatings)
    return len(groups) * len(orders)


def _groups_and_orders(
    bots: Sequence[str], players: int, seatings: str
) -> tuple[list[tuple[str, ...]], list[tuple[int, ...]]]:
    if seatings not in SEATINGS:
        raise TournamentError(f"no seatings {seatings!r}; seatings: {', '.join(SEATINGS)}")
    if players < 2:
        raise TournamentError("a tournament needs at least 2 players a game")
    twice = sorted({b for b in bots if list(bots).count(b) > 1})
    if twice:
        raise TournamentError(
            f"bot {twice[0]!r} is listed twice: each bot is rated by its name, so give each "
            "once (the same bot under another name rates apart: random, random:)"
        )
    if len(bots) < players:
        raise TournamentError(
            f"a {players}-player tournament needs at least {players} bots, one a seat, "
            f"not {len(bots)}"
        )
    groups = list(combinations(bots, players))
    if seatings == "all":
        orders = list(permutations(range(players)))
    else:
        orders = [tuple((s + r) % players for s in range(players)) for r in range(players)]
    return groups, orders


# == the ratings ===============================================================================
@dataclass(frozen=True)
class Rating(WinRate):
    """A bot's line on the leaderboard: its Plackett-Luce rating (``mu``, ``sigma``,
    ``ordinal = mu - 3 sigma``), its finished games, wins (a shared first place
    split), mean final score and the mean of each of the game's goal figures over
    the seats it played (``State.goals``: for a yes or no, the share that met it)."""

    bot: str
    mu: float
    sigma: float
    games: int
    wins: float
    mean_score: float
    goals: Mapping[str, float] = field(default_factory=dict, hash=False)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def places(record: Record) -> list[int]:
    """The places the ratings see in a finished game: 1 for each winner, 2 for every
    other seat; 1 for everyone when everyone lost (nobody beat anybody)."""
    winners = set(record.winners or ())
    return [1 if seat in winners or not winners else 2 for seat in range(record.players)]


def rate(records: Sequence[Record]) -> list[Rating]:
    """Rate the bots of finished games, in game order (failed games are left out);
    the leaderboard, best ordinal first. Each game must seat distinct bots."""
    model = _model()
    ratings: dict[str, Any] = {}
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    points: dict[str, float] = {}
    goals: dict[str, dict[str, list[float]]] = {}  # bot -> goal -> a value per seat played
    for record in sorted(records, key=lambda r: r.index):
        for bot in record.bots:
            if bot not in ratings:
                ratings[bot] = model.rating(name=bot)
                games[bot], wins[bot], points[bot] = 0, 0.0, 0.0
        if not record.finished:
            continue
        if len(set(record.bots)) < len(record.bots):
            raise TournamentError(
                f"game {record.index} seats a bot twice ({', '.join(record.bots)}): "
                "ratings need a different bot in each seat"
            )
        teams = [[ratings[bot]] for bot in record.bots]
        for bot, (new,) in zip(record.bots, model.rate(teams, ranks=places(record)), strict=True):
            ratings[bot] = new
        for bot, share, total in zip(
            record.bots, record.win_shares(), record.totals(), strict=True
        ):
            games[bot] += 1
            wins[bot] += share
            points[bot] += total
        for name, values in record.goals.items():
            for bot, value in zip(record.bots, values, strict=True):
                goals.setdefault(bot, {}).setdefault(name, []).append(value)
    board = [
        Rating(
            bot,
            r.mu,
            r.sigma,
            games[bot],
            wins[bot],
            points[bot] / games[bot] if games[bot] else 0.0,
            {name: sum(v) / len(v) for name, v in goals.get(bot, {}).items()},
        )
        for bot, r in ratings.items()
    ]
    board.sort(key=lambda r: (-r.ordinal, r.bot))
    return board


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise MissingExtra("ratings need openskill: pip install 'housebuilders[arena]'") from None
    return PlackettLuce()


# == the tournament ============================================================================
@dataclass
class TournamentResult:
    """The records of a tournament's games, in game order, and the leaderboard."""

    records: list[Record]
    leaderboard: list[Rating]


def tournament_run(
    game_id: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    seatings: str = "all",
    options: Mapping[str, Any] | None = None,
    content: Mapping[str, Any] | None = None,
    run: RunOptions | None = None,
) -> Run:
    """The run ``tournament`` plays, checked (an ArenaError, as for ``simulate``, or a
    TournamentError for a schedule that cannot be) and not yet played."""
    names = [b.strip() for b in bots]
    lineups = schedule(names, players, games, seatings)
    _model()  # openskill is there before any game is played
    run = run or RunOptions()
    setup = Setup(game_id, players, options or {}, content, run.imports)
    plan = [Planned(i, seed + i, lineup) for i, lineup in enumerate(lineups)]
    return Run(setup, names, plan, run)


def tournament(
    game_id: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    seatings: str = "all",
    options: Mapping[str, Any] | None = None,
    content: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    *,
    run: RunOptions | None = None,
) -> TournamentResult:
    """Play ``games`` games of ``bots`` by ``schedule`` (game i with seed ``seed + i``)
    and rate them. ``run`` and ``progress`` are those of ``simulate``."""
    records = tournament_run(
        game_id, players, bots, games, seed, seatings, options, content, run
    ).play(progress)
    return TournamentResult(records, rate(records))
