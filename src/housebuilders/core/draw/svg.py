"""SVG elements written as strings: numbers short, text escaped, attributes named the
Python way (``class_`` is ``class``, ``font_size`` is ``font-size``).

Text comes from anywhere (people's names, a game's content, a plugin's strings), so
escaping also drops every character XML 1.0 does not allow: no text can make a drawing
ill-formed (the page shows no board for a drawing it cannot read)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from housebuilders.core.draw.theme import INK, MUTED


class Box(NamedTuple):
    """A rectangle: its top left corner, its width and its height."""

    x: float
    y: float
    w: float
    h: float


def num(v: object) -> str:
    """A number written short: 2.50 -> 2.5, 3.0 -> 3."""
    return f"{v:.1f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


@cache
def attr_name(key: str) -> str:
    """``class_`` -> ``class``, ``font_size`` -> ``font-size``."""
    return key.rstrip("_").replace("_", "-")


#: the characters outside XML 1.0's ``Char`` production: the control characters but the
#: tab, newline and carriage return, the surrogates, U+FFFE and U+FFFF
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


@lru_cache(maxsize=4096)
def quoted(s: str) -> str:
    """``s`` as a quoted, escaped attribute value, without the characters XML refuses."""
    return quoteattr(_NOT_XML.sub("", s))


@lru_cache(maxsize=4096)
def escaped(s: str) -> str:
    """``s`` escaped for an element's content, without the characters XML refuses."""
    return escape(_NOT_XML.sub("", s))


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


def path(d: str, **attrs: Any) -> str:
    """A path along ``d`` (SVG path data)."""
    return el("path", d=d, **attrs)


def polygon(points: Iterable[tuple[float, float]], **attrs: Any) -> str:
    """A closed path through ``points``."""
    d = "M" + "L".join(f"{num(float(x))} {num(float(y))}" for x, y in points) + "Z"
    return el("path", d=d, **attrs)


def text(
    x: float, y: float, s: object, size: float = 13, anchor: str | None = None, **attrs: Any
) -> str:
    """``s`` written at (x, y) (the baseline's start, or its middle or end by ``anchor``:
    "middle", "end"), in the ink colour unless ``fill`` says otherwise."""
    body = str(s) if type(s) is int else escaped(str(s))
    attrs = {"fill": INK, **attrs}
    return el("text", body, x=x, y=y, font_size=size, text_anchor=anchor, **attrs)


def bold(
    x: float, y: float, s: object, size: float = 13, anchor: str | None = None, **attrs: Any
) -> str:
    return text(x, y, s, size, anchor, font_weight="bold", **attrs)


def muted(x: float, y: float, s: object, size: float = 12, anchor: str | None = None) -> str:
    """``s`` in the muted colour: a note, a label."""
    return text(x, y, s, size, anchor, fill=MUTED)


def caption(x: float, y: float, s: object, size: float = 12) -> str:
    """A section's caption: bold and muted."""
    return text(x, y, s, size, font_weight="bold", fill=MUTED)


def text_width(s: str, size: float) -> float:
    """About how wide ``s`` is at font size ``size`` in a sans-serif font."""
    return len(s) * 0.56 * size


#: a bold sans-serif's widest advances (em) by kind of character, at least DejaVu Sans
#: Bold's (the default sans-serif of Debian's browsers, and wider than most): narrow
#: letters and punctuation, the space, the widest letters, other capitals, the rest
_BOLD_NARROW, _BOLD_SPACE, _BOLD_WIDE, _BOLD_CAPITAL, _BOLD_OTHER = 0.5, 0.36, 1.05, 0.86, 0.72


def bold_width(s: str, size: float) -> float:
    """At most how wide ``s`` is at font size ``size`` in a bold sans-serif font: a
    bound to place things after bold text by (``text_width``'s average is too small
    for bold text, whose letters are a quarter wider)."""
    width = 0.0
    for c in s:
        if c == " ":
            width += _BOLD_SPACE
        elif c in "ijlftr.,:;'!|()[]":
            width += _BOLD_NARROW
        elif c in "mwMW@%":
            width += _BOLD_WIDE
        elif c.isupper():
            width += _BOLD_CAPITAL
        else:
            width += _BOLD_OTHER
    return width * size


def shorten(s: str, room: int) -> str:
    """``s`` in at most ``room`` characters (at least 1), cut short with an ellipsis."""
    room = max(1, room)
    return s if len(s) <= room else s[: room - 1].rstrip(" …") + "…"


def fit(s: str, width: float, size: float) -> str:
    """``s``, cut short with an ellipsis if it would be wider than ``width`` (roughly)
    at font ``size``: a seat's name where a box has room for one line."""
    return shorten(s, int(width / (0.56 * size)))


def wrap(s: str, width: float, size: float) -> list[str]:
    """``s`` in lines of at most ``width`` (roughly) at font ``size``, broken between
    words."""
    per_line = max(4, int(width / (0.56 * size)))
    lines: list[str] = []
    for word in s.split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
