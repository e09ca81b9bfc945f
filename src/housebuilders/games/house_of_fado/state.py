"""House of Fado's rules (the rulebook house-of-fado.txt), the ids of its rules checklist
in comments (HF-1 to HF-139); the rulings for its open questions are on
docs/games/house-of-fado.md.

A turn: the active player places a worker (or moves one, HF-25), a piece on that
space is kicked out (its owner puts it on a kick-out space and may take the bonus),
in the 2-player variant an assistant may be left on the space the worker vacated,
then the location's action; at the end of the turn the street refills (Q21).

This module holds the state's fields, the new game, the queries every part of a turn
asks, the legal actions, the end of a turn and the dispatch of a move (``_HANDLERS``:
an action's class to the method that plays it). The rules of each part of the turn are
in their own module, a class of methods the state inherits: placing.py (placing, kick-outs
and assistants), locations.py (the four locations), closing.py (closing the restaurant),
scoring.py (prestige, stars and points); seen.py holds what a seat sees."""

from __future__ import annotations

from typing import Any

from housebuilders.core import Action, Json
from housebuilders.core.loading import parse
from housebuilders.games.house_of_fado import explain
from housebuilders.games.house_of_fado.actions import (
    ACTION_SPACES,
    CRITIC_TO,
    DISMISSES,
    DONE,
    FREES,
    KEEP_SIX,
    KICKS,
    NO_BONUS,
    REMOVE_OWN,
    REMOVE_SIX,
    RETURN_OWN,
    BonusCustomer,
    BonusFame,
    BonusMoney,
    BonusNote,
    BringCritic,
    Contract,
    CriticTo,
    Dismiss,
    Done,
    FreeKickout,
    GainNote,
    Hire,
    KeepSix,
    KickTo,
    LeaveAssistant,
    Move,
    NoAssistant,
    NoBonus,
    Place,
    Promote,
    Raise,
    RemoveOwnAssistant,
    RemoveSix,
    ReturnOwnAssistant,
    ScoreFado,
    Seat,
)
from housebuilders.games.house_of_fado.checks import HouseOfFadoJson, check
from housebuilders.games.house_of_fado.closing import Closing
from housebuilders.games.house_of_fado.content import EARNED, TYPES
from housebuilders.games.house_of_fado.deal import NONE, SUPPLY, setup
from housebuilders.games.house_of_fado.locations import Locations
from housebuilders.games.house_of_fado.phases import (
    ASKED,
    ASSISTANT,
    BILLBOARD as BILLBOARD_PHASE,
    BONUS,
    CRITIC,
    DISMISS,
    KICK,
    MARKET as MARKET_PHASE,
    OVER,
    OWN_ASSISTANT,
    PLACE,
    RAISE,
    REHEARSAL as REHEARSAL_PHASE,
    SECTIONS,
    SIX,
    STREET as STREET_PHASE,
)
from housebuilders.games.house_of_fado.placing import Placing
from housebuilders.games.house_of_fado.scoring import Scoring
from housebuilders.games.house_of_fado.seen import Seen


class HouseOfFadoState(Placing, Locations, Closing, Scoring, Seen):
    __slots__ = ()

    # == setup (HF-1 to HF-20) ==========================================================
    @classmethod
    def new(
        cls, players: int, seed: int, options: dict[str, Any], content: Any = None
    ) -> HouseOfFadoState:
        s = cls._begin(seed, options, content)
        t = setup(s.content, players, s.rng, promos=options["promos"],
                  assistants=options["assistants"])  # fmt: skip
        s.first = s.turn = s.decider = t.first
        s.phase, s.ending, s.origin, s.target, s.bonus_space = PLACE, False, NONE, NONE, NONE
        s.extra, s.joao, s.resume = 0, False, ""
        s.market, s.fame, s.note_supply = t.market, t.fame, t.note_supply
        s.display, s.stack, s.bag, s.discard = t.display, t.stack, t.bag, t.discard
        s.groups, s.critics, s.billboard_tiles = t.groups, t.critics, t.billboard_tiles
        s.star_owner, s.star_tiles = t.star_owner, [NONE] * TYPES
        s.billboard, s.billboard_cubes = [NONE] * TYPES, [[0] * players for _ in range(TYPES)]
        s.removed, s.rising = [], []
        s.money, s.workers, s.assistants = t.money, t.workers, t.assistants
        s.cubes_removed, s.musicians, s.notes = t.cubes_removed, t.musicians, t.notes
        s.tables = [[[] for _ in s.content.tables] for _ in range(players)]
        s.bar, s.critic, s.fado_scored = t.bar, t.critic, t.fado_scored
        s.earned = [[0] * len(EARNED) for _ in range(players)]
        return s

    # == queries ========================================================================
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def acting_players(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.decider,)

    def goals(self) -> dict[str, list[float]]:
        """The stars each seat holds and the fado tiles it scored (the tie-breaks), and
        the turns it played: the game has no rounds (HF-21), a turn begins with a worker
        placed or moved (HF-22, HF-26), and the game ends with the turn of the seat
        before the first player (HF-119, HF-120), so every seat plays as many turns."""
        players = range(self.num_players)
        turns = [0] * self.num_players
        for player, action in self.history:
            if isinstance(action, (Place, Move)):
                turns[player] += 1
        return {
            "stars": [float(self.stars(p)) for p in players],
            "fado tiles": [float(len(self.fado_scored[p])) for p in players],
            "turns": [float(n) for n in turns],
        }

    def standing(self, player: int) -> dict[str, float]:
        """The seat's money, its musicians, stars and fado tiles."""
        return {
            "money": float(self.money[player]),
            "musicians": float(sum(tile != NONE for tile in self.musicians[player])),
            "stars": float(self.stars(player)),
            "fado tiles": float(len(self.fado_scored[player])),
        }

    # == legal actions ==================================================================
    def legal_actions(self, player: int) -> list[Action]:
        if player != self.decider or self.phase == OVER:
            return []
        phase = self.phase
        if phase == PLACE:
            return self.placements(player)
        if phase == KICK:
            return [KICKS[s - ACTION_SPACES] for s in self._free_kickouts()]
        if phase == BONUS:
            return [*self.bonuses(player), NO_BONUS]
        if phase == MARKET_PHASE:
            return [*self.hires(player), DONE]
        if phase == STREET_PHASE:
            return [*self.street_choices(player), DONE]
        if phase == REHEARSAL_PHASE:
            return [*self.rehearsal_choices(player), DONE]
        if phase == BILLBOARD_PHASE:
            return [*self.billboard_choices(player), DONE]
        if phase == RAISE:
            return [*self.raises(player), DONE]
        if phase == SIX:
            return [REMOVE_SIX[self.rising[0]], KEEP_SIX[self.rising[0]]]
        if phase == DISMISS:
            return [DISMISSES[t] for t in range(TYPES) if self.musicians[player][t] != NONE] + [
                DONE
            ]
        if phase == CRITIC:
            return [CRITIC_TO[g] for g, critic in enumerate(self.critics) if not critic]
        if phase == ASSISTANT:
            return self.assistant_sources(player)
        if phase == OWN_ASSISTANT:  # HF-136
            return [REMOVE_OWN, RETURN_OWN] if self.may_return_own() else [REMOVE_OWN]
        return [FREES[s - ACTION_SPACES] for s in self.freeable()]  # OVERFLOW

    # == moves ==========================================================================
    def _apply(self, player: int, action: Action) -> bool:
        handler = _HANDLERS[type(action)]
        return handler(self, player, action)

    # == the end of a turn (HF-106 to HF-108, HF-119, HF-120) ==========================
    def last_seat(self) -> int:
        """The seat before the first player: the round ends with its turn."""
        return (self.first - 1) % self.num_players

    def _end_turn(self) -> bool:
        """Q21: the street refills; then the next player, or the end (HF-119, HF-120)."""
        drew = self._refill()
        self.origin = self.target = self.bonus_space = NONE
        if self.ending and self.turn == self.last_seat():
            self.phase = OVER
            self.log.append("the game is over")
            return drew
        self.turn = self.decider = (self.turn + 1) % self.num_players
        self.phase = PLACE
        return drew

    def _refill(self) -> bool:
        """HF-106 to HF-108, Q22: groups with 0 or 1 customers, left to right."""
        customers, drew = self.content.customers, False
        for group in self.groups:
            if len(group) > customers.refill_at:
                continue
            while len(group) < customers.group_size:
                if not self.bag:
                    if not self.discard:
                        break
                    self.bag, self.discard = self.discard, []
                bag = self.bag
                i = self.rng.below(len(bag))
                bag[i], bag[-1] = bag[-1], bag[i]
                group.append(bag.pop())
                drew = True
        return drew

    # == the public log (every move is made in the open; the stack's order never shows) ==
    # == refusals =======================================================================
    def _phase_section(self) -> str:
        return SECTIONS[self.phase]

    def asked(self, player: int) -> str:
        if self.phase == PLACE and SUPPLY not in self.workers[player]:  # HF-25
            return "you are asked to move one of your workers to another location's action space"
        return f"you are asked to {ASKED[self.phase]}"

    def describe(self, action: Action) -> str:
        return explain.describe(self, action)

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        return explain.illegal(self, player, action)

    # == saved state ====================================================================
    @classmethod
    def from_json(cls, d: Json) -> HouseOfFadoState:
        parse(HouseOfFadoJson, d)
        s = cls._restore(d, len(d["money"]), field="money")
        s._load_fields(d)
        check(s)
        return s


_HANDLERS: dict[type, Any] = {
    Place: HouseOfFadoState._place,
    Move: HouseOfFadoState._place,
    KickTo: HouseOfFadoState._kick_to,
    FreeKickout: HouseOfFadoState._free,
    RemoveOwnAssistant: HouseOfFadoState._own_assistant,
    ReturnOwnAssistant: HouseOfFadoState._own_assistant,
    LeaveAssistant: HouseOfFadoState._leave,
    NoAssistant: HouseOfFadoState._leave,
    BonusMoney: HouseOfFadoState._bonus,
    BonusNote: HouseOfFadoState._bonus,
    BonusCustomer: HouseOfFadoState._bonus,
    BonusFame: HouseOfFadoState._bonus,
    NoBonus: HouseOfFadoState._no_bonus,
    Hire: HouseOfFadoState._hire,
    Seat: HouseOfFadoState._seat,
    BringCritic: HouseOfFadoState._bring_critic,
    ScoreFado: HouseOfFadoState._score_fado,
    GainNote: HouseOfFadoState._gain_note,
    Promote: HouseOfFadoState._promote,
    Contract: HouseOfFadoState._contract,
    Done: HouseOfFadoState._done,
    Raise: HouseOfFadoState._raise,
    RemoveSix: HouseOfFadoState._six,
    KeepSix: HouseOfFadoState._six,
    Dismiss: HouseOfFadoState._dismiss,
    CriticTo: HouseOfFadoState._critic_to,
}
