"""Building blocks for a game's SVG view (``GameSpec.svg_view``): elements written
as strings, text escaped, numbers short, and the clickable group that stands for
a legal action (class ``act``, ``data-index`` = the action's index, a ``<title>``
with its text), which the web client makes clickable."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, NamedTuple
from xml.sax.saxutils import escape, quoteattr

Json = dict[str, Any]


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float


class Legal(NamedTuple):
    """One legal action as the view receives it."""

    index: int
    text: str
    action: Json


def num(v: object) -> str:
    """A number written short: 2.50 -> 2.5, 3.0 -> 3."""
    return f"{v:.1f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


@cache
def attr_name(key: str) -> str:
    """``class_`` -> ``class``, ``font_size`` -> ``font-size``."""
    return key.rstrip("_").replace("_", "-")


@lru_cache(maxsize=4096)
def quoted(s: str) -> str:
    return quoteattr(s)


def attr(v: object) -> str:
    """A quoted attribute value: numbers as they are, text escaped."""
    kind = type(v)
    if kind is int:
        return f'"{v}"'
    if kind is float:
        return f'"{num(v)}"'
    return quoted(str(v))


def el(tag: str, content: str = "", **attrs: Any) -> str:
    """An element; ``class_`` is ``class``, other underscores become hyphens; an
    attribute given None is left out. ``content`` must be escaped already."""
    text = "".join([f" {attr_name(k)}={attr(v)}" for k, v in attrs.items() if v is not None])
    return f"<{tag}{text}>{content}</{tag}>" if content else f"<{tag}{text}/>"


def rect(box: Box, **attrs: Any) -> str:
    return el("rect", x=box.x, y=box.y, width=box.w, height=box.h, **attrs)


def circle(cx: float, cy: float, r: float, **attrs: Any) -> str:
    return el("circle", cx=cx, cy=cy, r=r, **attrs)


def line(x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> str:
    return el("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)


def act(item: Legal, *parts: str) -> str:
    """A clickable group standing for one legal action."""
    title = el("title", escape(item.text))
    return el("g", title + "".join(parts), class_="act", data_index=item.index)


def maybe_act(item: Legal | None, parts: list[str]) -> list[str]:
    """``parts`` made clickable for ``item``, or as they are if there is none."""
    return [act(item, *parts)] if item else parts


def text_width(s: str, size: float) -> float:
    """About how wide ``s`` is at font size ``size`` in a sans-serif font."""
    return len(s) * 0.56 * size
