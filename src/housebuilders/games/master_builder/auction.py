"""Master Builder's Phase 2, acquiring contracts (MB-40 to MB-66): the round's contracts
revealed, who may open and bid, the auctions, the exceptions of round 1 and the contracts
nobody wanted (their bonus, then their removal, and the early end they may bring).
Mixed into ``MasterBuilderState`` (state.py)."""

from __future__ import annotations

from housebuilders.games.master_builder.actions import NONE, Bid, PassBid, PassOpening, PutUp, money
from housebuilders.games.master_builder.base import MasterBuilderBase
from housebuilders.games.master_builder.phases import BID, OPEN, OPENING_BID, REPAY_BONUS


class Auction(MasterBuilderBase):
    """Phase 2's rules, as methods of the state."""

    __slots__ = ()

    def round_1_closed(self) -> bool:
        """MB-58: in round 1, once a seat holds two contracts."""
        most = self.content.round_1_most_contracts
        return self.round == 1 and any(len(c) >= most for c in self.contracts)

    def may_bid(self, player: int) -> bool:
        """MB-58, MB-59: after round 1 closes, only seats without a contract bid."""
        return not self.round_1_closed() or not self.contracts[player]

    def may_open(self, player: int) -> bool:
        """MB-54: a seat that may bid and can pay some contract's minimum."""
        minimum = min(self.content.contracts[c].min_bid for c in self.display)
        return self.may_bid(player) and self.cash[player] >= minimum

    def top_bid(self, player: int) -> int:
        """MB-48: a bid is paid from cash, never from a loan (nor the bonus, Q22); there is
        no other limit."""
        return self.cash[player]

    # -- moves ----------------------------------------------------------------------------
    def _start_phase_2(self) -> bool:
        """MB-40 to MB-43: reveal the round's contracts beside the carried-over ones."""
        players, content = self.num_players, self.content
        self.fired = [[] for _ in range(players)]  # Q2: phase 1's fires are done
        if self.round == 1:
            count = players + content.extra_contracts_round_1
        elif self.round > self.last_round - 1 and self.last_round < content.rounds:
            count = 0  # Q17: the extra round turns no card
        elif self.economy:
            card = self.economy.pop(0)
            self.economy_shown.append(card)
            count = content.economy[card].reveal[players - 2]
            self.log.append(f"economic situation: {content.economy[card].name} "
                            f"({count} contracts)")  # fmt: skip
        else:
            count = 0
        count = min(count, len(self.contract_deck))  # MB-42
        new, self.contract_deck = self.contract_deck[:count], self.contract_deck[count:]
        self.display = self.display + new
        self.turn, self.open_passes = self.first, 0
        self.phase = OPEN
        self._next_opening()
        return True

    def _next_opening(self) -> None:
        """Q3, MB-54, MB-55, MB-62: the next seat able to open, or the phase's end."""
        n = self.num_players
        while True:
            if not self.display or self.open_passes >= n:
                self._end_phase_2()
                return
            if self.round_1_closed() and len(self.display) == 1:  # MB-62
                without = [p for p in range(n) if not self.contracts[p]]
                if len(without) == 1:
                    c = self.display[0]
                    self._award(without[0], c, self.content.contracts[c].min_bid)
                    continue
            if self.may_open(self.turn):
                return
            self.open_passes += 1
            self.turn = self.next_seat(self.turn)

    def _put_up(self, player: int, action: PutUp) -> bool:
        self.auction, self.phase = action.contract, OPENING_BID
        return False

    def _pass_opening(self, player: int, action: PassOpening) -> bool:
        self.open_passes += 1
        self.turn = self.next_seat(self.turn)
        self._next_opening()
        return False

    def _bid(self, player: int, action: Bid) -> bool:
        if self.phase == OPENING_BID:  # MB-44, MB-45
            self.passed = [not self.may_bid(p) for p in range(self.num_players)]
            self.phase = BID
        self.high, self.bidder = action.amount, player
        self._next_bidder(player)
        return False

    def _pass_bid(self, player: int, action: PassBid) -> bool:
        self.passed[player] = True  # MB-49
        self._next_bidder(player)
        return False

    def _next_bidder(self, after: int) -> None:
        """MB-46: clockwise, skipping seats that passed or cannot raise; the last
        bidder standing wins (MB-50, MB-51)."""
        seat = after
        for _ in range(self.num_players):
            seat = self.next_seat(seat)
            if seat == self.bidder:
                break
            if self.passed[seat]:
                continue
            if self.cash[seat] <= self.high:
                self.passed[seat] = True
                continue
            self.turn = seat
            return
        winner, bonus = self.bidder, self.bonus[self.auction]
        self._award(self.bidder, self.auction, self.high)
        self.auction, self.high, self.bidder = NONE, 0, NONE
        if not self._ask_to_repay([winner] if bonus else [], REPAY_BONUS):
            self._go_on(REPAY_BONUS)

    def _reopen(self) -> None:
        """MB-53: after an auction the first player opens again."""
        self.turn, self.open_passes, self.phase = self.first, 0, OPEN
        self._next_opening()

    def _award(self, player: int, contract: int, price: int) -> None:
        """MB-50, MB-65: pay the bid, then receive the bonus on it."""
        self.cash[player] += self.bonus[contract] - price
        self.bonus[contract] = 0
        self.display.remove(contract)
        if contract in self.carried:
            self.carried.remove(contract)
        self.contracts[player].append(contract)
        self.log.append(f"player {player} acquires contract {self.contract_name(contract)} for "
                        f"{money(price)}")  # fmt: skip

    def _end_phase_2(self) -> None:
        """MB-64, MB-66: unwanted contracts stay with $5,000 once, then leave; MB-109, Q17:
        the early end once "all contracts have been acquired by players" (none removed
        unwanted; with removed-contracts-end-early, once nothing is left to acquire)."""
        for c in self.display[:]:
            if c in self.carried:
                self.bonus[c] = 0
                self.display.remove(c)
                self.carried.remove(c)
                self.gone.append(c)
            else:
                self.bonus[c] = self.content.unwanted_bonus
                self.carried.append(c)
        acquired = not self.gone or self.option("removed-contracts-end-early")
        if (not self.contract_deck and not self.display and acquired
                and self.round <= self.content.rounds - 2
                and self.last_round == self.content.rounds):  # fmt: skip
            self.last_round = self.round + 1
            done = "no contract is left to acquire" if self.gone else "every contract is acquired"
            self.log.append(f"{done}: round {self.last_round} is the last")
        self._start_phase_3()
