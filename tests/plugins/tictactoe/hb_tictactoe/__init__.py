"""Tic-tac-toe, a game of its own package: two players, perfect information, no
component data (no data.toml). Written from docs/adding-a-game.md and
docs/contract.md alone; tests/plugins/test_plugins.py installs it."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from housebuilders.core import Action, Fields, GameSpec, GameState, Json, draw
from housebuilders.core.loading import GameStateJson, parse, refuse

EMPTY = -1
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "XO"


class Mark(Action, kind="mark"):
    square: int  # 0 to 8, row by row

    def __str__(self) -> str:
        return f"mark row {self.square // 3 + 1}, column {self.square % 3 + 1}"


class TicTacToeJson(GameStateJson):
    board: Annotated[list[Annotated[int, Field(ge=EMPTY, le=1, strict=True)]],
                     Field(min_length=9, max_length=9)]  # fmt: skip


class TicTacToeState(GameState):
    FIELDS = Fields(lists="board")  # each square's player, or EMPTY
    __slots__ = FIELDS.names
    #: the action of each square, in square order (the game's action space)
    MOVES: tuple[Action, ...] = tuple(Mark(i) for i in range(9))

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any], content: Any = None) -> Any:
        s = cls._begin(seed, options, content)
        s.board = [EMPTY] * 9
        return s

    def square(self, action: Action) -> int:
        return self.MOVES.index(action)

    def _num_players(self) -> int:
        return 2

    def line_of(self) -> int | None:
        """The player with three in a line, if any."""
        b = self.board
        return next((b[i] for i, j, k in LINES if b[i] != EMPTY and b[i] == b[j] == b[k]), None)

    def is_terminal(self) -> bool:
        return self.line_of() is not None or EMPTY not in self.board

    def acting_players(self) -> tuple[int, ...]:
        return () if self.is_terminal() else ((9 - self.board.count(EMPTY)) % 2,)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.acting_players():
            return []
        return [self.MOVES[i] for i, mark in enumerate(self.board) if mark == EMPTY]

    def observe(self, player: int | None) -> Json:  # everything is on the table
        return {"game": self.spec.id, "you": player, "board": self.board[:],
                "over": self.is_terminal(), "players": [{"mark": m} for m in MARKS]}  # fmt: skip

    def scores(self) -> list[Json]:
        won = self.line_of()
        return [{"total": int(p == won), "breakdown": {"line": int(p == won)}} for p in (0, 1)]

    def is_public(self, index: int) -> bool:
        return True

    def _apply(self, player: int, action: Action) -> bool:
        self.board[self.square(action)] = player
        return False

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        return f"{action}: the square is taken", "Play"

    def _phase_section(self) -> str:
        return "Play"

    def determinize(self, player: int, seed: int) -> Any:
        return self.resampled(seed)  # nothing hidden: only the generator is new

    @classmethod
    def from_json(cls, d: Json) -> Any:
        parse(TicTacToeJson, d)
        s = cls._restore(d, 2, field="board")
        s._load_fields(d)
        if s.board.count(0) - s.board.count(1) not in (0, 1):
            refuse("board", "X marks as many squares as O, or one more")
        return s


def evaluate(state: Any, player: int) -> float:
    """Lines still open to ``player`` less those open to the other (a win: 10)."""
    won = state.line_of()
    if won is not None:
        return 10.0 if won == player else -10.0
    b = state.board
    open_to = [sum(all(b[i] in (EMPTY, p) for i in line) for line in LINES) for p in (0, 1)]
    return float(open_to[player] - open_to[1 - player])


def text(obs: Json) -> str:
    rows = ["".join("." if m == EMPTY else MARKS[m] for m in obs["board"][r : r + 3])
            for r in (0, 3, 6)]  # fmt: skip
    return "\n".join(rows)


THEME = draw.Theme("tic-tac-toe")


def svg(obs: Json, legal: list[Json]) -> str:
    by_index = {a.index: a for a in draw.Acts(legal).all}  # a square's index is its action's
    parts = draw.header(THEME, 200, "Tic-tac-toe", "Game over" if obs["over"] else "Play")
    for i, mark in enumerate(obs["board"]):
        box = draw.Box(10 + 60 * (i % 3), draw.HEADER_HEIGHT + 10 + 60 * (i // 3), 56, 56)
        face = [draw.card_face(box, "#f4ead5", THEME.edge)]
        if mark != EMPTY:
            face.append(draw.bold(box.x + 28, box.y + 36, MARKS[mark], 24, anchor="middle"))
        parts += draw.maybe_act(by_index.get(i), face)
    return draw.document(THEME, 200, draw.HEADER_HEIGHT + 200, "Tic-tac-toe", parts)


def spec(game_id: str, name: str, state: type[TicTacToeState]) -> GameSpec:
    """The game's spec under ``game_id`` (hb_noughts makes one of its own from it)."""
    made = GameSpec(
        id=game_id,
        name=name,
        min_players=2,
        max_players=2,
        rulebook="tic-tac-toe.txt",
        information="perfect",
        _new_game=state.new,
        _state_from_json=state.from_json,
        actions=state.MOVES,
        heuristic=evaluate,
        text_view=text,
        svg_view=svg,
    )
    state.spec = made
    return made


TIC_TAC_TOE = spec("tic-tac-toe", "Tic-tac-toe", TicTacToeState)
