"""House of Fado's rules (shared/rules/house-of-fado.txt), the checklist's ids in
comments (shared/checklists/house-of-fado.md); the rulings for its open questions are
on docs/games/house-of-fado.md.

A turn: the active player places a worker (or moves one, HF-25), a piece on that
space is kicked out (its owner puts it on a kick-out space and may take the bonus),
in the 2-player variant an assistant may be left on the space the worker vacated,
then the location's action; at the end of the turn the street refills (Q21)."""

from __future__ import annotations

from typing import Any

from housebuilders.core import Action, Fields, GameState, Json, Rng, TieBreak
from housebuilders.core.content import per_content
from housebuilders.core.loading import parse
from housebuilders.core.log import plural
from housebuilders.core.rng import seed_state

from . import explain
from .actions import (
    ACTION_SPACES,
    BILLBOARD,
    BONUS_CUSTOMERS,
    BONUS_FAME,
    BONUS_MONEY,
    BONUS_NOTES,
    CONTRACTS,
    CRITIC_TO,
    CRITICS,
    DISMISSES,
    DONE,
    FREES,
    FROM_SUPPLY,
    GAINS,
    GROUP_NAMES,
    HIRES,
    KEEP_SIX,
    KICKS,
    LEAVE_RESTAURANT,
    LEAVES,
    LOCATION_OF,
    MARKET,
    MOVES,
    NO_ASSISTANT,
    NO_BONUS,
    PLACES,
    PROMOTES,
    RAISES,
    REHEARSAL,
    REMOVE_OWN,
    REMOVE_SIX,
    RESTAURANT,
    RESTAURANT_SPACE,
    RETURN_OWN,
    SCORES,
    SEATS,
    SPACES,
    STREET,
    BonusCustomer,
    BonusFame,
    BonusMoney,
    BonusNote,
    BringCritic,
    Contract,
    CriticTo,
    Dismiss,
    Done,
    FreeKickout,
    GainNote,
    Hire,
    KeepSix,
    KickTo,
    LeaveAssistant,
    Move,
    NoAssistant,
    NoBonus,
    Place,
    Promote,
    Raise,
    RemoveOwnAssistant,
    RemoveSix,
    ReturnOwnAssistant,
    ScoreFado,
    Seat,
    customers,
    location_of,
    space_name,
)
from .board import Board, board
from .checks import HouseOfFadoJson, check
from .content import COLOURS, DATA, EARNED, TYPES, HouseOfFadoContent, KickOut
from .phases import (
    ASKED,
    ASSISTANT,
    BILLBOARD as BILLBOARD_PHASE,
    BONUS,
    CRITIC,
    DISMISS,
    KICK,
    MARKET as MARKET_PHASE,
    OVER,
    OVERFLOW,
    OWN_ASSISTANT,
    PLACE,
    RAISE,
    REHEARSAL as REHEARSAL_PHASE,
    SECTIONS,
    SIX,
    STREET as STREET_PHASE,
)
from .deal import NONE, SUPPLY, setup, uncovered_tables

KICKED = -2  # the kicked piece, between its action space and a kick-out space
FADO_STAR, PRESTIGE_STAR = TYPES, TYPES + 1  # the stars after the three musician stars
FADO_POINTS, PROMOTIONS, DISMISSALS, FAME_SIX = range(len(EARNED))
ACTION_PHASES = {MARKET: MARKET_PHASE, STREET: STREET_PHASE, REHEARSAL: REHEARSAL_PHASE,
                 BILLBOARD: BILLBOARD_PHASE}  # fmt: skip
LEAVE = {a.source: a for a in (*LEAVES, LEAVE_RESTAURANT)}
#: the options of the assistants variant's readings (docs/games/house-of-fado.md,
#: rulings 26 and 27)
RESTAURANT_ASSISTANT, OWN_ASSISTANT_BACK = "restaurant-assistant", "own-assistant-back"
#: each space as the log names it (a seat's restaurant is "their restaurant")
WHERE = tuple("their restaurant" if s == RESTAURANT_SPACE else space_name(s) for s in range(SPACES))


class HouseOfFadoState(GameState):
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
    )
    __slots__ = FIELDS.names
    content: HouseOfFadoContent

    def _num_players(self) -> int:
        return len(self.money)

    @property
    def board(self) -> Board:
        return board(self.content)

    # == setup (HF-1 to HF-20) ==========================================================
    @classmethod
    def new(
        cls, players: int, seed: int, options: dict[str, Any], content: Any = None
    ) -> HouseOfFadoState:
        s = cls._begin(seed, options, content)
        t = setup(s.content, players, s.rng, promos=options["promos"],
                  assistants=options["assistants"])  # fmt: skip
        s.first = s.turn = s.decider = t.first
        s.phase, s.ending, s.origin, s.target, s.bonus_space = PLACE, False, NONE, NONE, NONE
        s.extra, s.joao, s.resume = 0, False, ""
        s.market, s.fame, s.note_supply = t.market, t.fame, t.note_supply
        s.display, s.stack, s.bag, s.discard = t.display, t.stack, t.bag, t.discard
        s.groups, s.critics, s.billboard_tiles = t.groups, t.critics, t.billboard_tiles
        s.star_owner, s.star_tiles = t.star_owner, [NONE] * TYPES
        s.billboard, s.billboard_cubes = [NONE] * TYPES, [[0] * players for _ in range(TYPES)]
        s.removed, s.rising = [], []
        s.money, s.workers, s.assistants = t.money, t.workers, t.assistants
        s.cubes_removed, s.musicians, s.notes = t.cubes_removed, t.musicians, t.notes
        s.tables = [[[] for _ in s.content.tables] for _ in range(players)]
        s.bar, s.critic, s.fado_scored = t.bar, t.critic, t.fado_scored
        s.earned = [[0] * len(EARNED) for _ in range(players)]
        return s

    # == queries ========================================================================
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def acting_players(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.decider,)

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

    def goals(self) -> dict[str, list[float]]:
        """The stars each seat holds and the fado tiles it scored (the tie-breaks)."""
        players = range(self.num_players)
        return {
            "stars": [float(self.stars(p)) for p in players],
            "fado tiles": [float(len(self.fado_scored[p])) for p in players],
        }

    # == legal actions ==================================================================
    def legal_actions(self, player: int) -> list[Action]:
        if player != self.decider or self.phase == OVER:
            return []
        phase = self.phase
        if phase == PLACE:
            return self.placements(player)
        if phase == KICK:
            return [KICKS[s - ACTION_SPACES] for s in self._free_kickouts()]
        if phase == BONUS:
            return [*self.bonuses(player), NO_BONUS]
        if phase == MARKET_PHASE:
            return [*self.hires(player), DONE]
        if phase == STREET_PHASE:
            return [*self.street_choices(player), DONE]
        if phase == REHEARSAL_PHASE:
            return [*self.rehearsal_choices(player), DONE]
        if phase == BILLBOARD_PHASE:
            return [*self.billboard_choices(player), DONE]
        if phase == RAISE:
            return [*self.raises(player), DONE]
        if phase == SIX:
            return [REMOVE_SIX[self.rising[0]], KEEP_SIX[self.rising[0]]]
        if phase == DISMISS:
            return [DISMISSES[t] for t in range(TYPES) if self.musicians[player][t] != NONE] + [
                DONE
            ]
        if phase == CRITIC:
            return [CRITIC_TO[g] for g, critic in enumerate(self.critics) if not critic]
        if phase == ASSISTANT:
            return self.assistant_sources(player)
        if phase == OWN_ASSISTANT:  # HF-136
            return [REMOVE_OWN, RETURN_OWN] if self.may_return_own() else [REMOVE_OWN]
        return [FREES[s - ACTION_SPACES] for s in self.freeable()]  # OVERFLOW

    def placements(self, player: int) -> list[Action]:
        """HF-22 to HF-29: from supply while a worker is there, else a move."""
        held = self.held_locations(player)
        workers = self.workers[player]
        if SUPPLY in workers:
            return [PLACES[s] for s in range(ACTION_SPACES) if LOCATION_OF[s] not in held]
        return [
            MOVES[origin, s] for origin in workers for s in range(ACTION_SPACES)
            if LOCATION_OF[s] not in held
        ]  # fmt: skip

    def may_hold_assistant(self, space: int) -> bool:
        """HF-133, Q26: an action space (not a kick-out space) may hold an assistant
        left there; a restaurant's too, unless the option restaurant-assistant is off."""
        if space == RESTAURANT_SPACE:
            return bool(self.setup["options"][RESTAURANT_ASSISTANT])
        return 0 <= space < ACTION_SPACES

    def may_return_own(self) -> bool:
        """HF-136, ruling 27: may the assistant this turn's worker kicked out, its
        owner's own, move to the space the worker came from? Not from the supply (no
        space); from a kick-out space by the option own-assistant-back ("any-space");
        to a restaurant's action space as ruling 26 allows."""
        origin = self.origin
        if origin == SUPPLY:
            return False
        if origin >= ACTION_SPACES:
            return bool(self.setup["options"][OWN_ASSISTANT_BACK] == "any-space")
        return self.may_hold_assistant(origin)

    def _assistant_on(self, player: int, space: int) -> int | None:
        """The index of ``player``'s assistant on ``space``, None if none there."""
        spaces = self.assistants[player]
        return spaces.index(space) if space in spaces else None

    def _free_kickouts(self) -> list[int]:
        spaces = self.board.kickout_spaces[LOCATION_OF[self.target]]
        return [s for s in spaces if self.occupant(s) is None]

    def freeable(self) -> list[int]:
        """HF-138, HF-139: the kicker's assistants on the location's kick-out spaces,
        or if he has none there, the opponents'; never a worker."""
        spaces = self.board.kickout_spaces[LOCATION_OF[self.target]]
        found = [(s, self.occupant(s)) for s in spaces]
        assistants = [(s, o[0]) for s, o in found if o is not None and o[1]]
        own = [s for s, owner in assistants if owner == self.turn]
        return own or [s for s, _ in assistants]

    def kickout_bonus(self) -> KickOut:
        space = self.bonus_space
        location = location_of(space)
        return self.board.kickouts[location][self.board.kickout_spaces[location].index(space)]

    def bonuses(self, player: int) -> list[Action]:
        """HF-34, HF-42 to HF-46, HF-60 to HF-62, HF-70, HF-71, HF-84 to HF-86: the
        bonus of the kick-out space the piece went to, if it can be taken."""
        kick, money = self.kickout_bonus(), self.money[player]
        if money < kick.price:  # Q10: a price is paid in full
            return []
        if kick.bonus == "money":
            return [BONUS_MONEY]
        if kick.bonus == "note":
            return [BONUS_NOTES[n] for n, left in enumerate(self.note_supply) if left]  # Q12
        if kick.bonus == "customer":
            if len(self.bar[player]) >= self.content.bar_seats:  # HF-45
                return []
            return [BONUS_CUSTOMERS[g, c] for g in kick.groups for c in sorted(set(self.groups[g]))]
        costs = self.content.fame.rehearsal_cost  # "fame": HF-71
        return [
            BONUS_FAME[t] for t, tile in enumerate(self.musicians[player])
            if tile != NONE and self.fame[tile] < self.content.fame.max
            and money >= costs[self.fame[tile] - 1]
        ]  # fmt: skip

    def assistant_sources(self, player: int) -> list[Action]:
        """HF-133, HF-134: an assistant from supply or any space, or none."""
        spaces = self.assistants[player]
        out = [LEAVE[FROM_SUPPLY]] if SUPPLY in spaces else []
        out += [LEAVE[s] for s in sorted(set(spaces)) if s >= 0]
        return [*out, NO_ASSISTANT]

    def hires(self, player: int) -> list[Action]:
        """HF-36 to HF-41: a tile of either type beside the space."""
        return [
            HIRES[tile] for t in self.board.between[self.target] for tile in self.market[t]
            if self.can_take(player, tile, base=True)
        ]  # fmt: skip

    def street_choices(self, player: int) -> list[Action]:
        """HF-52 to HF-59: customers of one group to one empty table, or a critic."""
        tables = self.open_tables(player)
        seats = self.content.tables
        out: list[Action] = []
        for g in self.board.between[self.target]:
            group = self.groups[g]
            have = [group.count(c) for c in range(COLOURS)]
            for t in tables:
                most = min(seats[t], self.content.customers.group_size)
                out += [
                    SEATS[g, t, a, b, c]
                    for a in range(have[0] + 1) for b in range(have[1] + 1)
                    for c in range(have[2] + 1) if 1 <= a + b + c <= most
                ]  # fmt: skip
        critic_cost = self.content.critic_cost[self.cubes_removed[player]]
        if self.critic[player] == NONE and self.money[player] >= critic_cost:
            out += [
                CRITICS[g, t] for g in self.board.between[self.target] if self.critics[g]
                for t in tables
            ]  # fmt: skip
        return out

    def rehearsal_choices(self, player: int) -> list[Action]:
        """HF-63 to HF-69: a display tile whose notes one holds, or a note."""
        notes, out = self.notes[player], []
        for slot, tile in enumerate(self.display):
            if tile != NONE and self._has_notes(notes, self.content.fado[tile].notes):
                out.append(SCORES[slot])
        return out + [GAINS[n] for n, left in enumerate(self.note_supply) if left]

    def _has_notes(self, held: list[int], wanted: list[str]) -> bool:
        names = self.content.notes
        return all(held[names.index(n)] >= wanted.count(n) for n in set(wanted))

    def billboard_choices(self, player: int) -> list[Action]:
        """HF-72 to HF-83: promote a musician of a type above the space, or contract a
        market tile of one of those types."""
        out: list[Action] = []
        pair = self.board.between[self.target]
        if self.cubes_removed[player] < self.content.prestige_cubes:  # HF-78
            for t in pair:
                tile = self.musicians[player][t]
                shown = self.billboard[t]
                if (
                    tile != NONE
                    and self.fame[tile] >= 2
                    and (  # HF-74, HF-75
                        shown == NONE or self.fame[tile] > self.fame[shown]
                    )
                ):
                    out.append(PROMOTES[t])
        out += [
            CONTRACTS[tile] for t in pair for tile in self.market[t]
            if self.can_take(player, tile, base=False)
        ]  # fmt: skip
        return out

    def raises(self, player: int) -> list[Action]:
        """HF-90 to HF-92, HF-50: each fame step the customers held can pay."""
        have = self.customers_held(player)
        fame, out = self.content.fame, []
        for t, tile in enumerate(self.musicians[player]):
            if tile == NONE or self.fame[tile] >= fame.max:
                continue
            need = fame.customers[self.fame[tile] - 1]
            out += [
                RAISES[key] for key in self.board.raises[t].get(need, ())
                if key[1] <= have[0] and key[2] <= have[1] and key[3] <= have[2]
                and key[4] <= self.extra
            ]  # fmt: skip
        return out

    # == moves ==========================================================================
    def _apply(self, player: int, action: Action) -> bool:
        handler = _HANDLERS[type(action)]
        return handler(self, player, action)

    # -- placing and moving (HF-22 to HF-33, HF-133 to HF-139) -------------------------
    def _place(self, player: int, action: Place | Move) -> bool:
        workers = self.workers[player]
        if isinstance(action, Move):
            self.origin, worker = action.origin, workers.index(action.origin)
        else:
            self.origin, worker = SUPPLY, workers.index(SUPPLY)
        self.target = space = action.space
        if isinstance(action, Move):
            self.log.append(
                f"player {player} moves a worker from {WHERE[action.origin]} to {WHERE[space]}"
            )
        else:
            self.log.append(f"player {player} places a worker on {WHERE[space]}")
        if space == RESTAURANT_SPACE:  # your own: only your assistant can be there (Q26)
            index = self._assistant_on(player, space)
            found = None if index is None else (player, True, index)
        else:
            found = self.occupant(space)
        workers[worker] = space
        if found is None:
            return self._after_kick()
        owner, assistant, index = found
        (self.assistants if assistant else self.workers)[owner][index] = KICKED
        if assistant and owner == player:  # HF-136
            self.phase = OWN_ASSISTANT
            return False
        return self._kick(owner)

    def _kick(self, owner: int) -> bool:
        """HF-31, HF-135: the owner puts the kicked piece on a free kick-out space;
        with none free (assistants only), the kicker frees one first (HF-138)."""
        free = self._free_kickouts()
        if not free:
            self.phase = OVERFLOW
            return False
        self.decider = owner
        if len(free) > 1:
            self.phase = KICK
            return False
        return self._kicked_to(owner, free[0])

    def _kicked_to(self, owner: int, space: int) -> bool:
        worker = KICKED in self.workers[owner]
        pieces = self.workers[owner] if worker else self.assistants[owner]
        pieces[pieces.index(KICKED)] = space
        piece = "worker" if worker else "assistant"
        self.log.append(f"player {owner}'s {piece} is kicked out to {WHERE[space]}")
        self.bonus_space = space
        if self.bonuses(owner):  # HF-32: the bonus is optional
            self.phase = BONUS
            return False
        return self._after_kick()

    def _kick_to(self, player: int, action: KickTo) -> bool:
        return self._kicked_to(player, action.space)

    def _free(self, player: int, action: FreeKickout) -> bool:
        owner, _, index = self.occupant(action.space)  # type: ignore[misc]
        self.assistants[owner][index] = SUPPLY
        self.log.append(
            f"player {player} returns player {owner}'s assistant on "
            f"{WHERE[action.space]} to its owner's supply"
        )
        kicked = next(p for p in range(self.num_players)
                      if KICKED in self.workers[p] or KICKED in self.assistants[p])  # fmt: skip
        return self._kick(kicked)

    def _own_assistant(self, player: int, action: RemoveOwnAssistant | ReturnOwnAssistant) -> bool:
        assistants = self.assistants[player]
        back = isinstance(action, ReturnOwnAssistant)
        assistants[assistants.index(KICKED)] = self.origin if back else SUPPLY
        done = f"moves it to {WHERE[self.origin]}" if back else "takes it off the board"
        self.log.append(f"player {player} kicks out their own assistant and {done}")
        return self._after_kick()

    def _after_kick(self) -> bool:
        """After the kick-out: HF-133's assistant, then the location's action."""
        self.decider, self.phase = self.turn, ASSISTANT
        origin, player = self.origin, self.turn
        if origin == RESTAURANT_SPACE:  # the mover's own: only his assistant may be there
            vacant = self._assistant_on(player, origin) is None
        else:  # empty unless his kicked assistant just moved back there (HF-136)
            vacant = origin >= 0 and self.occupant(origin) is None
        if self.assistants[player] and vacant and self.may_hold_assistant(origin):
            return False
        return self._start_action()

    def _leave(self, player: int, action: LeaveAssistant | NoAssistant) -> bool:
        if isinstance(action, LeaveAssistant):
            assistants = self.assistants[player]
            source = SUPPLY if action.source == FROM_SUPPLY else action.source
            assistants[assistants.index(source)] = self.origin
            self.log.append(f"player {player} leaves an assistant on {WHERE[self.origin]}")
        return self._start_action()

    # -- kick-out bonuses (HF-32, HF-34) ------------------------------------------------
    def _bonus(self, player: int, action: Action) -> bool:
        kick = self.kickout_bonus()
        self.money[player] -= kick.price
        paid = f" for {kick.price} money" if kick.price else ""
        if isinstance(action, BonusMoney):
            self.money[player] += kick.gain
            self.log.append(f"player {player} takes {kick.gain} money from the kick-out space")
        elif isinstance(action, BonusNote):
            self._take_note(player, action.note)
            self.log.append(
                f"player {player} takes a {self.content.notes[action.note]} note tile{paid}"
            )
        elif isinstance(action, BonusCustomer):
            self.groups[action.group].remove(action.colour)
            self.bar[player].append(action.colour)
            colour = self.content.customers.colours[action.colour]
            self.log.append(
                f"player {player} takes a {colour} customer from the "
                f"{GROUP_NAMES[action.group]} group to their bar{paid}"
            )
        else:
            assert isinstance(action, BonusFame)  # HF-71, Q17
            tile = self.musicians[player][action.type]
            cost = self.content.fame.rehearsal_cost[self.fame[tile] - 1]
            self.money[player] -= cost
            self.fame[tile] += 1
            self.log.append(
                f"player {player} pays {kick.price + cost} money to raise their "
                f"{self._type(action.type)} to fame {self.fame[tile]}"
            )
            if self.fame[tile] == self.content.fame.max:
                self.rising, self.resume = [action.type], "kick"
                return self._six_step(player)
        return self._after_kick()

    def _no_bonus(self, player: int, action: NoBonus) -> bool:
        return self._after_kick()

    # -- the locations (HF-36 to HF-86) ------------------------------------------------
    def _start_action(self) -> bool:
        location = LOCATION_OF[self.target]
        if location == RESTAURANT:
            return self._close(self.turn)
        return self._offer(ACTION_PHASES[location])

    def _offer(self, phase: str) -> bool:
        """Ask the active player for ``phase``'s action, or end the turn if nothing
        but ending it is left to do (Q6)."""
        self.phase, self.decider = phase, self.turn
        if self.legal_actions(self.turn) == [DONE]:
            return self._end_turn()
        return False

    def _take_tile(self, player: int, tile: int, base: bool) -> None:
        """HF-37 to HF-41, HF-47, HF-51, HF-80, HF-81 (Q11 to Q13)."""
        kind = self.board.type_of[tile]
        price = self.hire_price(tile, base)
        self.money[player] -= price
        self.fame[tile] = self.musician_fame(tile)
        verb = "hires" if base else "contracts"
        self.log.append(
            f"player {player} {verb} {shown_tiles(self.content)[tile]['name']} "
            f"({self._type(kind)}, fame {self.fame[tile]}) for {price} money"
        )
        self.market[kind].remove(tile)
        self.musicians[player][kind] = tile
        printed = len(self.content.musicians)
        if tile < printed:
            self._take_note(player, self.content.notes.index(self.content.musicians[tile].note))
        elif self.power(tile) == "money-on-hire":
            self.money[player] += self.content.promos[tile - printed].amount

    def _take_note(self, player: int, note: int) -> None:
        if self.note_supply[note]:  # Q12
            self.note_supply[note] -= 1
            self.notes[player][note] += 1

    def _hire(self, player: int, action: Hire) -> bool:
        self._take_tile(player, action.tile, base=True)
        return self._offer(MARKET_PHASE)

    def _seat(self, player: int, action: Seat) -> bool:
        group = self.groups[action.group]
        chosen = [0] * action.gray + [1] * action.black + [2] * action.brown
        for colour in chosen:
            group.remove(colour)
        self.tables[player][action.table] = chosen
        who = self._customers(action.gray, action.black, action.brown)
        self.log.append(
            f"player {player} brings {who} of the {GROUP_NAMES[action.group]} "
            f"group to their {self.content.tables[action.table]}-seat table"
        )
        return self._end_turn()

    def _bring_critic(self, player: int, action: BringCritic) -> bool:
        cost = self.content.critic_cost[self.cubes_removed[player]]
        self.money[player] -= cost  # HF-56
        self.critics[action.group] = False
        self.critic[player] = action.table
        self.log.append(
            f"player {player} pays {cost} money to bring the critic of the "
            f"{GROUP_NAMES[action.group]} group to their "
            f"{self.content.tables[action.table]}-seat table"
        )
        return self._end_turn()

    def _score_fado(self, player: int, action: ScoreFado) -> bool:
        """HF-64 to HF-68, Q16."""
        tile = self.display[action.slot]
        names = self.content.notes
        for note in self.content.fado[tile].notes:
            n = names.index(note)
            self.notes[player][n] -= 1
            self.note_supply[n] += 1
        self.fado_scored[player].append(tile)
        self.earned[player][FADO_POINTS] += self.content.fado[tile].points
        fado = self.content.fado[tile]
        self.log.append(
            f"player {player} scores the fado tile {', '.join(fado.notes)} for "
            f"{plural(fado.points, 'point')}"
        )
        self.display[action.slot] = self.stack.pop(0) if self.stack else NONE
        if (
            len(self.fado_scored[player]) >= self.content.fado_star_tiles
            and self.star_owner[FADO_STAR] == NONE
        ):
            self._gain_star(player, FADO_STAR)
        revealed = bool(self.stack)  # the next tile is turned up
        return self._end_turn() or revealed

    def _gain_note(self, player: int, action: GainNote) -> bool:
        self._take_note(player, action.note)
        self.log.append(f"player {player} gains a {self.content.notes[action.note]} note tile")
        return self._end_turn()

    def _promote(self, player: int, action: Promote) -> bool:
        """HF-73 to HF-79."""
        t = action.type
        tile = self.musicians[player][t]
        if self.billboard[t] != NONE:
            self.market[t].append(self.billboard[t])  # HF-76: with its fame
        self.billboard[t], self.musicians[player][t] = tile, NONE
        self.billboard_cubes[t][player] += 1
        self.earned[player][PROMOTIONS] += self.fame[tile]
        self.log.append(
            f"player {player} promotes their {self._type(t)} (fame {self.fame[tile]})"
            f" to the billboard for {self.fame[tile]} points"
        )
        self._remove_cubes(player, 1)
        return self._end_turn()

    def _contract(self, player: int, action: Contract) -> bool:
        self._take_tile(player, action.tile, base=False)
        return self._end_turn()

    def _done(self, player: int, action: Done) -> bool:
        if self.phase == RAISE:
            self.extra = 0
            return self._six_step(player)
        if self.phase == DISMISS:
            return self._critic_step(player)
        return self._end_turn()

    # -- closing the restaurant (HF-87 to HF-97) ---------------------------------------
    def _close(self, player: int) -> bool:
        seated = sum(len(t) for t in self.tables[player])
        income = seated * self.content.income[self.cubes_removed[player]]
        self.money[player] += income  # HF-88
        self.log.append(
            f"player {player} closes their restaurant: {income} money for "
            f"{plural(seated, 'seated customer')}"
        )
        self.joao = self.holds_power(player, "extra-cube")  # Q14
        self.extra = next((p.amount for p in self.content.promos if p.power == "extra-customers"
                           and self.holds_power(player, p.power)), 0)  # fmt: skip
        self.rising = []
        return self._raise_step(player)

    def _raise_step(self, player: int) -> bool:
        self.phase = RAISE
        if self.raises(player):
            return False
        self.extra = 0
        return self._six_step(player)

    def _raise(self, player: int, action: Raise) -> bool:
        spend = [action.gray, action.black, action.brown]
        for place in (*range(len(self.tables[player])), None):
            seated = list(self.bar[player] if place is None else self.tables[player][place])
            for colour in range(COLOURS):
                while spend[colour] and colour in seated:
                    seated.remove(colour)
                    spend[colour] -= 1
                    self.discard.append(colour)
            if place is None:
                self.bar[player] = seated
            else:
                self.tables[player][place] = seated
        self.extra -= action.extra
        tile = self.musicians[player][action.type]
        self.fame[tile] += 1
        who = self._customers(action.gray, action.black, action.brown, action.extra)
        self.log.append(
            f"player {player} spends {who} to raise their {self._type(action.type)} "
            f"to fame {self.fame[tile]}"
        )
        if self.fame[tile] == self.content.fame.max:
            self.rising.append(action.type)
        return self._raise_step(player)

    def _six_step(self, player: int) -> bool:
        """HF-93, HF-94 (Q17): each musician that reached fame 6, in type order."""
        self.decider = player
        while self.rising:
            t = self.rising[0]
            if self.star_owner[t] != NONE:
                self.phase = SIX
                return False
            self.star_tiles[t], self.musicians[player][t] = self.musicians[player][t], NONE
            self.earned[player][FAME_SIX] += 6
            self.rising.pop(0)
            self._gain_star(player, t)
        if self.resume == "kick":
            self.resume = ""
            return self._after_kick()
        return self._dismiss_step(player)

    def _six(self, player: int, action: RemoveSix | KeepSix) -> bool:
        self.rising.pop(0)
        kind = self._type(action.type)
        if isinstance(action, RemoveSix):
            self.removed.append(self.musicians[player][action.type])
            self.musicians[player][action.type] = NONE
            self.earned[player][FAME_SIX] += 6
            self.log.append(
                f"player {player} removes their fame 6 {kind} from the game for 6 points"
            )
        else:
            self.log.append(f"player {player} keeps their fame 6 {kind}")
        return self._six_step(player)

    def _dismiss_step(self, player: int) -> bool:
        self.phase = DISMISS
        if any(tile != NONE for tile in self.musicians[player]):
            return False
        return self._critic_step(player)

    def _dismiss(self, player: int, action: Dismiss) -> bool:
        """HF-95: back to its market column with its fame, for its fame in points."""
        tile = self.musicians[player][action.type]
        self.market[action.type].append(tile)
        self.musicians[player][action.type] = NONE
        self.earned[player][DISMISSALS] += self.fame[tile]
        self.log.append(
            f"player {player} dismisses their {self._type(action.type)} for "
            f"{plural(self.fame[tile], 'point')}"
        )
        return self._dismiss_step(player)

    def _critic_step(self, player: int) -> bool:
        """HF-96, HF-48, HF-49 (Q14, Q20)."""
        if self.critic[player] == NONE:
            return self._clear(player)
        joao = next(p.amount for p in self.content.promos if p.power == "extra-cube")
        self._remove_cubes(player, self.content.critic_cubes + (joao if self.joao else 0))
        free = [g for g, critic in enumerate(self.critics) if not critic]
        if len(free) > 1:
            self.phase = CRITIC
            return False
        return self._critic_to(player, CRITIC_TO[free[0]])

    def _critic_to(self, player: int, action: CriticTo) -> bool:
        self.critics[action.group], self.critic[player] = True, NONE
        self.log.append(
            f"player {player}'s critic goes back to the {GROUP_NAMES[action.group]} group"
        )
        return self._clear(player)

    def _clear(self, player: int) -> bool:
        """HF-97: every customer to the discard pile."""
        for seated in self.tables[player]:
            self.discard += seated
        self.discard += self.bar[player]
        self.tables[player] = [[] for _ in self.tables[player]]
        self.bar[player] = []
        self.joao, self.extra = False, 0
        return self._end_turn()

    # -- the prestige track and the stars (HF-98 to HF-103, HF-117 to HF-121) ----------
    def _remove_cubes(self, player: int, n: int) -> None:
        cubes = self.content.prestige_cubes
        n = min(n, cubes - self.cubes_removed[player])
        self.cubes_removed[player] += n
        if n and self.cubes_removed[player] == cubes and self.star_owner[PRESTIGE_STAR] == NONE:
            self._gain_star(player, PRESTIGE_STAR)  # HF-102

    def _gain_star(self, player: int, star: int) -> None:
        self.star_owner[star] = player
        name = self._type(star) if star < TYPES else "fado" if star == FADO_STAR else "prestige"
        self.log.append(f"player {player} gains the {name} star")
        if sum(owner != NONE for owner in self.star_owner) >= 3 and not self.ending:
            self.ending = True  # HF-119: the round is finished
            self.log.append("a third star is gained: the game ends with this round")

    def last_seat(self) -> int:
        """The seat before the first player: the round ends with its turn."""
        return (self.first - 1) % self.num_players

    def _end_turn(self) -> bool:
        """Q21: the street refills; then the next player, or the end (HF-119, HF-120)."""
        drew = self._refill()
        self.origin = self.target = self.bonus_space = NONE
        if self.ending and self.turn == self.last_seat():
            self.phase = OVER
            self.log.append("the game is over")
            return drew
        self.turn = self.decider = (self.turn + 1) % self.num_players
        self.phase = PLACE
        return drew

    def _refill(self) -> bool:
        """HF-106 to HF-108, Q22: groups with 0 or 1 customers, left to right."""
        customers, drew = self.content.customers, False
        for group in self.groups:
            if len(group) > customers.refill_at:
                continue
            while len(group) < customers.group_size:
                if not self.bag:
                    if not self.discard:
                        break
                    self.bag, self.discard = self.discard, []
                bag = self.bag
                i = self.rng.below(len(bag))
                bag[i], bag[-1] = bag[-1], bag[i]
                group.append(bag.pop())
                drew = True
        return drew

    # == the public log (every move is made in the open; the stack's order never shows) ==
    def _type(self, kind: int) -> str:
        return self.content.types[kind].name

    def _customers(self, gray: int, black: int, brown: int, extra: int = 0) -> str:
        return customers(gray, black, brown, extra, tuple(self.content.customers.colours))

    # == scoring (HF-122 to HF-131) =====================================================
    def billboard_points(self, player: int) -> int:
        """HF-124 to HF-126 (Q24): each type's majorities, ties sharing their places."""
        content, total = self.content, 0
        for t in range(TYPES):
            cubes = self.billboard_cubes[t]
            mine = cubes[player]
            if not mine:
                continue
            place = tied = 0  # the seats with more cubes; the seats with as many
            for c in cubes:
                if c > mine:
                    place += 1
                elif c == mine:
                    tied += 1
            tile = content.billboard[self.billboard_tiles[t]]
            values = tile.two if self.num_players == 2 else tile.many
            total += sum(values[place : place + tied]) // tied
        return total

    def breakdown(self, player: int) -> dict[str, int]:
        content = self.content
        musicians = sum(self.fame[t] for t in self.musicians[player] if t != NONE)
        fado = content.fado_set_points
        points = dict(zip(EARNED, self.earned[player], strict=True))
        points |= {
            "musicians": musicians,  # HF-122
            "stars": content.star_points[self.stars(player)],  # HF-123, Q23
            "billboard": self.billboard_points(player),
            "fado_set": fado[min(len(self.fado_scored[player]), len(fado) - 1)],  # HF-127
            "money": self.money[player] // content.money_per_point,  # HF-128
        }
        return points

    def scores(self) -> list[Json]:
        out = []
        for player in range(self.num_players):
            points = self.breakdown(player)
            out.append({"total": sum(points.values()), "breakdown": points})
        return out

    def tie_breaks(self) -> list[TieBreak]:
        """HF-130, HF-131 (``ranking``: points, then these; still tied, shared): "the
        player with the most stars wins. If still tied, the player who scored the most
        fado tiles wins. If still tied, the player with the most money" wins."""
        players = range(self.num_players)
        return [
            TieBreak("the most stars", [self.stars(p) for p in players]),
            TieBreak("the most fado tiles scored", [len(self.fado_scored[p]) for p in players]),
            TieBreak("the most money", [self.money[p] for p in players]),
        ]

    # == what a seat sees (HF-4, HF-7, HF-104) =========================================
    def is_public(self, index: int) -> bool:
        return True  # every move is made in the open

    def tile_json(self, tile: int) -> Json | None:
        if tile == NONE:
            return None
        return {"id": tile, "type": self.board.type_of[tile], "fame": self.fame[tile],
                **shown_tiles(self.content)[tile]}  # fmt: skip

    def fado_json(self, tile: int) -> Json | None:
        if tile == NONE:
            return None
        fado = self.content.fado[tile]
        return {"id": tile, "notes": list(fado.notes), "points": fado.points}

    def _pieces(self) -> dict[int, Json]:
        """Each occupied board space's piece, as ``occupant`` finds it."""
        pieces: dict[int, Json] = {}
        for kinds, assistant in ((self.workers, False), (self.assistants, True)):
            for owner, spaces in enumerate(kinds):
                for space in spaces:
                    pieces.setdefault(space, {"seat": owner, "assistant": assistant})
        return pieces

    def observe(self, player: int | None) -> Json:
        content, b = self.content, self.board
        pieces = self._pieces()
        colours = content.customers.colours
        names = content.notes
        over = self.is_terminal()

        def counted(items: list[int]) -> list[int]:
            return [items.count(c) for c in range(COLOURS)]

        seats, scores = [], self.scores()
        for p in range(self.num_players):
            seats.append({
                "money": self.money[p],
                "workers": self.workers[p][:],
                "assistants": self.assistants[p][:],
                "cubes_removed": self.cubes_removed[p],
                "income": content.income[self.cubes_removed[p]],
                "critic_cost": content.critic_cost[self.cubes_removed[p]],
                "open_tables": uncovered_tables(content, self.cubes_removed[p]),
                "musicians": [self.tile_json(t) for t in self.musicians[p]],
                "notes": self.notes[p][:],
                "tables": [[colours[c] for c in seated] for seated in self.tables[p]],
                "bar": [colours[c] for c in self.bar[p]],
                "critic": self.critic[p],
                "fado": [self.fado_json(t) for t in self.fado_scored[p]],
                "stars": self.stars(p),
                "earned": dict(zip(EARNED, self.earned[p], strict=True)),
                "score": scores[p],
            })  # fmt: skip
        kickouts = [
            [{"space": s, **k, "groups": k["groups"][:], "piece": pieces.get(s)}
             for s, k in zip(spaces, bonuses, strict=True)]
            for spaces, bonuses in zip(b.kickout_spaces, shown_kickouts(content), strict=True)
        ]  # fmt: skip
        return {
            "game": self.spec.id, "you": player, "phase": self.phase, "over": over,
            "first": self.first, "turn": self.turn, "acting": list(self.acting_players()),
            "ending": self.ending, "origin": self.origin, "target": self.target,
            "players": seats,
            "notes": list(names), "colours": list(colours),
            "types": [{"name": t.name, "base_cost": t.base_cost, "colours": list(t.colours)}
                      for t in content.types],
            "fame_costs": {"hire": list(content.fame.hire_cost),
                           "customers": list(content.fame.customers),
                           "rehearsal": list(content.fame.rehearsal_cost)},
            "tables": list(content.tables), "bar_seats": content.bar_seats,
            "between": [list(pair) for pair in b.between],
            "spaces": [pieces.get(s) if s != RESTAURANT_SPACE else None
                       for s in range(ACTION_SPACES)],
            "kickouts": kickouts,
            "market": [[self.tile_json(t) for t in tiles] for tiles in self.market],
            "note_supply": self.note_supply[:],
            "display": [self.fado_json(t) for t in self.display],
            "stack_top": self.fado_json(self.stack[0]) if self.stack else None,
            "stack": len(self.stack),
            "bag": counted(self.bag), "discard": counted(self.discard),
            "groups": [{"customers": [colours[c] for c in sorted(g)], "critic": critic}
                       for g, critic in zip(self.groups, self.critics, strict=True)],
            "billboard": [{
                "tile": self.tile_json(self.billboard[t]),
                "cubes": self.billboard_cubes[t][:],
                "scoring": list(content.billboard[self.billboard_tiles[t]].two
                                if self.num_players == 2
                                else content.billboard[self.billboard_tiles[t]].many),
            } for t in range(TYPES)],
            "stars": [{"owner": owner, "tile": self.tile_json(self.star_tiles[s])
                       if s < TYPES else None} for s, owner in enumerate(self.star_owner)],
            "extra": self.extra,
            "rising": self.rising[:],
        }  # fmt: skip

    # == refusals =======================================================================
    def _phase_section(self) -> str:
        return SECTIONS[self.phase]

    def asked(self, player: int) -> str:
        if self.phase == PLACE and SUPPLY not in self.workers[player]:  # HF-25
            return "you are asked to move one of your workers to another location's action space"
        return f"you are asked to {ASKED[self.phase]}"

    def describe(self, action: Action) -> str:
        return explain.describe(self, action)

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        return explain.illegal(self, player, action)

    # == copies and hidden information =================================================
    def determinize(self, player: int, seed: int) -> HouseOfFadoState:
        """HF-7, HF-104: the fado stack below its face-up top and every future draw
        from the bag (a new generator); everything else is on the table."""
        s = self.clone()
        s.rng = Rng(seed_state(seed))
        hidden = s.stack[1:]
        s.rng.deal(hidden)
        s.stack[1:] = hidden
        return s

    # == saved state ====================================================================
    @classmethod
    def from_json(cls, d: Json) -> HouseOfFadoState:
        parse(HouseOfFadoJson, d)
        s = cls._restore(d, len(d["money"]), field="money")
        s._load_fields(d)
        check(s)
        return s


_HANDLERS = {
    Place: HouseOfFadoState._place,
    Move: HouseOfFadoState._place,
    KickTo: HouseOfFadoState._kick_to,
    FreeKickout: HouseOfFadoState._free,
    RemoveOwnAssistant: HouseOfFadoState._own_assistant,
    ReturnOwnAssistant: HouseOfFadoState._own_assistant,
    LeaveAssistant: HouseOfFadoState._leave,
    NoAssistant: HouseOfFadoState._leave,
    BonusMoney: HouseOfFadoState._bonus,
    BonusNote: HouseOfFadoState._bonus,
    BonusCustomer: HouseOfFadoState._bonus,
    BonusFame: HouseOfFadoState._bonus,
    NoBonus: HouseOfFadoState._no_bonus,
    Hire: HouseOfFadoState._hire,
    Seat: HouseOfFadoState._seat,
    BringCritic: HouseOfFadoState._bring_critic,
    ScoreFado: HouseOfFadoState._score_fado,
    GainNote: HouseOfFadoState._gain_note,
    Promote: HouseOfFadoState._promote,
    Contract: HouseOfFadoState._contract,
    Done: HouseOfFadoState._done,
    Raise: HouseOfFadoState._raise,
    RemoveSix: HouseOfFadoState._six,
    KeepSix: HouseOfFadoState._six,
    Dismiss: HouseOfFadoState._dismiss,
    CriticTo: HouseOfFadoState._critic_to,
}


@per_content
def shown_tiles(content: HouseOfFadoContent) -> tuple[Json, ...]:
    """What an observation shows of each musician tile, by id, beside its type and
    fame (made once; ``tile_json`` copies it)."""
    printed = [{"name": m.name, "note": m.note, "power": None} for m in content.musicians]
    promos = [{"name": p.name, "note": None, "power": p.power} for p in content.promos]
    return (*printed, *promos)


@per_content
def shown_kickouts(content: HouseOfFadoContent) -> tuple[tuple[Json, ...], ...]:
    """Each board location's kick-out bonuses as an observation shows them (made once;
    an observation copies them)."""
    return tuple(tuple(k.model_dump() for k in bonuses) for bonuses in board(content).kickouts)
