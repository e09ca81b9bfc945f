"""Model House drawn: the terminal text and the SVG, pure functions of an observation
(and, for the SVG, the seat's legal actions)."""

from __future__ import annotations

from typing import Any

from housebuilders.core.svg import Box, Legal, act, el, rect

Json = dict[str, Any]


def text(obs: Json) -> str:
    lines = [f"Model House, round {obs['round']} of {obs['rounds']}; deck: {obs['deck']} cards"]
    lines += [
        f"  market {i + 1}: {c['name']} (cost {c['cost']}, {c['points']} points)"
        for i, c in enumerate(obs["market"])
    ]
    for seat, p in enumerate(obs["players"]):
        mark = "" if obs["over"] else "; chose" if p["chosen"] else "; choosing"
        mine = f", card {p['choice'] + 1}" if p["choice"] is not None else ""
        rooms = ", ".join(p["rooms"]) or "no rooms"
        have = f"{rooms}; {p['coins']} coins, {p['score']} points"
        lines.append(f"player {seat}: {have}{mark}{mine}")
    return "\n".join(lines)


def svg(obs: Json, legal: list[Json]) -> str:
    by_card = {a["action"]["card"]: Legal(a["index"], a["text"], a["action"]) for a in legal}
    parts = []
    for i, card in enumerate(obs["market"]):
        box = Box(10 + i * 90, 30, 80, 60)
        face = rect(box, fill="#f4ead5", stroke="#555") + el(
            "text", f"{card['name']} {card['cost']}+ / {card['points']}", x=box.x + 4, y=box.y + 34,
            font_size=11,
        )  # fmt: skip
        parts.append(act(by_card[i], face) if i in by_card else face)
    for seat, p in enumerate(obs["players"]):
        line = f"player {seat}: {len(p['rooms'])} rooms, {p['coins']} coins, {p['score']} points"
        parts.append(el("text", line, x=10, y=120 + 18 * seat, font_size=12))
    title = "Game over" if obs["over"] else f"Round {obs['round']} of {obs['rounds']}"
    header = el("text", title, x=10, y=18, font_size=14)
    height = 130 + 18 * len(obs["players"])
    return el(
        "svg", header + "".join(parts), xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 470 {height}", width="100%",
    )  # fmt: skip
