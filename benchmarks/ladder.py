"""The bot ladder of docs/bots.md: per game, a tournament of the bots, rated, printed
as Markdown.

    .venv/bin/python benchmarks/ladder.py --jobs 2 --save             # every game
    .venv/bin/python benchmarks/ladder.py --game dream-home --games 12 --jobs 2

For each game (``--game``, repeatable; default: every registered game) it plays a
tournament of ``--bots`` (default random, greedy and ismcts at 0.1 s a move) at
``--players`` players, every pair in both seatings, ``--games`` games
(``housebuilders.arena.tournament``), and rates them with openskill's Plackett-Luce
model. The table gives each bot's rating ``mu`` with its 95% interval (mu +- 1.96
sigma), the conservative ordinal (mu - 3 sigma) the ladder is sorted by, its win rate
and mean score, the game's goal figures (``State.goals``: each bot's mean over the
seats it played, a share for a yes or no), and the strength hint the web lobby shows
for it, which follows this ladder (``housebuilders.agents.ladder``); under the table,
the game's reference (``GameSpec.reference``: the rulebook's scoring example).
``--save`` keeps each game's leaderboard in src/housebuilders/agents/ladder.json, the
games measured replacing their old lines, for the lobby's hints. Progress goes to
stderr, the tables to stdout. Games with ismcts spend 0.1 s on each of its moves: the
default run takes a while, so run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import platform
from collections.abc import Sequence

from rich.console import Console

import housebuilders as hb
from housebuilders.agents import AgentError, split_bots
from housebuilders.agents.ladder import follow, ladder_path
from housebuilders.arena import ArenaError
from housebuilders.arena.runner import RunOptions
from housebuilders.arena.strength import goal_figure
from housebuilders.arena.tournament import Rating, tournament
from housebuilders.cli.common import progress_bar

Z95 = 1.96


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    try:
        boards = measure(args)
    except (AgentError, ArenaError, KeyError, ValueError) as e:  # one line, no traceback
        raise SystemExit(f"error: {e.args[0] if e.args else e}") from None
    print("\n".join(markdown(args, boards)))
    if args.save:
        save(args, boards)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--game", action="append", help="a game id, repeatable (default: every game)"
    )
    parser.add_argument(
        "--bots", default="random,greedy,ismcts:seconds=0.1", help="the bots, comma-separated"
    )
    parser.add_argument("--players", type=int, default=2, help="players a game")
    parser.add_argument("--games", type=int, default=48, help="games per game id")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument(
        "--save",
        action="store_true",
        help="keep the leaderboards in src/housebuilders/agents/ladder.json (the lobby's hints)",
    )
    return parser.parse_args(argv)


def measure(args: argparse.Namespace) -> dict[str, list[Rating]]:
    """Each game's leaderboard."""
    games = args.game or hb.game_ids()
    bots = split_bots(args.bots)
    boards: dict[str, list[Rating]] = {}
    with progress_bar(Console(stderr=True)) as progress:
        for game_id in games:
            task = progress.add_task(game_id, total=args.games)
            result = tournament(
                game_id,
                args.players,
                bots,
                args.games,
                seed=args.seed,
                progress=lambda done, task=task: progress.update(task, completed=done),
                run=RunOptions(jobs=args.jobs),
            )
            boards[game_id] = result.leaderboard
    return boards


def goal_names(board: Sequence[Rating]) -> list[str]:
    """The goal figures of a game's leaderboard, in the order the game gives them."""
    return list(dict.fromkeys(name for r in board for name in r.goals))


def row(r: Rating, hint: str, goals: Sequence[str], shares: frozenset[str]) -> str:
    low, high = r.mu - Z95 * r.sigma, r.mu + Z95 * r.sigma
    figures = "".join(f" {goal_figure(r.goals.get(n), n in shares)} |" for n in goals)
    return (
        f"| {r.bot} | {hint or '—'} | {r.mu:.1f} ({low:.1f} – {high:.1f}) "
        f"| {r.ordinal:.1f} | {r.win_rate:.0%} ({r.games}) | {r.mean_score:.1f} |{figures}"
    )


def table(game_id: str, board: list[Rating]) -> list[str]:
    """A game's table, its reference under it."""
    spec = hb.game(game_id)
    goals = goal_names(board)
    hints = follow([r.bot for r in board], [r.bot for r in board])
    reference = [f"Reference: {spec.reference}.", ""] if spec.reference else []
    return [
        f"#### {game_id}",
        "",
        "| bot | hint | rating (95%) | ordinal | wins (games) | mean score |"
        + "".join(f" {name} |" for name in goals),
        "|---|---|--:|--:|--:|--:|" + "--:|" * len(goals),
        *(row(r, hints[r.bot], goals, spec.yes_no_goals) for r in board),
        "",
        *reference,
    ]


def markdown(args: argparse.Namespace, boards: dict[str, list[Rating]]) -> list[str]:
    lines = [
        f"{args.players} players, {args.games} games a game from seed {args.seed}, every "
        "pair of bots in both seatings; openskill Plackett-Luce ratings (mu with its 95% "
        "interval), sorted by the ordinal mu - 3 sigma; then each bot's win rate, mean "
        "score and the game's goal figures (its mean over the seats it played; for a yes "
        "or no, the share of them that met it).",
        "",
    ]
    for game_id, board in boards.items():
        lines += table(game_id, board)
    lines.append(
        f"Measured with `benchmarks/ladder.py` on Python {platform.python_version()}, "
        f"{platform.machine()}."
    )
    return lines


def save(args: argparse.Namespace, boards: dict[str, list[Rating]]) -> None:
    """Keep the leaderboards in the package's ladder.json, the games measured now
    replacing theirs, the others kept."""
    path = ladder_path()
    try:
        games = json.loads(path.read_text(encoding="utf-8"))["games"]
    except FileNotFoundError:
        games = {}
    for game_id, board in boards.items():
        games[game_id] = {
            "players": args.players,
            "games": args.games,
            "seed": args.seed,
            "bots": [
                {
                    "bot": r.bot,
                    "mu": round(r.mu, 2),
                    "sigma": round(r.sigma, 2),
                    "ordinal": round(r.ordinal, 2),
                    "games": r.games,
                    "win_rate": round(r.win_rate, 3),
                    "mean_score": round(r.mean_score, 2),
                }
                for r in board
            ],
        }
    about = (
        "The ladder of docs/bots.md per game, best first: written by benchmarks/ladder.py "
        "--save; the web lobby's strength hints follow it (housebuilders.agents.ladder)."
    )
    text = json.dumps({"about": about, "games": dict(sorted(games.items()))}, indent=1)
    path.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
