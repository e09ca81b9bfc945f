"""Master Builder's Phase 3, the events (MB-67 to MB-74; selective and additional events,
MB-116, MB-117): which workers an event strikes, the events drawn or played and carried
out, and the choices some of them ask of each seat in turn. Mixed into
``MasterBuilderState`` (state.py)."""

from __future__ import annotations

from housebuilders.games.master_builder.actions import (
    NONE,
    EventDismiss,
    EventUnavailable,
    PlayEvent,
)
from housebuilders.games.master_builder.base import MasterBuilderBase
from housebuilders.games.master_builder.content import SKILL_CODES, workers
from housebuilders.games.master_builder.phases import EVENT, EVENT_CHOICE, REPAY_GAIN


class Events(MasterBuilderBase):
    """Phase 3's rules, as methods of the state."""

    __slots__ = ()

    def matches(self, worker: int, with_down: bool) -> bool:
        event = self.content.events[self.event]
        card = workers(self.content)[worker]
        if not with_down and worker in self.down:
            return False
        return (not event.quirks or any(q in card.quirks for q in event.quirks)) and (
            not event.skills or SKILL_CODES[card.skill] in event.skills
        )

    def event_targets(self, player: int) -> list[int]:
        """The workers an event's choice may take: dismissals take face-down ones too
        (Q16); a player with fewer than ``at_least`` matches is not affected."""
        event = self.content.events[self.event]
        dismiss = event.effect == "dismiss"
        found = [w for w in self.workers[player] if self.matches(w, dismiss)]
        return sorted(found) if len(found) >= event.at_least else []

    # -- moves ----------------------------------------------------------------------------
    def _start_phase_3(self) -> None:
        """MB-67, MB-116, MB-117, Q27, Q28: the round's events; pending_events holds one
        NONE per event still to draw from the deck."""
        count = self.content.options.additional_events if self.option("additional-events") else 1
        if self.option("selective-events") and self.hands[self.first]:
            self.pending_events = [NONE] * (count - 1)
            self.phase, self.turn = EVENT, self.first
            return
        self.pending_events = [NONE] * count
        self._next_event()

    def _play_event(self, player: int, action: PlayEvent) -> bool:
        self.hands[player].remove(action.event)
        self.event_deck.append(action.event)  # carried out, then under the deck (Q27)
        if not self._begin_event(action.event):
            self._next_event()
        return True

    def _next_event(self) -> None:
        """The next event from the deck's top (MB-73: then under the deck), or Phase 4."""
        while self.pending_events and self.event_deck:
            self.pending_events.pop(0)
            card = self.event_deck.pop(0)
            self.event_deck.append(card)
            if self._begin_event(card):
                return
        self.pending_events = []
        self._start_phase_4()

    def _begin_event(self, card: int) -> bool:
        """Carry out ``card``; True if it waits for a choice (EVENT_CHOICE)."""
        if card not in self.events_seen:
            self.events_seen.append(card)
        event = self.content.events[card]
        self.event, self.event_step = card, 0
        self.log.append(f"event: {event.name}: {event.text}")
        gainers = []
        if event.effect == "unavailable":  # MB-69
            for p in range(self.num_players):
                found = [w for w in self.workers[p] if self.matches(w, False)]
                if len(found) >= event.at_least:
                    self.down += found
                    self.cash[p] += event.gain
                    gainers.append(p)
        elif event.effect == "pay":
            for p in range(self.num_players):
                found = [w for w in self.workers[p] if self.matches(w, True)]
                if len(found) >= event.at_least:
                    self.cash[p] += event.gain - min(event.pay, self.cash[p])
                    gainers.append(p)
        elif event.effect == "no-roofs":
            self.no_roofs = True
        elif event.effect in ("choose-unavailable", "dismiss"):
            return self._next_event_choice()
        self.event = NONE
        first = self.first  # in turn order
        order = sorted(gainers, key=lambda p: (p - first) % self.num_players)
        return self._ask_to_repay(order if event.gain else [], REPAY_GAIN)

    def _next_event_choice(self) -> bool:
        """MB-68, Q15: each seat in turn order with a matching worker chooses one; False
        once every seat is done."""
        n = self.num_players
        while self.event_step < n:
            seat = (self.first + self.event_step) % n
            if self.event_targets(seat):
                self.phase, self.turn = EVENT_CHOICE, seat
                return True
            self.event_step += 1
        self.event = NONE
        return False

    def _event_choice(self, player: int, action: EventDismiss | EventUnavailable) -> bool:
        if isinstance(action, EventDismiss):
            self._release(player, action.worker)  # MB-72, Q14
        else:
            self.down.append(action.worker)
        gain = self.content.events[self.event].gain
        self.cash[player] += gain
        self.event_step += 1
        if not self._ask_to_repay([player] if gain else [], REPAY_GAIN):
            self._go_on(REPAY_GAIN)
        return False
