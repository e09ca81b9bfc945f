"""Component data: a game's data.toml, validated by a schema, with overrides.

A game declares its schema as pydantic models (``Schema``: frozen, no unknown
fields) and its data file as ``GameData(schema, path)``; ``GameData.load`` gives
the content, with ``content=`` of ``new_game`` (or ``--content FILE`` on the CLI)
merged over the file, so a value someone reads off the real box replaces a
PROPOSED one without touching code. Such values carry a ``# proposed`` comment in
the file; ``GameData.proposed()`` lists them, for the game's doc page.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from functools import cached_property, wraps
from pathlib import Path
from typing import Any, Generic, ParamSpec, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from housebuilders.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)


class Schema(BaseModel):
    """Base of every content model: immutable, and unknown fields are errors."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


def read_toml(path: Path | str) -> dict[str, Any]:
    path = Path(path)
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError(f"{path}: no such file") from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{path}: not valid TOML: {e}") from None


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """``override`` over ``base``: tables merge key by key, anything else replaces."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def validate(model: type[M], data: Mapping[str, Any], source: str) -> M:
    """``data`` as ``model``, or a ContentError naming the source, each field and
    what was expected."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        lines = []
        for err in e.errors():
            where = ".".join(str(p) for p in err["loc"]) or "(top level)"
            got = err.get("input")
            lines.append(f"  {where}: {err['msg']} (got {got!r})"[:300])
        raise ContentError(f"{source}: invalid component data\n" + "\n".join(lines)) from None


#: a table's header in a TOML file: ``[name]`` or, for an array of tables, ``[[name]]``
_HEADER = re.compile(r"(\[\[?)([\w.-]+)\]\]?")


class GameData(Generic[M]):
    """A game's component data: the TOML file at ``path`` read as ``schema``, once;
    ``load(override)`` gives it with an override merged over it."""

    def __init__(self, schema: type[M], path: Path | str) -> None:
        self.schema = schema
        self.path = Path(path)

    @cached_property
    def file_data(self) -> dict[str, Any]:
        """The file as it reads, unchecked."""
        return read_toml(self.path)

    @cached_property
    def default(self) -> M:
        """The file's content, checked (the rulebook's components)."""
        return validate(self.schema, self.file_data, str(self.path))

    def load(self, override: Mapping[str, Any] | None = None) -> M:
        """The rulebook's content, with ``override`` (the shape of the file, any part of
        it) merged over it; a ContentError naming each field that does not fit."""
        if not override:
            return self.default
        merged = merge(self.file_data, override)
        return validate(self.schema, merged, f"{self.path} with content override")

    def proposed(self) -> list[str]:
        """The dotted path of every value marked ``# proposed`` in the file, sorted
        (``proposed_paths``)."""
        return proposed_paths(self.path.read_text())


def proposed_paths(data: str) -> list[str]:
    """The dotted path of every value a data file's text marks ``# proposed``, sorted:
    ``a.b`` for a key of ``[a]``, ``a[*].b`` for a key of an array of tables ``[[a]]``;
    the rows of a multi-line array count as its key."""
    table, key, paths = "", "", set()
    depth = 0  # brackets open in a multi-line array, whose rows are not headers
    for line in data.splitlines():
        code = line.split("#", 1)[0].strip()
        header = _HEADER.fullmatch(code)
        if depth == 0 and header:
            brackets, name = header.groups()
            table, key = name + ("[*]" if brackets == "[[" else ""), ""
            continue
        if depth == 0 and "=" in code:
            key, code = (part.strip() for part in code.split("=", 1))
        depth += code.count("[") - code.count("]")
        if code and key and "# proposed" in line:
            paths.add(f"{table}.{key}".strip("."))
    return sorted(paths)


P = ParamSpec("P")
T = TypeVar("T")
K = TypeVar("K")


def per_content(make: Callable[P, T]) -> Callable[P, T]:
    """``make(content, *args)`` made once per content object (and arguments): what a
    game derives from its content (a layout, its names, per-player-count tables).
    Content models are immutable, so the object's identity is the key; a content
    override makes a new object, and the cache keeps the last 64."""
    made: dict[tuple[Any, ...], tuple[Any, T]] = {}
    #: the content last asked for alone, and what it made: the commonest call (a game
    #: asking for its tables in an inner loop) answered without building a key. One
    #: tuple, read once a call, so that threads asking for two contents at once never
    #: see one content beside the other's answer
    last: tuple[Any, Any] = (None, None)

    def keyed(args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
        content, *rest = args
        key = (id(content), *rest)
        hit = made.get(key)
        if hit is None or hit[0] is not content:
            if len(made) >= 64:
                made.clear()
            hit = made[key] = (content, make(*args, **kwargs))
        return hit[1]

    @wraps(make)
    def derived(*args: P.args, **kwargs: P.kwargs) -> T:
        nonlocal last
        if len(args) != 1 or kwargs:
            return keyed(args, kwargs)
        hit = last
        if hit[0] is not args[0]:
            hit = last = (args[0], keyed(args, kwargs))
        return hit[1]

    return derived


def remembered(memory: dict[K, T], key: K, kept: int, make: Callable[[], T]) -> T:
    """``memory[key]``, made by ``make()`` the first time it is asked; a memory holding
    ``kept`` answers is emptied first (a bot's positions recur within a move and a game,
    seldom after). The answer is shared: not to be changed."""
    hit = memory.get(key)
    if hit is None:
        if len(memory) >= kept:
            memory.clear()
        hit = memory[key] = make()
    return hit
