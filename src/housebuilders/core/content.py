"""Component data: a game's data.toml, validated by a schema, with overrides.

A game declares its schema as pydantic models (frozen, no unknown fields) and
loads its content with ``load_content``; ``content=`` in ``new_game`` (or
``--content FILE`` on the CLI) is merged over the file, so a value someone
reads off the real box replaces a PROPOSED one without touching code.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ContentError

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
