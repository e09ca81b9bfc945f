"""What both variants of Mr House share: the city, the movement markers, the turn
skeleton, and what each seat sees of them.

A variant subclasses ``MrHouseState`` and fills in the hooks: how a location is
resolved in the purchases, what the construction phase asks, how the turn ends,
how the game is scored. Movement Around the City is the same in both variants
(on their own boards) and lives here whole.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self

from housebuilders.core import Action, Fields, GameState, Json, Rng
from housebuilders.core.loading import refuse
from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.actions import (
    MATERIALS,
    PART_IDS,
    PlaceMarker,
    Worded,
    Words,
    words_of,
)
from housebuilders.games.mr_house.checks import index_of, load_stacks
from housebuilders.games.mr_house.content import DATA
from housebuilders.games.mr_house.options import DOOR, DOOR_GROUND_FLOOR
from housebuilders.games.mr_house.phases import MOVEMENT, OVER, PURCHASES


def bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


_BOARDS: dict[int, tuple[Any, tuple[Json, ...]]] = {}


def board_json(p: Any) -> tuple[Json, ...]:
    """What an observation says of each location (by number from 1) but its markers:
    number, name, kind, a store's material and the adjacent locations, from the game's
    content. Made once per parameters object and shared: read it, do not change it."""
    known = _BOARDS.get(id(p))
    if known is None or known[0] is not p:
        if len(_BOARDS) > 64:  # overridden content makes new objects: keep the cache small
            _BOARDS.clear()
        board = tuple(
            {
                "number": number,
                "name": p.names[number],
                "kind": p.kinds[number],
                "material": MATERIALS[material] if material >= 0 else None,
                "adjacent": bits(p.adjacent[number]),
            }
            for number, material in enumerate(p.material_at)
            if number >= 1
        )
        known = _BOARDS[id(p)] = (p, board)
    return known[1]


class MrHouseState(GameState):
    """The common part of a game of Mr House; a variant subclasses it."""

    DATA = DATA
    FIELDS = Fields(
        share="p turn phase placed loc pos builder",
        lists="order supply house own reach",
        rows="store hand stacks",
    )
    __slots__ = FIELDS.names

    PLACE: ClassVar[Sequence[Sequence[Action]]]  # PLACE[value][location], the variant's own
    PHASE_NAMES: ClassVar[tuple[str, ...]]
    PHASE_SECTIONS: ClassVar[tuple[str, ...]]

    p: Any  # the variant's parameters (BasicParams, AdvancedParams)
    turn: int
    phase: int
    order: list[int]  # the players in this turn's order
    supply: list[int]  # materials in each store on the board, by material
    store: list[list[int]]  # each player's storehouse, by material
    hand: list[list[int]]  # movement markers not yet placed, sorted values
    house: list[H.House]
    stacks: list[list[tuple[int, int, int]]]  # per location: (player, value, history index)
    own: list[int]  # bitmask of the locations holding each player's markers
    reach: list[int]  # bitmask of the locations next to them
    placed: int  # markers placed this turn
    loc: int  # purchases: the location being resolved
    pos: int  # purchases: the marker of its stack being resolved
    builder: int  # construction: the builder's place in the order
    permit: list[bool]  # each player's building permit (a field of each variant)

    @classmethod
    def _fresh(
        cls,
        players: int,
        seed: int,
        options: dict[str, Any],
        content: Mapping[str, Any] | None,
        params_of: Callable[[Any, int], Any],
    ) -> Self:
        """A new state with the fields both variants set up alike."""
        s = cls._begin(seed, options, content)
        s.p = params = params_of(s.content, players)
        s.turn, s.phase = 1, MOVEMENT
        s.supply = list(params.stock)
        s.store = [list(params.start_materials) for _ in range(players)]
        s.house = [H.EMPTY] * players
        return s

    def _start_turn(self) -> None:
        n = self.p.players
        self.phase = MOVEMENT
        self.hand = [list(self.p.marker_values) for _ in range(n)]
        self.stacks = [[] for _ in range(self.p.last_location + 1)]
        self.own, self.reach = [0] * n, [0] * n
        self.placed = self.loc = self.pos = self.builder = 0
        self.log.append(f"turn {self.turn} begins; player {self.order[0]} is first")

    # == the contract's queries =====================================================
    def _num_players(self) -> int:
        return self.p.players

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def acting_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == MOVEMENT:
            return (self.order[self.placed % self.p.players],)
        if phase == PURCHASES:
            return (self._purchaser(),)
        if phase == OVER:
            return ()
        return (self.order[self.builder],)

    def _purchaser(self) -> int:
        """Who decides now in the purchases (by default: the current marker's owner)."""
        return self.stacks[self.loc][self.pos][0]

    def _builder(self) -> int:
        return self.order[self.builder]

    def ground_floor_door(self) -> bool:
        """Whether the door goes only on a ground-floor wall (the option ``door``)."""
        return bool(self.setup["options"][DOOR.name] == DOOR_GROUND_FLOOR)

    def _phase_section(self) -> str:
        return self.PHASE_SECTIONS[self.phase]

    # == Movement Around the City ===================================================
    def _placements(self, player: int) -> list[Action]:
        own = self.own[player]
        # The first marker goes anywhere; each later one next to one of the player's
        # earlier markers; one marker per player per building.
        allowed = (self.reach[player] & ~own) if own else self.p.all_locations
        locations = bits(allowed)
        out: list[Action] = []
        previous = -1
        for value in self.hand[player]:
            if value != previous:
                row = self.PLACE[value]
                out.extend(row[loc] for loc in locations)
                previous = value
        return out

    def _place(self, player: int, action: PlaceMarker) -> bool:
        value, location = action.value, action.location
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
    def _resolve_purchases(self, reveal: bool = False) -> bool:
        """Resolve the buildings in number order until a player must choose.

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
            reveal = True
            if stack and not self._resolve_location(self.loc):
                return revealed  # a player must choose
            self.loc += 1
            self.pos = 0
        # After purchasing is resolved at all locations, the movement markers
        # return to their owners.
        self.stacks = [[] for _ in range(p.last_location + 1)]
        self.own, self.reach = [0] * p.players, [0] * p.players
        self.builder = 0
        self._begin_construction()
        return revealed

    def _resolve_location(self, number: int) -> bool:
        """Resolve the stack at ``number`` from ``self.pos`` on; False if a player must
        choose first (``self.pos`` then points at them)."""
        stack = self.stacks[number]
        while self.pos < len(stack):
            player, value, _ = stack[self.pos]
            if value and not self._purchase(player, value):
                return False
            self.pos += 1
        return True

    def _store_offers(self, table: Sequence[Sequence[Action]]) -> list[Action]:
        """At a store: 0 up to the marker's value, while the stock lasts, from the
        variant's table of take (or buy) actions."""
        material = self.p.material_at[self.loc]
        value = self.stacks[self.loc][self.pos][1]
        row = table[material]
        return [row[n] for n in range(min(value, self.supply[material]) + 1)]

    def heuristic_choice(self, player: int, legal: list[Action]) -> Action:
        """The move of ``legal`` the game's heuristic likes best one step ahead (the
        first of equals): what a search weighs where the heuristic's plan decides
        (``search_actions``). A move that uses chance or draws something hidden is
        judged on this state's one sample."""
        if len(legal) == 1:
            return legal[0]
        faster = self.spec.heuristic_choice  # the same choice, where the game has one
        if faster is not None:
            return faster(self, player, legal)
        evaluate = self.spec.heuristic
        assert evaluate is not None, "Mr House's spec names its heuristic"
        best, best_value = legal[0], float("-inf")
        for action in legal:
            after = self.clone()
            after.play(player, action)
            value = evaluate(after, player)
            if value > best_value:
                best, best_value = action, value
        return best

    def _purchase(self, player: int, value: int) -> bool:
        """Resolve one non-zero marker at ``self.loc``; False if its owner must choose."""
        raise NotImplementedError

    def _begin_construction(self) -> None:
        raise NotImplementedError

    @abstractmethod
    def _end_turn(self) -> None:
        """Preparation for the next turn, or the end of the game (the variant's)."""

    # == scoring ====================================================================
    def complete(self, player: int) -> bool:
        """Whether ``player``'s house is complete (its parts and the permit)."""
        return H.is_complete(self.house[player], self.permit[player])

    def goals(self) -> dict[str, list[float]]:
        """The rulebook's aim: a complete house (in the advanced variant, the only way
        to win)."""
        return {"complete house": [float(self.complete(p)) for p in range(self.p.players)]}

    def standing(self, player: int) -> dict[str, float]:
        """The materials in the seat's storehouse, the parts of its house and whether
        it is complete."""
        out = {m: float(n) for m, n in zip(MATERIALS, self.store[player], strict=True)}
        out["house parts"] = float(sum(H.counts(self.house[player])))
        out["complete house"] = float(self.complete(player))
        return out

    def part_points(self, player: int) -> dict[str, int]:
        """Points for the house's parts, as printed on the player board."""
        n = H.counts(self.house[player])
        pts = self.p.points
        return {
            "walls": n[H.WOOD_WALL] * pts[H.WOOD_WALL] + n[H.BRICK_WALL] * pts[H.BRICK_WALL],
            "roofs": n[H.ROOF] * pts[H.ROOF] + n[H.CERAMIC_ROOF] * pts[H.CERAMIC_ROOF],
            "chimneys": n[H.CHIMNEY] * pts[H.CHIMNEY],
            "windows": n[H.WINDOW] * pts[H.WINDOW],
            "door": n[H.DOOR] * pts[H.DOOR],
        }

    # == what each seat sees ========================================================
    @property
    def words(self) -> Words:
        """The words of this game's content, for every sentence it says."""
        return words_of(self.content)

    def describe(self, action: Action) -> str:
        """``action``'s sentence with this game's location, part and card names."""
        return action.text(self.words) if isinstance(action, Worded) else str(action)

    def _revealed(self, location: int) -> bool:
        """Whether the stack at ``location`` has been turned face up."""
        return self.phase == PURCHASES and location <= self.loc

    def _observe_locations(self, player: int | None) -> list[Json]:
        out = []
        for number, board in enumerate(board_json(self.p), start=1):
            shown = self._revealed(number)
            markers = [
                {"player": pl, "value": v if shown or pl == player else None}
                for pl, v, _ in self.stacks[number]
            ]
            out.append({**board, "markers": markers})
        return out

    def _observe_player(self, pl: int, player: int | None) -> Json:
        entry: Json = {
            "materials": dict(zip(MATERIALS, self.store[pl], strict=True)),
            "hand_size": len(self.hand[pl]),
            "house": H.to_json(self.house[pl], PART_IDS),
        }
        if pl == player:
            entry["hand"] = list(self.hand[pl])
        return entry

    def is_public(self, index: int) -> bool:
        """Every action is made in the open but a movement marker's placement, whose
        value stays hidden until its stack is turned face up."""
        return self.is_terminal() or not any(
            i == index
            for number, stack in enumerate(self.stacks)
            if not self._revealed(number)
            for _, _, i in stack
        )

    # == copies =====================================================================
    def _resample_markers(self, player: int, rng: Rng) -> None:
        """Deal the opponents' unrevealed marker values anew (over their face-down placed
        markers and their hands), and make the history agree."""
        for other in range(self.p.players):
            if other == player:
                continue
            slots = [
                (number, i)
                for number, stack in enumerate(self.stacks)
                if stack and not self._revealed(number)
                for i, (pl, _, _) in enumerate(stack)
                if pl == other
            ]
            values = [self.stacks[n][i][1] for n, i in slots] + self.hand[other]
            rng.deal(values)
            for (number, i), value in zip(slots, values, strict=False):
                _, _, index = self.stacks[number][i]
                self.stacks[number][i] = (other, value, index)
                self.history[index] = (other, self.PLACE[value][number])
            self.hand[other] = sorted(values[len(slots) :])

    # == JSON =======================================================================
    def _json(self) -> Json:
        return {
            "players": self.p.players,
            "turn": self.turn,
            "phase": self.PHASE_NAMES[self.phase],
            "order": list(self.order),
            "supply": dict(zip(MATERIALS, self.supply, strict=True)),
            "stacks": {
                str(n): [list(m) for m in stack] for n, stack in enumerate(self.stacks) if stack
            },
            "placed": self.placed,
            "purchase": [self.loc, self.pos],
            "builder": self.builder,
        }

    @classmethod
    def _loaded(cls, d: Json, params_of: Callable[[Any, int], Any]) -> tuple[Self, list[Json]]:
        """The saved state ``d`` (its shape checked by the variant's schema) with the
        fields both variants have loaded, and its per-player entries for the variant."""
        players = d["players"]
        s = cls._restore(d, players)
        s.p = params_of(s.content, players)
        s.turn, s.phase = d["turn"], index_of("phase", d["phase"], cls.PHASE_NAMES)
        s.order = list(d["order"])
        s.supply = [d["supply"][m] for m in MATERIALS]
        ps = d["player_state"]
        if len(ps) != players:
            refuse("player_state", f"lists {len(ps)} players, not {players}")
        s.store = [[e["materials"][m] for m in MATERIALS] for e in ps]
        s.hand = [sorted(e["hand"]) for e in ps]
        s.house = [H.from_json(e["house"], PART_IDS) for e in ps]
        load_stacks(s, d["stacks"])
        s.placed = d["placed"]
        s.loc, s.pos = d["purchase"]
        s.builder = d["builder"]
        return s, list(ps)

    def _player_json_common(self, pl: int) -> Json:
        return {
            "materials": dict(zip(MATERIALS, self.store[pl], strict=True)),
            "hand": list(self.hand[pl]),
            "house": H.to_json(self.house[pl], PART_IDS),
        }
