"""Dream Home's scoring: rooms, decor, functionality, roofs and helpers, and the
tie-break (DH-93 to DH-107)."""

from __future__ import annotations

from itertools import product
from typing import Any

from housebuilders.core import Json, TieBreak, scored
from housebuilders.core.content import per_content, remembered
from housebuilders.games.dream_home.base import DreamHomeBase
from housebuilders.games.dream_home.content import SPACES, TOP, below, floor_of, neighbours
from housebuilders.games.dream_home.values import ARCHITECT, DESIGNER, EMPTY, FLOOR_SPACES, Run


class Scoring(DreamHomeBase):
    """Mixed into ``DreamHomeState``: the points of a home and the tie-break."""

    __slots__ = ()

    # == scoring (DH-93 to DH-107) ============================================================
    def room_points(self, player: int, run: Run) -> int:
        """DH-94, DH-34 to DH-44: a room's points, its special condition included."""
        kind, spaces = run
        room = self.content.rooms[kind]
        points = room.points[len(spaces) - 1]
        special = room.special
        if special is None:
            return points
        other = self.cards.type_of.get(special.room, EMPTY)
        floor = FLOOR_SPACES[floor_of(spaces[0])]
        if special.kind == "per-type-on-floor":
            types = {self.type_at(player, s) for s in floor} - {EMPTY}
            normal = sum(self.content.rooms[t].class_ == "normal" for t in types)
            return min(points + special.points * normal, special.cap)
        if special.kind == "next-to":
            near = {n for s in spaces for n in neighbours(s)} - set(spaces)
        elif special.kind == "same-floor":
            near = set(floor) - set(spaces)
        else:  # "above"
            over = [s for s in range(SPACES) if below(self.content)[s] in spaces]
            near = set(over)
        met = any(self.type_at(player, s) == other for s in near)
        return special.points if met else points

    def roof_points(self, player: int) -> int:
        """DH-100 to DH-103 (Q12): the best four roof cards."""
        roof, resources = self.content.roof, self.cards.resources
        counts: dict[tuple[int, bool], int] = {}
        for card in self.roofs[player]:
            key = (resources[card].index, resources[card].window)
            counts[key] = counts.get(key, 0) + 1
        if sum(counts.values()) < roof.size:
            return 0
        keys = list(counts)
        best = 0
        for pick in product(*(range(min(counts[k], roof.size) + 1) for k in keys)):
            if sum(pick) != roof.size:
                continue
            colours = {k[0] for k, n in zip(keys, pick, strict=True) if n}
            windows = sum(n for k, n in zip(keys, pick, strict=True) if k[1])
            base = roof.uniform if len(colours) == 1 else roof.mismatched
            best = max(best, base + roof.window * windows)
        return best

    def breakdown(self, player: int) -> dict[str, int]:
        content, helpers = self.content, self.content.helpers
        functionality = content.functionality
        runs = self.rooms(player)
        types = {kind for kind, _ in runs}
        type_of = self.cards.type_of
        bath = type_of.get(functionality.each_upper_floor, EMPTY)
        earned = 0
        upper = FLOOR_SPACES[TOP : TOP + 2]
        if all(any(self.type_at(player, s) == bath for s in floor) for floor in upper):  # DH-98
            earned += 1
        if all(type_of.get(name, EMPTY) in types for name in functionality.all_of):  # DH-99
            earned += 1
        tokens = [t for t, owner in enumerate(self.token_owner) if owner == player]
        extra = 0
        if self.helper_owner(ARCHITECT) == player:  # DH-67
            extra += helpers.architect_bonus * (earned + sum(map(bool, self.down[player])))
        if self.helper_owner(DESIGNER) == player:  # DH-68
            extra += helpers.designer_bonus * len(tokens)
        return {
            "rooms": sum(self.room_points(player, run) for run in runs),
            "decor": sum(content.decor[t].points for t in tokens),  # DH-97
            "functionality": functionality.points * earned,
            "roof": self.roof_points(player),
            "helpers": extra,
        }

    def scores(self) -> list[Json]:
        return [scored(self.breakdown(player)) for player in range(self.num_players)]

    def total(self, player: int) -> int:
        """``scores()[player]["total"]``, remembered by all it depends on: the home's
        face-up room types and face-down count, the seat's decor tokens, whether it holds
        the Architect and the Designer, and its roof cards (a search values the same
        homes again and again: a move changes one home, a deal none)."""
        helper, held = self.cards.helper_card, self.held[player]
        key = (*self.types(player), sum(map(bool, self.down[player])),
               helper[ARCHITECT] in held, helper[DESIGNER] in held,
               *[t for t, owner in enumerate(self.token_owner) if owner == player],
               -1, *self.roofs[player])  # fmt: skip
        return remembered(_totals(self.content), key, TOTALS_KEPT,
                          lambda: sum(self.breakdown(player).values()))  # fmt: skip

    def goals(self) -> dict[str, list[float]]:
        """The kids in each home's artwork (the tie-break, DH-106), the roof's points
        (DH-100 to DH-103: 0 for a roof short of four cards) and the empty rooms, the
        spaces of the home left without a room: its face-down cards (DH-84, DH-96)."""
        players = range(self.num_players)
        return {
            "kids": [float(self.kids(p)) for p in players],
            "roof points": [float(self.roof_points(p)) for p in players],
            "empty rooms": [float(self.empty_rooms(p)) for p in players],
        }

    def empty_rooms(self, player: int) -> int:
        """The home's spaces without a room: a card face down (an empty room, DH-84) or,
        before the end, no card yet."""
        return sum(
            card == EMPTY or bool(down)
            for card, down in zip(self.homes[player], self.down[player], strict=True)
        )

    def standing(self, player: int) -> dict[str, float]:
        """The room cards in the seat's home, the resource cards it holds, its roof
        cards and decor tokens."""
        tokens = sum(owner == player for owner in self.token_owner)
        return {
            "room cards placed": float(sum(card != EMPTY for card in self.homes[player])),
            "resource cards": float(len(self.held[player])),
            "roof cards": float(len(self.roofs[player])),
            "decor tokens": float(tokens),
            "kids": float(self.kids(player)),
        }

    def tie_breaks(self) -> list[TieBreak]:
        """DH-105 to DH-107 (``ranking``: points, then this; still tied, a shared
        place): the tied player with the most kids in their home wins."""
        kids = [self.kids(p) for p in range(self.num_players)]
        return [TieBreak("the most kids in the rooms' artwork", kids)]


TOTALS_KEPT = 20_000  # homes' totals remembered per content (a search's move values thousands)


@per_content
def _totals(content: Any) -> dict[tuple[int | bool, ...], int]:
    return {}
