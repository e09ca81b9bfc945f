"""A policy file: a trained network's weights and what it was trained for, in one
``.npz``, played in NumPy alone (no PyTorch: the ``rl`` extra is enough).

    from housebuilders.learn.policy import Policy

    policy = Policy.load("dream-home.npz")
    index = policy.act(observation, mask)        # the legal action it likes best

The network is the policy half of MaskablePPO's ``MlpPolicy``: hidden layers (each a
linear map and the activation), then a linear map to one logit an action of the
game's action space; illegal actions are masked out. The file holds, besides the
arrays ``hidden<i>.weight``, ``hidden<i>.bias``, ``action.weight`` and
``action.bias`` (PyTorch's ``Linear`` shapes: ``(out, in)``), the array ``meta``: a
JSON text with the format and its version, the game id, the player count, the
observation size, the action count, the layers and the activation, and whatever the
trainer adds (its settings, its evaluation). ``np.load`` reads it without pickles.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from housebuilders.agents import AgentError

FORMAT = "housebuilders-policy"
VERSION = 1
ACTIVATIONS = ("tanh", "relu")


class PolicyError(AgentError):
    """A policy file that cannot be read, or a policy asked to play what it was not
    trained for."""


class Policy:
    """A policy network: ``layers`` is ``[(weight, bias), ...]`` in PyTorch's shapes,
    the hidden layers then the action layer; ``meta`` at least the game, the players,
    the observation size and the action count."""

    def __init__(self, layers: Sequence[tuple[np.ndarray, np.ndarray]], meta: Mapping[str, Any]):
        if not layers:
            raise PolicyError("a policy needs at least its action layer")
        self.meta = dict(meta)
        self.activation = str(self.meta.get("activation", "tanh"))
        if self.activation not in ACTIVATIONS:
            raise PolicyError(f"unknown activation {self.activation!r} (known: {ACTIVATIONS})")
        self.weights = [np.asarray(w, dtype=np.float32) for w, _ in layers]
        self.biases = [np.asarray(b, dtype=np.float32) for _, b in layers]
        # transposed once: an observation row times the weights
        self._transposed = [np.ascontiguousarray(w.T) for w in self.weights]
        inputs = self.weights[0].shape[1] if self.weights[0].ndim == 2 else -1
        if inputs != self.observation_size:
            raise PolicyError(
                f"the first layer takes {inputs} values, the observation {self.observation_size}"
            )
        width = inputs
        for w, b in zip(self.weights, self.biases, strict=True):
            if w.ndim != 2 or w.shape[1] != width or b.shape != (w.shape[0],):
                raise PolicyError(f"layer shapes do not chain: {w.shape} after width {width}")
            width = w.shape[0]
        if width != self.actions:
            raise PolicyError(f"the last layer gives {width} logits for {self.actions} actions")

    # -- what it was trained for ------------------------------------------------------
    @property
    def game(self) -> str:
        return str(self.meta["game"])

    @property
    def players(self) -> int:
        return int(self.meta["players"])

    @property
    def observation_size(self) -> int:
        return int(self.meta["observation_size"])

    @property
    def actions(self) -> int:
        return int(self.meta["actions"])

    @property
    def hidden(self) -> list[int]:
        return [int(w.shape[0]) for w in self.weights[:-1]]

    # -- playing ----------------------------------------------------------------------
    def logits(self, observation: np.ndarray) -> np.ndarray:
        """The logits of every action for one observation (a vector) or a batch (rows)."""
        x = np.asarray(observation, dtype=np.float32)
        last = len(self._transposed) - 1
        for i, (w, b) in enumerate(zip(self._transposed, self.biases, strict=True)):
            x = x @ w + b
            if i < last:
                x = np.tanh(x) if self.activation == "tanh" else np.maximum(x, 0.0)
        return x

    def act(
        self,
        observation: np.ndarray,
        mask: np.ndarray | Sequence[int],
        rng: np.random.Generator | None = None,
    ) -> int:
        """The index of an action: the legal one of highest logit (the first of equals),
        or with ``rng`` one drawn from the policy's distribution over the legal ones.
        ``mask`` is a 0/1 mask over the action space or the legal indices themselves."""
        legal = np.asarray(mask)
        legal = np.flatnonzero(legal) if legal.shape == (self.actions,) else legal.astype(np.intp)
        if legal.size == 0:
            raise PolicyError("no legal action to choose from")
        chosen = self.logits(observation)[legal]
        if rng is None:
            return int(legal[int(np.argmax(chosen))])
        p = np.exp(chosen - chosen.max())
        return int(legal[rng.choice(legal.size, p=p / p.sum())])

    # -- the file ---------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str], half: bool = False) -> Path:
        """Write the policy to ``path`` (``.npz``; written beside it, then moved into
        place, so a reader never sees half a file). Returns the path. ``half`` stores
        the weights as float16, half the file (the policies the package ships): they
        are read back as float32, their decisions checked against the full weights'."""
        path = Path(path)
        meta = {
            **self.meta,
            "format": FORMAT,
            "version": VERSION,
            "layers": self.hidden,
            "activation": self.activation,
        }
        arrays: dict[str, np.ndarray] = {"meta": np.array(json.dumps(meta, sort_keys=True))}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            name = "action" if i == len(self.weights) - 1 else f"hidden{i}"
            kind = np.float16 if half else np.float32
            arrays[f"{name}.weight"], arrays[f"{name}.bias"] = w.astype(kind), b.astype(kind)
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".part")
        with open(partial, "wb") as f:
            np.savez(f, **arrays)  # type: ignore[arg-type]
        os.replace(partial, path)
        self.meta = meta
        return path

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Policy:
        """The policy in ``path``; a PolicyError (an AgentError) saying what is wrong for
        a missing file or one that is not a policy file."""
        path = Path(path)
        if not path.is_file():
            raise PolicyError(f"no policy file {str(path)!r}")
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
            meta = json.loads(str(arrays.pop("meta")))
        except Exception as e:  # zip, npy or JSON: whatever the file is, it is not one
            problem = f"{type(e).__name__}: {e}"
            raise PolicyError(f"{str(path)!r} is not a policy file ({problem})") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise PolicyError(f"{str(path)!r} is not a housebuilders policy file")
        if meta.get("version") != VERSION:
            raise PolicyError(
                f"{str(path)!r} is a policy file of version {meta.get('version')}; "
                f"this housebuilders reads version {VERSION}"
            )
        try:
            hidden = len(meta["layers"])
            names = [f"hidden{i}" for i in range(hidden)] + ["action"]
            layers = [(arrays[f"{n}.weight"], arrays[f"{n}.bias"]) for n in names]
            for key in ("game", "players", "observation_size", "actions"):
                meta[key]  # noqa: B018 (present)
        except (KeyError, TypeError) as e:
            raise PolicyError(f"{str(path)!r} is an incomplete policy file (no {e})") from None
        return cls(layers, meta)

    @classmethod
    def untrained(
        cls,
        game_id: str,
        players: int,
        observation_size: int,
        actions: int,
        hidden: Sequence[int] = (64, 64),
        seed: int = 0,
        activation: str = "tanh",
    ) -> Policy:
        """A policy of random weights (PyTorch's default initialisation's scale): the
        starting point of a test, or a fixture's policy file."""
        rng = np.random.default_rng(seed)
        layers = []
        width = observation_size
        for out in [*hidden, actions]:
            bound = 1.0 / np.sqrt(width)
            layers.append(
                (
                    rng.uniform(-bound, bound, (out, width)).astype(np.float32),
                    rng.uniform(-bound, bound, out).astype(np.float32),
                )
            )
            width = out
        meta = {
            "game": game_id,
            "players": players,
            "observation_size": observation_size,
            "actions": actions,
            "activation": activation,
        }
        return cls(layers, meta)
