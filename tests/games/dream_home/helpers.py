"""Dream Home test helpers: a stacked deck (as a scripted die is for dice games) and a
home laid out by room names, for positions the rules are tested in."""

from __future__ import annotations

from typing import Any

import housebuilders as hb
from housebuilders.games.dream_home.state import EMPTY, DreamHomeState

Plan = dict[int, dict[int, tuple[str | None, str | None]]]


def new(players: int = 4, seed: int = 1, **options: Any) -> DreamHomeState:
    state = hb.new_game("dream-home", players, seed=seed, options=options)
    assert isinstance(state, DreamHomeState)
    return state


def resource_id(state: DreamHomeState, spec: str, avoid: set[int] = frozenset()) -> int:
    """A resource card by ``kind:name``: "roof:red", "roof:red*" (its window),
    "decor:piano", "helper:architect", "tool:ladder"."""
    kind, name = spec.split(":")
    if name.endswith("*"):
        name = name[:-1] + " with a window"
    for card in range(len(state.cards.resources)):
        shown = state.resource_json(card)
        if (
            card not in avoid
            and shown is not None
            and (shown["kind"], shown["name"]) == (kind, name)
        ):
            return card
    raise LookupError(spec)


def room_id(state: DreamHomeState, name: str, avoid: set[int] = frozenset()) -> int:
    kind = state.cards.type_of[name]
    return next(c for c, r in enumerate(state.cards.rooms) if r.type == kind and c not in avoid)


def stack(state: DreamHomeState, plan: Plan) -> None:
    """Order both decks so that round r's column c shows ``plan[r][c]`` (room name,
    resource spec; None: any card). Only at the start of round 1."""
    assert state.round == 1 and not state.history
    rounds, columns = state.content.rounds, state.content.columns
    rooms: list[list[int | None]] = [[None] * columns for _ in range(rounds)]
    resources: list[list[int | None]] = [[None] * columns for _ in range(rounds)]
    used_rooms: set[int] = set()
    used_res: set[int] = set()
    for r, cols in plan.items():
        for c, (room, res) in cols.items():
            if room is not None:
                rooms[r - 1][c] = card = room_id(state, room, used_rooms)
                used_rooms.add(card)
            if res is not None:
                assert c > 0, "column 1 has no resource card"
                resources[r - 1][c] = card = resource_id(state, res, used_res)
                used_res.add(card)
    free_rooms = [c for c in range(len(state.cards.rooms)) if c not in used_rooms]
    free_res = [c for c in range(len(state.cards.resources)) if c not in used_res]
    for r in range(rounds):
        for c in range(columns):
            if rooms[r][c] is None:
                rooms[r][c] = free_rooms.pop()
            if c > 0 and resources[r][c] is None:
                resources[r][c] = free_res.pop()
    state.board_rooms = list(rooms[0])
    state.board_resources = [EMPTY, *resources[0][1:]]
    state.room_deck = [c for row in reversed(rooms[1:]) for c in reversed(row)]
    state.resource_deck = [c for row in reversed(resources[1:]) for c in reversed(row[1:])]


def build(state: DreamHomeState, player: int, layout: dict[int, str]) -> None:
    """Lay out a home by room names ("-name": face down), taking the cards from the
    room deck: a position to test a rule in."""
    for space, name in layout.items():
        card = room_id(
            state, name.lstrip("-"), avoid=set(range(len(state.cards.rooms))) - set(state.room_deck)
        )
        state.room_deck.remove(card)
        state.homes[player][space] = card
        state.down[player][space] = int(name.startswith("-"))
