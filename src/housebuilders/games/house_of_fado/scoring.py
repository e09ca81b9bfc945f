"""House of Fado's prestige track and stars (HF-98 to HF-103, HF-117 to HF-121) and its
final scoring and tie-breaks (HF-122 to HF-131). Mixed into ``HouseOfFadoState``
(state.py)."""

from __future__ import annotations

from housebuilders.core import Json, TieBreak, scored
from housebuilders.games.house_of_fado.base import HouseOfFadoBase
from housebuilders.games.house_of_fado.content import EARNED, TYPES
from housebuilders.games.house_of_fado.deal import NONE

FADO_STAR, PRESTIGE_STAR = TYPES, TYPES + 1  # the stars after the three musician stars
FADO_POINTS, PROMOTIONS, DISMISSALS, FAME_SIX = range(len(EARNED))


class Scoring(HouseOfFadoBase):
    """The prestige track, the stars and the points, as methods of the state."""

    __slots__ = ()

    # -- the prestige track and the stars -----------------------------------------------
    def _remove_cubes(self, player: int, n: int) -> None:
        cubes = self.content.prestige_cubes
        n = min(n, cubes - self.cubes_removed[player])
        self.cubes_removed[player] += n
        if n and self.cubes_removed[player] == cubes and self.star_owner[PRESTIGE_STAR] == NONE:
            self._gain_star(player, PRESTIGE_STAR)  # HF-102

    def _gain_star(self, player: int, star: int) -> None:
        self.star_owner[star] = player
        name = self._type(star) if star < TYPES else "fado" if star == FADO_STAR else "prestige"
        self.log.append(f"player {player} gains the {name} star")
        if sum(owner != NONE for owner in self.star_owner) >= 3 and not self.ending:
            self.ending = True  # HF-119: the round is finished
            self.log.append("a third star is gained: the game ends with this round")

    # -- final scoring (HF-122 to HF-131) -----------------------------------------------
    def billboard_points(self, player: int) -> int:
        """HF-124 to HF-126 (Q24): each type's majorities, ties sharing their places."""
        content, total = self.content, 0
        for t in range(TYPES):
            cubes = self.billboard_cubes[t]
            mine = cubes[player]
            if not mine:
                continue
            place = tied = 0  # the seats with more cubes; the seats with as many
            for c in cubes:
                if c > mine:
                    place += 1
                elif c == mine:
                    tied += 1
            tile = content.billboard[self.billboard_tiles[t]]
            values = tile.two if self.num_players == 2 else tile.many
            total += sum(values[place : place + tied]) // tied
        return total

    def breakdown(self, player: int) -> dict[str, int]:
        content = self.content
        musicians = sum(self.fame[t] for t in self.musicians[player] if t != NONE)
        fado = content.fado_set_points
        points = dict(zip(EARNED, self.earned[player], strict=True))
        points |= {
            "musicians": musicians,  # HF-122
            "stars": content.star_points[self.stars(player)],  # HF-123, Q23
            "billboard": self.billboard_points(player),
            "fado_set": fado[min(len(self.fado_scored[player]), len(fado) - 1)],  # HF-127
            "money": self.money[player] // content.money_per_point,  # HF-128
        }
        return points

    def scores(self) -> list[Json]:
        return [scored(self.breakdown(player)) for player in range(self.num_players)]

    def total(self, player: int) -> int:
        """``scores()[player]["total"]``, the breakdown's sum without its dicts (for the
        heuristic, which asks for it at every position it values)."""
        content, fame = self.content, self.fame
        fado = content.fado_set_points
        return (
            sum(self.earned[player])
            + sum(fame[t] for t in self.musicians[player] if t != NONE)
            + content.star_points[self.stars(player)]
            + self.billboard_points(player)
            + fado[min(len(self.fado_scored[player]), len(fado) - 1)]
            + self.money[player] // content.money_per_point
        )

    def tie_breaks(self) -> list[TieBreak]:
        """HF-130, HF-131 (``ranking``: points, then these; still tied, shared): "the
        player with the most stars wins. If still tied, the player who scored the most
        fado tiles wins. If still tied, the player with the most money" wins."""
        players = range(self.num_players)
        return [
            TieBreak("the most stars", [self.stars(p) for p in players]),
            TieBreak("the most fado tiles scored", [len(self.fado_scored[p]) for p in players]),
            TieBreak("the most money", [self.money[p] for p in players]),
        ]
