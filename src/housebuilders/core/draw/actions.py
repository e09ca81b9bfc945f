"""The seat's legal actions on the drawing: each one with a natural place is drawn
there as a clickable group (``act``: class ``act``, ``data-index`` the action's index in
the game's action space, a ``<title>`` with the action's sentence), which the web client
makes clickable; the others are left to its list of buttons. A part that stands for an
action not legal now may be drawn as an ``asks`` (the client asks why not), and any part
may be ``explained`` by a tooltip."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple

from housebuilders.core.draw.svg import Box, el, escaped, rect, text, text_width
from housebuilders.core.draw.theme import ghost

Json = dict[str, Any]

#: the seed of the seat's determinization on which a part's ``ask`` is answered (the web
#: table's "why not?", the kit's check of the asks): any fixed one (the answer may depend
#: only on what the seat knows, whatever the seed)
WHY_SEED = 0


class Legal(NamedTuple):
    """One legal action as the view receives it."""

    index: int  # type: ignore[assignment]  # (the field hides tuple.index, never used)
    text: str
    action: Json


class Acts:
    """The seat's legal actions (``legal``: ``{"index", "text", "action"}`` each, as
    ``GameSpec.svg_view`` receives them), found by kind and fields."""

    def __init__(self, legal: Iterable[Json]) -> None:
        self.all = [Legal(int(a["index"]), str(a["text"]), a["action"]) for a in legal]
        self.kinds: dict[str, list[Legal]] = {}
        for item in self.all:
            self.kinds.setdefault(str(item.action.get("kind")), []).append(item)

    def __bool__(self) -> bool:
        return bool(self.all)

    def of(self, kind: str) -> list[Legal]:
        """The actions of ``kind``, in the order given."""
        return self.kinds.get(kind, [])

    def matching(self, kind: str, **fields: Any) -> list[Legal]:
        """The actions of ``kind`` whose fields have the values given."""
        return [a for a in self.of(kind) if all(a.action.get(k) == v for k, v in fields.items())]

    def find(self, kind: str, **fields: Any) -> Legal | None:
        """The first action of ``kind`` whose fields have the values given, if any."""
        for item in self.kinds.get(kind, ()):
            if all(item.action.get(k) == v for k, v in fields.items()):
                return item
        return None

    def at(self, kind: str, *keys: str) -> dict[tuple[Any, ...], Legal]:
        """The actions of ``kind`` by the values of their fields ``keys``."""
        return {tuple(a.action.get(k) for k in keys): a for a in self.of(kind)}


#: no legal action (a seat's actions are drawn on its own parts only)
NO_ACTS = Acts(())


def act(item: Legal, *parts: str) -> str:
    """``parts`` as one clickable group standing for the legal action ``item``."""
    title = el("title", escaped(item.text))
    return el("g", title + "".join(parts), class_="act", data_index=item.index)


def maybe_act(
    item: Legal | None, parts: list[str], ask: Json | None = None, title: str = ""
) -> list[str]:
    """``parts`` made clickable for ``item``; without one, an ``ask`` for the action
    ``ask`` (its JSON) if given, else ``parts`` explained by ``title`` (if any)."""
    if item:
        return [act(item, *parts)]
    if ask is not None:
        return [asks(ask, title, *parts)]
    return [explained(title, *parts)] if title else parts


def asking(obs: Json, action: Json, owner: int | None = None) -> Json | None:
    """``action`` as the ``ask`` of a part that stands for it (``maybe_act``), on a
    seat's own drawing: a spectator has no move to ask about, nor a seat about a part
    of another seat's (``owner``: the seat whose part it is; None, the board's)."""
    you = obs.get("you")
    return None if you is None or owner not in (None, you) else action


def asks(action: Json, title: str, *parts: str) -> str:
    """``parts`` standing for ``action`` (its JSON), an action of the game that is not
    legal now: the web client asks the server why not when they are clicked (class
    ``ask``, ``data-action``), and shows the rule that forbids it. ``title`` explains
    the part (a tooltip), as ``explained``."""
    body = (el("title", escaped(title)) if title else "") + "".join(parts)
    return el("g", body, class_="ask", data_action=json.dumps(action, separators=(",", ":")))


def explained(title: str, *parts: str) -> str:
    """``parts`` with a tooltip: ``title`` (a ``<title>``, the browser's own tooltip),
    a few words saying what the part is, from the rulebook."""
    return el("g", el("title", escaped(title)) + "".join(parts))


def chips(
    items: Iterable[tuple[str, Legal]], box: Box, size: float = 12, rows: int = 1
) -> list[str]:
    """Labelled clickable pills (a label and its action each) from the box's top left,
    in up to ``rows`` rows of ``2 * size``; they shrink to fit."""
    items = list(items)
    height, gap = 2 * size - 4, size / 3
    widths = [text_width(label, size) * 1.1 + size * 7 / 6 for label, _ in items]
    scale = min(1.0, rows * box.w / (sum(widths) + gap * len(items) + 1))
    parts, x, y = [], box.x, box.y
    for (label, item), w in zip(items, widths, strict=True):
        w *= scale
        if x + w > box.x + box.w + 1 and x > box.x:
            x, y = box.x, y + 2 * size
        top = y + 2
        chip = rect(Box(x, top, w, height), rx=height / 2, **ghost())
        label_at = (x + w / 2, top + height / 2 + size * scale / 3)
        parts.append(act(item, chip, text(*label_at, label, size * scale, "middle")))
        x += w + gap
    return parts


def chip_rows(
    items: Iterable[tuple[str, Legal]], x: float, y: float, w: float, size: float = 12
) -> tuple[list[str], float]:
    """``chips`` from (x, y) in as many rows of width ``w`` as they need at full size
    (none shrunk), with the height they take."""
    items = list(items)
    if not items:
        return [], 0
    rows, used = 1, 0.0
    for label, _ in items:
        chip = text_width(label, size) * 1.1 + size * 7 / 6
        if used and used + chip > w + 1:
            rows, used = rows + 1, 0.0
        used += chip + size / 3
    return chips(items, Box(x, y, w, 0), size, rows=rows + 1), rows * 2 * size
