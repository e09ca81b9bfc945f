"""Dream Home's rules (shared/rules/dream-home.txt), the checklist's ids in comments
(shared/checklists/dream-home.md); the rulings for its open questions are on
docs/games/dream-home.md."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import Any

from housebuilders.core import Action, Fields, GameState, Json, Rng, TieBreak
from housebuilders.core.loading import parse
from housebuilders.core.rng import seed_state

from . import explain
from .actions import (
    DECLINE,
    DECORATES,
    DISCARD_DECOR,
    DISCARDS,
    LADDERS,
    NO_MEGAPHONE,
    NO_SUPPLY,
    NO_SWAP,
    PLACES,
    RECLAIMS,
    SUPPLIES,
    SUPPLY_CARDS,
    SWAPS,
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
from .checks import DreamHomeJson, check
from .content import (
    BASEMENT,
    DATA,
    SPACES,
    TOP,
    Cards,
    DreamHomeContent,
    ResourceCard,
    below,
    cards,
    floor_of,
    neighbours,
    shown_cards,
)
from .phases import (
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

EMPTY = -1  # an empty space, no card, no owner
NOBODY = -1
LOST = -2  # a decor token's owner once the Supplier or Handyman took its room apart (Q10)
# The helpers by their place in content.helpers.names (their rules are these)
ROOFER_CARD, SUPPLIER, ARCHITECT, DESIGNER, HANDYMAN = range(5)
# The tools by their place in content.tools
MEGAPHONE_TOOL, LADDER_TOOL, CROWBAR_TOOL = range(3)
END_STEPS = ((ROOFER, ROOFER_CARD), (SUPPLIER_PHASE, SUPPLIER), (HANDYMAN_PHASE, HANDYMAN))
#: the helper whose owner acts in each phase of the end
HELPER_OF = {**dict(END_STEPS), SUPPLIER_AFTER: SUPPLIER}
FLOOR_SPACES = ((0, 1, 2, 3, 4), (5, 6, 7, 8, 9), (10, 11))
#: down[p][space]: face up; face down (the card was face up on the board when taken);
#: face down and seen by its owner alone (drawn from the room deck by a Crowbar, DH-63)
FACE_UP, FACE_DOWN, UNSEEN = 0, 1, 2

Run = tuple[int, tuple[int, ...]]  # a room: its type and its spaces, left to right
#: the actions that place the room card held: face up or down, with a Ladder or not
PLACINGS = (Place, PlaceDown, LadderPlace, LadderPlaceDown)
Placing = Place | PlaceDown | LadderPlace | LadderPlaceDown


class DreamHomeState(GameState):
    DATA = DATA
    # round 1-12; phase (phases.py); first: the marker's holder; order: this round's
    # turn order (set once the Megaphones are used, Q16); ask: the Megaphones' holders
    # still to be asked this round; turns: turns ended this round; holding: the room
    # card taken and not yet placed; pending: the resource card taken and not yet
    # resolved (EMPTY: none).
    # Board: room and resource card per column (resources[0] is the first-player
    # space, always EMPTY). homes: 12 spaces per seat (card or EMPTY), down: FACE_UP,
    # FACE_DOWN or UNSEEN per space. Tokens: owner and space (EMPTY: kept beside the
    # home) of each decor token. roofs: each seat's roof stack; held: helpers and tools.
    FIELDS = Fields(
        share="round phase first turns holding pending",
        lists="room_deck resource_deck board_rooms board_resources room_discard "
        "resource_discard token_owner token_at order ask",
        rows="homes down roofs held",
    )
    __slots__ = FIELDS.names
    content: DreamHomeContent

    def _num_players(self) -> int:
        return len(self.homes)

    @property
    def cards(self) -> Cards:
        return cards(self.content)

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
        return [(seat + i) % self.num_players for i in range(self.num_players)]

    def _after_discard(self) -> None:
        """Q16: the Megaphones' holders, asked in turn order; then the turns."""
        if self.ask:
            self.phase = MEGAPHONE
            return
        self.order += [p for p in self.clockwise(self.first) if p not in self.order]
        self.phase = TAKE

    def tools_held(self, player: int, tool: int) -> list[int]:
        """The cards of tool ``tool`` that ``player`` holds (Q1: usable once each)."""
        resources = self.cards.resources
        return [c for c in self.held[player]
                if resources[c].kind == "tool" and resources[c].index == tool]  # fmt: skip

    # == queries ===========================================================================
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def current(self) -> int:
        """The seat whose turn it is (the marker holder for the round's discard)."""
        if self.phase in HELPER_OF:
            return self.helper_owner(HELPER_OF[self.phase])
        if self.phase == DISCARD:
            return self.first
        if self.phase == MEGAPHONE:
            return self.ask[0]
        return self.order[self.turns]

    def acting_players(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current(),)

    def helper_owner(self, helper: int) -> int:
        for seat, held in enumerate(self.held):
            for card in held:
                res = self.cards.resources[card]
                if res.kind == "helper" and res.index == helper:
                    return seat
        return NOBODY

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
        if self.phase == SUPPLIER_PHASE and self.handyman_first(player):  # ruling 22
            return [*self.supplies(player)[:-1], *self.swaps(player)[:-1], NO_SUPPLY]
        if self.phase in (SUPPLIER_PHASE, SUPPLIER_AFTER):
            return self.supplies(player)
        if self.phase == HANDYMAN_PHASE:
            return self.swaps(player)
        colours = {(r.index, r.window) for r in self._discarded_roofs()}
        return [RECLAIMS[key] for key in sorted(colours)] + [DECLINE]

    # -- the home (DH-74 to DH-89) -----------------------------------------------------------
    def supported(self, player: int, space: int) -> bool:
        """DH-75 rule A: no empty space directly below (DH-4)."""
        low = below(self.content)[space]
        return low is None or self.homes[player][low] != EMPTY

    def type_at(self, player: int, space: int) -> int:
        """The room type of a face-up card at ``space``; EMPTY for none or face down."""
        card = self.homes[player][space]
        if card == EMPTY or self.down[player][space]:
            return EMPTY
        return self.cards.room_type[card]

    def rooms(self, player: int) -> list[Run]:
        """Every room of the home (DH-78): runs of face-up cards of one type on a floor."""
        types, home, down = self.cards.room_type, self.homes[player], self.down[player]
        runs: list[Run] = []
        for floor in FLOOR_SPACES:
            run: list[int] = []
            kind_run = EMPTY
            for space in floor:
                card = home[space]
                kind = EMPTY if card == EMPTY or down[space] else types[card]
                if run and kind == kind_run:
                    run.append(space)
                    continue
                if run:
                    runs.append((kind_run, tuple(run)))
                run, kind_run = ([space], kind) if kind != EMPTY else ([], EMPTY)
            if run:
                runs.append((kind_run, tuple(run)))
        return runs

    def room_at(self, player: int, space: int) -> tuple[int, ...]:
        for _, spaces in self.rooms(player):
            if space in spaces:
                return spaces
        return ()

    def decorated(self, player: int, spaces: tuple[int, ...]) -> bool:
        return any(
            owner == player and self.token_at[t] in spaces
            for t, owner in enumerate(self.token_owner)
        )

    def face_up_problem(self, player: int, card: int, space: int) -> str | None:
        """Why ``card`` may not go face up on ``space`` (DH-31 to DH-33, DH-76, DH-79 to
        DH-83), as explain.py words it; None if it may."""
        kind = self.cards.rooms[card].type
        room = self.content.rooms[kind]
        if (room.class_ == "basement") != (floor_of(space) == BASEMENT):
            return "rule B"
        size = 1
        for side in neighbours(space):
            if self.type_at(player, side) == kind:
                joined = self.room_at(player, side)
                if len(joined) >= room.max_size or self.decorated(player, joined):
                    return "finished"
                size += len(joined)
        return "rule C" if size > room.max_size else None

    def placements(self, player: int, card: int) -> list[Action]:
        """DH-84, DH-85, DH-89: face down on any empty supported space, face up where
        the rules allow."""
        home, out = self.homes[player], []
        for space in range(SPACES):
            if home[space] == EMPTY and self.supported(player, space):
                if self.face_up_problem(player, card, space) is None:
                    out.append(PLACES[space, True])
                out.append(PLACES[space, False])
        return out

    def tool_at_hand(self, player: int, tool: int) -> int | None:
        """A card of ``tool`` that ``player`` may use now: one held, or the one taken
        this turn (Q1); None if there is none."""
        res = self.cards.resources[self.pending] if self.pending != EMPTY else None
        if res is not None and res.kind == "tool" and res.index == tool:
            return self.pending
        held = self.tools_held(player, tool)
        return held[0] if held else None

    def ladder_placements(self, player: int, card: int) -> list[Action]:
        """DH-62 (Q17): on an upper-floor space over an empty space, face down, or face
        up where the rules allow."""
        home, out = self.homes[player], []
        for space in range(10):
            if home[space] == EMPTY and not self.supported(player, space):
                if self.face_up_problem(player, card, space) is None:
                    out.append(LADDERS[space, True])
                out.append(LADDERS[space, False])
        return out

    def _spend_tool(self, player: int, tool: int) -> None:
        card = self.tool_at_hand(player, tool)
        assert card is not None
        if card == self.pending:
            self.pending = EMPTY
        else:
            self.held[player].remove(card)
        self.resource_discard.append(card)

    def decor_choices(self, player: int, token: int) -> list[Action]:
        """DH-49 to DH-56, DH-68 (Q5, Q18): the rooms the token may go on."""
        wanted = self.cards.type_of[self.content.decor[token].room]
        free = [(t, s) for t, s in self.rooms(player) if not self.decorated(player, s)]
        matching = [s for t, s in free if t == wanted]
        designer = self.helper_owner(DESIGNER) == player
        others = [s for t, s in free if t != wanted] if designer else []
        spaces = sorted(space for room in matching + others for space in room)
        out: list[Action] = [DECORATES[space] for space in spaces]
        if others and not matching:
            out.append(DISCARD_DECOR)
        return out

    def _roof_key(self, card: int) -> tuple[int, bool] | None:
        """A roof card's colour and window; None for another resource card."""
        res = self.cards.resources[card]
        return (res.index, res.window) if res.kind == "roof" else None

    def _discarded_roofs(self) -> list[ResourceCard]:
        resources = self.cards.resources
        return [resources[c] for c in self.resource_discard if resources[c].kind == "roof"]

    # == moves =============================================================================
    def _apply(self, player: int, action: Action) -> bool:
        return _HANDLERS[type(action)](self, player, action)

    # -- the round's turns (DH-18 to DH-30, DH-61, DH-70) -----------------------------------
    def _take(self, player: int, action: Take) -> bool:
        """DH-20, DH-21: the column's room card and resource card."""
        column = action.column
        self.log.append(f"player {player} {self._take_words(column)}")
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
        self.log.append(
            f"player {player} discards column {column + 1}: the "
            f"{self._room_name(room)} and {self._resource_words(res, True)}"
        )
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

    def _use_crowbar(self, player: int, action: UseCrowbar) -> bool:
        """DH-63 (Q15): the room card held goes back into the deck, the top one is taken."""
        self._spend_tool(player, CROWBAR_TOOL)
        unseen = self.drawn()  # a second Crowbar gives up the card the first drew
        given_up, self.holding = self.holding, self.room_deck.pop()
        self.room_deck.append(given_up)
        self.rng.shuffle(self.room_deck)
        card = "card drawn by the Crowbar" if unseen else self._room_name(given_up)
        self.log.append(
            f"player {player} uses a {self._tool_name(CROWBAR_TOOL)}: the {card} goes "
            "back into the room deck and the top card of the room deck is taken"
        )  # the card taken is seen by its taker alone
        return True

    def _place(self, player: int, action: Placing) -> bool:
        """DH-25, then the resource card (DH-26, Q6)."""
        unseen = not action.face_up and self.drawn()
        how = "" if action.face_up else " face down, as an empty room,"
        card = "card drawn by the Crowbar" if unseen else self._room_name(self.holding)
        where = space_name(action.space)
        if isinstance(action, (LadderPlace, LadderPlaceDown)):  # DH-62
            self._spend_tool(player, LADDER_TOOL)
            tool = self._tool_name(LADDER_TOOL)
            self.log.append(f"player {player} uses a {tool} to place the {card}{how} "
                            f"on {where}, over an empty space")  # fmt: skip
        else:
            self.log.append(f"player {player} places the {card}{how} on {where}")
        self.homes[player][action.space], self.holding = self.holding, EMPTY
        self.down[player][action.space] = (
            FACE_UP if action.face_up else UNSEEN if unseen else FACE_DOWN
        )
        return self._resolve_resource(player)

    def _decorate(self, player: int, action: Decorate) -> bool:
        """DH-49: the decor token goes on a room of the home."""
        token = self.cards.resources[self.pending].index
        self.token_owner[token], self.token_at[token] = player, action.space
        self.log.append(
            f"player {player} places the {self.content.decor[token].name} "
            f"token on the room at {space_name(action.space)}"
        )
        return self._discard_pending()

    def _discard_decor(self, player: int, action: DiscardDecor) -> bool:
        """DH-68 (Q18): the Designer's owner may give up the token."""
        self._log_decor_discarded(player)
        return self._discard_pending()

    # -- the end's helpers (DH-65, DH-66, DH-69, DH-91) -------------------------------------
    def _reclaim(self, player: int, action: Reclaim) -> bool:
        """DH-65: the Roofer takes a discarded roof card."""
        wanted = (action.colour, bool(action.window))
        card = next(c for c in self.resource_discard if self._roof_key(c) == wanted)
        self.resource_discard.remove(card)
        self.roofs[player].append(card)
        self.log.append(
            f"player {player} uses the {self._helper_name(ROOFER_CARD)} to take "
            f"{self._resource_words(card, True)} from the discard pile"
        )
        return self._helper_done()

    def _use_supplier(self, player: int, action: Supply | SupplyCard) -> bool:
        """DH-66 (Q13): the Supplier exchanges a card of the home for a discarded one."""
        kids = action.kids if isinstance(action, SupplyCard) else None
        card = self._discarded(action.room, kids)
        assert card is not None
        which = "" if kids is None else f" with {kids_words(kids)}"
        self.log.append(
            f"player {player} uses the {self._helper_name(SUPPLIER)} to exchange "
            f"the {self._room_name(self.homes[player][action.space])} on "
            f"{space_name(action.space)} for the discarded "
            f"{self.content.rooms[action.room].name}{which}"
        )
        self._supply(player, card, action.space)
        return self._helper_done()

    def _use_handyman(self, player: int, action: Swap) -> bool:
        """DH-69 (Q14): the Handyman swaps two cards of the home."""
        self.log.append(
            f"player {player} uses the {self._helper_name(HANDYMAN)} to swap "
            f"the cards on {space_name(action.first)} and "
            f"{space_name(action.second)}"
        )
        self._swap(player, action.first, action.second)
        if self.phase == SUPPLIER_PHASE:  # the Handyman first: the Supplier then (ruling 22)
            self._ask_end([(SUPPLIER_AFTER, SUPPLIER)])
            return False
        return self._helper_done()

    def _pass_helper(self, player: int, action: Decline | NoSupply | NoSwap) -> bool:
        """A helper's owner uses it not."""
        return self._helper_done()

    def _helper_done(self) -> bool:
        """The next step of the end (DH-91)."""
        if self.phase == SUPPLIER_AFTER:
            self._ask_end([])
            return False
        step = next(i for i, (phase, _) in enumerate(END_STEPS) if phase == self.phase)
        self._next_end_step(step + 1)
        return False

    # -- the end: Supplier and Handyman ---------------------------------------------------------
    def _lose_or_move_token(self, player: int, space: int, to: int) -> None:
        """Q10: a token on the room of ``space`` follows a one-card room to ``to`` and is
        lost when a card of a larger room leaves (``to`` EMPTY: the card leaves the home)."""
        room = self.room_at(player, space)
        for token, owner in enumerate(self.token_owner):
            if owner == player and self.token_at[token] in room:
                if len(room) == 1 and to != EMPTY:
                    self.token_at[token] = to
                else:
                    self.token_owner[token], self.token_at[token] = LOST, EMPTY

    def _discarded(self, kind: int, kids: int | None) -> int | None:
        """A discarded room card of type ``kind`` with ``kids`` kids (None: the one with
        the most); None if there is none. Cards of one type and kids are alike in all."""
        rooms = self.cards.rooms
        found = [c for c in self.room_discard
                 if rooms[c].type == kind and kids in (None, rooms[c].kids)]  # fmt: skip
        return max(found, key=lambda c: rooms[c].kids) if found else None

    def _supply(self, player: int, card: int, space: int) -> None:
        self._lose_or_move_token(player, space, EMPTY)
        self.room_discard.remove(card)
        self.room_discard.append(self.homes[player][space])
        self.homes[player][space], self.down[player][space] = card, 0

    def _swap(self, player: int, first: int, second: int) -> None:
        home, down = self.homes[player], self.down[player]
        # each token is looked up before either card moves
        moves = [(first, second), (second, first)]
        tokens = [(t, at) for t, at in enumerate(self.token_at) if self.token_owner[t] == player]
        for space, to in moves:
            room = self.room_at(player, space)
            for token, at in tokens:
                if at in room:
                    keep = len(room) == 1
                    self.token_owner[token] = player if keep else LOST
                    self.token_at[token] = to if keep else EMPTY
        home[first], home[second] = home[second], home[first]
        down[first], down[second] = down[second], down[first]

    def supplies(self, player: int) -> list[Action]:
        """DH-66 (Q13): every legal exchange, judged with the outgoing card removed. The
        player chooses the discarded card, told apart by its type and kids (ruling 20);
        with the option ``supplier-most-kids`` only its type, the game giving the card of
        that type with the most kids."""
        rooms = self.cards.rooms
        most = self.setup["options"]["supplier-most-kids"]
        kinds = sorted({rooms[c].type for c in self.room_discard})
        offers = sorted({(rooms[c].type, None if most else rooms[c].kids)
                         for c in self.room_discard})  # fmt: skip
        out: list[Action] = []
        for space in range(SPACES):
            trial = self.clone()
            trial._lose_or_move_token(player, space, EMPTY)
            trial.homes[player][space] = EMPTY
            fits = {kind for kind in kinds  # a card's place depends on its type alone
                    if trial.face_up_problem(player, self._discarded(kind, None), space) is None}
            out += [SUPPLIES[kind, space] if kids is None else SUPPLY_CARDS[kind, kids, space]
                    for kind, kids in offers if kind in fits]  # fmt: skip
        return [*out, NO_SUPPLY]

    def handyman_first(self, player: int) -> bool:
        """Whether ``player``, asked about the Supplier, may use his Handyman first
        (ruling 22): the rulebook names no order; the option ``helpers-in-order`` keeps
        the Supplier first."""
        in_order = self.setup["options"]["helpers-in-order"]
        return not in_order and self.helper_owner(HANDYMAN) == player

    def swaps(self, player: int) -> list[Action]:
        """DH-69 (Q14): every swap of two cards after which each is legal where it goes."""
        home, down = self.homes[player], self.down[player]
        out: list[Action] = []
        for first, second in SWAPS:
            a, b = (EMPTY if down[s] else self.cards.rooms[home[s]].type for s in (first, second))
            if a == b:
                continue  # two empty rooms, or two cards of one type: nothing changes
            trial = self.clone()
            trial._swap(player, first, second)
            if all(trial._fits(player, s) for s in (first, second)):
                out.append(SWAPS[first, second])
        return [*out, NO_SWAP]

    def _fits(self, player: int, space: int) -> bool:
        """Whether the card at ``space`` could have been placed there as the home stands."""
        card = self.homes[player][space]
        if self.down[player][space]:
            return True
        carries = any(
            owner == player and self.token_at[t] == space
            for t, owner in enumerate(self.token_owner)
        )
        self.homes[player][space] = EMPTY
        problem = self.face_up_problem(player, card, space)
        self.homes[player][space] = card
        if carries and self.room_at(player, space) != (space,):
            return False  # a decorated room is finished: it cannot grow
        return problem is None

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

    def _next_end_step(self, step: int) -> None:
        """DH-91: the Roofer, then the Supplier (whose owner may use his Handyman first,
        ruling 22), then the Handyman, each if its owner has a choice; then the game is
        over."""
        self._ask_end(END_STEPS[step:])

    def _ask_end(self, steps: Iterable[tuple[str, int]]) -> None:
        """The first of the end's ``steps`` (phase, helper) whose helper's owner has a
        choice; the game is over if none has."""
        for phase, helper in steps:
            self.phase = phase
            if self.helper_owner(helper) != NOBODY and len(self.legal_actions(self.current())) > 1:
                return
        self.phase = OVER
        self.log.append("the game is over")

    # == the public log: only what every seat sees (a roof card goes on its stack unseen) ==
    def _room_name(self, card: int) -> str:
        return self.content.rooms[self.cards.rooms[card].type].name

    def _helper_name(self, helper: int) -> str:
        return self.content.helpers.names[helper]

    def _tool_name(self, tool: int) -> str:
        return self.content.tools[tool].name

    def _resource_words(self, card: int, shown: bool) -> str:
        """A resource card in a log line; a roof card by its colour only when ``shown``
        (face up on the discard pile), else only as a roof card (DH-47, Q4)."""
        res = self.cards.resources[card]
        if res.kind != "roof":
            return f"the {shown_cards(self.content)[1][card]['name']} {res.kind} card"
        if not shown:
            return "a roof card"
        window = " with a window" if res.window else ""
        return f"a {self.content.roof.colours[res.index]} roof card{window}"

    def _take_words(self, column: int) -> str:
        room = self._room_name(self.board_rooms[column])
        if column == 0:
            return f"takes the {room} of column 1 and the first player marker"
        resource = self._resource_words(self.board_resources[column], False)
        return f"takes column {column + 1}: the {room} and {resource}"

    def _log_decor_discarded(self, player: int) -> None:
        name = self.content.decor[self.cards.resources[self.pending].index].name
        self.log.append(f"player {player} discards the {name} decor card")

    # == scoring (DH-93 to DH-107) ============================================================
    def room_points(self, player: int, run: Run) -> int:
        """DH-94, DH-34 to DH-44: a room's points, its special condition included."""
        kind, spaces = run
        room = self.content.rooms[kind]
        points = room.points[len(spaces) - 1]
        special = room.special
        if special is None:
            return points
        other = self.cards.type_of.get(special.room, EMPTY)
        floor = FLOOR_SPACES[floor_of(spaces[0])]
        if special.kind == "per-type-on-floor":
            types = {self.type_at(player, s) for s in floor} - {EMPTY}
            normal = sum(self.content.rooms[t].class_ == "normal" for t in types)
            return min(points + special.points * normal, special.cap)
        if special.kind == "next-to":
            near = {n for s in spaces for n in neighbours(s)} - set(spaces)
        elif special.kind == "same-floor":
            near = set(floor) - set(spaces)
        else:  # "above"
            over = [s for s in range(SPACES) if below(self.content)[s] in spaces]
            near = set(over)
        met = any(self.type_at(player, s) == other for s in near)
        return special.points if met else points

    def roof_points(self, player: int) -> int:
        """DH-100 to DH-103 (Q12): the best four roof cards."""
        roof, resources = self.content.roof, self.cards.resources
        counts: dict[tuple[int, bool], int] = {}
        for card in self.roofs[player]:
            key = (resources[card].index, resources[card].window)
            counts[key] = counts.get(key, 0) + 1
        if sum(counts.values()) < roof.size:
            return 0
        keys = list(counts)
        best = 0
        for pick in product(*(range(min(counts[k], roof.size) + 1) for k in keys)):
            if sum(pick) != roof.size:
                continue
            colours = {k[0] for k, n in zip(keys, pick, strict=True) if n}
            windows = sum(n for k, n in zip(keys, pick, strict=True) if k[1])
            base = roof.uniform if len(colours) == 1 else roof.mismatched
            best = max(best, base + roof.window * windows)
        return best

    def breakdown(self, player: int) -> dict[str, int]:
        content, helpers = self.content, self.content.helpers
        functionality = content.functionality
        runs = self.rooms(player)
        types = {kind for kind, _ in runs}
        type_of = self.cards.type_of
        bath = type_of.get(functionality.each_upper_floor, EMPTY)
        earned = 0
        upper = FLOOR_SPACES[TOP : TOP + 2]
        if all(any(self.type_at(player, s) == bath for s in floor) for floor in upper):  # DH-98
            earned += 1
        if all(type_of.get(name, EMPTY) in types for name in functionality.all_of):  # DH-99
            earned += 1
        tokens = [t for t, owner in enumerate(self.token_owner) if owner == player]
        extra = 0
        if self.helper_owner(ARCHITECT) == player:  # DH-67
            extra += helpers.architect_bonus * (earned + sum(map(bool, self.down[player])))
        if self.helper_owner(DESIGNER) == player:  # DH-68
            extra += helpers.designer_bonus * len(tokens)
        return {
            "rooms": sum(self.room_points(player, run) for run in runs),
            "decor": sum(content.decor[t].points for t in tokens),  # DH-97
            "functionality": functionality.points * earned,
            "roof": self.roof_points(player),
            "helpers": extra,
        }

    def scores(self) -> list[Json]:
        out = []
        for player in range(self.num_players):
            points = self.breakdown(player)
            out.append({"total": sum(points.values()), "breakdown": points})
        return out

    def goals(self) -> dict[str, list[float]]:
        """The kids in each home's artwork (the tie-break)."""
        return {"kids": [float(self.kids(p)) for p in range(self.num_players)]}

    def kids(self, player: int) -> int:
        """DH-106 (Q20): kids on face-up room cards."""
        rooms = self.cards.rooms
        return sum(
            rooms[card].kids
            for card, down in zip(self.homes[player], self.down[player], strict=True)
            if card != EMPTY and not down
        )

    def tie_breaks(self) -> list[TieBreak]:
        """DH-105 to DH-107 (``ranking``: points, then this; still tied, a shared
        place): the tied player with the most kids in their home wins."""
        kids = [self.kids(p) for p in range(self.num_players)]
        return [TieBreak("the most kids in the rooms' artwork", kids)]

    # == what a seat sees (DH-17, DH-29, DH-47, DH-60, DH-92) ==================================
    def is_public(self, index: int) -> bool:
        return True  # every move is made in the open

    def drawn(self) -> bool:
        """Whether the room card held was drawn from the room deck by a Crowbar (DH-63),
        seen by its holder alone: it is held from the Crowbar's use, the holder's last
        move, to its placing, the next."""
        return (
            self.holding != EMPTY
            and bool(self.history)
            and isinstance(self.history[-1][1], UseCrowbar)
        )

    def room_json(self, card: int) -> Json | None:
        return None if card == EMPTY else dict(shown_cards(self.content)[0][card])

    def unseen_room_json(self) -> Json:
        """How another seat sees a room card only its owner has seen: every field None."""
        return dict.fromkeys(shown_cards(self.content)[0][0])

    def resource_json(self, card: int) -> Json | None:
        return None if card == EMPTY else dict(shown_cards(self.content)[1][card])

    def observe(self, player: int | None) -> Json:
        over = self.is_terminal()
        own_roof = self.setup["options"]["own-roof-shown"]  # Q4: a house rule, off by default
        scores = self.scores() if over else None
        seats = []
        for p in range(self.num_players):
            home = []
            for space, card in enumerate(self.homes[p]):
                if self.down[p][space] == UNSEEN and p != player and not over:
                    home.append({**self.unseen_room_json(), "face_up": False, "decor": None})
                    continue
                shown = self.room_json(card)
                if shown is not None:
                    shown["face_up"] = not self.down[p][space]
                    decor = [self.content.decor[t].name for t, owner in enumerate(self.token_owner)
                             if owner == p and self.token_at[t] == space]  # fmt: skip
                    shown["decor"] = decor[0] if decor else None
                home.append(shown)
            kept = [self.content.decor[t].name for t, owner in enumerate(self.token_owner)
                    if owner == p and self.token_at[t] == EMPTY]  # fmt: skip
            seats.append({
                "home": home, "kept_decor": kept,
                "roof": len(self.roofs[p]),
                "roof_cards": [self.resource_json(c) for c in self.roofs[p]]
                if over or (p == player and own_roof) else None,
                "held": [self.resource_json(c) for c in self.held[p]],
                "score": scores[p] if scores else None,
                "kids": self.kids(p) if over else None,
            })  # fmt: skip
        return {
            "game": self.spec.id, "you": player, "round": self.round,
            "rounds": self.content.rounds, "phase": self.phase, "over": over,
            "first": self.first, "acting": list(self.acting_players()),
            "basement_under": list(self.content.basement_under),
            "columns": [{"room": self.room_json(r), "resource": self.resource_json(c)}
                        for r, c in zip(self.board_rooms, self.board_resources, strict=True)],
            "room_deck": len(self.room_deck), "resource_deck": len(self.resource_deck),
            "room_discard": [self.room_json(c) for c in self.room_discard],
            "resource_discard": [self.resource_json(c) for c in self.resource_discard],
            "holding": self.unseen_room_json() if self.drawn() and player != self.current()
            else self.room_json(self.holding),
            "pending": self.resource_json(self.pending),
            "supply": [d.name for t, d in enumerate(self.content.decor)
                       if self.token_owner[t] == NOBODY],
            "players": seats,
        }  # fmt: skip

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
        """"the library": the room card the acting player holds, if any."""
        if self.phase != PLACE or self.holding == EMPTY:
            return None
        return f"the {self._room_name(self.holding)}"

    def _given_up(self, space: int) -> str:
        """"the sauna at top floor, space 2": the card the Supplier's owner would give up."""
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

    # == copies and hidden information ===========================================================
    def determinize(self, player: int, seed: int) -> DreamHomeState:
        """Both decks' order (DH-17) and the generator are resampled, and the room cards
        that others drew by a Crowbar and alone have seen (held, or face down in their
        homes, until the end shows them) are dealt again from the room deck with them;
        the board, the rest of the homes, the roof stacks (each card was seen when
        taken, Q4) and the discards are public."""
        s = self.clone()
        s.rng = Rng(seed_state(seed))
        unseen = [] if s.is_terminal() else [
            (p, space) for p in range(s.num_players) if p != player
            for space in range(SPACES) if s.down[p][space] == UNSEEN
        ]  # fmt: skip
        holding = s.drawn() and s.current() != player
        pool = [*s.room_deck, *(s.homes[p][space] for p, space in unseen)]
        pool += [s.holding] if holding else []
        s.rng.deal(pool)
        for p, space in unseen:
            s.homes[p][space] = pool.pop()
        if holding:
            s.holding = pool.pop()
        s.room_deck = pool
        s.rng.deal(s.resource_deck)
        return s

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
