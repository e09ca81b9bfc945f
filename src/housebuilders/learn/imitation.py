"""A training's start from a bot's moves (``Settings.imitate``): behaviour cloning
before the curriculum.

A policy that starts random must find by chance what the game rewards; in Mr House
advanced one run in four never found a complete house (docs/notes/
mr-house-advanced-training.md). A teacher bot (by default ``greedy:samples=1``, which
completes three houses in four) plays ``moves`` of its moves first: each game one seat
is the teacher, every other seat the teacher or ``random`` (a coin each), and every
move of a teacher's seat is kept with the seat's observation and mask, as the learner
will see them. The policy then learns to choose as the teacher chose (the masked
cross-entropy of its action, ``epochs`` passes), and PPO starts from there: the
curriculum plays on from a policy that already builds.

The games' seeds are drawn from the training's seed, never the evaluation's nor the
runs' selection's. The time it takes is counted in the training's budget.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from housebuilders.agents import make as make_bot
from housebuilders.agents.turn import decide
from housebuilders.envs.game import EnvGame
from housebuilders.learn.evaluation import held_out

__all__ = ["Lessons", "agreement", "clone", "collect", "imitate"]

#: the other seats' bot, beside the teacher, in the teacher's games
PARTNER = "random"
BATCH = 256
LEARNING_RATE = 1e-3


@dataclass
class Lessons:
    """The teacher's moves: each with the observation and mask of its seat."""

    observations: np.ndarray  # float32, one row a move
    packed_masks: np.ndarray  # the masks' bits packed (``np.packbits``): a row a move
    actions: np.ndarray  # int64, indices of the action space
    games: int
    width: int  # the action space's

    def masks(self, rows: slice | np.ndarray) -> np.ndarray:
        """The masks of ``rows``, as booleans."""
        return np.unpackbits(self.packed_masks[rows], axis=1, count=self.width).astype(bool)


def collect(
    game_id: str,
    players: int,
    teacher: str,
    moves: int,
    seed: int,
    eval_games: int = 200,
    progress: Callable[[int], None] | None = None,
) -> Lessons:
    """At least ``moves`` of ``teacher``'s moves, in games of seeds drawn from ``seed``
    (``progress(moves so far)`` after each game)."""
    table = EnvGame(game_id, players)
    rng = random.Random(seed)
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    games = 0
    index = table.spec.action_index
    while len(actions) < moves:
        game_seed = rng.getrandbits(63)
        if held_out(game_seed, eval_games):
            continue
        first = rng.randrange(players)
        names = [teacher if s == first or rng.random() < 0.5 else PARTNER for s in range(players)]
        bots = [make_bot(name, seed=rng.getrandbits(32)) for name in names]
        state = table.new_game(game_seed)
        for _ in range(table.spec.episode_steps * players):
            if state.is_terminal():
                break
            seat = state.acting_players()[0]
            action = decide(bots[seat], state, seat, game_seed)
            if names[seat] == teacher:
                observations.append(table.observation(state, seat).copy())
                masks.append(np.packbits(table.mask(state, seat).astype(bool)))
                actions.append(index(action))
            state.apply(seat, action)
        games += 1
        if progress is not None:
            progress(len(actions))
    return Lessons(
        np.array(observations, dtype=np.float32),
        np.array(masks, dtype=np.uint8).reshape(len(actions), -1),
        np.array(actions, dtype=np.int64),
        games,
        table.actions,
    )


def clone(
    model: MaskablePPO,
    lessons: Lessons,
    epochs: int,
    seed: int,
    progress: Callable[[float], None] | None = None,
) -> dict[str, float]:
    """Teach ``model``'s policy the lessons' moves: ``epochs`` passes of the masked
    cross-entropy, in batches of ``BATCH`` (Adam at ``LEARNING_RATE``; PPO's own
    optimiser untouched). ``progress(fraction done)`` after each batch. Returns the
    last pass's mean loss and the share of moves the policy now chooses as taught."""
    policy = model.policy
    optimiser = torch.optim.Adam(policy.parameters(), lr=LEARNING_RATE)
    order = np.random.default_rng(seed)
    size = len(lessons.actions)
    batches = max(1, epochs * -(-size // BATCH))
    done, loss_sum = 0, 0.0
    for _ in range(epochs):
        loss_sum = 0.0
        shuffled = order.permutation(size)
        for start in range(0, size, BATCH):
            rows = shuffled[start : start + BATCH]
            observations = torch.as_tensor(lessons.observations[rows])
            actions = torch.as_tensor(lessons.actions[rows])
            _, log_prob, _ = policy.evaluate_actions(
                observations, actions, action_masks=torch.as_tensor(lessons.masks(rows))
            )
            loss = -log_prob.mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            loss_sum += float(loss.detach()) * len(rows)
            done += 1
            if progress is not None:
                progress(done / batches)
    return {"loss": loss_sum / max(size, 1), "agreement": agreement(model, lessons)}


def agreement(model: MaskablePPO, lessons: Lessons) -> float:
    """The share of the lessons' moves the policy's best action is."""
    if not len(lessons.actions):
        return 0.0
    right = 0
    for start in range(0, len(lessons.actions), 4096):
        rows = slice(start, start + 4096)
        best, _ = model.policy.predict(
            lessons.observations[rows], deterministic=True, action_masks=lessons.masks(rows)
        )
        right += int((best == lessons.actions[rows]).sum())
    return right / len(lessons.actions)


def imitate(
    model: MaskablePPO,
    game_id: str,
    players: int,
    teacher: str,
    moves: int,
    epochs: int,
    seed: int,
    eval_games: int = 200,
    progress: Callable[[float, str], None] | None = None,
) -> dict[str, object]:
    """``collect`` then ``clone``: the stage's figures for the training's log.
    ``progress(fraction of the imitation, what)``."""
    started = time.monotonic()
    report = (lambda n: progress(0.5 * min(n / moves, 1.0), "collect")) if progress else None
    lessons = collect(game_id, players, teacher, moves, seed, eval_games, report)
    learn = (lambda f: progress(0.5 + 0.5 * f, "clone")) if progress else None
    figures = clone(model, lessons, epochs, seed, learn)
    return {
        "stage": f"imitate {teacher}",
        "moves": len(lessons.actions),
        "games": lessons.games,
        "epochs": epochs,
        "seconds": round(time.monotonic() - started, 1),
        **{k: round(v, 4) for k, v in figures.items()},
    }
