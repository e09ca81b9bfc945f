"""Mr House, advanced variant: money and prices, loans, the office's choices, worker
cards with crews, the construction expo's privilege cards, the player order track,
the garage, and the scoring where an incomplete house loses.

The sections follow the rulebook's "The Advanced Variant": here the state, its setup,
money and loans, the next turn's preparation and what each seat sees; the purchases and
privilege cards in advanced_purchases.py, the construction in advanced_construction.py,
the scoring in advanced_scoring.py. Movement is shared with the basic variant
(common.py); so is the house's structure (house.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from housebuilders.core import Action, Json
from housebuilders.core.loading import parse
from housebuilders.core.rng import Rng, seed_state
from housebuilders.games.mr_house.actions import (
    ADVANCED_PLACE,
    BUY,
    CASH,
    CHOOSE_PRIVILEGE,
    CREW,
    HIRE,
    KEEP,
    MATERIALS,
    OFFICE,
    PART_IDS,
    REPAY_LOAN,
    STOP_HIRING,
    USE_PRIVILEGE,
    AdvancedPlaceMarker,
    Build,
    Buy,
    ChoosePrivilege,
    Crew,
    FinishBuilding,
    Hire,
    OfficeChoice,
    OnReceipt,
    PlaceMarker,
    Remove,
    RepayLoan,
    StopHiring,
    UsePrivilege,
)
from housebuilders.games.mr_house.advanced_construction import AdvancedConstruction
from housebuilders.games.mr_house.advanced_purchases import AdvancedPurchases
from housebuilders.games.mr_house.advanced_scoring import AdvancedScoring
from housebuilders.games.mr_house.checks import AdvancedJson, check_advanced, index_of
from housebuilders.games.mr_house.explain import explain_advanced, explain_not_acting_advanced
from housebuilders.games.mr_house.house import NO_GARAGE, Garage
from housebuilders.games.mr_house.options import OFFICE as OFFICE_OPTION, office_benefits
from housebuilders.games.mr_house.params import advanced_params
from housebuilders.games.mr_house.phases import (
    ADVANCED_PHASE_NAMES as PHASE_NAMES,
    AWAIT_NAMES,
    AWAIT_WORDS,
    BUILDING,
    BUILDING_PART,
    BUY_AT_STORE,
    CREW_CHOICE,
    EXPO_CHOICE,
    HIRING,
    MOVE,
    OFFICE_CHOICE,
    OVER,
    PHASE_SECTIONS,
    PURCHASES,
    RECEIPT,
)


class MrHouseAdvancedState(AdvancedPurchases, AdvancedConstruction, AdvancedScoring):
    """A game of Mr House, advanced variant."""

    __slots__ = ()
    PLACE = ADVANCED_PLACE  # the canonical placements, named on this variant's board
    PHASE_NAMES = PHASE_NAMES
    PHASE_SECTIONS = PHASE_SECTIONS

    # == Game Preparation ===========================================================
    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: dict[str, Any],
        content: Mapping[str, Any] | None = None,
    ) -> MrHouseAdvancedState:
        s = cls._fresh(players, seed, options, content, advanced_params)
        p = s.p
        # A random turn order; money 84/86/88/90 by order position.
        s.track = list(range(players))
        s.rng.shuffle(s.track)
        s.order = s.track[:]
        s.money = [0] * players
        for position, player in enumerate(s.track):
            s.money[player] = p.start_money[position]
        s.loans = [0] * players
        s.quality = [p.quality_start] * players
        s.permit = [False] * players
        s.prices = list(p.price_start)
        s.worker_deck = list(range(len(p.worker_cards)))
        s.rng.shuffle(s.worker_deck)
        s.board_cards = []
        s._replenish_board_cards()
        # 12 of the 15 privilege cards dealt face down; 2 current and 2 future.
        cards = list(range(len(p.privilege_cards)))
        s.rng.shuffle(cards)
        s.privilege_box = sorted(cards[p.privilege_dealt :])
        s.privilege_deck = cards[: p.privilege_dealt]
        s.expo_current = s._draw_privileges(p.expo_cards)
        s.expo_future = s._draw_privileges(p.expo_cards)
        s.spaces = [[-1] * p.card_spaces for _ in range(players)]
        s.tired = [0] * players
        s.privileges = [[] for _ in range(players)]
        s.garage = [NO_GARAGE] * players
        s._start_turn()
        return s

    def _draw_privileges(self, n: int) -> list[int]:
        drawn: list[int] = []
        while self.privilege_deck and len(drawn) < n:
            drawn.append(self.privilege_deck.pop())
        return drawn

    def _replenish_board_cards(self) -> None:
        while self.worker_deck and len(self.board_cards) < self.p.board_worker_cards:
            self.board_cards.append((self.worker_deck.pop(), 0))

    def _start_turn(self) -> None:
        super()._start_turn()
        self.await_, self.chooser = MOVE, -1
        self.hired = 0
        self.receipt, self.pending = -1, None

    # == the contract's queries =====================================================
    def _purchaser(self) -> int:
        return self.chooser

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.acting_players():
            return []
        wait = self.await_
        if wait == RECEIPT:
            return [KEEP, CASH]
        if wait == CREW_CHOICE:
            assert self.pending is not None
            return [CREW[mask] for mask in self._crews(player, self.pending[0])]
        return self._phase_moves(player, wait) + self._anytime(player)

    def _phase_moves(self, player: int, wait: int) -> list[Action]:
        """The moves the acting ``player`` is asked for, the anytime ones aside."""
        if wait == MOVE:
            return self._placements(player)
        if wait == BUY_AT_STORE:
            return self._store_offers(BUY)
        if wait == OFFICE_CHOICE:
            return [OFFICE[b] for b in self._office_benefits(player)]
        if wait == HIRING:
            return [*(HIRE[card] for card, _ in self.board_cards), STOP_HIRING]
        if wait == EXPO_CHOICE:
            return [CHOOSE_PRIVILEGE[card] for card in self.expo_current]
        return self._constructions(player)

    def search_actions(self, player: int) -> list[Action]:
        """The moves a search weighs; a person may make any legal one. Building (what,
        where, with which crew, and when to stop) is the move the heuristic's plan
        makes: a search that weighed "finish building" early would find it handed the
        move to the other side, whose exploring looks like good news. Privilege cards
        and repayments wait for the construction, where the plan decides them too."""
        wait = self.await_
        if player not in self.acting_players() or wait == RECEIPT:
            return self.legal_actions(player)
        if self.phase == BUILDING and wait in (BUILDING_PART, CREW_CHOICE):
            return [self.heuristic_choice(player, self.legal_actions(player))]
        return self._phase_moves(player, wait)

    def _anytime(self, player: int) -> list[Action]:
        """What a player may do whenever they may act: discard a privilege card for its
        special action, repay a loan."""
        out: list[Action] = [
            USE_PRIVILEGE[c] for c in self.privileges[player] if self._usable(player, c)
        ]
        if self.loans[player] and self.money[player] > self.p.loan:
            out.append(REPAY_LOAN)
        return out

    # == money and loans ============================================================
    def _repay_loan(self, player: int, action: RepayLoan) -> bool:
        self.money[player] -= self.p.loan
        self.loans[player] -= 1
        self.log.append(f"player {player} repays a loan")
        return False

    # == Preparation for the Next Turn ==============================================
    def _end_turn(self) -> None:
        p = self.p
        if self.turn == p.turns:
            # The game ends after the sixth turn (ruling 13: no preparation follows).
            self.phase = OVER
            self.log.append("the game is over")
            return
        # 1. Prices move by the stock left against the up threshold, within [min, max].
        for m in range(len(MATERIALS)):
            if self.supply[m] <= p.up_threshold[m]:
                self.prices[m] = min(p.price_max[m], self.prices[m] + 1)
            else:
                self.prices[m] = max(p.price_min[m], self.prices[m] - 1)
        # 2. Materials are replenished as at the setup.
        self.supply = [max(have, full) for have, full in zip(self.supply, p.stock, strict=True)]
        # 3. Worker cards left on the board get a coin; at price 0 a card leaves the game
        #    and a random new one replaces it; then the board is filled up.
        kept = []
        for card, coins in self.board_cards:
            if p.worker_cards[card].price - (coins + 1) > 0:
                kept.append((card, coins + 1))
            elif self.worker_deck:
                kept.append((self.worker_deck.pop(), 0))
        self.board_cards = kept
        self._replenish_board_cards()
        # 4. The expo: unused current cards go to the box, future cards become current.
        self.expo_current = self.expo_future
        self.expo_future = self._draw_privileges(p.expo_cards)
        # 5. Worker cards rest and shift one space right; off the end they leave.
        self.spaces = [[-1, *spaces[:-1]] for spaces in self.spaces]
        self.tired = [0] * p.players
        # 6. The turn marker; the order of the player order track.
        self.turn += 1
        self.order = self.track[:]
        self._start_turn()

    # == applying actions ===========================================================
    def _apply(self, player: int, action: Action) -> bool:
        turn = self.turn
        revealed = _HANDLERS[type(action)](self, player, action)
        return revealed or self.turn != turn  # a new turn turns cards face up

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        return explain_advanced(self, player, action)

    def _explain_not_acting(self, player: int, action: Any) -> tuple[str, str] | None:
        return explain_not_acting_advanced(self, player, action)

    def asked(self, player: int) -> str:
        return f"you are asked to {AWAIT_WORDS[self.await_]}"

    # == what each seat sees ========================================================
    def describe(self, action: Action) -> str:
        """As every variant's, a worker card on the work notice board with its price
        there (its coins taken off): "hire a worker card (2 workers) for 3"."""
        text = super().describe(action)
        if isinstance(action, Hire):
            coins = next((c for card, c in self.board_cards if card == action.card), None)
            if coins is not None:
                text += f" for {self.p.worker_cards[action.card].price - coins}"
        return text

    def observe(self, player: int | None) -> Json:
        p = self.p
        players = []
        for pl in range(p.players):
            entry = self._observe_player(pl, player)
            entry.update(
                money=self.money[pl],
                loans=self.loans[pl],
                quality=self.quality[pl],
                permit=self.permit[pl],
                worker_cards=[
                    None
                    if card == -1
                    else {**self._card_json(card), "tired": bool(self.tired[pl] & (2 << i))}
                    for i, card in enumerate(self.spaces[pl])
                ],
                printed_worker_tired=bool(self.tired[pl] & 1),
                privileges=[self._privilege_json(c) for c in self.privileges[pl]],
                garage=self._garage_json(pl),
            )
            players.append(entry)
        obs: Json = {
            "game": self.spec.id,
            "you": player,
            "turn": self.turn,
            "turns": p.turns,
            "phase": PHASE_NAMES[self.phase],
            "asked": AWAIT_NAMES[self.await_],
            "first_player": self.order[0],
            "order": list(self.order),
            "player_order_track": list(self.track),
            "acting": list(self.acting_players()),
            "part_names": dict(self.words.part_names),
            "parts": self._observe_parts(),
            "board": {
                "stores": dict(zip(MATERIALS, self.supply, strict=True)),
                "prices": dict(zip(MATERIALS, self.prices, strict=True)),
                "office_benefits": office_benefits(self.setup["options"][OFFICE_OPTION.name]),
                "worker_cards": [
                    {
                        **self._card_json(card),
                        "coins": coins,
                        "price": p.worker_cards[card].price - coins,
                    }
                    for card, coins in self.board_cards
                ],
                "worker_deck": len(self.worker_deck),
                "expo_current": [self._privilege_json(c) for c in self.expo_current],
                "expo_future": [self._privilege_json(c) for c in self.expo_future],
                "privilege_deck": len(self.privilege_deck),
                "locations": self._observe_locations(player),
            },
            "players": players,
        }
        if self.phase == PURCHASES:
            obs["purchase"] = {"location": self.loc, "marker": self.pos}
        if self.phase == BUILDING:
            obs["construction"] = {"builder": self._builder()}
            if self.pending is not None:
                part, column, level = self.pending
                obs["construction"]["pending"] = {
                    "part": PART_IDS[part],
                    "column": column,
                    "level": level,
                }
        return obs

    def _card_json(self, card: int) -> Json:
        spec = self.p.worker_cards[card]
        return {"card": card, "workers": spec.workers, "stars": spec.stars}

    def _privilege_json(self, card: int) -> Json:
        spec = self.p.privilege_cards[card]
        return {"card": card, "name": spec.name, "colour": spec.colour, "effect": spec.effect,
                "does": spec.does()}  # fmt: skip

    def _garage_json(self, pl: int) -> Json | None:
        g = self.garage[pl]
        if g.wall < 0:
            return None
        return {
            "wall": PART_IDS[g.wall],
            "door": g.door,
            "roof": PART_IDS[g.roof] if g.roof else None,
        }

    # == copies =====================================================================
    def determinize(self, player: int, seed: int) -> MrHouseAdvancedState:
        """Resample what ``player`` cannot see: the opponents' face-down marker values,
        the worker deck's order, and which privilege cards are in the deck (and in
        what order) and which were left in the box."""
        s = self.resampled(seed, stream=2)
        rng = Rng(seed_state(seed, 1))
        s._resample_markers(player, rng)
        rng.deal(s.worker_deck)
        unseen = s.privilege_deck + s.privilege_box
        rng.deal(unseen)
        s.privilege_deck = unseen[: len(s.privilege_deck)]
        s.privilege_box = sorted(unseen[len(s.privilege_deck) :])
        return s

    # == JSON =======================================================================
    def _json(self) -> Json:
        return {
            **super()._json(),
            "prices": dict(zip(MATERIALS, self.prices, strict=True)),
            "player_order_track": list(self.track),
            "worker_deck": list(self.worker_deck),
            "board_cards": [list(x) for x in self.board_cards],
            "privilege_deck": list(self.privilege_deck),
            "privilege_box": list(self.privilege_box),
            "expo_current": list(self.expo_current),
            "expo_future": list(self.expo_future),
            "asked": AWAIT_NAMES[self.await_],
            "chooser": self.chooser,
            "hired": self.hired,
            "receipt": self.receipt,
            "pending": list(self.pending) if self.pending is not None else None,
            "player_state": [
                {
                    **self._player_json_common(pl),
                    "money": self.money[pl],
                    "loans": self.loans[pl],
                    "quality": self.quality[pl],
                    "permit": self.permit[pl],
                    "worker_spaces": list(self.spaces[pl]),
                    "tired": self.tired[pl],
                    "privileges": list(self.privileges[pl]),
                    "garage": list(self.garage[pl]),
                }
                for pl in range(self.p.players)
            ],
        }

    @classmethod
    def from_json(cls, d: Json) -> MrHouseAdvancedState:
        """The state ``to_json`` saved; StateError if it is malformed or inconsistent
        (checks.py)."""
        parse(AdvancedJson, d)
        s, ps = cls._loaded(d, advanced_params)
        s.prices = [d["prices"][m] for m in MATERIALS]
        s.track = list(d["player_order_track"])
        s.worker_deck = list(d["worker_deck"])
        s.board_cards = [tuple(x) for x in d["board_cards"]]
        s.privilege_deck = list(d["privilege_deck"])
        s.privilege_box = list(d["privilege_box"])
        s.expo_current = list(d["expo_current"])
        s.expo_future = list(d["expo_future"])
        s.await_ = index_of("asked", d["asked"], AWAIT_NAMES)
        s.chooser, s.hired, s.receipt = d["chooser"], d["hired"], d["receipt"]
        s.pending = tuple(d["pending"]) if d["pending"] is not None else None
        s.money = [e["money"] for e in ps]
        s.loans = [e["loans"] for e in ps]
        s.quality = [e["quality"] for e in ps]
        s.permit = [e["permit"] for e in ps]
        s.spaces = [list(e["worker_spaces"]) for e in ps]
        s.tired = [e["tired"] for e in ps]
        s.privileges = [list(e["privileges"]) for e in ps]
        s.garage = [Garage(*e["garage"]) for e in ps]
        check_advanced(s)
        return s


_HANDLERS: dict[type, Any] = {
    AdvancedPlaceMarker: MrHouseAdvancedState._place,
    PlaceMarker: MrHouseAdvancedState._place,  # the same move as a tuple: the check lets it in
    Buy: MrHouseAdvancedState._buy,
    OfficeChoice: MrHouseAdvancedState._office,
    Hire: MrHouseAdvancedState._hire,
    StopHiring: MrHouseAdvancedState._stop_hiring,
    ChoosePrivilege: MrHouseAdvancedState._choose_privilege,
    OnReceipt: MrHouseAdvancedState._on_receipt,
    UsePrivilege: MrHouseAdvancedState._use_privilege,
    RepayLoan: MrHouseAdvancedState._repay_loan,
    Build: MrHouseAdvancedState._build,
    Crew: MrHouseAdvancedState._choose_crew,
    Remove: MrHouseAdvancedState._remove,
    FinishBuilding: MrHouseAdvancedState._finish,
}
