"""Loading a saved state: the checks a game's ``from_json`` makes, each refusing with
a StateError that names the field.

A game declares the shape of its JSON as pydantic models (``StateSchema``: strict
types, every field required, none unknown) and checks ``parse`` it; then it checks
what a shape cannot say (counts, ranges, who may act) with ``within``, ``once`` and
``refuse``, in the words of the rulebook's component list. ``GameSpec.state_from_json``
adds the checks every game shares (``check_loaded``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from housebuilders.core.action import Action
from housebuilders.core.errors import ContentError, OptionError, StateError

if TYPE_CHECKING:
    from housebuilders.core.spec import GameSpec
    from housebuilders.core.state import State

M = TypeVar("M", bound=BaseModel)
C = TypeVar("C")


class StateSchema(BaseModel):
    """Base of a saved state's schema: ints are ints (never booleans or strings),
    every field is required and no unknown field is allowed."""

    model_config = ConfigDict(extra="forbid", strict=True)


def row(*types: Any) -> Any:
    """A JSON list of fixed length read as a tuple of ``types`` (each item strict)."""
    return Annotated[tuple[types], Field(strict=False)]  # type: ignore[valid-type]


#: a generator's whole state: an unsigned 64-bit int (core.rng)
RngState = Annotated[int, Field(ge=0, lt=1 << 64)]
#: a count of things: never negative
Count = Annotated[int, Field(ge=0)]
#: ``history_json()``: [player, action JSON] pairs
History = list[row(StrictInt, dict[str, StrictInt | StrictStr])]  # type: ignore[misc,valid-type]


class GameStateJson(StateSchema):
    """The keys every ``GameState`` saves (``to_json``); a game's schema adds its own."""

    game: str
    format: int
    options: dict[str, Any]
    content: dict[str, Any] | None
    rng: RngState
    history: History  # type: ignore[valid-type]  # (built at run time, above)
    undo_floor: Count
    log: list[str]


def parse(model: type[M], data: Any) -> M:
    """``data`` as ``model``, or a StateError naming the first field that does not fit."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        errors = e.errors()
        first = errors[0]
        where = ".".join(str(p) for p in first["loc"]) or "(the state)"
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        if first["type"] == "missing":
            problem = "missing"
        elif first["type"] == "extra_forbidden":
            problem = "not a field of this state"
        else:
            got = repr(first.get("input"))
            got = got if len(got) <= 60 else got[:57] + "..."
            problem = f"{first['msg'].lower()}, got {got}"
        raise StateError(f"{where}: {problem}{more}") from None


def refuse(field: str, message: str) -> NoReturn:
    raise StateError(f"{field}: {message}")


def within(field: str, value: int, low: int, high: int) -> None:
    """``low <= value <= high``, or a StateError naming ``field``."""
    if not low <= value <= high:
        refuse(field, f"{value} is out of range ({low} to {high})")


def once(
    what: str, ids: Iterable[int], places: Mapping[str, Iterable[int]], may_leave: bool = False
) -> None:
    """Every component of ``ids`` (a card's id...) in exactly one of ``places`` (field ->
    the ids found there); or at most one where components leave the game (``may_leave``)."""
    known = set(ids)
    seen: dict[int, str] = {}
    for place, items in places.items():
        for item in items:
            if item not in known:
                refuse(place, f"{item} is not a {what}")
            if item in seen:
                refuse(place, f"{what} {item} is also in {seen[item]}")
            seen[item] = place
    missing = sorted(known - seen.keys())
    if missing and not may_leave:
        refuse(", ".join(places), f"{what}s {missing} are missing")


def load_setup(spec: GameSpec, options: Any, content: Any, load: Callable[[Any], C]) -> C:
    """Check the options as ``new_game`` stored them (every option, checked) and return
    the component data ``load(content)`` (the game's content with its override)."""
    try:
        if spec.check_options(options) != options:
            refuse("options", f"must list every option of {spec.id}")
    except OptionError as e:
        refuse("options", str(e))
    if content is not None and not isinstance(content, Mapping):
        refuse("content", "a content override is an object or null")
    try:
        return load(content)
    except ContentError as e:
        refuse("content", str(e))


@cache
def _actions_by_json(spec: GameSpec) -> dict[tuple[tuple[str, Any], ...], Action]:
    """Every action of the game by the items of its JSON, in ``to_json``'s order."""
    return {tuple(a.to_json().items()): a for a in spec.actions}


def load_history(spec: GameSpec, data: list[Any], players: int) -> list[tuple[int, Action]]:
    """The history's (player, action) pairs (``data`` checked by the schema's ``History``:
    no booleans): each player a seat, each action one of the game's action space."""
    by_json = _actions_by_json(spec)
    out = []
    for i, (player, action) in enumerate(data):
        within(f"history.{i}", player, 0, players - 1)
        act = by_json.get(tuple(action.items()))
        if act is None:  # not as to_json writes it: an action of the game, or say why not
            try:
                act = spec.action_from_json(action)
            except ValueError as e:
                refuse(f"history.{i}", str(e))
        out.append((player, act))
    return out


def check_loaded(state: State) -> None:
    """What every game's state satisfies: the acting players are seats, each has a legal
    action, and the game is over exactly when nobody may act. The undo floor lies
    within the history."""
    acting = state.acting_players()
    if state.is_terminal() == bool(acting):
        over = "over" if state.is_terminal() else "not over"
        refuse("(who may act)", f"acting players {list(acting)} in a game that is {over}")
    for player in acting:
        within("(who may act)", player, 0, state.num_players - 1)
        if not state.legal_actions(player):
            refuse("(who may act)", f"player {player} must act but has no legal action")
    within("undo_floor", state.undo_floor, 0, len(state.history))
