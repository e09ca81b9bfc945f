"""What the three adapters share: one game id and player count seen as arrays (the
observation vector, the legal-action mask) and the rewards at the end."""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from housebuilders.core import State, game

#: the rewards at a game's end, by name (the environments' ``reward=`` option)
REWARDS = ("win", "score")
#: what an action the rules forbid does (the ``illegal=`` option): raise
#: ``hb.IllegalAction``, or end the game, a loss for the seat that played it
ILLEGAL = ("raise", "lose")


def win_rewards(state: State) -> list[float]:
    """Win 1, loss -1; ``k`` seats sharing the win share the places they tie for (one
    win, ``k - 1`` losses): ``(2 - k) / k`` each, 0 for a two-way tie. A game everyone
    lost (Mr House advanced, no complete house) gives everyone -1."""
    winners = state.winners()
    k = len(winners)
    share = (2 - k) / k if k else -1.0
    return [share if seat in winners else -1.0 for seat in range(state.num_players)]


def score_rewards(state: State) -> list[float]:
    """Each seat's final total minus the best of the others' (its own total alone in a
    one-player game)."""
    totals = [float(s["total"]) for s in state.scores()]
    if len(totals) == 1:
        return totals
    return [t - max(totals[:i] + totals[i + 1 :]) for i, t in enumerate(totals)]


#: the action spaces from which width the mask is a ``Mask`` (below it, NumPy's own
#: int8 ``nonzero`` is as fast as the subclass's method call)
WIDE = 1024


class Mask(np.ndarray):
    """A legal-action mask as Gymnasium and PettingZoo want it (int8, 0 or 1), whose
    ``nonzero`` reads its bytes as booleans: NumPy finds the ones of a boolean array
    several times faster than those of an int8 one, and ``np.flatnonzero(mask)``,
    ``np.nonzero`` and ``np.where(mask)`` (the first line of every loop over legal
    actions) all come here. A byte is nonzero exactly when the int8 is, so the answer
    is NumPy's own for any one-byte content; other dtypes (``mask * 0.5``) are left to
    NumPy."""

    def nonzero(self) -> tuple[np.ndarray, ...]:  # type: ignore[override]
        if self.dtype.itemsize == 1:
            return self.view(np.ndarray).view(np.bool_).nonzero()
        return super().nonzero()


class EnvGame:
    """A game (its id, player count, options and content) for the adapters."""

    def __init__(
        self,
        game_id: str,
        players: int,
        options: Mapping[str, Any] | None = None,
        content: Mapping[str, Any] | None = None,
        reward: str = "win",
        illegal: str = "raise",
    ) -> None:
        self.spec = spec = game(game_id)
        self.players = spec.check_players(players)
        self.options = dict(spec.check_options(options))
        self.content = content
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        self.reward = reward
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, not {illegal!r}")
        self.illegal = illegal
        if spec.features is None:
            raise ValueError(f"{game_id} has no observation encoder (spec.features)")
        self.features = spec.features
        self.size = self.features.size(players)
        self.actions = spec.action_space_size
        self._places = spec.action_places()
        self._actions = spec.actions
        self._legal_for: tuple[State | None, int, int] = (None, 0, 0)
        self._legal: list[int] = []

    def new_game(self, seed: int) -> State:
        return self.spec.new_game(self.players, seed, options=self.options, content=self.content)

    def observation(self, state: State, seat: int) -> np.ndarray:
        return np.frombuffer(self.features.encode(state, seat), dtype=np.float32)

    def mask(self, state: State, seat: int) -> np.ndarray:
        mask = bytearray(self.actions)  # zeros; a few ones: twice np.zeros and mask[legal] = 1
        for i in self.legal(state, seat):
            mask[i] = 1
        array = np.frombuffer(mask, dtype=np.int8)
        return array.view(Mask) if self.actions >= WIDE else array


    def legal(self, state: State, seat: int) -> list[int]:
        """The indices of ``seat``'s legal actions, kept until the state changes (a
        step asks the mask, then plays one of them)."""
        state_was, length, seat_was = self._legal_for
        if state_was is not state or length != len(state.history) or seat_was != seat:
            places = self._places  # every legal action is in the space (the kit checks)
            self._legal = [places[a] for a in state.legal_actions(seat)]
            self._legal_for = (state, len(state.history), seat)
        return self._legal

    def play(self, state: State, seat: int, index: Any) -> None:
        """Play action ``index`` for ``seat``: an IllegalAction (the state unchanged)
        if the rules forbid it, a ValueError outside the action space."""
        i = self.index(index)
        action = self._actions[i]
        if i in self.legal(state, seat) and seat in state.acting_players():
            state.play(seat, action)  # legal: apply's check was just made
        else:
            state.apply(seat, action)  # raises, naming the rule

    def action(self, index: Any) -> Any:
        """The game's action of index ``index`` (see ``index``)."""
        return self._actions[self.index(index)]

    def index(self, index: Any) -> int:
        """``index`` as an index of the action space: an integer (a Python or NumPy one);
        a ValueError for anything else (1.7 is not 1) or outside the space."""
        try:
            i = operator.index(index)
        except TypeError:
            raise ValueError(f"an action is an integer index, not {index!r}") from None
        if not 0 <= i < self.actions:
            raise ValueError(f"action {index!r} is outside 0 to {self.actions - 1}")
        return i

    def rewards(self, state: State) -> list[float]:
        return win_rewards(state) if self.reward == "win" else score_rewards(state)

    def text(self, state: State, seat: int | None) -> str:
        """The terminal text of ``seat``'s view (the one ``housebuilders play`` prints)."""
        view = self.spec.text_view
        observation = state.observe(seat)
        return view(observation) if view is not None else repr(observation)


def next_seed(rng: random.Random) -> int:
    return rng.getrandbits(63)
