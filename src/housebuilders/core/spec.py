"""GameSpec and the registry: how the rest of the package finds a game."""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from housebuilders.core.action import Action, action_from_json
from housebuilders.core.errors import NotAnAction, OptionError, StateError
from housebuilders.core.lazy import Lazy
from housebuilders.core.loading import check_loaded
from housebuilders.core.state import Json, State

if TYPE_CHECKING:
    from housebuilders.core.content import GameData
    from housebuilders.core.features import Features


@dataclass(frozen=True)
class Option:
    """A documented game option (a variant or house rule)."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    #: the player counts its other choices are for (a 2-player variant: (2,)); empty:
    #: every count the game takes
    players: tuple[int, ...] = ()


@dataclass(frozen=True)
class ScoreUnit:
    """What a game's scores count, for the final table, its winner line and the tie
    notes to write a total as the game's board does: points by default ("36 points"),
    money for a game scored in money (Master Builder: ``prefix="$"``, ``factor=1000``,
    its totals being thousands: -36 -> "-$36,000")."""

    #: a total of one, and of any other number: "point", "points"
    one: str = "point"
    many: str = "points"
    #: before the amount: "$" (money is written "$16,000", with no word after it)
    prefix: str = ""
    #: what one unit of ``scores()`` is worth in the unit written (thousands: 1000)
    factor: int = 1

    def format(self, total: int) -> str:
        """``total`` in words: "36 points", "1 point", "-$36,000"."""
        if self.prefix:
            return "-" * (total < 0) + f"{self.prefix}{abs(total) * self.factor:,}"
        amount = total * self.factor
        return f"{amount} {self.one if amount in (1, -1) else self.many}"

    def to_json(self) -> dict[str, Any]:
        """What the web table writes scores by (``static/scoring.js`` reads it)."""
        return {"one": self.one, "many": self.many, "prefix": self.prefix,
                "factor": self.factor}  # fmt: skip


POINTS = ScoreUnit()


@dataclass(frozen=True, eq=False)
class GameSpec:
    """Everything the world outside a game needs to know about it."""

    id: str
    name: str
    min_players: int
    max_players: int
    rulebook: str
    #: new_game(players, seed, options, content) -> State, with options checked
    _new_game: Callable[[int, int, dict[str, Any], Mapping[str, Any] | None], State]
    _state_from_json: Callable[[Json], State]
    #: every action of the game, in index order (the RL action space)
    actions: tuple[Action, ...]
    #: kind -> the class of the game's actions of that kind: taken from ``actions``
    #: (give it only to check it)
    action_classes: Mapping[str, type[Action]] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    #: "imperfect" if a seat may not see everything (hidden cards, others' secret
    #: choices), "perfect" if every seat sees the whole state but the future dice; the
    #: kit's check that ``determinize`` resamples something hidden is for the first
    information: Literal["perfect", "imperfect"] = "imperfect"
    #: the version of ``to_json``'s shape, saved in every state as "format": raise it when
    #: the shape changes, and ``state_from_json`` refuses states of another version
    state_format: int = 1
    # The views and bot helpers below are given as "package.module:attribute" (or as the
    # object itself) and imported the first time they are read (core/lazy.py): loading
    # a game loads none of its drawing or bot code.
    #: heuristic(state, player) -> float: the game's evaluation of a state for a player
    #: (games/<game>/heuristic.py), used by the greedy bot and rollouts
    heuristic: Lazy[Callable[[State, int], float]] = Lazy()
    #: heuristic_all(state) -> [float per player]: the same evaluation for every seat at
    #: once, where that is cheaper than asking seat by seat (search bots use it)
    heuristic_all: Lazy[Callable[[State], list[float]]] = Lazy()
    #: heuristic_choice(state, player, legal) -> Action: the move of ``legal`` the
    #: heuristic likes best one step ahead, where the game knows a faster way to find it
    #: than valuing each move in full (the same choice; Mr House advanced's construction)
    heuristic_choice: Lazy[Callable[[State, int, list[Action]], Action]] = Lazy()
    #: the size of a clear lead in the heuristic's units (search bots map heuristic
    #: values to rewards with it)
    heuristic_scale: float = 4.0
    #: win_chances(state) -> [float per player]: each seat's chance to win from here, in
    #: [0, 1], where the game can say it better than by its heuristic's lead (Mr House
    #: advanced: a house complete, then the points); search bots score leaves by it
    win_chances: Lazy[Callable[[State], list[float]]] = Lazy()
    #: rollout_policy(state, player, rng) -> Action: a fast, sensible move for search
    #: rollouts (cheaper than greedy on the heuristic), if the game has one
    rollout_policy: Lazy[Callable[[State, int, Any], Action]] = Lazy()
    #: the reference line under the strength benchmark's and the ladder's tables, to
    #: read the scores and goal figures against: what good play scores (the rulebook's
    #: scoring example: "the rulebook's example homes score 29") or where a figure
    #: starts (Master Builder's $40,000)
    reference: str = ""
    #: the figures of ``State.goals`` that are a yes or no, 1 or 0 a seat (a complete
    #: house): reports give the share of seats that met them; the others are counts
    #: (plans claimed), given as means
    yes_no_goals: frozenset[str] = frozenset()
    #: the search bot's settings that suit this game (``ismcts`` parameters, such as
    #: {"prior": True}), used for those a bot's name does not set
    search_settings: Mapping[str, Any] = field(default_factory=dict)
    #: text_view(observation) -> str: the observation drawn as text for the terminal
    text_view: Lazy[Callable[[Json], str]] = Lazy()
    #: svg_view(observation, legal) -> an SVG document drawing the observation; ``legal``
    #: is the seat's legal actions as dicts {"index": int (the game's action index),
    #: "text": str, "action": action JSON}; every drawn part that stands for a legal
    #: action carries data-index="<index>" and class "act" so the web client can make it
    #: clickable
    svg_view: Lazy[Callable[[Json, list[Json]], str]] = Lazy()
    #: the players' page of the rules, "package:file" in the installed package (Markdown:
    #: how a turn goes, scoring, the rulings; core/rules.py reads it); "" for none
    rules: str = ""
    #: rules_tables() -> {name: Markdown}: what the game's content puts on its rules
    #: page, each in place of a line ``{{name}}`` (Mr House's recipes and points), so
    #: that the page gives the numbers the game plays with; None: the page as written
    rules_tables: Lazy[Callable[[], Mapping[str, str]]] = Lazy()
    #: the rulebook's rules numbered (DH-12), in our own words, "package:file" in the
    #: installed package (core/rule_ids.py reads it; tests name the ids they check with
    #: ``@pytest.mark.rule``); "" for none
    numbered_rules: str = ""
    #: the variant of its rulebook this game is, where one rulebook and doc page make
    #: several games (Mr House's "basic" and "advanced"): the doc page's rulings whose
    #: title names another variant ("(basic variant)") are left off its rules page; ""
    #: for the whole rulebook
    variant: str = ""
    #: the observation encoder for learning (games/<game>/features.py, a
    #: ``core.features.Features``): ``features.encode(state, player)`` is a fixed-length
    #: vector of what ``player`` sees, ``features.size(players)`` its length
    features: Lazy[Features] = Lazy()
    #: the learning environments' episode cap: the actions one seat may take in a game
    #: before the episode is cut (truncated, not ended), about twice the most a seat
    #: took in the random play of 48 games (the Gymnasium registrations'
    #: ``max_episode_steps``; a policy that never ends a game must not train for ever)
    episode_steps: int = 1000
    #: the reward ``housebuilders train`` gives unless told (``learn.environment``):
    #: "mixed" (the win and the score margin), or "goal" (the win and the heuristic's
    #: lead, paid as it changes) where the score does not say who is winning (Mr House
    #: advanced: an incomplete house loses whatever its points) or comes too late to
    #: teach (Welcome To alone: the heuristic's worth of the sheet, move by move)
    training_reward: str = "mixed"
    #: the trainings ``housebuilders train`` runs side by side unless told (``--runs``),
    #: seeds one after another, keeping the one that plays best on seeds of its own:
    #: more than 1 where one run's result depends on its seed (Mr House advanced)
    training_runs: int = 1
    #: the bot whose moves ``housebuilders train`` teaches the policy before its
    #: curriculum unless told (``--imitate``, ``learn.imitation``): "" none; a bot where
    #: a policy that starts random may never find the game's goal (Mr House advanced)
    training_imitate: str = ""
    #: the game's component data (its ``content.GameData``): what ``content=`` overrides;
    #: design experiments read it to check a path into the data (``arena.experiment``)
    data: Lazy[GameData[Any]] = Lazy()
    #: what ``scores()`` count (``ScoreUnit``): points unless the game says otherwise;
    #: the final table, its winner line and the tie notes write totals in it
    score_unit: ScoreUnit = POINTS
    _index: dict[Action, int] = field(default_factory=dict, init=False, repr=False)
    #: per action kind, the values each field takes somewhere in the action space
    _field_values: dict[str, tuple[set[Any], ...]] = field(
        default_factory=dict, init=False, repr=False
    )

    def __post_init__(self) -> None:
        if self.information not in ("perfect", "imperfect"):
            raise ValueError(
                f"{self.id}: information is 'perfect' or 'imperfect', not {self.information!r}"
            )
        self._index.update((a, i) for i, a in enumerate(self.actions))
        classes = _classes_of(self.id, self.actions)
        if self.action_classes and dict(self.action_classes) != classes:
            raise ValueError(f"{self.id}: action_classes {self.action_classes} are not {classes}")
        object.__setattr__(self, "action_classes", classes)
        for action in self.actions:
            values = self._field_values.setdefault(action.kind, tuple(set() for _ in action.fields))
            for seen, value in zip(values, action[1:], strict=True):
                seen.add(value)

    # -- making and loading games ---------------------------------------------------
    def new_game(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        content: Mapping[str, Any] | None = None,
    ) -> State:
        self.check_players(players)
        chosen = self.check_options(options)
        for option in self.options:
            if (
                option.players
                and players not in option.players
                and (chosen[option.name] != option.default)
            ):
                counts = " or ".join(map(str, option.players))
                raise OptionError(
                    f"option {option.name!r} of {self.id} is for {counts} players, not {players}"
                )
        return self._new_game(players, int(seed), chosen, content)

    def check_players(self, players: int) -> int:
        """``players`` if the game takes that many, else a ValueError saying how many
        it takes (the one player-count check: new games, the arena and the server)."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.id} takes {self.min_players} to {self.max_players} players, not {players!r}"
            )
        return players

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The full options dict, defaults filled in; OptionError on anything unknown."""
        known = {o.name: o for o in self.options}
        chosen = dict(options or {})
        for name, value in chosen.items():
            if name not in known:
                listed = ", ".join(known) or "none"
                raise OptionError(f"{self.id} has no option {name!r} (options: {listed})")
            choices = known[name].choices  # a choice of the same type: 0 is not False
            if choices and not any(type(value) is type(c) and value == c for c in choices):
                raise OptionError(
                    f"option {name!r} of {self.id} takes one of {list(choices)}, not {value!r}"
                )
        return {name: chosen.get(name, o.default) for name, o in known.items()}

    def state_from_json(self, data: Any) -> State:
        """The state ``to_json`` saved, checked: a StateError naming the field if it is
        malformed (a type, a missing or unknown key, another game) or inconsistent (the
        game's counts, ranges and who may act)."""
        if not isinstance(data, Mapping):
            raise StateError(f"a {self.id} state is a JSON object, not {type(data).__name__}")
        if "game" not in data:
            raise StateError(f"game: missing (a saved state names its game, {self.id!r})")
        if data["game"] != self.id:
            raise StateError(f"game: {data['game']!r} is not {self.id!r}")
        self._check_format(data)
        try:
            state = self._state_from_json(dict(data))
            check_loaded(state)
        except StateError:
            raise
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as e:
            problem = f"{type(e).__name__}: {e}"
            raise StateError(f"(the state): not a valid {self.id} state ({problem})") from None
        return state

    def _check_format(self, data: Mapping[str, Any]) -> None:
        if "format" not in data:
            raise StateError(
                f"format: missing (a saved {self.id} state names its format version, "
                f"{self.state_format})"
            )
        found = data["format"]
        if type(found) is not int or found != self.state_format:
            raise StateError(
                f"format: {found!r} is not a format this version of housebuilders reads: "
                f"{self.id} states are saved in format {self.state_format}; load the state "
                "with the version that saved it"
            )

    # -- actions --------------------------------------------------------------------
    def action_from_json(self, data: Any) -> Action:
        """The action ``data`` (its JSON form) stands for; ValueError naming the kind
        or field that is wrong: every field of the right type and within the values
        the game's action space gives it, and the whole an action of the game."""
        action = action_from_json(self.action_classes, data)
        if action in self._index:
            return action
        never = action.never()
        if never is not None:
            message, section = never
            raise NotAnAction(message, f"{self.id} §{section}")
        values = self.field_values(action.kind)
        for name, value, allowed in zip(action.fields, action[1:], values, strict=False):
            if value not in allowed:
                raise ValueError(
                    f"field {name!r} of action {action.kind!r} must be {_one_of(allowed)}, "
                    f"not {value!r}"
                )
        raise ValueError(f"{self.id} has no action {action.to_json()}: its fields do not agree")

    def field_values(self, kind: str) -> tuple[set[Any], ...]:
        """Per field of action ``kind``, the values it takes in the game's action space
        (empty if the game has no action of that kind)."""
        return self._field_values.get(kind, ())

    def evaluate_all(self, state: State) -> list[float]:
        """The heuristic for every player (``heuristic_all`` if the game has it)."""
        if self.heuristic_all is not None:
            return self.heuristic_all(state)
        if self.heuristic is None:
            raise ValueError(f"{self.id} has no heuristic")
        return [self.heuristic(state, p) for p in range(state.num_players)]

    def leaf_rewards(
        self, state: State, scale: float = 0.0, only: int | None = None,
        values: list[float] | None = None,
    ) -> list[float]:  # fmt: skip
        """Each seat's reward in [0, 1] for a position a search stops at before the end:
        the game's ``win_chances`` if it has them, else ``0.5 + 0.5 * tanh(h / scale)``
        of each seat's heuristic ``h`` (``scale``: by default ``heuristic_scale``;
        ``values``: ``evaluate_all(state)`` if the caller has it already). With
        ``only``, the one seat whose reward is wanted: the others may get 0.5 (the
        heuristic is then asked for that seat alone)."""
        if self.win_chances is not None:
            return self.win_chances(state)
        scale = scale or self.heuristic_scale
        if values is None and only is not None and self.heuristic is not None:
            rewards = [0.5] * state.num_players
            rewards[only] = 0.5 + 0.5 * math.tanh(self.heuristic(state, only) / scale)
            return rewards
        if values is None:
            values = self.evaluate_all(state)
        return [0.5 + 0.5 * math.tanh(h / scale) for h in values]

    @property
    def action_space_size(self) -> int:
        return len(self.actions)

    def action_places(self) -> Mapping[Action, int]:
        """Each action's index in ``actions``, to look many up (read only)."""
        return MappingProxyType(self._index)

    def action_index(self, action: Action) -> int:
        try:
            return self._index[action]
        except KeyError:
            raise ValueError(f"{action!r} is not an action of {self.id}") from None


def _classes_of(game_id: str, actions: Iterable[Action]) -> dict[str, type[Action]]:
    """The class of each kind of action in ``actions``, by kind: one class a kind."""
    classes: dict[str, type[Action]] = {}
    for action in actions:
        cls = classes.setdefault(action.kind, type(action))
        if cls is not type(action):
            raise TypeError(
                f"{game_id} has two classes of action kind {action.kind!r}: "
                f"{cls.__name__} and {type(action).__name__}"
            )
    return classes


def _one_of(values: set[Any]) -> str:
    """``values`` in words: a range of integers, or the values themselves."""
    ordered = sorted(values)
    if not ordered:
        return "nothing (no such action in this game)"
    if all(type(v) is int for v in ordered) and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"an integer from {ordered[0]} to {ordered[-1]}"
    shown = ", ".join(map(repr, ordered[:12])) + (", ..." if len(ordered) > 12 else "")
    return f"one of {shown}"


#: the entry-point group under which packages declare games: ``id = "module:SPEC"``
#: (pyproject.toml declares the built-in ones; docs/adding-a-game.md)
GAMES_GROUP = "housebuilders.games"

_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Make ``spec`` known by its id (a game module registers its own specs; a game
    not installed as a package, as in a test or a notebook, can be registered so)."""
    if spec.id in _REGISTRY and _REGISTRY[spec.id] is not spec:
        raise ValueError(f"a game with id {spec.id!r} is already registered")
    _REGISTRY[spec.id] = spec
    return spec


@cache
def _declared() -> dict[str, EntryPoint]:
    """The games installed packages declare, by id: this package's own first, then the
    others in ``sys.path`` order. An id declared twice is the first declaration's: the
    later one is refused, with a warning naming both (``refused``), and every other
    game is served as before."""
    declared: dict[str, EntryPoint] = {}
    _REFUSED.clear()
    points = sorted(entry_points(group=GAMES_GROUP), key=lambda p: _package(p) != "housebuilders")
    for point in points:
        first = declared.setdefault(point.name, point)
        if first.value != point.value:
            message = (
                f"the game {point.name!r} of {_package(point)} ({point.value}) is refused: "
                f"{_package(first)} ({first.value}) declares a game of that id; rename one"
            )
            _REFUSED.append(message)
            warnings.warn(message, RuntimeWarning, stacklevel=2)
    return declared


#: what ``_declared`` refused, in words
_REFUSED: list[str] = []


def _package(point: EntryPoint) -> str:
    """The name of the distribution that declares ``point`` ("?" if unknown)."""
    return point.dist.name if point.dist is not None else "?"


def refused() -> list[str]:
    """Why each refused declaration of a game was refused (an id declared twice)."""
    _declared()
    return list(_REFUSED)


def game_modules() -> list[str]:
    """The module of each installed game (as its entry point names it), to import ahead
    where many games will be played, as worker processes' fork server does."""
    return list(dict.fromkeys(point.module for point in _declared().values()))


def builtin_game_ids() -> list[str]:
    """The games this package itself declares (not a plugin's), without loading them."""
    return [name for name, point in _declared().items() if _package(point) == "housebuilders"]


def game_ids() -> list[str]:
    """Every game's id, without loading any game: the installed ones, then any
    registered by hand."""
    return list(dict.fromkeys([*_declared(), *_REGISTRY]))


def game(game_id: str) -> GameSpec:
    """The game ``game_id``; its package is imported the first time it is asked for."""
    spec = _REGISTRY.get(game_id)
    if spec is not None:
        return spec
    point = _declared().get(game_id)
    if point is None:
        raise KeyError(f"no game {game_id!r}; known games: {', '.join(game_ids())}")
    spec = point.load()
    if not isinstance(spec, GameSpec) or spec.id != game_id:
        raise TypeError(
            f"the {GAMES_GROUP} entry point {game_id} = {point.value!r} is not the "
            f"GameSpec of {game_id!r} but {spec!r}"
        )
    return register(spec)


def new_game(
    game_id: str,
    players: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    content: Mapping[str, Any] | None = None,
) -> State:
    return game(game_id).new_game(players, seed, options=options, content=content)


def replay(
    game_id: str,
    players: int,
    seed: int,
    history: Iterable[tuple[int, Action] | list[Any]],
    options: Mapping[str, Any] | None = None,
    content: Mapping[str, Any] | None = None,
) -> State:
    """The state reached by applying ``history`` (actions or their JSON) to a new game."""
    spec = game(game_id)
    state = spec.new_game(players, seed, options=options, content=content)
    for player, action in history:
        if not isinstance(action, Action):
            action = spec.action_from_json(action)
        state.apply(int(player), action)
    return state
