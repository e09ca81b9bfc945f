"""Our games side by side with the references the speed aims are set against, each
timed in the same run (``housebuilders bench --versus``; needs the rl extra):

- **rules**: random play in a Python loop, the checked ``apply`` as users call it,
  against OpenSpiel's C++ backgammon and its Python tic-tac-toe in the same loop
  (``legal_actions``, a random choice, ``apply_action``; backgammon's dice are chance
  outcomes applied the same way and counted as moves, which favours the reference);
- **environments**: PettingZoo steps a second with the observation and the action
  mask, against PettingZoo's ``connect_four_v3`` and ``leduc_holdem_v4``;
- **search**: ISMCTS iterations a second, ours against OpenSpiel's ``ISMCTSBot``
  (random rollouts) through the OpenSpiel adapter, on the same positions.

The machine is shared and noisy: every contender is timed in turn, ``rounds`` times,
and each keeps its best round (the least disturbed); the ratios compare figures of
one run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as os_ismcts, mcts as os_mcts
from open_spiel.python.games import tic_tac_toe  # noqa: F401 (registers python_tic_tac_toe)
from pettingzoo.classic import connect_four_v3, leduc_holdem_v4

from housebuilders import agents
from housebuilders.agents.ismcts import ISMCTSAgent
from housebuilders.agents.turn import decide
from housebuilders.core import State, build, game
from housebuilders.core.log import plural
from housebuilders.core.testing import random_playout
from housebuilders.envs import openspiel as hbos, pettingzoo as hbpz

#: the reference of the rules' figures, and of the environments'
RULES_REFERENCE = "backgammon (OpenSpiel, C++)"
ENV_REFERENCE = "connect_four_v3 (PettingZoo)"


@dataclass(frozen=True)
class Rate:
    """One contender's best rate of the run, and its ratio to the reference's."""

    name: str
    rate: float
    ratio: float


def best_rates(
    contenders: Iterable[tuple[str, Callable[[float, int], float]]],
    reference: str,
    seconds: float,
    rounds: int,
    seed: int,
    tick: Callable[[], None] = lambda: None,
) -> list[Rate]:
    """Time each ``run(seconds, seed)`` in turn, ``rounds`` times; each its best."""
    contenders = list(contenders)
    best: dict[str, float] = {}
    for r in range(rounds):
        for name, run in contenders:
            best[name] = max(best.get(name, 0.0), run(seconds, seed + 1000 * r))
            tick()
    return [Rate(name, best[name], best[name] / best[reference]) for name, _ in contenders]


# == rules ===========================================================================
def our_moves(game_id: str, players: int) -> Callable[[float, int], float]:
    """Moves a second of random play on our ``game_id``, whole games, checked."""
    spec = game(game_id)

    def run(seconds: float, seed: int) -> float:
        rng = random.Random(seed)
        moves, spent, g = 0, 0.0, 0
        while spent < seconds:
            start = time.perf_counter()
            moves += random_playout(spec.new_game(players, seed + g), rng)
            spent += time.perf_counter() - start
            g += 1
        return moves / spent

    return run


def spiel_moves(name: str) -> Callable[[float, int], float]:
    """Moves a second of random play on OpenSpiel's game ``name``, whole games; a chance
    outcome (drawn by its probability) counts as a move."""
    spiel = pyspiel.load_game(name)

    def run(seconds: float, seed: int) -> float:
        rng = random.Random(seed)
        moves, spent = 0, 0.0
        while spent < seconds:
            start = time.perf_counter()
            state = spiel.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[rng.randrange(len(actions))])
                moves += 1
            spent += time.perf_counter() - start
        return moves / spent

    return run


def rules_contenders(
    counts: dict[str, list[int]],
) -> list[tuple[str, Callable[[float, int], float]]]:
    """Our games at their player counts, then the two OpenSpiel references."""
    ours = [
        (f"{g}, {plural(n, 'player')}", our_moves(g, n))
        for g, players in counts.items()
        for n in players
    ]
    return [
        *ours,
        (RULES_REFERENCE, spiel_moves("backgammon")),
        ("tic-tac-toe (OpenSpiel, Python)", spiel_moves("python_tic_tac_toe")),
    ]


# == environments ====================================================================
def aec_steps(make: Callable[[], Any]) -> Callable[[float, int], float]:
    """Steps a second of random legal play on an AEC environment, whole games: each
    step reads ``env.last()`` (the observation and its mask), picks from the mask and
    steps."""

    def run(seconds: float, seed: int) -> float:
        env = make()
        rng = random.Random(seed)
        steps, spent, g = 0, 0.0, 0
        while spent < seconds:
            start = time.perf_counter()
            env.reset(seed=seed + g)
            for _agent in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            spent += time.perf_counter() - start
            g += 1
        return steps / spent

    return run


def env_contenders(games: Iterable[str]) -> list[tuple[str, Callable[[float, int], float]]]:
    """Our PettingZoo environments at 2 players, then PettingZoo's two references."""
    ours = [(g, aec_steps(partial(hbpz.env, g, players=2))) for g in games]
    return [
        *ours,
        (ENV_REFERENCE, aec_steps(connect_four_v3.env)),
        ("leduc_holdem_v4 (PettingZoo)", aec_steps(leduc_holdem_v4.env)),
    ]


# == search ==========================================================================
class TimedISMCTS(os_ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS bot searching for ``seconds`` a move (at least two
    simulations) instead of a fixed number; counts its simulations."""

    def __init__(self, spiel: Any, evaluator: Any, seconds: float, seed: int, c: float) -> None:
        rs = np.random.RandomState(seed)
        super().__init__(spiel, evaluator, c, max_simulations=1, random_state=rs)
        self.seconds, self.simulations, self.spent = seconds, 0, 0.0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        self.reset()
        self._root_node = self.create_new_node(state)
        start = time.perf_counter()
        n = 0
        while n < 2 or time.perf_counter() - start < self.seconds:  # the first expands the root
            self.run_simulation(self.sample_root_state(state))
            n += 1
        self.simulations += n
        self.spent += time.perf_counter() - start
        return self.get_final_policy(state, self._root_node)


def positions(game_id: str, count: int, seed: int) -> list[State]:
    """``count`` positions from random 2-player games, each with a choice the search
    weighs (more than one of ``search_actions``)."""
    spec, rng = game(game_id), random.Random(seed)
    found: list[State] = []
    g = 0
    while len(found) < count:
        state = spec.new_game(2, seed + g)
        stop = rng.randrange(5, 60)
        while not state.is_terminal() and len(state.history) < stop:
            player = state.acting_players()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
        if not state.is_terminal() and len(state.search_actions(state.acting_players()[0])) > 1:
            found.append(state)
        g += 1
    return found


def search_rates(
    game_id: str, seconds: float, count: int, seed: int, c: float = 1.4
) -> tuple[float, float]:
    """ISMCTS iterations a second on ``count`` positions of ``game_id``: ours
    (``ismcts:seconds=...``), then OpenSpiel's (random rollouts) through the adapter."""
    spiel = pyspiel.load_game(hbos.short_name(game_id), {"players": 2, "seed": seed})
    ours_it, ours_s, theirs_it, theirs_s = 0, 0.0, 0, 0.0
    for i, state in enumerate(positions(game_id, count, seed)):
        player = state.acting_players()[0]
        ours = agents.make(f"ismcts:seconds={seconds}", seed=seed + i)
        assert isinstance(ours, ISMCTSAgent)
        decide(ours, state, player, seed + i)
        ours_it, ours_s = ours_it + ours.last_iterations, ours_s + ours.last_seconds
        evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + i))
        theirs = TimedISMCTS(spiel, evaluator, seconds, seed + i, c)
        theirs.step(hbos.spiel_state(spiel, state))
        theirs_it, theirs_s = theirs_it + theirs.simulations, theirs_s + theirs.spent
    return ours_it / ours_s, theirs_it / theirs_s


# == the whole comparison ============================================================
@dataclass(frozen=True)
class Versus:
    """The three comparisons of one run: rules and environments as ``Rate`` rows, and
    the search as (game, our iterations a second, OpenSpiel's)."""

    rules: list[Rate]
    envs: list[Rate]
    search: list[tuple[str, float, float]]
    seconds: float
    rounds: int
    search_seconds: float
    #: the build in use (``core.build.summary()``)
    build: str

    def markdown(self) -> str:
        """The three tables in Markdown, with what they measured."""
        lines = [
            f"{self.build[0].upper()}{self.build[1:]}.",
            "",
            f"Random play, the checked `apply` (the best of {plural(self.rounds, 'round')} "
            f"of {self.seconds:g} s each):",
            "",
            "| game | moves/s | × backgammon (C++) |",
            "|---|---:|---:|",
            *(f"| {r.name} | {r.rate:,.0f} | {r.ratio:.2f} |" for r in self.rules),
            "",
            "PettingZoo environments, 2 players, observation and mask on:",
            "",
            "| environment | steps/s | × connect_four_v3 |",
            "|---|---:|---:|",
            *(f"| {r.name} | {r.rate:,.0f} | {r.ratio:.2f} |" for r in self.envs),
            "",
            f"ISMCTS iterations a second at {self.search_seconds:g} s a move, 2 players:",
            "",
            "| game | ours | OpenSpiel's ISMCTSBot (random rollouts) | ours × theirs |",
            "|---|---:|---:|---:|",
            *(
                f"| {g} | {ours:,.0f} | {theirs:,.0f} | {ours / theirs:.1f} |"
                for g, ours, theirs in self.search
            ),
        ]
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        return {
            "settings": {
                "seconds": self.seconds,
                "rounds": self.rounds,
                "search_seconds": self.search_seconds,
                "build": self.build,
            },
            "rules": [vars(r) for r in self.rules],
            "envs": [vars(r) for r in self.envs],
            "search": [{"game": g, "ours": o, "theirs": t} for g, o, t in self.search],
        }


#: positions each game's search is timed on
SEARCH_POSITIONS = 5


def run(
    counts: dict[str, list[int]],
    seconds: float = 1.0,
    rounds: int = 3,
    seed: int = 0,
    search_seconds: float = 0.1,
    tick: Callable[[str], None] = lambda what: None,
) -> Versus:
    """All three comparisons of the games in ``counts`` (game id: player counts)."""
    rules = best_rates(
        rules_contenders(counts), RULES_REFERENCE, seconds, rounds, seed, lambda: tick("rules")
    )
    envs = best_rates(
        env_contenders(counts), ENV_REFERENCE, seconds, rounds, seed, lambda: tick("environments")
    )
    search = []
    for game_id in counts:
        ours, theirs = search_rates(game_id, search_seconds, SEARCH_POSITIONS, seed)
        search.append((game_id, ours, theirs))
        tick("search")
    return Versus(rules, envs, search, seconds, rounds, search_seconds, build.summary())


def ticks(counts: dict[str, list[int]], rounds: int) -> int:
    """The ``tick`` calls ``run`` makes: for a progress bar."""
    rules = sum(len(n) for n in counts.values()) + 2
    envs = len(counts) + 2
    return rounds * (rules + envs) + len(counts)
