"""Mr House, advanced variant: money and prices, loans, the office's choices, worker
cards with crews, the construction expo's privilege cards, the player order track,
the garage, and the scoring where an incomplete house loses.

The sections follow the rulebook's "The Advanced Variant". Movement is shared with
the basic variant (common.py); so is the house's structure (house.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from ...core import Action, Fields, Json, TieBreak, ranks
from ...core.loading import parse
from ...core.rng import Rng, seed_state
from . import house as H
from .actions import (
    ADVANCED_PLACE,
    BUILD,
    BUILD_GARAGE,
    BUY,
    CASH,
    CHOOSE_PRIVILEGE,
    CREW,
    FINISH_BUILDING,
    GARAGE,
    HIRE,
    KEEP,
    MATERIAL_INDEX,
    MATERIALS,
    OFFICE,
    PART_IDS,
    PART_INDEX,
    REMOVE,
    REMOVE_GARAGE,
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
from .checks import AdvancedJson, check_advanced, index_of
from .common import MrHouseState
from .content import MrHouseContent
from .explain import explain_advanced, explain_not_acting_advanced
from .house import GIVEN_UP_GARAGE, NO_GARAGE, NO_GARAGE_WALL, Garage
from .options import OFFICE as OFFICE_OPTION, OFFICE_HIGHEST_TWO, office_benefits
from .params import (
    CONSTRUCTION_EXPO,
    OFFICE as OFFICE_KIND,
    PLAYER_ORDER,
    STORE,
    WORK_NOTICE_BOARD,
    AdvancedParams,
    advanced_params,
)
from .phases import (
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


class MrHouseAdvancedState(MrHouseState):
    """A game of Mr House, advanced variant."""

    FIELDS = Fields(
        share="await_ chooser hired receipt pending",
        lists="money loans quality permit prices track worker_deck board_cards tired "
        "privilege_deck privilege_box expo_current expo_future garage",
        rows="spaces privileges",
    )
    __slots__ = FIELDS.names
    PLACE = ADVANCED_PLACE  # the canonical placements, named on this variant's board
    PHASE_NAMES = PHASE_NAMES
    PHASE_SECTIONS = PHASE_SECTIONS

    p: AdvancedParams
    content: MrHouseContent
    money: list[int]
    loans: list[int]
    quality: list[int]
    permit: list[bool]
    prices: list[int]  # the price table, by material
    track: list[int]  # the player order track: next turn's order
    worker_deck: list[int]  # face down; the top card is the last
    board_cards: list[tuple[int, int]]  # face up on the work notice board: (card, coins on it)
    spaces: list[list[int]]  # each player board's card spaces, left to right (-1: empty)
    tired: list[int]  # bitmask of tired workers: bit 0 the printed one, bit i space i
    privileges: list[list[int]]  # privilege cards each player holds
    privilege_deck: list[int]  # face down; the top card is the last
    privilege_box: list[int]  # the cards not dealt (hidden from everyone)
    expo_current: list[int]
    expo_future: list[int]
    garage: list[Garage]
    await_: int  # what the acting player is asked
    chooser: int  # who decides now in the purchases
    hired: int  # worker cards the chooser hired at the work notice board
    receipt: int  # the card being decided on receipt (-1: none)
    pending: tuple[int, int, int] | None  # the part waiting for its crew

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
        drawn = []
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
    def _pay(self, player: int, amount: int) -> None:
        """Pay ``amount``; at 0 or below, take loans (+20 each) until above 0."""
        self.money[player] -= amount
        while self.money[player] <= 0:
            self.money[player] += self.p.loan
            self.loans[player] += 1
            self.log.append(f"player {player} takes a loan")

    def _repay_loan(self, player: int, action: RepayLoan) -> bool:
        self.money[player] -= self.p.loan
        self.loans[player] -= 1
        self.log.append(f"player {player} repays a loan")
        return False

    def _raise_quality(self, player: int, points: int) -> None:
        p = self.p
        self.quality[player] = max(
            p.quality_start, min(p.quality_max, self.quality[player] + points)
        )

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

    # == Construction ===============================================================
    def _begin_construction(self) -> None:
        """Builders in this turn's order; one with nothing to decide is skipped."""
        self.phase, self.await_ = BUILDING, BUILDING_PART
        while self.builder < self.p.players:
            player = self._builder()
            if self._constructions(player) != [FINISH_BUILDING] or self._anytime(player):
                return
            self.builder += 1
        self._end_turn()

    def workers_available(self, player: int) -> list[tuple[int, int]]:
        """Rested workers: (slot, workers) for the printed worker (slot 0) and each card."""
        tired = self.tired[player]
        out = [] if tired & 1 else [(0, 1)]
        for i, card in enumerate(self.spaces[player]):
            if card != -1 and not tired & (2 << i):
                out.append((i + 1, self.p.worker_cards[card].workers))
        return out

    def _crews(self, player: int, part: int) -> list[int]:
        """Every crew for ``part``: rested cards whose workers reach the part's need,
        with no card to spare (ruling 23). As bitmasks of slots."""
        need = self.p.crew[part]
        if need <= 0:
            return [0]  # a part that needs nobody
        rested = self.workers_available(player)
        crews = []
        for size in range(1, len(rested) + 1):
            for combo in combinations(rested, size):
                total = sum(w for _, w in combo)
                if total >= need and all(total - w < need for _, w in combo):
                    crews.append(sum(1 << slot for slot, _ in combo))
        return sorted(crews)

    def _has_materials(self, player: int, part: int) -> bool:
        return all(h >= n for h, n in zip(self.store[player], self.p.recipes[part], strict=True))

    def _constructions(self, player: int) -> list[Action]:
        house = self.house[player]
        ground_door = self.ground_floor_door()
        out: list[Action] = []
        rested = sum(workers for _, workers in self.workers_available(player))
        for part in self.p.parts:
            # Some crew exists exactly when the rested workers reach the part's need.
            if rested < self.p.crew[part] or not self._has_materials(player, part):
                continue
            table = BUILD[part]
            out.extend(table[c][lv] for c, lv in H.placements(house, part, ground_door))
            if self._garage_spot(player, part):
                out.append(BUILD_GARAGE[PART_IDS[part]])
        out.extend(REMOVE[part][c][lv] for part, c, lv in H.removals(house))
        out.extend(REMOVE_GARAGE[PART_IDS[part]] for part in self._garage_parts(player))
        out.append(FINISH_BUILDING)
        return out

    def _garage_spot(self, player: int, part: int) -> bool:
        """Whether ``part`` can go on the garage now: one garage per player in the game
        (none after one is given up), its wall only once the house has a wall; then a
        door and a roof on it."""
        garage = self.garage[player]
        if part in H.WALLS:
            return garage.wall == NO_GARAGE_WALL and bool(self.house[player])
        if garage.wall < 0:
            return False
        if part == H.DOOR:
            return not garage.door
        return part in H.ROOFS and not garage.roof

    def _garage_parts(self, player: int) -> list[int]:
        garage = self.garage[player]
        if garage.wall < 0:
            return []
        return (
            [garage.wall]
            + ([H.DOOR] if garage.door else [])
            + ([garage.roof] if garage.roof else [])
        )

    def _build(self, player: int, action: Build) -> bool:
        part, column, level = PART_INDEX[action.part], action.column, action.level
        crews = self._crews(player, part)
        self.pending = (part, column, level)
        if len(crews) == 1:
            return self._crew(player, crews[0])
        self.await_ = CREW_CHOICE
        return False

    def _choose_crew(self, player: int, action: Crew) -> bool:
        return self._crew(player, action.slots)

    def _crew(self, player: int, mask: int) -> bool:
        assert self.pending is not None
        part, column, level = self.pending
        self.pending, self.await_ = None, BUILDING_PART
        store = self.store[player]
        for m, need in enumerate(self.p.recipes[part]):
            store[m] -= need
        self.tired[player] |= mask
        if column == GARAGE:
            g = self.garage[player]
            if part in H.WALLS:
                g = Garage(wall=part)
            elif part == H.DOOR:
                g = g._replace(door=True)
            else:
                g = g._replace(roof=part)
            self.garage[player] = g
            self.log.append(f"player {player} builds a {self.words.parts[part]} on the garage")
        else:
            self.house[player] = H.build(self.house[player], part, column, level)
            self.log.append(f"player {player} builds a {self.words.parts[part]}")
        return False

    def _remove(self, player: int, action: Remove) -> bool:
        part, column, level = PART_INDEX[action.part], action.column, action.level
        if column == GARAGE:
            g = self.garage[player]
            if part in H.WALLS:  # the garage's door and roof go with its wall, for good
                g = GIVEN_UP_GARAGE
            elif part == H.DOOR:
                g = g._replace(door=False)
            else:
                g = g._replace(roof=0)
            self.garage[player] = g
        else:
            self.house[player] = H.remove(self.house[player], part, column, level)
        self.log.append(f"player {player} gives up a {self.words.parts[part]}")
        return False

    def _finish(self, player: int, action: FinishBuilding) -> bool:
        return self._finish_building()

    def _finish_building(self) -> bool:
        self.builder += 1
        if self.builder < self.p.players:
            self._begin_construction()
        else:
            self._end_turn()
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

    # == Game End ===================================================================
    def garage_points(self, player: int) -> int:
        """A complete garage (wall and door) 5; a wall only 1; its parts not scored."""
        g = self.garage[player]
        if g.wall < 0:
            return 0
        return self.p.garage_complete_points if g.door else self.p.garage_wall_points

    def loan_points(self, player: int) -> int:
        table = self.p.loan_points
        return table[min(self.loans[player], len(table) - 1)]

    def privilege_points(self) -> list[int]:
        """For each colour, the players with the most cards (at least one) get 1 point;
        ties all score, and the cards of players who lose still count."""
        points = [0] * self.p.players
        for colour in self.p.colours:
            held = [
                sum(self.p.privilege_cards[c].colour == colour for c in cards)
                for cards in self.privileges
            ]
            most = max(held)
            if most:
                for player, n in enumerate(held):
                    points[player] += n == most
        return points

    def scores(self) -> list[Json]:
        p = self.p
        privilege = self.privilege_points()
        out = []
        for player in range(p.players):
            breakdown = self.part_points(player)
            breakdown |= {
                "garage": self.garage_points(player),
                "quality": self.quality[player],
                "privilege": privilege[player],
                "loans": self.loan_points(player),
            }
            out.append(
                {
                    "total": sum(breakdown.values()),
                    "breakdown": breakdown,
                    "complete": self.complete(player),
                }
            )
        return out

    def goals(self) -> dict[str, list[float]]:
        """A complete house (the only way to win) and the loans still owed at the end."""
        return super().goals() | {"loans": [float(n) for n in self.loans]}

    def size(self, player: int) -> int:
        """Walls and roofs, the garage's included: the last tie-break."""
        g = self.garage[player]
        return H.size(self.house[player]) + (g.wall >= 0) + bool(g.roof)

    def ranking(self) -> list[int]:
        """An incomplete house loses whatever its points: it ranks after every complete
        one. Then most points; then fewer loans, more money, higher quality, the bigger
        house; then a shared place."""
        # tie_breaks() has the complete house first: the keys are (-total, -complete, ...)
        keys = self.ranking_keys()
        return ranks([(complete, total, *rest) for total, complete, *rest in keys])

    def tie_breaks(self) -> list[TieBreak]:
        """As ``ranking``: an incomplete house loses; then "the player with fewer loans
        wins the tie", "more money", "the highest quality house", "largest house (total
        number of walls and roofs, including any garage)"."""
        players = range(self.p.players)
        return [
            TieBreak("a complete house", [int(self.complete(p)) for p in players]),
            TieBreak("fewer loans", [self.loans[p] for p in players], most=False),
            TieBreak("more money", [self.money[p] for p in players]),
            TieBreak("the higher quality", [self.quality[p] for p in players]),
            TieBreak("the larger house (walls and roofs, with the garage)",
                     [self.size(p) for p in players]),
        ]  # fmt: skip

    def winners(self) -> list[int]:
        """ "A player whose house is incomplete automatically loses. (In theory, everyone
        could lose.)": the first place's seats whose house is complete; none when no
        house is complete (an incomplete house ranks first only then)."""
        ranking = self.ranking()
        return [pl for pl in range(self.p.players) if ranking[pl] == 1 and self.complete(pl)]

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
        s = self.clone()
        rng = Rng(seed_state(seed, 1))
        s._resample_markers(player, rng)
        rng.deal(s.worker_deck)
        unseen = s.privilege_deck + s.privilege_box
        rng.deal(unseen)
        s.privilege_deck = unseen[: len(s.privilege_deck)]
        s.privilege_box = sorted(unseen[len(s.privilege_deck) :])
        s.rng = Rng(seed_state(seed, 2))
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
