"""What each seat of Dream Home sees: the public log's words, the observation and the
determinization (DH-17, DH-29, DH-47, DH-60, DH-92)."""

from __future__ import annotations

from typing import Self

from housebuilders.core import Json
from housebuilders.games.dream_home.actions import space_name
from housebuilders.games.dream_home.base import DreamHomeBase
from housebuilders.games.dream_home.content import (
    SPACES,
    DreamHomeContent,
    card_words,
    shown_cards,
)
from housebuilders.games.dream_home.values import EMPTY, LADDER_TOOL, NOBODY, UNSEEN


class Seen(DreamHomeBase):
    """Mixed into ``DreamHomeState``: the observation, the determinization and the
    words the public log names the cards with."""

    __slots__ = ()

    # == what a seat sees (DH-17, DH-29, DH-47, DH-60, DH-92) ==================================
    def is_public(self, index: int) -> bool:
        return True  # every move is made in the open

    def room_json(self, card: int) -> Json | None:
        return None if card == EMPTY else dict(shown_cards(self.content)[0][card])

    def unseen_room_json(self) -> Json:
        """How another seat sees a room card only its owner has seen: every field None."""
        return dict.fromkeys(shown_cards(self.content)[0][0])

    def resource_json(self, card: int) -> Json | None:
        return None if card == EMPTY else dict(shown_cards(self.content)[1][card])

    def observe(self, player: int | None) -> Json:
        over = self.is_terminal()
        own_roof = self.setup["options"]["own-roof-shown"]  # Q4: a house rule, off by default
        scores = self.scores() if over else None
        seats = []
        for p in range(self.num_players):
            home: list[Json | None] = []
            for space, card in enumerate(self.homes[p]):
                if self.down[p][space] == UNSEEN and p != player and not over:
                    home.append({**self.unseen_room_json(), "face_up": False, "decor": None})
                    continue
                shown = self.room_json(card)
                if shown is not None:
                    shown["face_up"] = not self.down[p][space]
                    decor = [self.content.decor[t].name for t, owner in enumerate(self.token_owner)
                             if owner == p and self.token_at[t] == space]  # fmt: skip
                    shown["decor"] = decor[0] if decor else None
                home.append(shown)
            kept = [self.content.decor[t].name for t, owner in enumerate(self.token_owner)
                    if owner == p and self.token_at[t] == EMPTY]  # fmt: skip
            seats.append({
                "home": home, "kept_decor": kept,
                "roof": len(self.roofs[p]),
                "roof_cards": [self.resource_json(c) for c in self.roofs[p]]
                if over or (p == player and own_roof) else None,
                "held": [self.resource_json(c) for c in self.held[p]],
                "score": scores[p] if scores else None,
                "kids": self.kids(p) if over else None,
            })  # fmt: skip
        return {
            "game": self.spec.id, "you": player, "round": self.round,
            "rounds": self.content.rounds, "phase": self.phase, "over": over,
            "first": self.first, "acting": list(self.acting_players()),
            "basement_under": list(self.content.basement_under),
            "columns": [{"room": self.room_json(r), "resource": self.resource_json(c)}
                        for r, c in zip(self.board_rooms, self.board_resources, strict=True)],
            "room_deck": len(self.room_deck), "resource_deck": len(self.resource_deck),
            "room_discard": [self.room_json(c) for c in self.room_discard],
            "resource_discard": [self.resource_json(c) for c in self.resource_discard],
            "holding": self.unseen_room_json() if self.drawn() and player != self.current()
            else self.room_json(self.holding),
            "pending": self.resource_json(self.pending),
            "supply": [d.name for t, d in enumerate(self.content.decor)
                       if self.token_owner[t] == NOBODY],
            "players": seats,
        }  # fmt: skip

    # == copies and hidden information ===========================================================
    def determinize(self, player: int, seed: int) -> Self:
        """Both decks' order (DH-17) and the generator are resampled, and the room cards
        that others drew by a Crowbar and alone have seen (held, or face down in their
        homes, until the end shows them) are dealt again from the room deck with them;
        the board, the rest of the homes, the roof stacks (each card was seen when
        taken, Q4) and the discards are public."""
        s = self.resampled(seed, stream=0)
        unseen = [] if s.is_terminal() else [
            (p, space) for p in range(s.num_players) if p != player
            for space in range(SPACES) if s.down[p][space] == UNSEEN
        ]  # fmt: skip
        holding = s.drawn() and s.current() != player
        pool = [*s.room_deck, *(s.homes[p][space] for p, space in unseen)]
        pool += [s.holding] if holding else []
        s.rng.deal(pool)
        for p, space in unseen:
            s.homes[p][space] = pool.pop()
        if holding:
            s.holding = pool.pop()
        s.room_deck = pool
        s.rng.deal(s.resource_deck)
        return s



# == the public log: only what every seat sees (a roof card goes on its stack unseen) ==
# Each line's words are found when the log is read (core.log.Line), from values taken
# at the move.
def took(content: DreamHomeContent, player: int, column: int, room: int, resource: int) -> str:
    """A take (DH-20, DH-22): the room card by its name, a roof card by its kind alone."""
    rooms, resources = card_words(content)
    if column == 0:
        return f"player {player} takes the {rooms[room]} of column 1 and the first player marker"
    return (
        f"player {player} takes column {column + 1}: the {rooms[room]} and "
        f"{resources[resource][False]}"
    )


def discarded(
    content: DreamHomeContent, player: int, column: int, room: int, resource: int
) -> str:
    """A column discarded at 2 or 3 players (DH-70): both cards by their names, a roof
    card by its colour (face up on the discard pile)."""
    rooms, resources = card_words(content)
    return (
        f"player {player} discards column {column + 1}: the {rooms[room]} and "
        f"{resources[resource][True]}"
    )


def placed(
    content: DreamHomeContent, player: int, card: int, face_up: bool, space: int, ladder: bool
) -> str:
    """A room card placed (DH-25, DH-62): by its name, or as drawn by the Crowbar (card
    EMPTY) when it goes face down unseen."""
    name = "card drawn by the Crowbar" if card == EMPTY else card_words(content)[0][card]
    how = "" if face_up else " face down, as an empty room,"
    where = space_name(space)
    if ladder:
        tool = content.tools[LADDER_TOOL].name
        return (
            f"player {player} uses a {tool} to place the {name}{how} on {where}, "
            "over an empty space"
        )
    return f"player {player} places the {name}{how} on {where}"
