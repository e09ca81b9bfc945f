"""House of Fado's turn up to a location's action (HF-22 to HF-35; the assistants of the
2-player variant, HF-133 to HF-139): where a worker may be placed or moved, the piece it
kicks out and where that piece goes, the kick-out space's bonus, and the assistant left on
the space the worker vacated. Mixed into ``HouseOfFadoState`` (state.py)."""

from __future__ import annotations

from functools import cache

from housebuilders.core import Action
from housebuilders.games.house_of_fado.actions import (
    ACTION_SPACES,
    BONUS_CUSTOMERS,
    BONUS_FAME,
    BONUS_MONEY,
    BONUS_NOTES,
    FROM_SUPPLY,
    GROUP_NAMES,
    LEAVE_RESTAURANT,
    LEAVES,
    LOCATION_OF,
    MOVES,
    NO_ASSISTANT,
    PLACES,
    RESTAURANT_SPACE,
    SPACES,
    BonusCustomer,
    BonusFame,
    BonusMoney,
    BonusNote,
    FreeKickout,
    KickTo,
    LeaveAssistant,
    Move,
    NoAssistant,
    NoBonus,
    Place,
    RemoveOwnAssistant,
    ReturnOwnAssistant,
    location_of,
    space_name,
)
from housebuilders.games.house_of_fado.base import HouseOfFadoBase
from housebuilders.games.house_of_fado.content import KickOut
from housebuilders.games.house_of_fado.deal import NONE, SUPPLY
from housebuilders.games.house_of_fado.phases import ASSISTANT, BONUS, KICK, OVERFLOW, OWN_ASSISTANT

KICKED = -2  # the kicked piece, between its action space and a kick-out space
LEAVE = {a.source: a for a in (*LEAVES, LEAVE_RESTAURANT)}
#: the options of the assistants variant's readings (docs/games/house-of-fado.md,
#: rulings 26 and 27)
RESTAURANT_ASSISTANT, OWN_ASSISTANT_BACK = "restaurant-assistant", "own-assistant-back"
#: each space as the log names it (a seat's restaurant is "their restaurant")
WHERE = tuple("their restaurant" if s == RESTAURANT_SPACE else space_name(s) for s in range(SPACES))


@cache
def _open_spaces(held: frozenset[int]) -> tuple[int, ...]:
    """The action spaces of the locations not in ``held``, in order (HF-28)."""
    return tuple(s for s in range(ACTION_SPACES) if LOCATION_OF[s] not in held)


class Placing(HouseOfFadoBase):
    """Placing, kick-outs and assistants, as methods of the state."""

    __slots__ = ()

    def placements(self, player: int) -> list[Action]:
        """HF-22 to HF-29: from supply while a worker is there, else a move."""
        spaces = _open_spaces(frozenset(self.held_locations(player)))
        workers = self.workers[player]
        if SUPPLY in workers:
            return [PLACES[s] for s in spaces]
        return [MOVES[origin, s] for origin in workers for s in spaces]

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

    # -- moves --------------------------------------------------------------------------
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
