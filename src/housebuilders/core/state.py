"""The game state every game implements: the contract (docs/contract.md).

``State.apply`` is the public, checked entry point: it refuses actions from a
player who may not act and actions that are not legal (naming the rule), then
calls the game's unchecked ``_apply`` and records the action in ``history``.
A game implements the underscored hooks and the read-only queries.

``GameState`` is the kit a game builds its state on: it holds the fields every
game has (its setup, content, RNG, history, undo floor and public log) and makes
their copy and JSON; a game declares its own fields once (``Fields``) and gets
``clone`` generated from them.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self

from housebuilders.core.action import Action
from housebuilders.core.errors import ContentError, IllegalAction
from housebuilders.core.loading import load_history, load_setup, within
from housebuilders.core.log import Log
from housebuilders.core.rng import Rng, seed_state

if TYPE_CHECKING:
    from housebuilders.core.content import GameData
    from housebuilders.core.spec import GameSpec

Json = dict[str, Any]


class TieBreak(NamedTuple):
    """One of the rulebook's tie-breaks (``State.tie_breaks``): what it measures, its
    value per player, and whether the most wins (else the fewest)."""

    label: str
    values: list[int]
    most: bool = True


def ranks(keys: Sequence[Any]) -> list[int]:
    """Rank per player from sort keys (lower is better): 1 = best, ties share a rank
    and the next rank skips the tied places."""
    return [1 + sum(other < key for other in keys) for key in keys]


def scored(breakdown: dict[str, int], **extra: Any) -> Json:
    """One player's entry of ``scores()``: the points by category, their total, and
    anything else the game reports beside them."""
    return {"total": sum(breakdown.values()), "breakdown": breakdown, **extra}


class State(ABC):
    """One game in progress. Mutable; ``clone`` gives an independent copy."""

    __slots__ = ()
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

    def ranking(self) -> list[int]:
        """Terminal only: rank per player, 1 = best, ties share a rank (the next rank
        skips the tied places). By default the most points, then ``tie_breaks()`` in
        order; still tied, a shared place (``ranking_keys``). (Before the end it ranks
        the position as it stands; nothing should rely on that.)"""
        return ranks(self.ranking_keys())

    def ranking_keys(self) -> list[tuple[int, ...]]:
        """Per player what ``ranking`` sorts on, lower first: minus the total, then each
        tie-break's value (negated where the most wins)."""
        breaks = self.tie_breaks()
        return [
            (-score["total"], *(-b.values[p] if b.most else b.values[p] for b in breaks))
            for p, score in enumerate(self.scores())
        ]

    def tie_breaks(self) -> list[TieBreak]:
        """The rulebook's tie-breaks, in the order they rank players of the same total:
        each what it measures in the rulebook's words ("the bigger house (walls and
        roofs)"), a value per player and whether more or less wins. ``ranking()`` applies
        them and the final table says by which of them tied players were ranked, or that
        they share a rank (``core.ties.tie_notes``). By default none: ties share."""
        return []

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
    def clone(self) -> Self: ...

    @abstractmethod
    def determinize(self, player: int, seed: int) -> Self:
        """A copy in which all that ``player`` cannot see is resampled, the future
        dice and draws included (a fresh random generator, ``GameState.resampled``);
        a function of what ``player`` knows and ``seed`` alone (the information rule,
        docs/contract.md). A game of perfect information resamples only the
        generator."""

    @abstractmethod
    def to_json(self) -> Json: ...

    # -- the checked entry point ----------------------------------------------------
    def apply(self, player: int, action: Action) -> None:
        """Apply ``action`` for ``player``; raise IllegalAction and change nothing if
        the rules forbid it."""
        if player not in self.acting_players() or not self._is_legal(player, action):
            message, section = self.refusal(player, action)
            raise IllegalAction(message, self._rule(section))
        self.play(player, action)

    def _is_legal(self, player: int, action: Action) -> bool:
        """Whether ``action`` is among ``legal_actions(player)`` (``GameState`` looks in
        the list already made for this seat at this point of the game first)."""
        return action in self.legal_actions(player)

    def play(self, player: int, action: Action) -> None:
        """Apply ``action`` for ``player`` without asking whether the rules allow it, and
        record it: ``apply`` without its check, for search, which plays thousands of
        actions taken from this very state's ``legal_actions(player)``. Anything else
        (a person's move, a bot's answer, a saved history) goes through ``apply``: an
        action the rules forbid leaves the state corrupt here."""
        revealed = self._apply(player, action)
        self.history.append((player, action))
        if revealed:  # (the fields are in the subclass's __slots__: see GameState)
            self.undo_floor = len(self.history)  # type: ignore[misc]

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
        if not (type(player) is int and 0 <= player < self.num_players):
            seats = f"seats 0 to {self.num_players - 1}"
            return f"there is no player {player!r} ({seats})", self._phase_section()
        if player not in self.acting_players():
            acting = list(self.acting_players())
            return self._explain_not_acting(player, action) or (
                f"player {player} may not act now (acting: {acting})",
                self._phase_section(),
            )
        cls = self.spec.action_classes.get(getattr(action, "kind", ""))
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
        play ``action`` (which may be anything): "a marker with 0 never gets an item";
        None leaves it to the default ("player 1 may not act now (acting: [0])")."""
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

    def goals(self) -> dict[str, list[float]]:
        """Figures of what the game rewards, each a value per seat (1 or 0 for a yes or
        no, such as a complete house), read at the end of a game: the strength
        benchmark gives each bot's mean beside its win rate. By default none."""
        return {}

    def standing(self, player: int) -> dict[str, float]:
        """What ``player`` has now that the game rewards or spends, each a number named
        in the game's words (its money, materials, the parts of its house): a hint says
        what a move changes of it. Read on a seat's own view, it holds only what that
        seat knows. By default nothing beyond the score."""
        return {}

    def search_actions(self, player: int) -> list[Action]:
        """The moves a search weighs for ``player``: a subset of ``legal_actions``,
        never empty for an acting player. A game may leave out moves that are never
        better than one it keeps (a jump bid in an open auction, where the others
        answer every raise), or that would let a search go round in circles (a part
        taken off a plan and put back). By default, every legal move."""
        return self.legal_actions(player)

    def quiet(self) -> bool:
        """Whether the game's heuristic can judge the position as it stands. A game says
        no in the middle of an exchange whose end decides what it is worth (an auction
        under way: the last raise always looks like the winner): a search's rollout
        plays on through such positions before it scores one. By default, always."""
        return True

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


#: how ``clone`` copies a field of each kind of ``Fields``: code for ``self.<name>``
_COPY = {
    "share": "self.{0}",
    "lists": "self.{0}[:]",
    "rows": "list(map(list.copy, self.{0}))",
    "copies": "[None if item is None else item.copy() for item in self.{0}]",
    "derived": "self.{0}",
}
#: the fields of every game (``GameState``) and how ``clone`` copies them
_COMMON_COPY = {
    "setup": "self.setup",
    "content": "self.content",
    "rng": "Rng(self.rng.state)",
    "history": "self.history[:]",
    "undo_floor": "self.undo_floor",
    "log": "self.log.copy()",
    # the legal actions last listed: a copy lists its own
    "_listed_at": "None",
}

#: the generator stream ``GameState.resampled`` draws a determinization's future from:
#: not the game's own (stream 0), so that a determinization whose seed happens to be
#: the game's seed still does not know the true dice
DETERMINIZE_STREAM = 0xDE7


class Fields:
    """A game state's own fields, named by how ``clone`` copies them (names separated
    by spaces), for ``GameState``:

    ``share``: values never changed in place, shared by the copies (numbers, strings,
    tuples, frozen objects, and lists that are only ever replaced whole);
    ``lists``: lists of such values (copied as ``x[:]``);
    ``rows``: lists of lists of such values (each row copied, ``list.copy``);
    ``copies``: lists of objects that copy themselves (``item.copy()``), or None;
    ``derived``: values made from the content alone (tables a game looks up on every
    move), set by the state's ``_derive()`` when it is made or loaded, shared by the
    copies and never saved.
    """

    def __init__(
        self, share: str = "", lists: str = "", rows: str = "", copies: str = "",
        derived: str = "",
    ) -> None:  # fmt: skip
        self.kinds: dict[str, str] = {}
        declared = (("share", share), ("lists", lists), ("rows", rows), ("copies", copies),
                    ("derived", derived))  # fmt: skip
        for kind, names in declared:
            for name in names.split():
                if name in self.kinds or name in _COMMON_COPY:
                    raise TypeError(f"field {name!r} is declared twice")
                self.kinds[name] = kind

    @property
    def names(self) -> tuple[str, ...]:
        """The fields' names: a state's ``__slots__``."""
        return tuple(self.kinds)


class GameState(State):
    """The base of a game's state: the fields every game has, their copy and JSON.

    A game declares its data file and its own fields once::

        class MyState(GameState):
            DATA = MY_DATA  # core.content.GameData(MyContent, path)
            FIELDS = Fields(share="turn phase", lists="order supply", rows="hands")
            __slots__ = FIELDS.names

    and gets ``clone``, generated from the fields as dataclasses generate
    ``__init__`` (the copy a person would write, as fast; a game may still write its
    own), ``to_json`` (the common keys around the game's ``_json()``), and the
    constructors its ``new`` and ``from_json`` start from: ``_begin`` and
    ``_restore``. A subclass declares only the fields it adds.
    """

    __slots__ = tuple(_COMMON_COPY)
    #: the game's own fields (each class those it adds)
    FIELDS: ClassVar[Fields] = Fields()
    #: the game's component data (data.toml and its schema); None for a game without
    #: components (its ``content`` is then None and takes no override)
    DATA: ClassVar[GameData[Any] | None] = None

    #: what new_game was given, as saved: {"options": every option, "content": the
    #: content override or None}
    setup: Json
    #: the component data in play: the game's data file with the override
    content: Any
    rng: Rng
    #: public events in words, the same for every seat (appended to, never changed)
    log: Log
    #: the legal actions last listed, with when and for whom: (length of the history,
    #: seat, the list); ``apply`` checks a move against it rather than list them again
    _listed_at: tuple[int, int, list[Action]] | None
    #: each own field's kind of copy (from FIELDS, the subclasses' included)
    _kinds: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__slots__" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} needs __slots__ = FIELDS.names (GameState)")
        cls._kinds = _fields_of(cls)
        if "legal_actions" in cls.__dict__:
            cls.legal_actions = _noting(cls.__dict__["legal_actions"])  # type: ignore[method-assign]
        if "clone" not in cls.__dict__:
            cls.clone = _make_clone(cls, cls._kinds)  # type: ignore[method-assign]

    def _is_legal(self, player: int, action: Action) -> bool:
        listed = getattr(self, "_listed_at", None)  # (a hand-written clone may not set it)
        if listed is None or listed[0] != len(self.history) or listed[1] != player:
            return action in self.legal_actions(player)  # not listed for this seat now
        return action in listed[2] or action in self.legal_actions(player)  # or a change

    def _derive(self) -> None:
        """Set the fields made from the content alone (``Fields(derived=...)``): called
        by ``_begin`` and ``_restore`` once the content is there. None by default."""

    # -- the common fields -----------------------------------------------------------
    @classmethod
    def _begin(
        cls, seed: int, options: Mapping[str, Any], content: Mapping[str, Any] | None
    ) -> Self:
        """A new game's state with only the common fields set: the setup as
        ``new_game`` took it, the content (``DATA`` with ``content`` over it), the RNG
        seeded, no history, an empty log, the fields made from the content
        (``_derive``). The game's ``new`` sets the rest."""
        s = cls.__new__(cls)
        s.setup = {"options": dict(options), "content": dict(content) if content else None}
        s.content = cls._load_content(content)
        s._derive()
        s.rng = Rng(seed_state(seed))
        s.history, s.undo_floor, s.log, s._listed_at = [], 0, Log(), None
        return s

    @classmethod
    def _restore(cls, d: Json, players: int, field: str = "players") -> Self:
        """The saved state ``d`` (its shape checked by the game's schema) with only the
        common fields loaded: the number of ``players`` (what ``d`` says at ``field``)
        checked, then the options and content (and the fields made from it,
        ``_derive``), the RNG, the history (each action one of the game's, by a seat),
        the undo floor and the log. The game's ``from_json`` loads the rest; a
        StateError names the field that is wrong."""
        spec = cls.spec
        within(field, players, spec.min_players, spec.max_players)
        s = cls.__new__(cls)
        s.content = load_setup(spec, d["options"], d["content"], cls._load_content)
        s._derive()
        s.setup = {"options": dict(d["options"]), "content": d["content"]}
        s.rng = Rng(d["rng"])
        s.history = load_history(spec, d["history"], players)
        s.undo_floor = d["undo_floor"]
        s.log = Log(d["log"])
        s._listed_at = None
        return s

    @classmethod
    def _load_content(cls, override: Mapping[str, Any] | None) -> Any:
        """The component data with ``override`` over it (``DATA.load``); None for a
        game without ``DATA``, which refuses any override."""
        if cls.DATA is not None:
            return cls.DATA.load(override)
        if override:
            raise ContentError(f"{cls.spec.id} has no component data to override")
        return None

    def resampled(self, seed: int, stream: int = DETERMINIZE_STREAM) -> Self:
        """A copy of the state with a fresh random generator for ``seed``: the start of
        every ``determinize``, which then deals what the seat cannot see (from this
        generator or its own). ``stream`` is the generator's stream; the built-in games
        pass the one they have always used, so that their bots play as they did."""
        s: Self = self.clone()  # type: ignore[assignment]
        s.rng = Rng(seed_state(seed, stream))
        return s

    def to_json(self) -> Json:
        return {
            "game": self.spec.id,
            "format": self.spec.state_format,
            "options": self.setup["options"],
            "content": self.setup["content"],
            **self._json(),
            "rng": self.rng.state,
            "history": self.history_json(),
            "undo_floor": self.undo_floor,
            "log": list(self.log),
        }

    def _json(self) -> Json:
        """The game's own fields as JSON (``to_json`` adds the common ones): by default
        each as its kind copies it, for fields of JSON values (a game whose fields need
        another form, ids written as names or objects that copy themselves, writes its
        own)."""
        out: Json = {}
        for name, kind in self._kinds.items():
            if kind == "derived":
                continue
            value = getattr(self, name)
            if kind == "copies":
                raise NotImplementedError(
                    f"{type(self).__name__}._json: field {name!r} holds objects, write its JSON"
                )
            out[name] = (
                value if kind == "share" else value[:] if kind == "lists"
                else [row[:] for row in value]
            )  # fmt: skip
        return out

    def _load_fields(self, d: Json) -> None:
        """Set the game's own fields from ``d`` as the default ``_json`` wrote them
        (after the game's schema checked their shape; its own checks come after)."""
        for name, kind in self._kinds.items():
            if kind == "derived":
                continue
            value = d[name]
            if kind == "copies":
                raise NotImplementedError(
                    f"{type(self).__name__}: field {name!r} holds objects, load it yourself"
                )
            setattr(self, name, value if kind == "share" else list(value) if kind == "lists"
                    else [list(row) for row in value])  # fmt: skip


def _fields_of(cls: type[GameState]) -> dict[str, str]:
    """Each field of ``cls`` but the common ones, with the kind of its copy; a
    TypeError for a slot no ``FIELDS`` declares."""
    kinds: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not issubclass(klass, GameState) or klass is GameState:
            continue
        declared = klass.__dict__.get("FIELDS")
        if declared is not None:
            kinds.update(declared.kinds)
        slots = klass.__dict__.get("__slots__", ())
        missing = [name for name in ((slots,) if isinstance(slots, str) else slots)
                   if name not in kinds]  # fmt: skip
        if missing:
            raise TypeError(
                f"{klass.__name__} has slots {missing} that its FIELDS does not declare "
                "(how would clone copy them?)"
            )
    return kinds


def _noting(legal_actions: Any) -> Any:
    """``legal_actions`` that notes the list it makes on the state (``_listed_at``), so
    that ``apply`` checks a move chosen from it without making it again: legality is
    computed once per move. The note holds until the next move is played (the history
    grows). A move it lacks is looked for in a new list before it is refused; a state
    changes only by its moves (code that sets a field by hand so as to forbid a move
    it listed lists again before ``apply``)."""

    @functools.wraps(legal_actions)
    def noted(self: GameState, player: int) -> list[Action]:
        actions: list[Action] = legal_actions(self, player)
        self._listed_at = (len(self.history), player, actions)
        return actions

    return noted


def _make_clone(cls: type[GameState], kinds: dict[str, str]) -> Any:
    """``clone`` for ``cls``: a new state whose every field is copied as declared."""
    lines = ["def clone(self):", "    s = new(cls)"]
    copies = {**_COMMON_COPY, **{name: _COPY[kind].format(name) for name, kind in kinds.items()}}
    lines += [f"    s.{name} = {code}" for name, code in copies.items()]
    lines.append("    return s")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), {"new": object.__new__, "cls": cls, "Rng": Rng}, namespace)
    clone = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__doc__ = f"An independent copy of the state (generated from {cls.__name__}'s fields)."
    return clone


def win_shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of the win: ``1/k`` for each of ``k`` winners, 0 for a seat
    that lost (0 for every seat when everyone lost). The one measure of a game's
    result: the arena's win rates add it up, and every bot's reward at the end of a
    game is it, so the bots play for what the arena counts."""
    share = 1 / len(winners) if winners else 0.0
    won = set(winners)
    return [share if seat in won else 0.0 for seat in range(players)]
