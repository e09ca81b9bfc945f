"""House of Fado's actions in the words of its content, and why it refuses one, in the
rulebook's words where a rule deserves them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from housebuilders.core import Action
from housebuilders.games.house_of_fado.actions import (
    ACTION_SPACES,
    GROUP_NAMES,
    LOCATION_OF,
    LOCATIONS,
    MOVES,
    RESTAURANT_SPACE,
    SPACES,
    BonusCustomer,
    BonusFame,
    BonusNote,
    BringCritic,
    Contract,
    Dismiss,
    GainNote,
    Hire,
    KeepSix,
    Move,
    Place,
    Promote,
    Raise,
    RemoveSix,
    ReturnOwnAssistant,
    ScoreFado,
    Seat,
    location_of,
    space_name,
)
from housebuilders.games.house_of_fado.content import TYPES
from housebuilders.games.house_of_fado.phases import (
    BILLBOARD as BILLBOARD_PHASE,
    MARKET,
    OWN_ASSISTANT,
    PLACE,
    RAISE,
    SECTIONS,
    STREET,
)

if TYPE_CHECKING:
    from housebuilders.games.house_of_fado.state import HouseOfFadoState

GAMEPLAY = "Gameplay"


def describe(s: HouseOfFadoState, action: Action) -> str:
    """``action`` naming the content's musicians, types, notes and colours."""
    c = s.content
    tiles = len(c.musicians) + len(c.promos)
    if isinstance(action, Hire | Contract) and action.tile < tiles:
        shown = s.tile_json(action.tile)
        assert shown is not None
        verb = "hire" if isinstance(action, Hire) else "contract"
        fame = s.musician_fame(action.tile)
        kind = c.types[shown["type"]].name
        text = f"{verb} {shown['name']} ({kind}, fame {fame})"
        if fame < c.fame.max:  # HF-39: a fame 6 tile has no price
            text += f" for {s.hire_price(action.tile, isinstance(action, Hire))}"
        return text
    if isinstance(action, GainNote | BonusNote) and action.note < len(c.notes):
        return str(action).replace(f"({action.note + 1})", c.notes[action.note])
    if isinstance(action, BonusCustomer) and action.colour < len(c.customers.colours):
        colour = c.customers.colours[action.colour]
        return f"take a {colour} customer from the {GROUP_NAMES[action.group]} group to the bar"
    if isinstance(action, Seat | Raise):
        text = str(action)
        for default, name in zip(("gray", "black", "brown"), c.customers.colours, strict=True):
            text = text.replace(f" {default}", f" {name}")
        if isinstance(action, Raise):
            text = text.replace(f"of type {action.type + 1}", type_name(s, action.type))
        return text
    if isinstance(action, BonusFame | Promote | RemoveSix | KeepSix | Dismiss):
        return str(action).replace(f"of type {action.type + 1}", type_name(s, action.type))
    if isinstance(action, ScoreFado) and action.slot < len(s.display):
        tile = s.fado_json(s.display[action.slot])
        if tile is not None:
            notes = ", ".join(tile["notes"])
            return f"score the fado tile {notes} ({tile['points']} points)"
    return str(action)


def type_name(s: HouseOfFadoState, kind: int) -> str:
    return f"({s.content.types[kind].name})" if kind < TYPES else f"of type {kind + 1}"


def illegal(s: HouseOfFadoState, player: int, action: Action) -> tuple[str, str] | None:
    """The rule an illegal action breaks; None for the kit's words."""
    if s.phase == PLACE and isinstance(action, Place | Move):
        return _placement(s, player, action)
    if s.phase == OWN_ASSISTANT and isinstance(action, ReturnOwnAssistant):
        return _return_own(s)
    if s.phase in (MARKET, BILLBOARD_PHASE) and isinstance(action, Hire | Contract):
        return _musician(s, player, action)
    if s.phase == STREET and isinstance(action, BringCritic):
        if action.group not in s.board.between[s.target]:
            return ("choose the critic from the group on the left or right of your space",
                    SECTIONS[STREET])  # fmt: skip
        if s.critic[player] != -1:
            return ("you already have a critic in your restaurant: you cannot take another "
                    "critic", SECTIONS[STREET])  # fmt: skip
        if not s.critics[action.group]:
            return f"there is no critic in the {GROUP_NAMES[action.group]} group", SECTIONS[STREET]
        price = s.content.critic_cost[s.cubes_removed[player]]
        if s.money[player] < price:
            return f"the critic costs {price} money", SECTIONS[STREET]
        if action.table not in s.open_tables(player):
            return "the critic is placed alone at an empty (and uncovered) table", SECTIONS[STREET]
    if s.phase == STREET and isinstance(action, Seat):
        if action.group not in s.board.between[s.target]:
            return ("choose customers from the group on the left or right of your space",
                    SECTIONS[STREET])  # fmt: skip
        if action.table not in s.open_tables(player):
            return "place the customers at a single EMPTY (and uncovered) table", SECTIONS[STREET]
        seats = s.content.tables[action.table]
        if action.gray + action.black + action.brown > seats:
            return (f"you can only take a number of customers equal to the max for that table "
                    f"({seats})", SECTIONS[STREET])  # fmt: skip
    if s.phase == BILLBOARD_PHASE and isinstance(action, Promote):
        return _promotion(s, player, action)
    if s.phase == RAISE and isinstance(action, Raise):
        return _raise(s, player, action)
    return None


def _placement(s: HouseOfFadoState, player: int, action: Place | Move) -> tuple[str, str] | None:
    workers = s.workers[player]
    if not 0 <= action.space < ACTION_SPACES:
        return f"a worker goes on an action space (0 to {ACTION_SPACES - 1})", GAMEPLAY
    if isinstance(action, Place) and -1 not in workers:
        return "all your workers are on the board: take one already there and move it", GAMEPLAY
    if isinstance(action, Move):
        if -1 in workers:
            return "you still have a worker in your supply: place it", GAMEPLAY
        if not 0 <= action.origin < SPACES or action.origin not in workers:
            return f"you have no worker on {space_name(action.origin)}", GAMEPLAY
        if (action.origin, action.space) not in MOVES:
            left = LOCATIONS[location_of(action.origin)]
            return (f"you can never place your worker on the same location you just removed "
                    f"it from (the {left})", GAMEPLAY)  # fmt: skip
    location = LOCATION_OF[action.space]
    if location in s.held_locations(player):
        where = (
            "your restaurant"
            if action.space == RESTAURANT_SPACE
            else (f"the {LOCATIONS[location]}")
        )
        return (f"you can never place your worker on a location that already has one of "
                f"your workers on it ({where}, on an action space or a kick out space)",
                GAMEPLAY)  # fmt: skip
    return None


def _return_own(s: HouseOfFadoState) -> tuple[str, str] | None:
    """Why your own kicked assistant may not move to where your worker came from."""
    if s.may_return_own():
        return None
    if s.origin == -1:
        return ("your worker came from your supply, not from a space: remove the assistant "
                "from the board", GAMEPLAY)  # fmt: skip
    if s.origin == RESTAURANT_SPACE:
        return ("no assistant goes on a restaurant (the option restaurant-assistant is off): "
                "remove it from the board", GAMEPLAY)  # fmt: skip
    return ("it does not go to a kick out space (the option own-assistant-back is "
            "action-space): remove it from the board", GAMEPLAY)  # fmt: skip


def _musician(s: HouseOfFadoState, player: int, action: Hire | Contract) -> tuple[str, str] | None:
    section = SECTIONS[MARKET if isinstance(action, Hire) else BILLBOARD_PHASE]
    tiles = len(s.board.type_of)
    if not 0 <= action.tile < tiles:
        return None
    kind = s.board.type_of[action.tile]
    if action.tile not in s.market[kind]:
        return "that musician is not in the Musician Market", section
    if kind not in s.board.between[s.target]:
        side = "tiles on the left or right of your space"
        return f"choose a musician from the {side}", section
    if s.musicians[player][kind] != -1:
        return (f"you may only have 1 musician of each type: you already have a "
                f"{s.content.types[kind].name}", section)  # fmt: skip
    if s.musician_fame(action.tile) >= s.content.fame.max:
        verb = "hired" if isinstance(action, Hire) else "contracted"
        return f"a fame 6 musician cannot be {verb}", section
    price = s.hire_price(action.tile, isinstance(action, Hire))
    if s.money[player] < price:
        return f"that musician costs {price} money and you have {s.money[player]}", section
    return None


def _promotion(s: HouseOfFadoState, player: int, action: Promote) -> tuple[str, str] | None:
    section = SECTIONS[BILLBOARD_PHASE]
    if action.type not in s.board.between[s.target]:
        return "promote a musician of one of the 2 types above your action space", section
    if s.cubes_removed[player] >= s.content.prestige_cubes:
        return ("you don't have any prestige cubes on your board: you cannot promote a "
                "musician", section)  # fmt: skip
    tile = s.musicians[player][action.type]
    if tile == -1:
        return f"you have no {s.content.types[action.type].name} in your restaurant", section
    if s.fame[tile] < 2:
        return "you can only promote a musician with at least 2 fame", section
    shown = s.billboard[action.type]
    if shown != -1 and s.fame[tile] <= s.fame[shown]:
        return (f"the musician you promote must have a higher fame than the one on the "
                f"billboard (fame {s.fame[shown]})", section)  # fmt: skip
    return None


def _raise(s: HouseOfFadoState, player: int, action: Raise) -> tuple[str, str] | None:
    section = SECTIONS[RAISE]
    if action.type >= TYPES:
        return None
    kind = s.content.types[action.type]
    wrong = [
        s.content.customers.colours[c]
        for c, n in enumerate((action.gray, action.black, action.brown))
        if n and c not in s.board.colours[action.type]
    ]
    if wrong:
        takes = " or ".join(kind.colours)
        return (f"a {kind.name} takes {takes} customers, not {', '.join(wrong)}", section)
    tile = s.musicians[player][action.type]
    if tile == -1:
        return f"you have no {kind.name} in your restaurant", section
    if s.fame[tile] >= s.content.fame.max:
        return f"your {kind.name} is at fame {s.fame[tile]}, the highest", section
    need = s.content.fame.customers[s.fame[tile] - 1]
    spent = action.gray + action.black + action.brown + action.extra
    if spent != need:
        return (f"raising a fame {s.fame[tile]} {kind.name} takes {need} customers, "
                f"not {spent}", section)  # fmt: skip
    if action.extra > s.extra:
        return "only Vital gives extra customers, up to 2 in a close", section
    return "you do not have those customers at your tables or bar", section
