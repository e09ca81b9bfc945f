"""What a seat of Master Builder sees and what it does not (MB-12 to MB-15, MB-19, MB-83,
Q24): each seat's observation, and the determinization that deals again what a seat cannot
see, the others' hidden plans replaced by the plan a sensible player would make
(``sketch_plan``). Mixed into ``MasterBuilderState`` (state.py)."""

from __future__ import annotations

from typing import Any, Self

from housebuilders.core import Action, Json, Rng
from housebuilders.core.content import per_content
from housebuilders.games.master_builder.actions import STAFFS, SUBMIT_PLAN, RepayIou, Staff
from housebuilders.games.master_builder.base import MasterBuilderBase
from housebuilders.games.master_builder.building import unkey
from housebuilders.games.master_builder.content import MasterBuilderContent, workers
from housebuilders.games.master_builder.phases import LOOK, OVER, PLAN, TRACK, TRACK_OF
from housebuilders.games.master_builder.sketch import sketch, skills_of


class Seen(MasterBuilderBase):
    """Observations and determinization, as methods of the state."""

    __slots__ = ()

    def unseen_moves_from(self) -> int:
        return self.plan_from if self.phase == PLAN else len(self.history)

    def is_public(self, index: int) -> bool:
        return not (self.phase == PLAN and index >= self.plan_from)

    def observe(self, player: int | None) -> Json:
        content, cards = self.content, workers(self.content)

        def worker(w: int) -> Json:
            card = cards[w]
            return {"id": w, "skill": card.skill, "quirks": card.quirks, "wage": card.wage,
                    "down": w in self.down}  # fmt: skip

        scores = self.scores()
        seats = []
        for p in range(self.num_players):
            seat: Json = {
                "cash": self.cash[p], "wage": self.wage[p],
                "workers": [worker(w) for w in self.workers[p]],
                "contracts": self.contracts[p][:],
                "ious": self.ious[p][:], "debt": self.debt(p),
                "hand": len(self.hands[p]),
                "rented_in": self.rented_in[p][:], "rented_out": self.rented_out[p][:],
                "submitted": self.submitted[p], "score": scores[p],
            }  # fmt: skip
            if p == player:
                seat["hand_cards"] = sorted(self.hands[p])
            if p == player or self.phase != PLAN:
                seat["plan"] = [list(unkey(k)[:2]) + list(unkey(k)[2])
                                for k in self.plans[p]]  # fmt: skip
            seats.append(seat)
        looking = None
        if self.phase == LOOK and player == self.turn:
            looking = [worker(w) for w in self.decks[self.looking]]
        return {
            "game": self.spec.id, "you": player, "over": self.is_terminal(),
            "round": self.round, "last_round": self.last_round, "phase": self.phase,
            "track": TRACK[TRACK_OF[self.phase]] if self.phase != OVER else None,
            "first": self.first, "acting": list(self.acting_players()),
            "players": seats,
            "decks": [{"top": worker(d[0]) if d else None, "size": len(d)} for d in self.decks],
            "looking": looking, "looked_deck": self.looking,
            "contract_deck": len(self.contract_deck),
            "economy_left": len(self.economy),
            "economy_shown": [content.economy[e].model_dump() for e in self.economy_shown],
            "event_deck": len(self.event_deck),
            "event": self.event, "pending_events": len(self.pending_events),
            "events_seen": self.events_seen[:], "no_roofs": self.no_roofs,
            "display": [{"contract": c, "bonus": self.bonus[c]} for c in self.display],
            "auction": self.auction, "high": self.high, "bidder": self.bidder,
            "passed": self.passed[:], "gone": self.gone[:], "town": self.town[:],
            "built": [row[:] for row in self.built], "offer": self.offer[:],
            "late": self.late(),
            **_shown_content(content),
        }  # fmt: skip

    # -- copies and hidden information -------------------------------------------------
    def determinize(self, player: int, seed: int) -> Self:
        """Resample what ``player`` cannot see: the contract deck with the removed
        contracts, the unturned economic cards with the unused ones, the event cards
        never revealed (deck and others' hands), each worker deck's unseen cards, and the
        others' plans not yet revealed (in the history too)."""
        s = self.resampled(seed, stream=0)
        rng = s.rng
        pool = s.contract_deck + s.removed
        rng.deal(pool)
        cut = len(s.contract_deck)
        s.contract_deck, s.removed = pool[:cut], pool[cut:]
        pool = s.economy + s.boxed_economy
        rng.deal(pool)
        cut = len(s.economy)
        s.economy, s.boxed_economy = pool[:cut], pool[cut:]
        seen = set(s.events_seen)
        slots: list[tuple[int | None, int]] = [
            (None, i) for i, e in enumerate(s.event_deck) if e not in seen]  # fmt: skip
        slots += [(p, i) for p in range(s.num_players) if p != player
                  for i, e in enumerate(s.hands[p]) if e not in seen]  # fmt: skip
        _reshuffle(rng, slots, lambda p: s.event_deck if p is None else s.hands[p])
        known = set(s.looked[player])
        for deck in s.decks:
            slots = [(None, i) for i in range(1, len(deck))
                     if not s.seen_workers[deck[i]] and deck[i] not in known]  # fmt: skip
            _reshuffle(rng, slots, lambda _p, d=deck: d)
        if s.phase == PLAN:
            s._resample_plans(player)
        return s

    def _resample_plans(self, player: int) -> None:
        """The others' plans not yet revealed: for each, the plan a sensible player makes
        with its workers on hand (``sketch_plan``, from what every seat sees of its crew
        and contracts), its actions in the history replacing theirs; their repayments
        stay."""
        start = self.plan_from
        mine = [(p, a) for p, a in self.history[start:] if p == player]
        # the others' repayments are public (their cash and IOUs show them, Q13)
        others: list[tuple[int, Action]] = [
            (p, a) for p, a in self.history[start:] if p != player and isinstance(a, RepayIou)
        ]
        for p in range(self.num_players):
            if p == player:
                continue
            done = self.submitted[p]
            self.plans[p], self.submitted[p] = [], False
            for staff in self.sketch_plan(p):
                self._staff(p, staff)
                others.append((p, staff))
            if done:
                self.submitted[p] = True
                others.append((p, SUBMIT_PLAN))
        self.history[start:] = others + mine

    def sketch_plan(self, player: int) -> list[Staff]:
        """A plan that stands for ``player``'s workers on hand, made afresh (whatever the
        seat has planned): the contracts nearest completion first, each by ``sketch``.
        The bots' guess at a hidden plan."""
        free = skills_of(self.available(player))
        built = [list(row) for row in self.built]
        order = sorted(self.contracts[player], reverse=True,
                       key=lambda c: (sum(built[c]), self.content.contracts[c].amount))  # fmt: skip
        return [STAFFS[c, section, *crew]
                for c in order for section, crew in sketch(self, c, built[c], free)]  # fmt: skip


def _reshuffle(rng: Rng, slots: list[tuple[Any, int]], where: Any) -> None:
    values = [where(p)[i] for p, i in slots]
    rng.deal(values)
    for (p, i), value in zip(slots, values, strict=True):
        where(p)[i] = value


def _shown_content(content: MasterBuilderContent) -> Json:
    """The content every observation shows (the contracts, events, skills, quirks and
    loans), copied from a template made once per content."""
    made = _content_json(content)
    return {
        "contracts": [{**c, "sections": c["sections"][:], "workforce": c["workforce"][:]}
                      for c in made["contracts"]],
        **{key: [dict(entry) for entry in made[key]]
           for key in ("events", "skills", "quirks", "loans")},
    }  # fmt: skip


@per_content
def _content_json(content: MasterBuilderContent) -> Json:
    return {
        "contracts": [c.model_dump() for c in content.contracts],
        "events": [{"name": e.name, "text": e.text} for e in content.events],
        "skills": [{"name": k.name, "code": k.code, "wage": k.wage} for k in content.skills],
        "quirks": [{"code": q.code, "name": q.name} for q in content.quirks],
        "loans": [{"name": n.name, "amount": n.amount, "early": n.early, "late": n.late}
                  for n in content.loans],
    }  # fmt: skip
