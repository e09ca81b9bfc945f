"""Train a linear policy on Mr House (basic) by REINFORCE, with NumPy alone, and show
it beats random play.

    .venv/bin/python examples/reinforce_mr_house.py            # 600 episodes, ~1 minute

The policy scores each legal action by the game's encoding (games/mr_house/
features.py) of the position it leads to, as the learner's seat would see it:
``pi(a) ~ exp(theta . phi(after a))``. The position after ``a`` is found on the seat's
own determinized view (``state.determinize``), never on the true state, so a move
that rolls the dice is judged on sampled dice, not on the real ones. Against a random
opponent, each game's result (win 1, loss -1, a tie 0) is the return of every move of
the learner's seat; theta climbs ``(G - baseline) * grad log pi``. Before and after
training the policy plays games against random play, half in each seat (before, with
theta 0, it is uniform: random against random; after, sampling from the policy and
always taking its best-scored move), and the win rates are printed.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import housebuilders as hb
from housebuilders.core.rng import seed_state

GAME = "mr-house-basic"


def afterstates(state: hb.State, seat: int, seed: int) -> tuple[list[hb.Action], np.ndarray]:
    """The seat's legal actions and the encoding of the position each leads to (as the
    seat sees it, found on its own determinized view)."""
    features = state.spec.features
    view = state.determinize(seat, seed)
    legal = view.legal_actions(seat)
    rows = []
    for action in legal:
        after = view.clone()
        after.play(seat, action)
        rows.append(np.frombuffer(features.encode(after, seat), dtype=np.float32))
    return legal, np.stack(rows)


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max()
    e = np.exp(z)
    return e / e.sum()


def play(theta: np.ndarray, seed: int, seat: int, explore: bool, rng: random.Random):
    """One game, the policy in ``seat`` and a random player in the other: the
    learner's (phi of its choice - expected phi) per move, and its reward."""
    state = hb.new_game(GAME, players=2, seed=seed)
    grads = []
    while not state.is_terminal():
        player = state.acting_players()[0]
        legal = state.legal_actions(player)
        if player != seat or len(legal) == 1:
            state.apply(player, legal[rng.randrange(len(legal))] if player != seat else legal[0])
            continue
        actions, phi = afterstates(state, seat, seed_state(seed, len(state.history)))
        pi = softmax(phi @ theta)
        k = int(rng.choices(range(len(actions)), pi)[0]) if explore else int(np.argmax(pi))
        grads.append(phi[k] - pi @ phi)
        state.apply(seat, actions[k])
    winners = state.winners()
    reward = 1.0 if winners == [seat] else -1.0 if seat not in winners else 0.0
    return grads, reward


def win_rate(theta: np.ndarray, games: int, seed: int, explore: bool = False) -> float:
    rng = random.Random(seed)
    rewards = [play(theta, seed + g, g % 2, explore, rng)[1] for g in range(games)]
    return sum(r > 0 for r in rewards) / games + 0.5 * sum(r == 0 for r in rewards) / games


def main(argv: list[str] | None = None) -> tuple[float, float, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    size = hb.game(GAME).features.size(2)
    theta = np.zeros(size, dtype=np.float32)
    evaluation = 10**6  # the evaluation's games are never trained on
    before = win_rate(theta, args.eval_games, evaluation, explore=True)  # uniform: random
    first = win_rate(theta, args.eval_games, evaluation)  # theta 0: argmax is the first
    print(f"before training (uniform): {before:.0%} of {args.eval_games} games won "
          f"against random; for scale, always the first legal action: {first:.0%}")  # fmt: skip
    rng = random.Random(args.seed)
    baseline, start = 0.0, time.perf_counter()
    for episode in range(args.episodes):
        grads, reward = play(theta, args.seed + episode, episode % 2, True, rng)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for g in grads:
            theta += args.lr * advantage * g
        if (episode + 1) % 50 == 0:
            print(f"  {episode + 1} episodes, running mean reward {baseline:+.2f}, "
                  f"{time.perf_counter() - start:.0f} s")  # fmt: skip
    sampled = win_rate(theta, args.eval_games, evaluation, explore=True)
    after = win_rate(theta, args.eval_games, evaluation)
    print(f"after {args.episodes} episodes: {sampled:.0%} (sampling its policy), "
          f"{after:.0%} (its best-scored move) of {args.eval_games} games won")  # fmt: skip
    return before, sampled, after


if __name__ == "__main__":
    main()
