"""Dream Home's state as every part of the rules sees it: its fields (declared for
``clone`` and typed), the small queries of them that several parts ask, and what the
parts ask of each other (each defined in its own module). The rules' classes (home.py,
end.py, scoring.py, seen.py) derive from it, and ``DreamHomeState`` (state.py) from them."""

from __future__ import annotations

from abc import abstractmethod

from housebuilders.core import Fields, GameState
from housebuilders.games.dream_home.actions import UseCrowbar
from housebuilders.games.dream_home.content import DATA, Cards, DreamHomeContent, card_words, cards
from housebuilders.games.dream_home.phases import DISCARD, MEGAPHONE
from housebuilders.games.dream_home.values import EMPTY, HELPER_OF, NOBODY, Run


class DreamHomeBase(GameState):
    """The fields of a game of Dream Home and the queries every part of the rules asks."""

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
    # cards: the content's card tables (made from it, never saved).
    FIELDS = Fields(
        share="round phase first turns holding pending",
        lists="room_deck resource_deck board_rooms board_resources room_discard "
        "resource_discard token_owner token_at order ask",
        rows="homes down roofs held",
        derived="cards",
    )
    __slots__ = FIELDS.names
    content: DreamHomeContent

    # the fields' types (cards, spaces, decor tokens and seats are ints, EMPTY or NOBODY
    # for none)
    round: int
    phase: str
    first: int
    turns: int
    holding: int
    pending: int
    room_deck: list[int]
    resource_deck: list[int]
    board_rooms: list[int]
    board_resources: list[int]
    room_discard: list[int]
    resource_discard: list[int]
    token_owner: list[int]
    token_at: list[int]
    order: list[int]
    ask: list[int]
    homes: list[list[int]]
    down: list[list[int]]
    roofs: list[list[int]]
    held: list[list[int]]
    cards: Cards

    def _derive(self) -> None:
        self.cards = cards(self.content)

    def _num_players(self) -> int:
        return len(self.homes)

    def tools_held(self, player: int, tool: int) -> list[int]:
        """The cards of tool ``tool`` that ``player`` holds (Q1: usable once each)."""
        tool_of = self.cards.tool_of
        return [c for c in self.held[player] if tool_of[c] == tool]

    def current(self) -> int:
        """The seat whose turn it is (the marker holder for the round's discard)."""
        if self.phase in HELPER_OF:
            return self.helper_owner(HELPER_OF[self.phase])
        if self.phase == DISCARD:
            return self.first
        if self.phase == MEGAPHONE:
            return self.ask[0]
        return self.order[self.turns]

    def helper_owner(self, helper: int) -> int:
        """The seat holding the card of ``helper``; NOBODY if none does."""
        card = self.cards.helper_card[helper]
        for seat, held in enumerate(self.held):
            if card in held:
                return seat
        return NOBODY

    def drawn(self) -> bool:
        """Whether the room card held was drawn from the room deck by a Crowbar (DH-63),
        seen by its holder alone: it is held from the Crowbar's use, the holder's last
        move, to its placing, the next."""
        return (
            self.holding != EMPTY
            and bool(self.history)
            and isinstance(self.history[-1][1], UseCrowbar)
        )

    def _room_name(self, card: int) -> str:
        return card_words(self.content)[0][card]

    def _helper_name(self, helper: int) -> str:
        return self.content.helpers.names[helper]

    def _tool_name(self, tool: int) -> str:
        return self.content.tools[tool].name

    def _resource_words(self, card: int, shown: bool) -> str:
        """A resource card in a log line; a roof card by its colour only when ``shown``
        (face up on the discard pile), else only as a roof card (DH-47, Q4)."""
        return card_words(self.content)[1][card][shown]

    def _log_decor_discarded(self, player: int) -> None:
        name = self.content.decor[self.cards.resources[self.pending].index].name
        self.log.append(f"player {player} discards the {name} decor card")

    def types(self, player: int) -> list[int]:
        """The room type of the face-up card on each space of the home, EMPTY for
        none or face down (``type_at`` of every space)."""
        room_type = self.cards.room_type
        return [
            EMPTY if card == EMPTY or down else room_type[card]
            for card, down in zip(self.homes[player], self.down[player], strict=True)
        ]

    def kids(self, player: int) -> int:
        """DH-106 (Q20): kids on face-up room cards."""
        rooms = self.cards.rooms
        return sum(
            rooms[card].kids
            for card, down in zip(self.homes[player], self.down[player], strict=True)
            if card != EMPTY and not down
        )

    # -- what the parts of the rules ask of each other (each defined in its module) --
    @abstractmethod
    def type_at(self, player: int, space: int) -> int:
        """The room type of a face-up card at ``space`` (home.py)."""

    @abstractmethod
    def rooms(self, player: int) -> list[Run]:
        """Every room of the home (DH-78): runs of face-up cards of one type on a floor
        (home.py)."""

    @abstractmethod
    def room_at(self, player: int, space: int) -> tuple[int, ...]:
        """The spaces of the room ``space`` is in, () if none (home.py)."""

    @abstractmethod
    def face_up_problem(self, player: int, card: int, space: int) -> str | None:
        """Why ``card`` may not go face up on ``space`` (DH-31 to DH-33, DH-76, DH-79 to
        DH-83), as explain.py words it (home.py)."""

    @abstractmethod
    def type_problem(self, player: int, kind: int, space: int) -> str | None:
        """``face_up_problem`` for a card of room type ``kind`` (home.py)."""

    @abstractmethod
    def _joining_problem(self, player: int, types: list[int], kind: int, space: int) -> str | None:
        """Why a card of type ``kind`` may not go face up on ``space`` beside the rooms
        of its type, the floor being right (home.py)."""

    @abstractmethod
    def _resolve_resource(self, player: int) -> bool:
        """DH-46, DH-49 to DH-57, DH-60, DH-64: the resource card taken with the room
        (state.py)."""

    @abstractmethod
    def _discard_pending(self) -> bool:
        """The resource card taken goes to the discard pile, and the turn ends; True if
        that revealed a card (state.py)."""
