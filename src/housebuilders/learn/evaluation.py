"""The evaluation of ``housebuilders train``: the policy's best actions against the
ladder's bots, seats alternating, on seeds no training game uses, with 95% Wilson
intervals (``arena.strength``), the figures kept in the policy file. It needs no
PyTorch: any policy file can be evaluated again."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from typing import Any

from housebuilders.agents import AgentError
from housebuilders.arena.match import play
from housebuilders.arena.strength import StrengthResult, match, wilson
from housebuilders.learn.policy import Policy

#: the evaluation's first game seed; a training game never uses one of its seeds
EVAL_SEED = 1_000_000_000
#: the bots the evaluation plays by default (the ladder's first two)
EVAL_BOTS = ("random", "greedy")
#: the first seed of the games that choose among a training's runs (``selection_score``):
#: neither trained on nor the evaluation's, so the chosen run's evaluation is fair
SELECT_SEED = 1_500_000_000


def held_out(seed: int, eval_games: int = 200) -> bool:
    """Whether ``seed`` is one no training game may use: the evaluation's (at least
    1,000 of them) or the runs' selection's (10,000)."""
    return (
        EVAL_SEED <= seed < EVAL_SEED + max(eval_games, 1000)
        or SELECT_SEED <= seed < SELECT_SEED + 10_000
    )


def evaluate(
    policy: str | os.PathLike[str],
    game_id: str,
    players: int = 2,
    bots: Sequence[str] = EVAL_BOTS,
    games: int = 200,
    seed: int = EVAL_SEED,
    progress: Callable[[str, int], None] | None = None,
) -> list[StrengthResult]:
    """The policy's best actions (``learned:policy=FILE``) against each of ``bots``,
    ``games`` games each, seats alternating (``arena.strength.match``), on seeds from
    ``seed``. ``progress(bot, done)`` after each game."""
    if "," in str(policy):
        raise AgentError(f"a policy file's path may not hold a comma: {policy}")
    learned = f"learned:policy={policy}"
    results = []
    for bot in bots:
        report = (lambda done, bot=bot: progress(bot, done)) if progress is not None else None
        results.append(match(game_id, learned, bot, games, players, seed, progress=report))
    return results


def selection_score(
    policy: str | os.PathLike[str],
    game_id: str,
    players: int = 2,
    bots: Sequence[str] = EVAL_BOTS,
    games: int = 100,
) -> float:
    """What chooses among the runs of a training (``learn.runs.train_runs``): the
    policy's mean score rate against ``bots``, ``games`` games each on seeds from
    ``SELECT_SEED``; alone (one player), its mean total over ``games`` games."""
    if players == 1:
        learned = f"learned:policy={policy}"
        totals = [
            float(play(game_id, [learned], seed=SELECT_SEED + i).scores()[0]["total"])
            for i in range(games)
        ]
        return sum(totals) / len(totals)
    results = evaluate(policy, game_id, players, bots, games, SELECT_SEED)
    return sum(r.score_rate for r in results) / len(results)


def evaluation_figures(results: Sequence[StrengthResult]) -> list[dict[str, Any]]:
    """The figures of ``evaluate``'s matches, for the policy file's metadata."""
    figures = []
    for r in results:
        low, high = r.interval
        figures.append(
            {
                "opponent": r.bot_b,
                "games": r.games,
                "wins": r.wins,
                "ties": r.ties,
                "losses": r.losses,
                "score_rate": round(r.score_rate, 4),
                "interval": [round(low, 4), round(high, 4)],
                "first_seed": r.seed,
                "mean_score": round(r.mean_score_a, 2),
                "opponent_mean_score": round(r.mean_score_b, 2),
            }
        )
    return figures


def add_evaluation(out: str | os.PathLike[str], results: Sequence[StrengthResult]) -> Policy:
    """Write ``evaluate``'s figures into the policy file ``out`` (its metadata's
    ``evaluation``)."""
    policy = Policy.load(out)
    policy.meta["evaluation"] = evaluation_figures(results)
    policy.save(out)
    return policy


def difference_interval(
    a_score: float, a_games: int, b_score: float, b_games: int
) -> tuple[float, float]:
    """Newcombe's 95% interval for the difference of two rates (``a - b``), from their
    Wilson intervals: a trained policy's rate against an untrained one's."""
    p1, p2 = a_score / a_games, b_score / b_games
    l1, u1 = wilson(a_score, a_games)
    l2, u2 = wilson(b_score, b_games)
    d = p1 - p2
    return (d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2))
