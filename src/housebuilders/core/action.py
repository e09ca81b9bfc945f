"""Actions: small immutable values that read like a sentence.

An action is a tuple ``(kind, field1, field2, ...)``: hashing and comparison run
in C, two kinds never compare equal, and a game can build every action once and
hand out the same objects from ``legal_actions``. Declare one like a dataclass::

    class PlaceMarker(Action, kind="place"):
        value: int
        location: int

        def __str__(self) -> str:
            return f"place a marker on location {self.location}"

Fields are ints, strings or bools, so ``to_json`` is JSON as it stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any, ClassVar


class Action(tuple):  # type: ignore[type-arg]
    __slots__ = ()
    kind: ClassVar[str]
    fields: ClassVar[tuple[str, ...]] = ()
    #: each field's type (int, str or bool), checked exactly where JSON becomes an action
    field_types: ClassVar[tuple[type, ...]] = ()
    _keys: ClassVar[tuple[str, ...]] = ("kind",)

    def __init_subclass__(cls, kind: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not kind:
            raise TypeError(f"{cls.__name__} needs a kind: class {cls.__name__}(Action, kind=...)")
        cls.kind = kind
        own = cls.__dict__.get("__annotations__", {})
        declared = tuple(name for name, hint in own.items() if "ClassVar" not in str(hint))
        # a subclass that declares no fields keeps its parent's (it changes, say, the text)
        if declared:
            cls.fields = declared
            cls.field_types = tuple(_field_type(cls, name, own[name]) for name in declared)
        cls._keys = ("kind", *cls.fields)
        for i, name in enumerate(cls.fields, start=1):
            setattr(cls, name, property(itemgetter(i), doc=f"the action's {name}"))

    def __new__(cls, *args: Any, **kwargs: Any) -> Action:
        if len(args) > len(cls.fields):
            raise TypeError(f"{cls.__name__} takes {len(cls.fields)} fields, got {len(args)}")
        values = list(args)
        for name in cls.fields[len(args) :]:
            if name not in kwargs:
                raise TypeError(f"{cls.__name__} is missing the field {name!r}")
            values.append(kwargs.pop(name))
        if kwargs:
            raise TypeError(f"{cls.__name__} has no field {', '.join(map(repr, kwargs))}")
        return tuple.__new__(cls, (cls.kind, *values))

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={v!r}" for n, v in zip(self.fields, self[1:], strict=True))
        return f"{type(self).__name__}({inner})"

    def __str__(self) -> str:
        return repr(self)

    def __getnewargs__(self) -> tuple[Any, ...]:  # pickling (processes, Ray)
        return tuple(self[1:])

    def to_json(self) -> dict[str, Any]:
        return dict(zip(self._keys, self, strict=True))  # the tuple is (kind, *fields)

    def never(self) -> tuple[str, str] | None:
        """Why this action, well formed, is a move of no position of its game, and the
        rulebook section that says so (``(message, section)``), where a rule does: the
        refusal of its JSON then names the rule. None: no rule to give."""
        return None


def action_from_json(classes: Mapping[str, type[Action]], data: Any) -> Action:
    """Build an action of one of ``classes`` (kind -> class) from its JSON form."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError(f"an action is an object with a 'kind', got {data!r}")
    cls = classes.get(data["kind"])
    if cls is None:
        known = ", ".join(sorted(classes))
        raise ValueError(f"unknown action kind {data['kind']!r} (known: {known})")
    fields = {k: v for k, v in data.items() if k != "kind"}
    missing = [f for f in cls.fields if f not in fields]
    extra = [f for f in fields if f not in cls.fields]
    if missing or extra:
        raise ValueError(
            f"action {cls.kind!r} takes fields {list(cls.fields)}"
            + (f"; missing {missing}" if missing else "")
            + (f"; unexpected {extra}" if extra else "")
        )
    for name, kind in zip(cls.fields, cls.field_types, strict=True):
        value = fields[name]
        if type(value) is not kind:  # exactly: True is no int, "0" no number
            raise ValueError(
                f"field {name!r} of action {cls.kind!r} must be {_TYPE_NAMES[kind]}, "
                f"not {value!r}"
            )
    return cls(**fields)


_TYPE_NAMES = {int: "an integer", str: "a string", bool: "true or false"}


def _field_type(cls: type, name: str, hint: Any) -> type:
    """The type a field is declared with (annotations may be strings)."""
    found = {"int": int, "str": str, "bool": bool}.get(hint) if isinstance(hint, str) else hint
    if found not in _TYPE_NAMES:
        raise TypeError(f"{cls.__name__}.{name} must be declared int, str or bool, not {hint!r}")
    return found
