"""What the arena refuses, and the checks that refuse it before any game is played.

Every error is an ``ArenaError`` whose message says in one line what is wrong (the
command line prints it as it is). Each is also the built-in kind it always was
(``ValueError``, ``ImportError``...), so ``except ValueError`` still catches a bad
player count.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from housebuilders.agents import AgentError, check_game, make
from housebuilders.core import ContentError, GameSpec, OptionError, game, game_ids


class ArenaError(Exception):
    """A run the arena will not play as asked, or a results file it cannot use."""


class NoSuchGame(ArenaError, ValueError):
    """A game id no installed game has."""


class BadBot(ArenaError, AgentError):
    """A bot that cannot be made (unknown name, bad parameter) or cannot play the game."""


class BadPlayerCount(ArenaError, ValueError):
    """A player count the game (or the kind of run) does not take."""


class BadSetup(ArenaError, ValueError):
    """Options or component data the game refuses."""


class BadRun(ArenaError, ValueError):
    """How a run is asked to run: its backend, jobs, results file, number of games."""


class ResultsError(ArenaError, ValueError):
    """A results file that cannot be read or written, or does not belong to the run
    at hand."""


class MissingExtra(ArenaError, ImportError):
    """An optional package a feature needs is not installed; the message says which
    extra to install."""


class ClusterError(ArenaError, ConnectionError):
    """Ray could not be started, or its cluster joined."""


def find_game(game_id: str) -> GameSpec:
    """The game ``game_id``, or NoSuchGame listing the games."""
    if game_id not in game_ids():
        raise NoSuchGame(f"no game {game_id!r}; known games: {', '.join(game_ids())}")
    return game(game_id)


def check_players(spec: GameSpec, players: int) -> int:
    """``players`` if ``spec`` takes that many, else BadPlayerCount."""
    try:
        return spec.check_players(players)
    except ValueError as e:
        raise BadPlayerCount(str(e)) from None


def check_bots(spec: GameSpec, names: Iterable[str]) -> None:
    """Each bot named can be made and can play ``spec`` (greedy needs the game's
    heuristic), else BadBot."""
    for name in dict.fromkeys(names):
        try:
            check_game(make(name), spec)
        except AgentError as e:
            raise BadBot(str(e)) from None


def check_setup(
    spec: GameSpec,
    players: int,
    options: Mapping[str, Any] | None,
    content: Mapping[str, Any] | None,
) -> None:
    """The game sets up with these options and this data (one game is set up to see),
    else BadSetup."""
    try:
        spec.new_game(players, 0, options, content)
    except (OptionError, ContentError) as e:
        raise BadSetup(str(e)) from None


def option_value(spec: GameSpec, name: str, text: str) -> Any:
    """The value of ``spec``'s option ``name`` that ``text`` names, as ``housebuilders
    list`` shows its choices (``True``, ``standard-81``; a yes-or-no option also takes
    true/false, yes/no, on/off, 1/0), else BadSetup listing the choices as they can be
    typed. An option the game does not have, or one without choices, is read as JSON
    where it can be (numbers, true/false), as text otherwise (the game checks it)."""
    text = text.strip()
    option = next((o for o in spec.options if o.name == name), None)
    if option is None or not option.choices:
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text
    for choice in option.choices:
        if text == str(choice) or text == json.dumps(choice):
            return choice
        if isinstance(choice, bool) and text.lower() in _BOOL_WORDS[choice]:
            return choice
    typed = " or ".join(", ".join(map(str, option.choices)).rsplit(", ", 1))
    raise BadSetup(f"option {name!r} of {spec.id} takes {typed}, not {text!r}")


#: what a yes-or-no option's value may be written as, besides True and False
_BOOL_WORDS = {True: ("true", "yes", "on", "1"), False: ("false", "no", "off", "0")}
