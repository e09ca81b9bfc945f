"""Dream Home's home: where a room card may go, face up or face down (rules A to C),
the rooms its cards make, the tools that bend the placing (Ladder, Crowbar) and
the decor tokens (DH-25, DH-31 to DH-33, DH-49 to DH-59, DH-62, DH-63, DH-74 to
DH-89)."""

from __future__ import annotations

from housebuilders.core import Action
from housebuilders.core.log import Line
from housebuilders.games.dream_home.actions import (
    DECORATES,
    DISCARD_DECOR,
    LADDERS,
    PLACE_DOWN,
    PLACE_UP,
    Decorate,
    DiscardDecor,
    LadderPlace,
    LadderPlaceDown,
    UseCrowbar,
    space_name,
)
from housebuilders.games.dream_home.base import DreamHomeBase
from housebuilders.games.dream_home.content import (
    BASEMENT_FIRST,
    FLOOR_ENDS,
    NEIGHBOURS,
    SPACES,
    below,
)
from housebuilders.games.dream_home.seen import placed
from housebuilders.games.dream_home.values import (
    CROWBAR_TOOL,
    DESIGNER,
    EMPTY,
    FACE_DOWN,
    FACE_UP,
    LADDER_TOOL,
    UNSEEN,
    Placing,
    Run,
)


def run_at(types: list[int], space: int) -> tuple[int, ...]:
    """The spaces of the room ``space`` is in, () if none: the run of face-up cards of
    its type on its floor (``types``: the room type of each space, EMPTY for none)."""
    kind = types[space]
    if kind == EMPTY:
        return ()
    first, last = FLOOR_ENDS[space]
    start = end = space
    while start > first and types[start - 1] == kind:
        start -= 1
    while end < last and types[end + 1] == kind:
        end += 1
    return tuple(range(start, end + 1))


class HomeRules(DreamHomeBase):
    """Mixed into ``DreamHomeState``: the home's queries and the moves that place a
    room card or a decor token."""

    __slots__ = ()

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
        types = self.types(player)
        runs: list[Run] = []
        for first, last in FLOOR_ENDS[0], FLOOR_ENDS[5], FLOOR_ENDS[10]:
            space = first
            while space <= last:
                kind = types[space]
                end = space
                if kind != EMPTY:
                    while end < last and types[end + 1] == kind:
                        end += 1
                    runs.append((kind, tuple(range(space, end + 1))))
                space = end + 1
        return runs

    def room_at(self, player: int, space: int) -> tuple[int, ...]:
        """The spaces of the room ``space`` is in, () if none."""
        return run_at(self.types(player), space)

    def decorated(self, player: int, spaces: tuple[int, ...]) -> bool:
        return any(
            owner == player and self.token_at[t] in spaces
            for t, owner in enumerate(self.token_owner)
        )

    def face_up_problem(self, player: int, card: int, space: int) -> str | None:
        """Why ``card`` may not go face up on ``space`` (DH-31 to DH-33, DH-76, DH-79 to
        DH-83), as explain.py words it; None if it may."""
        return self.type_problem(player, self.cards.room_type[card], space)

    def type_problem(self, player: int, kind: int, space: int) -> str | None:
        """``face_up_problem`` for a card of room type ``kind``: what is asked of a card
        is asked of its type alone."""
        if self.cards.basement_type[kind] != (space >= BASEMENT_FIRST):
            return "rule B"
        return self._joining_problem(player, self.types(player), kind, space)

    def _joining_problem(self, player: int, types: list[int], kind: int, space: int) -> str | None:
        """Why a card of type ``kind`` may not go face up on ``space`` beside the rooms
        of its type (``types``: the home's, ``types()``), the floor being right: a
        finished room beside it, or a room grown past its size."""
        most = self.cards.max_size[kind]
        size = 1
        for side in NEIGHBOURS[space]:
            if types[side] == kind:
                joined = run_at(types, side)
                if len(joined) >= most or self.decorated(player, joined):
                    return "finished"
                size += len(joined)
        return "rule C" if size > most else None

    def placements(self, player: int, card: int) -> list[Action]:
        """DH-84, DH-85, DH-89: face down on any empty supported space, face up where
        the rules allow."""
        home, under = self.homes[player], below(self.content)
        kind = self.cards.room_type[card]
        basement = self.cards.basement_type[kind]
        types = self.types(player)
        out: list[Action] = []
        for space in range(SPACES):
            if home[space] == EMPTY:
                low = under[space]
                if low is None or home[low] != EMPTY:
                    if basement == (space >= BASEMENT_FIRST) and (
                        self._joining_problem(player, types, kind, space) is None
                    ):
                        out.append(PLACE_UP[space])
                    out.append(PLACE_DOWN[space])
        return out

    def tool_at_hand(self, player: int, tool: int) -> int | None:
        """A card of ``tool`` that ``player`` may use now: one held, or the one taken
        this turn (Q1); None if there is none."""
        tool_of = self.cards.tool_of
        if self.pending != EMPTY and tool_of[self.pending] == tool:
            return self.pending
        for card in self.held[player]:
            if tool_of[card] == tool:
                return card
        return None

    def ladder_placements(self, player: int, card: int) -> list[Action]:
        """DH-62 (Q17): on an upper-floor space over an empty space, face down, or face
        up where the rules allow."""
        home, under = self.homes[player], below(self.content)
        kind = self.cards.room_type[card]
        out: list[Action] = []
        for space in range(10):
            low = under[space]
            if home[space] == EMPTY and low is not None and home[low] == EMPTY:
                if self.type_problem(player, kind, space) is None:
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

    # -- the moves: placing the room card (with a tool or not), the decor token --------
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
        ladder = isinstance(action, (LadderPlace, LadderPlaceDown))
        if ladder:  # DH-62
            self._spend_tool(player, LADDER_TOOL)
        card = EMPTY if unseen else self.holding
        words = (self.content, player, card, action.face_up, action.space, ladder)
        self.log.append(Line(placed, *words))
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
