"""Welcome To Your Perfect Home: the rules.

Everyone plays each round at once. The three stacks show three pairs (a number and
an action); each player, on their own sheet and unseen by the others, takes a pair,
writes its number, uses its action if they wish, and may claim city plans. When the
last player has finished, the round is revealed: every sheet becomes public, plans
claimed for the first time are flipped to their lower value, and the next cards are
flipped. A player's choice is a short sequence of decisions; stages with nothing to
decide are passed over.

Here the state, its setup, the reveal, what each player sees, the scoring and the
saved form; a player's turn (what they may decide, and each decision) is in turn.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from operator import ne
from typing import Any

from housebuilders.core import Action, Json, TieBreak, scored
from housebuilders.core.loading import parse
from housebuilders.core.log import Line
from housebuilders.games.welcome_to.actions import (
    Adjust,
    Claim,
    Extend,
    Fence,
    Finish,
    Improve,
    Mark,
    Park,
    Pick,
    Pool,
    Refuse,
    Skip,
    Write,
)
from housebuilders.games.welcome_to.checks import WelcomeToJson, check_sheet_json, check_state
from housebuilders.games.welcome_to.content import ACTION_NAMES, deck_cards
from housebuilders.games.welcome_to.explain import explain
from housebuilders.games.welcome_to.phases import CHOOSE, DONE, FINISH_SECTION, PLAY, STAGE_NAMES
from housebuilders.games.welcome_to.sheet import EMPTY, Layout, Sheet, layout_of, temp_points
from housebuilders.games.welcome_to.turn import Turn

DECKS = ("rulebook-63", "standard-81")


class WelcomeToState(Turn):
    __slots__ = ()

    # == setting up ====================================================================
    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: dict[str, Any],
        content: Mapping[str, Any] | None = None,
    ) -> WelcomeToState:
        s = cls._begin(seed, options, content)
        s._lay_out(players)
        deck = list(range(len(s.cards)))
        s.rng.shuffle(deck)
        third = len(deck) // 3
        s.piles = [deck[i * third : (i + 1) * third] for i in range(3)]
        s.discards = [[], [], []]
        s.plans = [s.rng.below(len(s.content.plans.deck(d))) for d in range(3)]
        s._flip()
        s.log.append(_round_begins(1, s.pairs()))
        return s

    def _lay_out(self, players: int) -> None:
        """The sheets and the deck of the content, before the first round."""
        deck = self.setup["options"].get("deck", DECKS[0])
        if deck not in self.content.decks:
            decks = list(self.content.decks)
            raise ValueError(f"no deck {deck!r} in the content (decks: {decks})")
        self.L = layout_of(self.content)
        self.cards = deck_cards(self.content, deck)
        self.flipped = [False] * 3
        self.round = 1
        self.public = [Sheet(self.L).freeze() for _ in range(players)]
        self.pending = [None] * players
        self.stage = [CHOOSE] * players
        self.choice = [None] * players
        self.marking = [None] * players
        self.over = False

    def _flip(self) -> None:
        """Flip each stack's top card beside it, action side up; a stack that cannot
        (it needs a card to flip and one to show a number) is first rebuilt from its
        own discards, shuffled, under its remaining cards (ruling 7)."""
        for pile, discard in zip(self.piles, self.discards, strict=True):
            if len(pile) < 2:
                self.rng.shuffle(discard)
                pile[:0] = discard
                discard.clear()
                self.log.append("a construction stack ran out: its discards are reshuffled")
            discard.append(pile.pop())

    # == the contract's queries ========================================================
    def is_terminal(self) -> bool:
        return self.over

    def acting_players(self) -> tuple[int, ...]:
        if self.over:
            return ()
        stages = self.stage
        if DONE not in stages:  # (the commonest: nobody has chosen yet)
            return tuple(range(len(stages)))
        return tuple([p for p, stage in enumerate(stages) if stage != DONE])

    # == applying ======================================================================
    def _apply(self, player: int, action: Action) -> bool:
        self._step(player, action)
        if self.stage.count(DONE) == len(self.stage):  # every choice made
            self._reveal()  # the reveal and the next cards' flip: hidden things seen
            return True
        return False

    def _step(self, player: int, action: Action) -> None:
        """One decision of ``player``'s choice for the round (no reveal)."""
        sheet = self.pending[player]
        if sheet is None:
            sheet = self.pending[player] = self.public[player].copy()
        _HANDLERS[type(action)](self, player, sheet, action)

    def _reveal(self) -> None:
        """The round ends: choices are revealed, plans claimed for the first time are
        flipped, and either the game ends or the next round's cards are flipped."""
        n = self.num_players
        for player in range(n):
            before, after = self.public[player], self.pending[player]
            if after is None:
                continue
            self.log.append(Line(_revealed, player, self.L, before, after))
            for plan in range(3):
                if before.plans[plan] is None and after.plans[plan] is not None:
                    self.flipped[plan] = True  # later claimants get the lower value
            self.public[player] = after.freeze()
        self.pending = [None] * n
        self.choice = [None] * n
        reasons = [
            f"player {player} {why}"
            for player, sheet in enumerate(self.public)
            if (why := self._ends_game(sheet))
        ]
        if reasons:
            self.over = True
            self.stage = [DONE] * n
            self.log.append(f"the game ends after round {self.round}: {'; '.join(reasons)}")
            return
        self.round += 1
        self._flip()
        self.stage = [CHOOSE] * n
        self.log.append(Line(_round_begins, self.round, self.pairs()))

    def _ends_game(self, sheet: Sheet) -> str:
        """Why ``sheet`` ends the game, in words ("" if it does not)."""
        if all(p is not None for p in sheet.plans):
            return "claimed all three plans"
        if sheet.refusals >= self.L.max_refusals:
            return "crossed a third refusal"
        return "filled every house" if sheet.is_full() else ""

    # == what a move says =============================================================
    def describe(self, action: Action) -> str:
        """A pair is said by its number and action, public once the cards are flipped:
        "take 7 with a fence (pair 2)"."""
        if isinstance(action, Pick) and not self.over and all(self.piles) and all(self.discards):
            number, act = self.pairs()[action.pair]
            named = ACTION_NAMES.get(act, act)
            article = "an" if named[:1] in tuple("aeiou") else "a"
            return f"take {number} with {article} {named} (pair {action.pair + 1})"
        return str(action)

    # == refusals ======================================================================
    def _phase_section(self) -> str:
        return FINISH_SECTION if self.over else PLAY

    def _explain_not_acting(self, player: int, action: Any) -> tuple[str, str]:
        return "you have made your choice for this round: wait for the others", PLAY

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        return explain(self, player, action)

    def asked(self, player: int) -> str:
        return f"you are choosing the {STAGE_NAMES[self.stage[player]]}"

    # == what each player sees =========================================================
    def observe(self, player: int | None) -> Json:
        L = self.L
        players = []
        for p in range(self.num_players):
            sheet = self.sheet(p) if p == player else self.public[p]
            players.append({**sheet.to_json(L), "done": self.stage[p] == DONE})
        obs: Json = {
            "game": "welcome-to",
            "round": self.round,
            "you": player,
            "phase": "over" if self.over else "choose",
            "acting": list(self.acting_players()),
            "pairs": [{"number": n, "action": a} for n, a in self.pairs()],
            "stacks": [len(p) for p in self.piles],
            "discards": [len(d) for d in self.discards],
            "plans": [self._plan_json(k) for k in range(3)],
            "long_estates": self.option("long-estates"),  # the tie-break's complete estates
            **L.json,  # "sheet" and "ladders": the content's, shared by every observation
            "players": players,
        }
        if player is not None and not self.over and self.stage[player] != DONE:
            obs["turn"] = self._turn_json(player)
        return obs

    def _plan_json(self, k: int) -> Json:
        plan = self._plan(k)
        return {
            "deck": self.content.plans.deck_names[k],
            "estates": list(plan.estates),
            "first": plan.first,
            "later": plan.later,
            "flipped": self.flipped[k],
        }

    def _turn_json(self, player: int) -> Json:
        stage = self.stage[player]
        turn: Json = {"asked": STAGE_NAMES[stage]}
        choice = self.choice[player]
        if choice is not None:
            pair, number, street, house = choice
            turn.update(pair=pair, number=number, action=self.pairs()[pair][1])
            if street >= 0:
                turn.update(street=street, house=house)
        marking = self.marking[player]
        if marking is not None:
            turn.update(plan=marking[0], sizes=list(marking[1]))
        return turn

    def goals(self) -> dict[str, list[float]]:
        """How a sheet ended (on its last refusal, a street plan gone wrong, or full),
        the refusals it crossed (WT-8), the city plans it claimed, the temporary workers
        it took and its extensions (houses filled by a copy)."""
        out = self.L.max_refusals
        sheets = [self.sheet(p) for p in range(self.num_players)]
        return {
            "third refusal": [float(s.refusals >= out) for s in sheets],
            "refusals": [float(s.refusals) for s in sheets],
            "full sheet": [float(s.is_full()) for s in sheets],
            "plans claimed": [float(sum(p is not None for p in s.plans)) for s in sheets],
            "temporary workers": [float(s.temps) for s in sheets],
            "extensions": [float(bin(s.bis).count("1")) for s in sheets],
        }

    def standing(self, player: int) -> dict[str, float]:
        """The houses the seat's sheet has numbered, its pools, parks and fences, its
        plans claimed and its refusals."""
        sheet = self.sheet(player)
        return {
            "houses numbered": float(sum(n != EMPTY for n in sheet.numbers)),
            "pools": float(bin(sheet.pools).count("1")),
            "parks": float(sum(sheet.parks)),
            "fences": float(bin(sheet.fences).count("1")),
            "plans claimed": float(sum(p is not None for p in sheet.plans)),
            "refusals": float(sheet.refusals),
        }

    def scores(self) -> list[Json]:
        L = self.L
        sheets = [self.sheet(p) for p in range(self.num_players)]
        temps = temp_points(L, [s.temps for s in sheets])
        out = []
        for sheet, temp in zip(sheets, temps, strict=True):
            breakdown = sheet.score(L, temp)
            out.append(scored(breakdown, estates=self._complete_estates(sheet)))
        return out

    def tie_breaks(self) -> list[TieBreak]:
        """Most points wins (``ranking``); ties favour more complete estates, then share
        the victory."""
        estates = [self._complete_estates(self.sheet(p)) for p in range(self.num_players)]
        return [TieBreak("more complete estates", estates)]

    def _complete_estates(self, sheet: Sheet) -> int:
        """The complete estates of ``sheet`` for the tie-break (ruling 13): of 1 to 6
        houses; with the option ``long-estates``, fenced, fully numbered stretches of 7
        or more too ("A complete estate contains only numbered houses between two
        fences; sizes one to six score")."""
        return sheet.complete_estates(self.L, self.option("long-estates"))

    # == copies ========================================================================
    def determinize(self, player: int, seed: int) -> WelcomeToState:
        """Resample what ``player`` cannot see: the order of the stacks below their top
        cards (and the actions on the backs of the top cards), and the choices of the
        others this round (one who has chosen gets a random legal choice; one still
        choosing starts afresh). The round's history is rebuilt the same way: the
        player's own moves, then the others' resampled ones, seat by seat."""
        s = self.resampled(seed, stream=7)
        rng = s.rng
        unseen = [card for pile in s.piles for card in pile]
        rng.deal(unseen)
        tops = []
        for pile in s.piles:  # the top card keeps its number; its action is unseen
            number = s.cards[pile[-1]][0]
            i = next(i for i, card in enumerate(unseen) if s.cards[card][0] == number)
            tops.append(unseen.pop(i))
        for pile, top in zip(s.piles, tops, strict=True):
            size = len(pile)
            pile[:] = [*unseen[: size - 1], top]
            del unseen[: size - 1]
        if s.over:
            return s
        round_start = s.unseen_moves_from()  # the round's moves, since the last reveal
        s.history[round_start:] = [move for move in s.history[round_start:] if move[0] == player]
        for other in range(s.num_players):
            if other == player or (s.pending[other] is None and s.stage[other] == CHOOSE):
                continue
            was_done = s.stage[other] == DONE
            s.pending[other], s.choice[other], s.marking[other] = None, None, None
            s.stage[other] = CHOOSE
            while was_done and s.stage[other] != DONE:
                legal = s.legal_actions(other)
                action = legal[rng.below(len(legal))]
                s._step(other, action)
                s.history.append((other, action))
        return s

    def unseen_moves_from(self) -> int:
        """The others' moves of the round being chosen are unseen, even in number
        (a temporary worker or a plan claimed takes a move more), until the reveal."""
        return len(self.history) if self.over else self.undo_floor

    # == JSON ==========================================================================
    def _json(self) -> Json:
        L = self.L
        return {
            "piles": [p[:] for p in self.piles],
            "discards": [d[:] for d in self.discards],
            "plans": self.plans[:],
            "flipped": self.flipped[:],
            "round": self.round,
            "public": [s.to_json(L) for s in self.public],
            "pending": [None if s is None else s.to_json(L) for s in self.pending],
            "stage": self.stage[:],
            "choice": [None if c is None else list(c) for c in self.choice],
            "marking": [
                None if m is None else [m[0], list(m[1]), [list(e) for e in m[2]]]
                for m in self.marking
            ],
            "over": self.over,
        }

    @classmethod
    def from_json(cls, d: Json) -> WelcomeToState:
        """The state ``to_json`` saved; StateError if it is malformed or inconsistent
        (checks.py)."""
        parse(WelcomeToJson, d)
        players = len(d["public"])
        s = cls._restore(d, players, field="public")
        s._lay_out(players)
        L = s.L
        s.piles = [list(p) for p in d["piles"]]
        s.discards = [list(x) for x in d["discards"]]
        s.plans, s.flipped, s.round = list(d["plans"]), list(d["flipped"]), d["round"]
        for field in ("public", "pending"):
            for p, x in enumerate(d[field]):
                if x is not None:
                    check_sheet_json(f"{field}.{p}", x, L)
        s.public = [Sheet.from_json(L, x).freeze() for x in d["public"]]
        s.pending = [None if x is None else Sheet.from_json(L, x) for x in d["pending"]]
        s.stage = list(d["stage"])
        s.choice = [None if c is None else tuple(c) for c in d["choice"]]
        s.marking = [
            None if m is None else (m[0], tuple(m[1]), tuple(tuple(e) for e in m[2]))
            for m in d["marking"]
        ]
        s.over = d["over"]
        check_state(s)
        return s


_HANDLERS: dict[type, Any] = {
    Refuse: WelcomeToState._refuse,
    Pick: WelcomeToState._pick,
    Adjust: WelcomeToState._adjust,
    Write: WelcomeToState._write,
    Skip: WelcomeToState._skip,
    Fence: WelcomeToState._fence,
    Improve: WelcomeToState._improve,
    Park: WelcomeToState._park,
    Pool: WelcomeToState._pool,
    Extend: WelcomeToState._extend,
    Claim: WelcomeToState._claim,
    Mark: WelcomeToState._mark_estate,
    Finish: WelcomeToState._finish,
}


def _round_begins(round_: int, pairs: list[tuple[int, str]]) -> str:
    """The log's line for a round's start: its pairs."""
    return f"round {round_}: " + ", ".join(f"{n} with {a}" for n, a in pairs)


def _revealed(player: int, L: Layout, before: Sheet, after: Sheet) -> str:
    """The log's line for what ``player`` did this round, seen at the reveal (the
    sheets are never changed once revealed)."""
    return f"player {player}: {_describe(L, before, after)}"


def _describe(L: Layout, before: Sheet, after: Sheet) -> str:
    """What a player did this round, as the others see it at the reveal."""
    parts = []
    if after.refusals > before.refusals:
        parts.append("refused (no number fitted)")
    olds, news = before.numbers, after.numbers
    for index in compress(range(len(news)), map(ne, olds, news)):  # the houses changed
        new = news[index]
        if olds[index] == EMPTY and new != EMPTY:
            street = next(s for s in reversed(range(len(L.streets))) if L.first[s] <= index)
            house = index - L.first[street] + 1
            bis = "B" if after.bis >> index & 1 else ""
            parts.append(f"wrote {new}{bis} in house {house} of street {street + 1}")
    if after.temps > before.temps:
        parts.append("used a temporary worker")
    if after.fences != before.fences:
        parts.append("built a fence")
    if after.improvements != before.improvements:
        size = next(
            i + 1
            for i, (a, b) in enumerate(zip(before.improvements, after.improvements, strict=True))
            if a != b
        )
        parts.append(f"raised estates of size {size}")
    if after.parks != before.parks:
        parts.append("built a park")
    if after.pools != before.pools:
        parts.append("built a pool")
    for plan, (was, now) in enumerate(zip(before.plans, after.plans, strict=True)):
        if was is None and now is not None:
            parts.append(f"claimed plan {plan + 1} for {now} points")
    return "; ".join(parts) or "passed"
