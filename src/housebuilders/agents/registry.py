"""Named bots, made from a name string such as ``random`` or ``greedy:samples=16``.

A bot name is ``bot`` or ``bot:key=value,key=value``. Each registered bot declares
its parameters and their types, so a typo is an error that names what is known
rather than a silently ignored setting.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .base import Agent, AgentError

#: The types a bot parameter may have; the value text is parsed accordingly.
ParamType = type[int] | type[float] | type[str] | type[bool]


@dataclass(frozen=True)
class BotInfo:
    """A registered bot: ``factory(seed=..., name=..., **params)`` makes one."""

    name: str
    factory: Callable[..., Agent]
    params: Mapping[str, ParamType] = field(default_factory=dict)
    help: str = ""


_BOTS: dict[str, BotInfo] = {}


def register_bot(
    name: str,
    factory: Callable[..., Agent],
    params: Mapping[str, ParamType] | None = None,
    help: str = "",
) -> BotInfo:
    """Make ``name`` available to ``make`` (and so to the CLI's ``--bots``)."""
    if not name or any(c in name for c in ":,= "):
        raise ValueError(
            f"a bot name may not be empty or contain ':', ',', '=' or spaces: {name!r}"
        )
    if name in _BOTS:
        raise ValueError(f"a bot named {name!r} is already registered")
    info = _BOTS[name] = BotInfo(name, factory, dict(params or {}), help)
    return info


def bot_names() -> list[str]:
    return list(_BOTS)


def bot_info(name: str) -> BotInfo:
    try:
        return _BOTS[name]
    except KeyError:
        raise AgentError(f"unknown bot {name!r} (bots: {', '.join(_BOTS)})") from None


def parse(text: str) -> tuple[str, dict[str, Any]]:
    """``"greedy:samples=4"`` -> ``("greedy", {"samples": 4})``, checked and typed."""
    bot, _, rest = text.strip().partition(":")
    info = bot_info(bot)
    params: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq:
            raise AgentError(f"bot parameter {item!r} in {text!r} is not key=value")
        if key not in info.params:
            known = ", ".join(info.params) or "none"
            raise AgentError(f"bot {bot!r} has no parameter {key!r} (parameters: {known})")
        params[key] = _convert(info.params[key], value.strip(), f"{bot}:{key}")
    return bot, params


def make(name: str, seed: int = 0) -> Agent:
    """A new agent from a bot name (see ``parse``), seeded with ``seed``."""
    bot, params = parse(name)
    try:
        return _BOTS[bot].factory(seed=seed, name=name.strip(), **params)
    except TypeError as e:  # a factory that does not take a declared parameter
        raise AgentError(f"cannot make bot {name!r}: {e}") from None


def split_bots(text: str) -> list[str]:
    """Split a comma-separated list of bot names whose parameters also use commas:
    ``"random,ismcts:iterations=2000,c=1.4,greedy"`` ->
    ``["random", "ismcts:iterations=2000,c=1.4", "greedy"]`` (a ``key=value`` piece
    without a ``:`` continues the bot before it)."""
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and out:
            out[-1] = f"{out[-1]},{piece}"
        else:
            out.append(piece)
    if not out:
        raise AgentError(f"no bot named in {text!r}")
    return out


def _convert(kind: ParamType, value: str, where: str) -> Any:
    if kind is bool:
        lowered = value.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise AgentError(f"{where} takes true or false, not {value!r}")
    try:
        return kind(value)
    except ValueError:
        raise AgentError(
            f"{where} takes a{'n' if kind is int else ''} {kind.__name__}, not {value!r}"
        ) from None
