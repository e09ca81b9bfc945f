"""The report's figures, as PNG bytes, drawn with matplotlib's Agg renderer.

Figures are made with ``matplotlib.figure.Figure`` directly, never ``pyplot``: no
window, no display, no global backend to set, nothing left open between figures.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from housebuilders.arena.errors import MissingExtra

try:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator
except ImportError:  # pragma: no cover - the arena extra is not installed
    raise MissingExtra(
        "the report's figures need matplotlib: pip install 'housebuilders[arena]'"
    ) from None

from housebuilders.arena.report import ALL, Line, Report

SIZE = (6.4, 3.2)
DPI = 80
COLOURS = ["#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3"]


def figures(report: Report) -> list[tuple[str, bytes]]:
    """The figures, named: bots, seats, scores, categories, length."""
    return [
        ("bots", _win_rates(report, "Win rate per bot", [b.bot for b in report.bots], report.bots)),
        (
            "seats",
            _win_rates(
                report, "Win rate per seat", [f"seat {s.seat}" for s in report.seats], report.seats
            ),
        ),
        ("scores", _scores(report)),
        ("categories", _categories(report)),
        ("length", _length(report)),
    ]


def _png(figure: Figure) -> bytes:
    FigureCanvasAgg(figure)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


def _win_rates(report: Report, title: str, labels: list[str], lines: Sequence[Line]) -> bytes:
    """Horizontal bars with their 95% intervals, and the fair share as a line; the
    title counts the games everyone lost, if any (a loss for every bar)."""
    fair = report.fair
    figure = Figure(figsize=(SIZE[0], max(1.6, 0.45 * len(labels) + 1.0)))
    axes = figure.add_subplot()
    rates = [line.win_rate for line in lines]
    low = [line.win_rate - line.interval[0] for line in lines]
    high = [line.interval[1] - line.win_rate for line in lines]
    positions = list(range(len(labels)))[::-1]
    axes.barh(positions, rates, xerr=[low, high], color=COLOURS[0], capsize=3, height=0.6)
    axes.axvline(fair, color="#888", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
    axes.set_yticks(positions, labels)
    axes.set_xlim(0, 1)
    axes.xaxis.set_major_formatter(lambda x, _: f"{x:.0%}")
    lost = f"; everyone lost {report.nobody_won} of {report.games}" if report.nobody_won else ""
    axes.set_title(f"{title} (95% Wilson intervals{lost})", fontsize=10)
    axes.legend(loc="lower right", fontsize=8)
    return _png(figure)


def _scores(report: Report) -> bytes:
    """Final score histograms per bot, one bin per point."""
    figure = Figure(figsize=SIZE)
    axes = figure.add_subplot()
    every = [s for scores in report.scores.values() for s in scores]
    low, high = (min(every), max(every)) if every else (0, 1)
    bins = [x - 0.5 for x in range(low, high + 2)]
    for n, (bot, scores) in enumerate(report.scores.items()):
        if scores:
            axes.hist(
                scores,
                bins=bins,
                histtype="step",
                linewidth=1.6,
                label=bot,
                color=COLOURS[n % len(COLOURS)],
            )
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("final score")
    axes.set_ylabel("seats")
    axes.set_title("Final scores per bot", fontsize=10)
    if any(report.scores.values()):  # a bot with a finished game to show
        axes.legend(fontsize=8)
    return _png(figure)


def _categories(report: Report) -> bytes:
    """Stacked bars: each category's share of the points, per bot and over all."""
    whos = [*(b.bot for b in report.bots), ALL]
    figure = Figure(figsize=(SIZE[0], max(1.8, 0.45 * len(whos) + 1.2)))
    axes = figure.add_subplot()
    positions = list(range(len(whos)))[::-1]
    right = [0.0] * len(whos)  # points scored stack rightwards from 0
    left = [0.0] * len(whos)  # penalties leftwards
    for n, category in enumerate(report.categories):
        shares = [report.shares[who][category] for who in whos]
        starts = [hi if s >= 0 else lo + s for s, hi, lo in zip(shares, right, left, strict=True)]
        axes.barh(
            positions,
            [abs(s) for s in shares],
            left=starts,
            height=0.6,
            label=category,
            color=COLOURS[n % len(COLOURS)],
        )
        right = [r + max(0.0, s) for r, s in zip(right, shares, strict=True)]
        left = [lo + min(0.0, s) for lo, s in zip(left, shares, strict=True)]
    axes.set_yticks(positions, whos)
    axes.set_xlim(min(0.0, *left), 1)
    if min(0.0, *left) < 0:
        axes.axvline(0, color="#333", linewidth=1)
    axes.xaxis.set_major_formatter(lambda x, _: f"{x:.0%}")
    axes.set_title("Share of the points scored, by category (penalties left of 0)", fontsize=10)
    if report.categories:
        axes.legend(
            fontsize=7,
            ncol=min(4, len(report.categories)),
            loc="upper center",
            bbox_to_anchor=(0.5, -0.12),
            frameon=False,
        )
    return _png(figure)


def _length(report: Report) -> bytes:
    """Histogram of the actions per game."""
    figure = Figure(figsize=SIZE)
    axes = figure.add_subplot()
    if report.length.actions:
        axes.hist(
            report.length.actions,
            bins=min(30, max(5, len(report.length.actions) // 5)),
            color=COLOURS[2],
        )
        axes.axvline(
            report.length.mean,
            color="#333",
            linestyle="--",
            linewidth=1,
            label=f"mean {report.length.mean:.0f}",
        )
        axes.legend(fontsize=8)
    axes.set_xlabel("actions per game")
    axes.set_ylabel("games")
    axes.set_title("Game length", fontsize=10)
    return _png(figure)
