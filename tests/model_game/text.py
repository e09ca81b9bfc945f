"""Model House in the terminal: a pure function of an observation."""

from __future__ import annotations

from typing import Any

from housebuilders.core.draw import player_name

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
        lines.append(f"{player_name(obs, seat)}: {have}{mark}{mine}")
    return "\n".join(lines)
