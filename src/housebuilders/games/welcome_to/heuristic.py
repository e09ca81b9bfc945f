"""Welcome To's evaluation of a position for a player, used by the greedy bot and
the search bot's leaves: what the player's sheet is worth minus the best of the
others'. A sheet is worth the points it holds now, plus what its shape promises,
less what it has spoiled.

- **Points now**: plans, pools, complete estates at their current values, parks at
  their share of the full track (the last park is worth most), minus the extension
  and refusal penalties; temporary workers at a flat rate (the ranking is only
  known at the end).
- **Promise**: each stretch between fences of 1 to 6 houses counts its estate value
  by how full it is; each plan not yet claimed counts by how much of it the free
  estates already make.
- **Spoiled**: an empty house that no number can reach any more (its neighbours
  are too close) blocks its estate and the full sheet; a run of empty houses that
  needs nearly every number between its neighbours (the rare ones, 1, 2, 14 and 15,
  count for half) will likely leave a hole; few numbers left that fit anywhere bring
  refusals near.
- **In the middle of a choice**: with a number to write, the position is worth the
  best house for it (and the pair's action, if that house can use it).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from housebuilders.core import win_shares
from housebuilders.core.content import per_content
from housebuilders.games.welcome_to.content import ESTATE_SIZES, WelcomeToContent
from housebuilders.games.welcome_to.phases import ACTING, ADJUSTING, CHOOSE, WRITING
from housebuilders.games.welcome_to.sheet import EMPTY, Layout, Sheet
from housebuilders.games.welcome_to.state import DECKS

if TYPE_CHECKING:
    from housebuilders.games.welcome_to.state import WelcomeToState

TEMP_POINTS = 0.7  # what a temporary worker is worth before the ranking is known
#: At the end, on top of the score: a win (shared: its share, ``win_shares``), so the
#: winner after the tie-break comes first among equal scores; a loss adds nothing.
WIN_VALUE = 0.5
DEAD_HOUSE = 2.0  # an empty house that no number the deck gives can fill
PARTIAL = 0.6  # the share of an estate's value a half-full stretch promises, squared
PLAN_PROGRESS = 0.4  # the share of a plan's value promised by the estates it needs
CARD_NUMBERS = ((1 << 16) - 1) & ~1  # the numbers 1 to 15 as a bitmask
ACTION_VALUE = {"fence": 0.8, "improvement": 0.8, "temp": 0.3, "extension": 0.2}
#: a run of empty houses between two numbers: each house beyond ``EFFECTIVE`` times
#: the numbers that can fill it (rare ones counted less, see ``Supply``) costs STRAIN
STRAIN = 1.0
EFFECTIVE = 0.85
MISFIT = 0.3  # a card number that fits nowhere, times 1 + the refusals crossed
#: the mean gain of a round's best choice: a player valued on the next round's cards
#: (after the reveal) gives it back, so they compare with one valued before the
#: reveal (the last to choose in a round would otherwise prefer moves that end it)
NEXT_GAIN = 2.7
PARK_SHARE = 0.9  # a street's parks are worth this share of the full track, pro rata


def evaluate(state: WelcomeToState, player: int) -> float:
    """The position for ``player``: their worth minus the best opponent's standing (the
    others valued as their sheets stand, which a player's own choice does not
    change)."""
    if state.is_terminal() or state.num_players == 1:
        return evaluate_all(state)[player]
    best_other = max(_standing(state, q) for q in range(state.num_players) if q != player)
    return worth(state, player) - best_other


def _standing(state: WelcomeToState, player: int) -> float:
    """The sheet's value as it stands, kept on a revealed sheet (which never changes)."""
    sheet = state.sheet(player)
    if not sheet.frozen:
        return sheet_value(state, sheet)
    value = sheet.memo.get("value")
    if value is None:
        value = sheet.memo["value"] = sheet_value(state, sheet)
    return value


def evaluate_all(state: WelcomeToState) -> list[float]:
    """``evaluate`` for every player at once (at the end: the scores, and a bonus for
    the winners, ``WIN_VALUE`` times their share of the win)."""
    n = state.num_players
    if state.is_terminal():
        totals = [float(s["total"]) for s in state.scores()]
        win = [WIN_VALUE * share for share in win_shares(state.winners(), state.num_players)]
        return [v + bonus for v, bonus in zip(versus(totals), win, strict=True)]
    if n == 1:
        return [worth(state, 0)]
    standing = [_standing(state, p) for p in range(n)]
    # the best and second best standings: each player is measured against the best other
    order = sorted(range(n), key=standing.__getitem__, reverse=True)
    first, second = order[0], order[1]
    return [worth(state, p) - standing[second if p == first else first] for p in range(n)]


def versus(values: list[float]) -> list[float]:
    """Each player's value minus the best of the others' (alone: the value itself)."""
    if len(values) == 1:
        return values
    order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
    first, second = values[order[0]], values[order[1]]
    return [v - (second if p == order[0] else first) for p, v in enumerate(values)]


def worth(state: WelcomeToState, player: int) -> float:
    """What ``player``'s sheet is worth, whatever the others do: with the round's
    choice still to make, the best completion of it one step at a time (the best
    pair, house and action), so that a position is valued alike before and after
    each decision of a choice."""
    sheet = state.sheet(player)
    stage = state.stage[player]
    if state.over or stage not in (CHOOSE, ADJUSTING, WRITING, ACTING):
        return sheet_value(state, sheet)
    work = sheet.copy()  # a revealed sheet is shared between copies of a state
    if stage == ACTING:
        pair, _, street, house = state.choice[player]  # type: ignore[misc]
        return sheet_value(state, work) + _bonus(state, work, state.pairs()[pair][1], street, house)
    if stage == CHOOSE:
        options = [(n, action, action == "temp") for n, action in state.pairs()]
    else:
        pair, number, _, _ = state.choice[player]  # type: ignore[misc]
        options = [(number, state.pairs()[pair][1], stage == ADJUSTING)]
    best = _best_write(state, work, options)
    if best is None:
        work.refusals += 1  # nothing fits: a refusal
        best = sheet_value(state, work)
    return best - NEXT_GAIN if stage == CHOOSE else best


def _best_write(
    state: WelcomeToState, sheet: Sheet, options: list[tuple[int, str, bool]]
) -> float | None:
    """The best value of writing an option's number (changed by a temporary worker
    if its ``adjust``) anywhere, with its pair's action; None if none fits anywhere.
    The sheet is valued once; for each house only the street written in again."""
    L, deck = state.L, _supply(state)
    fixed, promise = _fixed_value(L, sheet), _plans_promise(state, sheet)
    terms = [_street_terms(L, deck, sheet, street) for street in range(len(L.streets))]
    estates, dead = sum(t[0] for t in terms), sum(t[1] for t in terms)
    strain = sum(t[4] for t in terms)
    others = []  # per street: the numbers the other streets fit
    for street in range(len(terms)):
        fitting = 0
        for other, term in enumerate(terms):
            if other != street:
                fitting |= term[2]
        others.append(fitting)
    refusals = 1 + sheet.refusals
    best = None
    for number, action, adjust in options:
        numbers = [number]
        if adjust and state.worker_changes(sheet):
            numbers += [number + d for d in (-2, -1, 1, 2) if L.lowest <= number + d <= L.highest]
        for n in numbers:
            for street, house in sheet.places(L, n):
                index = L.first[street] + house
                sheet.numbers[index] = n
                was, now = terms[street], _street_terms(L, deck, sheet, street)
                value = (
                    fixed
                    + estates - was[0] + now[0]
                    - DEAD_HOUSE * (dead - was[1] + now[1])
                    - STRAIN * (strain - was[4] + now[4])
                    - MISFIT * _misfits(others[street] | now[2]) * refusals
                    + _bonus(state, sheet, action, street, house)
                    # a new complete estate changes what the plans promise
                    + (_plans_promise(state, sheet) if now[3] != was[3] else promise)
                )  # fmt: skip
                sheet.numbers[index] = EMPTY
                if best is None or value > best:
                    best = value
    return best


def _bonus(state: WelcomeToState, sheet: Sheet, action: str, street: int, house: int) -> float:
    """What using the pair's action with the number at (street, house) adds."""
    L = state.L
    if action == "park":
        ladder, built = L.parks[street], sheet.parks[street]
        if built < len(ladder) - 1:
            return _park_value(ladder, built + 1) - _park_value(ladder, built)
        return 0.0
    if action == "pool":
        built = bin(sheet.pools).count("1")
        if L.has_pool(street, house) and built < len(L.pool_ladder) - 1:
            return L.pool_ladder[built + 1] - L.pool_ladder[built]
        return 0.0
    return ACTION_VALUE.get(action, 0.0)


def sheet_value(state: WelcomeToState, sheet: Sheet) -> float:
    L, deck = state.L, _supply(state)
    terms = [_street_terms(L, deck, sheet, street) for street in range(len(L.streets))]
    return _fixed_value(L, sheet) + _combine(sheet, terms) + _plans_promise(state, sheet)


def _fixed_value(L: Layout, sheet: Sheet) -> float:
    """The points that writing a number does not change: plans, parks, pools,
    temporary workers and the penalties."""
    value = float(sum(p for p in sheet.plans if p is not None))
    value += sum(_park_value(ladder, n) for ladder, n in zip(L.parks, sheet.parks, strict=True))
    value += L.pool_ladder[bin(sheet.pools).count("1")]
    value -= L.extension_ladder[sheet.extensions] + L.refusal_ladder[sheet.refusals]
    return value + TEMP_POINTS * min(sheet.temps, 6)


def _park_value(ladder: tuple[int, ...], built: int) -> float:
    """A street's parks: what they score now, or their share of the full track's
    value if more (the last park is worth far more than the others)."""
    return max(float(ladder[built]), PARK_SHARE * ladder[-1] * built / (len(ladder) - 1))


StreetTerms = tuple[float, int, int, int, float]


def _combine(sheet: Sheet, terms: list[StreetTerms]) -> float:
    """The streets' estates, less their dead houses and the card numbers that fit
    nowhere, which bring refusals near."""
    fitting = 0
    for term in terms:
        fitting |= term[2]
    return (
        sum(term[0] for term in terms)
        - DEAD_HOUSE * sum(term[1] for term in terms)
        - STRAIN * sum(term[4] for term in terms)
        - MISFIT * _misfits(fitting) * (1 + sheet.refusals)
    )


def _misfits(fitting: int) -> int:
    """How many card numbers (1 to 15) are not in the ``fitting`` bitmask."""
    return 15 - bin(fitting & CARD_NUMBERS).count("1")


class Supply(NamedTuple):
    """How well the deck supplies each house number, as sums from 0 up to each
    number (``sums[b] - sums[a + 1]``: the numbers between a and b): ``weights``
    counts a number by its cards against the mean (at most 1, so a rare 1 or 15 is
    worth half a house), ``reach`` counts 1 for each number a card or a temporary
    worker can give."""

    weights: tuple[float, ...]
    reach: tuple[int, ...]


@per_content
def supply(content: WelcomeToContent, deck: str) -> Supply:
    counts = Counter(number for number, _ in content.cards(deck))
    mean = sum(counts.values()) / len(counts)
    reachable = set(counts) | {
        number + change
        for number, action in content.cards(deck)
        if action == "temp"
        for change in (-2, -1, 1, 2)
    }
    top = content.sheet.highest_number + 1
    weights, reach = [0.0], [0]
    for number in range(top):
        weights.append(weights[-1] + min(1.0, counts[number] / mean))
        reach.append(reach[-1] + (number in reachable))
    return Supply(tuple(weights), tuple(reach))


def _supply(state: WelcomeToState) -> Supply:
    return supply(state.content, state.setup["options"].get("deck", DECKS[0]))


#: street terms by layout and supply (made once per content and never freed) and
#: street contents
_TERMS: dict[tuple, StreetTerms] = {}


def _street_terms(L: Layout, deck: Supply, sheet: Sheet, street: int) -> StreetTerms:
    """``_street_value``, remembered: the same streets come back in every search
    iteration."""
    base, size = L.first[street], L.streets[street]
    key = (
        id(L), id(deck), street, tuple(sheet.numbers[base : base + size]),
        sheet.fences >> L.gap_first[street] & ((1 << (size - 1)) - 1),
        tuple(sheet.improvements),
    )  # fmt: skip
    terms = _TERMS.get(key)
    if terms is None:
        if len(_TERMS) >= 200_000:
            _TERMS.clear()
        terms = _TERMS[key] = _street_value(L, deck, sheet, street)
    return terms


def _street_value(L: Layout, deck: Supply, sheet: Sheet, street: int) -> StreetTerms:
    """One street's (estates' value, dead houses, the numbers that fit somewhere as a
    bitmask, complete estates, strain). A run of k empty houses between the numbers
    a and b can take the numbers between them that the deck gives: if k is larger,
    the rest of the run can never be filled (dead). Short of that, a run is strained
    when it needs nearly every number between a and b, rare ones counting less."""
    numbers, base = sheet.numbers, L.first[street]
    value, complete = 0.0, 0
    for start, end in sheet.segments(L, street):
        size = end - start + 1
        if size > ESTATE_SIZES:
            continue
        filled = sum(numbers[base + h] != EMPTY for h in range(start, end + 1))
        worth = L.estate_ladders[size - 1][sheet.improvements[size - 1]]
        if filled == size:
            value += worth
            complete += 1
        else:
            value += worth * PARTIAL * (filled / size) ** 2
    dead = fitting = 0
    strain = 0.0
    below, run = L.lowest - 1, 0
    for house in range(L.streets[street] + 1):
        number = numbers[base + house] if house < L.streets[street] else L.highest + 1
        if number == EMPTY:
            run += 1
            continue
        if run:
            room = number - below - 1
            if room > 0:
                fitting |= ((1 << room) - 1) << (below + 1)
            dead += max(0, run - (deck.reach[number] - deck.reach[below + 1]))
            capacity = deck.weights[number] - deck.weights[below + 1]
            strain += max(0.0, run - EFFECTIVE * capacity)
        below, run = number, 0
    return value, dead, fitting, complete, strain


def _plans_promise(state: WelcomeToState, sheet: Sheet) -> float:
    L = state.L
    free = [e[2] - e[1] + 1 for e in sheet.free_estates(L)]
    total = 0.0
    for k in range(3):
        if sheet.plans[k] is not None:
            continue
        plan = state._plan(k)
        need = list(plan.estates)
        have = 0
        pool = free[:]
        for size in need:
            if size in pool:
                pool.remove(size)
                have += 1
        share = have / len(need)
        worth = plan.later if state.flipped[k] else plan.first
        total += worth * PLAN_PROGRESS * share * share
    return total
