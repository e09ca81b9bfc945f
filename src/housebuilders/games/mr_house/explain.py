"""Why an action is refused: a message for the player and the rulebook section, where
a rule deserves its own words (the kit's defaults in ``State.refusal`` say the rest).

Only called once an action has been found missing from the legal list, so it may
take its time; it never decides legality itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from housebuilders.core import Action
from housebuilders.games.mr_house import house as H
from housebuilders.games.mr_house.actions import (
    COIN_MATERIALS,
    GARAGE,
    MATERIAL_INDEX,
    MATERIALS,
    PART_INDEX,
)
from housebuilders.games.mr_house.phases import (
    AWAIT_NAMES,
    BASIC_PHASE_NAMES,
    BUILDING_PART,
    CREW_CHOICE,
    MOVEMENT,
    PREPARING,
    PURCHASES,
    ROLLING,
)

if TYPE_CHECKING:
    from housebuilders.games.mr_house.advanced import MrHouseAdvancedState
    from housebuilders.games.mr_house.basic import MrHouseBasicState

MOVE, BUY, BUILD = "Movement Around the City", "Purchases", "Construction"


def explain_basic(s: MrHouseBasicState, player: int, action: Action) -> tuple[str, str]:
    kind = action.kind
    phase = BASIC_PHASE_NAMES[s.phase]
    needs = {
        "place": (MOVEMENT,),
        "take": (PURCHASES,),
        "spend-coin": (MOVEMENT, PURCHASES, PREPARING),
        "prepare": (PREPARING,),
        "start-building": (PREPARING,),
        "build": (ROLLING,),
        "remove": (PREPARING, ROLLING),
        "finish-building": (ROLLING,),
    }[kind]
    if s.phase not in needs:
        when = " or ".join(BASIC_PHASE_NAMES[p] for p in needs)
        return (
            f"'{s.describe(action)}' is for the {when} phase; this is the {phase} phase",
            s._phase_section(),
        )
    if kind == "place":
        return _placement(s, player, action[1], action[2])
    if kind == "take":
        return _take(s, action[1], action[2])
    if kind == "spend-coin":
        if action[1] not in COIN_MATERIALS:
            return (
                "a coin buys any one extra building material except a window or a door",
                BUY,
            )
        return "you have no coin to spend", BUY
    if kind == "prepare":
        return _prepare(s, player, action[1])
    if kind in ("build", "remove"):
        return _part(s, player, kind, action[1], action[2], action[3])
    return "roll for every prepared group that can be placed before you finish", BUILD


def _placement(
    s: MrHouseBasicState | MrHouseAdvancedState, player: int, value: int, location: int
) -> tuple[str, str]:
    if value not in s.hand[player]:
        return f"you have no {value} marker left to place (in hand: {s.hand[player]})", MOVE
    if not 1 <= location <= s.p.last_location:
        return f"there is no location {location} on the board", MOVE
    if s.own[player] >> location & 1:
        return (
            f"a building can have only one marker of a given player color: you already "
            f"have a marker on the {s.p.names[location]}",
            MOVE,
        )
    return (
        f"the {s.p.names[location]} is not orthogonally adjacent to any of your earlier "
        "markers: each later marker must be placed next to one of them",
        MOVE,
    )


def _take(s: MrHouseBasicState, material: str, count: int) -> tuple[str, str]:
    here = s.p.material_at[s.loc]
    if MATERIAL_INDEX.get(material) != here:
        return f"this is the {s.p.names[s.loc]}: it has {MATERIALS[here]}, not {material}", BUY
    value = s.stacks[s.loc][s.pos][1]
    if count > value:
        return f"you may take no more than the number on your marker ({value})", BUY
    if count < 0:
        return "you cannot take a negative number of materials", BUY
    return f"only {s.supply[here]} {material} are left in the store", BUY


def _prepare(
    s: MrHouseBasicState | MrHouseAdvancedState, player: int, part: str
) -> tuple[str, str]:
    index = PART_INDEX.get(part)
    if index is None:
        return f"there is no house part {part!r}", BUILD
    recipe = s.p.recipes[index]
    missing = [
        f"{need - have} {MATERIALS[m]}"
        for m, (have, need) in enumerate(zip(s.store[player], recipe, strict=True))
        if have < need
    ]
    return f"a {s.words.parts[index]} needs {', '.join(missing)} more", BUILD


def _part(
    s: MrHouseBasicState, player: int, kind: str, part: str, column: int, level: int
) -> tuple[str, str]:
    index = PART_INDEX.get(part)
    if index is None:
        return f"there is no house part {part!r}", BUILD
    house = s.house[player]
    name = s.words.parts[index]
    if kind == "remove":
        return f"there is no {name} at column {column + 1}, level {level + 1} to give up", BUILD
    if index not in s.groups:
        return f"you have no prepared group of materials for a {name}", BUILD
    return why_not_here(house, index, column, level, name), BUILD


def why_not_here(house: H.House, part: int, column: int, level: int, name: str) -> str:
    """The construction rule a part (called ``name``) at (column, level) breaks."""
    col = house[column] if 0 <= column < len(house) else None
    if part in H.WALLS:
        if column == len(house) and len(house) >= H.MAX_COLUMNS:
            return f"the house already has {H.MAX_COLUMNS} columns, the table's limit"
        if col is None:
            return "a new ground-floor wall starts the next column of the row"
        if col.roof:
            return "a wall cannot stand on a roof: give up the roof first"
        return f"a {name} on column {column + 1} goes on top of its highest wall"
    if part == H.ROOF:
        if col is None:
            return "a roof can only be placed on an already built wall"
        if col.roof:
            return f"column {column + 1} already has a roof"
        return "a roof goes on the top wall of its column"
    if part == H.CHIMNEY:
        if col is None or not col.roof:
            return "a chimney can only be placed on an already built roof"
        if col.chimney:
            return "a house can have as many chimneys as it has roofs: this roof has one"
        return "a chimney goes on its roof"
    if col is None or not 0 <= level < len(col.walls):
        return "walls must be built first, and only later windows and doors"
    wall = col.walls[level]
    if part == H.WINDOW:
        if wall.door:
            return "a wall cannot have both a window and a door"
        return "a wall can have up to 2 windows"
    if H.has_door(house):
        return "the whole house can have only 1 door"
    if wall.windows:
        return "a wall cannot have both a window and a door"
    if wall.door:
        return "a wall can have only 1 door"
    # Nothing else refuses a door on a wall without windows.
    return 'the door goes on a ground-floor wall (the option door="ground-floor")'


# == the advanced variant ===============================================================
LOANS, PRIVILEGE, GARAGE_SECTION = "Loans", "Description of Privilege Cards", "Garage"


def explain_advanced(
    s: MrHouseAdvancedState, player: int, action: Action
) -> tuple[str, str] | None:
    """The advanced variant's words; None for an action that is not what is asked now
    (the kit's default names what is)."""
    kind = action.kind
    asked = AWAIT_NAMES[s.await_]
    if kind == "use-privilege":
        return _privilege_refusal(s, player, action[1])
    if kind == "repay-loan":
        if not s.loans[player]:
            return "you have no loan to repay", LOANS
        return f"repaying costs {s.p.loan} and your money must stay above 0", LOANS
    wanted = {
        "place": "move", "buy": "buy", "office": "office", "hire": "hire",
        "stop-hiring": "hire", "choose-privilege": "expo", "receipt": "receipt",
        "build": "build", "remove": "build", "finish-building": "build", "crew": "crew",
    }[kind]  # fmt: skip
    if wanted != asked:
        return None
    if kind == "place":
        return _placement(s, player, action[1], action[2])
    if kind == "buy":
        here = s.p.material_at[s.loc]
        if MATERIAL_INDEX.get(action[1]) != here:
            return f"this is the {s.p.names[s.loc]}: it sells {MATERIALS[here]}", BUY
        if action[2] > s._marker_value():
            return (
                f"you may buy no more than the number on your marker ({s._marker_value()})",
                BUY,
            )
        return f"only {s.supply[here]} {action[1]} are left in the store", BUY
    if kind == "office":
        if action[1] == "permit" and s.permit[player]:
            return "you already have a building permit", BUY
        return f"the office offers a permit, a quality point or money, not {action[1]!r}", BUY
    if kind == "hire":
        return f"worker card {action[1]} is not on the work notice board", BUY
    if kind == "choose-privilege":
        return f"privilege card {action[1]} is not one of the expo's current cards", BUY
    if kind == "receipt":
        return "decide to 'keep' the card or 'cash' it in", PRIVILEGE
    if kind == "crew" and s.await_ == CREW_CHOICE:
        assert s.pending is not None
        return _crew_refusal(s, player, s.pending[0], action[1]), BUILD
    assert s.await_ == BUILDING_PART
    part = PART_INDEX.get(action[1])
    if part is None or part not in s.p.parts:
        return f"there is no house part {action[1]!r}", BUILD
    column, level = action[2], action[3]
    name = s.words.parts[part]
    if kind == "remove":
        where = (
            "on the garage" if column == GARAGE else f"at column {column + 1}, level {level + 1}"
        )
        return f"there is no {name} {where} to give up", BUILD
    if not s._has_materials(player, part):
        return _prepare(s, player, action[1])[0], BUILD
    if not s._crews(player, part):
        rested = sum(w for _, w in s.workers_available(player))
        return (
            f"a {name} needs a crew of {s.p.crew[part]} workers; your rested worker cards "
            f"give {rested} (each card works on one part a turn)",
            BUILD,
        )
    if column == GARAGE:
        return _garage_refusal(s, player, part), GARAGE_SECTION
    return why_not_here(s.house[player], part, column, level, name), BUILD


def _crew_refusal(s: MrHouseAdvancedState, player: int, part: int, mask: int) -> str:
    rested = dict(s.workers_available(player))
    for slot in range(8):
        if not mask >> slot & 1:
            continue
        name = "the printed worker" if slot == 0 else f"the card in space {slot}"
        if slot > 0 and (slot > len(s.spaces[player]) or s.spaces[player][slot - 1] == -1):
            return f"there is no worker card in space {slot}"
        if slot not in rested:
            return f"{name} is tired: it already worked on a part this turn"
    total = sum(rested[slot] for slot in rested if mask >> slot & 1)
    need = s.p.crew[part]
    if total < need:
        name = s.words.parts[part]
        return f"a {name} needs a crew of {need} workers; these cards give {total}"
    return "a crew has no card to spare: leave out the cards that are not needed (ruling 23)"


def _garage_refusal(s: MrHouseAdvancedState, player: int, part: int) -> str:
    garage = s.garage[player]
    has_wall = garage.wall >= 0
    if part in H.WALLS:
        if garage.wall != H.NO_GARAGE_WALL:  # one stands, or one was given up
            return "each player may build only one garage"
        return "a garage can only be built if the house already has a wall"
    if garage.wall == H.GIVEN_UP_WALL:
        return "the garage was given up, and each player may build only one garage"
    if not has_wall:
        return "build the garage's wall first"
    if part == H.DOOR:
        return "the garage already has its door"
    if part in H.ROOFS:
        return "the garage already has its roof"
    return f"a {s.words.parts[part]} does not go on the garage"


def _privilege_refusal(s: MrHouseAdvancedState, player: int, card: int) -> tuple[str, str]:
    cards = s.p.privilege_cards
    if not 0 <= card < len(cards) or card not in s.privileges[player]:
        return "you do not hold that privilege card", PRIVILEGE
    spec = cards[card]
    if spec.effect == "on_receipt":
        return f"{spec.name} is decided when received, then kept for the final scoring", PRIVILEGE
    if spec.effect == "buy_worker":
        return "the worker deck is empty", PRIVILEGE
    if spec.permit and s.permit[player]:
        return "you already have a building permit", PRIVILEGE
    return "privilege cards are used when you may act, not in the middle of a choice", PRIVILEGE


def explain_not_acting_advanced(
    s: MrHouseAdvancedState, player: int, action: object
) -> tuple[str, str] | None:
    """A 0 marker never gets an item; say so rather than 'not your turn'."""
    kind = getattr(action, "kind", None)
    if s.phase == PURCHASES and kind in ("buy", "office", "hire", "choose-privilege"):
        mine = [v for pl, v, _ in s.stacks[s.loc] if pl == player]
        if mine == [0]:
            return "a marker with 0 never gets an item", BUY
        if not mine:
            return f"you have no marker on the {s.p.names[s.loc]}", BUY
    return None
