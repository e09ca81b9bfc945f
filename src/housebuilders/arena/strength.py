"""Head-to-head strength: bot A against bot B over many games, seats rotated.

    from housebuilders.arena import strength

    result = strength.match("mr-house-basic", "greedy", "random", games=200, seed=0)
    low, high = result.interval
    print(f"{result.score_rate:.1%} [{low:.1%}, {high:.1%}]")

Game ``i`` uses seed ``seed + i``. Seats rotate as in ``simulate``: seat ``s`` of game
``i`` is played by A when ``s + i`` is even, by B otherwise (``a_seats``), so over any even number
of games each bot plays each seat equally (in two players A sits first in the even
games, B in the odd ones; in three, A plays two seats of the even games and one of
the odd ones).

**Outcome of a game** for A, from the game's ``winners()``: a win if a seat of A's won
and none of B's, a tie if seats of both won (a shared win), a loss otherwise: B won,
or nobody did. A game everyone lost (Mr House advanced: no house complete) is a loss
for both bots, not a tie: neither won it (``both_lost`` counts them).

**Score rate** of A: (wins + ties / 2) / games, the share of the games A won, a
shared win counting half. Where every game has a winner it is A's share of the
match and 50% means equal strength. Where games can be lost by everyone, A's and B's
rates add up to less than 100% (the games both lost are missing from both), so 50%
is no longer the mark of equal strength: compare A's wins with B's (``b_wins``), and
read A's rate as what it is, how often A wins against B.

**Confidence interval**: the Wilson score interval at 95% on that rate (``wilson``).
Wilson rather than the normal approximation because it stays inside [0, 1] and keeps
close to its nominal coverage for small matches and rates near 0 or 1, which is where
bot comparisons live. Each
game is treated as a trial of mean ``p`` and variance ``p(1 - p)``; a game scored
0, 1/2 or 1 has at most that variance, so with ties the interval errs on the wide
(conservative) side.

**Decision speed**: each agent is wrapped in a ``TimedAgent`` that times ``choose``
(seconds per move) and, for a bot that reports ``last_iterations`` and
``last_seconds`` after a decision (``ismcts``), adds up its search iterations
(iterations per second). With iteration-budget bots and a fixed seed the games, and
so everything but the timings, are the same on every run.

A game in which a bot raises is recorded as a ``GameError`` (its seed, the bots in
seat order, the bot that raised, the error) and the match goes on without it;
``housebuilders play GAME --seed SEED --bots <the bots in seat order>`` replays it.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from housebuilders.agents import Agent, check_game, make
from housebuilders.agents.turn import BotError, bot_seed, decide, make_agents
from housebuilders.arena.errors import BadPlayerCount, BadRun, check_bots, check_players, find_game
from housebuilders.arena.match import run
from housebuilders.arena.runner import in_workers
from housebuilders.arena.simulate import lineup
from housebuilders.core import Action, GameSpec, State, game

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054

Outcome = str  # "win", "tie" or "loss", for bot A (a game both lost: a loss)
WIN, TIE, LOSS = "win", "tie", "loss"


# == the confidence interval ===================================================================
def wilson(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a rate of ``score / games`` (score may count ties
    as halves): ``(0, 1)`` when no game was played."""
    if games <= 0:
        return (0.0, 1.0)
    p = score / games
    z2n = z * z / games
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / games + z2n / (4 * games))
    # the interval holds p, even where rounding puts an end a hair past it (p = 0 or 1)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


class WinRate:
    """``win_rate`` and its 95% Wilson ``interval``, for a line of a table that has
    ``wins`` (a shared first place split) out of ``games``."""

    wins: float
    games: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval on the win rate."""
        return wilson(self.wins, self.games)


# == timing the decisions ======================================================================
@dataclass
class Speed:
    """What a bot's decisions cost: every decision timed around ``choose``, and the
    search iterations of the decisions that reported some."""

    decisions: int = 0
    seconds: float = 0.0
    iterations: int = 0
    search_seconds: float = 0.0

    def add(self, seconds: float, iterations: int = 0, search_seconds: float = 0.0) -> None:
        self.decisions += 1
        self.seconds += seconds
        self.iterations += iterations
        self.search_seconds += search_seconds

    def merge(self, other: Speed) -> None:
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.iterations += other.iterations
        self.search_seconds += other.search_seconds

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    @property
    def iterations_per_s(self) -> float | None:
        """Search iterations per second of search; None for a bot that reports none."""
        if not self.iterations or self.search_seconds <= 0:
            return None
        return self.iterations / self.search_seconds


class TimedAgent:
    """An agent wrapped to time its decisions into ``speed``.

    After each ``choose`` it reads the bot's ``last_iterations`` and ``last_seconds``
    if it has them; both are zeroed first, so a decision that did not search (a forced
    move) adds no stale figures.
    """

    def __init__(self, agent: Agent, speed: Speed | None = None) -> None:
        self.agent = agent
        self.name = agent.name
        self.speed = speed if speed is not None else Speed()
        self._searches = hasattr(agent, "last_iterations") and hasattr(agent, "last_seconds")

    def check_game(self, spec: GameSpec) -> None:
        check_game(self.agent, spec)

    def choose(self, view: State, player: int) -> Action:
        agent: Any = self.agent
        if self._searches:
            agent.last_iterations, agent.last_seconds = 0, 0.0
        start = time.perf_counter()
        action = agent.choose(view, player)
        elapsed = time.perf_counter() - start
        if self._searches:
            self.speed.add(elapsed, int(agent.last_iterations), float(agent.last_seconds))
        else:
            self.speed.add(elapsed)
        return action


# == the result ================================================================================
@dataclass(frozen=True)
class GameRecord:
    """One finished game: its seed, which seats A played (B played the others), the
    ranking, the winners and the scores per seat, A's outcome, and the game's goal
    figures per seat (``State.goals``)."""

    seed: int
    a_seats: tuple[int, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    outcome: Outcome
    goals: Mapping[str, tuple[float, ...]] = field(default_factory=dict)

    @property
    def both_lost(self) -> bool:
        """Nobody won: a loss for A and for B."""
        return not self.winners

    def seats_of(self, a: bool) -> list[int]:
        """The seats played by A (``a``) or by B."""
        return [s for s in range(len(self.ranking)) if (s in self.a_seats) == a]


@dataclass(frozen=True)
class GameError:
    """A game abandoned because something raised: its seed, the bot names in seat
    order, the bot that raised (None if the error came from elsewhere) and the error
    as text."""

    seed: int
    lineup: tuple[str, ...]
    bot: str | None
    message: str


@dataclass
class StrengthResult:
    """What ``match`` found, from bot A's side. Equal results compare equal whatever
    the timings (``speed_a``, ``speed_b`` are left out of ``==``)."""

    game_id: str
    players: int
    bot_a: str
    bot_b: str
    seed: int
    records: list[GameRecord] = field(default_factory=list)
    errors: list[GameError] = field(default_factory=list)
    speed_a: Speed = field(default_factory=Speed, compare=False)
    speed_b: Speed = field(default_factory=Speed, compare=False)

    @property
    def games(self) -> int:
        """Games finished (errors not counted)."""
        return len(self.records)

    def _count(self, outcome: Outcome) -> int:
        return sum(r.outcome == outcome for r in self.records)

    @property
    def wins(self) -> int:
        return self._count(WIN)

    @property
    def ties(self) -> int:
        return self._count(TIE)

    @property
    def losses(self) -> int:
        """A's losses: the games B won and the games both lost."""
        return self._count(LOSS)

    @property
    def both_lost(self) -> int:
        """The games nobody won, among A's ``losses``."""
        return sum(r.both_lost for r in self.records)

    @property
    def b_wins(self) -> int:
        """The games B won alone: A's losses but those both lost."""
        return self.losses - self.both_lost

    @property
    def score(self) -> float:
        """A's score: a win 1, a tie 1/2."""
        return self.wins + self.ties / 2

    @property
    def score_rate(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval on ``score_rate``."""
        return wilson(self.score, self.games)

    @property
    def mean_score_a(self) -> float:
        return self._mean_score(a=True)

    @property
    def mean_score_b(self) -> float:
        return self._mean_score(a=False)

    def _totals(self, a: bool) -> list[int]:
        """A's (or B's) final scores, one for every seat it played."""
        return [r.scores[s] for r in self.records for s in r.seats_of(a)]

    def _mean_score(self, a: bool) -> float:
        """A's (or B's) mean final score over every seat it played."""
        totals = self._totals(a)
        return sum(totals) / len(totals) if totals else 0.0

    def score_spread(self, a: bool) -> float:
        """The standard deviation of A's (or B's) final scores over every seat it played."""
        totals = self._totals(a)
        return statistics.pstdev(totals) if totals else 0.0

    def goal_means(self, a: bool) -> dict[str, float]:
        """A's (or B's) mean of each goal figure over every seat it played: the share of
        them that met it, for a yes-or-no (a complete house)."""
        values: dict[str, list[float]] = {}
        for r in self.records:
            for name, by_seat in r.goals.items():
                values.setdefault(name, []).extend(by_seat[s] for s in r.seats_of(a))
        return {name: sum(v) / len(v) for name, v in values.items() if v}

    def goal_is_share(self, name: str) -> bool:
        """Whether a goal figure is a yes or no (the game says: ``yes_no_goals``)."""
        return name in game(self.game_id).yes_no_goals


# == playing the match =========================================================================
def a_seats(players: int, index: int) -> tuple[int, ...]:
    """The seats A plays in game ``index`` (B plays the others): A and B alternate
    round the table and swap every game, as ``simulate``'s ``lineup`` of two bots."""
    return tuple(s for s, bot in enumerate(lineup("AB", players, index)) if bot == "A")


def outcome(winners: Sequence[int], a_seats: Sequence[int]) -> Outcome:
    """A's outcome: a win if a seat of A's is among the winners and none of B's, a tie
    if seats of both are, a loss otherwise (B won, or nobody did)."""
    a_won = any(seat in a_seats for seat in winners)
    b_won = any(seat not in a_seats for seat in winners)
    if a_won:
        return TIE if b_won else WIN
    return LOSS


def match(
    game_id: str,
    bot_a: str,
    bot_b: str,
    games: int,
    players: int = 2,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    content: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> StrengthResult:
    """Play ``games`` games of A against B (game i with seed ``seed + i``, seats as in
    ``a_seats``); ``progress(done)`` is called after each game, finished or not.

    A and B may be the same bot (a self-play check: about 50% expected). Unknown bots,
    bots that cannot play the game and bad player counts fail before the first game;
    an error during a game is recorded in ``result.errors``.

    ``jobs`` > 1 plays that many games at once in worker processes; the result is the
    same as in one process (records in game order). Bots with a time budget share
    the cores, so give them at most one job per idle core."""
    spec = _check(game_id, bot_a, bot_b, games, players)
    result = StrengthResult(spec.id, players, bot_a.strip(), bot_b.strip(), seed)
    if jobs <= 1:
        for index in range(games):
            play_one(result, a_seats(players, index), seed + index, options, content)
            if progress is not None:
                progress(index + 1)
        return result
    parts: dict[int, StrengthResult] = {}
    work = partial(_one_game, result, options, content)
    for done, (index, part) in enumerate(in_workers(work, range(games), jobs), 1):
        parts[index] = part
        if progress is not None:
            progress(done)
    for index in range(games):
        part = parts[index]
        result.records += part.records
        result.errors += part.errors
        result.speed_a.merge(part.speed_a)
        result.speed_b.merge(part.speed_b)
    return result


def _one_game(
    whole: StrengthResult,
    options: Mapping[str, Any] | None,
    content: Mapping[str, Any] | None,
    index: int,
) -> tuple[int, StrengthResult]:
    """Game ``index`` of the match ``whole``, as a result of its own (in a worker)."""
    part = StrengthResult(whole.game_id, whole.players, whole.bot_a, whole.bot_b, whole.seed)
    play_one(part, a_seats(whole.players, index), whole.seed + index, options, content)
    return index, part


def _check(game_id: str, bot_a: str, bot_b: str, games: int, players: int) -> GameSpec:
    """The game, once the bots, the player count and the games are checked (an
    ArenaError if not)."""
    spec = find_game(game_id)
    check_bots(spec, (bot_a, bot_b))
    check_players(spec, players)
    if players < 2:
        raise BadPlayerCount("a strength match needs at least 2 players")
    if games < 1:
        raise BadRun(f"a strength match needs at least 1 game, not {games}")
    return spec


def play_one(
    result: StrengthResult,
    seats_of_a: tuple[int, ...],
    seed: int,
    options: Mapping[str, Any] | None,
    content: Mapping[str, Any] | None,
) -> None:
    """Play one game, A in ``seats_of_a`` and B elsewhere, and add it (or its error)
    to ``result``. Each seat's bot is made with ``bot_seed(seed, seat)``, as ``play``
    does."""
    speed_a, speed_b = Speed(), Speed()
    names = tuple(
        result.bot_a if seat in seats_of_a else result.bot_b for seat in range(result.players)
    )
    agents: list[Agent] = [
        TimedAgent(agent, speed_a if seat in seats_of_a else speed_b)
        for seat, agent in enumerate(make_agents(names, seed))
    ]
    try:
        state = game(result.game_id).new_game(result.players, seed, options, content)
        run(state, agents, seed)
    except BotError as e:
        result.errors.append(GameError(seed, names, e.bot, str(e)))
        return
    except Exception as e:  # the rules or the options: still one game, not the match
        result.errors.append(GameError(seed, names, None, f"{type(e).__name__}: {e}"))
        return
    ranking, winners = tuple(state.ranking()), tuple(state.winners())
    scores = tuple(s["total"] for s in state.scores())
    goals = {name: tuple(values) for name, values in state.goals().items()}
    result.records.append(
        GameRecord(seed, seats_of_a, ranking, winners, scores, outcome(winners, seats_of_a), goals)
    )
    result.speed_a.merge(speed_a)
    result.speed_b.merge(speed_b)


# == search speed from positions of one game ===================================================
def positions(
    game_id: str, players: int, count: int, seed: int = 0, options: Mapping[str, Any] | None = None
) -> list[tuple[State, int]]:
    """``count`` positions spread through one random game, each with its acting
    player, leaving out forced moves (a single legal action)."""
    spec = game(game_id)
    state = spec.new_game(players, seed, options)
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    while not state.is_terminal():
        player = state.acting_players()[0]
        legal = state.legal_actions(player)
        if len(legal) > 1:
            found.append((state.clone(), player))
        state.apply(player, rng.choice(legal))
    if len(found) <= count:
        return found
    step = len(found) / count
    return [found[int(i * step)] for i in range(count)]


def search_speed(
    game_id: str,
    bot: str = "ismcts:iterations=300",
    players: int = 4,
    count: int = 5,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Speed:
    """Time one decision of ``bot`` (made fresh, seeded) at each of ``count`` positions
    of a ``players``-player game: the bot's seconds per move and iterations per second."""
    speed = Speed()
    for number, (state, player) in enumerate(positions(game_id, players, count, seed, options)):
        agent = TimedAgent(make(bot, seed=bot_seed(seed, number)), speed)
        check_game(agent, state.spec)
        decide(agent, state, player, seed)
    return speed


# == the standard matches and their figures as text ===========================================
#: The pairs ``housebuilders bench GAME --strength`` and ``benchmarks/strength.py`` play
#: by default: each bot against the one below it.
STANDARD_PAIRS: tuple[tuple[str, str], ...] = (
    ("greedy", "random"),
    ("ismcts:seconds=0.1", "greedy"),
)


def rate_text(result: StrengthResult) -> str:
    """``"61.0% [51.2%, 70.0%]"``: A's score rate and its 95% interval."""
    low, high = result.interval
    return f"{result.score_rate:.1%} [{low:.1%}, {high:.1%}]"


def wdl_text(result: StrengthResult) -> str:
    """A's wins, draws (ties) and losses: ``"12/3/5"``, and how many of the losses
    both bots lost: ``"12/3/5 (2 both lost)"``."""
    text = f"{result.wins}/{result.ties}/{result.losses}"
    return text + (f" ({result.both_lost} both lost)" if result.both_lost else "")


def move_ms_text(speed: Speed) -> str:
    """Mean milliseconds per decision, to three significant figures (more if large)."""
    ms = speed.seconds_per_move * 1000
    return f"{ms:.3g}" if ms < 100 else f"{ms:,.0f}"


def goal_text(result: StrengthResult, name: str, a: bool) -> str:
    """A's (or B's) figure for a goal: a share as a percentage, else the mean."""
    return goal_figure(result.goal_means(a).get(name), result.goal_is_share(name))


def goal_figure(value: float | None, share: bool) -> str:
    """A goal's figure as text: a share (``share``, a yes or no) as a percentage, else
    the mean to one decimal; a dash for none."""
    if value is None:
        return "—"
    return f"{value:.0%}" if share else f"{value:.1f}"


def goal_names(results: Sequence[StrengthResult]) -> list[str]:
    """The goal figures the matches report, in the order the game gives them."""
    return list(dict.fromkeys(n for r in results for rec in r.records for n in rec.goals))


def iterations_text(speed: Speed) -> str:
    """Search iterations per second, or a dash for a bot that does not search."""
    rate = speed.iterations_per_s
    return "—" if rate is None else f"{rate:,.0f}"
