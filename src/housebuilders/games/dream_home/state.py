"""Dream Home's rules: the state, its setup and queries, the round's turns and the
dispatch of every move. The home's placing rules are in home.py, the end's helpers in
end.py, the scoring in scoring.py, what a seat sees in seen.py. The rules' ids (DH-12)
in comments are those of rules-reference.md; the rulings for the open questions (Q5,
ruling 22) are on docs/games/dream-home.md."""

from __future__ import annotations

from typing import Any

from housebuilders.core import Action, Json
from housebuilders.core.loading import parse
from housebuilders.core.log import Line
from housebuilders.games.dream_home import explain
from housebuilders.games.dream_home.actions import (
    DECLINE,
    DISCARDS,
    NO_MEGAPHONE,
    NO_SUPPLY,
    NO_SWAP,
    TAKES,
    USE_CROWBAR,
    USE_MEGAPHONE,
    Decline,
    Decorate,
    DiscardColumn,
    DiscardDecor,
    LadderPlace,
    LadderPlaceDown,
    NoMegaphone,
    NoSupply,
    NoSwap,
    Place,
    PlaceDown,
    Reclaim,
    Supply,
    SupplyCard,
    Swap,
    Take,
    UseCrowbar,
    UseMegaphone,
    kids_words,
    space_name,
)
from housebuilders.games.dream_home.checks import DreamHomeJson, check
from housebuilders.games.dream_home.content import SPACES
from housebuilders.games.dream_home.end import EndRules
from housebuilders.games.dream_home.home import HomeRules
from housebuilders.games.dream_home.phases import (
    ASKED,
    DECOR,
    DISCARD,
    HANDYMAN as HANDYMAN_PHASE,
    MEGAPHONE,
    OVER,
    PLACE,
    ROOFER,
    SECTIONS,
    SUPPLIER as SUPPLIER_PHASE,
    SUPPLIER_AFTER,
    TAKE,
)
from housebuilders.games.dream_home.scoring import Scoring
from housebuilders.games.dream_home.seen import Seen, discarded, took
from housebuilders.games.dream_home.values import (
    CROWBAR_TOOL,
    EMPTY,
    LADDER_TOOL,
    MEGAPHONE_TOOL,
    NOBODY,
    PLACINGS,
)

#: what a helper's owner plays to use it not, in each phase of the end
PASSES = {
    ROOFER: DECLINE,
    SUPPLIER_PHASE: NO_SUPPLY,
    SUPPLIER_AFTER: NO_SUPPLY,
    HANDYMAN_PHASE: NO_SWAP,
}


class DreamHomeState(HomeRules, EndRules, Scoring, Seen):
    __slots__ = ()

    # == setup (DH-10 to DH-17) ==========================================================
    @classmethod
    def new(
        cls, players: int, seed: int, options: dict[str, Any], content: Any = None
    ) -> DreamHomeState:
        s = cls._begin(seed, options, content)
        c = s.cards
        s.room_deck, s.resource_deck = list(range(len(c.rooms))), list(range(len(c.resources)))
        s.rng.shuffle(s.room_deck)
        s.rng.shuffle(s.resource_deck)
        columns = s.content.columns
        s.board_rooms, s.board_resources = [EMPTY] * columns, [EMPTY] * columns
        s.room_discard, s.resource_discard = [], []
        s.token_owner, s.token_at = [NOBODY] * len(s.content.decor), [EMPTY] * len(s.content.decor)
        s.homes = [[EMPTY] * SPACES for _ in range(players)]
        s.down = [[0] * SPACES for _ in range(players)]
        s.roofs, s.held = [[] for _ in range(players)], [[] for _ in range(players)]
        s.first = 0  # DH-15 (Q11): seat 0 is the youngest player
        s.round, s.holding, s.pending = 0, EMPTY, EMPTY
        s._start_round()
        return s

    def _start_round(self) -> None:
        """Refill the board (DH-11, DH-13, DH-28) and open the round (DH-18, DH-70)."""
        self.round += 1
        for column in range(self.content.columns):
            self.board_rooms[column] = self.room_deck.pop()
            if column > 0:  # DH-12: the first-player space stays empty
                self.board_resources[column] = self.resource_deck.pop()
        self.turns, self.order = 0, []
        self.log.append(f"round {self.round} begins; player {self.first} is first")
        seats = self.clockwise(self.first)
        self.ask = [p for p in seats[1:] if self.tools_held(p, MEGAPHONE_TOOL)]
        discard = self.num_players < 4 and self.setup["options"]["column-discard"]
        if discard:
            self.phase = DISCARD
        else:
            self._after_discard()

    def clockwise(self, seat: int) -> list[int]:
        """Every seat in turn order from ``seat``."""
        n = self.num_players
        return [(seat + i) % n for i in range(n)]

    def _after_discard(self) -> None:
        """Q16: the Megaphones' holders, asked in turn order; then the turns."""
        if self.ask:
            self.phase = MEGAPHONE
            return
        self.order += [p for p in self.clockwise(self.first) if p not in self.order]
        self.phase = TAKE

    # == queries ===========================================================================
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def acting_players(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current(),)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.acting_players():
            return []
        if self.phase == TAKE:  # DH-20, DH-24
            return [TAKES[c] for c, card in enumerate(self.board_rooms) if card != EMPTY]
        if self.phase == DISCARD:  # DH-70, DH-71
            return [DISCARDS[c - 1] for c in range(1, 5) if self.board_rooms[c] != EMPTY]
        if self.phase == MEGAPHONE:  # DH-61
            return [USE_MEGAPHONE, NO_MEGAPHONE]
        if self.phase == PLACE:
            actions = self.placements(player, self.holding)
            if self.tool_at_hand(player, LADDER_TOOL) is not None:  # DH-62
                actions += self.ladder_placements(player, self.holding)
            if self.room_deck and self.tool_at_hand(player, CROWBAR_TOOL) is not None:
                actions.append(USE_CROWBAR)  # DH-63 (Q15)
            return actions
        if self.phase == DECOR:
            return self.decor_choices(player, self.cards.resources[self.pending].index)
        return [*self.helper_choices(player), PASSES[self.phase]]  # the end's helpers

    # == moves =============================================================================
    def _apply(self, player: int, action: Action) -> bool:
        return _HANDLERS[type(action)](self, player, action)

    # -- the round's turns (DH-18 to DH-30, DH-61, DH-70) -----------------------------------
    def _take(self, player: int, action: Take) -> bool:
        """DH-20, DH-21: the column's room card and resource card."""
        column = action.column
        room, resource = self.board_rooms[column], self.board_resources[column]
        self.log.append(Line(took, self.content, player, column, room, resource))
        self.holding, self.board_rooms[column] = self.board_rooms[column], EMPTY
        self.pending, self.board_resources[column] = self.board_resources[column], EMPTY
        if column == 0:
            self.first = player  # DH-22
        self.phase = PLACE
        return False

    def _discard_column(self, player: int, action: DiscardColumn) -> bool:
        """DH-70: with 2 or 3 players the first player discards a column first."""
        column = action.column
        room, res = self.board_rooms[column], self.board_resources[column]
        self.log.append(Line(discarded, self.content, player, column, room, res))
        self.room_discard.append(self.board_rooms[column])
        self.resource_discard.append(self.board_resources[column])
        self.board_rooms[column] = self.board_resources[column] = EMPTY
        self._after_discard()
        return False

    def _megaphone(self, player: int, action: UseMegaphone | NoMegaphone) -> bool:
        """DH-61 (Q16): a Megaphone's holder plays before the first player, or not."""
        self.ask.pop(0)
        if isinstance(action, UseMegaphone):
            self._spend_tool(player, MEGAPHONE_TOOL)
            self.order.append(player)
            self.log.append(
                f"player {player} uses a {self._tool_name(MEGAPHONE_TOOL)} "
                "to play before the first player this round"
            )
        self._after_discard()
        return False

    def _resolve_resource(self, player: int) -> bool:
        """DH-46, DH-49 to DH-57, DH-60, DH-64: the resource card taken with the room."""
        if self.pending == EMPTY:  # column 1: no resource card (DH-21)
            return self._end_turn()
        res = self.cards.resources[self.pending]
        if res.kind == "roof":
            self.roofs[player].append(self.pending)
        elif res.kind in ("helper", "tool"):
            self.held[player].append(self.pending)
        elif not self.content.decor[res.index].room:  # DH-57: kept beside the home
            self.token_owner[res.index] = player
            self.log.append(
                f"player {player} keeps the {self.content.decor[res.index].name} "
                "token beside the home"
            )
            return self._discard_pending()
        elif self.decor_choices(player, res.index):
            self.phase = DECOR
            return False
        else:
            self._log_decor_discarded(player)
            return self._discard_pending()  # DH-52
        self.pending = EMPTY
        return self._end_turn()

    def _discard_pending(self) -> bool:
        self.resource_discard.append(self.pending)
        self.pending = EMPTY
        return self._end_turn()

    def _end_turn(self) -> bool:
        """DH-19, DH-28, DH-30: after every player's turn, the board is reset."""
        self.turns += 1
        self.phase = TAKE
        if self.turns < self.num_players:
            return False
        for column in range(self.content.columns):
            if self.board_rooms[column] != EMPTY:
                self.room_discard.append(self.board_rooms[column])
            if self.board_resources[column] != EMPTY:
                self.resource_discard.append(self.board_resources[column])
        self.board_rooms = [EMPTY] * self.content.columns
        self.board_resources = [EMPTY] * self.content.columns
        self.log.append(f"round {self.round} ends: the cards left on the board are discarded")
        if self.round < self.content.rounds and self.room_deck:
            self._start_round()
            return True
        self._next_end_step(0)
        return False

    # == refusals ============================================================================
    def _phase_section(self) -> str:
        return SECTIONS[self.phase]

    def asked(self, player: int) -> str:
        also = ""
        if self.phase == SUPPLIER_PHASE and self.handyman_first(player):
            also = ", or first swap two cards with the Handyman"
        return f"you are asked to {ASKED[self.phase]}{also}"

    def describe(self, action: Action) -> str:
        """The content's names: the room card held (public: every seat saw it taken)
        where it is placed or given up, and the Roofer's and Supplier's choices."""
        if isinstance(action, Reclaim) and action.colour < len(self.content.roof.colours):
            window = " with a window" if action.window else ""
            colour = self.content.roof.colours[action.colour]
            return f"Roofer: take a discarded {colour} roof card{window}"
        if isinstance(action, (Supply, SupplyCard)) and action.room < len(self.content.rooms):
            room = self.content.rooms[action.room].name
            if isinstance(action, SupplyCard):
                room += f" with {kids_words(action.kids)}"
            return f"Supplier: exchange {self._given_up(action.space)} for a discarded {room}"
        held = self._held_name()
        if held is None:
            return str(action)
        if isinstance(action, PLACINGS):
            return str(action).replace("the room card", held, 1)
        if isinstance(action, UseCrowbar):
            return f"Crowbar: give up {held} for the top card of the room deck"
        return str(action)

    def _held_name(self) -> str | None:
        """ "the library": the room card the acting player holds, if any."""
        if self.phase != PLACE or self.holding == EMPTY:
            return None
        return f"the {self._room_name(self.holding)}"

    def _given_up(self, space: int) -> str:
        """ "the sauna at top floor, space 2": the card the Supplier's owner would give up."""
        where = space_name(space)
        if self.phase not in (SUPPLIER_PHASE, SUPPLIER_AFTER) or space >= SPACES:
            return f"the card at {where}"
        card = self.homes[self.current()][space]
        if card == EMPTY:
            return f"the card at {where}"
        down = "face-down " if self.down[self.current()][space] else ""
        return f"the {down}{self._room_name(card)} at {where}"

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        return explain.illegal(self, player, action)

    # == saved state =========================================================================
    @classmethod
    def from_json(cls, d: Json) -> DreamHomeState:
        parse(DreamHomeJson, d)
        s = cls._restore(d, len(d["homes"]), field="homes")
        s._load_fields(d)  # as the kit's default _json wrote them
        check(s)
        return s


_HANDLERS: dict[type, Any] = {
    Take: DreamHomeState._take,
    DiscardColumn: DreamHomeState._discard_column,
    UseMegaphone: DreamHomeState._megaphone,
    NoMegaphone: DreamHomeState._megaphone,
    UseCrowbar: DreamHomeState._use_crowbar,
    Place: DreamHomeState._place,
    PlaceDown: DreamHomeState._place,
    LadderPlace: DreamHomeState._place,
    LadderPlaceDown: DreamHomeState._place,
    Decorate: DreamHomeState._decorate,
    DiscardDecor: DreamHomeState._discard_decor,
    Reclaim: DreamHomeState._reclaim,
    Supply: DreamHomeState._use_supplier,
    SupplyCard: DreamHomeState._use_supplier,
    Swap: DreamHomeState._use_handyman,
    Decline: DreamHomeState._pass_helper,
    NoSupply: DreamHomeState._pass_helper,
    NoSwap: DreamHomeState._pass_helper,
}
