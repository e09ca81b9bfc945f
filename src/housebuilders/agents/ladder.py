"""The bots' strength hints per game, following the ladder (docs/bots.md, "The ladder").

Each bot registers a word for how strong an opponent it is (``register_bot(hint=)``:
random *beginner*, greedy *casual*, ismcts *strong*), the words ordered weakest
first in ``WORDS``. The ladder measures, game by game, which bot beats which:
``benchmarks/ladder.py --save`` keeps each game's leaderboard in ``ladder.json``
beside this file (run by hand, as the tables of docs/bots.md are). A game's hints
give its bots the same words in the ladder's order: the bot the ladder rates highest
gets the strongest of the words, the next the next, and so on; so where greedy rated
above the search in some game, greedy would be that game's *strong* bot. A bot is
known to the ladder by its name before the colon (``ismcts:seconds=2`` is ismcts,
rated as the ladder played it); a bot the ladder did not rate, or a game it has not
measured, keeps its own word.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from housebuilders.agents.registry import bot_names, strength_hint

#: the strength words, weakest first
WORDS = ("beginner", "casual", "strong")
#: the ladder's leaderboards, per game (``benchmarks/ladder.py --save`` writes it)
LADDER_FILE = "ladder.json"


def ladder_path() -> Path:
    """Where ``ladder.json`` is, to write it (``benchmarks/ladder.py --save``)."""
    return Path(str(files(__package__).joinpath(LADDER_FILE)))


@cache
def ladder() -> Mapping[str, Any]:
    """The saved ladder: per game id, ``{"bots": [{"bot", "mu", "sigma", "ordinal",
    ...}, ...] best first, and how it was played}``; empty without the file."""
    try:
        text = files(__package__).joinpath(LADDER_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    games: Mapping[str, Any] = json.loads(text)["games"]
    return games


def ladder_order(game_id: str) -> list[str]:
    """The bots the ladder rated in ``game_id``, best first (empty if not measured)."""
    entry = ladder().get(game_id)
    return [row["bot"] for row in entry["bots"]] if entry else []


def follow(order: Sequence[str], bots: Sequence[str]) -> dict[str, str]:
    """Each of ``bots``' strength word, following ``order`` (bot names best first,
    as a ladder rates them): the words of the bots the ladder rated, strongest first,
    dealt out in its order; any other bot keeps its own word."""
    known = set(bot_names())
    ranked = [base for base in dict.fromkeys(map(_base, order)) if base in known]
    own = {base: strength_hint(base) for base in ranked}
    ranked = [base for base in ranked if own[base] in WORDS]
    words = sorted((own[base] for base in ranked), key=WORDS.index, reverse=True)
    dealt = dict(zip(ranked, words, strict=True))
    return {bot: dealt.get(_base(bot), strength_hint(bot)) for bot in bots}


def _base(name: str) -> str:
    """The bot a name plays: its name before the colon (``ismcts:seconds=2``: ismcts)."""
    return name.split(":", 1)[0].strip()


def game_hints(game_id: str, bots: Sequence[str]) -> dict[str, str]:
    """Each of ``bots``' strength word in ``game_id``, following its saved ladder."""
    return follow(ladder_order(game_id), bots)
