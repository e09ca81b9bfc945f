"""Errors every game raises: an illegal action, bad component data, bad options, a
saved state that cannot be loaded."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow here. ``rule`` names the rule broken.

    ``rule`` reads ``"<game-id> §<section>"``, the section being the rulebook heading,
    so a player can be told which rule and why.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


class NotAnAction(ValueError):
    """JSON that is no action of the game (``GameSpec.action_from_json``); ``rule``:
    the rule that says why, as ``IllegalAction``'s, where there is one."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class ContentError(ValueError):
    """Component data (a data.toml, or an override) that does not fit its schema."""


class OptionError(ValueError):
    """An unknown game option, or a value the option does not take."""


class StateError(ValueError):
    """A saved state (``state_from_json``'s input) that is malformed or inconsistent.

    The message names the field and what is wrong with it, as
    ``"<field>: <what is wrong>"``."""
