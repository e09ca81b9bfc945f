"""Mr House, advanced variant: the game end's scoring, where an incomplete house loses."""

from __future__ import annotations

from housebuilders.core import Json, TieBreak, ranks, scored
from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.advanced_base import MrHouseAdvancedBase


class AdvancedScoring(MrHouseAdvancedBase):
    """Mixed into ``MrHouseAdvancedState``: the points and the ranking."""

    __slots__ = ()

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
            out.append(scored(breakdown, complete=self.complete(player)))
        return out

    def goals(self) -> dict[str, list[float]]:
        """A complete house (the only way to win) and the loans still owed at the end."""
        return super().goals() | {"loans": [float(n) for n in self.loans]}

    def standing(self, player: int) -> dict[str, float]:
        """The basic game's, with the seat's money, loans and the house's quality."""
        money = {"money": float(self.money[player]), "loans": float(self.loans[player])}
        return super().standing(player) | money | {"quality": float(self.quality[player])}

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
