"""Information-set Monte Carlo tree search (single-observer ISMCTS; Cowling, Powley
and Whitehouse, "Information Set Monte Carlo Tree Search", 2012).

One tree is grown for the deciding player's information set. Each iteration:

1. **determinize**: deal a fresh copy of the view, ``view.determinize(player, s)``,
   so hidden values (opponents' markers, deck orders, future dice) are resampled;
2. **select** down the tree with UCB1 over *availability* counts (a child counts as
   tried only in the iterations where its action was legal), among the actions
   legal in this determinization;
3. **expand** one untried action, with progressive widening where a node has many
   actions (at most ``widen * visits ** 0.5`` children);
4. **roll out** with the rollout policy (greedy-epsilon on the game's heuristic, or
   random) for at most ``depth`` actions, then score the position with the
   heuristic, so an iteration stays cheap in long games. The default, one greedy
   action after the new leaf, lets a leaf be judged once its obvious follow-up is
   made (measured best in Mr House: docs/bots.md);
5. **back up** each player's reward in [0, 1] into the nodes where they moved.

Several players acting at once (a simultaneous phase) are taken one at a time: in
the tree the searching player first (the root is their decision), then the others
by seat, so that a node's children are always one player's moves; in the rollout in
a random order. In a determinization the others' pending choices are already hidden.
The move played is the root's most visited child. With an iteration budget and a
seed the bot is deterministic; with a time budget it is as strong as the machine.
Between consecutive moves of the same player the subtree under the move played is
kept (the information set only grew by that player's own action).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..core import Action, GameSpec, State
from .base import AgentError

Heuristic = Callable[[State, int], float]


class Node:
    """A node of the tree: the position after ``mover`` played the action to it."""

    __slots__ = ("mover", "children", "visits", "avail", "total", "order")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0  # the mover's summed reward
        #: with ``prior``: the moves from here, best first by the heuristic
        self.order: dict[Action, int] | None = None


class ISMCTSAgent:
    """The search bot. Parameters (all optional, see ``housebuilders.agents``):

    ``iterations`` (default 500) or ``seconds`` (a time budget per move, which
    replaces the iteration budget); ``c`` the exploration constant; ``depth`` the
    rollout's length before the heuristic scores it (0: score the new leaf at once;
    negative: play to the end); ``rollout`` "random" or "greedy" (greedy-epsilon on
    the heuristic, ``epsilon`` the share of random moves); ``widen`` the
    progressive-widening factor; ``scale`` the heuristic difference that counts as a
    clear lead (0, the default: the game's ``heuristic_scale``); ``candidates`` how
    many actions, sampled from the legal ones, a greedy rollout step compares;
    ``prior`` expands a node's moves best first by the heuristic (one step of
    look-ahead, once per node) instead of in random order.
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 0,
        seconds: float = 0.0,
        c: float = 0.3,
        depth: int = 1,
        rollout: str = "greedy",
        epsilon: float = 0.0,
        widen: float = 4.0,
        scale: float = 0.0,
        candidates: int = 8,
        reuse: bool = True,
        prior: bool = False,
        name: str = "ismcts",
    ) -> None:
        if iterations < 0 or seconds < 0:
            raise AgentError("ismcts needs iterations >= 0 and seconds >= 0")
        if rollout not in ("random", "greedy", "policy"):
            raise AgentError(f"ismcts rollout is 'random', 'greedy' or 'policy', not {rollout!r}")
        if c < 0 or widen <= 0 or scale < 0 or not 0 <= epsilon <= 1:
            raise AgentError("ismcts needs c >= 0, widen > 0, scale >= 0 and 0 <= epsilon <= 1")
        self.name = name
        self.iterations = iterations if iterations or seconds else 500
        self.seconds = seconds
        self.c, self.depth, self.rollout = c, depth, rollout
        self.epsilon, self.widen, self.scale = epsilon, widen, scale
        if candidates < 1:
            raise AgentError("ismcts needs candidates >= 1")
        self.candidates = candidates
        self.reuse = reuse
        self.prior = prior
        self._rng = random.Random(seed)
        self._kept: tuple[int, int, Action, Node] | None = None  # player, history, move, node
        #: what the last decision cost: iterations run and seconds taken, and whether
        #: it started from the subtree kept from the player's previous move
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_reused = False

    def check_game(self, spec: GameSpec) -> None:
        if self.rollout == "policy" and spec.rollout_policy is None:
            raise AgentError(f"{spec.id} has no rollout policy; use rollout=greedy or random")
        if spec.heuristic is None and (self.depth >= 0 or self.rollout == "greedy"):
            raise AgentError(
                f"ismcts cuts its rollouts with the game's heuristic and {spec.id} has none; "
                "use ismcts:depth=-1 (rollouts to the end) or another bot"
            )

    # -- the decision ---------------------------------------------------------------
    def choose(self, view: State, player: int) -> Action:
        legal = view.legal_actions(player)
        if len(legal) == 1:  # nothing to think about
            self._kept = None
            self.last_iterations, self.last_seconds, self.last_reused = 0, 0.0, False
            return legal[0]
        start = time.perf_counter()
        root = self._root(view, player)
        self.last_reused = root.visits > 0
        rng = random.Random(self._rng.getrandbits(64))
        evaluate = view.spec.heuristic
        deadline = start + self.seconds if self.seconds else None
        done = 0
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            state = view.determinize(player, rng.getrandbits(62))
            self._iterate(root, state, rng, evaluate, player)
            done += 1
        self.last_iterations, self.last_seconds = done, time.perf_counter() - start
        move = max(legal, key=lambda a: self._merit(root.children.get(a)))
        child = root.children.get(move)
        self._kept = (player, len(view.history), move, child) if child is not None else None
        return move

    @staticmethod
    def _merit(node: Node | None) -> tuple[int, float]:
        if node is None:
            return (-1, 0.0)
        return (node.visits, node.total / node.visits if node.visits else 0.0)

    def _root(self, view: State, player: int) -> Node:
        """The subtree under this player's previous move, if nobody else has moved since;
        otherwise a new root."""
        kept, self._kept = self._kept, None
        if self.reuse and kept is not None:
            kept_player, length, move, node = kept
            history = view.history
            if (
                kept_player == player
                and len(history) == length + 1
                and history[-1] == (player, move)
            ):
                return node
        return Node(-1)

    # -- one iteration --------------------------------------------------------------
    def _iterate(
        self,
        root: Node,
        state: State,
        rng: random.Random,
        evaluate: Heuristic | None,
        searcher: int,
    ) -> None:
        path = [root]
        node = root
        while not state.is_terminal():
            acting = state.acting_players()
            mover = searcher if searcher in acting else acting[0]
            legal = state.legal_actions(mover)
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried and (
                len(children) < self.widen * math.sqrt(node.visits + 1)
                or len(untried) == len(legal)
            ):
                if self.prior and evaluate is not None and len(untried) > 1:
                    action = _first_by_prior(node, state, mover, legal, untried, evaluate, rng)
                else:
                    action = untried[rng.randrange(len(untried))]
                node = children[action] = Node(mover)
                state.apply(mover, action)
                path.append(node)
                break
            action, node = self._select(children, legal)
            state.apply(mover, action)
            path.append(node)
        rewards = self._playout(state, rng, evaluate)
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.total += rewards[n.mover]

    def _select(self, children: dict[Action, Node], legal: list[Action]) -> tuple[Action, Node]:
        """UCB1 with availability counts, over the children legal here."""
        best: tuple[Action, Node] | None = None
        best_value = -1.0
        c = self.c
        for action in legal:
            child = children.get(action)
            if child is None:
                continue
            if not child.visits:
                return action, child
            value = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = (action, child), value
        assert best is not None
        return best

    # -- rollout and rewards ----------------------------------------------------------
    def _playout(self, state: State, rng: random.Random, evaluate: Heuristic | None) -> list[float]:
        steps = 0
        greedy = self.rollout == "greedy" and evaluate is not None
        policy = state.spec.rollout_policy if self.rollout == "policy" else None
        while not state.is_terminal() and (steps < self.depth or self.depth < 0):
            acting = state.acting_players()
            mover = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
            legal = state.legal_actions(mover)
            if policy is not None and len(legal) > 1:
                action = policy(state, mover, rng)
            elif greedy and len(legal) > 1 and rng.random() >= self.epsilon:
                assert evaluate is not None
                if len(legal) > self.candidates:
                    legal = rng.sample(legal, self.candidates)
                action = _best(state, mover, legal, evaluate, rng)
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(mover, action)
            steps += 1
        if state.is_terminal():
            return rank_rewards(state.ranking())
        scale = self.scale or state.spec.heuristic_scale
        return [0.5 + 0.5 * math.tanh(h / scale) for h in state.spec.evaluate_all(state)]


def _first_by_prior(
    node: Node,
    state: State,
    mover: int,
    legal: list[Action],
    untried: list[Action],
    evaluate: Heuristic,
    rng: random.Random,
) -> Action:
    """The untried move the heuristic likes best (ranked once per node, in the first
    determinization that needs it; a move unknown then comes last)."""
    if node.order is None:
        values = []
        for action in legal:
            after = state.clone()
            after.apply(mover, action)
            values.append((evaluate(after, mover) + rng.random() * 1e-6, action))
        values.sort(key=lambda item: item[0], reverse=True)
        node.order = {action: rank for rank, (_, action) in enumerate(values)}
    order = node.order
    return min(untried, key=lambda a: order.get(a, len(order)))


def _best(
    state: State, player: int, legal: list[Action], evaluate: Heuristic, rng: random.Random
) -> Action:
    """The action whose result the heuristic likes best for ``player`` (one sample)."""
    best, best_value = legal[0], -math.inf
    for action in legal:
        after = state.clone()
        after.apply(player, action)
        value = evaluate(after, player) + rng.random() * 1e-6
        if value > best_value:
            best, best_value = action, value
    return best


def rank_rewards(ranking: list[int]) -> list[float]:
    """Each player's share of the others beaten (a tie counts half): 1 for a sole
    winner, 0 for the sole last, 0.5 for a two-player tie."""
    n = len(ranking)
    if n == 1:
        return [1.0]
    return [
        (sum(r < other for other in ranking) + 0.5 * (sum(r == other for other in ranking) - 1))
        / (n - 1)
        for r in ranking
    ]
