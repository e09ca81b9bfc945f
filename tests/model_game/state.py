"""Model House's rules (model-house.txt): a hidden deck, a simultaneous choice and a
die. The model game of docs/adding-a-game.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import StrictInt

from housebuilders.core import Action, Fields, GameData, GameState, Json, Rng, Schema
from housebuilders.core.loading import Count, GameStateJson, parse, within
from housebuilders.core.rng import seed_state

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
    revealed: list[Count]
    revealed_market: list[Count]
    rooms: list[list[Count]]
    coins: list[Count]


# == the state ========================================================================
class ModelHouseState(GameState):
    DATA = DATA
    FIELDS = Fields(
        share="round", lists="deck market chosen coins revealed revealed_market", rows="rooms"
    )
    __slots__ = FIELDS.names

    content: ModelContent
    round: int
    deck: list[int]  # room card ids, the next dealt first (hidden: its order)
    market: list[int]
    chosen: list[int]  # each seat's pending choice this round, UNCHOSEN before it
    revealed: list[int]  # the last round's choices and market, shown together
    revealed_market: list[int]
    rooms: list[list[int]]
    coins: list[int]

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
        s.round, s.market, s.chosen = 0, [], []
        s.revealed, s.revealed_market = [], []
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
        if player not in self.acting_players():
            return []
        return list(CHOICES[: len(self.market)])

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
        rooms = self.content.rooms
        return {
            "game": self.spec.id,
            "you": player,
            "round": self.round,
            "rounds": self.content.rounds,
            "over": self.is_terminal(),
            "deck": len(self.deck),
            "revealed": [  # the last round's market and choices, shown together
                {"room": rooms[self.revealed_market[c]].name, "card": c} for c in self.revealed
            ],
            "market": [rooms[c].model_dump() for c in self.market],
            "players": [
                {
                    "rooms": [rooms[c].name for c in built],
                    "coins": coins,
                    "chosen": chosen != UNCHOSEN,
                    "choice": chosen if p == player and chosen != UNCHOSEN else None,
                    "score": score["total"],
                }
                for p, (built, coins, chosen, score) in enumerate(
                    zip(self.rooms, self.coins, self.chosen, self.scores(), strict=True)
                )
            ],
        }

    # -- moves ------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> bool:
        assert isinstance(action, Choose)
        self.chosen[player] = action.card
        if UNCHOSEN in self.chosen:
            return False
        self.revealed, self.revealed_market = self.chosen[:], self.market[:]
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
        s = self.clone()
        s.rng = Rng(seed_state(seed))
        s.rng.shuffle(s.deck)
        for i in range(s.undo_floor, len(s.history)):
            p, _ = s.history[i]
            if p != player:
                s.chosen[p] = s.rng.below(len(s.market))
                s.history[i] = (p, CHOICES[s.chosen[p]])
        return s

    # -- saved state ------------------------------------------------------------------
    def _json(self) -> Json:
        return {
            "round": self.round,
            **{name: getattr(self, name)[:] for name in self.FIELDS.names if name != "round"},
            "rooms": [built[:] for built in self.rooms],
        }

    @classmethod
    def from_json(cls, d: Json) -> ModelHouseState:
        parse(ModelJson, d)
        s = cls._restore(d, len(d["coins"]), field="coins")
        for name in cls.FIELDS.names:
            setattr(s, name, d[name])
        rooms = len(s.content.rooms)
        within("round", s.round, 1, s.content.rounds)
        for card in s.deck + s.market + s.revealed_market + [c for b in s.rooms for c in b]:
            within("deck", card, 0, rooms - 1)
        for choice in s.chosen:
            within("chosen", choice, UNCHOSEN, len(s.market) - 1)
        for choice in s.revealed:
            within("revealed", choice, 0, len(s.revealed_market) - 1)
        return s
