"""Master Builder in the terminal: a pure function of an observation. The round and the
trowel on the phase track, the mallet, the worker decks' face-up cards, the contracts on
offer and the auction, the economic card and the events, then each player's cash,
loans, wages, workers and contracts, and the town. The SVG view (svg.py) shares the
labels here.

Every name comes from the observation, which carries the content's: the contracts, the
skills (worker types), the quirks, the loans and their terms, the events and the
economic cards. Only the section codes' letters (M, F, J, A) and the quirks' (S, D, W,
N, H) are fixed, as the content's schema requires them."""

from __future__ import annotations

from collections.abc import Callable

from housebuilders.core import Json
from housebuilders.core.draw import player_name
from housebuilders.core.draw.terminal import listing
from housebuilders.core.log import plural
from housebuilders.games.master_builder.actions import NONE, a_worker, money
from housebuilders.games.master_builder.content import KINDS, SKILL_CODES
from housebuilders.games.master_builder.phases import TRACK

PHASE_WORDS = {"draft": "taking a face-up worker (the first hires)",
               "hire": "hiring, firing or passing", "look": "choosing a worker from a deck",
               "open": "naming a contract for bidding", "opening-bid": "the opening bid",
               "bid": "bidding or passing", "event": "playing an event card",
               "event-choice": "choosing a worker for the event",
               "rent": "offering workers for rent", "rent-price": "proposing a rent",
               "rent-answer": "answering a rent offer",
               "rent-counter": "answering a counter-offer",
               "plan": "planning the construction", "loan": "taking a loan to pay wages",
               "repay": "repaying loans",
               "repay-bonus": "repaying a loan with the contract's bonus",
               "repay-gain": "repaying a loan with the event's money",
               "over": "the game is over"}  # fmt: skip


def skill_name(obs: Json, skill: int) -> str:
    """A worker type's name in the content: "foreman"."""
    return str(obs["skills"][skill]["name"])


def a_skill(obs: Json, skill: int) -> str:
    """A worker type with its article: "an apprentice"."""
    return a_worker(skill, tuple(str(k["name"]) for k in obs["skills"]))


def loan_name(obs: Json, loan: int) -> str:
    """A loan's name in the content: "Small"."""
    return str(obs["loans"][loan]["name"])


def worker_label(obs: Json, worker: Json) -> str:
    """ "foreman #10 (W, N; wage $4,000)", "face down" if it is."""
    text = (f"{skill_name(obs, worker['skill'])} #{worker['id'] + 1} "
            f"({', '.join(worker['quirks'])}; wage {money(worker['wage'])})")  # fmt: skip
    return text + " face down" * bool(worker.get("down"))


def contract_title(obs: Json, contract: int) -> str:
    """ "6 Inn"."""
    card = obs["contracts"][contract]
    return f"{card['number']} {card['name']}"


def contract_label(obs: Json, contract: int) -> str:
    """ "6 Inn ($40,000, minimum bid $6,000)"."""
    card = obs["contracts"][contract]
    return (f"{contract_title(obs, contract)} ({money(card['amount'])}, minimum bid "
            f"{money(card['min_bid'])})")  # fmt: skip


def section_label(obs: Json, contract: int, section: int) -> str:
    """A section's short name and code: "gable 1 F+A", "side 2 A"."""
    card = obs["contracts"][contract]
    code = card["sections"][section]
    if card["kind"] == "town-wall":
        wall, k = divmod(section, 3)
        return f"wall {wall + 1} " + (f"side {k} {code}" if k else f"section {code}")
    names = KINDS[card["kind"]]
    return f"{names[section]} {names[: section + 1].count(names[section])} {code}"


def signed(thousands: int) -> str:
    """Money that may be negative: "-$43,000"."""
    return "-" * (thousands < 0) + money(abs(thousands))


def crew_label(first: int, second: int) -> str:
    """A crew by its skills' codes: "F+A", "J"."""
    return SKILL_CODES[first] + (f"+{SKILL_CODES[second]}" if second != NONE else "")


def event_name(obs: Json, event: int) -> str:
    return str(obs["events"][event]["name"])


def loans_label(obs: Json, ious: list[int]) -> str:
    held = [plural(n, f"{loan_name(obs, k)} IOU") for k, n in enumerate(ious) if n]
    return listing(held, "no loans")


def loan_terms(obs: Json) -> str:
    """Each loan's amount and what repays it now: "Small $10,000 (repay $13,000)"."""
    when = "late" if obs["late"] else "early"
    return listing(f"{loan['name']} {money(loan['amount'])} (repay {money(loan[when])})"
                   for loan in obs["loans"])  # fmt: skip


def quirks_legend(obs: Json) -> str:
    """ "S sensitive, D deceitful, ..."."""
    return ", ".join(f"{q['code']} {q['name']}" for q in obs["quirks"])


def status(obs: Json) -> str:
    """Who acts and on what."""
    if obs["over"]:
        return "The game is over"
    who = listing(player_name(obs, p) for p in obs["acting"])
    return f"{who}: {PHASE_WORDS.get(obs['phase'], obs['phase'])}"


def round_label(obs: Json) -> str:
    return f"round {obs['round']} of {obs['last_round']}"


def track_line(obs: Json, tracks: tuple[str, ...]) -> str:
    """The phase track with the trowel on the current phase: "[Events]"."""
    return " > ".join(f"[{name}]" if name == obs["track"] else name for name in tracks)


def deck_label(obs: Json, deck: Json, skill: int) -> str:
    top = deck["top"]
    shown = f"top {worker_label(obs, top)}" if top else "empty"
    return f"{skill_name(obs, skill)} deck ({plural(deck['size'], 'card')}): {shown}"


def offer_label(obs: Json, contract: Json) -> str:
    bonus = f" + {money(contract['bonus'])} on it" if contract["bonus"] else ""
    return contract_label(obs, contract["contract"]) + bonus


def auction_line(obs: Json, title: Callable[[Json, int], str] = contract_label) -> str | None:
    """The auction under way, its contract named by ``title``; None without one."""
    if obs["auction"] == NONE:
        return None
    line = f"Auction: contract {title(obs, obs['auction'])}"
    if obs["bidder"] != NONE:
        line += f"; high bid {money(obs['high'])} by {player_name(obs, obs['bidder'])}"
    else:
        line += "; no bid yet"
    passed = [player_name(obs, p) for p, done in enumerate(obs["passed"]) if done]
    if obs["phase"] == "bid" and passed:
        line += f"; out: {listing(passed)}"
    return line


def rent_line(obs: Json) -> str | None:
    if not obs["offer"]:
        return None
    owner, skill, renter, price = obs["offer"]
    offer = f"Rent offer: {player_name(obs, owner)} offers {a_skill(obs, skill)} to " + (
        player_name(obs, renter))
    if obs["phase"] == "rent-price":
        return f"{offer}; the price to come"
    if obs["phase"] == "rent-counter":
        return f"{offer}; {player_name(obs, renter)} proposes {money(price)} instead"
    return f"{offer} for {money(price)}"


def sections_line(obs: Json, contract: int, plan: list[list[int]]) -> str:
    """Each section: built, planned (with its crew) or still to build."""
    planned = {(c, s): crew_label(a, b) for c, s, a, b in plan}
    parts = []
    for section, built in enumerate(obs["built"][contract]):
        label = section_label(obs, contract, section)
        if built:
            parts.append(f"{label} built")
        elif (contract, section) in planned:
            parts.append(f"{label} planned with {planned[contract, section]}")
        else:
            parts.append(label)
    return " | ".join(parts)


def seat_lines(obs: Json, seat: int) -> list[str]:
    p = obs["players"][seat]
    tags = [" (you)" * (obs["you"] == seat), ", first player (mallet)" * (obs["first"] == seat)]
    score = p["score"]
    lines = [
        f"{player_name(obs, seat)}{''.join(tags)}: cash {money(p['cash'])}, wage total "
        f"{money(p['wage'])}, loans: {loans_label(obs, p['ious'])} (to repay {money(p['debt'])}), "
        f"worth {signed(score['total'])}",
        "  workers: " + listing((worker_label(obs, w) for w in p["workers"]), "none", "; "),
    ]  # fmt: skip
    out = [w["id"] for w in p["workers"] if w["id"] in p["rented_out"]]
    if out or p["rented_in"]:
        lent = listing(f"#{w + 1}" for w in out)
        taken = listing(skill_name(obs, s) for s in p["rented_in"])
        lines.append(f"  rented out: {lent}; rented in: {taken}")
    if "hand_cards" in p:
        lines.append("  event cards in hand: "
                     + listing(event_name(obs, e) for e in p["hand_cards"]))  # fmt: skip
    elif p["hand"]:
        lines.append(f"  event cards in hand: {p['hand']}")
    plan = p.get("plan", [])
    for c in p["contracts"]:
        lines.append(f"  contract {contract_title(obs, c)}: {sections_line(obs, c, plan)}")
    if not p["contracts"]:
        lines.append("  contracts: none")
    if obs["phase"] == "plan":
        if p["submitted"]:
            lines.append("  plan submitted")
        elif "plan" not in p:
            lines.append("  planning (hidden)")
    return lines


def board_lines(obs: Json, tracks: tuple[str, ...]) -> list[str]:
    lines = [f"Phase track: {track_line(obs, tracks)}" if obs["track"] else "Phase track: over"]
    lines += [deck_label(obs, deck, s) for s, deck in enumerate(obs["decks"])]
    if obs["looking"] is not None:
        lines.append(
            f"Looking into the {skill_name(obs, obs['looked_deck'])} deck: "
            + listing((worker_label(obs, w) for w in obs["looking"]), "empty", "; ")
        )
    offer = listing((offer_label(obs, c) for c in obs["display"]), "none", "; ")
    lines.append(f"Contracts on offer: {offer}")
    lines.append(f"Contract deck: {plural(obs['contract_deck'], 'card')}"
                 + "; loans are repaid at the late amount" * obs["late"])  # fmt: skip
    for line in (auction_line(obs), rent_line(obs)):
        if line:
            lines.append(line)
    shown = obs["economy_shown"]
    economy = (f"{shown[-1]['name']} (reveals {'/'.join(map(str, shown[-1]['reveal']))} at "
               f"2/3/4 players)" if shown else "none yet")  # fmt: skip
    lines.append(f"Economic situation: {economy}; {obs['economy_left']} cards left")
    events = f"Event deck: {plural(obs['event_deck'], 'card')}"
    if obs["event"] != NONE:
        events += f"; now: {event_name(obs, obs['event'])}"
    if obs["pending_events"]:
        events += f"; {obs['pending_events']} more to come"
    if obs["events_seen"]:
        events += "; carried out: " + listing(event_name(obs, e) for e in obs["events_seen"])
    lines.append(events)
    if obs["no_roofs"]:
        lines.append("No roof sections may be built this round")
    lines.append(f"Loans: {loan_terms(obs)}")
    lines.append(f"Quirks: {quirks_legend(obs)}")
    return lines


def text(obs: Json) -> str:
    first = player_name(obs, obs["first"])
    head = f"Master Builder, {round_label(obs)}: {status(obs)}; first player (mallet) {first}"
    lines = [head, *board_lines(obs, TRACK)]
    for seat in range(len(obs["players"])):
        lines += seat_lines(obs, seat)
    town = listing(contract_title(obs, c) for c in obs["town"])
    lines.append(f"Town: {town}")
    if obs["gone"]:
        lines.append("Removed unwanted: " + listing(contract_title(obs, c) for c in obs["gone"]))
    if obs["over"]:
        scores = []
        for seat, p in enumerate(obs["players"]):
            parts = ", ".join(f"{k} {signed(v)}" for k, v in p["score"]["breakdown"].items())
            scores.append(f"{player_name(obs, seat)} {signed(p['score']['total'])} ({parts})")
        lines.append("Final: " + "; ".join(scores))
    return "\n".join(lines)
