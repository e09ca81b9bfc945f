"""The API's bodies, as the OpenAPI document declares them.

Requests are as strict as the server: what a schema allows, the server takes (or
answers 403, 404, 409 or 429, which depend on the table, not on the request's
shape); what it refuses is a 422 naming the field. The parts that depend on the
game (the seats a game takes, its options, its actions) are built from the game
registry, one schema per game or action kind. Every error, whatever its status,
is an ``ErrorPublic``. Names follow the direction of the data: ``...Create`` and
``...Request`` come in, ``...Public`` goes out.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Strict,
    StrictBool,
    StringConstraints,
    Tag,
    create_model,
)
from pydantic_core import PydanticCustomError

from housebuilders.agents import bot_names
from housebuilders.core import GameSpec, game, game_ids

#: the bots the lobby offers (a bot's name may also set its parameters within the
#: bounds of docs/bots.md, e.g. ``greedy:samples=8``; the document lists these)
LOBBY_BOTS = ["random", "greedy", "ismcts:seconds=0.5", "ismcts:seconds=2"]


def _integral(value: Any) -> Any:
    """JSON's 3.0 is the integer 3, as JSON Schema has it (3.5, true and "3" are not)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


#: a request's integer field takes a float with an integral value (JSON's 3.0); the
#: validator goes after the bounds, so that the schema states them
INTEGRAL = BeforeValidator(_integral)


def _literal(*values: str) -> Any:
    """The type that takes exactly ``values`` (a ``Literal`` built at run time)."""
    return Literal[values]


def integer(ge: int | None = None, le: int | None = None) -> Any:
    """The type of a request's integer field within ``ge`` and ``le``, built at run time."""
    return Annotated[int, Strict(), Field(ge=ge, le=le), INTEGRAL]


#: the largest seed: every JSON client (JavaScript's numbers too) holds it exactly
MAX_SEED = 2**53 - 1


class Closed(BaseModel):
    """A request body: a field it does not know is an error, not ignored, and a value
    of another type is not converted (``true`` is not 1, ``"1"`` is not 1)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# -- errors ----------------------------------------------------------------------------------
class ProblemPublic(BaseModel):
    loc: list[str | int] = Field(description="where: body, query or path, then the field")
    msg: str


class ErrorPublic(BaseModel):
    """Every error the API answers: 4xx, 503 (try again later) and 500 (a bug)."""

    error: str = Field(description="what went wrong, for a person to read")
    rule: str | None = Field(
        None, description="the rule an illegal move breaks, e.g. 'mr-house-basic §Movement'"
    )
    detail: list[ProblemPublic] | None = Field(
        None, description="for a malformed request (422): each problem and where it is"
    )


_WHEN = {
    400: "the body cannot be read (not UTF-8 JSON)",
    401: "not signed in, or a wrong account name or password",
    403: "a token that is no seat's at this table, or a seat that may not do this now",
    404: "no such table",
    409: "a move that is not legal at this table now (with the rule it breaks), a view "
    "the table has moved past, a seat someone has, or an account name taken",
    413: "a body over 16 KiB",
    422: "a malformed request: each problem is in detail",
    429: "opening tables (or chatting) too fast: wait for Retry-After seconds",
    503: "the server's database does not answer now (or, for a hint, the server's bots are "
    "busy or the hint took too long): wait for Retry-After seconds",
    500: "a bug in the server (it is logged; the body says no more)",
}


_RETRY_AFTER = {
    "description": "seconds to wait before asking again",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
}


def _error(code: int) -> dict[str, Any]:
    answer: dict[str, Any] = {"model": ErrorPublic, "description": _WHEN[code]}
    if code in (429, 503):
        answer["headers"] = {"Retry-After": _RETRY_AFTER}
    return answer


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route that may answer ``codes`` (and 503, the database
    not answering, and 500, as any route may), each an ErrorPublic."""
    return {code: _error(code) for code in (*codes, 503, 500)}


# -- bots ------------------------------------------------------------------------------------
#: bots that are nothing without a parameter (a file of the server's), so not listed
NEEDS_A_SETTING = frozenset({"learned"})
#: the bot names the document lists (each a valid bot as it is)
BOT_CHOICES = list(
    dict.fromkeys([*(b for b in bot_names() if b not in NEEDS_A_SETTING), *LOBBY_BOTS])
)


BotName = Annotated[
    str,
    Field(
        min_length=1,
        max_length=200,
        description="a bot: one of these, or one with its parameters within the bounds "
        "of docs/bots.md (e.g. greedy:samples=8)",
        json_schema_extra={"enum": BOT_CHOICES},
    ),
]


# -- names and chat ------------------------------------------------------------------------
# A name and a chat message are plain text shown to everyone at the table, in the pages
# and (a name) in the games' drawings, which are SVG and so XML 1.0. The server checks
# them in Python (``_checked``), with Python's ``unicodedata`` for what a character is;
# the document gives the same rules as a pattern (``_pattern``), which the server does
# not run but agrees with. The one difference: a character newer than the server's
# Unicode (Python 3.11 knows Unicode 14) is shown for the pattern's engine, which may
# know it, and not for the server (schemathesis draws the letters it needs from Latin ones).

#: the longest chat message, in characters
CHAT_LENGTH = 500
_SURROGATES = (0xD800, 0xDFFF)
#: the characters refused anywhere in a name, as ranges of code points: the control
#: characters (C0, DEL and C1, line breaks among them; XML refuses most), the line and
#: paragraph separators, the bidirectional embeddings, overrides and isolates (which
#: would turn the text shown around them), the surrogates (no JSON string carries one as
#: a character), the byte order mark, and the noncharacters (U+FDD0 to U+FDEF and the
#: last two of every plane: never text; XML refuses U+FFFE and U+FFFF)
_NAME_REFUSED = (
    (0x00, 0x1F), (0x7F, 0x9F), (0x2028, 0x202E), (0x2066, 0x2069), _SURROGATES,
    (0xFDD0, 0xFDEF), (0xFEFF, 0xFEFF),
    *((plane + 0xFFFE, plane + 0xFFFF) for plane in range(0, 0x110000, 0x10000)),
)  # fmt: skip
#: the same in a chat message but the newline, which breaks its lines
_TEXT_REFUSED = ((0x00, 0x09), (0x0B, 0x1F), *_NAME_REFUSED[1:])
#: letters and symbols that show nothing: the Hangul fillers and the blank braille pattern
_FILLERS = "\u115f\u1160\u3164\uffa0\u2800"
#: the label the pages put after a person's name ("Ada (seat 0)"), in any case and with
#: any spaces (a regular expression that Python and the document's pattern read alike)
_SPACES = r"[ \u00a0\u2000-\u200a\u202f\u205f\u3000]*"
_LABEL = rf"\({_SPACES}[Ss][Ee][Aa][Tt]{_SPACES}[0-9]+{_SPACES}\)"
_LABELLED = re.compile(_LABEL)
#: what a name and a chat message must be, by field: each refusal says it
RULES = {
    "name": "a name is one line of 1 to 40 characters, at least one of them a letter, "
    "digit, punctuation mark or symbol",
    "text": f"a message is 1 to {CHAT_LENGTH} characters, at least one of them a letter, "
    "digit, punctuation mark or symbol",
}


def _shown(c: str) -> bool:
    """Whether ``c`` shows something: a letter, digit, punctuation mark or symbol, not a
    filler (spaces, marks alone and format characters such as U+00AD show nothing)."""
    return unicodedata.category(c)[0] in "LNPS" and c not in _FILLERS


def _kind(c: str) -> str:
    """What a refused character is, in words."""
    code = ord(c)
    if c in "\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029":
        return "a line break"
    if code <= 0x9F:
        return "a control character"
    if 0x202A <= code <= 0x2069:
        return "a direction override"
    if _SURROGATES[0] <= code <= _SURROGATES[1]:
        return "half of a surrogate pair"
    return "a byte order mark" if c == "\ufeff" else "a noncharacter"


def _checked(field: str, refused: tuple[tuple[int, int], ...]) -> AfterValidator:
    """The check of a name (``field`` "name") or a chat message ("text"): none of the
    characters ``refused``, at least one shown and, in a name, no seat's label. A
    refusal (422) says what the field must be (``RULES``) and what is wrong."""
    refusing = re.compile("[" + "".join(rf"\U{lo:08x}-\U{hi:08x}" for lo, hi in refused) + "]")

    def check(value: str) -> str:
        if (found := refusing.search(value)) is not None:
            wrong = f"U+{ord(found.group()):04X} ({_kind(found.group())}) may not be in it"
        elif not any(_shown(c) for c in value):
            wrong = "spaces, fillers, marks and format characters alone show nothing"
        elif field == "name" and _LABELLED.search(value):
            wrong = 'it may not hold a seat\'s label such as "(seat 1)": the pages add it'
        else:
            return value
        raise PydanticCustomError(field, f"{RULES[field]}; {wrong}")

    return AfterValidator(check)


def _pattern(refused: tuple[tuple[int, int], ...], labelled: bool) -> str:
    r"""``_checked``'s rules as a JSON Schema pattern: the characters allowed, at least one
    of them shown and, for a name, no label. Unicode's classes are ``\p{L}`` (as
    ECMAScript reads them, and the Rust engine schemathesis checks with); a code point
    past U+FFFF is ``\x{1fffe}``, as that engine and PCRE write it (ECMAScript's
    ``\u{1fffe}`` is one Python's ``re``, which schemathesis draws examples with, cannot
    read). The surrogates are left out: no engine takes one in a pattern, and a JSON
    string carrying one is refused before it is checked."""

    def spelled(code: int) -> str:
        return f"\\u{code:04x}" if code <= 0xFFFF else f"\\x{{{code:x}}}"

    ranges = "".join(
        spelled(lo) if lo == hi else f"{spelled(lo)}-{spelled(hi)}"
        for lo, hi in refused
        if (lo, hi) != _SURROGATES
    )
    allowed = f"[^{ranges}]"
    fillers = "".join(spelled(ord(c)) for c in _FILLERS)
    shown = rf"(?![{fillers}])[\p{{L}}\p{{N}}\p{{P}}\p{{S}}]"
    unlabelled = rf"(?!.*{_LABEL})" if labelled else ""
    return f"^{unlabelled}{allowed}*{shown}{allowed}*$"


#: a person's name at the table, shown to everyone there; the spaces around it are dropped
SeatName = Annotated[
    str,
    StringConstraints(min_length=1, max_length=40),
    Field(json_schema_extra={"pattern": _pattern(_NAME_REFUSED, labelled=True)}),
    _checked("name", _NAME_REFUSED),
    AfterValidator(str.strip),
]


#: the longest turn clock: a week a move (turn-based play, for people not online together)
LONGEST_CLOCK_MINUTES = 7 * 24 * 60


class HumanSeatCreate(Closed):
    kind: Literal["human"]
    name: SeatName | None = Field(
        None, description=f"the person's name at the table, shown to everyone: {RULES['name']}"
    )


class AccountRequest(Closed):
    name: SeatName = Field(description=f"the account's name, shown at its tables: {RULES['name']}")
    password: str = Field(
        min_length=8, max_length=200, description="8 to 200 characters; only its hash is kept"
    )


class NameRequest(Closed):
    name: SeatName = Field(description=f"the person's name at the table: {RULES['name']}")


#: a chat message; the spaces and newlines around it are dropped
ChatText = Annotated[
    str,
    StringConstraints(min_length=1, max_length=CHAT_LENGTH),
    Field(json_schema_extra={"pattern": _pattern(_TEXT_REFUSED, labelled=False)}),
    _checked("text", _TEXT_REFUSED),
    AfterValidator(str.strip),
]


class ChatRequest(Closed):
    text: ChatText = Field(description=f"what you say to the table: {RULES['text']}")


class BotSeatCreate(Closed):
    kind: Literal["bot"]
    bot: BotName


class OpenSeatCreate(Closed):
    """A person's seat that anyone may take from the lobby, with a name (``take``)."""

    kind: Literal["open"]


SeatCreate = Annotated[
    HumanSeatCreate | BotSeatCreate | OpenSeatCreate, Field(discriminator="kind")
]


# -- opening a table: one body per game -----------------------------------------------------
def _class_name(text: str) -> str:
    return "".join(part.capitalize() for part in text.replace("_", "-").split("-"))


def _options_model(spec: GameSpec) -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for option in spec.options:
        kind: Any = Literal[option.choices] if option.choices else type(option.default)
        if set(option.choices) == {True, False} and type(option.default) is bool:
            kind = StrictBool  # a yes-or-no option: the integers 0 and 1 are not booleans
        fields[option.name] = (kind, Field(option.default, description=option.help))
    return create_model(f"{_class_name(spec.id)}Options", __base__=Closed, **fields)


def _player_count_rules(spec: GameSpec) -> dict[str, Any]:
    """JSON Schema for the options meant for some player counts only (a 2-player
    variant): with another choice than the default, the seats are that many."""
    rules = []
    for option in spec.options:
        if not option.players:
            continue
        other = [c for c in option.choices if c != option.default]
        chosen = {"properties": {option.name: {"enum": other}}, "required": [option.name]}
        counts = {"anyOf": [{"minItems": n, "maxItems": n} for n in option.players]}
        rules.append({
            "if": {"properties": {"options": chosen}, "required": ["options"]},
            "then": {"properties": {"seats": counts}},
        })  # fmt: skip
    return {"allOf": rules} if rules else {}


def _table_create_model(spec: GameSpec) -> type[BaseModel]:
    options = _options_model(spec)
    base: type[TableCreateBase] = TableCreateBase
    rules = _player_count_rules(spec)
    if rules:
        config = ConfigDict(**TableCreateBase.model_config, json_schema_extra=rules)
        base = type("TableCreateBase", (TableCreateBase,), {"model_config": config})
    return create_model(
        f"{_class_name(spec.id)}TableCreate",
        __base__=base,
        __doc__=f"Open a table of {spec.name}: one seat per player.",
        game=(_literal(spec.id), ...),
        seats=(
            list[SeatCreate],
            Field(
                min_length=spec.min_players,
                max_length=spec.max_players,
                description=f"one per player: {spec.min_players} to {spec.max_players}",
            ),
        ),
        options=(options, Field(default_factory=options)),
    )


class TableCreateBase(Closed):
    seed: Annotated[int, Strict(), Field(ge=0, le=MAX_SEED), INTEGRAL] | None = Field(
        None, description="none: a random one"
    )
    clock_minutes: float | None = Field(
        None,
        gt=0,
        le=LONGEST_CLOCK_MINUTES,
        description="minutes a person has for each move, at least the server's shortest "
        "(half a minute unless it says otherwise), at most a week (10080: a turn-based "
        "game, 1440 is a day a move); none: no clock",
    )
    clock_bot: BotName = Field("greedy", description="plays for a person whose time ran out")
    private: StrictBool = Field(
        False, description="not listed in the lobby: reachable by its links only"
    )
    hints: StrictBool = Field(
        False, description="a person may ask for a hint: the greedy bot's move for their seat"
    )


if TYPE_CHECKING:  # a union of models built at import, one per installed game
    TableCreate: TypeAlias = Any
else:
    TableCreate = Annotated[
        Union[tuple(_table_create_model(game(g)) for g in game_ids())],  # noqa: UP007
        Field(discriminator="game"),
    ]


class HumanSeatPublic(BaseModel):
    seat: int
    kind: Literal["human"]
    name: str | None = Field(description="the person's name, if the seat was given one")
    token: str = Field(description="the person's secret token: keep it to play")
    url: str = Field(description="the person's page at the table (with the token)")


class BotSeatPublic(BaseModel):
    seat: int
    kind: Literal["bot"]
    bot: str


class OpenSeatPublic(BaseModel):
    seat: int
    kind: Literal["open"]
    take: str = Field(description="where anyone takes it, with a name (POST)")


SeatPublic = Annotated[
    HumanSeatPublic | BotSeatPublic | OpenSeatPublic, Field(discriminator="kind")
]


class RematchPublic(BaseModel):
    table: str = Field(description="the new table: same game, seats, bots and options")
    url: str = Field(description="your seat there (your token is your seat there too)")
    spectate: str


class TableCreatedPublic(BaseModel):
    table: str
    seats: list[SeatPublic]
    spectate: str = Field(description="the page to watch the table")


# -- playing: the actions of every game -----------------------------------------------------
def _field_type(values: set[Any]) -> Any:
    """The type of an action field that takes exactly ``values``: ints (never
    booleans or strings), booleans, one of the strings, or where games differ in what
    a field of one kind takes, either of those."""
    groups: list[list[Any]] = [
        [v for v in values if isinstance(v, bool)],
        [v for v in values if isinstance(v, str)],
        [v for v in values if isinstance(v, int) and not isinstance(v, bool)],
    ]
    if sum(map(len, groups)) != len(values):
        raise TypeError(f"an action field takes ints, strings or booleans, not {values}")
    types = [_one_type(set(group)) for group in groups if group]
    return types[0] if len(types) == 1 else Union[tuple(types)]  # noqa: UP007


def _one_type(values: set[Any]) -> Any:
    """``_field_type`` of values of one type."""
    if all(isinstance(v, bool) for v in values):
        return Annotated[bool, Strict()]
    if all(isinstance(v, str) for v in values):
        return _literal(*sorted(values))
    low, high = min(values), max(values)
    if len(values) == high - low + 1:
        return integer(ge=low, le=high)

    def member(value: int) -> int:
        if value not in values:
            raise ValueError(f"must be one of {sorted(values)}")
        return value

    return Annotated[
        integer(ge=low, le=high),
        AfterValidator(member),
        Field(json_schema_extra={"enum": sorted(values)}),
    ]


def _action_field(values: set[Any], required: bool) -> tuple[Any, Any]:
    """An action model's field taking ``values``: required, or None where a game lacks it."""
    if required:
        return _field_type(values), ...
    return _field_type(values), Field(None, description="in some games only")


def _action_models() -> list[type[Closed]]:
    """One model per action kind of every game, for the document and a first check of a
    move's shape. Games are free to give one kind other fields (each game's actions are
    its own: the table's game reads the move, ``app._action``): the model of a kind
    has the fields of every game that has it, required where all of them have it, each
    taking the values of all. Whether this table's game has the action is the
    server's 409."""
    kinds: dict[str, dict[str, set[Any]]] = {}
    required: dict[str, set[str]] = {}
    for spec in map(game, game_ids()):
        for cls in spec.action_classes.values():
            fields = kinds.setdefault(cls.kind, {})
            for name, values in zip(cls.fields, spec.field_values(cls.kind), strict=False):
                fields.setdefault(name, set()).update(values)
            required.setdefault(cls.kind, set(cls.fields)).intersection_update(cls.fields)
    models = []
    for kind, fields in kinds.items():
        definitions: dict[str, Any] = {
            name: _action_field(values, name in required[kind]) for name, values in fields.items()
        }
        models.append(
            create_model(
                f"{_class_name(kind)}Action",
                __base__=Closed,
                kind=(_literal(kind), ...),
                **definitions,
            )
        )
    return models


if TYPE_CHECKING:  # a union of models built at import, one per action kind
    ActionJson: TypeAlias = Any
else:
    ActionJson = Annotated[Union[tuple(_action_models())], Field(discriminator="kind")]  # noqa: UP007
MAX_ACTION_INDEX = max(len(game(g).actions) for g in game_ids()) - 1


class _ActionRequestBase(Closed):
    log_length: Annotated[int, Strict(), Field(ge=0), INTEGRAL] | None = Field(
        None, description="the view's log_length: refused (409) if the table moved on"
    )


class IndexActionRequest(_ActionRequestBase):
    """Play the action with this index in the game's list (a legal action's index)."""

    index: Annotated[int, Strict(), Field(ge=0, le=MAX_ACTION_INDEX), INTEGRAL] = Field(
        description="the game's action index"
    )


class JsonActionRequest(_ActionRequestBase):
    """Play this action (as a legal action's ``action`` shows it)."""

    action: ActionJson


def _action_request_kind(body: Any) -> str:
    return "index" if isinstance(body, dict) and "index" in body else "action"


#: exactly one of the two (a body with neither is told that ``action`` is missing)
ActionRequest = Annotated[
    Annotated[IndexActionRequest, Tag("index")] | Annotated[JsonActionRequest, Tag("action")],
    Discriminator(_action_request_kind),
]
