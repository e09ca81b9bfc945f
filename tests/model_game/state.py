"""Model House's rules (model-house.txt): a hidden deck, a simultaneous choice and a
die. The model game of docs/adding-a-game.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import StrictInt

from housebuilders.core import Action, Fields, GameData, GameState, Json, Schema
from housebuilders.core.loading import Count, GameStateJson, parse, row, within

MAX_MARKET = 5  # 4 players + 1
UNCHOSEN = -1


# == content ==========================================================================
class Room(Schema):
    name: str
    cost: int
    points: int
    copies: int


class ModelContent(Schema):
    rounds: int
    coins_per_point: int
    rooms: list[Room]


DATA = GameData(ModelContent, Path(__file__).with_name("data.toml"))


# == actions ==========================================================================
class Choose(Action, kind="choose"):
    card: int

    def __str__(self) -> str:
        return f"choose card {self.card + 1} of the market"


CHOICES = tuple(Choose(i) for i in range(MAX_MARKET))
SPACE: tuple[Action, ...] = CHOICES


# == saved state ======================================================================
class ModelJson(GameStateJson):
    round: Count
    deck: list[Count]
    market: list[Count]
    chosen: list[StrictInt]
    revealed: list[row(Count, Count)]  # type: ignore[valid-type]
    rooms: list[list[Count]]
    coins: list[Count]


# == the state ========================================================================
class ModelHouseState(GameState):
    DATA = DATA
    # deck and market: room ids (the deck's order is hidden); chosen: each seat's choice
    # this round, hidden until the reveal (UNCHOSEN before it); revealed: the last round's
    # [card, room] of each seat; rooms: each seat's built rooms
    FIELDS = Fields(share="round", lists="deck market chosen coins", rows="rooms revealed")
    __slots__ = FIELDS.names
    content: ModelContent

    def _num_players(self) -> int:
        return len(self.coins)

    @classmethod
    def new(
        cls, players: int, seed: int, options: dict[str, Any], content: Any = None
    ) -> ModelHouseState:
        s = cls._begin(seed, options, content)
        s.deck = [i for i, room in enumerate(s.content.rooms) for _ in range(room.copies)]
        s.rng.shuffle(s.deck)
        s.rooms, s.coins = [[] for _ in range(players)], [0] * players
        s.round, s.market, s.chosen, s.revealed = 0, [], [], []
        s._deal()
        return s

    def _deal(self) -> None:
        """A new round: the market is one card more than there are players."""
        self.round += 1
        take = min(self.num_players + 1, len(self.deck))
        self.market, self.deck = self.deck[:take], self.deck[take:]
        self.chosen = [UNCHOSEN] * self.num_players

    # -- queries ----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return not self.market

    def acting_players(self) -> tuple[int, ...]:
        return tuple(p for p, c in enumerate(self.chosen) if c == UNCHOSEN and self.market)

    def legal_actions(self, player: int) -> list[Action]:
        return list(CHOICES[: len(self.market)]) if player in self.acting_players() else []

    def unseen_moves_from(self) -> int:
        return self.undo_floor  # this round's choices are hidden until the reveal

    def is_public(self, index: int) -> bool:
        return index < self.undo_floor

    def scores(self) -> list[Json]:
        rooms, per_point = self.content.rooms, self.content.coins_per_point
        out = []
        for built, coins in zip(self.rooms, self.coins, strict=True):
            points = {"rooms": sum(rooms[c].points for c in built), "coins": coins // per_point}
            out.append({"total": sum(points.values()), "breakdown": points})
        return out

    def ranking(self) -> list[int]:
        keys = [(-s["total"], -len(b)) for s, b in zip(self.scores(), self.rooms, strict=True)]
        return [1 + sum(other < key for other in keys) for key in keys]

    def observe(self, player: int | None) -> Json:
        rooms, scores = self.content.rooms, self.scores()
        seats = [
            {"rooms": [rooms[r].name for r in self.rooms[p]], "coins": self.coins[p],
             "chosen": self.chosen[p] != UNCHOSEN, "score": scores[p]["total"],
             "choice": self.chosen[p] if p == player and self.chosen[p] != UNCHOSEN else None}
            for p in range(self.num_players)
        ]  # fmt: skip
        return {
            "game": self.spec.id, "you": player, "round": self.round, "over": self.is_terminal(),
            "rounds": self.content.rounds, "deck": len(self.deck), "players": seats,
            "market": [rooms[r].model_dump() for r in self.market],
            "revealed": [{"card": c, "room": rooms[r].name} for c, r in self.revealed],
        }  # fmt: skip

    # -- moves ------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> bool:
        assert isinstance(action, Choose)
        self.chosen[player] = action.card
        if UNCHOSEN in self.chosen:
            return False
        self.revealed = [[card, self.market[card]] for card in self.chosen]
        for p, card in enumerate(self.chosen):  # the reveal, then the build in seat order
            room = self.market[card]
            if self.chosen.count(card) > 1:  # a fight: nobody gets the card
                self.coins[p] += self.setup["options"]["fight"] == "coin"
            elif self.rng.roll() >= self.content.rooms[room].cost:
                self.rooms[p].append(room)
            else:
                self.coins[p] += 1
        if self.round == self.content.rounds:  # the end: no market, nobody to choose
            self.market, self.chosen = [], [UNCHOSEN] * self.num_players
        else:
            self._deal()
        return True

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        return f"{action} is not in this market of {len(self.market)} cards", "Round"

    def _phase_section(self) -> str:
        return "Round"

    # -- copies and hidden information -------------------------------------------------
    def determinize(self, player: int, seed: int) -> ModelHouseState:
        """The deck's order, the dice and the others' choices of this round are
        resampled (in the history too)."""
        s = self.resampled(seed)
        s.rng.deal(s.deck)
        for i in range(s.undo_floor, len(s.history)):
            p, _ = s.history[i]
            if p != player:
                s.chosen[p] = s.rng.below(len(s.market))
                s.history[i] = (p, CHOICES[s.chosen[p]])
        return s

    # -- saved state ------------------------------------------------------------------
    @classmethod
    def from_json(cls, d: Json) -> ModelHouseState:
        parse(ModelJson, d)
        s = cls._restore(d, len(d["coins"]), field="coins")
        s._load_fields(d)  # as the kit's default _json wrote them
        rooms = len(s.content.rooms)
        within("round", s.round, 1, s.content.rounds)
        built = [room for row in s.rooms for room in row] + [room for _, room in s.revealed]
        for room in s.deck + s.market + built:
            within("deck", room, 0, rooms - 1)
        for choice in s.chosen + [card for card, _ in s.revealed]:
            within("chosen", choice, UNCHOSEN, MAX_MARKET - 1)
        return s
