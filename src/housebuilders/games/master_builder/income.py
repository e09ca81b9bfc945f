"""Master Builder's Phase 5, income, wages and loans (MB-95 to MB-107), and the end of a
round (MB-22, MB-23, MB-108, MB-109): the repayments a seat may make at any decision and
with money that came to it unasked (Q13), income before wages, the loans taken to pay
them, and each seat's last chance to repay. What a loan costs to repay, early or late
(Q10), every phase asks: it is in base.py. Mixed into ``MasterBuilderState`` (state.py)."""

from __future__ import annotations

from housebuilders.core import Action
from housebuilders.games.master_builder.actions import NONE, REPAYS, KeepLoans, RepayIou, TakeLoan
from housebuilders.games.master_builder.base import MasterBuilderBase
from housebuilders.games.master_builder.phases import (
    HIRE,
    LOAN,
    OVER,
    REPAY,
    REPAY_BONUS,
    REPAY_GAIN,
)


class Income(MasterBuilderBase):
    """Phase 5's rules, and the repayments at any time, as methods of the state."""

    __slots__ = ()

    def repays(self, player: int, keep: int = 0) -> list[Action]:
        """MB-107, Q13: a whole IOU at its current amount, from cash (leaving ``keep``)."""
        ious = self.ious[player]
        if not any(ious):
            return []
        late, room = self.late(), self.cash[player] - keep
        out: list[Action] = []
        for k, loan in enumerate(self.content.loans):
            if ious[k] and (loan.late if late else loan.early) <= room:
                out.append(REPAYS[k])
        return out

    # -- money come unasked (Q13) ---------------------------------------------------------
    def _ask_to_repay(self, seats: list[int], phase: str) -> bool:
        """Q13, "A loan may be repaid at any time": money came to ``seats`` without their
        asking (a contract's bonus, an event's gain); each that can now repay a loan is
        asked at once, in that order, in ``phase``. False if none is (the caller goes on);
        never with repay-when-asked."""
        if self.option("repay-when-asked"):
            return False
        self.asks = [p for p in seats if self.repays(p)]
        if not self.asks:
            return False
        self.phase, self.turn = phase, self.asks[0]
        return True

    def _next_ask(self) -> None:
        """The next seat to ask, or the game goes on from where the money came."""
        self.asks = [p for p in self.asks[1:] if self.repays(p)]
        if self.asks:
            self.turn = self.asks[0]
        else:
            self._go_on(self.phase)

    def _go_on(self, phase: str) -> None:
        """What follows the money's coming: after an auction, the opening (MB-53); after
        an event's gain, the event's next choice or the next event."""
        if phase == REPAY_BONUS:
            self._reopen()
        elif self.event == NONE or not self._next_event_choice():
            self._next_event()

    # -- income, wages and loans ----------------------------------------------------------
    def _start_phase_5(self) -> None:
        for p in range(self.num_players):  # MB-95, MB-98: income before wages
            self.cash[p] += self.income[p]
            self.income[p] = 0
        self.event_step = 0
        self._next_wages()

    def _next_wages(self) -> None:
        """MB-99, MB-100: in turn order; a seat short of its wages takes loans."""
        n = self.num_players
        while self.event_step < n:
            seat = (self.first + self.event_step) % n
            if self.cash[seat] < self.wage[seat]:
                self.phase, self.turn = LOAN, seat
                return
            self.cash[seat] -= self.wage[seat]
            self.event_step += 1
        self.event_step = 0
        self._next_repay()

    def _loan(self, player: int, action: TakeLoan) -> bool:
        self.cash[player] += self.content.loans[action.loan].amount  # MB-102
        self.ious[player][action.loan] += 1
        self._next_wages()
        return False

    def _next_repay(self) -> None:
        """Q13: each seat's last chance to repay this round, in turn order."""
        n = self.num_players
        while self.event_step < n:
            seat = (self.first + self.event_step) % n
            if self.repays(seat):
                self.phase, self.turn = REPAY, seat
                return
            self.event_step += 1
        self.event_step = 0
        self._end_round()

    def _repay(self, player: int, action: RepayIou) -> bool:
        """MB-107, Q13: a free action: the seat is asked again, in the same phase (in the
        last chance, only while it can repay more)."""
        self.cash[player] -= self.repayment(action.loan)
        self.ious[player][action.loan] -= 1
        if self.phase == REPAY:
            self._next_repay()
        elif self.phase in (REPAY_BONUS, REPAY_GAIN) and not self.repays(player):
            self._next_ask()
        return False

    def _keep(self, player: int, action: KeepLoans) -> bool:
        if self.phase != REPAY:
            self._next_ask()
            return False
        self.event_step += 1
        self._next_repay()
        return False

    def _end_round(self) -> None:
        """MB-22, MB-23, MB-108, MB-109."""
        if self.round >= self.last_round:
            self.phase = OVER
            self.log.append("the game is over")
            return
        self.round += 1
        self.first = self.next_seat(self.first)
        self.turn, self.go_round, self.all_passed = self.first, 0, True
        self.open_passes = 0
        self.phase = HIRE
