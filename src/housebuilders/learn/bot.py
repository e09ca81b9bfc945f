"""The ``learned`` bot: a policy file (``housebuilders train``) played in NumPy.

    housebuilders simulate dream-home --bots learned:policy=dream-home.npz,greedy

It sees what every bot sees, its seat's determinized view, and of that only what the
game's encoder makes of it (``spec.features.encode(view, player)``: a function of the
seat's observation, as the conformance kit checks), so it follows the information
rule as the encoding does. Among the legal actions it plays the one its network
scores highest, or with ``sample=true`` one drawn from its distribution (seeded).
``agents`` registers it and imports this module only when one is made.

**It never loops.** A game may let a seat undo what it just did (Master Builder's
staffing, planned and taken back) and a policy may prefer that for ever, so that the
game never ends. Among its seat's own moves since another seat last moved (the run it
is in, read from the view's history: a bot is made afresh for every move at the web
table, so it keeps no memory of its own), an action played ``REPEATS`` times already
is not played again while any other is legal: a run of moves is then finite.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from housebuilders.agents.learned import shipped_policy
from housebuilders.core import Action, GameSpec, State
from housebuilders.learn.policy import Policy, PolicyError

#: how many times an action may come in a seat's run of its own moves (``choose``)
REPEATS = 2

#: the policies read, by file, with the file's size and time: a bot made for each
#: game (the arena's, the environments') reads its file once
_LOADED: dict[str, tuple[tuple[int, int], Policy]] = {}


def load_policy(path: str) -> Policy:
    """The policy of file ``path``, read again only when the file changed."""
    key = os.path.abspath(path)
    try:
        stat = os.stat(key)
    except OSError:
        raise PolicyError(f"no policy file {path!r}") from None
    stamp = (stat.st_mtime_ns, stat.st_size)
    kept = _LOADED.get(key)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    policy = Policy.load(Path(path))
    _LOADED[key] = (stamp, policy)
    return policy


class LearnedAgent:
    """Plays the policy of file ``policy`` (none: the one the package ships for the game
    it is asked to play, ``agents.learned.shipped_policy``): its best legal action, or
    with ``sample`` one drawn from its distribution (seeded with ``seed``)."""

    def __init__(
        self, seed: int = 0, name: str = "learned", policy: str = "", sample: bool = False
    ) -> None:
        self.name = name
        self.path = policy
        self.policy: Policy | None = load_policy(policy) if policy else None
        self.rng = np.random.default_rng(seed) if sample else None

    def policy_for(self, spec: GameSpec) -> Policy:
        """The policy that plays ``spec``: the file's, else the one shipped for it; a
        PolicyError if it was trained for another game (or the game's spaces changed)."""
        policy = self.policy
        if policy is None:
            shipped = shipped_policy(spec.id)
            if shipped is None:
                raise PolicyError(
                    f"no policy ships for {spec.id}: learned:policy=FILE (a file of "
                    f"`housebuilders train {spec.id}`)"
                )
            policy = load_policy(str(shipped))
        where = repr(self.path) if self.path else f"shipped for {spec.id}"
        if spec.id != policy.game:
            raise PolicyError(f"policy {where} was trained for {policy.game}, not {spec.id}")
        if spec.action_space_size != policy.actions:
            raise PolicyError(
                f"policy {where} has {policy.actions} actions; {spec.id} now has "
                f"{spec.action_space_size}: train it again"
            )
        return policy

    def check_game(self, spec: GameSpec) -> None:
        """Refuse a game the policy was not trained for (or whose spaces changed), and,
        without a file, a game for which no policy ships."""
        self.policy_for(spec)

    def choose(self, view: State, player: int) -> Action:
        spec = view.spec
        policy = self.policy_for(spec)
        features = spec.features
        if features is None:  # a game without an encoder is not one it was trained for
            raise PolicyError(f"{spec.id} has no observation encoder")
        observation = np.frombuffer(features.encode(view, player), dtype=np.float32)
        if observation.shape[0] != policy.observation_size:
            raise PolicyError(
                f"policy {self.path or spec.id!r} reads {policy.observation_size} values; "
                f"{spec.id} with {view.num_players} players encodes {observation.shape[0]}"
            )
        legal = unrepeated(view, player, view.legal_actions(player))
        places = spec.action_places()
        index = policy.act(observation, [places[a] for a in legal], self.rng)
        return spec.actions[index]


def unrepeated(view: State, player: int, legal: list[Action]) -> list[Action]:
    """``legal`` less the actions ``player`` already played ``REPEATS`` times in its run
    of moves (its own, back to the last move of another seat); all of ``legal`` if that
    leaves none."""
    counts: dict[Action, int] = {}
    for seat, action in reversed(view.history):
        if seat != player:
            break
        counts[action] = counts.get(action, 0) + 1
    fresh = [a for a in legal if counts.get(a, 0) < REPEATS]
    return fresh or legal
