"""What a results file says: win rates, the first player's advantage, scores, scoring
categories, game length; as numbers (``summarize``) and as the rows and sentences
that show them (the command line's tables, and the HTML page of ``page.to_html``).

    from housebuilders.arena import read_results
    from housebuilders.arena.page import to_html
    from housebuilders.arena.report import summarize

    report = summarize(read_results("results.jsonl"))
    print(report.first_player.advantage, report.first_player.interval)
    Path("report.html").write_text(to_html(report))

How the figures are counted:

- **Win rate** of a bot or a seat: its wins over the games it played, a win shared by
  ``k`` players counting ``1/k`` to each. Wins are the game's ``winners()``: in a game
  where a player can lose whatever their place (Mr House advanced: an incomplete
  house), a game may have no winner at all, and the report counts those games
  (``nobody_won``, "everyone lost"). With ``N`` players and bots of equal strength
  every rate would be the *fair share*: ``1/N`` of the games someone won (``1/N``
  when every game has a winner).
- **95% confidence interval**: the Wilson score interval (``strength.wilson``), which
  stays in [0, 1] and keeps its coverage for small runs and rates near 0 or 1.
- **First player's advantage**: seat 0 (the first player) wins at a rate, the fair
  share is as above, the advantage is the difference. Seats rotate between the bots
  (``simulate``, ``tournament``), so the bots' strengths cancel out and what is left
  is the seat. It is *significant* when the interval leaves out the fair share.
- **Category shares**: each scoring category's points over all the points scored
  in the categories that add points, per bot and over every seat (``all``); so the
  positive shares add up to 100%, and a category of penalties (points lost) has a
  negative share: what it takes away, as a share of what was scored.
- **Game length**: actions per finished game, and the wall time of a game.
- **Ratings**: when every game seats distinct bots (a tournament), the openskill
  Plackett-Luce ratings of ``tournament.rate``.

Failed games (a bot raised) are counted and listed, and left out of everything else.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from housebuilders.arena.errors import ArenaError
from housebuilders.arena.records import Record
from housebuilders.arena.strength import WinRate, goal_figure
from housebuilders.arena.tournament import Rating, rate
from housebuilders.core import game

ALL = "all"


class ReportError(ArenaError, ValueError):
    """Records that cannot make one report."""


@dataclass(frozen=True)
class Line(WinRate):
    """A bot's or a seat's games, wins (shared ones split) and final scores."""

    name: str
    games: int
    wins: float
    scores: tuple[int, ...]

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def sd_score(self) -> float:
        return statistics.stdev(self.scores) if len(self.scores) > 1 else 0.0

    @property
    def min_score(self) -> int:
        return min(self.scores, default=0)

    @property
    def median_score(self) -> float:
        return statistics.median(self.scores) if self.scores else 0.0

    @property
    def max_score(self) -> int:
        return max(self.scores, default=0)


@dataclass(frozen=True)
class BotLine(Line):
    @property
    def bot(self) -> str:
        return self.name


@dataclass(frozen=True)
class SeatLine(Line):
    @property
    def seat(self) -> int:
        return int(self.name)


@dataclass(frozen=True)
class FirstPlayer:
    """Seat 0's win rate against the fair share ``1/N``."""

    win_rate: float
    interval: tuple[float, float]
    fair: float

    @property
    def advantage(self) -> float:
        return self.win_rate - self.fair

    @property
    def significant(self) -> bool:
        """The 95% interval leaves out the fair share."""
        low, high = self.interval
        return not low <= self.fair <= high


@dataclass(frozen=True)
class Length:
    """Actions per finished game, and seconds per game."""

    actions: tuple[int, ...]
    seconds: float

    @property
    def mean(self) -> float:
        return statistics.fmean(self.actions) if self.actions else 0.0

    @property
    def sd(self) -> float:
        return statistics.stdev(self.actions) if len(self.actions) > 1 else 0.0

    @property
    def min(self) -> int:
        return min(self.actions, default=0)

    @property
    def median(self) -> float:
        return statistics.median(self.actions) if self.actions else 0.0

    @property
    def max(self) -> int:
        return max(self.actions, default=0)


@dataclass
class Report:
    """Everything ``summarize`` found in a run's records."""

    game: str
    players: int
    options: dict[str, object]
    games: int
    seeds: tuple[int, int]
    bots: list[BotLine]
    seats: list[SeatLine]
    first_player: FirstPlayer
    scores: dict[str, list[int]]
    categories: list[str]
    shares: dict[str, dict[str, float]]
    length: Length
    errors: list[Record] = field(default_factory=list)
    leaderboard: list[Rating] | None = None
    #: several bots, and games that seat one of them twice (see ``seat_caveat``)
    mixed_seating: bool = False
    #: finished games that everyone lost (no winner)
    nobody_won: int = 0

    @property
    def fair(self) -> float:
        """Each seat's win rate if every seat were alike: 1/N of the games someone
        won."""
        return fair_share(self.games, self.nobody_won, self.players)


def fair_share(games: int, nobody_won: int, players: int) -> float:
    """1/``players`` of the share of ``games`` that someone won (1/N with no game
    everyone lost, or no game at all)."""
    won = (games - nobody_won) / games if games else 1.0
    return won / players


# == the numbers ===============================================================================
def summarize(records: Sequence[Record]) -> Report:
    """The report of one run's records (one game, one player count)."""
    if not records:
        raise ReportError("no games in the results")
    first = records[0]
    for record in records:
        if (record.game, record.players) != (first.game, first.players):
            raise ReportError(
                f"the results mix runs: {first.game} with {first.players} players and "
                f"{record.game} with {record.players} (game {record.index}); "
                "report one run at a time"
            )
    _check_one_run(records)
    finished = [r for r in records if r.finished]
    nobody_won = sum(r.nobody_won for r in finished)
    fair = fair_share(len(finished), nobody_won, first.players)
    names = list(dict.fromkeys(bot for r in records for bot in r.bots))
    by_bot = _tally(finished, names, lambda seat, r: r.bots[seat])
    by_seat = _tally(finished, [str(s) for s in range(first.players)], lambda seat, r: str(seat))
    seats = [SeatLine(*by_seat[str(s)]) for s in range(first.players)]
    categories, shares = _shares(finished, names)
    return Report(
        game=first.game,
        players=first.players,
        options=first.options,
        games=len(finished),
        seeds=(min(r.seed for r in records), max(r.seed for r in records)),
        bots=[BotLine(*by_bot[name]) for name in names],
        seats=seats,
        first_player=FirstPlayer(seats[0].win_rate, seats[0].interval, fair),
        scores={name: list(by_bot[name][3]) for name in names},
        categories=categories,
        shares=shares,
        length=Length(
            tuple(r.actions for r in finished),
            statistics.fmean(r.seconds for r in finished) if finished else 0.0,
        ),
        errors=[r for r in records if not r.finished],
        leaderboard=_leaderboard(finished, names),
        mixed_seating=len(names) > 1 and any(len(set(r.bots)) < len(r.bots) for r in records),
        nobody_won=nobody_won,
    )


def _check_one_run(records: Sequence[Record]) -> None:
    """One run's records: each game number once (two runs both number theirs from 0:
    ``cat a.jsonl b.jsonl``), and every game played by the same options and data. A
    ReportError otherwise: pooled runs would count games twice or mix rules, and the
    seeds and ratings (rated in game order) would mean nothing."""
    first = records[0]
    seen: dict[int, Record] = {}
    for record in records:
        if (record.options, record.content) != (first.options, first.content):
            what = "options" if record.options != first.options else "component data (--content)"
            raise ReportError(
                f"the results mix runs: game {record.index} was played with other {what} "
                f"than game {first.index}; report one run at a time"
            )
        if record.index in seen:
            other = seen[record.index]
            how = (
                f"seeds {other.seed} and {record.seed}"
                if other.seed != record.seed
                else f"bots {','.join(other.bots)} and {','.join(record.bots)}"
                if other.bots != record.bots
                else "twice the same game"
            )
            raise ReportError(
                f"the results mix runs: game {record.index} is in them twice ({how}); "
                "report one run at a time, each from its own file"
            )
        seen[record.index] = record


def _tally(
    records: Sequence[Record], names: list[str], key: object
) -> dict[str, tuple[str, int, float, tuple[int, ...]]]:
    """(name, games, wins, scores) for each bot or seat named by ``key(seat, record)``."""
    games = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0.0)
    scores: dict[str, list[int]] = {name: [] for name in names}
    for record in records:
        for seat, (share, total) in enumerate(
            zip(record.win_shares(), record.totals(), strict=True)
        ):
            name = key(seat, record)  # type: ignore[operator]
            games[name] += 1
            wins[name] += share
            scores[name].append(total)
    return {n: (n, games[n], wins[n], tuple(scores[n])) for n in names}


def _shares(
    records: Sequence[Record], names: list[str]
) -> tuple[list[str], dict[str, dict[str, float]]]:
    """The scoring categories, in the games' order, and each one's share of the points
    per bot and over all seats."""
    categories: dict[str, None] = {}
    points: dict[str, dict[str, float]] = {name: {} for name in [*names, ALL]}
    for record in records:
        for bot, score in zip(record.bots, record.scores or [], strict=True):
            for category, value in (score.get("breakdown") or {}).items():
                if not isinstance(value, int | float) or isinstance(value, bool):
                    continue
                categories.setdefault(category, None)
                for who in (bot, ALL):
                    points[who][category] = points[who].get(category, 0) + value
    shares = {who: category_shares(by_category, categories) for who, by_category in points.items()}
    return list(categories), shares


def category_shares(points: dict[str, float], categories: Iterable[str]) -> dict[str, float]:
    """Each category's points over the points scored in the categories that add points
    (penalties left out of the sum, so theirs is a negative share); all 0 when nothing
    was scored."""
    scored = sum(v for v in points.values() if v > 0)
    return {c: (points.get(c, 0) / scored if scored else 0.0) for c in categories}


def _leaderboard(records: Sequence[Record], names: list[str]) -> list[Rating] | None:
    """Ratings when the games are a tournament's: two bots or more, each game seating
    distinct bots, and openskill installed."""
    if len(names) < 2 or not records or any(len(set(r.bots)) < len(r.bots) for r in records):
        return None
    try:
        return rate(records)
    except ImportError:
        return None


def percent(rate: float) -> str:
    return f"{rate:.1%}"


def interval_text(interval: tuple[float, float]) -> str:
    low, high = interval
    return f"{low:.1%}–{high:.1%}"


def seat_caveat(report: Report) -> str | None:
    """A warning when seat figures mix the seat with the company: several bots, and
    games that seat one of them more than once."""
    if report.mixed_seating:
        return (
            "Some games seat the same bot more than once among different bots, so who sits "
            "next to whom is not balanced and the seat figures mix the seat with its "
            "neighbours: for the seat advantage alone, play one bot in every seat."
        )
    return None


def outcome_text(report: Report) -> str:
    """How the games ended beyond the wins: ``", 3 everyone lost, 1 failed"`` (empty
    when every game finished with a winner)."""
    parts = []
    if report.nobody_won:
        parts.append(f"{report.nobody_won} everyone lost")
    if report.errors:
        parts.append(f"{len(report.errors)} failed")
    return "".join(f", {part}" for part in parts)


def nobody_won_text(report: Report) -> str | None:
    """A sentence on the games everyone lost, if any."""
    if not report.nobody_won:
        return None
    return (
        f"Everyone lost {report.nobody_won} of {report.games} games "
        f"({percent(report.nobody_won / report.games)}): no seat won them, so they count as "
        f"a loss for every seat, and the fair share is {percent(report.fair)} rather than "
        f"{percent(1 / report.players)}."
    )


def first_player_text(report: Report) -> str:
    """One sentence on the first player's advantage."""
    fp = report.first_player
    if report.players == 1:
        return "One player a game: no seats to compare."
    verdict = (
        "a real advantage"
        if fp.significant and fp.advantage > 0
        else "a real disadvantage"
        if fp.significant
        else "no clear advantage (the interval holds the fair share)"
    )
    return (
        f"First player (seat 0) wins {percent(fp.win_rate)} of games "
        f"(95% CI {interval_text(fp.interval)}) against a fair share of {percent(fp.fair)}: "
        f"{fp.advantage * 100:+.1f} points, {verdict}."
    )


def bot_rows(report: Report) -> list[list[str]]:
    return [
        [
            b.bot,
            str(b.games),
            f"{b.wins:g}",
            percent(b.win_rate),
            interval_text(b.interval),
            f"{b.mean_score:.2f}",
        ]
        for b in report.bots
    ]


BOT_HEADER = ["bot", "seats played", "wins", "win rate", "95% CI", "mean score"]
SEAT_HEADER = ["seat", "games", "wins", "win rate", "95% CI", "mean score"]
SCORE_HEADER = ["bot", "mean", "sd", "min", "median", "max"]
LENGTH_HEADER = ["games", "mean actions", "sd", "min", "median", "max", "seconds/game"]
RATING_HEADER = ["bot", "mu", "sigma", "ordinal", "games", "win rate", "95% CI", "mean"]


def seat_rows(report: Report) -> list[list[str]]:
    return [
        [
            str(s.seat),
            str(s.games),
            f"{s.wins:g}",
            percent(s.win_rate),
            interval_text(s.interval),
            f"{s.mean_score:.2f}",
        ]
        for s in report.seats
    ]


def score_rows(report: Report) -> list[list[str]]:
    return [
        [
            b.bot,
            f"{b.mean_score:.2f}",
            f"{b.sd_score:.2f}",
            str(b.min_score),
            f"{b.median_score:g}",
            str(b.max_score),
        ]
        for b in report.bots
    ]


def category_header(report: Report) -> list[str]:
    """Categories down, the bots and ``all`` across (there are fewer bots than
    categories, so the table stays narrow)."""
    return ["category", *(b.bot for b in report.bots), ALL]


def category_rows(report: Report) -> list[list[str]]:
    whos = [*(b.bot for b in report.bots), ALL]
    return [[c, *(percent(report.shares[who][c]) for who in whos)] for c in report.categories]


def length_row(report: Report) -> list[str]:
    n = report.length
    return [
        str(report.games),
        f"{n.mean:.1f}",
        f"{n.sd:.1f}",
        str(n.min),
        f"{n.median:g}",
        str(n.max),
        f"{n.seconds:.3g}",
    ]


def rating_goals(board: Sequence[Rating]) -> list[str]:
    """The game's goal figures the leaderboard's bots have, in the game's order."""
    return list(dict.fromkeys(name for r in board for name in r.goals))


def yes_no_goals(game_id: str) -> frozenset[str]:
    """The game's yes-or-no goals (``GameSpec.yes_no_goals``); none for a game this
    installation does not have (records of a game from elsewhere)."""
    try:
        return game(game_id).yes_no_goals
    except KeyError:
        return frozenset()


def rating_rows(board: Sequence[Rating]) -> list[list[str]]:
    """The leaderboard's rows, best first."""
    return [
        [
            r.bot,
            f"{r.mu:.1f}",
            f"{r.sigma:.1f}",
            f"{r.ordinal:.1f}",
            str(r.games),
            percent(r.win_rate),
            interval_text(r.interval),
            f"{r.mean_score:.2f}",
        ]
        for r in board
    ]


def goal_header(board: Sequence[Rating]) -> list[str]:
    """The head of the leaderboard's goal figures: the bot, then each figure."""
    return ["bot", *rating_goals(board)]


def goal_rows(board: Sequence[Rating], shares: Iterable[str] = ()) -> list[list[str]]:
    """The leaderboard's bots in its order, each with its mean of each goal figure,
    as a percentage for those of ``shares`` (the game's yes-or-no goals)."""
    goals, yes_no = rating_goals(board), frozenset(shares)
    return [
        [r.bot, *(goal_figure(r.goals.get(name), name in yes_no) for name in goals)] for r in board
    ]


def error_lines(failed: Sequence[Record], limit: int = 20) -> list[str]:
    """One line per failed game (at most ``limit``, then how many more), saying how to
    replay it."""
    lines = []
    for r in failed[:limit]:
        error = r.error or {}
        who = (
            f"{error.get('bot')} (seat {error.get('seat')}) raised" if error.get("bot") else "error"
        )
        lines.append(
            f"game {r.index}, seed {r.seed} (--bots {','.join(r.bots)}): {who}: "
            f"{error.get('message')}" + (f" at {error['where']}" if error.get("where") else "")
        )
    if len(failed) > limit:
        lines.append(f"and {len(failed) - limit} more failed games")
    return lines
