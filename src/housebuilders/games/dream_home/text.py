"""Dream Home in the terminal: a pure function of an observation."""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]


def _card(shown: Json | None) -> str:
    if shown is None:
        return "."
    if shown["face_up"]:
        name = shown["name"]
    else:  # a card drawn by a Crowbar is shown by name to its owner alone
        name = f"({shown['name']}, empty room)" if shown["name"] else "(empty room)"
    if shown["class"] == "basement":  # DH-45: basement cards stand out
        name = f"[{name}]"
    return name + (f" +{shown['decor']}" if shown.get("decor") else "")


def _res(shown: Json | None) -> str:
    return "-" if shown is None else f"{shown['kind']}: {shown['name']}"


def text(obs: Json) -> str:
    lines = [
        f"Dream Home, round {obs['round']} of {obs['rounds']} ({obs['phase']}); first player: "
        f"{obs['first']}; decks: {obs['room_deck']} rooms, {obs['resource_deck']} resources"
    ]
    for i, column in enumerate(obs["columns"]):
        room = column["room"]["name"] if column["room"] else "-"
        top = _res(column["resource"]) if i else "first player"
        lines.append(f"  column {i + 1}: {top} / {room}")
    for seat, p in enumerate(obs["players"]):
        score = f"; {p['score']['total']} points" if p["score"] else ""
        held = ", ".join(h["name"] for h in p["held"]) or "none"
        lines.append(f"player {seat}: roof {p['roof']} cards; helpers and tools: {held}{score}")
        home = p["home"]
        for floor, spaces in (("top", home[:5]), ("middle", home[5:10]), ("basement", home[10:])):
            lines.append(f"  {floor:8}| " + " | ".join(_card(s) for s in spaces))
        if p["kept_decor"]:
            lines.append("  decor kept: " + ", ".join(p["kept_decor"]))
    return "\n".join(lines)
