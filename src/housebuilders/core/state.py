"""The game state every game implements: the contract of ../DESIGN.md.

``State.apply`` is the public, checked entry point: it refuses actions from a
player who may not act and actions that are not legal (naming the rule), then
calls the game's unchecked ``_apply`` and records the action in ``history``.
A game implements the underscored hooks and the read-only queries.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .action import Action
from .errors import IllegalAction

if TYPE_CHECKING:
    from .spec import GameSpec

Json = dict[str, Any]


class State(ABC):
    """One game in progress. Mutable; ``clone`` gives an independent copy."""

    spec: ClassVar[GameSpec]
    #: Actions applied so far, as (player, action), in order.
    history: list[tuple[int, Action]]
    #: Length of ``history`` just after the last action that revealed hidden
    #: information or used chance: nothing before it can be taken back.
    undo_floor: int

    # -- queries every game answers -------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._num_players()

    @abstractmethod
    def _num_players(self) -> int: ...

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def acting_players(self) -> tuple[int, ...]:
        """Who may act now: () once terminal, several in a simultaneous phase."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player`` now; never empty for an acting player."""

    @abstractmethod
    def observe(self, player: int | None) -> Json:
        """What ``player`` may see (None: a spectator, public information only)."""

    @abstractmethod
    def scores(self) -> list[Json]:
        """Per player ``{"total": int, "breakdown": {category: points}}``."""

    @abstractmethod
    def ranking(self) -> list[int]:
        """Terminal only: rank per player, 1 = best, ties share a rank. (Before the
        end it ranks the position as it stands; nothing should rely on that.)"""

    def winners(self) -> list[int]:
        """Terminal only: the seats that win, in seat order; several when they share
        the win, none when everyone lost. By default the seats of rank 1 in
        ``ranking()``; a game where a player can lose whatever their rank overrides it
        (Mr House advanced: an incomplete house loses). Like ``ranking()``, it does not
        raise before the end but answers for the position as it stands, which nothing
        should rely on. The arena counts wins from it and the bots' rewards come from it
        (``win_shares``)."""
        return [seat for seat, rank in enumerate(self.ranking()) if rank == 1]

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def determinize(self, player: int, seed: int) -> State:
        """A copy in which all that ``player`` cannot see is resampled."""

    @abstractmethod
    def to_json(self) -> Json: ...

    # -- the checked entry point ----------------------------------------------------
    def apply(self, player: int, action: Action) -> None:
        """Apply ``action`` for ``player``; raise IllegalAction and change nothing if
        the rules forbid it."""
        if player not in self.acting_players() or action not in self.legal_actions(player):
            message, section = self.refusal(player, action)
            raise IllegalAction(message, self._rule(section))
        self.play(player, action)

    def play(self, player: int, action: Action) -> None:
        """Apply ``action`` for ``player`` without asking whether the rules allow it, and
        record it: ``apply`` without its check, for search, which plays thousands of
        actions taken from this very state's ``legal_actions(player)``. Anything else
        (a person's move, a bot's answer, a saved history) goes through ``apply``: an
        action the rules forbid leaves the state corrupt here."""
        revealed = self._apply(player, action)
        self.history.append((player, action))
        if revealed:
            self.undo_floor = len(self.history)

    @abstractmethod
    def _apply(self, player: int, action: Action) -> bool:
        """Apply a legal action (unchecked). Return True if it revealed hidden
        information or used chance."""

    # -- why an action is refused ---------------------------------------------------
    def refusal(self, player: int, action: Any) -> tuple[str, str]:
        """Why ``player`` may not play ``action`` now: (message, rulebook section). In
        this order: the game is over; ``player`` may not act now (no such seat, or not
        their turn); ``action`` is not an action of this game; the game's own words for
        the rule it breaks (``_explain_illegal``); it is not what is asked now (no legal
        action of its kind), naming what is; else that it is not allowed now."""
        if self.is_terminal():
            return "the game is over", self._phase_section()
        if player not in self.acting_players():
            return self._explain_not_acting(player, action) or self._not_acting(player)
        cls = self.spec.action_classes.get(getattr(action, "kind", None))
        if not isinstance(action, Action) or cls is None or action.fields != cls.fields:
            return f"{action!r} is not an action of {self.spec.name}", self._phase_section()
        own = self._explain_illegal(player, action)
        if own is not None:
            return own
        if all(legal.kind != action.kind for legal in self.legal_actions(player)):
            return (
                f"'{self.describe(action)}' is not what is asked now: {self.asked(player)}",
                self._phase_section(),
            )
        return f"'{self.describe(action)}' is not allowed now", self._phase_section()

    def _not_acting(self, player: int) -> tuple[str, str]:
        if not (type(player) is int and 0 <= player < self.num_players):
            seats = f"seats 0 to {self.num_players - 1}"
            return f"there is no player {player!r} ({seats})", self._phase_section()
        acting = list(self.acting_players())
        return f"player {player} may not act now (acting: {acting})", self._phase_section()

    def asked(self, player: int) -> str:
        """What ``player``, who may act, is asked now, as a refusal says it ("this is
        the purchases phase"); by default the rulebook section of the phase."""
        return f"this is §{self._phase_section()}"

    def _explain_illegal(self, player: int, action: Action) -> tuple[str, str] | None:
        """The game's words for the rule ``action``, an action of the game that
        ``player`` (who may act) may not play now, breaks: (message, rulebook section);
        None leaves it to the defaults of ``refusal``. Called only once the action is
        known to be illegal, so it may take its time; it never decides legality."""
        return None

    def _explain_not_acting(self, player: int, action: Any) -> tuple[str, str] | None:
        """The game's words for why ``player``, a seat that may not act now, may not
        play ``action`` ("a marker with 0 never gets an item"); None leaves it to the
        default ("player 1 may not act now (acting: [0])")."""
        return None

    @abstractmethod
    def _phase_section(self) -> str:
        """The rulebook section of the current phase."""

    def _rule(self, section: str) -> str:
        return f"{self.spec.id} §{section}"

    def describe(self, action: Action) -> str:
        """The sentence a player is shown for ``action`` in this game: in the words of
        the game's content (a location's or a card's name from ``content=``), where
        ``str(action)`` can only use the rulebook's. Every text that shows an action to
        a person comes from here; by default it is ``str(action)``."""
        return str(action)

    def legal_json(self, player: int | None) -> list[Json]:
        """``player``'s legal actions as a view or client receives them: the action's
        index in the game's action space, its text (``describe``) and its JSON (none
        for a spectator or a player who may not act now)."""
        if player is None or player not in self.acting_players():
            return []
        index, describe = self.spec.action_index, self.describe
        return [
            {"index": index(a), "text": describe(a), "action": a.to_json()}
            for a in self.legal_actions(player)
        ]

    def history_json(self) -> list[list[Any]]:
        return [[p, a.to_json()] for p, a in self.history]

    def is_public(self, index: int) -> bool:
        """Whether every seat may know the action ``history[index]`` now (its actor
        always knows it). The default hides every action until the game is over:
        a game with actions in the open says which (see ``history_seen_by``)."""
        return self.is_terminal()

    def unseen_moves_from(self) -> int:
        """The index in ``history`` from which the other seats' moves are not known
        to have been made at all: the choices of a simultaneous phase, made unseen
        (Welcome To's round). Where every move is made in the open, as by default,
        ``len(history)``."""
        return len(self.history)

    def history_seen_by(self, player: int | None) -> list[list[Any]]:
        """``history_json`` as ``player`` (None: a spectator) may know it: each
        action ``[p, action]``, where ``action`` is None for an action of another
        seat that is hidden from ``player`` (its place and actor are public, as the
        acting seats are); the others' moves of a simultaneous phase still being
        chosen are left out (see ``unseen_moves_from``)."""
        start = self.unseen_moves_from()
        return [
            [p, a.to_json() if p == player or self.is_public(i) else None]
            for i, (p, a) in enumerate(self.history)
            if i < start or p == player
        ]

    def moves_seen(self, player: int | None) -> int:
        """How many moves ``player`` knows were made: ``len(history_seen_by(player))``,
        a count that changes only with what that seat can see."""
        start = self.unseen_moves_from()
        return start + sum(p == player for p, _ in self.history[start:])

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.spec.id} players={self.num_players} "
            f"actions={len(self.history)}>"
        )


def win_shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of the win: ``1/k`` for each of ``k`` winners, 0 for a seat
    that lost (0 for every seat when everyone lost). The one measure of a game's
    result: the arena's win rates add it up, and every bot's reward at the end of a
    game is it, so the bots play for what the arena counts."""
    share = 1 / len(winners) if winners else 0.0
    won = set(winners)
    return [share if seat in won else 0.0 for seat in range(players)]
