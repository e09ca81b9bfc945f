"""House of Fado's four locations (HF-36 to HF-86): the musician market, the street, the
rehearsal room and the billboard; what a seat may do at each and what it does. Closing
one's own restaurant, the fifth, is closing.py. Mixed into ``HouseOfFadoState``
(state.py)."""

from __future__ import annotations

from functools import cache

from housebuilders.core import Action
from housebuilders.core.log import plural
from housebuilders.games.house_of_fado.actions import (
    BILLBOARD,
    CONTRACTS,
    CRITICS,
    DONE,
    GAINS,
    GROUP_NAMES,
    HIRES,
    LOCATION_OF,
    MARKET,
    PROMOTES,
    REHEARSAL,
    RESTAURANT,
    SCORES,
    SEATS,
    STREET,
    BringCritic,
    Contract,
    Done,
    GainNote,
    Hire,
    Promote,
    ScoreFado,
    Seat,
)
from housebuilders.games.house_of_fado.base import HouseOfFadoBase
from housebuilders.games.house_of_fado.content import COLOURS
from housebuilders.games.house_of_fado.deal import NONE
from housebuilders.games.house_of_fado.phases import (
    BILLBOARD as BILLBOARD_PHASE,
    DISMISS,
    MARKET as MARKET_PHASE,
    RAISE,
    REHEARSAL as REHEARSAL_PHASE,
    STREET as STREET_PHASE,
)
from housebuilders.games.house_of_fado.scoring import FADO_POINTS, FADO_STAR, PROMOTIONS
from housebuilders.games.house_of_fado.seen import shown_tiles


@cache
def _seatings(have: tuple[int, ...], most: int) -> tuple[tuple[int, int, int], ...]:
    """The customers of each colour that may go from a group holding ``have`` of each
    to a table of ``most`` seats: at least one, at most ``most``, in the order of the
    colours' counts."""
    return tuple(
        (a, b, c)
        for a in range(have[0] + 1) for b in range(have[1] + 1) for c in range(have[2] + 1)
        if 1 <= a + b + c <= most
    )  # fmt: skip


ACTION_PHASES = {MARKET: MARKET_PHASE, STREET: STREET_PHASE, REHEARSAL: REHEARSAL_PHASE,
                 BILLBOARD: BILLBOARD_PHASE}  # fmt: skip


class Locations(HouseOfFadoBase):
    """The four locations' actions, as methods of the state."""

    __slots__ = ()

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
        size = self.content.customers.group_size
        for g in self.board.between[self.target]:
            group = self.groups[g]
            have = tuple(group.count(c) for c in range(COLOURS))
            for t in tables:
                out += [SEATS[g, t, a, b, c] for a, b, c in _seatings(have, min(seats[t], size))]
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

    # -- moves --------------------------------------------------------------------------
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
