"""Dream Home's saved state: its schema and the consistency checks ``from_json`` makes
(each refusal a StateError naming the field)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, StrictInt

from housebuilders.core.loading import Count, GameStateJson, once, refuse, within
from housebuilders.games.dream_home.content import SPACES, cards
from housebuilders.games.dream_home.phases import SECTIONS

if TYPE_CHECKING:
    from housebuilders.games.dream_home.state import DreamHomeState

Card = Annotated[StrictInt, Field(ge=-1, le=1000)]  # a card id or -1 (none)
Owner = Annotated[StrictInt, Field(ge=-2, le=3)]  # a seat, -1 (none) or -2 (lost)
Phase = Literal[
    "discard", "megaphone", "take", "place", "decor", "roofer", "supplier", "handyman",
    "supplier-after", "over"
]


ASKING = ("discard", "megaphone")  # the steps before the round's turns


class DreamHomeJson(GameStateJson):
    round: Count
    phase: Phase
    first: Count
    turns: Count
    order: list[Count]
    ask: list[Count]
    holding: Card
    pending: Card
    room_deck: list[Count]
    resource_deck: list[Count]
    board_rooms: list[Card]
    board_resources: list[Card]
    room_discard: list[Count]
    resource_discard: list[Count]
    token_owner: list[Owner]
    token_at: list[Card]
    homes: list[list[Card]]
    down: list[list[Annotated[StrictInt, Field(ge=0, le=2)]]]
    roofs: list[list[Count]]
    held: list[list[Count]]


def check(s: DreamHomeState) -> None:
    """What no game could reach: a card in two places or none, a board or home of the
    wrong size, a seat or round out of range."""
    content, players = s.content, s.num_players
    assert s.phase in SECTIONS
    within("round", s.round, 1, content.rounds)
    within("first", s.first, 0, players - 1)
    for name in ("order", "ask"):
        for seat in getattr(s, name):
            within(name, seat, 0, players - 1)
    if len(set(s.order)) != len(s.order):
        refuse("order", "this round's order names each seat once")
    if s.phase in ("take", "place", "decor") and len(s.order) != players:
        refuse("order", f"this round's order names all {players} seats")
    within("turns", s.turns, 0, players)
    for name in ("board_rooms", "board_resources"):
        if len(getattr(s, name)) != content.columns:
            refuse(name, f"the board has {content.columns} columns")
    if s.board_resources[0] != -1:
        refuse("board_resources", "the first-player space must always be empty")
    for name in ("down", "roofs", "held"):
        if len(getattr(s, name)) != players:
            refuse(name, f"one entry per player ({players})")
    for name in ("homes", "down"):
        if any(len(home) != SPACES for home in getattr(s, name)):
            refuse(name, f"every home has {SPACES} spaces")
    for home, down in zip(s.homes, s.down, strict=True):
        if any(d and card == -1 for card, d in zip(home, down, strict=True)):
            refuse("down", "only a room card lies face down, not an empty space")
    decor = len(content.decor)
    for name in ("token_owner", "token_at"):
        if len(getattr(s, name)) != decor:
            refuse(name, f"one entry per decor token ({decor})")
    for owner, at in zip(s.token_owner, s.token_at, strict=True):
        within("token_owner", owner, -2, players - 1)  # -2: lost to the Supplier or Handyman
        within("token_at", at, -1, SPACES - 1)
        if at != -1 and (owner < 0 or s.homes[owner][at] == -1):
            refuse("token_at", f"a decor token on space {at}, where there is no room card")
    c = cards(content)
    once("room card", range(len(c.rooms)), {
        "room_deck": s.room_deck, "board_rooms": [x for x in s.board_rooms if x != -1],
        "room_discard": s.room_discard, "holding": [s.holding] if s.holding != -1 else [],
        "homes": [x for home in s.homes for x in home if x != -1],
    })  # fmt: skip
    once("resource card", range(len(c.resources)), {
        "resource_deck": s.resource_deck,
        "board_resources": [x for x in s.board_resources if x != -1],
        "resource_discard": s.resource_discard,
        "pending": [s.pending] if s.pending != -1 else [],
        "roofs": [x for roof in s.roofs for x in roof],
        "held": [x for held in s.held for x in held],
    })  # fmt: skip
    for roof in s.roofs:
        if any(c.resources[x].kind != "roof" for x in roof):
            refuse("roofs", "only roof cards go on the roof space")
    for held in s.held:
        if any(c.resources[x].kind not in ("helper", "tool") for x in held):
            refuse("held", "only helper and tool cards lie beside a home")
    for player in range(players):
        for kind, spaces in s.rooms(player):
            if len(spaces) > len(content.rooms[kind].points):
                refuse("homes", f"a room of {len(spaces)} cards; its card allows at most "
                       f"{len(content.rooms[kind].points)} (DH-80)")  # fmt: skip
    if (s.phase == "place") != (s.holding != -1):
        refuse("holding", "a room card is held exactly while it is being placed")
    if s.phase in ("take", "place", "decor") and s.turns >= players:
        refuse("turns", f"a round has {players} turns")
    if (s.phase == "megaphone" and not s.ask) or (s.ask and s.phase not in ASKING):
        refuse("ask", "Megaphone holders are asked at the start of a round only")
    if s.phase == "supplier-after" and (s.current() < 0 or not s.handyman_first(s.current())):
        refuse("phase", "the Supplier comes after the Handyman only for the owner of both, "
               "when the option helpers-in-order is off")  # fmt: skip
    if s.phase == "decor" and (s.pending == -1 or c.resources[s.pending].kind != "decor"):
        refuse("pending", "a decor token is placed only from a decor card")
