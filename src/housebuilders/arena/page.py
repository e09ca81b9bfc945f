"""The report as one self-contained HTML page: its tables, and its figures embedded as
PNG images (``figures``, drawn with matplotlib, imported only when a page is drawn).

    Path("report.html").write_text(to_html(summarize(read_results("results.jsonl"))))
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence

from housebuilders.arena.report import (
    BOT_HEADER,
    LENGTH_HEADER,
    RATING_HEADER,
    SCORE_HEADER,
    SEAT_HEADER,
    Report,
    bot_rows,
    category_header,
    category_rows,
    error_lines,
    first_player_text,
    goal_header,
    goal_rows,
    length_row,
    nobody_won_text,
    outcome_text,
    rating_goals,
    rating_rows,
    score_rows,
    seat_caveat,
    seat_rows,
    yes_no_goals,
)
from housebuilders.arena.tournament import Rating


def to_html(report: Report) -> str:
    """One self-contained HTML page: the tables, and the figures as embedded PNGs."""
    from housebuilders.arena.figures import figures  # matplotlib only when a page is drawn

    parts = [_head(report), _summary(report)]
    drawn = dict(figures(report))
    parts += [
        _section("Win rate per bot", _bot_table(report), drawn.get("bots")),
        _section("Win rate per seat", _seat_table(report), drawn.get("seats")),
        _section("Scores", _score_table(report), drawn.get("scores")),
        _section("Scoring categories", _category_table(report), drawn.get("categories")),
        _section("Game length", _length_table(report), drawn.get("length")),
    ]
    if report.leaderboard:
        board = report.leaderboard
        parts.append(_section("Ratings", _rating_table(board, report.game), None))
    if report.errors:
        parts.append(_section("Failed games", _error_list(report), None))
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #222; background: #fafafa; }
main { max-width: 960px; margin: 0 auto; padding: 1.5em; }
h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { margin-top: 1.8em; font-size: 1.2em; }
table { border-collapse: collapse; margin: .6em 0; background: #fff; }
th, td { padding: .25em .7em; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; display: block; margin: .6em 0; }
.note { color: #555; } .bad { color: #a00; }
"""


def _head(report: Report) -> str:
    title = html.escape(f"{report.game}, {report.players} players: {report.games} games")
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        f"<style>{_STYLE}</style></head><body><main><h1>{title}</h1>"
    )


def _summary(report: Report) -> str:
    options = ", ".join(f"{k}={v}" for k, v in report.options.items()) or "none"
    bots = ", ".join(b.bot for b in report.bots)
    return (
        f'<p class="note">Seeds {report.seeds[0]}–{report.seeds[1]}{outcome_text(report)}; '
        f"bots: {html.escape(bots)}; options: {html.escape(options)}. Win rates count a "
        "shared win as a fraction; intervals are 95% Wilson intervals.</p>"
        + (f"<p>{html.escape(lost)}</p>" if (lost := nobody_won_text(report)) else "")
        + f"<h2>First player</h2><p>{html.escape(first_player_text(report))}</p>"
        + (f'<p class="note">{html.escape(caveat)}</p>' if (caveat := seat_caveat(report)) else "")
    )


def _section(title: str, table: str, png: bytes | None) -> str:
    image = ""
    if png is not None:
        data = base64.b64encode(png).decode("ascii")
        image = f'<img alt="{html.escape(title)}" src="data:image/png;base64,{data}">'
    return f"<h2>{html.escape(title)}</h2>{table}{image}"


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _bot_table(report: Report) -> str:
    return _table(BOT_HEADER, bot_rows(report))


def _seat_table(report: Report) -> str:
    return _table(SEAT_HEADER, seat_rows(report))


def _score_table(report: Report) -> str:
    return _table(SCORE_HEADER, score_rows(report))


def _category_table(report: Report) -> str:
    return _table(category_header(report), category_rows(report))


def _length_table(report: Report) -> str:
    return _table(LENGTH_HEADER, [length_row(report)])


def _rating_table(board: Sequence[Rating], game_id: str) -> str:
    note = (
        '<p class="note">openskill Plackett-Luce ratings, game by game in order, the '
        "winners placed first and the others next (a game everyone lost: a draw); "
        "ordinal = mu − 3 sigma.</p>"
    )
    text = note + _table(RATING_HEADER, rating_rows(board))
    if not rating_goals(board):
        return text
    about = (
        "<p class=\"note\">The game's goal figures: each bot's mean over the seats it "
        "played, the share of them that met a yes-or-no goal.</p>"
    )
    return text + about + _table(goal_header(board), goal_rows(board, yes_no_goals(game_id)))


def _error_list(report: Report) -> str:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in error_lines(report.errors))
    return f'<ul class="bad">{items}</ul>'
