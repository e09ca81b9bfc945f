"""Parts of a game named by module and imported the first time they are asked for:
a ``GameSpec``'s views and bot helpers are given as ``"module:attribute"`` (the
entry-point syntax), so that loading a game loads none of its drawing or bot code."""

from __future__ import annotations

from importlib import import_module
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


def load(ref: str) -> Any:
    """The object ``ref`` names: ``"package.module:attribute"`` (the attribute may be
    dotted: ``"module:Class.method"``), its module imported if it is not yet."""
    module, _, attribute = ref.partition(":")
    value: Any = import_module(module)
    for name in attribute.split("."):
        value = getattr(value, name)
    return value


def check_ref(ref: str, what: str) -> None:
    """A ValueError naming ``what`` unless ``ref`` has the shape ``"module:attribute"``."""
    module, colon, attribute = ref.partition(":")
    names = [*module.split("."), *attribute.split(".")]
    if not colon or not all(name.isidentifier() for name in names):
        raise ValueError(f"{what} must be the object or 'package.module:attribute', not {ref!r}")


class Lazy(Generic[T]):
    """A field of a (frozen) dataclass given either as the object itself or as
    ``"module:attribute"``; read, it is the object, imported on the first read and then
    kept. Its default is None."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> None: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T | None: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> T | None:
        if obj is None:
            return None  # the field's default
        value = obj.__dict__.get(self.name)
        if isinstance(value, str):
            try:
                value = load(value)
            except (ImportError, AttributeError) as e:
                whose = getattr(obj, "id", type(obj).__name__)
                raise ImportError(f"{whose}: {self.name} = {value!r} cannot be loaded: {e}") from e
            obj.__dict__[self.name] = value
        return value

    def __set__(self, obj: object, value: T | str | None) -> None:
        if isinstance(value, str):
            check_ref(value, self.name)
        obj.__dict__[self.name] = value
