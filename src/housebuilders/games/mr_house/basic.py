"""Mr House, basic variant: the state and every rule, phase by phase.

The sections below follow the rulebook's "Basic Variant": Game Preparation,
Movement Around the City, Purchases, Construction, Preparation for the Next Turn
and Game End. Where the rulebook is silent the rulings of docs/games/mr-house.md
apply; a comment names the ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Action, Json, Rng, State
from ...core.rng import seed_state
from . import house as H
from .actions import (
    BUILD,
    COIN_MATERIALS,
    FINISH_BUILDING,
    MATERIAL_INDEX,
    MATERIALS,
    PART_IDS,
    PART_INDEX,
    PART_NAMES,
    PLACE,
    PREPARE,
    REMOVE,
    SPEND_COIN,
    START_BUILDING,
    TAKE,
    Build,
    FinishBuilding,
    PlaceMarker,
    Prepare,
    Remove,
    SpendCoin,
    StartBuilding,
    Take,
)
from .content import MrHouseContent, load_content
from .params import BANK, OFFICE, WORK_NOTICE_BOARD, BasicParams, basic_params

MOVEMENT, PURCHASES, PREPARING, ROLLING, OVER = range(5)
PHASE_NAMES = ("movement", "purchases", "construction: preparing", "construction: rolling", "over")
PHASE_SECTIONS = (
    "Movement Around the City",
    "Purchases",
    "Construction",
    "Construction",
    "Game End",
)
_COIN_MATERIAL_INDEXES = tuple(MATERIAL_INDEX[m] for m in COIN_MATERIALS)
_SPEND = tuple(SPEND_COIN[i] for i in _COIN_MATERIAL_INDEXES)


def _bits(mask: int) -> list[int]:
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


class MrHouseBasicState(State):
    """A game of Mr House, basic variant."""

    __slots__ = (
        "p", "content", "setup", "turn", "phase", "first", "supply", "board_workers", "deck",
        "store", "coins", "permit", "workers", "hand", "house", "stacks", "own", "reach",
        "placed", "loc", "pos", "permit_given", "builder", "groups", "rng", "history",
        "undo_floor", "log",
    )  # fmt: skip

    p: BasicParams
    content: MrHouseContent
    #: what new_game was given, kept for JSON: {"options": ..., "content": override | None}
    setup: dict[str, Any]
    turn: int
    phase: int
    first: int
    supply: list[int]  # materials in each store on the board, by material
    board_workers: int  # face-down worker cards on the work notice board
    deck: int  # worker cards left in the deck
    store: list[list[int]]  # each player's storehouse, by material
    coins: list[int]
    permit: list[bool]
    workers: list[int]  # hired worker cards on each player board
    hand: list[list[int]]  # movement markers not yet placed, sorted values
    house: list[H.House]
    stacks: list[list[tuple[int, int, int]]]  # per location: (player, value, history index)
    own: list[int]  # bitmask of the locations holding each player's markers
    reach: list[int]  # bitmask of the locations next to them
    placed: int  # markers placed this turn
    loc: int  # purchases: the location being resolved
    pos: int  # purchases: the marker of its stack being resolved
    permit_given: bool
    builder: int  # construction: the builder's offset from the first player
    groups: list[int]  # construction: the builder's prepared groups (parts)
    rng: Rng
    log: list[str]  # public events, safe for every seat

    # == Game Preparation ===========================================================
    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        options: dict[str, Any],
        content: Mapping[str, Any] | None = None,
    ) -> MrHouseBasicState:
        s = cls.__new__(cls)
        s.content = load_content(content)
        s.p = p = basic_params(s.content, players)
        s.setup = {"options": dict(options), "content": dict(content) if content else None}
        s.rng = Rng(seed_state(seed))
        s.turn, s.phase, s.first = 1, MOVEMENT, 0
        s.supply = list(p.stock)
        s.deck = p.worker_deck
        s.board_workers = 0
        s._replenish_workers()
        s.store = [list(p.start_materials) for _ in range(players)]
        s.coins = [0] * players
        s.permit = [False] * players
        s.workers = [0] * players
        s.house = [H.EMPTY] * players
        s.history, s.undo_floor, s.log = [], 0, []
        s._start_turn()
        return s

    def _replenish_workers(self) -> None:
        draw = min(self.p.board_worker_cards - self.board_workers, self.deck)
        if draw > 0:
            self.board_workers += draw
            self.deck -= draw

    def _start_turn(self) -> None:
        n = self.p.players
        self.phase = MOVEMENT
        self.hand = [list(self.p.marker_values) for _ in range(n)]
        self.stacks = [[] for _ in range(self.p.last_location + 1)]
        self.own, self.reach = [0] * n, [0] * n
        self.placed = self.loc = self.pos = self.builder = 0
        self.permit_given = False
        self.groups = []
        self.log.append(f"turn {self.turn} begins; player {self.first} is first")

    # == the contract's queries =====================================================
    def _num_players(self) -> int:
        return self.p.players

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def acting_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == MOVEMENT:
            return ((self.first + self.placed) % self.p.players,)
        if phase == PURCHASES:
            return (self.stacks[self.loc][self.pos][0],)
        if phase == OVER:
            return ()
        return ((self.first + self.builder) % self.p.players,)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.acting_players():
            return []
        phase = self.phase
        if phase == MOVEMENT:
            out = self._placements(player)
        elif phase == PURCHASES:
            out = self._takes()
        elif phase == PREPARING:
            out = self._preparations(player)
        else:
            return self._rolls(player)
        if self.coins[player]:
            out.extend(_SPEND)
        return out

    # == Movement Around the City ===================================================
    def _placements(self, player: int) -> list[Action]:
        own = self.own[player]
        # The first marker goes anywhere; each later one next to one of the player's
        # earlier markers; one marker per player per building.
        allowed = (self.reach[player] & ~own) if own else self.p.all_locations
        locations = _bits(allowed)
        out: list[Action] = []
        previous = -1
        for value in self.hand[player]:
            if value != previous:
                row = PLACE[value]
                out.extend(row[loc] for loc in locations)
                previous = value
        return out

    def _place(self, player: int, value: int, location: int) -> bool:
        self.hand[player].remove(value)
        self.stacks[location].append((player, value, len(self.history)))
        self.own[player] |= 1 << location
        self.reach[player] |= self.p.adjacent[location]
        self.placed += 1
        self.log.append(f"player {player} placed a marker on the {self.p.names[location]}")
        if self.placed == self.p.players * len(self.p.marker_values):
            self.phase, self.loc, self.pos = PURCHASES, 1, 0
            return self._resolve_purchases(reveal=True)
        return False

    # == Purchases ==================================================================
    def _takes(self) -> list[Action]:
        material = self.p.material_at[self.loc]
        value = self.stacks[self.loc][self.pos][1]
        row = TAKE[material]
        return [row[n] for n in range(min(value, self.supply[material]) + 1)]

    def _resolve_purchases(self, reveal: bool = False) -> bool:
        """Resolve purchases building by building until a player must choose.

        Returns True if a stack was turned face up (hidden values revealed)."""
        p = self.p
        revealed = False
        while self.loc <= p.last_location:
            stack = self.stacks[self.loc]
            if self.pos == 0 and stack and reveal:
                revealed = True
                self.log.append(
                    f"at the {p.names[self.loc]}: "
                    + ", ".join(f"player {pl} shows {v}" for pl, v, _ in stack)
                )
            while self.pos < len(stack):
                player, value, _ = stack[self.pos]
                if value and not self._purchase(player, value):
                    return revealed  # a store: the player chooses how many to take
                self.pos += 1
            self.loc += 1
            self.pos = 0
            reveal = True
        # After purchasing is resolved at all locations, the movement markers
        # return to their owners.
        self.stacks = [[] for _ in range(p.last_location + 1)]
        self.own, self.reach = [0] * p.players, [0] * p.players
        self.phase, self.builder = PREPARING, 0
        self._begin_construction()
        return revealed

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

    def _take(self, player: int, material: int, count: int) -> bool:
        self.supply[material] -= count
        self.store[player][material] += count
        self.log.append(f"player {player} takes {count} {MATERIALS[material]}")
        self.pos += 1
        return self._resolve_purchases()

    def _spend_coin(self, player: int, material: int) -> bool:
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

    def _builder(self) -> int:
        return (self.first + self.builder) % self.p.players

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
        return [
            part
            for part, recipe in enumerate(self.p.recipes)
            if all(have >= need for have, need in zip(store, recipe, strict=True))
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
        out: list[Action] = []
        for part in sorted(set(self.groups)):
            table = BUILD[part]
            out.extend(table[c][lv] for c, lv in H.placements(house, part))
        if not out:
            out.append(FINISH_BUILDING)
        out.extend(self._removals(player))
        return out

    def _prepare(self, player: int, part: int) -> bool:
        store = self.store[player]
        for m, need in enumerate(self.p.recipes[part]):
            store[m] -= need
        self.groups.append(part)
        return False

    def _start_building(self, player: int) -> bool:
        if self.groups:
            self.phase = ROLLING
            self.log.append(
                f"player {player} prepared: " + ", ".join(PART_NAMES[g] for g in self.groups)
            )
            return self._finish_if_nothing_left(player)
        return self._next_builder()

    def _finish_if_nothing_left(self, player: int) -> bool:
        """Rolling, with no group to place and no part to give up: finishing is the
        only choice, so it is made without asking."""
        if not self.groups or self._rolls(player) == [FINISH_BUILDING]:
            return self._finish_building(player)
        return False

    def _build(self, player: int, part: int, column: int, level: int) -> bool:
        self.groups.remove(part)
        roll = self.rng.roll(self.p.die_sides)
        quality = self.quality(player)
        if roll <= quality:
            self.house[player] = H.build(self.house[player], part, column, level)
            self.log.append(
                f"player {player} rolls {roll} (quality {quality}): builds a {PART_NAMES[part]}"
            )
        else:
            # Failed: the group's materials return to the storehouse.
            store = self.store[player]
            for m, need in enumerate(self.p.recipes[part]):
                store[m] += need
            self.log.append(
                f"player {player} rolls {roll} (quality {quality}): the {PART_NAMES[part]} fails"
            )
        self._finish_if_nothing_left(player)
        return True

    def _remove(self, player: int, part: int, column: int, level: int) -> bool:
        self.house[player] = H.remove(self.house[player], part, column, level)
        self.log.append(f"player {player} gives up a {PART_NAMES[part]}")
        return self._finish_if_nothing_left(player) if self.phase == ROLLING else False

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
        self.first = (self.first + 1) % self.p.players
        self._start_turn()

    # == applying actions ===========================================================
    def _apply(self, player: int, action: Action) -> bool:
        kind = action[0]
        if kind == "place":
            return self._place(player, action[1], action[2])
        if kind == "take":
            return self._take(player, MATERIAL_INDEX[action[1]], action[2])
        if kind == "spend-coin":
            return self._spend_coin(player, MATERIAL_INDEX[action[1]])
        if kind == "prepare":
            return self._prepare(player, PART_INDEX[action[1]])
        if kind == "start-building":
            return self._start_building(player)
        if kind == "build":
            return self._build(player, PART_INDEX[action[1]], action[2], action[3])
        if kind == "remove":
            return self._remove(player, PART_INDEX[action[1]], action[2], action[3])
        return self._finish_building(player)

    def _phase_section(self) -> str:
        return PHASE_SECTIONS[self.phase]

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str]:
        from .explain import explain_basic

        return explain_basic(self, player, action)

    # == scoring ====================================================================
    def scores(self) -> list[Json]:
        p = self.p
        bonus = coin_bonus(self.coins, p.coin_bonus)
        out = []
        for player in range(p.players):
            n = H.counts(self.house[player])
            pts = p.points
            breakdown = {
                "walls": n[H.WOOD_WALL] * pts[H.WOOD_WALL] + n[H.BRICK_WALL] * pts[H.BRICK_WALL],
                "roofs": n[H.ROOF] * pts[H.ROOF],
                "chimneys": n[H.CHIMNEY] * pts[H.CHIMNEY],
                "windows": n[H.WINDOW] * pts[H.WINDOW],
                "door": n[H.DOOR] * pts[H.DOOR],
                "coins": bonus[player],
                "complete_house": p.complete_house_points
                if H.is_complete(self.house[player], self.permit[player])
                else 0,
            }
            out.append({"total": sum(breakdown.values()), "breakdown": breakdown})
        return out

    def tie_break_key(self, player: int, total: int) -> tuple[int, int, int]:
        """Most points; then the bigger house (walls and roofs); then the fewest
        building materials left. Lower sorts first."""
        return (-total, -H.size(self.house[player]), sum(self.store[player]))

    def ranking(self) -> list[int]:
        totals = [s["total"] for s in self.scores()]
        keys = [self.tie_break_key(pl, t) for pl, t in enumerate(totals)]
        return [1 + sum(other < key for other in keys) for key in keys]

    # == what each seat sees ========================================================
    def _revealed(self, location: int) -> bool:
        """Whether the stack at ``location`` has been turned face up."""
        return self.phase == PURCHASES and location <= self.loc

    def observe(self, player: int | None) -> Json:
        p = self.p
        locations = []
        for number in range(1, p.last_location + 1):
            shown = self._revealed(number)
            locations.append(
                {
                    "number": number,
                    "name": p.names[number],
                    "markers": [
                        {"player": pl, "value": v if shown or pl == player else None}
                        for pl, v, _ in self.stacks[number]
                    ],
                }
            )
        players = []
        for pl in range(p.players):
            entry: Json = {
                "materials": dict(zip(MATERIALS, self.store[pl], strict=True)),
                "coins": self.coins[pl],
                "permit": self.permit[pl],
                "workers": self.workers[pl],
                "quality": self.quality(pl),
                "hand_size": len(self.hand[pl]),
                "house": H.to_json(self.house[pl], PART_IDS),
            }
            if pl == player:
                entry["hand"] = list(self.hand[pl])
            players.append(entry)
        obs: Json = {
            "game": self.spec.id,
            "you": player,
            "turn": self.turn,
            "turns": p.turns,
            "phase": PHASE_NAMES[self.phase],
            "first_player": self.first,
            "acting": list(self.acting_players()),
            "board": {
                "stores": dict(zip(MATERIALS, self.supply, strict=True)),
                "worker_cards": self.board_workers,
                "worker_deck": self.deck,
                "locations": locations,
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
    def clone(self) -> MrHouseBasicState:
        s = MrHouseBasicState.__new__(MrHouseBasicState)
        s.p, s.content, s.setup = self.p, self.content, self.setup
        s.turn, s.phase, s.first = self.turn, self.phase, self.first
        s.supply = self.supply[:]
        s.board_workers, s.deck = self.board_workers, self.deck
        s.store = [row[:] for row in self.store]
        s.coins, s.permit, s.workers = self.coins[:], self.permit[:], self.workers[:]
        s.hand = [row[:] for row in self.hand]
        s.house = self.house[:]
        s.stacks = [row[:] for row in self.stacks]
        s.own, s.reach = self.own[:], self.reach[:]
        s.placed, s.loc, s.pos = self.placed, self.loc, self.pos
        s.permit_given, s.builder = self.permit_given, self.builder
        s.groups = self.groups[:]
        s.rng = Rng(self.rng.state)
        s.history, s.undo_floor, s.log = self.history[:], self.undo_floor, self.log[:]
        return s

    def determinize(self, player: int, seed: int) -> MrHouseBasicState:
        """Resample the opponents' face-down marker values (over their unrevealed
        placed markers and the markers in their hands) and all future dice."""
        s = self.clone()
        rng = Rng(seed_state(seed, 1))
        for other in range(self.p.players):
            if other == player:
                continue
            slots = [
                (number, i)
                for number, stack in enumerate(s.stacks)
                if stack and not s._revealed(number)
                for i, (pl, _, _) in enumerate(stack)
                if pl == other
            ]
            values = [s.stacks[n][i][1] for n, i in slots] + s.hand[other]
            rng.shuffle(values)
            for (number, i), value in zip(slots, values, strict=False):
                _, _, index = s.stacks[number][i]
                s.stacks[number][i] = (other, value, index)
                s.history[index] = (other, PLACE[value][number])
            s.hand[other] = sorted(values[len(slots) :])
        s.rng = Rng(seed_state(seed, 2))
        return s

    # == JSON =======================================================================
    def to_json(self) -> Json:
        return {
            "game": self.spec.id,
            "players": self.p.players,
            "options": self.setup["options"],
            "content": self.setup["content"],
            "turn": self.turn,
            "phase": PHASE_NAMES[self.phase],
            "first_player": self.first,
            "supply": dict(zip(MATERIALS, self.supply, strict=True)),
            "board_workers": self.board_workers,
            "worker_deck": self.deck,
            "player_state": [
                {
                    "materials": dict(zip(MATERIALS, self.store[pl], strict=True)),
                    "coins": self.coins[pl],
                    "permit": self.permit[pl],
                    "workers": self.workers[pl],
                    "hand": list(self.hand[pl]),
                    "house": H.to_json(self.house[pl], PART_IDS),
                }
                for pl in range(self.p.players)
            ],
            "stacks": {
                str(n): [list(m) for m in stack] for n, stack in enumerate(self.stacks) if stack
            },
            "placed": self.placed,
            "purchase": [self.loc, self.pos],
            "permit_given": self.permit_given,
            "builder": self.builder,
            "groups": [PART_IDS[g] for g in self.groups],
            "rng": self.rng.state,
            "history": self.history_json(),
            "undo_floor": self.undo_floor,
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, d: Json) -> MrHouseBasicState:
        s = cls.__new__(cls)
        players = int(d["players"])
        s.content = load_content(d.get("content"))
        s.p = p = basic_params(s.content, players)
        s.setup = {"options": dict(d.get("options") or {}), "content": d.get("content")}
        s.turn, s.phase = int(d["turn"]), PHASE_NAMES.index(d["phase"])
        s.first = int(d["first_player"])
        s.supply = [int(d["supply"][m]) for m in MATERIALS]
        s.board_workers, s.deck = int(d["board_workers"]), int(d["worker_deck"])
        ps = d["player_state"]
        if len(ps) != players:
            raise ValueError(f"player_state lists {len(ps)} players, not {players}")
        s.store = [[int(e["materials"].get(m, 0)) for m in MATERIALS] for e in ps]
        s.coins = [int(e["coins"]) for e in ps]
        s.permit = [bool(e["permit"]) for e in ps]
        s.workers = [int(e["workers"]) for e in ps]
        s.hand = [sorted(int(v) for v in e["hand"]) for e in ps]
        s.house = [H.from_json(e["house"], PART_IDS) for e in ps]
        s.stacks = [[] for _ in range(p.last_location + 1)]
        s.own, s.reach = [0] * players, [0] * players
        for key, stack in (d.get("stacks") or {}).items():
            number = int(key)
            for pl, v, index in stack:
                s.stacks[number].append((int(pl), int(v), int(index)))
                s.own[pl] |= 1 << number
                s.reach[pl] |= p.adjacent[number]
        s.placed = int(d["placed"])
        s.loc, s.pos = (int(x) for x in d["purchase"])
        s.permit_given, s.builder = bool(d["permit_given"]), int(d["builder"])
        s.groups = [PART_INDEX[g] for g in d["groups"]]
        s.rng = Rng(int(d["rng"]))
        spec = cls.spec
        s.history = [(int(pl), spec.action_from_json(a)) for pl, a in d.get("history", [])]
        s.undo_floor = int(d.get("undo_floor", 0))
        s.log = list(d.get("log", []))
        return s


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


# Re-exported for explain.py and tests.
__all__ = [
    "Build",
    "FinishBuilding",
    "MrHouseBasicState",
    "PlaceMarker",
    "Prepare",
    "Remove",
    "SpendCoin",
    "StartBuilding",
    "Take",
    "coin_bonus",
]
