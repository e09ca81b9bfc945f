"""Design experiments: rule and content variants of one game, played on the same games
and compared with paired statistics (``housebuilders experiment``).

    from housebuilders import arena
    from housebuilders.arena.experiment import Experiment, parse_variant

    study = Experiment(
        "mr-house-basic", players=2, games=200, bots=["greedy"],
        variants=[parse_variant("mr-house-basic", "rulebook="),
                  parse_variant("mr-house-basic", "chimney2=basic.points.chimney=2")],
        run=arena.RunOptions(out="study"),  # a directory: one results file a variant
    )
    findings = study.play()

A variant is a set of the game's options and overrides of its component data (the
first is the baseline unless another is named). **Common random numbers:** every
variant plays the same plan, game ``i`` with seed ``seed + i`` and the same bots in the
same seats, so a deck or a die the variants both have comes out alike, and what
differs between two variants' game ``i`` comes from the rules, not the deal. Each
measure is compared game by game (``paired``): the differences' mean, with an interval
at the family-wise 95% level (Bonferroni over every comparison of the study), so that
two identical variants are reported different in at most 5% of studies.
"""

from __future__ import annotations

import copy
import json
import math
import re
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from housebuilders.agents.worker import default_jobs
from housebuilders.arena.errors import (
    ArenaError,
    BadBot,
    BadSetup,
    ResultsError,
    find_game,
    option_value,
)
from housebuilders.arena.records import Record
from housebuilders.arena.report import category_shares
from housebuilders.arena.runner import Planned, Progress, Run, RunOptions, Setup, ray_session
from housebuilders.arena.simulate import lineup
from housebuilders.core import game
from housebuilders.core.content import merge, read_toml

#: the most variants a study compares (the report's figures and tables are sized for it)
MAX_VARIANTS = 8
#: the family-wise error rate of a study's intervals
ALPHA = 0.05


class BadVariant(ArenaError, ValueError):
    """A variant that cannot be read: its name, an option or a path into the data."""


# == variants =======================================================================
@dataclass(frozen=True)
class Variant:
    """One version of the game: a name, its options and its data overrides (None: the
    game's own data), and the text it was written as (``NAME=SPEC``)."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)
    content: Mapping[str, Any] | None = None
    text: str = ""

    @property
    def spec(self) -> str:
        """What the variant changes, as written ("" for the game as it is)."""
        return self.text.partition("=")[2]


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")


def parse_variant(game_id: str, text: str) -> Variant:
    """A variant from ``NAME=SPEC``. SPEC is items separated by ``;``, each one of:

    - ``OPTION=VALUE``: one of the game's options (``deck=standard-81``);
    - ``PATH=VALUE``: a value of the game's data, by its dotted path in data.toml
      (``advanced.prices.door.start=8``; a number picks an element of a list:
      ``basic.coin_bonus.0=3``);
    - ``FILE.toml``: a TOML file shaped like data.toml, merged over it.

    VALUE is read as JSON where it can be (numbers, true/false, lists), as text
    otherwise. An empty SPEC is the game as it is. A BadVariant names what is wrong."""
    spec = find_game(game_id)
    name, eq, items = text.partition("=")
    name = name.strip()
    if not eq or not _NAME.fullmatch(name):
        raise BadVariant(
            f"a variant is NAME=SPEC with a short name of letters, digits, '-', '_' or '.' "
            f"(such as door8=advanced.prices.door.start=8), not {text!r}"
        )
    options: dict[str, Any] = {}
    content: dict[str, Any] = {}
    option_names = {o.name for o in spec.options}
    for item in (i.strip() for i in items.split(";")):
        if not item:
            continue
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq:
            if not key.endswith(".toml"):
                raise BadVariant(f"variant {name}: {item!r} is neither KEY=VALUE nor a .toml file")
            content = merge(content, read_toml(key))
        elif key in option_names:
            try:
                options[key] = option_value(spec, key, value)
            except BadSetup as e:
                raise BadSetup(f"variant {name}: {e}") from None
        else:
            content = _set_path(spec.id, name, content, key, _value(value))
    return Variant(name, options, content or None, f"{name}={items.strip()}")


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text.strip()


def _set_path(game_id: str, variant: str, content: dict[str, Any], path: str, value: Any) -> dict:
    """``content`` (an override) with the value at ``path`` set: the path must exist in
    the game's data (a typo is an error, not a new key). The top-level table is
    carried whole (a list inside it is replaced whole when merged)."""
    data = game(game_id).data
    if data is None:
        raise BadVariant(f"variant {variant}: {game_id} has no component data to change")
    base = merge(data.file_data, content)
    keys = path.split(".")
    top = keys[0]
    if top not in base:
        raise BadVariant(
            f"variant {variant}: {game_id}'s data has no {top!r} "
            f"(it has {', '.join(sorted(base))}; options: "
            f"{', '.join(o.name for o in game(game_id).options) or 'none'})"
        )
    root = {top: copy.deepcopy(base[top])}
    here: Any = root
    for depth, key in enumerate(keys):
        where = ".".join(keys[: depth + 1])
        if isinstance(here, list):
            if not key.isdigit() or int(key) >= len(here):
                raise BadVariant(f"variant {variant}: {where}: {key!r} is not an index below "
                                 f"{len(here)}")  # fmt: skip
            index: Any = int(key)
        elif isinstance(here, dict):
            if key not in here:
                known = ", ".join(sorted(map(str, here))) or "nothing"
                raise BadVariant(f"variant {variant}: {game_id}'s data has no {where} "
                                 f"(there: {known})")  # fmt: skip
            index = key
        else:
            raise BadVariant(f"variant {variant}: {where} is below a value, not a table")
        if depth == len(keys) - 1:
            here[index] = value
        else:
            here = here[index]
    return {**content, top: root[top]}


def _without_file(message: str) -> str:
    """A content error's message without the data file it starts with ("/.../data.toml
    with content override: invalid component data basic.points.window: ..."): a
    variant's value is wrong, not the file."""
    head, sep, rest = message.partition(" with content override: ")
    return rest if sep and head.endswith(".toml") else message


# == measures =======================================================================
@dataclass(frozen=True)
class Measure:
    """A figure of one game (``of(record)``; None where it does not apply to that game),
    compared between variants: its label, and whether it is a share (shown in %)."""

    name: str
    of: Callable[[Record], float | None]
    share: bool = False


def measures(records: Iterable[Record], bots: Sequence[str]) -> list[Measure]:
    """What a study compares, for the records' game: the mean score, the winner's score
    and the margin, the game's length, each seat's win rate, each bot's (with two bots or
    more), the share of games everyone lost (where that happened), each scoring
    category's share of the points and the game's own goals (``State.goals``)."""
    records = [r for r in records if r.finished]
    if not records:
        return []
    players = records[0].players
    out = [
        Measure("mean score", lambda r: statistics.fmean(r.totals())),
        Measure("winner's score", lambda r: float(max(r.totals()))),
    ]
    if players > 1:
        out.append(Measure("margin", lambda r: float(_margin(r.totals()))))
    out.append(Measure("length (actions)", lambda r: float(r.actions)))
    if players > 1:
        out += [
            Measure(f"seat {s} wins", partial(_seat_share, seat=s), share=True)
            for s in range(players)
        ]
    distinct = list(dict.fromkeys(bots))
    if len(distinct) > 1:
        out += [Measure(f"{b} wins", partial(_bot_share, bot=b), share=True) for b in distinct]
    if any(r.nobody_won for r in records):
        out.append(Measure("everyone lost", lambda r: float(r.nobody_won), share=True))
    categories = list(
        dict.fromkeys(c for r in records for s in r.scores or () for c in s["breakdown"])
    )
    out += [
        Measure(f"{c} share", partial(_category_share, category=c), share=True) for c in categories
    ]
    goals = list(dict.fromkeys(g for r in records for g in r.goals))
    yes_no = game(records[0].game).yes_no_goals
    out += [Measure(g, partial(_goal, goal=g), share=g in yes_no) for g in goals]
    return out


def _margin(totals: list[int]) -> int:
    top = sorted(totals, reverse=True)
    return top[0] - top[1]


def _seat_share(record: Record, seat: int) -> float | None:
    """The share of the win that went to ``seat``."""
    return record.win_shares()[seat]


def _bot_share(record: Record, bot: str) -> float | None:
    seats = [s for s, b in enumerate(record.bots) if b == bot]
    if not seats:
        return None
    shares = record.win_shares()
    return sum(shares[s] for s in seats) / len(seats)


def _category_share(record: Record, category: str) -> float | None:
    """The category's share of the game's points, counted as ``housebuilders report``
    counts them (``report.category_shares``: over the points of the categories that add
    points, a penalty's share negative); None when nothing was scored."""
    points: dict[str, float] = {}
    for score in record.scores or ():
        for c, v in score["breakdown"].items():
            points[c] = points.get(c, 0) + v
    if not any(v > 0 for v in points.values()):
        return None
    return category_shares(points, [category])[category]


def _goal(record: Record, goal: str) -> float | None:
    values = record.goals.get(goal)
    return statistics.fmean(values) if values else None


# == statistics =====================================================================
@dataclass(frozen=True)
class Estimate:
    """A mean over ``n`` games and the half-width of its interval."""

    mean: float
    half: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half

    @property
    def excludes_zero(self) -> bool:
        return self.n > 1 and (self.low > 0 or self.high < 0)

    @property
    def none_at_all(self) -> bool:
        """A paired difference of zero in every game: the variant never changed it."""
        return self.n > 0 and self.mean == 0 and self.half == 0


def z_value(comparisons: int = 1, alpha: float = ALPHA) -> float:
    """The normal quantile of a two-sided interval at the family-wise level ``1 -
    alpha`` over ``comparisons`` (Bonferroni): 1.96 for one, 2.81 for ten."""
    return statistics.NormalDist().inv_cdf(1 - alpha / (2 * max(1, comparisons)))


def estimate(values: Sequence[float], z: float = 1.96) -> Estimate:
    """The mean of ``values`` and ``z`` standard errors (zero for fewer than two)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, 0)
    mean = statistics.fmean(values)
    if n < 2:
        return Estimate(mean, math.inf, n)
    return Estimate(mean, z * statistics.stdev(values) / math.sqrt(n), n)


def paired(a: Sequence[float | None], b: Sequence[float | None], z: float) -> Estimate:
    """``b - a`` game by game (the same seeds), over the games where both apply."""
    return estimate(
        [y - x for x, y in zip(a, b, strict=True) if x is not None and y is not None], z
    )


def unpaired(a: Sequence[float], b: Sequence[float], z: float) -> Estimate:
    """``mean(b) - mean(a)`` of two independent samples (Welch's standard error): what
    two separate simulations give, for comparison with ``paired``."""
    if len(a) < 2 or len(b) < 2:
        return Estimate(math.nan, math.inf, min(len(a), len(b)))
    se = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    return Estimate(statistics.fmean(b) - statistics.fmean(a), z * se, min(len(a), len(b)))


# == a study ========================================================================
@dataclass(frozen=True)
class Row:
    """One measure: each variant's mean (95% interval) and each other variant's paired
    difference to the baseline (family-wise interval), by variant name."""

    measure: Measure
    values: dict[str, Estimate]
    differences: dict[str, Estimate]


@dataclass(frozen=True)
class Findings:
    """A study's results: its variants (the baseline first), games played, the rows, and
    the score spread per variant."""

    game_id: str
    players: int
    bots: tuple[str, ...]
    seed: int
    games: int
    variants: tuple[Variant, ...]
    rows: tuple[Row, ...]
    spread: dict[str, tuple[float, float, int, float, int]]  # mean, sd, min, median, max
    comparisons: int
    failed: dict[str, int]

    @property
    def baseline(self) -> Variant:
        return self.variants[0]

    def significant(self) -> list[tuple[Variant, Row]]:
        """Every (variant, measure) whose paired interval excludes zero."""
        return [
            (v, row)
            for v in self.variants[1:]
            for row in self.rows
            if row.differences[v.name].excludes_zero
        ]

    def undecided(self) -> list[tuple[Variant, Row]]:
        """Every (variant, measure) whose interval still includes zero, leaving out
        those the variant changed in no game (more games would not change that)."""
        return [
            (v, row)
            for v in self.variants[1:]
            for row in self.rows
            if not (d := row.differences[v.name]).excludes_zero and not d.none_at_all
        ]


def analyse(
    game_id: str,
    players: int,
    bots: Sequence[str],
    seed: int,
    variants: Sequence[Variant],
    results: Mapping[str, Sequence[Record]],
    only: Sequence[str] = (),
) -> Findings:
    """The findings of played records (``results`` by variant name, in plan order, the
    baseline ``variants[0]``); ``only``: the measures to keep (their names), else all."""
    everything = [r for v in variants for r in results[v.name]]
    kept = measures(everything, bots)
    if only:
        unknown = [m for m in only if m not in {k.name for k in kept}]
        if unknown:
            raise BadVariant(f"no measure {', '.join(map(repr, unknown))}; measures: "
                             f"{', '.join(k.name for k in kept)}")  # fmt: skip
        kept = [k for k in kept if k.name in only]
    comparisons = max(1, len(kept) * (len(variants) - 1))
    z = z_value(comparisons)
    base = variants[0].name
    rows = []
    for m in kept:
        series = {
            v.name: [m.of(r) if r.finished else None for r in results[v.name]] for v in variants
        }
        values = {k: estimate([x for x in s if x is not None]) for k, s in series.items()}
        differences = {v.name: paired(series[base], series[v.name], z) for v in variants[1:]}
        rows.append(Row(m, values, differences))
    spread = {}
    for v in variants:
        totals = [t for r in results[v.name] if r.finished for t in r.totals()]
        spread[v.name] = (
            statistics.fmean(totals), statistics.pstdev(totals), min(totals),
            statistics.median(totals), max(totals),
        ) if totals else (math.nan, math.nan, 0, math.nan, 0)  # fmt: skip
    return Findings(
        game_id, players, tuple(bots), seed, len(results[base]), tuple(variants), tuple(rows),
        spread, comparisons, {v.name: sum(not r.ok for r in results[v.name]) for v in variants},
    )  # fmt: skip


class Experiment:
    """A study checked and ready to play: ``games`` games of every variant (2 to 8, the
    baseline first), the same plan for each; ``run.out`` is a directory, one results
    file a variant (``<name>.jsonl``) and ``experiment.json`` (what to reproduce it).
    Everything is checked before any game: an ArenaError (a BadVariant, a bad bot,
    options or data)."""

    def __init__(
        self,
        game_id: str,
        players: int,
        games: int,
        bots: Sequence[str],
        variants: Sequence[Variant],
        seed: int = 0,
        run: RunOptions | None = None,
    ) -> None:
        if not 2 <= len(variants) <= MAX_VARIANTS:
            raise BadVariant(f"an experiment compares 2 to {MAX_VARIANTS} variants, "
                             f"not {len(variants)}")  # fmt: skip
        names = [v.name for v in variants]
        if len(set(names)) != len(names):
            raise BadVariant(f"two variants have the same name: {', '.join(names)}")
        if not bots:
            raise BadBot("an experiment needs at least one bot")
        if games < 1:
            raise BadVariant(f"games must be at least 1, not {games}")
        self.spec = find_game(game_id)
        self.players, self.games, self.seed = players, games, seed
        self.bots = [b.strip() for b in bots]
        self.variants = list(variants)
        self.options = run or RunOptions()
        self.directory = Path(self.options.out) if self.options.out is not None else None
        self._runs(0, games, self.options.resume)  # every variant checked now
        self._make_directory()  # and a directory that cannot be made

    def _make_directory(self) -> None:
        if self.directory is not None:
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise ResultsError(f"cannot write {self.directory}: {e.strerror or e}") from None

    def plan(self, start: int, stop: int) -> list[Planned]:
        """Games ``start`` to ``stop - 1``: seeds and seats, the same for every variant."""
        return [
            Planned(i, self.seed + i, tuple(lineup(self.bots, self.players, i)))
            for i in range(start, stop)
        ]

    def _runs(self, start: int, stop: int, resume: bool) -> list[Run]:
        plan = self.plan(start, stop)
        runs = []
        for v in self.variants:
            out = self.directory / f"{v.name}.jsonl" if self.directory else None
            options = replace(self.options, out=out, resume=resume)
            setup = Setup(self.spec.id, self.players, v.options, v.content, options.imports)
            try:
                runs.append(Run(setup, self.bots, plan, options))
            except BadSetup as e:  # this variant's options or data: name it, not data.toml
                raise BadSetup(f"variant {v.name}: {_without_file(str(e))}") from None
        return runs

    def play(
        self,
        progress: Callable[[int, int], None] | None = None,
        until_significant: int | None = None,
        only: Sequence[str] = (),
    ) -> Findings:
        """Play the study and analyse it. ``progress(done, total)`` counts games over all
        variants. ``until_significant``: a budget of games a variant; the study plays
        ``games`` more at a time until every paired difference's interval excludes zero
        (or the variant changed that measure in no game) or the budget is spent (the
        findings say which)."""
        self._make_directory()
        budget = max(self.games, until_significant or self.games)
        results: dict[str, list[Record]] = {v.name: [] for v in self.variants}
        played, games, resume = 0, self.games, self.options.resume
        with ExitStack() as stack:
            if self.options.backend == "ray":  # one Ray for every variant's runs
                jobs = self.options.jobs or default_jobs()
                stack.enter_context(ray_session(jobs, self.options.ray_address))
            while True:
                # a results file holds the whole study: each round resumes it
                start = 0 if self.directory is not None else played
                runs = self._runs(start, games, resume)
                for name, records in self._play(runs, progress, games).items():
                    results[name] = records if start == 0 else results[name] + records
                played = games
                self.write_manifest(games)
                findings = analyse(self.spec.id, self.players, self.bots, self.seed,
                                   self.variants, results, only)  # fmt: skip
                if until_significant is None or not findings.undecided() or games >= budget:
                    return findings
                games, resume = min(budget, games + self.games), self.directory is not None

    def _play(
        self,
        runs: list[Run],
        progress: Callable[[int, int], None] | None,
        games: int,
    ) -> dict[str, list[Record]]:
        """Each variant's run in turn; progress over the study's games so far."""
        total, results = games * len(runs), {}
        for n, (v, r) in enumerate(zip(self.variants, runs, strict=True)):
            tick: Progress | None = None
            if progress is not None:
                offset = n * games + games - len(r.plan)  # games of this variant played before
                tick = lambda done, offset=offset: progress(offset + done, total)  # noqa: E731
                tick(r.kept)
            results[v.name] = r.play(tick)
        return results

    def write_manifest(self, games: int) -> None:
        """``experiment.json`` in the study's directory: what was played, to reproduce."""
        if self.directory is None:
            return
        manifest = {
            "game": self.spec.id, "players": self.players, "bots": self.bots,
            "seed": self.seed, "games": games, "seeds": [self.seed, self.seed + games - 1],
            "variants": [{"name": v.name, "spec": v.spec, "options": dict(v.options),
                          "content": v.content} for v in self.variants],
        }  # fmt: skip
        path = self.directory / "experiment.json"
        try:
            path.write_text(json.dumps(manifest, indent=1, default=str) + "\n", encoding="utf-8")
        except OSError as e:
            raise ResultsError(f"cannot write {path}: {e.strerror or e}") from None


# == words ==========================================================================
def value_text(measure: Measure, value: float) -> str:
    if math.isnan(value):
        return "-"
    return f"{value:.1%}" if measure.share else f"{value:,.2f}"


def difference_text(measure: Measure, e: Estimate) -> str:
    """``+1.30 (±0.40)``, or in percentage points for a share: ``+5.0 (±3.1) pts``."""
    if e.n == 0 or math.isnan(e.mean):
        return "-"
    if measure.share:
        return f"{100 * e.mean:+.3g} (±{100 * e.half:.2g}) pts"
    return f"{e.mean:+,.3g} (±{e.half:,.2g})"


def finding(measure: Measure, base: float, value: float, e: Estimate) -> str:
    """One difference in words: "raises seat 0 wins from 31.0% to 36.0% (+5.0 ±3.1
    points)", "shortens games by 1.30 actions (±0.40)"."""
    up = e.mean > 0
    if measure.name == "length (actions)":
        verb = "lengthens" if up else "shortens"
        return f"{verb} games by {abs(e.mean):,.1f} actions (±{e.half:,.1f})"
    verb = "raises" if up else "lowers"
    if measure.share:
        return (f"{verb} {measure.name} from {base:.1%} to {value:.1%} "
                f"({100 * e.mean:+.1f} ±{100 * e.half:.1f} points)")  # fmt: skip
    return f"{verb} {measure.name} from {base:,.2f} to {value:,.2f} ({e.mean:+,.2f} ±{e.half:,.2f})"


def sentences(findings: Findings) -> list[str]:
    """A sentence per variant: what it changes against the baseline (each difference
    whose interval excludes zero), or that nothing was found in so many games."""
    base = findings.baseline.name
    out = []
    for v in findings.variants[1:]:
        said = [
            finding(
                row.measure, row.values[base].mean, row.values[v.name].mean, row.differences[v.name]
            )  # fmt: skip
            for row in findings.rows
            if row.differences[v.name].excludes_zero
        ]
        what = f"{v.name} ({v.spec or 'the game as it is'})"
        if said:
            body = ", ".join(said[:-1]) + (" and " if len(said) > 1 else "") + said[-1]
            out.append(f"{what} {body}, against {base} over {findings.games} paired games.")
        else:
            out.append(f"{what}: no difference from {base} found in {findings.games} paired "
                       "games (every interval includes zero).")  # fmt: skip
    return out
