"""What a person reads of a game, in every game (``hb.game_ids()``): seeded random
games at 3 and 4 players (those a game allows), with each option's other choices.

- One seat numbering everywhere, the board's: a seat an action names ("offer to rent
  an apprentice to player 1") is the seat the drawing labels so ("Player 1", from
  ``core.draw.player_name``), and every seat an action text, an event of the log or a
  drawing names ("player 3", "seat 3") exists.
- The content's names in every action sentence (``describe``) and event: never a
  bare card or tile number ("play event card 10" for "Foremen's council").

``describe`` is what every page, the command line and the refusals show of an action;
``str(action)`` knows no content (a content override renames things) and is not
checked here."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.core.draw import player_name

#: a seat named by its number: "player 2", "Seat 0", "Player 3's"
SEAT = re.compile(r"\b(?:player|seat)\s+(\d+)\b", re.IGNORECASE)
#: a card, tile or token named by a bare number ("event card 10", "worker card 22",
#: "tile 3"), or a kind of card by its index ("a room card of type 12"); a place in a
#: row the board shows ("card 2 of the market") is no card's number
BARE = re.compile(
    r"\b(?:card|tile|token|event)s?\s+(?:no\.?\s*|number\s+|#)?\d+\b(?! of the )"
    r"|\b(?:type|kind|colour|color)\s+\d+\b",
    re.IGNORECASE,
)
#: fields of an action that name a seat
SEAT_FIELDS = ("player", "seat")
#: the drawings (SVG and text) are checked every this many steps, and at the end
DRAW_EVERY = 40
#: the seeds of the random games each case plays
SEEDS = (43, 44)


def variants(game_id: str) -> list[dict[str, Any]]:
    """The default options, then each option's other choices one at a time."""
    out: list[dict[str, Any]] = [{}]
    for option in hb.game(game_id).options:
        out += [{option.name: c} for c in option.choices if c != option.default]
    return out


def counts(spec: hb.GameSpec, options: dict[str, Any]) -> list[int]:
    """3 and 4 players, where the game and its options allow them."""
    allowed = range(spec.min_players, spec.max_players + 1)
    for option in spec.options:
        if option.name in options and option.players:
            allowed = [n for n in allowed if n in option.players]
    return [n for n in (3, 4) if n in allowed]


CASES = [
    (game_id, options, players)
    for game_id in hb.game_ids()
    for options in variants(game_id)
    for players in counts(hb.game(game_id), options)
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}-{n}p" for g, o, n in CASES]
def cases() -> list[Any]:
    """CASES as parameters."""
    return [pytest.param(g, o, n, id=i) for (g, o, n), i in zip(CASES, IDS, strict=True)]


def steps(game_id: str, players: int, options: dict[str, Any]) -> Iterator[tuple[Any, list[str]]]:
    """Seeded random games (SEEDS): each state before a move (and the last), with the
    log lines the previous move wrote (the setup's, first)."""
    for seed in SEEDS:
        state = hb.new_game(game_id, players, seed=seed, options=options)
        rng = random.Random(seed)
        seen = 0
        while not state.is_terminal():
            yield state, state.log[seen:]
            seen = len(state.log)
            player = rng.choice(state.acting_players())
            state.apply(player, rng.choice(state.legal_actions(player)))
        yield state, state.log[seen:]


def seats_named(text: str, players: int, where: str) -> list[int]:
    """The seats ``text`` names by number, each one of the ``players`` seats."""
    named = [int(n) for n in SEAT.findall(text)]
    for seat in named:
        assert 0 <= seat < players, (
            f"{where} {text!r} names seat {seat}, but the seats are 0 to {players - 1}, "
            "as the board numbers them"
        )
    return named


def drawings(state: Any, seat: int) -> tuple[str, dict[str, Any]]:
    """The seat's drawings of the table: the SVG and the text view, and its observation."""
    spec = state.spec
    obs = state.observe(seat)
    svg = spec.svg_view(obs, state.legal_json(seat)) if spec.svg_view else ""
    text = spec.text_view(obs) if spec.text_view else ""
    return svg + "\n" + text, obs


@pytest.mark.parametrize(
    ("game_id", "options", "players"), cases()
)
def test_every_text_numbers_seats_as_the_board_does(
    game_id: str, options: dict[str, Any], players: int
) -> None:
    """An action that names a seat says the board's label of that seat; every seat an
    action text, an event or a drawing names exists."""
    for step, (state, lines) in enumerate(steps(game_id, players, options)):
        for line in lines:
            seats_named(line, players, "the event")
        if step % DRAW_EVERY == 0 or state.is_terminal():
            drawn, obs = drawings(state, step % players)
            seats_named(drawn, players, "the drawing")
            for seat in range(players):
                assert player_name(obs, seat) in drawn, f"the board does not label seat {seat}"
        for player in state.acting_players():
            obs = state.observe(player)
            for action in state.legal_actions(player):
                text = state.describe(action)
                named = seats_named(text, players, "the action")
                for field in SEAT_FIELDS:
                    if field in action.fields:
                        seat = getattr(action, field)
                        label = player_name(obs, seat)  # how the board labels it
                        assert label.lower() in text.lower(), (
                            f"{text!r} is for seat {seat}, which the board labels {label!r} "
                            f"(the text names {named})"
                        )


@pytest.mark.parametrize(
    ("game_id", "options", "players"), cases()
)
def test_every_action_sentence_and_event_names_the_content(
    game_id: str, options: dict[str, Any], players: int
) -> None:
    """No action sentence nor event names a card, tile or token by a bare number."""
    seen: set[str] = set()
    for state, lines in steps(game_id, players, options):
        texts = [("the event", line) for line in lines]
        for player in state.acting_players():
            texts += [("the action", state.describe(a)) for a in state.legal_actions(player)]
        for where, text in texts:
            if text in seen:
                continue
            seen.add(text)
            bare = BARE.search(text)
            assert bare is None, (
                f"{where} {text!r} says {bare.group()!r}: name it in the content's words"
            )
