"""A finished game's review: each seat's chance to win after every move, and each
seat's costliest moves, with the move the strong bot (the search, ``ismcts``) preferred
and why, in words. Both come from the strong bot: the chance is its evaluation of a
position, the preferred move its choice.

Only for a game that is over: the review is worked out on the game's true history,
everything in it public now; but each of a seat's decisions is judged on what the seat
knew then (its view, as a bot in that seat would have been shown it). It is made of
parts (``ReviewPart``), each thought in a bot worker like a bot's ``turn.Decision``
(its ``take`` answers), a second or so of work (``PART_SECONDS``, and the search of
the move it is on), so that a long game's review never holds a worker for long.

- **The chance to win** of seat ``s`` after a move: the strong bot's evaluation of
  the position, that is the game's own mapping of a position to each seat's chance
  (``GameSpec.leaf_rewards``: its ``win_chances``, else its heuristic's lead through a
  tanh), which is how the search values the positions its look-ahead stops at,
  averaged over ``SAMPLES`` determinizations of the position from seat ``s``'s
  knowledge then (the future dice and draws, and the others' hidden things, dealt
  afresh: what happened later does not leak into the estimate). At the end it is the
  result: each winner's share of the win, 0 for the others (``win_shares``).
- **The move preferred** at each of a seat's decisions: the strong bot's choice
  (``BOT``: ``ismcts`` with a fixed iteration budget, so the same whatever the
  machine) as a bot of that name in that seat would have made it (``turn.Decision``:
  the seat's view then, determinized with the decision's seed, and the bot made
  afresh with its seat's seed), thinking on nothing the seat could not see.
- **A move's cost**: if the move preferred is not the move played, the seat's chance
  after it minus the chance after the move played, both on the same ``SAMPLES``
  determinizations of the seat's view (common random numbers). A move is costly only
  if it lost a chance that shows in the review (``DIGITS`` places: above 0 once
  rounded). The seat's three largest costs are its costliest moves, each with what
  both moves gain the seat in the game's words (``gains``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from housebuilders.agents.gains import gains
from housebuilders.agents.turn import Decision
from housebuilders.core import Action, State, win_shares
from housebuilders.core.rng import seed_state

#: determinizations a position's chances are averaged over
SAMPLES = 8
#: a seat's costliest moves kept
COSTLIEST = 3
#: the seconds of work a part of a review does before it answers (it stops after the
#: position it is on, its search included), well within a bot's time per move
PART_SECONDS = 1.0
#: the bot whose move a seat's is weighed against: the strong bot, the search, with a
#: fixed budget of iterations (not of seconds: the same review on any machine). At most
#: about a second a decision; a two-player game of greedy against random took from 2 to
#: 32 seconds of one core to review, whatever the game (docs/web.md, "The review")
BOT = "ismcts:iterations=200"
#: the places a chance (and a chance lost) is shown to, in the review's figures
DIGITS = 4

_REVIEW_STREAM = 3 << 32


def chances(state: State, samples: int = SAMPLES, salt: int = 0) -> list[float]:
    """Each seat's chance to win at ``state``, from its own knowledge: the game's
    ``leaf_rewards`` for that seat, averaged over ``samples`` determinizations of
    its view (``salt`` seeds them); at the end, the win's shares."""
    if state.is_terminal():
        return win_shares(state.winners(), state.num_players)
    return [
        _mean(_chance(state.determinize(seat, _seed(salt, j)), seat) for j in range(samples))
        for seat in range(state.num_players)
    ]


def _chance(state: State, seat: int) -> float:
    """``seat``'s chance at ``state`` as the game maps it, in [0, 1]."""
    if state.is_terminal():
        return win_shares(state.winners(), state.num_players)[seat]
    value = state.spec.leaf_rewards(state, only=seat)[seat]
    return min(1.0, max(0.0, float(value)))


def _seed(salt: int, j: int) -> int:
    return seed_state(salt, _REVIEW_STREAM + j)


def _mean(values: Any) -> float:
    values = list(values)
    return sum(values) / len(values)


@dataclass(frozen=True)
class Cost:
    """One of a seat's moves that the strong bot would not have played: the move
    played (``step``: its number, 1 for the first move of the game), the move
    preferred, the seat's chance after each on its view then, and their gains in
    words."""

    step: int
    seat: int
    played: str
    preferred: str
    played_chance: float
    preferred_chance: float
    played_gains: str = ""
    preferred_gains: str = ""

    @property
    def lost(self) -> float:
        return self.preferred_chance - self.played_chance

    @property
    def costly(self) -> bool:
        """Whether the move lost a chance that shows: above 0 once rounded as shown."""
        return round(self.lost, DIGITS) > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played,
            "preferred": self.preferred,
            "played_chance": round(self.played_chance, DIGITS),
            "preferred_chance": round(self.preferred_chance, DIGITS),
            "lost": round(self.lost, DIGITS),
            "played_gains": self.played_gains,
            "preferred_gains": self.preferred_gains,
        }


@dataclass(frozen=True)
class PartDone:
    """What a part of a review worked out: ``done`` moves from its first, the chances
    after each of them, and each seat's costliest moves among them; for the first
    part, the chances at the deal too (``opening``)."""

    done: int
    chances: list[list[float]]
    costs: list[Cost]
    opening: list[float] | None = None


@dataclass(frozen=True)
class ReviewPart:
    """A part of a finished game's review, to be thought in any process: the moves
    ``moves`` played from ``state``, the position after ``first`` moves of the game of
    seed ``seed``. ``take`` works through them for about ``seconds`` (at least one
    move) and answers a ``PartDone``; ``bot`` names the bot whose moves are preferred
    (``BOT``)."""

    state: State
    moves: tuple[tuple[int, Action], ...]
    first: int
    seed: int
    samples: int = SAMPLES
    seconds: float = PART_SECONDS
    bot: str = BOT

    def take(self) -> PartDone:
        start = time.monotonic()
        state = self.state.clone()
        opening = None
        if self.first == 0:
            opening = chances(state, self.samples, seed_state(self.seed, 0))
        rows: list[list[float]] = []
        costs: list[Cost] = []
        for player, action in self.moves:
            step = len(rows) + self.first + 1
            cost = self.cost(state, player, action, step)
            if cost is not None:
                costs.append(cost)
            state.play(player, action)
            rows.append(chances(state, self.samples, seed_state(self.seed, step)))
            if time.monotonic() - start >= self.seconds:
                break
        return PartDone(len(rows), rows, costliest(costs), opening)

    def cost(self, state: State, seat: int, played: Action, step: int) -> Cost | None:
        """The chance ``seat`` lost by ``played`` at ``state`` (move number ``step``),
        if the review's bot, thinking on the seat's view then, preferred another move
        and the move played lost a chance that shows."""
        decision = Decision.at(state, seat, self.bot, self.seed)
        preferred = decision.take()
        if preferred == played:
            return None
        view = decision.view
        salt = seed_state(decision.seed, _REVIEW_STREAM)
        mine: list[float] = []
        best: list[float] = []
        for j in range(self.samples):
            sample = view.determinize(seat, _seed(salt, j))
            for action, into in ((played, mine), (preferred, best)):
                after = sample.clone()
                after.play(seat, action)
                into.append(_chance(after, seat))
        cost = Cost(
            step,
            seat,
            state.describe(played),
            state.describe(preferred),
            _mean(mine),
            _mean(best),
        )
        if not cost.costly:
            return None  # the move played was as good, by this measure (as shown)
        return replace(
            cost,
            played_gains=gains(view, seat, played).words(),
            preferred_gains=gains(view, seat, preferred).words(),
        )


def costliest(costs: Sequence[Cost], keep: int = COSTLIEST) -> list[Cost]:
    """Each seat's ``keep`` costliest moves of ``costs`` (a chance lost that shows,
    ``Cost.costly``), the costliest first, seat by seat."""
    kept: list[Cost] = []
    for seat in sorted({c.seat for c in costs}):
        mine = [c for c in costs if c.seat == seat and c.costly]
        mine.sort(key=lambda c: (-c.lost, c.step))
        kept += mine[:keep]
    return kept
