"""Closing one's restaurant (HF-87 to HF-97): the income, the fame raised with the
customers held, the musicians that reach fame 6 (a star, or kept or removed), the
dismissals, the critic's prestige and its return to the street, and the customers sent
away. Mixed into ``HouseOfFadoState`` (state.py)."""

from __future__ import annotations

from housebuilders.core import Action
from housebuilders.core.log import plural
from housebuilders.games.house_of_fado.actions import (
    CRITIC_TO,
    GROUP_NAMES,
    RAISES,
    CriticTo,
    Dismiss,
    KeepSix,
    Raise,
    RemoveSix,
)
from housebuilders.games.house_of_fado.base import HouseOfFadoBase
from housebuilders.games.house_of_fado.content import COLOURS
from housebuilders.games.house_of_fado.deal import NONE
from housebuilders.games.house_of_fado.phases import CRITIC, DISMISS, RAISE, SIX
from housebuilders.games.house_of_fado.scoring import DISMISSALS, FAME_SIX


class Closing(HouseOfFadoBase):
    """Closing the restaurant, as methods of the state."""

    __slots__ = ()

    def raises(self, player: int) -> list[Action]:
        """HF-90 to HF-92, HF-50: each fame step the customers held can pay."""
        have = self.customers_held(player)
        fame = self.content.fame
        out: list[Action] = []
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

    # -- moves --------------------------------------------------------------------------
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
