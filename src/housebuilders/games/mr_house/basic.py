"""Mr House, basic variant: the state and every rule, phase by phase.

The sections below follow the rulebook's "Basic Variant": Game Preparation,
Movement Around the City, Purchases, Construction, Preparation for the Next Turn
and Game End. Where the rulebook is silent the rulings of docs/games/mr-house.md
apply; a comment names the ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from housebuilders.core import Action, Fields, Json, TieBreak, scored
from housebuilders.core.loading import parse
from housebuilders.core.rng import Rng, seed_state
from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.actions import (
    BUILD,
    COIN_MATERIALS,
    FINISH_BUILDING,
    MATERIAL_INDEX,
    MATERIALS,
    PART_IDS,
    PART_INDEX,
    PLACE,
    PREPARE,
    REMOVE,
    SPEND_COIN,
    START_BUILDING,
    TAKE,
    AdvancedPlaceMarker,
    Build,
    FinishBuilding,
    PlaceMarker,
    Prepare,
    Remove,
    SpendCoin,
    StartBuilding,
    Take,
)
from housebuilders.games.mr_house.checks import BasicJson, check_basic, index_of
from housebuilders.games.mr_house.common import MrHouseState
from housebuilders.games.mr_house.content import BASIC_PART_IDS, MrHouseContent
from housebuilders.games.mr_house.explain import explain_basic
from housebuilders.games.mr_house.params import (
    BANK,
    OFFICE,
    WORK_NOTICE_BOARD,
    BasicParams,
    basic_params,
)
from housebuilders.games.mr_house.phases import (
    BASIC_PHASE_NAMES as PHASE_NAMES,
    MOVEMENT,
    OVER,
    PHASE_SECTIONS,
    PREPARING,
    PURCHASES,
    ROLLING,
)

_COIN_MATERIAL_INDEXES = tuple(MATERIAL_INDEX[m] for m in COIN_MATERIALS)
_SPEND = tuple(SPEND_COIN[i] for i in _COIN_MATERIAL_INDEXES)


class MrHouseBasicState(MrHouseState):
    """A game of Mr House, basic variant."""

    FIELDS = Fields(share="board_workers deck permit_given", lists="coins permit workers groups")
    __slots__ = FIELDS.names
    PLACE = PLACE  # the canonical placements, named on this variant's board
    PHASE_NAMES = PHASE_NAMES
    PHASE_SECTIONS = PHASE_SECTIONS

    p: BasicParams
    content: MrHouseContent
    board_workers: int  # face-down worker cards on the work notice board
    deck: int  # worker cards left in the deck
    coins: list[int]
    permit: list[bool]
    workers: list[int]  # hired worker cards on each player board
    permit_given: bool  # the office's single permit of this turn
    groups: list[int]  # construction: the builder's prepared groups (parts)

    # == Game Preparation ===========================================================
    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: dict[str, Any],
        content: Mapping[str, Any] | None = None,
    ) -> MrHouseBasicState:
        s = cls._fresh(players, seed, options, content, basic_params)
        s.order = list(range(players))  # seat 0 is the first player (ruling 17)
        s.deck = s.p.worker_deck
        s.board_workers = 0
        s._replenish_workers()
        s.coins = [0] * players
        s.permit = [False] * players
        s.workers = [0] * players
        s._start_turn()
        return s

    def _replenish_workers(self) -> None:
        draw = min(self.p.board_worker_cards - self.board_workers, self.deck)
        if draw > 0:
            self.board_workers += draw
            self.deck -= draw

    def _start_turn(self) -> None:
        super()._start_turn()
        self.permit_given = False
        self.groups = []

    # == the contract's queries =====================================================
    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.acting_players():
            return []
        phase = self.phase
        if phase == MOVEMENT:
            out = self._placements(player)
        elif phase == PURCHASES:
            out = self._store_offers(TAKE)
        elif phase == PREPARING:
            out = self._preparations(player)
        else:
            return self._rolls(player)
        if self.coins[player]:
            out.extend(_SPEND)
        return out

    def search_actions(self, player: int) -> list[Action]:
        """The moves a search weighs; a person may make any legal one. At a store,
        the most the marker allows (taking less only leaves it to the next marker);
        no coin spent before preparing, where a group needs it; no part given up; and
        in preparation the move the heuristic's plan makes (prepare what the plan
        builds, then start): a search that weighed "start building" early would find
        it handed the move to the other side, whose exploring looks like good news."""
        legal = self.legal_actions(player)
        phase = self.phase
        if phase == MOVEMENT:
            return [a for a in legal if a.kind == "place"]
        if phase == PURCHASES:
            takes = [a for a in legal if a.kind == "take"]
            return takes[-1:] or legal
        if phase == ROLLING:
            return [a for a in legal if a.kind != "remove"] or legal
        return [self.heuristic_choice(player, legal)]

    # == Purchases ==================================================================
    def _purchase(self, player: int, value: int) -> bool:
        """Resolve a non-zero marker; False if its owner must choose (a store)."""
        kind = self.p.kinds[self.loc]
        if kind == BANK:  # each player receives only 1 coin
            self.coins[player] += 1
            self.log.append(f"player {player} receives a coin at the bank")
        elif kind == OFFICE:
            # Only one permit: the first non-zero marker whose owner has none.
            if not self.permit_given and not self.permit[player]:
                self.permit[player] = self.permit_given = True
                self.log.append(f"player {player} receives a building permit")
        elif kind == WORK_NOTICE_BOARD:
            # Only 1 worker card each; nothing once the cards are gone, nor for a
            # full player board (ruling 16).
            if self.board_workers and self.workers[player] < self.p.player_worker_spaces:
                self.board_workers -= 1
                self.workers[player] += 1
                self.log.append(f"player {player} hires a worker")
        else:
            return not self.supply[self.p.material_at[self.loc]]
        return True

    def _take(self, player: int, action: Take) -> bool:
        material, count = MATERIAL_INDEX[action.material], action.count
        self.supply[material] -= count
        self.store[player][material] += count
        self.log.append(f"player {player} takes {count} {MATERIALS[material]}")
        self.pos += 1
        return self._resolve_purchases()

    def _spend_coin(self, player: int, action: SpendCoin) -> bool:
        material = MATERIAL_INDEX[action.material]
        self.coins[player] -= 1
        self.store[player][material] += 1
        self.log.append(f"player {player} spends a coin on 1 {MATERIALS[material]}")
        return False

    # == Construction ===============================================================
    def quality(self, player: int) -> int:
        """Quality of the construction company: 1 + the number of workers, the printed
        permanent worker included (the rulebook's example: 1 + 2 = 3 for the printed
        worker and one hired card). A basic worker card counts as one worker (ruling 9)."""
        return 2 + self.workers[player]

    def _begin_construction(self) -> None:
        """Skip builders with nothing at all to decide."""
        while self.builder < self.p.players:
            player = self._builder()
            if self.coins[player] or self.house[player] or self._preparable(player):
                self.phase = PREPARING
                return
            self.builder += 1
        self._end_turn()

    def _preparable(self, player: int) -> list[int]:
        store = self.store[player]
        recipes = self.p.recipes
        return [
            part
            for part in self.p.parts
            if all(have >= need for have, need in zip(store, recipes[part], strict=True))
        ]

    def _preparations(self, player: int) -> list[Action]:
        out: list[Action] = [PREPARE[part] for part in self._preparable(player)]
        out.extend(self._removals(player))
        out.append(START_BUILDING)
        return out

    def _removals(self, player: int) -> list[Action]:
        return [REMOVE[part][c][lv] for part, c, lv in H.removals(self.house[player])]

    def _rolls(self, player: int) -> list[Action]:
        house = self.house[player]
        ground_door = self.ground_floor_door()
        out: list[Action] = []
        for part in sorted(set(self.groups)):
            table = BUILD[part]
            out.extend(table[c][lv] for c, lv in H.placements(house, part, ground_door))
        if not out:
            out.append(FINISH_BUILDING)
        out.extend(self._removals(player))
        return out

    def _prepare(self, player: int, action: Prepare) -> bool:
        part = PART_INDEX[action.part]
        store = self.store[player]
        for m, need in enumerate(self.p.recipes[part]):
            store[m] -= need
        self.groups.append(part)
        return False

    def _start_building(self, player: int, action: StartBuilding) -> bool:
        if self.groups:
            self.phase = ROLLING
            self.log.append(
                f"player {player} prepared: " + ", ".join(self.words.parts[g] for g in self.groups)
            )
            return self._finish_if_nothing_left(player)
        return self._next_builder()

    def _finish_if_nothing_left(self, player: int) -> bool:
        """Rolling, with no group to place and no part to give up: finishing is the
        only choice, so it is made without asking."""
        if not self.groups or self._rolls(player) == [FINISH_BUILDING]:
            return self._finish_building(player)
        return False

    def _build(self, player: int, action: Build) -> bool:
        part, column, level = PART_INDEX[action.part], action.column, action.level
        self.groups.remove(part)
        roll = self.rng.roll(self.p.die_sides)
        quality = self.quality(player)
        if roll <= quality:
            self.house[player] = H.build(self.house[player], part, column, level)
            self.log.append(
                f"player {player} rolls {roll} (quality {quality}): builds a "
                f"{self.words.parts[part]}"
            )
        else:
            # Failed: the group's materials return to the storehouse.
            store = self.store[player]
            for m, need in enumerate(self.p.recipes[part]):
                store[m] += need
            self.log.append(
                f"player {player} rolls {roll} (quality {quality}): the "
                f"{self.words.parts[part]} fails"
            )
        self._finish_if_nothing_left(player)
        return True

    def _remove(self, player: int, action: Remove) -> bool:
        part, column, level = PART_INDEX[action.part], action.column, action.level
        self.house[player] = H.remove(self.house[player], part, column, level)
        self.log.append(f"player {player} gives up a {self.words.parts[part]}")
        return self._finish_if_nothing_left(player) if self.phase == ROLLING else False

    def _finish(self, player: int, action: FinishBuilding) -> bool:
        return self._finish_building(player)

    def _finish_building(self, player: int) -> bool:
        store = self.store[player]
        for part in self.groups:
            for m, need in enumerate(self.p.recipes[part]):
                store[m] += need
        self.groups = []
        return self._next_builder()

    def _next_builder(self) -> bool:
        self.builder += 1
        self._begin_construction()
        return False

    # == Preparation for the Next Turn and Game End =================================
    def _end_turn(self) -> None:
        if self.turn == self.p.turns:
            # The game ends after the sixth turn (ruling 13: no preparation follows).
            self.phase = OVER
            self.log.append("the game is over")
            return
        self.turn += 1
        self.supply = [
            max(have, full) for have, full in zip(self.supply, self.p.stock, strict=True)
        ]
        self._replenish_workers()
        # The player to the left of the first player becomes the first player.
        self.order = self.order[1:] + self.order[:1]
        self._start_turn()

    # == applying actions ===========================================================
    def _apply(self, player: int, action: Action) -> bool:
        return _HANDLERS[type(action)](self, player, action)

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        return explain_basic(self, player, action)

    def asked(self, player: int) -> str:
        return f"this is the {PHASE_NAMES[self.phase]} phase"

    # == scoring ====================================================================
    def scores(self) -> list[Json]:
        p = self.p
        bonus = coin_bonus(self.coins, p.coin_bonus)
        out = []
        for player in range(p.players):
            breakdown = self.part_points(player)
            breakdown |= {
                "coins": bonus[player],
                "complete_house": p.complete_house_points if self.complete(player) else 0,
            }
            out.append(scored(breakdown))
        return out

    def tie_breaks(self) -> list[TieBreak]:
        """ "In case of a tie, then the player who built a bigger house (total number of
        walls and roofs) wins the tie. If there is still a tie, then the player who has
        the fewest building materials left wins the tie."""
        players = range(self.p.players)
        sizes = [H.size(self.house[p]) for p in players]
        left = [sum(self.store[p]) for p in players]
        return [
            TieBreak("the bigger house (walls and roofs)", sizes),
            TieBreak("the fewest building materials left", left, most=False),
        ]

    # == what each seat sees ========================================================
    def observe(self, player: int | None) -> Json:
        players = []
        for pl in range(self.p.players):
            entry = self._observe_player(pl, player)
            entry.update(
                coins=self.coins[pl],
                permit=self.permit[pl],
                workers=self.workers[pl],
                quality=self.quality(pl),
            )
            players.append(entry)
        obs: Json = {
            "game": self.spec.id,
            "you": player,
            "turn": self.turn,
            "turns": self.p.turns,
            "phase": PHASE_NAMES[self.phase],
            "first_player": self.order[0],
            "acting": list(self.acting_players()),
            "part_names": dict(self.words.part_names),
            "parts": self._observe_parts(),
            "board": {
                "stores": dict(zip(MATERIALS, self.supply, strict=True)),
                "worker_cards": self.board_workers,
                "worker_deck": self.deck,
                "locations": self._observe_locations(player),
            },
            "players": players,
        }
        if self.phase == PURCHASES:
            obs["purchase"] = {"location": self.loc, "marker": self.pos}
        if self.phase in (PREPARING, ROLLING):
            obs["construction"] = {
                "builder": self._builder(),
                "groups": [PART_IDS[g] for g in self.groups],
            }
        return obs

    # == copies =====================================================================
    def determinize(self, player: int, seed: int) -> MrHouseBasicState:
        """Resample the opponents' face-down marker values (over their unrevealed
        placed markers and the markers in their hands) and all future dice. The basic
        variant's face-down worker cards are all alike (ruling 21): nothing to deal."""
        s = self.resampled(seed, stream=2)
        s._resample_markers(player, Rng(seed_state(seed, 1)))
        return s

    # == JSON =======================================================================
    def _json(self) -> Json:
        return {
            **super()._json(),
            "board_workers": self.board_workers,
            "worker_deck": self.deck,
            "permit_given": self.permit_given,
            "groups": [PART_IDS[g] for g in self.groups],
            "player_state": [
                {
                    **self._player_json_common(pl),
                    "coins": self.coins[pl],
                    "permit": self.permit[pl],
                    "workers": self.workers[pl],
                }
                for pl in range(self.p.players)
            ],
        }

    @classmethod
    def from_json(cls, d: Json) -> MrHouseBasicState:
        """The state ``to_json`` saved; StateError if it is malformed or inconsistent
        (checks.py)."""
        parse(BasicJson, d)
        s, ps = cls._loaded(d, basic_params)
        s.board_workers, s.deck = d["board_workers"], d["worker_deck"]
        s.coins = [e["coins"] for e in ps]
        s.permit = [e["permit"] for e in ps]
        s.workers = [e["workers"] for e in ps]
        s.permit_given = d["permit_given"]
        s.groups = [index_of("groups", g, BASIC_PART_IDS) for g in d["groups"]]
        check_basic(s)
        return s


_HANDLERS: dict[type, Any] = {
    PlaceMarker: MrHouseBasicState._place,
    AdvancedPlaceMarker: MrHouseBasicState._place,  # the same move as a tuple: the check lets it in
    Take: MrHouseBasicState._take,
    SpendCoin: MrHouseBasicState._spend_coin,
    Prepare: MrHouseBasicState._prepare,
    StartBuilding: MrHouseBasicState._start_building,
    Build: MrHouseBasicState._build,
    Remove: MrHouseBasicState._remove,
    FinishBuilding: MrHouseBasicState._finish,
}


def coin_bonus(coins: list[int], bonus: tuple[int, int]) -> list[int]:
    """Unused coins: most unspent coins 2 points, second most 1; tied first places all
    score 2 and no second place is awarded; tied second places all score 1; a player
    needs at least 1 coin to earn either."""
    ranked = sorted({c for c in coins if c > 0}, reverse=True)
    if not ranked:
        return [0] * len(coins)
    top = ranked[0]
    winners = coins.count(top)
    second = ranked[1] if winners == 1 and len(ranked) > 1 else None
    return [bonus[0] if c == top else bonus[1] if c == second else 0 for c in coins]
