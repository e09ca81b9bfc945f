"""Mr House, advanced variant: the construction, each part built by a crew of rested
workers, and the garage."""

from __future__ import annotations

from itertools import combinations

from housebuilders.core import Action
from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.actions import (
    BUILD,
    BUILD_GARAGE,
    FINISH_BUILDING,
    GARAGE,
    PART_IDS,
    PART_INDEX,
    REMOVE,
    REMOVE_GARAGE,
    Build,
    Crew,
    FinishBuilding,
    Remove,
)
from housebuilders.games.mr_house.advanced_base import MrHouseAdvancedBase
from housebuilders.games.mr_house.house import GIVEN_UP_GARAGE, NO_GARAGE_WALL, Garage
from housebuilders.games.mr_house.phases import BUILDING, BUILDING_PART, CREW_CHOICE


class AdvancedConstruction(MrHouseAdvancedBase):
    """Mixed into ``MrHouseAdvancedState``: what a builder may build or give up, and
    the crews."""

    __slots__ = ()

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
