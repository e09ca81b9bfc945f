"""A game's views and bot helpers are named by module ("module:attribute") and imported
the first time they are read (core/lazy.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from housebuilders.core.lazy import Lazy, load


@dataclass(frozen=True)
class Parts:
    view: Lazy[Callable[..., Any]] = Lazy()


def test_a_name_is_the_object_it_names_once_read() -> None:
    parts = Parts("json:dumps")
    assert parts.__dict__["view"] == "json:dumps"  # not imported yet
    assert parts.view is json.dumps
    assert parts.__dict__["view"] is json.dumps  # kept


def test_the_object_itself_or_nothing_may_be_given() -> None:
    assert Parts(print).view is print
    assert Parts().view is None


def test_a_dotted_attribute_is_followed() -> None:
    assert load("json:JSONDecoder.decode") is json.JSONDecoder.decode


@pytest.mark.parametrize("ref", ["json.dumps", "json:", ":dumps", "json:dumps()", "no such:x"])
def test_a_name_of_the_wrong_shape_is_refused_when_given(ref: str) -> None:
    with pytest.raises(ValueError, match="view must be the object or 'package.module:attribute'"):
        Parts(ref)


@pytest.mark.parametrize("ref", ["json:nothing", "housebuilders.no_such_module:view"])
def test_a_name_that_cannot_be_loaded_says_which_field_and_name(ref: str) -> None:
    parts = Parts(ref)
    with pytest.raises(ImportError, match=f"Parts: view = '{ref}' cannot be loaded"):
        _ = parts.view


def test_the_field_cannot_be_set_afterwards() -> None:
    with pytest.raises(AttributeError):
        Parts().view = print  # type: ignore[misc]
