"""House of Fado's evaluation for the greedy bot and search rollouts.

A seat's worth is its score if the game ended now plus what its position promises:
money beyond the point per 5 it scores at the end, notes toward fado tiles, customers
at its tables and bar (income and fame at the next close), a critic (two cubes), the
prestige cubes still to place and the stars within reach. The evaluation is that worth
against the best other seat's; at the end it is the scores alone."""

from __future__ import annotations

from .content import TYPES
from .phases import BILLBOARD, MARKET, REHEARSAL, STREET
from .setup import NONE
from .state import FADO_STAR, PRESTIGE_STAR, HouseOfFadoState

MONEY = 0.35  # a coin's use beyond the 1/5 point it scores at the end
NOTE = 0.9  # a note held: most fado tiles pay 2 points a note, and more for the set
CUSTOMER = 1.2  # a seated or bar customer: income at the close and a share of a fame step
CRITIC = 2.5  # two prestige cubes at the next close
STAR = 9.0  # an unclaimed star, shared out by the progress toward it
ACTIONS = (MARKET, STREET, REHEARSAL, BILLBOARD)


def worth(state: HouseOfFadoState, player: int, total: float) -> float:
    """``player``'s score if the game ended now (``total``) plus its prospects: the
    stars still open are worth their share of the way there (cubes removed toward the
    prestige star, fado tiles toward three, each type's fame toward 6)."""
    content = state.content
    value = total + MONEY * state.money[player]
    value += NOTE * min(sum(state.notes[player]), 8)
    customers = sum(len(t) for t in state.tables[player]) + len(state.bar[player])
    value += CUSTOMER * customers
    if state.critic[player] != NONE:
        value += CRITIC
    owner = state.star_owner
    if owner[PRESTIGE_STAR] == NONE:
        value += STAR * state.cubes_removed[player] / content.prestige_cubes
    if owner[FADO_STAR] == NONE:
        value += STAR * min(len(state.fado_scored[player]), 3) / content.fado_star_tiles
    top = content.fame.max
    for t in range(TYPES):
        tile = state.musicians[player][t]
        if tile != NONE and owner[t] == NONE:
            value += STAR * (state.fame[tile] - 1) / (top - 1)
    return value


def worths(state: HouseOfFadoState) -> list[float]:
    totals = [s["total"] for s in state.scores()]
    if state.is_terminal():
        return [float(t) for t in totals]
    return [worth(state, p, t) for p, t in enumerate(totals)]


def evaluate_all(state: HouseOfFadoState) -> list[float]:
    """Each seat's worth against the best other's. A worker just placed has its
    action still to come: the position is valued after the action that is best for
    its player (one step of look-ahead), so a placement is judged by what it allows."""
    values = worths(state)
    if state.phase in ACTIONS:
        player = state.turn
        for action in state.legal_actions(player):
            after = state.clone()
            after.play(player, action)
            if after.undo_floor == len(after.history):
                continue  # it drew from the bag or turned a fado tile: not foreseen here
            found = worths(after)
            if found[player] > values[player]:
                values = found
    return [w - max(o for q, o in enumerate(values) if q != p) for p, w in enumerate(values)]


def evaluate(state: HouseOfFadoState, player: int) -> float:
    return evaluate_all(state)[player]
