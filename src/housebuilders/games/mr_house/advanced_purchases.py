"""Mr House, advanced variant: the purchases (the stores at their prices, the office's
choices, the work notice board's worker cards, the construction expo's privilege
cards, the player order track) and the privilege cards' special actions."""

from __future__ import annotations

from housebuilders.games.mr_house.actions import (
    MATERIAL_INDEX,
    MATERIALS,
    Buy,
    ChoosePrivilege,
    Hire,
    OfficeChoice,
    OnReceipt,
    StopHiring,
    UsePrivilege,
)
from housebuilders.games.mr_house.advanced_base import MrHouseAdvancedBase
from housebuilders.games.mr_house.options import (
    OFFICE as OFFICE_OPTION,
    OFFICE_HIGHEST_TWO,
    office_benefits,
)
from housebuilders.games.mr_house.params import (
    CONSTRUCTION_EXPO,
    OFFICE as OFFICE_KIND,
    PLAYER_ORDER,
    STORE,
    WORK_NOTICE_BOARD,
)
from housebuilders.games.mr_house.phases import (
    BUY_AT_STORE,
    EXPO_CHOICE,
    HIRING,
    MOVE,
    OFFICE_CHOICE,
    RECEIPT,
)


class AdvancedPurchases(MrHouseAdvancedBase):
    """Mixed into ``MrHouseAdvancedState``: how each location resolves in the
    purchases, and the privilege cards."""

    __slots__ = ()

    # == Purchases ==================================================================
    def _resolve_location(self, number: int) -> bool:
        kind = self.p.kinds[number]
        if kind == PLAYER_ORDER:
            self._player_order(number)
            return True
        if kind == CONSTRUCTION_EXPO:
            return self._expo(number)
        return super()._resolve_location(number)

    def _purchase(self, player: int, value: int) -> bool:
        kind = self.p.kinds[self.loc]
        if kind == STORE:
            if not self.supply[self.p.material_at[self.loc]]:
                return True
            self.await_ = BUY_AT_STORE
        elif kind == OFFICE_KIND:
            # Only some non-zero markers gain a benefit (ruling 10, the option office).
            if self.pos not in self.office_takers():
                return True
            self.await_ = OFFICE_CHOICE
        elif kind == WORK_NOTICE_BOARD:
            if not self.board_cards:
                return True
            self.await_, self.hired = HIRING, 0
        else:
            return True
        self.chooser = player
        return False

    def _player_order(self, number: int) -> None:
        """Non-zero markers in stack order take positions 1, 2, 3...; the other players
        keep their order behind them. The new order plays from the next turn (ruling 22)."""
        movers = [pl for pl, value, _ in self.stacks[number] if value]
        if movers:
            self.track = movers + [pl for pl in self.track if pl not in movers]
            self.log.append("player order track: " + ", ".join(f"player {pl}" for pl in self.track))

    def _marker_value(self) -> int:
        return self.stacks[self.loc][self.pos][1]

    def _buy(self, player: int, action: Buy) -> bool:
        material, count = MATERIAL_INDEX[action.material], action.count
        cost = count * self.prices[material]
        self.supply[material] -= count
        self.store[player][material] += count
        self.log.append(f"player {player} buys {count} {MATERIALS[material]} for {cost}")
        self._pay(player, cost)
        return self._next_marker()

    def _stop_hiring(self, player: int, action: StopHiring) -> bool:
        return self._next_marker()

    def _next_marker(self) -> bool:
        self.pos += 1
        self.await_ = MOVE
        return self._resolve_purchases()

    def office_takers(self, number: int | None = None) -> list[int]:
        """The positions in the office's turned-over stack of the markers that gain its
        benefit (ruling 10): by the option office, the first two non-zero markers in
        stack order, the two highest (equal values rank by the stack, as at the expo),
        or the first only. They choose in stack order: their choices do not interact.
        ``number``: the office's location (by default the one resolving now)."""
        stack = self.stacks[self.loc if number is None else number]
        markers = [i for i, (_, value, _) in enumerate(stack) if value]
        reading = self.setup["options"][OFFICE_OPTION.name]
        if reading == OFFICE_HIGHEST_TWO:
            markers.sort(key=lambda i: -stack[i][1])  # a stable sort: ties keep stack order
        return sorted(markers[: office_benefits(reading)])

    def _office_benefits(self, player: int) -> list[str]:
        out = [] if self.permit[player] else ["permit"]
        if self.quality[player] < self.p.quality_max:
            out.append("quality")
        out.append("money")
        return out

    def _office(self, player: int, action: OfficeChoice) -> bool:
        benefit = action.benefit
        if benefit == "permit":
            self.permit[player] = True
        elif benefit == "quality":
            self._raise_quality(player, 1)
        else:
            self.money[player] += self.p.office_money_per_marker * self._marker_value()
        self.log.append(f"player {player} takes the office's {benefit}")
        return self._next_marker()

    def _hire(self, player: int, action: Hire) -> bool:
        card = action.card
        index = next(i for i, (c, _) in enumerate(self.board_cards) if c == card)
        _, coins = self.board_cards.pop(index)
        spec = self.p.worker_cards[card]
        named = self.words.worker_card(card)
        self.log.append(f"player {player} hires {named} for {spec.price - coins}")
        self._pay(player, spec.price - coins)
        self._take_worker_card(player, card)
        self.hired += 1
        if self.hired >= self._marker_value() or not self.board_cards:
            return self._next_marker()
        return False

    def _take_worker_card(self, player: int, card: int) -> None:
        """A new card goes on the player's board (``shift_in``); its stars raise the
        quality at once."""
        self.tired[player], pushed = shift_in(self.spaces[player], self.tired[player], card)
        if pushed != -1:
            named = self.words.worker_card(pushed)
            self.log.append(f"{named} is pushed off player {player}'s board")
        self._raise_quality(player, self.p.worker_cards[card].stars)

    def _expo(self, number: int) -> bool:
        """The highest non-zero marker chooses one of the current cards, the second
        highest gets the other; equal values rank by the stack (ruling 11)."""
        ranked = sorted((pl for pl, v, _ in self.stacks[number] if v), key=self._expo_rank)
        while self.pos < len(ranked) and self.expo_current and self.receipt == -1:
            player = ranked[self.pos]
            self.chooser = player
            if len(self.expo_current) > 1:
                self.await_ = EXPO_CHOICE
                return False
            if self._receive_privilege(player, self.expo_current[0]):
                return False
            self.pos += 1
        return self.receipt == -1

    def _expo_rank(self, player: int) -> tuple[int, int]:
        stack = self.stacks[self.loc]
        index = next(i for i, (pl, _, _) in enumerate(stack) if pl == player)
        return (-stack[index][1], index)

    def _receive_privilege(self, player: int, card: int) -> bool:
        """Give ``card`` to ``player``; True if they must now decide on it (on receipt)."""
        self.expo_current.remove(card)
        self.privileges[player].append(card)
        self.log.append(f"player {player} takes {self.p.privilege_cards[card].name}")
        if self.p.privilege_cards[card].effect == "on_receipt":
            self.await_, self.chooser, self.receipt = RECEIPT, player, card
            return True
        return False

    def _choose_privilege(self, player: int, action: ChoosePrivilege) -> bool:
        if not self._receive_privilege(player, action.card):
            return self._next_marker()
        return False

    def _on_receipt(self, player: int, action: OnReceipt) -> bool:
        card, self.receipt = self.receipt, -1
        if action.choice == "cash":
            self.privileges[player].remove(card)
            value = next(v for pl, v, _ in self.stacks[self.loc] if pl == player)
            money = self.p.privilege_cards[card].money_per_marker * value
            self.money[player] += money
            self.log.append(
                f"player {player} discards {self.p.privilege_cards[card].name} for {money}"
            )
        return self._next_marker()

    # == Privilege cards ============================================================
    def _usable(self, player: int, card: int) -> bool:
        spec = self.p.privilege_cards[card]
        if spec.effect == "on_receipt":
            return False  # decided on receipt, then kept for the final scoring
        if spec.effect == "buy_worker":
            return bool(self.worker_deck)
        if (
            spec.effect == "gain"
            and spec.permit
            and not (spec.materials or spec.quality or spec.money)
        ):
            return not self.permit[player]
        return True

    def _use_privilege(self, player: int, action: UsePrivilege) -> bool:
        card = action.card
        spec = self.p.privilege_cards[card]
        self.privileges[player].remove(card)
        self.log.append(f"player {player} uses {spec.name}")
        for material, n in spec.materials.items():
            self.store[player][MATERIAL_INDEX[material]] += n
        if spec.effect == "gain":
            self._raise_quality(player, spec.quality)
            self.money[player] += spec.money
            if spec.permit:
                self.permit[player] = True
        elif spec.effect == "buy":
            self._pay(player, spec.price)
        elif spec.effect == "buy_worker":
            drawn = self.worker_deck.pop()
            self._pay(player, spec.price)
            self._take_worker_card(player, drawn)
            return True  # a face-down card was revealed
        return False


def shift_in(spaces: list[int], tired: int, card: int) -> tuple[int, int]:
    """A new card goes on the first space after the printed worker, rested; the cards
    already there shift right up to the first empty space, each staying tired or
    rested, and one pushed off the board leaves the game. Changes ``spaces``; returns
    the new tired mask (bit i + 1 for space i) and the card pushed off, or -1."""
    moving, tired_moving = card, False
    for i in range(len(spaces)):
        bit = 2 << i  # space i + 1
        here, tired_here = spaces[i], bool(tired & bit)
        spaces[i] = moving
        tired = (tired | bit) if tired_moving else (tired & ~bit)
        if here == -1:
            return tired, -1
        moving, tired_moving = here, tired_here
    return tired, moving
