"""House of Fado's state as every part of the rules sees it: its fields (declared for
``clone`` and typed), the small queries of them that several parts ask, and what the
parts ask of each other (each defined in its own module). The rules' classes
(placing.py, locations.py, closing.py, scoring.py, seen.py) derive from it, and
``HouseOfFadoState`` (state.py) from them."""

from __future__ import annotations

from abc import abstractmethod

from housebuilders.core import Fields, GameState
from housebuilders.games.house_of_fado.actions import customers, location_of
from housebuilders.games.house_of_fado.board import Board, board
from housebuilders.games.house_of_fado.content import COLOURS, DATA, HouseOfFadoContent
from housebuilders.games.house_of_fado.deal import NONE, uncovered_tables


class HouseOfFadoBase(GameState):
    """The fields of a game of House of Fado and the queries every part of the rules asks."""

    DATA = DATA
    # phase (phases.py); turn: the active player; decider: the seat asked now (the
    # kicked piece's owner during a kick-out); first: the first player (HF-20);
    # ending: the 3rd star is gained, the round is being finished (HF-119); origin and
    # target: where this turn's worker came from (SUPPLY) and the action space it took;
    # bonus_space: the kick-out space the kicked piece went to; extra: Vital's
    # customers left in this close; joao: João was in the restaurant when it closed;
    # resume: "kick" while a fame 6 choice interrupts a kick-out bonus (Q17), the turn
    # then going on to its action; "" in a close, which goes on to its step 4.
    FIELDS = Fields(
        share="phase turn decider first ending origin target bonus_space extra joao resume",
        # fame: each musician tile's die (0: none yet); display, stack: fado tiles
        # (stack[0] is face up); bag, discard: customer colours; critics: by group;
        # star_owner: the 3 musician stars, the fado star, the prestige star;
        # star_tiles: the star musician by type; billboard: the tile shown by type;
        # rising: the types of the decider's musicians that reached fame 6 and await
        # their step 3
        lists="fame note_supply display stack bag discard critics billboard_tiles star_owner "
        "star_tiles billboard removed money cubes_removed critic rising",
        # by type: the market's tiles; by group: customer colours; by seat: workers' and
        # assistants' spaces, musicians by type, notes by note, tables (lists of
        # colours, each replaced whole and never changed in place: the copies share
        # them), bar, fado tiles scored, points earned by kind (EARNED); by type: the
        # cubes beside its billboard space per seat
        rows="market groups workers assistants musicians notes tables bar fado_scored earned "
        "billboard_cubes",
        # the board's tables made from the content (board.py), never saved
        derived="board",
    )
    __slots__ = FIELDS.names
    content: HouseOfFadoContent
    board: Board

    # the fields' types (seats, tiles, spaces and types are ints, NONE for none;
    # customers are colours, ints)
    phase: str
    turn: int
    decider: int
    first: int
    ending: bool
    origin: int
    target: int
    bonus_space: int
    extra: int
    joao: bool
    resume: str
    fame: list[int]
    note_supply: list[int]
    display: list[int]
    stack: list[int]
    bag: list[int]
    discard: list[int]
    critics: list[bool]
    billboard_tiles: list[int]
    star_owner: list[int]
    star_tiles: list[int]
    billboard: list[int]
    removed: list[int]
    money: list[int]
    cubes_removed: list[int]
    critic: list[int]
    rising: list[int]
    market: list[list[int]]
    groups: list[list[int]]
    workers: list[list[int]]
    assistants: list[list[int]]
    musicians: list[list[int]]
    notes: list[list[int]]
    tables: list[list[list[int]]]
    bar: list[list[int]]
    fado_scored: list[list[int]]
    earned: list[list[int]]
    billboard_cubes: list[list[int]]

    def _num_players(self) -> int:
        return len(self.money)

    def _derive(self) -> None:
        self.board = board(self.content)

    def held_locations(self, player: int) -> set[int]:
        """The locations holding one of ``player``'s workers (HF-28; assistants never
        block, HF-137)."""
        return {location_of(space) for space in self.workers[player] if space >= 0}

    def occupant(self, space: int) -> tuple[int, bool, int] | None:
        """The piece on a board space: (owner, is an assistant, its index); None if
        the space is empty. (A restaurant's space is its owner's: never asked here.)"""
        for pieces, assistant in ((self.workers, False), (self.assistants, True)):
            for owner, spaces in enumerate(pieces):
                if space in spaces:
                    return owner, assistant, spaces.index(space)
        return None

    def open_tables(self, player: int) -> list[int]:
        """HF-16, HF-101: the uncovered tables that hold nobody (HF-54, HF-59)."""
        tables = self.tables[player]
        return [
            t for t in uncovered_tables(self.content, self.cubes_removed[player])
            if not tables[t] and self.critic[player] != t
        ]  # fmt: skip

    def musician_fame(self, tile: int) -> int:
        """A tile's fame: its die, 1 for a tile that has none yet (HF-37, Q18)."""
        return self.fame[tile] or 1

    def power(self, tile: int) -> str | None:
        """A promo tile's power (HF-47), None for a printed tile."""
        printed = len(self.content.musicians)
        return self.content.promos[tile - printed].power if tile >= printed else None

    def holds_power(self, player: int, power: str) -> bool:
        return any(tile != NONE and self.power(tile) == power for tile in self.musicians[player])

    def hire_price(self, tile: int, base: bool) -> int:
        """HF-38, HF-80: the fame cost, plus the type's printed cost when hired."""
        content = self.content
        price = content.fame.hire_cost[self.musician_fame(tile) - 1]
        return price + (content.types[self.board.type_of[tile]].base_cost if base else 0)

    def can_take(self, player: int, tile: int, base: bool) -> bool:
        """HF-39, HF-41, HF-82, HF-83, Q10: a tile ``player`` may hire or contract."""
        return (
            self.musician_fame(tile) < self.content.fame.max
            and self.musicians[player][self.board.type_of[tile]] == NONE
            and self.money[player] >= self.hire_price(tile, base)
        )

    def customers_held(self, player: int) -> list[int]:
        """The customers at ``player``'s tables and bar, counted by colour."""
        counts = [0] * COLOURS
        for seated in (*self.tables[player], self.bar[player]):
            for colour in seated:
                counts[colour] += 1
        return counts

    def stars(self, player: int) -> int:
        return sum(owner == player for owner in self.star_owner)

    def _type(self, kind: int) -> str:
        return self.content.types[kind].name

    def _customers(self, gray: int, black: int, brown: int, extra: int = 0) -> str:
        return customers(gray, black, brown, extra, tuple(self.content.customers.colours))

    def _take_note(self, player: int, note: int) -> None:
        if self.note_supply[note]:  # Q12
            self.note_supply[note] -= 1
            self.notes[player][note] += 1

    # -- what the parts of the rules ask of each other (each defined in its module) --
    @abstractmethod
    def _end_turn(self) -> bool:
        """Q21: the street refills (state.py)."""

    @abstractmethod
    def _after_kick(self) -> bool:
        """After the kick-out: HF-133's assistant, then the location's action (placing.py)."""

    @abstractmethod
    def _start_action(self) -> bool:
        """The action of the location this turn's worker took (locations.py)."""

    @abstractmethod
    def _close(self, player: int) -> bool:
        """The restaurant closes for ``player`` (closing.py)."""

    @abstractmethod
    def _six_step(self, player: int) -> bool:
        """HF-93, HF-94 (Q17): each musician that reached fame 6, in type order
        (closing.py)."""

    @abstractmethod
    def _critic_step(self, player: int) -> bool:
        """HF-96, HF-48, HF-49 (Q14, Q20) (closing.py)."""

    @abstractmethod
    def _gain_star(self, player: int, star: int) -> None:
        """``player`` takes ``star``; the third star ends the game (scoring.py)."""

    @abstractmethod
    def _remove_cubes(self, player: int, n: int) -> None:
        """``player`` removes up to ``n`` prestige cubes (scoring.py)."""
