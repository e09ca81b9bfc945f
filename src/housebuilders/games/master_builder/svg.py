"""Master Builder drawn as SVG with the drawing kit: a pure function of an observation
and the seat's legal actions.

The phase track with the trowel on the current phase; the four worker decks, their
face-up cards (a click hires; a chip under the deck looks into it, choosing workers),
and the deck looked into (a click on a card chooses it); the contracts on offer (a
click names one for bidding), the auction in progress with a row of bid chips; the
economic card and the events. Then each player's panel: cash, wages, the IOUs (a click
on one repays it; chips take a loan), the workers (a click fires one, or takes it for an
event), the event cards in hand (a click plays one), the renting chips, and each
contract with its six sections (chips under a section staff it, one per crew; a click
on a planned section takes its workers off). The passes, the plan's submission and the
answers to a rent offer are chips under the board. A seat acts on its own panel only.

On the seat's own drawing, a part that stands for an action it may not play now asks
the server why not (``ask``), whether the seat is to act or not: a deck's face-up card
(or empty place) its hire, a card of the deck looked into its choice, a contract on offer
its naming for bidding; on its own panel an IOU its repayment, a worker its firing, an
event card its play, a section of its contract not built nor planned its staffing by the
crew its code shows (public content), a planned one its unstaffing. An ask names only
an action, never hidden information."""

from __future__ import annotations

from housebuilders.core import Json
from housebuilders.core.draw import (
    HEADER_HEIGHT,
    NO_ACTS,
    WARM,
    Acts,
    Box,
    Legal,
    Theme,
    asking,
    bold,
    caption,
    card_face,
    chip_rows,
    document,
    el,
    header,
    maybe_act,
    muted,
    player_colour,
    player_name,
    rect,
    text,
    text_width,
    wrap,
)
from housebuilders.core.draw.svg import escaped
from housebuilders.core.log import plural
from housebuilders.games.master_builder.actions import (
    NONE,
    Bid,
    ChooseWorker,
    EventDismiss,
    EventUnavailable,
    FireWorker,
    HireWorker,
    LookIntoDeck,
    OfferRent,
    PlayEvent,
    PutUp,
    RentOut,
    RentPrice,
    RepayIou,
    Staff,
    TakeLoan,
    Unstaff,
    money,
)
from housebuilders.games.master_builder.content import parse_code
from housebuilders.games.master_builder.phases import TRACK
from housebuilders.games.master_builder.text import (
    a_skill,
    auction_line,
    contract_title,
    crew_label,
    event_name,
    loan_name,
    loan_terms,
    loans_label,
    rent_line,
    round_label,
    section_label,
    signed,
    skill_name,
    status,
)

THEME = Theme("master-builder", header="#4a3b2a", edge="#8a7356")
WIDTH = 980
MARGIN = 10
PANEL_W = WIDTH - 2 * MARGIN
CHIP = 10
SKILL_FILL = ("#f6e27a", "#f0a3a0", "#cdb3e6", "#a9dba0")  # the decks' banner colours
DECK_W, DECK_H = 200, 58
CONTRACT_W, CONTRACT_H = 180, 76
WORKER_W, WORKER_H = 128, 42
SECTION_W = 112
#: actions drawn where they happen (the rest are chips under the board)
PLACED = {
    cls.kind
    for cls in (HireWorker, LookIntoDeck, ChooseWorker, FireWorker, PutUp, Bid, PlayEvent,
                EventDismiss, EventUnavailable, OfferRent, RentOut, RentPrice, Staff, Unstaff,
                TakeLoan, RepayIou)
}  # fmt: skip


def panel(box: Box, colour: str | None = None) -> list[str]:
    return [rect(box, rx=10, fill="#fffdf8", stroke=colour or THEME.edge, stroke_width=1.5)]


def worker_card(obs: Json, worker: Json, box: Box, item: Legal | None,
                note: str = "", ask: Json | None = None) -> list[str]:  # fmt: skip
    """A worker card: its skill's colour, its number and quirks, its wage; grey when face
    down."""
    fill = "#cfc8bd" if worker.get("down") else SKILL_FILL[worker["skill"]]
    face = [card_face(box, fill, THEME.edge),
            bold(box.x + 6, box.y + 14, f"{skill_name(obs, worker['skill'])} #{worker['id'] + 1}",
                 9.5),
            *quirk_letters(obs, worker["quirks"], box.x + 6, box.y + 27),
            muted(box.x + 6, box.y + 38, f"wage {money(worker['wage'])}", 10)]  # fmt: skip
    if worker.get("down") or note:
        label = note or "face down"
        face.append(muted(box.x + box.w - 5, box.y + 27, label, 9.5, "end"))
    quirks = ", ".join(QUIRKS.get(q, q) for q in worker["quirks"]) or "none"
    about = (
        f"a {skill_name(obs, worker['skill'])}: builds the sections of its colour; quirks "
        f"{quirks} (they can keep a worker from working); wage {money(worker['wage'])} a round"
        + (": face down, it cannot work this round" if worker.get("down") else "")
    )
    return maybe_act(item, face, ask, about)


#: the workers' quirks by their abbreviations (the rulebook's Card Notes)
QUIRKS = {"S": "Sensitive", "D": "Deceitful", "W": "Weak", "N": "Negligent", "H": "Hot-headed"}
#: a quirk's letter and the gap after it, at 10 px (a bold W is 10 px wide, the others 8)
QUIRK_STEP, QUIRK_W_STEP = 10.5, 12.5


def quirk_meaning(obs: Json, code: str) -> str:
    """What a quirk's letter means, for its tooltip: its name and the events that strike
    workers with it, by the events' names ("S: sensitive, a quirk of the worker. The
    events that strike sensitive workers: Cold snap, Quarrel on site"). The content
    names both (the events' texts mark the quirk they strike: "(S)")."""
    name = next((q["name"] for q in obs["quirks"] if q["code"] == code), code)
    struck = [e["name"] for e in obs["events"] if f"({code})" in e["text"]]
    about = f"{code}: {name}, a quirk of the worker"
    if struck:
        return f"{about}. The events that strike {name} workers: " + ", ".join(struck)
    return f"{about} (no event strikes it)"


def quirk_letters(obs: Json, quirks: str, x: float, y: float, size: float = 10) -> list[str]:
    """ "quirks S H": each letter with its own tooltip (``quirk_meaning``)."""
    parts = [text(x, y, "quirks", size)]
    x += text_width("quirks", size) + 4
    for code in quirks:
        parts.append(el("g", el("title", escaped(quirk_meaning(obs, code)))
                        + bold(x, y, code, size), class_="quirk"))  # fmt: skip
        x += (QUIRK_W_STEP if code == "W" else QUIRK_STEP) * size / 10
    return parts


# -- the board ----------------------------------------------------------------------------
#: the phase track's boxes: their height, and their labels' size and line spacing
TRACK_H, TRACK_SIZE, TRACK_LINE = 34, 9.5, 12
#: a bold character's width in em, at most (DejaVu Sans Bold, browsers' usual sans-serif,
#: is wider than ``text_width``'s 0.56): a label is wrapped to fit by it
BOLD_EM = 0.7


def phase_track(obs: Json, y: float) -> tuple[list[str], float]:
    """The five phases, the current one highlighted; the trowel's place is said under
    the round (a phase's name in its box takes up to two lines, never more than the
    box)."""
    parts = [caption(2 * MARGIN, y + 15, round_label(obs).capitalize())]
    step = (WIDTH - 2 * MARGIN - 120) / len(TRACK)
    for k, name in enumerate(TRACK):
        box = Box(120 + k * step, y, step - 6, TRACK_H)
        on = name == obs["track"]
        face = [rect(box, rx=4, fill="#fff1cc" if on else "#f3ede3",
                     stroke=WARM if on else THEME.edge, stroke_width=3 if on else 1)]  # fmt: skip
        room = (box.w - 12) * 0.56 / BOLD_EM  # wrap's width, for bold characters
        lines = wrap(f"{k + 1} {name}", room, TRACK_SIZE)
        for n, line in enumerate(lines[:2]):
            face.append(text(box.x + 6, box.y + 14 + n * TRACK_LINE, line, TRACK_SIZE,
                             font_weight="bold" if on else None))  # fmt: skip
        about = f"phase {k + 1} of each round: {name}" + (" (now: the trowel is here)" * on)
        parts.append(el("g", el("title", escaped(about)) + "".join(face), class_="phase"))
        if on:
            parts.append(muted(2 * MARGIN, y + 30, f"trowel: phase {k + 1}", 10))
    return parts, TRACK_H + 8


def decks(obs: Json, acts: Acts, y: float) -> tuple[list[str], float]:
    parts = [caption(2 * MARGIN, y + 12, "Worker decks (face-up card on top)")]
    tallest = 0.0
    for s, deck in enumerate(obs["decks"]):
        x = 2 * MARGIN + s * (DECK_W + 40)
        box = Box(x, y + 20, DECK_W, DECK_H)
        count = f"{skill_name(obs, s)} deck: {plural(deck['size'], 'card')}"
        parts.append(muted(x, y + 20 + DECK_H + 11, count, 10))
        item = acts.find(HireWorker.kind, skill=s)
        ask = asking(obs, {"kind": HireWorker.kind, "skill": s})
        if deck["top"]:
            parts += worker_card(obs, deck["top"], Box(x, y + 20, DECK_W, WORKER_H + 14), item,
                                 ask=ask)  # fmt: skip
        else:
            fill = "transparent" if ask else "none"  # an ask is clicked anywhere inside
            empty = [
                rect(box, rx=6, fill=fill, stroke=THEME.edge, stroke_dasharray="4 3"),
                muted(x + DECK_W / 2, y + 20 + DECK_H / 2 + 4, "empty", 10, "middle"),
            ]
            parts += maybe_act(None, empty, ask, f"the {skill_name(obs, s)} deck is empty")
        looks = [(f"look into it: {money(1)}", a) for a in acts.matching(LookIntoDeck.kind,
                                                                         skill=s)]  # fmt: skip
        more, h = chip_rows(looks, x, y + 20 + DECK_H + 14, DECK_W, CHIP)
        parts += more
        tallest = max(tallest, DECK_H + 16 + h)
    height = 20 + tallest
    if obs["looking"] is not None:
        name = skill_name(obs, obs["looked_deck"])
        parts.append(caption(2 * MARGIN, y + height + 12, f"The {name} deck, looked into"))
        for k, worker in enumerate(obs["looking"]):
            cx = 2 * MARGIN + (k % 8) * (WORKER_W + 8)
            cy = y + height + 18 + (k // 8) * (WORKER_H + 6)
            item = acts.find(ChooseWorker.kind, worker=worker["id"])
            ask = asking(obs, {"kind": ChooseWorker.kind, "worker": worker["id"]})
            parts += worker_card(obs, worker, Box(cx, cy, WORKER_W, WORKER_H), item, ask=ask)
        height += 22 + ((len(obs["looking"]) + 7) // 8) * (WORKER_H + 6)
    return parts, height


def contract_card(obs: Json, contract: int, box: Box, item: Legal | None, bonus: int = 0,
                  highlight: bool = False, ask: Json | None = None) -> list[str]:  # fmt: skip
    card = obs["contracts"][contract]
    face = [card_face(box, "#f4ead6", THEME.edge, highlight=highlight),
            bold(box.x + 6, box.y + 14, contract_title(obs, contract), 10.5),
            text(box.x + 6, box.y + 28, f"pays {money(card['amount'])}", 10),
            text(box.x + 6, box.y + 41, f"minimum bid {money(card['min_bid'])}", 10),
            muted(box.x + 6, box.y + 54, " · ".join(card["sections"]), 10)]  # fmt: skip
    if bonus:
        face.append(bold(box.x + 6, box.y + 68, f"+ {money(bonus)} bonus", 10, fill="#2a7a2a"))
    about = (
        f"{contract_title(obs, contract)}: pays {money(card['amount'])} once built; bids start "
        f"at {money(card['min_bid'])}; left unfinished at the end it pays less for each "
        "section not built (never below 0)"
    )
    return maybe_act(item, face, ask, about)


def contracts_on_offer(obs: Json, acts: Acts, y: float) -> tuple[list[str], float]:
    left = f"contract deck: {plural(obs['contract_deck'], 'card')}"
    left += " (late repayment)" * obs["late"]
    parts = [caption(2 * MARGIN, y + 12, "Contracts on offer"),
             muted(WIDTH - 2 * MARGIN, y + 12, left, 10, "end")]  # fmt: skip
    per_row = PANEL_W // (CONTRACT_W + 8)
    for k, shown in enumerate(obs["display"]):
        c = shown["contract"]
        box = Box(2 * MARGIN + (k % per_row) * (CONTRACT_W + 8),
                  y + 20 + (k // per_row) * (CONTRACT_H + 6), CONTRACT_W, CONTRACT_H)  # fmt: skip
        item = acts.find(PutUp.kind, contract=c)
        ask = asking(obs, {"kind": PutUp.kind, "contract": c})
        parts += contract_card(obs, c, box, item, shown["bonus"], c == obs["auction"], ask)
    rows = (len(obs["display"]) + per_row - 1) // per_row
    height: float = 24 + rows * (CONTRACT_H + 6)
    if not obs["display"]:
        parts.append(muted(2 * MARGIN, y + 34, "none", 10))
    if obs["auction"] != NONE:
        more, h = auction(obs, acts, y + height)
        parts += more
        height += h
    return parts, height


def auction(obs: Json, acts: Acts, y: float) -> tuple[list[str], float]:
    line = auction_line(obs, contract_title) or ""
    parts = [bold(2 * MARGIN, y + 12, line, 11)]
    bids = [(money(a.action["amount"]), a) for a in acts.of(Bid.kind)]
    more, h = chip_rows(bids, 2 * MARGIN, y + 16, PANEL_W - 20, CHIP)
    return parts + more, 20 + h


def events(obs: Json, y: float) -> tuple[list[str], float]:
    shown = obs["economy_shown"]
    economy = (f"Economic situation: {shown[-1]['name']} (reveals "
               f"{'/'.join(map(str, shown[-1]['reveal']))} at 2/3/4 players)"
               if shown else "Economic situation: none yet")  # fmt: skip
    parts = [text(2 * MARGIN, y + 12, f"{economy}; {plural(obs['economy_left'], 'card')} left",
                  10.5)]  # fmt: skip
    line = f"Event deck: {plural(obs['event_deck'], 'card')}"
    if obs["event"] != NONE:
        line += f"; now: {event_name(obs, obs['event'])}"
    if obs["pending_events"]:
        line += f"; {obs['pending_events']} more to come"
    if obs["no_roofs"]:
        line += "; no roof sections this round"
    parts.append(text(2 * MARGIN, y + 28, line, 10.5))
    seen = ", ".join(event_name(obs, e) for e in obs["events_seen"]) or "none"
    parts.append(muted(2 * MARGIN, y + 44, f"events carried out: {seen}", 10))
    parts.append(muted(2 * MARGIN, y + 58, f"loans: {loan_terms(obs)}", 10))
    parts += quirks_key(obs, y + 76)
    offer = rent_line(obs)
    if offer:
        parts.append(bold(2 * MARGIN, y + 94, offer, 10.5))
        return parts, 100
    return parts, 82


def quirks_key(obs: Json, y: float) -> list[str]:
    """The quirks' letters explained, one entry each ("S sensitive"), each with the
    tooltip of its letter on the cards (``quirk_meaning``)."""
    parts = [caption(2 * MARGIN, y, "Worker quirks", 11)]
    x: float = 2 * MARGIN + 100
    for q in obs["quirks"]:
        entry = [bold(x, y, q["code"], 11), text(x + 14, y, q["name"], 11)]
        parts.append(el("g", el("title", escaped(quirk_meaning(obs, q["code"])))
                        + "".join(entry), class_="quirk"))  # fmt: skip
        x += 30 + text_width(q["name"], 11)
    return parts


# -- a player's panel --------------------------------------------------------------------------
def ious(obs: Json, acts: Acts, seat: int, x: float, y: float) -> list[str]:
    """The IOUs held: a click on one repays it; chips take a loan."""
    p = obs["players"][seat]
    held = f"loans: {loans_label(obs, p['ious'])}"
    parts = [muted(x, y + 12, held, 10)]
    x += text_width(held, 10) + 12
    for k, count in enumerate(p["ious"]):
        if not count:
            continue
        box = Box(x, y, 90, 18)
        face = [card_face(box, "#efe2c4", THEME.edge, rx=3),
                text(box.x + 5, box.y + 13, f"{loan_name(obs, k)} IOU ×{count}", 10)]  # fmt: skip
        about = f"{loan_name(obs, k)} loan: its repayment is subtracted from your money at the end"
        ask = asking(obs, {"kind": RepayIou.kind, "loan": k}, seat)
        parts += maybe_act(acts.find(RepayIou.kind, loan=k), face, ask, about)
        x += 98
    loans = [(f"take a {loan_name(obs, a.action['loan'])} loan", a)
             for a in acts.of(TakeLoan.kind)]  # fmt: skip
    more, _ = chip_rows(loans, x + 6, y - 2, 300, CHIP)
    return parts + more


def workers(obs: Json, acts: Acts, seat: int, y: float) -> tuple[list[str], float]:
    p = obs["players"][seat]
    parts = [muted(2 * MARGIN, y + 10, "workers", 10)]
    per_row = (PANEL_W - 20) // (WORKER_W + 6)
    for k, worker in enumerate(p["workers"]):
        w = worker["id"]
        box = Box(2 * MARGIN + (k % per_row) * (WORKER_W + 6),
                  y + 14 + (k // per_row) * (WORKER_H + 6), WORKER_W, WORKER_H)  # fmt: skip
        item = (acts.find(FireWorker.kind, worker=w) or acts.find(EventDismiss.kind, worker=w)
                or acts.find(EventUnavailable.kind, worker=w))  # fmt: skip
        ask = asking(obs, {"kind": FireWorker.kind, "worker": w}, seat)  # its own move: firing
        parts += worker_card(obs, worker, box, item, "rented out" * (w in p["rented_out"]), ask)
    rows = max(1, (len(p["workers"]) + per_row - 1) // per_row)
    height = 16 + rows * (WORKER_H + 6)
    if p["rented_in"]:
        rented = ", ".join(skill_name(obs, s) for s in p["rented_in"])
        parts.append(muted(2 * MARGIN, y + height + 10, f"rented in: {rented}", 10))
        height += 14
    return parts, height


def hand(obs: Json, acts: Acts, seat: int, y: float) -> tuple[list[str], float]:
    p = obs["players"][seat]
    if "hand_cards" not in p:
        if not p["hand"]:
            return [], 0
        return [muted(2 * MARGIN, y + 12, f"event cards in hand: {p['hand']}", 10)], 18
    parts = [muted(2 * MARGIN, y + 14, "event cards in hand", 10)]
    for k, e in enumerate(p["hand_cards"]):
        box = Box(130 + k * 170, y, 160, 20)
        face = [card_face(box, "#e6eef6", THEME.edge, rx=4),
                text(box.x + 6, box.y + 14, event_name(obs, e), 10)]  # fmt: skip
        ask = asking(obs, {"kind": PlayEvent.kind, "event": e}, seat)
        parts += maybe_act(acts.find(PlayEvent.kind, event=e), face, ask, event_name(obs, e))
    return parts, 26


def renting(obs: Json, acts: Acts, y: float) -> tuple[list[str], float]:
    """The offers: a chip per skill and player (the price proposed next), then a row of
    price chips; with rent-offers-only, a row of price chips per skill and player."""
    parts: list[str] = []
    height = 0.0
    outs = [(f"rent {a_skill(obs, a.action['skill'])} to {player_name(obs, a.action['player'])}",
             a) for a in acts.of(RentOut.kind)]  # fmt: skip
    prices = [(money(a.action["price"]), a) for a in acts.of(RentPrice.kind)]
    for label, items in (("rent out:", outs), ("propose a rent:", prices)):
        if items:
            parts.append(muted(2 * MARGIN, y + height + 13, label, 10))
            more, h = chip_rows(items, 130, y + height, PANEL_W - 130, CHIP)
            parts += more
            height += h + 2
    rows = acts.at(OfferRent.kind, "skill", "player")
    for skill, renter in sorted(rows):
        label = f"rent {a_skill(obs, skill)} to {player_name(obs, renter)}:"
        items = [(money(a.action["price"]), a)
                 for a in acts.matching(OfferRent.kind, skill=skill, player=renter)]  # fmt: skip
        parts.append(muted(2 * MARGIN, y + height + 13, label, 10))
        more, h = chip_rows(items, 230, y + height, PANEL_W - 230, CHIP)
        parts += more
        height += h + 2
    return parts, height


def contract_row(obs: Json, acts: Acts, seat: int, c: int, y: float) -> tuple[list[str], float]:
    """A contract and its six sections: built, planned (a click takes the workers off)
    or to build (chips under it staff it, one per crew)."""
    p = obs["players"][seat]
    planned = {(pc, s): crew_label(a, b) for pc, s, a, b in p.get("plan", [])}
    card = obs["contracts"][c]
    parts = [bold(2 * MARGIN, y + 14, contract_title(obs, c), 10.5),
             muted(2 * MARGIN, y + 28, f"pays {money(card['amount'])}", 10)]  # fmt: skip
    tallest = 40.0
    for s, built in enumerate(obs["built"][c]):
        box = Box(2 * MARGIN + 170 + s * (SECTION_W + 6), y, SECTION_W, 34)
        label = section_label(obs, c, s)
        if built:
            face = [rect(box, rx=4, fill="#b48a5a", stroke=THEME.edge),
                    text(box.x + 5, box.y + 14, label, 10, fill="#fff"),
                    text(box.x + 5, box.y + 27, "built", 10, fill="#fff")]  # fmt: skip
        elif (c, s) in planned:
            face = [rect(box, rx=4, fill="#fbe3b6", stroke=WARM),
                    text(box.x + 5, box.y + 14, label, 10),
                    bold(box.x + 5, box.y + 27, f"planned: {planned[c, s]}", 10)]  # fmt: skip
        else:
            face = [rect(box, rx=4, fill="#fff", stroke=THEME.edge, stroke_dasharray="4 3"),
                    text(box.x + 5, box.y + 14, label, 10)]  # fmt: skip
        crews = [(crew_label(a.action["first"], a.action["second"]), a)
                 for a in acts.matching(Staff.kind, contract=c, section=s)]  # fmt: skip
        ask = None  # a section to build asks why not its staffing, a planned one its unstaffing
        if (c, s) in planned:
            ask = asking(obs, {"kind": Unstaff.kind, "contract": c, "section": s}, seat)
        elif not built and not crews:
            ask = asking(obs, staff_ask(obs, c, s), seat)
        parts += maybe_act(acts.find(Unstaff.kind, contract=c, section=s), face, ask)
        more, h = chip_rows(crews, box.x, box.y + box.h + 1, box.w, CHIP)
        parts += more
        tallest = max(tallest, box.h + 4 + h)
    return parts, tallest + 4


def staff_ask(obs: Json, contract: int, section: int) -> Json:
    """Staffing a section with the crew its code shows (best first): the action asked
    about when no crew may staff it now."""
    need = parse_code(obs["contracts"][contract]["sections"][section])
    second = need[1] if len(need) > 1 else NONE
    return {"kind": Staff.kind, "contract": contract, "section": section, "first": need[0],
            "second": second}  # fmt: skip


def seat_panel(obs: Json, acts: Acts, seat: int, y: float) -> tuple[list[str], float]:
    p = obs["players"][seat]
    tags = " (you)" * (obs["you"] == seat) + ", first player (mallet)" * (obs["first"] == seat)
    name = f"{player_name(obs, seat)}{tags}"
    summary = (f"cash {money(p['cash'])} · wage total {money(p['wage'])} · "
               f"worth {signed(p['score']['total'])}")  # fmt: skip
    parts = [bold(2 * MARGIN, y + 18, name, 14, fill=player_colour(seat)),
             text(WIDTH - 2 * MARGIN, y + 18, summary, 11, "end")]  # fmt: skip
    parts += ious(obs, acts, seat, 2 * MARGIN, y + 26)
    y0, y = y, y + 50
    more, h = workers(obs, acts, seat, y)
    parts += more
    y += h
    more, h = hand(obs, acts, seat, y)
    parts += more
    y += h
    more, h = renting(obs, acts, y)
    parts += more
    y += h
    for c in p["contracts"]:
        more, h = contract_row(obs, acts, seat, c, y)
        parts += more
        y += h
    if not p["contracts"]:
        parts.append(muted(2 * MARGIN, y + 12, "no contract", 10))
        y += 18
    if obs["phase"] == "plan":
        note = (
            "plan submitted"
            if p["submitted"]
            else ("planning (hidden)" if "plan" not in p else "planning")
        )
        parts.append(muted(2 * MARGIN, y + 12, note, 10))
        y += 18
    return parts, y - y0


def town(obs: Json, y: float) -> tuple[list[str], float]:
    built = ", ".join(contract_title(obs, c) for c in obs["town"]) or "no building yet"
    parts = [caption(2 * MARGIN, y + 14, "Town"), text(70, y + 14, built, 10.5)]
    if obs["gone"]:
        gone = ", ".join(contract_title(obs, c) for c in obs["gone"])
        parts.append(muted(2 * MARGIN, y + 30, f"removed unwanted: {gone}", 10))
        return parts, 36
    return parts, 20


# -- the whole -------------------------------------------------------------------------------
def svg(obs: Json, legal: list[Json]) -> str:
    acts = Acts(legal)
    notes = (f"first player (mallet): {player_name(obs, obs['first'])}", round_label(obs))
    parts = header(THEME, WIDTH, "Master Builder", status(obs), notes)
    y: float = HEADER_HEIGHT + 8
    start = y
    board: list[str] = []
    for draw in (phase_track, lambda o, y: decks(o, acts, y),
                 lambda o, y: contracts_on_offer(o, acts, y), events, town):  # fmt: skip
        more, h = draw(obs, y + 6)
        board += more
        y += h + 10
    parts += panel(Box(MARGIN, start, PANEL_W, y - start)) + board
    rest = [(a.text, a) for a in acts.all if a.action["kind"] not in PLACED]
    more, h = chip_rows(rest, 2 * MARGIN, y + 2, PANEL_W - 20, CHIP)
    parts += more
    y += h + 10
    for seat in range(len(obs["players"])):
        mine = acts if seat == obs["you"] else NO_ACTS  # a seat acts on its own panel
        inner, h = seat_panel(obs, mine, seat, y + 4)
        parts += panel(Box(MARGIN, y, PANEL_W, h + 10), player_colour(seat))
        parts += inner
        y += h + 18
    return document(THEME, WIDTH, y, "Master Builder", parts)
