"""House of Fado's evaluation for the greedy bot and search rollouts.

A seat's worth is its score if the game ended now plus what its position promises:
money beyond the point per 5 it scores at the end, notes toward fado tiles, customers
at its tables and bar (income and fame at the next close), a critic (two cubes), the
prestige cubes still to place and the stars within reach. The evaluation is that worth
against the best other seat's; at the end it is the scores alone.

A star is what ends the game, and a lead only wins once it ends: a star's share grows
faster than the way to it (``PROGRESS``), so the last steps, the dearest, are taken,
and a star held is worth its whole share beyond its points (``HELD``): the share at
the last step (6.8 at fame 5) was more than a second star brings (6 points, 15 - 10
for the stars, less the 5 its musician no longer scores), and a seat with one star
kept its musicians at fame 5 for ever (issue 47). At the end the winner gains ``WIN``,
so a seat ahead ends the game rather than keep its prospects.
A closing restaurant's customers all go to the discard (HF-97): while it raises fame,
they are worth the raises they still buy, not what they would bring at a close."""

from __future__ import annotations

from collections.abc import Callable

from housebuilders.games.house_of_fado.actions import DONE, BringCritic, GainNote, Raise, Seat
from housebuilders.games.house_of_fado.content import TYPES
from housebuilders.games.house_of_fado.deal import NONE
from housebuilders.games.house_of_fado.phases import (
    BILLBOARD,
    CRITIC as CRITIC_PHASE,
    DISMISS,
    MARKET,
    RAISE,
    REHEARSAL,
    SIX,
    STREET,
)
from housebuilders.games.house_of_fado.scoring import FADO_STAR, PRESTIGE_STAR
from housebuilders.games.house_of_fado.state import HouseOfFadoState

MONEY = 0.35  # a coin's use beyond the 1/5 point it scores at the end
NOTE = 0.9  # a note held: most fado tiles pay 2 points a note, and more for the set
CUSTOMER = 1.2  # a seated or bar customer: income at the close and a share of a fame step
CRITIC = 2.5  # two prestige cubes at the next close
STAR = 9.0  # an unclaimed star, shared out by the progress toward it
PROGRESS = 1.25  # the share of a star is the way made toward it to this power
HELD = STAR  # a star held, beyond its points: its whole share, so the claim always gains
WIN = 30.0  # the win, at the end: a lead is worth the most once the game is over
ACTIONS = (MARKET, STREET, REHEARSAL, BILLBOARD)
CLOSING = (RAISE, SIX, DISMISS, CRITIC_PHASE)  # closing steps 2 to 5: customers then leave


def worth(
    state: HouseOfFadoState,
    player: int,
    total: float,
    seated: int = 0,
    raised: int = NONE,
    noted: int = 0,
    spent: int = 0,
    critic: bool = False,
) -> float:
    """``player``'s score if the game ended now (``total``) plus its prospects: the
    stars still open are worth their share of the way there (cubes removed toward the
    prestige star, fado tiles toward three, each type's fame toward 6). For a move
    valued before it is made: ``seated`` customers more at its tables, ``raised`` a
    tile of its musicians one fame step higher, ``noted`` notes more, ``spent`` money
    less, and a ``critic`` brought."""
    content = state.content
    value = total + MONEY * (state.money[player] - spent)
    value += NOTE * min(sum(state.notes[player]) + noted, 8)
    if not (closing(state) and player == state.decider):
        customers = sum(map(len, state.tables[player])) + len(state.bar[player]) + seated
        value += CUSTOMER * customers
    if state.critic[player] != NONE or critic:
        value += CRITIC
    owner = state.star_owner
    value += HELD * owner.count(player)
    if owner[PRESTIGE_STAR] == NONE:
        value += STAR * (state.cubes_removed[player] / content.prestige_cubes) ** PROGRESS
    if owner[FADO_STAR] == NONE:
        tiles = min(len(state.fado_scored[player]), 3)
        value += STAR * (tiles / content.fado_star_tiles) ** PROGRESS
    top = content.fame.max
    for t in range(TYPES):
        tile = state.musicians[player][t]
        if tile != NONE and owner[t] == NONE:
            fame = state.fame[tile] + (tile == raised)
            value += STAR * ((fame - 1) / (top - 1)) ** PROGRESS
    return value


def closing(state: HouseOfFadoState) -> bool:
    """The decider is closing its restaurant (not a fame 6 met at a kick-out): its
    customers leave at the end of the close."""
    return state.phase in CLOSING and state.resume != "kick"


def worths(state: HouseOfFadoState) -> list[float]:
    """Every seat's worth; while a seat raises fame at its close, after the raises
    its customers buy, taken greedily (one at a time, while one adds worth)."""
    if state.phase == RAISE and closing(state):
        player = state.decider
        values = _worths(state)
        top = state.content.fame.max
        while state.phase == RAISE:
            best: HouseOfFadoState | Raise | None = None
            total = state.total(player)
            for action in state.legal_actions(player):
                if not isinstance(action, Raise):
                    continue
                tile = state.musicians[player][action.type]
                option: HouseOfFadoState | Raise = action
                if state.fame[tile] + 1 < top and not state.rising:
                    # a step short of the top changes only the tile's fame (the player's
                    # total by 1) and the customers, which its worth no longer counts
                    # while it closes (after it the close goes on: raises, or, with no
                    # musician at the top awaiting its step 3, dismissals)
                    found = values[:]
                    found[player] = worth(state, player, total + 1, raised=tile)
                else:  # fame 6 (now or earlier in the close): a star, or a tile kept
                    option = state.clone()
                    option.play(player, action)
                    found = _worths(option)
                if found[player] > values[player]:
                    best, values = option, found
            if best is None:
                break
            if isinstance(best, Raise):
                after = state.clone()
                after.play(player, best)
                best = after
            state = best
        return values
    return _worths(state)


def _worths(state: HouseOfFadoState) -> list[float]:
    totals = [state.total(p) for p in range(state.num_players)]
    if state.is_terminal():
        winners = state.winners()
        won = WIN / len(winners) if winners else 0.0
        return [t + won * (p in winners) for p, t in enumerate(totals)]
    return [worth(state, p, t) for p, t in enumerate(totals)]


def evaluate_all(state: HouseOfFadoState) -> list[float]:
    """Each seat's worth against the best other's. A worker just placed has its
    action still to come: the position is valued after the action that is best for
    its player (one step of look-ahead), so a placement is judged by what it allows."""
    values = worths(state)
    if state.phase in ACTIONS:
        player = state.turn
        now = values
        # the turn's last moves change only the player's worth, by what they take
        # (customers seated on the street, a critic brought, a note), or nothing (Done:
        # skipped, as it never betters the position as it is): valued without playing
        # them (``_last_move``), unless the game ends with the turn
        fast = not (state.ending and state.turn == state.last_seat())
        total = state.total(player) if fast else 0
        made: dict[tuple[int, int, bool], float] = {}
        draws = _drawing(state)
        for action in state.legal_actions(player):
            if fast and action == DONE:
                continue
            if fast and isinstance(action, (Seat, GainNote, BringCritic)):
                mine = _last_move(state, player, action, total, draws, made)
                if mine is None:
                    continue  # it draws from the bag: not foreseen here
                found = now[:]
                found[player] = mine
            else:
                after = state.clone()
                after.play(player, action)
                if after.undo_floor == len(after.history):
                    continue  # it drew from the bag or turned a fado tile: not foreseen here
                found = worths(after)
            if found[player] > values[player]:
                values = found
    return [w - max(o for q, o in enumerate(values) if q != p) for p, w in enumerate(values)]


def _last_move(
    state: HouseOfFadoState,
    player: int,
    action: Seat | GainNote | BringCritic,
    total: int,
    draws: Callable[[int, int], bool],
    made: dict[tuple[int, int, bool], float],
) -> float | None:
    """``player``'s worth after ``action``, a move that ends its turn (``total``: its
    total now); None if the street's refill then draws. ``made``: the worths found so
    far for this position (many seatings add as many customers)."""
    group, seated, noted, critic = NONE, 0, 0, False
    if isinstance(action, Seat):
        group, seated = action.group, action.gray + action.black + action.brown
    elif isinstance(action, GainNote):
        noted = 1
    else:
        critic = True
    if draws(group, seated):
        return None
    key = (seated, noted, critic)
    if key not in made:
        spent = state.content.critic_cost[state.cubes_removed[player]] if critic else 0
        money, per = state.money[player], state.content.money_per_point
        after = total - money // per + (money - spent) // per  # the money's points
        made[key] = worth(state, player, after, seated, noted=noted, spent=spent, critic=critic)
    return made[key]


def _drawing(state: HouseOfFadoState) -> Callable[[int, int], bool]:
    """``draws(group, seated)``: whether the street's refill at the end of a turn that
    takes ``seated`` customers from ``group`` (NONE: none) draws from the bag
    (``_refill``). A seating, a critic brought or a note taken, the turn's last move,
    changes nothing else a seat's worth reads but the player's customers (an empty
    table filled, ``open_tables``), money and critic, or notes: the street, its
    critics or the note supply, and the turn passes to the next seat (the last seat of
    an ending round excepted: the game ends)."""
    customers = state.content.customers
    refill_at, size = customers.refill_at, customers.group_size
    lengths = [len(members) for members in state.groups]
    short = [n <= refill_at and n < size for n in lengths]
    shorts = sum(short)
    able = bool(state.bag or state.discard)

    def draws(group: int, seated: int) -> bool:
        if not able:
            return False
        if group == NONE:
            return shorts > 0
        left = lengths[group] - seated
        return shorts - short[group] > 0 or (left <= refill_at and left < size)

    return draws


def evaluate(state: HouseOfFadoState, player: int) -> float:
    return evaluate_all(state)[player]
