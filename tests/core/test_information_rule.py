"""The conformance kit's information-rule check catches a game that leaks.

A toy game, "hidden pick": player 0 secretly picks 0, 1 or 2, then player 1 guesses
it. Player 1 cannot see the pick, so its determinizations must resample it, in
every field, the history included. Variants of the toy's ``determinize`` leak in
one way each; ``check_information_rule`` must refuse every one of them and accept
the honest one. (The registered games run the same check in tests/test_conformance.py.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from housebuilders.core import Action, GameSpec, Json, State
from housebuilders.core.testing import check_information_rule


class Pick(Action, kind="pick"):
    number: int

    def __str__(self) -> str:
        return f"pick {self.number} in secret"


class Guess(Action, kind="guess"):
    number: int

    def __str__(self) -> str:
        return f"guess {self.number}"


ACTIONS = (*(Pick(n) for n in range(3)), *(Guess(n) for n in range(3)))


class HiddenPick(State):
    """The honest toy; ``leak`` names the way a subclass's determinize leaks."""

    leak = ""

    def __init__(self, seed: int) -> None:
        self.secret: int | None = None
        self.guess: int | None = None
        self.rng = seed  # the state of the game's (imaginary) dice
        self.history: list[tuple[int, Action]] = []
        self.undo_floor = 0

    def _num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.guess is not None

    def acting_players(self) -> tuple[int, ...]:
        if self.is_terminal():
            return ()
        return (0,) if self.secret is None else (1,)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.acting_players():
            return []
        kind = Pick if player == 0 else Guess
        return [kind(n) for n in range(3)]

    def observe(self, player: int | None) -> Json:
        shown = player == 0 or self.is_terminal()
        return {
            "picked": self.secret is not None,
            "secret": self.secret if shown else None,
            "guess": self.guess,
        }

    def scores(self) -> list[Json]:
        right = int(self.guess == self.secret)
        return [{"total": 1 - right, "breakdown": {}}, {"total": right, "breakdown": {}}]

    def ranking(self) -> list[int]:
        return [1, 2] if self.guess != self.secret else [2, 1]

    def clone(self) -> HiddenPick:
        copy = type(self).__new__(type(self))
        copy.__dict__.update(self.__dict__, history=self.history[:])
        return copy

    def determinize(self, player: int, seed: int) -> HiddenPick:
        copy = self.clone()
        chance = random.Random(seed)
        if self.leak != "rng":
            copy.rng = chance.randrange(2**32)
        if player == 1 and copy.secret is not None and self.leak != "secret":
            copy.secret = chance.randrange(3)
            if self.leak != "history":
                copy.history[0] = (0, Pick(copy.secret))
        return copy

    def to_json(self) -> Json:
        history = [[p, a.to_json()] for p, a in self.history]
        return {"secret": self.secret, "guess": self.guess, "rng": self.rng, "history": history}

    def _apply(self, player: int, action: Action) -> bool:
        if isinstance(action, Pick):
            self.secret = action.number
        else:
            self.guess = action.number
        return False

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        return f"{action} is not a move now", "Play"

    def _phase_section(self) -> str:
        return "Play"


def _spec_for(state_class: type[HiddenPick]) -> GameSpec:
    """A spec for the toy, not registered (so the real games' suites never see it)."""

    def new_game(players: int, seed: int, options: dict[str, Any], content: Any) -> State:
        return state_class(seed)

    return GameSpec(
        id="hidden-pick",
        name="Hidden pick",
        min_players=2,
        max_players=2,
        rulebook="",
        _new_game=new_game,
        _state_from_json=lambda data: state_class(0),
        actions=ACTIONS,
        action_classes={"pick": Pick, "guess": Guess},
    )


def _leaking(kind: str) -> type[HiddenPick]:
    cls = type(f"HiddenPickLeaking_{kind}", (HiddenPick,), {"leak": kind})
    cls.spec = _spec_for(cls)  # type: ignore[attr-defined]
    return cls


HiddenPick.spec = _spec_for(HiddenPick)  # type: ignore[misc]


def test_an_honest_game_passes() -> None:
    for seed in range(20):
        check_information_rule(HiddenPick(seed), seed)


def test_a_determinization_that_keeps_the_true_history_is_caught() -> None:
    state = _leaking("history")(seed=1)
    with pytest.raises(AssertionError, match=r"tells whether player 0 played .*history\[0\]"):
        check_information_rule(state, seed=3)


def test_a_determinization_that_keeps_a_hidden_value_is_caught() -> None:
    state = _leaking("secret")(seed=1)
    with pytest.raises(AssertionError, match=r"keeps the true value of .*secret"):
        check_information_rule(state, seed=3)


def test_a_determinization_that_keeps_the_true_dice_is_caught() -> None:
    state = _leaking("rng")(seed=1)
    with pytest.raises(AssertionError, match="keeps the true random generator"):
        check_information_rule(state, seed=3)
