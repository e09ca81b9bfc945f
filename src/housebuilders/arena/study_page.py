"""A design experiment's report as one self-contained HTML page: the findings in
sentences, the variants side by side, the paired differences drawn with their
intervals (a PNG embedded, drawn with matplotlib as the arena's report is), and the
command that reproduces it.

    Path("study/report.html").write_text(to_html(findings, command))
"""

from __future__ import annotations

import html
import math

from housebuilders.arena.experiment import Findings, Row, difference_text, sentences, value_text
from housebuilders.arena.page import _STYLE, _section, _table


def to_html(findings: Findings, command: str) -> str:
    """The page: findings, the table of every measure, the difference figure, the
    score spread and how to reproduce the study."""
    f = findings
    title = f"{f.game_id}, {f.players} players: {len(f.variants)} variants, {f.games} games each"
    base = f.baseline.name
    parts = [
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body><main>"
        f"<h1>{html.escape(title)}</h1>",
        f'<p class="note">Every variant played the same games: seeds {f.seed} to '
        f"{f.seed + f.games - 1}, bots {html.escape(', '.join(f.bots))} seated alike. "
        f"Differences are paired game by game against <b>{html.escape(base)}</b>; their "
        f"intervals hold at 95% for the whole study together ({f.comparisons} comparisons, "
        f"Bonferroni); each variant's own values carry a plain 95% interval.</p>",
        "<h2>Findings</h2><ul>"
        + "".join(f"<li>{html.escape(s)}</li>" for s in sentences(f))
        + "</ul>",
        "<h2>Variants</h2>"
        + _table(
            ["variant", "changes"], [[v.name, v.spec or "the game as it is"] for v in f.variants]
        ),
    ]
    parts.append(_section("Measures", _measures(f), _figure(f)))
    spread = [
        [v.name, *(_num(x) for x in f.spread[v.name])] for v in f.variants
    ]  # fmt: skip
    parts.append(
        "<h2>Scores</h2>" + _table(["variant", "mean", "sd", "min", "median", "max"], spread)
    )
    failed = {k: n for k, n in f.failed.items() if n}
    if failed:
        listed = ", ".join(f"{k}: {n}" for k, n in failed.items())
        parts.append(f'<p class="bad">Failed games: {html.escape(listed)}</p>')
    parts.append(f"<h2>Reproduce</h2><pre>{html.escape(command)}</pre></main></body></html>\n")
    return "\n".join(parts)


def _num(x: float) -> str:
    return "-" if isinstance(x, float) and math.isnan(x) else f"{x:,.2f}"


def _measures(f: Findings) -> str:
    header = ["measure", f.baseline.name]
    for v in f.variants[1:]:
        header += [v.name, f"{v.name} − {f.baseline.name}"]
    rows = []
    for row in f.rows:
        cells = [row.measure.name, value_text(row.measure, row.values[f.baseline.name].mean)]
        for v in f.variants[1:]:
            d = row.differences[v.name]
            mark = " *" if d.excludes_zero else ""
            cells += [value_text(row.measure, row.values[v.name].mean),
                      difference_text(row.measure, d) + mark]  # fmt: skip
        rows.append(cells)
    return _table(header, rows) + '<p class="note">* the interval excludes zero.</p>'


def _figure(f: Findings) -> bytes | None:
    """One panel a measure: each variant's paired difference to the baseline with its
    interval, and zero."""
    from housebuilders.arena.figures import COLOURS, Figure, _png  # matplotlib, only here

    rows: list[Row] = [r for r in f.rows if any(d.n for d in r.differences.values())]
    if not rows:
        return None
    others = f.variants[1:]
    height = 0.32 * len(others) + 0.55
    figure = Figure(figsize=(6.4, max(1.5, height * len(rows))))
    axes_list = figure.subplots(len(rows), 1, squeeze=False)[:, 0]
    for axes, row in zip(axes_list, rows, strict=True):
        scale = 100 if row.measure.share else 1
        positions = list(range(len(others)))[::-1]
        for y, v in zip(positions, others, strict=True):
            d = row.differences[v.name]
            if d.n == 0 or math.isnan(d.mean):
                continue
            half = 0 if math.isinf(d.half) else d.half
            colour = COLOURS[0] if d.excludes_zero else "#999"
            axes.errorbar(d.mean * scale, y, xerr=half * scale, fmt="o", color=colour, capsize=3)
        axes.axvline(0, color="#333", linewidth=0.8)
        axes.set_yticks(positions, [v.name for v in others], fontsize=8)
        axes.set_ylim(-0.7, len(others) - 0.3)
        unit = " (points of %)" if row.measure.share else ""
        axes.set_title(f"{row.measure.name}{unit}", fontsize=9, loc="left")
        axes.tick_params(axis="x", labelsize=8)
    return _png(figure)
