"""Welcome To drawn as plain text for the terminal: a pure function of an observation.

``text(state.observe(player))`` shows the round, who has chosen, the three pairs,
the city plans (their estates, values and the value a claim gets now) and every
player's sheet: the three streets, the estate values, the tracks, the plans
claimed and the points the sheet would score now. It reads only the observation,
so it can show no more than that seat may see (another player's sheet as it was
at the last reveal). The web table's drawing, ``svg(observation, legal)``, is svg.py's.

A street is a row of houses, each four characters: the number (``.`` when
empty), ``B`` for a copy made by an extension, then ``o`` for a printed pool or
``@`` for a pool built; ``|`` between two houses is a fence (the street's ends
are fences)::

    1 | .   .  .o  5   9  12 | .o 7B@ .   . |   parks 1/3 = 2
"""

from __future__ import annotations

from typing import Any

from housebuilders.core.draw.terminal import listing, player_name as name
from housebuilders.games.welcome_to.content import ACTION_NAMES
from housebuilders.games.welcome_to.observed import layout, points
from housebuilders.games.welcome_to.sheet import Layout

__all__ = ["street", "text"]

Json = dict[str, Any]

LEGEND = "houses: number, B = extension copy, o = printed pool, @ = pool built, | = fence"


def text(observation: Json) -> str:
    """The whole table as seen in ``observation`` (from ``state.observe(player)``)."""
    obs = observation
    n = len(obs["players"])
    scores = points(obs, range(n))
    sections = [_header(obs), _pairs_and_plans(obs)]
    sections += [_player(obs, p, scores.get(p)) for p in range(n)]
    return "\n\n".join(sections) + "\n"


# -- the header -------------------------------------------------------------------------
def _header(obs: Json) -> str:
    you, acting, n = obs["you"], obs["acting"], len(obs["players"])
    seat = "you are a spectator" if you is None else f"you are {name(obs, you)}"
    lines = [f"Welcome To Your Perfect Home - round {obs['round']} - {seat}"]
    if obs["phase"] == "over":
        lines.append("The game is over.")
    else:
        waiting = listing((name(obs, p) for p in acting), "nobody")
        lines.append(f"chosen: {n - len(acting)} of {n}; still choosing: {waiting}")
    turn = obs.get("turn")
    if turn:
        lines.append("your choice: " + _turn(turn))
    return "\n".join(lines)


def _turn(turn: Json) -> str:
    parts = []
    if "pair" in turn:
        action = ACTION_NAMES.get(turn["action"], turn["action"])  # with the pair, always
        parts.append(f"pair {turn['pair'] + 1} (number {turn['number']}, {action})")
    if "street" in turn:
        parts.append(f"written in street {turn['street'] + 1}, house {turn['house'] + 1}")
    if "plan" in turn:
        sizes = ", ".join(str(s) for s in turn.get("sizes", []))
        parts.append(f"claiming plan {turn['plan'] + 1} (estates left to mark: {sizes})")
    parts.append(f"asked: {turn['asked']}")
    return "; ".join(parts)


def _pairs_and_plans(obs: Json) -> str:
    pairs = "   ".join(
        f"[{i + 1}] {p['number']} {ACTION_NAMES.get(p['action'], p['action'])}"
        for i, p in enumerate(obs["pairs"])
    )
    stacks = " ".join(str(s) for s in obs["stacks"])
    lines = [f"Pairs: {pairs}   (cards left in the stacks: {stacks})", "Plans:"]
    for plan in obs["plans"]:
        now = plan["later"] if plan["flipped"] else plan["first"]
        estates = " + ".join(str(size) for size in plan["estates"])
        note = "claimed before" if plan["flipped"] else "not claimed yet"
        lines.append(
            f"  {plan['deck']}: estates {estates}; {plan['first']} / {plan['later']} points "
            f"({note}: a claim now gets {now})"
        )
    lines.append(LEGEND)
    return "\n".join(lines)


# -- a player ------------------------------------------------------------------------------
def _player(obs: Json, p: int, score: dict[str, int] | None) -> str:
    entry = obs["players"][p]
    tags = ["you"] if p == obs["you"] else []
    if obs["phase"] != "over":
        tags.append("chosen" if entry["done"] else "choosing")
    title = name(obs, p) + (f" ({', '.join(tags)})" if tags else "")
    if score is not None:
        title += f" - {score['total']} points now"
    lines = [title]
    L = layout(obs)
    for s, row in enumerate(entry["streets"]):
        pools = obs["sheet"]["pools"][s] if s < len(obs["sheet"]["pools"]) else []
        ladder = L.parks[s] if s < len(L.parks) else (0,)
        parks = (
            f"parks {row['parks']}/{len(ladder) - 1} = {ladder[min(row['parks'], len(ladder) - 1)]}"
        )
        lines.append(f"  {s + 1} {street(row, pools)}   {parks}")
    decks = [str(plan["deck"]) for plan in obs["plans"]]
    lines += ["  " + line for line in _tracks(L, entry, decks, score)]
    return "\n".join(lines)


def street(row: Json, printed_pools: list[int]) -> str:
    """One street of a sheet as text (see the module's docstring)."""
    fences, bis, built = set(row["fences"]), set(row["bis"]), set(row["pools"])
    printed = set(printed_pools)
    out = "|"
    last = len(row["numbers"]) - 1
    for h, number in enumerate(row["numbers"]):
        pool = "@" if h in built else "o" if h in printed else " "
        out += f"{'.' if number is None else number:>2}{'B' if h in bis else ' '}{pool}"
        out += "|" if h in fences or h == last else " "
    return out


def _tracks(L: Layout, entry: Json, decks: list[str], score: dict[str, int] | None) -> list[str]:
    values = "  ".join(
        f"{size}:{ladder[min(k, len(ladder) - 1)]}" + (f"(+{k})" if k else "")
        for size, (ladder, k) in enumerate(
            zip(L.estate_ladders, entry["improvements"], strict=False), start=1
        )
    )
    pools = sum(len(row["pools"]) for row in entry["streets"])
    ext, ref = entry["extensions"], entry["refusals"]
    plans = "  ".join(
        f"{deck} {'-' if v is None else v}" for deck, v in zip(decks, entry["plans"], strict=False)
    )
    used = "; ".join(f"street {u[0] + 1} houses {u[1] + 1}-{u[2] + 1}" for u in entry["used"])
    lines = [
        f"estate values by size (improvements crossed): {values}",
        f"pools {pools} = {L.pool_ladder[min(pools, len(L.pool_ladder) - 1)]}   "
        f"temporary workers {entry['temps']}/{L.temp_boxes}   "
        f"extensions {ext} = {_minus(L.extension_ladder[min(ext, len(L.extension_ladder) - 1)])}   "
        f"refusals {ref}/{L.max_refusals} = {_minus(L.refusal_ladder[min(ref, L.max_refusals)])}",
        f"plans claimed: {plans}   estates used for plans: {used or 'none'}",
    ]
    if score is not None:
        breakdown = ", ".join(
            f"{key.replace('_', ' ')} {score[key]}"
            for key in (
                "plans",
                "parks",
                "pools",
                "estates",
                "temporary_workers",
                "extensions",
                "refusals",
            )
        )
        lines.append(f"points now: {breakdown}; {score['complete_estates']} complete estates")
    return lines


def _minus(penalty: int) -> str:
    return f"-{penalty}" if penalty else "0"
