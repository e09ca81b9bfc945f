"""Every game as an OpenSpiel Python game (the ``rl`` extra).

    import pyspiel
    import housebuilders.envs.openspiel   # registers python_housebuilders_<game>

    game = pyspiel.load_game("python_housebuilders_mr_house_basic", {"players": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    state.returns()

Each game is registered under ``python_housebuilders_<id with underscores>`` with the
parameters ``players`` (the game's smallest table by default, two for Welcome To)
and ``seed`` (0): the game draws each new initial state's seed from a generator
seeded by ``seed``, so a game object gives a sequence of different, reproducible
games.

- Dynamics: sequential. A simultaneous phase (Welcome To's rounds, Master Builder's
  construction plans) is played seat after seat, the lowest acting seat first, as
  in the PettingZoo adapter; each sees only that the others chose, never what, until
  the phase resolves (the game's own observations hide their pending choices).
- Chance: **sampled** (``SAMPLED_STOCHASTIC``): the dice, shuffles and draws come from
  the state's own seeded generator when an action uses them, never as chance nodes
  (OpenSpiel's Python games support that mode; our games draw chance inside their
  rules, in amounts no chance-node list could enumerate, such as a deck's
  shuffle). ``clone()`` copies the generator, so a clone's future is the true one:
  a perfect-information search (OpenSpiel's MCTS) on the true state sees the future
  dice, as it sees the hidden cards. ``resample_from_infostate(player, sampler)`` is
  the game's ``determinize(player, seed)``: the hidden cards, the others' pending
  choices and the future chance resampled, which is what ISMCTS needs.
- Information: imperfect. The observation string is the seat's observation (JSON);
  the information-state string adds the history as the seat knows it
  (``history_seen_by``: each move as ``player:action``, ``player:?`` for one hidden
  from the seat), so it has perfect recall.
  Both tensors are the game's encoding of the observation (games/<game>/features.py),
  which sums up rather than recalls the past: the information-state tensor is the
  observation tensor. A public observer (``private_info`` NONE) gives the spectator's.
- Rewards: terminal only, the adapters' win rewards (win 1, loss -1, a shared win
  split: ``table.win_rewards``); general-sum.
- Length: the parameter ``max_game_length`` (100,000 by default) is the game's
  declared bound, and it holds: a game not over after that many moves ends there,
  every return 0 (House of Fado ends only on a third star, and Master Builder's
  planning may go on for ever, as a person may, so a policy could make a game
  endless).
- Actions: the game's fixed action space (``spec.action_space_size``), indices in
  ``legal_actions()`` sorted.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from housebuilders.core import State, game, game_ids
from housebuilders.core.rng import seed_state
from housebuilders.envs.game import EnvGame, next_seed, win_rewards

__all__ = [
    "HeuristicEvaluator",
    "HousebuildersGame",
    "HousebuildersState",
    "register",
    "spiel_state",
    "short_name",
]

#: the ``max_game_length`` parameter's default: far beyond any game's random length
#: (the longest, House of Fado's, ~2,000 moves); a game not over by then is cut there
MAX_GAME_LENGTH = 100_000


def short_name(game_id: str) -> str:
    return "python_housebuilders_" + game_id.replace("-", "_")


def _default_players(game_id: str) -> int:
    spec = game(game_id)
    return max(spec.min_players, 2) if spec.max_players >= 2 else spec.min_players


def game_type(game_id: str) -> pyspiel.GameType:
    spec = game(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Python housebuilders {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": _default_players(game_id),
            "seed": 0,
            "max_game_length": MAX_GAME_LENGTH,
        },
    )


class HousebuildersGame(pyspiel.Game):
    """One of our games for OpenSpiel, at the player count of its ``players``; a
    subclass per game (``register``) names it in ``GAME_ID``."""

    GAME_ID = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        params = dict(params or {})
        players = int(params.get("players", _default_players(game_id)))
        seed = int(params.get("seed", 0))
        length = int(params.get("max_game_length", MAX_GAME_LENGTH))
        if length < 1:
            raise ValueError(f"max_game_length must be at least 1, not {length}")
        self.table = EnvGame(game_id, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=length,
        )
        self._params = {"players": players, "seed": seed, "max_game_length": length}
        super().__init__(game_type(game_id), info, self._params)
        self._seeds = random.Random(seed)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its name, parameters and place in its sequence of
        seeds: pyspiel's own way asks a sampled-stochastic game for an RNG state that a
        Python game cannot give."""
        return _load_game, (self.get_type().short_name, self._params, self._seeds.getstate())

    def new_initial_state(self) -> HousebuildersState:
        return HousebuildersState(self, self.table.new_game(next_seed(self._seeds)))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, not {params}")
        return Observer(self.table, iig_obs_type or pyspiel.IIGObservationType())


class _Held:
    """A game state kept in an OpenSpiel state: pyspiel copies a Python state with
    ``copy.deepcopy``, which takes this one's ``clone`` (a deep copy of a game state
    would copy its content and spec too: some thirty times slower)."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())


class _Shared:
    """What every copy of an OpenSpiel state shares (the table, the length bound), never
    copied."""

    __slots__ = ("table", "max_length")

    def __init__(self, table: EnvGame, max_length: int) -> None:
        self.table, self.max_length = table, max_length

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class HousebuildersState(pyspiel.State):
    """A game in progress: the housebuilders state ``hb`` inside."""

    def __init__(self, game: HousebuildersGame, state: State) -> None:
        super().__init__(game)
        self._held = _Held(state)
        self._shared = _Shared(game.table, game.max_game_length())
        self._replaying: int | None = None  # the seat of a move replayed (spiel_state)

    @property
    def hb(self) -> State:
        return self._held.state

    @property
    def _table(self) -> EnvGame:
        return self._shared.table

    def current_player(self) -> int:
        if self._replaying is not None:
            return self._replaying
        acting = () if self._cut() else self.hb.acting_players()
        return acting[0] if acting else pyspiel.PlayerId.TERMINAL

    def _cut(self) -> bool:
        """Whether the game was cut at ``max_game_length`` moves, not over (the moves
        counted by the game's own history, which a pickled copy keeps)."""
        return len(self.hb.history) >= self._shared.max_length and not self.hb.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        index = self._table.spec.action_index
        return sorted(index(a) for a in self.hb.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        if self._replaying is not None:
            return  # the game state is already past it
        self.hb.apply(self.current_player(), self._table.action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The game's own words (``describe``, which may name what the acting seat
        holds, such as Dream Home's card drawn by a Crowbar) for a seat acting now; the
        rulebook's words (``str``), naming nothing hidden, for any other."""
        move = self._table.action(action)
        return self.hb.describe(move) if player in self.hb.acting_players() else str(move)

    def is_terminal(self) -> bool:
        return self.hb.is_terminal() or self._cut()

    def returns(self) -> list[float]:
        if not self.hb.is_terminal():  # under way, or cut at max_game_length
            return [0.0] * self.hb.num_players
        return win_rewards(self.hb)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> HousebuildersState:
        """A state ``player`` cannot tell from this one, everything hidden from it
        resampled (``determinize``), seeded by ``probability_sampler()``."""
        seed = seed_state(int(probability_sampler() * 2**53))
        return spiel_state(self.get_game(), self.hb.determinize(player, seed))

    def __str__(self) -> str:
        return self._table.text(self.hb, None)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and the housebuilders state's JSON (``to_json``: the
        generator's state and the history included), so a copy goes on as it would."""
        return _load_state, (self.get_game(), self.hb.to_json())


def _load_game(name: str, params: dict[str, Any], seeds: Any) -> HousebuildersGame:
    """A pickled game: loaded by name, its sequence of seeds where it was."""
    loaded = pyspiel.load_game(name, params)
    loaded._seeds.setstate(seeds)
    return loaded


def _load_state(game: HousebuildersGame, data: dict[str, Any]) -> HousebuildersState:
    """A pickled state: the game state from its JSON, its moves replayed (``spiel_state``)."""
    return spiel_state(game, game.table.spec.state_from_json(data))


def spiel_state(game: HousebuildersGame, hb: State) -> HousebuildersState:
    """An OpenSpiel state holding ``hb``, with pyspiel's own record of the moves
    (``history()``, ``move_number()``, out of Python's reach) made again by replaying
    ``hb``'s moves into it, the game state already where they lead: a resampled state
    records its own moves (the others' hidden ones resampled), never the true ones."""
    state = HousebuildersState(game, hb)
    index = game.table.spec.action_index
    for seat, action in hb.history:
        state._replaying = seat
        state.apply_action(index(action))
    state._replaying = None
    return state


class Observer:
    """OpenSpiel's Python observer: a seat's (or the public) observation as a string
    (JSON, with the history as the seat knows it for a perfect-recall observer) and as
    the game's encoding."""

    def __init__(self, table: EnvGame, iig_obs_type: pyspiel.IIGObservationType) -> None:
        self.table = table
        self.perfect_recall = iig_obs_type.perfect_recall
        self.public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(table.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HousebuildersState, player: int) -> None:
        seat = None if self.public else player
        self.tensor[:] = self.table.features.encode(state.hb, seat)

    def string_from(self, state: HousebuildersState, player: int) -> str:
        seat = None if self.public else player
        text = json.dumps(state.hb.observe(seat), separators=(",", ":"))  # its order is fixed
        if not self.perfect_recall:
            return text
        return f"{text}\n{self._history(state.hb, seat)}"

    def _history(self, hb: State, seat: int | None) -> str:
        """The moves as ``seat`` knows them: ``player:action index``, ``player:?`` for a
        move of another seat hidden from it (``history_seen_by``, shortened)."""
        index, start = self.table.spec.action_index, hb.unseen_moves_from()
        return " ".join(
            f"{p}:{index(a) if p == seat or hb.is_public(i) else '?'}"
            for i, (p, a) in enumerate(hb.history)
            if i < start or p == seat
        )


class HeuristicEvaluator:
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots (``mcts.Evaluator``'s
    interface) from the game's own heuristic, as our search bot scores its leaves: a
    finished game by its returns, any other position by the game's leaf rewards
    (``GameSpec.leaf_rewards``) mapped to [-1, 1] as the returns are; uniform priors.
    Much cheaper than random rollouts through the adapter, and what makes OpenSpiel's
    searches play well."""

    def evaluate(self, state: HousebuildersState) -> np.ndarray:
        hb = state.hb
        if hb.is_terminal():
            return np.array(win_rewards(hb))
        return 2.0 * np.array(hb.spec.leaf_rewards(hb)) - 1.0

    def prior(self, state: HousebuildersState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def register() -> list[str]:
    """Register every installed game that has an encoder with pyspiel (done when
    this module is imported); returns the short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in game_ids():
        if game(game_id).features is None:
            continue
        name = short_name(game_id)
        if name not in registered:
            # a class, not a closure: pyspiel keeps the constructor until the interpreter
            # is gone, and a closure's release then aborts the process
            cls = type(name, (HousebuildersGame,), {"GAME_ID": game_id})
            pyspiel.register_game(game_type(game_id), cls)
        names.append(name)
    return names


register()
