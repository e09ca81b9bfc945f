"""What a seat of House of Fado sees (HF-4, HF-7, HF-104): every move is made in the open,
so an observation is the whole table but the fado stack below its top and the bag's order,
and a determinization deals those again. Mixed into ``HouseOfFadoState`` (state.py)."""

from __future__ import annotations

from typing import Self

from housebuilders.core import Json
from housebuilders.core.content import per_content
from housebuilders.games.house_of_fado.actions import ACTION_SPACES, RESTAURANT_SPACE
from housebuilders.games.house_of_fado.base import HouseOfFadoBase
from housebuilders.games.house_of_fado.board import board
from housebuilders.games.house_of_fado.content import COLOURS, EARNED, TYPES, HouseOfFadoContent
from housebuilders.games.house_of_fado.deal import NONE, uncovered_tables


class Seen(HouseOfFadoBase):
    """Observations and determinization, as methods of the state."""

    __slots__ = ()

    def is_public(self, index: int) -> bool:
        return True  # every move is made in the open

    def tile_json(self, tile: int) -> Json | None:
        if tile == NONE:
            return None
        return {"id": tile, "type": self.board.type_of[tile], "fame": self.fame[tile],
                **shown_tiles(self.content)[tile]}  # fmt: skip

    def fado_json(self, tile: int) -> Json | None:
        if tile == NONE:
            return None
        fado = self.content.fado[tile]
        return {"id": tile, "notes": list(fado.notes), "points": fado.points}

    def _pieces(self) -> dict[int, Json]:
        """Each occupied board space's piece, as ``occupant`` finds it."""
        pieces: dict[int, Json] = {}
        for kinds, assistant in ((self.workers, False), (self.assistants, True)):
            for owner, spaces in enumerate(kinds):
                for space in spaces:
                    pieces.setdefault(space, {"seat": owner, "assistant": assistant})
        return pieces

    def observe(self, player: int | None) -> Json:
        content, b = self.content, self.board
        pieces = self._pieces()
        colours = content.customers.colours
        names = content.notes
        over = self.is_terminal()

        def counted(items: list[int]) -> list[int]:
            return [items.count(c) for c in range(COLOURS)]

        seats, scores = [], self.scores()
        for p in range(self.num_players):
            seats.append({
                "money": self.money[p],
                "workers": self.workers[p][:],
                "assistants": self.assistants[p][:],
                "cubes_removed": self.cubes_removed[p],
                "income": content.income[self.cubes_removed[p]],
                "critic_cost": content.critic_cost[self.cubes_removed[p]],
                "open_tables": uncovered_tables(content, self.cubes_removed[p]),
                "musicians": [self.tile_json(t) for t in self.musicians[p]],
                "notes": self.notes[p][:],
                "tables": [[colours[c] for c in seated] for seated in self.tables[p]],
                "bar": [colours[c] for c in self.bar[p]],
                "critic": self.critic[p],
                "fado": [self.fado_json(t) for t in self.fado_scored[p]],
                "stars": self.stars(p),
                "earned": dict(zip(EARNED, self.earned[p], strict=True)),
                "score": scores[p],
            })  # fmt: skip
        kickouts = [
            [{"space": s, **k, "groups": k["groups"][:], "piece": pieces.get(s)}
             for s, k in zip(spaces, bonuses, strict=True)]
            for spaces, bonuses in zip(b.kickout_spaces, shown_kickouts(content), strict=True)
        ]  # fmt: skip
        return {
            "game": self.spec.id, "you": player, "phase": self.phase, "over": over,
            "first": self.first, "turn": self.turn, "acting": list(self.acting_players()),
            "ending": self.ending, "origin": self.origin, "target": self.target,
            "players": seats,
            "notes": list(names), "colours": list(colours),
            "types": [{"name": t.name, "base_cost": t.base_cost, "colours": list(t.colours)}
                      for t in content.types],
            "fame_costs": {"hire": list(content.fame.hire_cost),
                           "customers": list(content.fame.customers),
                           "rehearsal": list(content.fame.rehearsal_cost)},
            "tables": list(content.tables), "bar_seats": content.bar_seats,
            "between": [list(pair) for pair in b.between],
            "spaces": [pieces.get(s) if s != RESTAURANT_SPACE else None
                       for s in range(ACTION_SPACES)],
            "kickouts": kickouts,
            "market": [[self.tile_json(t) for t in tiles] for tiles in self.market],
            "note_supply": self.note_supply[:],
            "display": [self.fado_json(t) for t in self.display],
            "stack_top": self.fado_json(self.stack[0]) if self.stack else None,
            "stack": len(self.stack),
            "bag": counted(self.bag), "discard": counted(self.discard),
            "groups": [{"customers": [colours[c] for c in sorted(g)], "critic": critic}
                       for g, critic in zip(self.groups, self.critics, strict=True)],
            "billboard": [{
                "tile": self.tile_json(self.billboard[t]),
                "cubes": self.billboard_cubes[t][:],
                "scoring": list(content.billboard[self.billboard_tiles[t]].two
                                if self.num_players == 2
                                else content.billboard[self.billboard_tiles[t]].many),
            } for t in range(TYPES)],
            "stars": [{"owner": owner, "tile": self.tile_json(self.star_tiles[s])
                       if s < TYPES else None} for s, owner in enumerate(self.star_owner)],
            "extra": self.extra,
            "rising": self.rising[:],
        }  # fmt: skip

    # -- copies and hidden information -------------------------------------------------
    def determinize(self, player: int, seed: int) -> Self:
        """HF-7, HF-104: the fado stack below its face-up top and every future draw
        from the bag (a new generator); everything else is on the table."""
        s = self.resampled(seed, stream=0)
        hidden = s.stack[1:]
        s.rng.deal(hidden)
        s.stack[1:] = hidden
        return s


@per_content
def shown_tiles(content: HouseOfFadoContent) -> tuple[Json, ...]:
    """What an observation shows of each musician tile, by id, beside its type and
    fame (made once; ``tile_json`` copies it)."""
    printed = [{"name": m.name, "note": m.note, "power": None} for m in content.musicians]
    promos = [{"name": p.name, "note": None, "power": p.power} for p in content.promos]
    return (*printed, *promos)


@per_content
def shown_kickouts(content: HouseOfFadoContent) -> tuple[tuple[Json, ...], ...]:
    """Each board location's kick-out bonuses as an observation shows them (made once;
    an observation copies them)."""
    return tuple(tuple(k.model_dump() for k in bonuses) for bonuses in board(content).kickouts)
