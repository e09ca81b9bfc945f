"""A toy game on the kit (``GameState``), for the kit's own tests: two players take
turns adding 1 or 2 to their total, never above the content's ``limit``, for
``rounds`` rounds each; then each passes once. Highest total wins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from housebuilders.core import (
    Action,
    Fields,
    GameData,
    GameSpec,
    GameState,
    Json,
    Schema,
)
from housebuilders.core.loading import GameStateJson, parse


class Add(Action, kind="add"):
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


class Pass(Action, kind="pass"):
    def __str__(self) -> str:
        return "pass"


class ToyContent(Schema):
    limit: int
    rounds: int


class ToyJson(GameStateJson):
    turn: int
    totals: list[int]
    added: list[list[int]]


DATA = GameData(ToyContent, Path(__file__).with_name("toy.toml"))


class ToyState(GameState):
    DATA = DATA
    FIELDS = Fields(share="turn", lists="totals", rows="added")
    __slots__ = FIELDS.names

    content: ToyContent
    turn: int
    totals: list[int]
    added: list[list[int]]  # each player's additions, in order

    @classmethod
    def new(
        cls, players: int, seed: int, options: dict[str, Any], content: Any = None
    ) -> ToyState:
        s = cls._begin(seed, options, content)
        s.turn, s.totals, s.added = 0, [0] * players, [[] for _ in range(players)]
        return s

    @classmethod
    def from_json(cls, d: Json) -> ToyState:
        parse(ToyJson, d)
        s = cls._restore(d, len(d["totals"]), field="totals")
        s._load_fields(d)  # as the kit's default _json wrote them
        return s

    def _adding(self) -> bool:
        return self.turn < 2 * self.content.rounds

    def _num_players(self) -> int:
        return len(self.totals)

    def is_terminal(self) -> bool:
        return self.turn >= 2 * self.content.rounds + 2

    def acting_players(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self.turn % 2,)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.acting_players():
            return []
        if not self._adding():
            return [Pass()]
        room = self.content.limit - self.totals[player]
        return [Add(n) for n in (1, 2) if n <= room] or [Pass()]

    def _apply(self, player: int, action: Action) -> bool:
        if isinstance(action, Add):
            self.totals[player] += action.amount
            self.added[player].append(action.amount)
        self.turn += 1
        return False

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        if isinstance(action, Add) and action.amount > 2:
            return "you may add 1 or 2", "Adding"
        return None

    def _phase_section(self) -> str:
        if self.is_terminal():
            return "Game End"
        return "Adding" if self._adding() else "Passing"

    def observe(self, player: int | None) -> Json:
        return {"turn": self.turn, "totals": self.totals[:]}

    def scores(self) -> list[Json]:
        return [{"total": total, "breakdown": {"added": total}} for total in self.totals]

    def ranking(self) -> list[int]:
        return [1 + sum(other > total for other in self.totals) for total in self.totals]

    def determinize(self, player: int, seed: int) -> ToyState:
        return self.clone()


SPEC = GameSpec(
    id="toy",
    name="Toy",
    min_players=2,
    max_players=2,
    rulebook="",
    _new_game=ToyState.new,
    _state_from_json=ToyState.from_json,
    actions=(Add(1), Add(2), Add(3), Pass()),
)
ToyState.spec = SPEC
