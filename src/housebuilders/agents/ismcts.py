"""Information-set Monte Carlo tree search (single-observer ISMCTS; Cowling, Powley
and Whitehouse, "Information Set Monte Carlo Tree Search", 2012).

One tree is grown for the deciding player's information set. Each iteration:

1. **determinize**: deal a fresh copy of the view, ``view.determinize(player, s)``,
   so hidden values (opponents' markers, deck orders, future dice) are resampled;
2. **select** down the tree with UCB1 over *availability* counts (a child counts as
   tried only in the iterations where its action was legal), among the actions
   legal in this determinization that the game thinks worth weighing
   (``State.search_actions``: by default all);
3. **expand** one untried action, with progressive widening where a node has many
   actions (at most ``widen * visits ** 0.5`` children);
4. **roll out** with the rollout policy (greedy-epsilon on the game's heuristic, or
   random) for at most ``depth`` actions, and on while the position is not
   ``State.quiet`` (an auction under way), then score the position with the
   heuristic, so an iteration stays cheap in long games. The default, one greedy
   action after the new leaf, lets a leaf be judged once its obvious follow-up is
   made (a game may declare otherwise: Mr House basic scores the leaf at once);
5. **back up** each player's reward in [0, 1] into the nodes where they moved.

Several players acting at once (a simultaneous phase) are taken one at a time: in
the tree the searching player first (the root is their decision), then the others
by seat, so that a node's children are always one player's moves; in the rollout in
a random order. In a determinization the others' pending choices are already hidden.
The move played is the root's most visited child. With an iteration budget and a
seed the bot is deterministic; with a time budget it is as strong as the machine.
Between consecutive moves of the same player the subtree under the move played is
kept (the information set only grew by that player's own action).

Three settings change the root for games where greedy is already strong and the
luck of the deal drowns the differences between good moves (Welcome To's own
settings use them all): ``width`` searches only the heuristic's best few moves;
``paired`` runs the iterations in sweeps that deal one determinization, and one
rollout luck per player, to every root move, and plays the best mean (common random
numbers); ``reveals`` stops an iteration at the first reveal after the root (the
end of a round), where the heuristic values the position on the cards just turned.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from housebuilders.agents.base import AgentError
from housebuilders.agents.registry import Param, register_bot
from housebuilders.core import Action, GameSpec, State, win_shares

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


#: the search's settings and their defaults; a game may give its own defaults
#: (``GameSpec.search_settings``) for those a bot's name leaves out
SETTINGS: dict[str, Any] = {
    "c": 0.3,
    "depth": 1,
    "rollout": "greedy",
    "epsilon": 0.0,
    "widen": 4.0,
    "scale": 0.0,
    "candidates": 8,
    "reuse": True,
    "prior": False,
    "width": 0,
    "paired": False,
    "reveals": 0,
    "z": 0.0,
    "margin": 0.0,
}

#: with ``margin``: the heuristic difference (times ``scale``) the lead's share of the
#: reward takes to saturate, wide enough to keep counting a lead far past a sure win
MARGIN_SPAN = 10.0


#: determinizations over which the root's moves are ranked when one used chance or
#: revealed something (as greedy's ``samples``)
ROOT_SAMPLES = 8


class ISMCTSAgent:
    """The search bot. Parameters (all optional, see ``housebuilders.agents`` and
    docs/bots.md):

    ``iterations`` (default 500) or ``seconds`` (a time budget per move, which
    replaces the iteration budget); ``c`` the exploration constant; ``depth`` the
    rollout's length before the heuristic scores it (0: score the new leaf at once;
    -1: play to the end); ``rollout`` "random", "greedy" (greedy-epsilon on
    the heuristic, ``epsilon`` the share of random moves) or "policy" (the game's
    rollout policy); ``widen`` the progressive-widening factor; ``scale`` the
    heuristic difference that counts as a clear lead (0, the default: the game's
    ``heuristic_scale``); ``candidates`` how many actions, sampled from the legal
    ones, a greedy rollout step compares; ``reuse`` keeps the subtree between the
    player's consecutive moves; ``prior`` expands a node's moves best first by the
    heuristic (one step of look-ahead, once per node) instead of in random order;
    ``width`` searches only the heuristic's best moves at the root; ``paired``
    compares the root's moves on the same samples, in sweeps; ``reveals`` scores an
    iteration once that many reveals (chance, or hidden things coming out) happened;
    ``margin`` the share of a reward (at a leaf and at the end) given to the lead
    itself, ``0.5 + 0.5 * tanh(h / (MARGIN_SPAN * scale))`` of the heuristic ``h``,
    as the result gets sure (all of ``margin`` at a reward of 0 or 1, none at 0.5):
    a search sure to win (or to lose) still plays for points.

    The settings a bot is not given are the game's (``GameSpec.search_settings``),
    else those of ``SETTINGS``.
    """

    def __init__(
        self, seed: int = 0, iterations: int = 0, seconds: float = 0.0, name: str = "ismcts",
        **settings: Any,
    ) -> None:  # fmt: skip
        if not (iterations >= 0 and 0 <= seconds < math.inf):  # NaN fails too
            raise AgentError("ismcts needs iterations >= 0 and a finite seconds >= 0")
        unknown = sorted(set(settings) - set(SETTINGS))
        if unknown:
            raise AgentError(
                f"ismcts has no setting {unknown[0]!r} (settings: {', '.join(SETTINGS)})"
            )
        self.name = name
        self.iterations = iterations if iterations or seconds else 500
        self.seconds = seconds
        self._given = settings
        self._settings_for: str | None = None  # the game whose defaults are in force
        self._configure(settings)
        self._rng = random.Random(seed)
        self._kept: tuple[int, int, Action, Node] | None = None  # player, seen, move, node
        #: what the last decision cost: iterations run and seconds taken, and whether
        #: it started from the subtree kept from the player's previous move
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_reused = False

    def _configure(self, settings: Mapping[str, Any]) -> None:
        """Take ``settings`` over the defaults, checked."""
        v = {**SETTINGS, **settings}
        if v["rollout"] not in ("random", "greedy", "policy"):
            raise AgentError(
                f"ismcts rollout is 'random', 'greedy' or 'policy', not {v['rollout']!r}"
            )
        if not all(math.isfinite(v[key]) for key in ("c", "widen", "scale", "epsilon", "z")):
            raise AgentError("ismcts needs finite c, widen, scale, epsilon and z")
        if not 0 <= v["margin"] <= 1:  # NaN fails too
            raise AgentError("ismcts needs 0 <= margin <= 1")
        if v["c"] < 0 or v["widen"] <= 0 or v["scale"] < 0 or not 0 <= v["epsilon"] <= 1:
            raise AgentError("ismcts needs c >= 0, widen > 0, scale >= 0 and 0 <= epsilon <= 1")
        if v["candidates"] < 1 or v["width"] < 0 or v["reveals"] < 0 or v["z"] < 0:
            raise AgentError("ismcts needs candidates >= 1, width >= 0, reveals >= 0 and z >= 0")
        self.c, self.depth, self.rollout = v["c"], v["depth"], v["rollout"]
        self.epsilon, self.widen, self.scale = v["epsilon"], v["widen"], v["scale"]
        self.candidates, self.prior = v["candidates"], v["prior"]
        self.width, self.paired, self.reveals = v["width"], v["paired"], v["reveals"]
        self.z, self.margin = v["z"], v["margin"]
        self.reuse = v["reuse"] and not self.paired  # paired moves get fresh samples

    def _for_game(self, spec: GameSpec) -> None:
        """The game's own defaults for the settings this bot was not given."""
        if self._settings_for != spec.id:
            self._configure({**spec.search_settings, **self._given})
            self._settings_for = spec.id

    def check_game(self, spec: GameSpec) -> None:
        self._for_game(spec)
        if self.rollout == "policy" and spec.rollout_policy is None:
            raise AgentError(f"{spec.id} has no rollout policy; use rollout=greedy or random")
        if spec.heuristic is None and (self.depth >= 0 or self.rollout == "greedy"):
            raise AgentError(
                f"ismcts cuts its rollouts with the game's heuristic and {spec.id} has none; "
                "use ismcts:depth=-1 (rollouts to the end) or another bot"
            )
        if spec.heuristic is None and self.margin:
            raise AgentError(
                f"ismcts's margin measures the lead with the game's heuristic and {spec.id} "
                "has none; leave margin at 0"
            )

    # -- the decision ---------------------------------------------------------------
    def choose(self, view: State, player: int) -> Action:
        self._for_game(view.spec)
        legal = view.search_actions(player)
        if len(legal) == 1:  # nothing to think about
            return self._forced(legal[0])
        start = time.perf_counter()
        rng = random.Random(self._rng.getrandbits(64))
        evaluate = view.spec.heuristic
        moves = legal
        if (self.width or self.paired) and evaluate is not None:
            ranked = _best_first(view, player, legal, evaluate, rng, ROOT_SAMPLES)
            moves = ranked[: self.width or None]
            if len(moves) == 1:
                return self._forced(moves[0])
        root = self._root(view, player)
        self.last_reused = root.visits > 0
        deadline = start + self.seconds if self.seconds else None
        done = 0
        sweeps: list[list[float]] = [[] for _ in moves]  # paired: each move's rewards
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif done and time.perf_counter() >= deadline:
                break
            if self.paired:  # one sweep: every move on the same sample and the same luck
                seed = rng.getrandbits(62)
                for move, rewards in zip(moves, sweeps, strict=True):
                    state = view.determinize(player, seed)
                    luck = _streams(seed, view.num_players)
                    rewards.append(
                        self._iterate(root, state, luck[-1], evaluate, player, [move], luck)
                    )
                done += len(moves)
            else:
                state = view.determinize(player, rng.getrandbits(62))
                self._iterate(root, state, rng, evaluate, player, moves)
                done += 1
        self.last_iterations, self.last_seconds = done, time.perf_counter() - start
        if self.paired:
            move = moves[_paired_best(sweeps, self.z)]
        else:
            move = max(moves, key=lambda a: self._merit(root.children.get(a)))
        child = root.children.get(move)
        self._kept = (player, view.moves_seen(player), move, child) if child is not None else None
        return move

    def _forced(self, move: Action) -> Action:
        self._kept = None
        self.last_iterations, self.last_seconds, self.last_reused = 0, 0.0, False
        return move

    @staticmethod
    def _merit(node: Node | None) -> tuple[int, float]:
        if node is None:
            return (-1, 0.0)
        return (node.visits, node.total / node.visits if node.visits else 0.0)

    def _root(self, view: State, player: int) -> Node:
        """The subtree under this player's previous move, if the player has seen
        nothing else happen since (the others' unseen choices of a simultaneous phase
        it cannot know of); otherwise a new root."""
        kept, self._kept = self._kept, None
        if self.reuse and kept is not None:
            kept_player, seen, move, node = kept
            if (
                kept_player == player
                and view.moves_seen(player) == seen + 1
                and _last_move_of(view, player) == move
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
        root_moves: list[Action],
        luck: list[random.Random] | None = None,
    ) -> float:
        """One iteration; returns the searching player's reward. With ``luck`` (one
        random stream per player), each player's rollout moves draw from their own.
        Every action played is one of the state's legal actions (the root's are the
        view's, alike in every determinization by the information rule), so it is
        played unchecked (``State.play``)."""
        path = [root]
        node = root
        reveals = self.reveals  # reveals still to see before the position is scored
        c, widen, sqrt = self.c, self.widen, math.sqrt
        while not state.is_terminal():
            acting = state.acting_players()
            mover = searcher if searcher in acting else acting[0]
            legal = root_moves if node is root else state.search_actions(mover)
            children = node.children
            untried, chosen = _scan(children, legal, c)
            if untried and (
                len(children) < widen * sqrt(node.visits + 1) or len(untried) == len(legal)
            ):
                if self.prior and evaluate is not None and len(untried) > 1:
                    action = _first_by_prior(node, state, mover, legal, untried, evaluate, rng)
                else:
                    action = untried[rng.randrange(len(untried))]
                node = children[action] = Node(mover)
                state.play(mover, action)
                path.append(node)
                if reveals:
                    reveals -= _revealed(state)
                break
            assert chosen is not None
            node = children[chosen]
            state.play(mover, chosen)
            path.append(node)
            if reveals:
                reveals -= _revealed(state)
                if reveals <= 0:
                    break
        known = None
        if not self.reveals or reveals > 0:
            state, known = self._playout(state, rng, evaluate, reveals, luck)
        movers = {n.mover for n in path[1:]}
        rewards = self._rewards(state, movers, known)
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.total += rewards[n.mover]
        return rewards[searcher]

    # -- rollout and rewards ----------------------------------------------------------
    def _playout(
        self,
        state: State,
        rng: random.Random,
        evaluate: Heuristic | None,
        reveals: int,
        luck: list[random.Random] | None = None,
    ) -> tuple[State, list[float] | None]:
        """Play on with the rollout policy for ``depth`` actions (or to the end), and
        on until the position is ``quiet`` (no auction half-run); or until ``reveals``
        reveals have been seen (if the search counts them). Returns the position
        reached (``state`` itself, or the copy a greedy step made and valued) and, if
        the last step was a greedy one that valued it for every seat, those values."""
        steps = 0
        greedy = self.rollout == "greedy" and evaluate is not None
        policy = state.spec.rollout_policy if self.rollout == "policy" else None
        every = _every_seat(state.spec, self.margin) if greedy else None
        known: list[float] | None = None
        while not state.is_terminal() and (
            steps < self.depth or self.depth < 0 or not state.quiet()
        ):
            acting = state.acting_players()
            mover = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
            legal = state.search_actions(mover)
            own = luck[mover] if luck is not None else rng
            known = None
            if policy is not None and len(legal) > 1:
                state.play(mover, policy(state, mover, own))
            elif greedy and len(legal) > 1 and own.random() >= self.epsilon:
                assert evaluate is not None
                if len(legal) > self.candidates:
                    legal = own.sample(legal, self.candidates)
                # the copy the move was valued on goes on (it is the move played)
                state, known = _best_after(state, mover, legal, evaluate, own, every)
            else:
                state.play(mover, legal[own.randrange(len(legal))])
            steps += 1
            if self.reveals:
                reveals -= _revealed(state)
                if reveals <= 0:
                    break
        return state, known

    def _rewards(
        self, state: State, movers: set[int], known: list[float] | None = None
    ) -> list[float]:
        """Each player's reward in [0, 1]: at the end their share of the win
        (``win_shares``: 1/k for each of k winners, 0 for a loser, whatever their
        place), otherwise the game's ``leaf_rewards`` (its chances to win, or its
        heuristic: for the one player who moved in the tree, if only one did); with
        ``margin``, that share of each given to the player's lead. ``known``: every
        seat's heuristic here, if the rollout's last step valued the position already."""
        spec = state.spec
        values = None
        if self.margin:  # asked for once
            values = known if known is not None else spec.evaluate_all(state)
        if state.is_terminal():
            rewards = win_shares(state.winners(), state.num_players)
        else:
            only = next(iter(movers)) if len(movers) == 1 else None
            if only is not None and values is None and known and spec.win_chances is None:
                # what leaf_rewards gives the one seat, without asking the heuristic again
                rewards = [0.5] * state.num_players
                scale = self.scale or spec.heuristic_scale
                rewards[only] = 0.5 + 0.5 * math.tanh(known[only] / scale)
            else:
                rewards = spec.leaf_rewards(state, self.scale, only, values or known)
        if values is None:
            return rewards
        span = MARGIN_SPAN * (self.scale or spec.heuristic_scale)
        out = []
        for r, h in zip(rewards, values, strict=True):
            share = self.margin * (1.0 - 4.0 * r * (1.0 - r))  # 0 at an even chance
            out.append((1.0 - share) * r + share * (0.5 + 0.5 * math.tanh(h / span)))
        return out


def _scan(
    children: dict[Action, Node], legal: list[Action], c: float
) -> tuple[list[Action], Action | None]:
    """A node's pass over the moves ``legal`` here: each child among them is available
    once more; the moves not tried yet; and the one to select, the first never
    visited, else the best by UCB1 with availability counts (None if no child is
    legal). Typed for the compiled build (ismcts.pxd)."""
    untried = []
    chosen: Action | None = None
    fresh = False
    best_value = -1.0
    for action in legal:
        child = children.get(action)
        if child is None:
            untried.append(action)
            continue
        child.avail += 1
        if fresh:
            continue
        visits = child.visits
        if not visits:
            chosen, fresh = action, True
            continue
        value = child.total / visits + c * math.sqrt(math.log(child.avail) / visits)
        if value > best_value:
            chosen, best_value = action, value
    return untried, chosen


def _paired_best(sweeps: list[list[float]], z: float) -> int:
    """The move with the best mean reward over the sweeps; but the first move (the
    heuristic's best) unless that lead, measured sweep by sweep, is at least ``z``
    standard errors."""
    means = [sum(rewards) / len(rewards) for rewards in sweeps]
    best = max(range(len(sweeps)), key=means.__getitem__)
    if best == 0 or z <= 0:
        return best
    leads = [r - r0 for r, r0 in zip(sweeps[best], sweeps[0], strict=True)]
    n = len(leads)
    mean = sum(leads) / n
    spread = sum((lead - mean) ** 2 for lead in leads) / max(n - 1, 1)
    if spread == 0:
        return best if mean > 0 else 0
    return best if mean / math.sqrt(spread / n) >= z else 0


def _last_move_of(state: State, player: int) -> Action | None:
    return next((a for p, a in reversed(state.history) if p == player), None)


def _streams(seed: int, players: int) -> list[random.Random]:
    """A random stream per player and one for the rest, all from ``seed``: a player's
    rollout moves then do not depend on how much luck the others used."""
    return [random.Random(seed * (players + 1) + p) for p in range(players + 1)]


def _revealed(state: State) -> int:
    """1 if the last action used chance or revealed something, else 0."""
    return int(state.undo_floor == len(state.history))


def _best_first(
    state: State,
    player: int,
    legal: list[Action],
    evaluate: Heuristic,
    rng: random.Random,
    samples: int = 1,
) -> list[Action]:
    """The legal moves, best first by the heuristic one step ahead; a move that used
    chance or revealed something is valued as greedy values it, by its mean over
    ``samples`` determinizations (the same ones for every move)."""
    seeds = [rng.getrandbits(62) for _ in range(samples - 1)]
    values = []
    for action in legal:
        after = state.clone()
        after.play(player, action)
        value = evaluate(after, player)
        if seeds and _revealed(after):
            for seed in seeds:
                sample = state.determinize(player, seed)
                sample.apply(player, action)
                value += evaluate(sample, player)
            value /= samples
        values.append((value + rng.random() * 1e-6, action))
    values.sort(key=lambda item: item[0], reverse=True)
    return [action for _, action in values]


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
        ranked = _best_first(state, mover, legal, evaluate, rng)
        node.order = {action: rank for rank, action in enumerate(ranked)}
    order = node.order
    return min(untried, key=lambda a: order.get(a, len(order)))


def _every_seat(spec: GameSpec, margin: float) -> Callable[[State], list[float]] | None:
    """The game's heuristic for every seat at once (whose value for a seat is the
    heuristic's, to the last bit), if a greedy rollout step is to value its moves with
    it: the position a rollout ends on is then scored by those values without asking
    again (unless the game scores its leaves by ``win_chances`` and ``margin`` asks
    nothing of the heuristic)."""
    if spec.heuristic_all is None or not (margin or spec.win_chances is None):
        return None
    return spec.heuristic_all


def _best_after(
    state: State,
    player: int,
    legal: list[Action],
    evaluate: Heuristic,
    rng: random.Random,
    every: Callable[[State], list[float]] | None,
) -> tuple[State, list[float] | None]:
    """The action whose result the heuristic likes best for ``player`` (one sample),
    played: the copy of ``state`` it was valued on and, with ``every`` (the heuristic
    for every seat), every seat's values there."""
    best, best_value, best_values = state, -math.inf, None
    for action in legal:
        after = state.clone()
        after.play(player, action)
        values = every(after) if every is not None else None
        value = values[player] if values is not None else evaluate(after, player)
        value += rng.random() * 1e-6
        if value > best_value or best is state:
            best, best_value, best_values = after, value, values
    return best, best_values


register_bot(
    "ismcts",
    ISMCTSAgent,
    {
        "iterations": Param(int, 1, 1_000_000),
        "seconds": Param(float, 0, 3600),
        "c": Param(float, 0, 100),
        "depth": Param(int, -1, 1000),
        "rollout": Param(str, choices=("random", "greedy", "policy")),
        "epsilon": Param(float, 0, 1),
        "widen": Param(float, 0.001, 1000),
        "scale": Param(float, 0, 1000),
        "candidates": Param(int, 1, 1000),
        "reuse": Param(bool),
        "prior": Param(bool),
        "width": Param(int, 0, 1000),
        "paired": Param(bool),
        "reveals": Param(int, 0, 100),
        "z": Param(float, 0, 10),
        "margin": Param(float, 0, 1),
    },
    help="information-set Monte Carlo tree search; iterations (default 500) or seconds "
    "per move; c exploration; depth: rollout actions before the heuristic scores the "
    "position (0: at once, -1: to the end); rollout random|greedy|policy; epsilon; "
    "widen progressive widening; scale; candidates compared by a greedy rollout step; "
    "reuse; prior: expand moves best first by the heuristic; width: search only the "
    "heuristic's best moves at the root; paired: compare root moves on the same samples; "
    "z: with paired, how sure a move must be to beat the heuristic's best; "
    "reveals: score the position after that many reveals; margin: the share of each "
    "reward given to the lead itself, so a search sure of the result still plays for points",
    hint="strong",
)
