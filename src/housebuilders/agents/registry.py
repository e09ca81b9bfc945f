"""Named bots, made from a name string such as ``random`` or ``greedy:samples=16``.

A bot name is ``bot`` or ``bot:key=value,key=value``. Each registered bot declares
its parameters, their types and their bounds (``Param``), so a typo is an error that
names what is known rather than a silently ignored setting, and no name asks a bot
for an endless or absurd amount of work (``seconds=nan``, ``samples=100000000``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from housebuilders.agents.base import Agent, AgentError

#: The types a bot parameter may have; the value text is parsed accordingly.
ParamType = type[int] | type[float] | type[str] | type[bool]


@dataclass(frozen=True)
class Param:
    """A bot parameter: its type and what it may be. A number (int or float) has
    bounds, ``low <= value <= high``, both required and finite, so NaN and infinity
    are always refused; a text may be limited to ``choices``; a bool is true or false.
    """

    type: ParamType
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.type not in (int, float, str, bool):
            raise ValueError(f"a bot parameter is an int, float, str or bool, not {self.type}")
        if self.numeric:
            if self.low is None or self.high is None:
                raise ValueError("a number parameter needs bounds: Param(int, low, high)")
            if not (math.isfinite(self.low) and math.isfinite(self.high) and self.low <= self.high):
                raise ValueError(f"bad bounds for a bot parameter: {self.low} to {self.high}")

    @property
    def numeric(self) -> bool:
        return self.type in (int, float)

    @property
    def bounds(self) -> str:
        """What the parameter takes, in words: ``an int from 1 to 1000``."""
        if self.type is bool:
            return "true or false"
        if self.choices:
            return " or ".join(", ".join(self.choices).rsplit(", ", 1))
        if self.type is str:
            return "a text"
        article = "an" if self.type is int else "a"
        return f"{article} {self.type.__name__} from {self.range}"

    @property
    def range(self) -> str:
        """``"1 to 1000"`` (numbers only; how docs/bots.md writes it too)."""
        return f"{_number(self.low)} to {_number(self.high)}"

    def convert(self, value: str, where: str) -> Any:
        """The value of ``value`` (a name's text), or AgentError naming ``where`` and
        what it takes."""
        refused = AgentError(f"{where} takes {self.bounds}, not {value!r}")
        if self.type is bool:
            lowered = value.lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise refused
        if self.type is str:
            if self.choices and value not in self.choices:
                raise refused
            return value
        try:
            number = self.type(value)
        except ValueError:
            raise refused from None
        assert self.low is not None and self.high is not None
        if not self.low <= float(number) <= self.high:  # NaN fails every comparison
            raise refused
        return number


def _number(value: float | None) -> str:
    return f"{value:g}" if isinstance(value, float) and not value.is_integer() else f"{value:.0f}"


@dataclass(frozen=True)
class BotInfo:
    """A registered bot: ``factory(seed=..., name=..., **params)`` makes one."""

    name: str
    factory: Callable[..., Agent]
    params: Mapping[str, Param] = field(default_factory=dict)
    help: str = ""
    #: how strong an opponent it is, in a word a player understands ("beginner",
    #: "casual", "strong"); the web lobby shows it (docs/bots.md has the ladder)
    hint: str = ""


_BOTS: dict[str, BotInfo] = {}


def register_bot(
    name: str,
    factory: Callable[..., Agent],
    params: Mapping[str, Param | ParamType] | None = None,
    help: str = "",
    hint: str = "",
) -> BotInfo:
    """Make ``name`` available to ``make`` (and so to the CLI's ``--bots``).
    ``params`` declares each parameter: a ``Param``, or plainly ``str`` or ``bool``
    (a number always needs its bounds)."""
    if not name or any(c in name for c in ":,= "):
        raise ValueError(
            f"a bot name may not be empty or contain ':', ',', '=' or spaces: {name!r}"
        )
    if name in _BOTS:
        raise ValueError(f"a bot named {name!r} is already registered")
    declared = {
        key: kind if isinstance(kind, Param) else _unbounded(name, key, kind)
        for key, kind in (params or {}).items()
    }
    info = _BOTS[name] = BotInfo(name, factory, declared, help, hint)
    return info


def _unbounded(bot: str, key: str, kind: ParamType) -> Param:
    if kind in (int, float):
        raise ValueError(
            f"bot {bot!r}: the number parameter {key!r} needs its bounds: "
            f"Param({kind.__name__}, low, high)"
        )
    return Param(kind)


def bot_names() -> list[str]:
    return list(_BOTS)


def bot_info(name: str) -> BotInfo:
    try:
        return _BOTS[name]
    except KeyError:
        raise AgentError(f"unknown bot {name!r} (bots: {', '.join(_BOTS)})") from None


def strength_hint(name: str) -> str:
    """The strength hint of a bot name's bot (``"ismcts:seconds=2"``: ismcts's)."""
    return bot_info(parse(name)[0]).hint


def parse(text: str) -> tuple[str, dict[str, Any]]:
    """``"greedy:samples=4"`` -> ``("greedy", {"samples": 4})``, checked and typed:
    each parameter once, none empty (``"greedy:"``, nothing after the colon, is greedy)."""
    bot, _, rest = text.strip().partition(":")
    if "=" in bot:  # "random,c=1": parameters without the colon
        bot, _, rest = bot.partition(",")
    bot = bot.strip()
    info = bot_info(bot)
    params: dict[str, Any] = {}
    # "random:" is random under another name (a second, separately rated copy)
    items = [part.strip() for part in rest.split(",")] if rest.strip() else []
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not item:
            raise AgentError(f"an empty bot parameter in {text!r}: write {bot}:key=value,...")
        if not eq:
            raise AgentError(f"bot parameter {item!r} in {text!r} is not key=value")
        if key not in info.params:
            known = ", ".join(info.params) or "none"
            raise AgentError(f"bot {bot!r} has no parameter {key!r} (parameters: {known})")
        if key in params:
            raise AgentError(f"bot parameter {key!r} is given twice in {text!r}")
        params[key] = info.params[key].convert(value.strip(), f"{bot}:{key}")
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
