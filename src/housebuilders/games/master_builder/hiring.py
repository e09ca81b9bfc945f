"""Master Builder's Phase 1, hiring and firing workers (MB-25 to MB-39; choosing
workers, MB-115): who may hire which card, and what a hire, a look into a deck, a fire and
a pass do. Round 1 is the draft; the phase ends once every seat has passed in a row (Q2).
Mixed into ``MasterBuilderState`` (state.py)."""

from __future__ import annotations

from housebuilders.core import Action
from housebuilders.games.master_builder import explain
from housebuilders.games.master_builder.actions import (
    HIRES,
    LOOKS,
    NONE,
    ChooseWorker,
    DeclineChoice,
    FireWorker,
    HireWorker,
    LookIntoDeck,
    PassHiring,
    money,
)
from housebuilders.games.master_builder.base import MasterBuilderBase
from housebuilders.games.master_builder.content import workers
from housebuilders.games.master_builder.phases import DRAFT, HIRE, LOOK


class Hiring(MasterBuilderBase):
    """Phase 1's rules, as methods of the state."""

    __slots__ = ()

    def worker_wage(self, worker: int) -> int:
        return workers(self.content)[worker].wage

    def can_hire(self, player: int, worker: int) -> bool:
        """MB-36: the new wage total may not pass the cap of 30; Q2: nor a card the seat
        fired in this phase (so that hiring and firing end)."""
        return (self.wage[player] + self.worker_wage(worker) <= self.content.wage_cap
                and worker not in self.fired[player])  # fmt: skip

    def hires(self, player: int) -> list[Action]:
        """MB-25, MB-35, MB-36, MB-115: a deck's face-up card (as can_hire allows), or a
        look into it."""
        cards, fired = workers(self.content), self.fired[player]
        room = self.content.wage_cap - self.wage[player]
        out: list[Action] = []
        for skill, deck in enumerate(self.decks):
            if deck and cards[deck[0]].wage <= room and deck[0] not in fired:
                out.append(HIRES[skill])
        if self.option("choosing-workers"):
            out += self.looks(player)
        return out

    def looks(self, player: int) -> list[Action]:
        """MB-115: a look into a deck holding a card the seat may hire, if it can pay
        the fee."""
        if self.cash[player] < self.content.options.choosing_fee:
            return []
        return [LOOKS[s] for s, deck in enumerate(self.decks)
                if any(self.can_hire(player, w) for w in deck)]  # fmt: skip

    # -- moves ----------------------------------------------------------------------------
    def _take(self, player: int, skill: int, worker: int) -> bool:
        """A hire: the card leaves its deck; the new top, if any, is face up."""
        deck = self.decks[skill]
        top = deck[0] == worker
        deck.remove(worker)
        self.workers[player].append(worker)
        self.wage[player] += self.worker_wage(worker)  # MB-35
        self.seen_workers[worker] = 1
        revealed = False
        if deck and not self.seen_workers[deck[0]]:
            self.seen_workers[deck[0]] = 1
            revealed = True
        for looked in self.looked:
            if worker in looked:
                looked.remove(worker)
        if not top:
            revealed = True
        self.log.append(f"player {player} hires {explain.worker_name(self, worker)}")
        return revealed

    def _hire(self, player: int, action: HireWorker) -> bool:
        revealed = self._take(player, action.skill, self.decks[action.skill][0])
        return self._after_phase_1_action(acted=True) or revealed

    def _look(self, player: int, action: LookIntoDeck) -> bool:
        """MB-115, Q26: pay the fee; the deck is shown to this seat alone."""
        self.cash[player] -= self.content.options.choosing_fee
        self.looking = action.skill
        seen = set(self.looked[player]) | set(self.decks[action.skill])
        self.looked[player] = sorted(seen)
        self.log.append(f"player {player} pays {money(self.content.options.choosing_fee)} to "
                        f"look into the {self.content.skills[action.skill].name} deck")  # fmt: skip
        self.phase = LOOK
        return True

    def _choose(self, player: int, action: ChooseWorker) -> bool:
        skill = self.looking
        self.looking = NONE
        self.phase = DRAFT if self.round == 1 else HIRE
        self._take(player, skill, action.worker)
        self._after_phase_1_action(acted=True)
        return True

    def _decline_choice(self, player: int, action: DeclineChoice) -> bool:
        """Q26: no worker from the deck looked into; the fee stays paid and the seat is
        asked again what to do with its turn (a new look costs the fee again, so cash
        bounds the looks)."""
        name = self.content.skills[self.looking].name
        self.looking = NONE
        self.phase = DRAFT if self.round == 1 else HIRE
        self.log.append(f"player {player} takes no worker from the {name} deck")
        return False

    def _fire(self, player: int, action: FireWorker) -> bool:
        """MB-37, MB-38: under its deck; the wage falls at once."""
        self._release(player, action.worker)
        self.fired[player].append(action.worker)  # Q2: not hired again by it this phase
        self.log.append(f"player {player} fires {explain.worker_name(self, action.worker)}")
        return self._after_phase_1_action(acted=True)

    def _release(self, player: int, worker: int) -> None:
        card = workers(self.content)[worker]
        self.workers[player].remove(worker)
        self.wage[player] -= card.wage
        if worker in self.down:
            self.down.remove(worker)
        self.decks[card.skill].append(worker)
        self.seen_workers[worker] = 1

    def _pass_hiring(self, player: int, action: PassHiring) -> bool:
        return self._after_phase_1_action(acted=False)

    def _after_phase_1_action(self, acted: bool) -> bool:
        """The next seat's opportunity, or Phase 2. MB-34, Q2: the phase ends once every
        seat has passed in a row (nothing changed since each passed); with
        three-go-rounds, after a go-round in which all passed or the third go-round."""
        if acted:
            self.all_passed = False
        self.open_passes = 0 if acted else self.open_passes + 1
        self.turn = self.next_seat(self.turn)
        if self.round > 1 and not self.option("three-go-rounds"):
            return self._start_phase_2() if self.open_passes >= self.num_players else False
        if self.turn != self.first:
            return False
        self.go_round += 1
        if self.round == 1:  # MB-26
            if all(len(w) >= self.content.draft_workers for w in self.workers):
                return self._start_phase_2()
            return False
        if self.go_round >= self.content.hire_turns or self.all_passed:
            return self._start_phase_2()
        self.all_passed = True
        return False
