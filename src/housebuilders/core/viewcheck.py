"""The conformance kit's checks of a game's views (``check_views``): the text view
renders, the SVG drawing is safe and well formed, its clickable parts are the seat's
legal moves, and every part that asks why not names a move the engine refuses with a
reason (``check_asks``), as the web table's "why not?" works it out.

``housebuilders.testing.check_game`` runs them at every 15th position of random games;
a game's own tests call them on the positions they build."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

from housebuilders.core.draw.actions import WHY_SEED
from housebuilders.core.errors import IllegalAction
from housebuilders.core.state import State


def draw_svg(state: State, seat: int | None) -> tuple[Any, list[dict[str, Any]]]:
    """The game's SVG view of ``state`` from ``seat``, parsed (an ElementTree root),
    with the legal actions it was drawn for."""
    draw = state.spec.svg_view
    assert draw is not None, f"{state.spec.id} has no svg_view"
    legal = state.legal_json(seat)
    return ET.fromstring(draw(state.observe(seat), legal)), legal


def clickable(root: Any) -> dict[int, Any]:
    """The parts of a drawing that stand for legal actions, by action index."""
    return {int(el.get("data-index", "")): el for el in root.iter() if "data-index" in el.attrib}


SVG = "{http://www.w3.org/2000/svg}"


def check_views(state: State) -> None:
    """The game's views of ``state`` from every seat and the spectator: the text view
    renders; the observation has ``players``, an object a seat (docs/contract.md); the
    SVG parses, has a viewBox, no script, image, foreign object or link;
    every clickable part is a legal action of that seat, of class ``act``, titled with
    the action's sentence, and holds no other move nor an ask (nor does an ask hold
    either: a click finds the one part it meant); every part that asks why not (class
    ``ask``) names an action of the game that the seat may not play now and the engine
    refuses with a reason (``check_asks``), and the spectator's drawing has none."""
    spec = state.spec
    for seat in [*range(state.num_players), None]:
        players = state.observe(seat).get("players")
        assert isinstance(players, list) and len(players) == state.num_players, (
            f"seat {seat}: the observation needs 'players', a list of one object a seat "
            "(the web table names the seats in it)"
        )
        assert all(isinstance(p, dict) for p in players), f"seat {seat}: 'players' holds objects"
        if spec.text_view is not None:
            text = spec.text_view(state.observe(seat))
            assert isinstance(text, str) and text.strip(), f"seat {seat}: empty text view"
        if spec.svg_view is None:
            continue
        root, legal = draw_svg(state, seat)
        assert root.tag == SVG + "svg" and root.get("viewBox"), f"seat {seat}: not an SVG"
        tags = {el.tag.removeprefix(SVG) for el in root.iter()}
        assert not tags & {"script", "image", "foreignObject"}, f"seat {seat}: {tags}"
        links = [v for el in root.iter() for k, v in el.attrib.items() if k.endswith("href")]
        assert not links, f"seat {seat}: the drawing links to {links}"
        sentences = {a["index"]: a["text"] for a in legal}
        for index, el in clickable(root).items():
            assert index in sentences, f"seat {seat}: part {index} is not a legal action"
            assert "act" in el.get("class", "").split(), f"seat {seat}: part {index} class"
            title = el.findtext(SVG + "title")
            assert title == sentences[index], f"seat {seat}: part {index} titled {title!r}"
        asked = []
        for el in root.iter():
            if "data-action" in el.attrib:
                assert seat is not None, "the spectator's drawing asks why not"
                assert "ask" in el.get("class", "").split(), f"seat {seat}: {el.attrib} class"
                asked.append(json.loads(el.get("data-action", "")))
        check_no_part_in_another(root, seat)
        if seat is not None:
            check_asks(state, seat, asked)


def check_no_part_in_another(root: Any, seat: int | None) -> None:
    """No part of a drawing that is a move (``data-index``) or asks why not
    (``data-action``) holds another: a click finds the one part it meant."""
    for el in root.iter():
        if _a_part(el):
            inner = [e.attrib for e in el.iter() if e is not el and _a_part(e)]
            assert not inner, f"seat {seat}: a move or an ask inside another: {inner[:2]}"


def _a_part(el: Any) -> bool:
    return "data-action" in el.attrib or "data-index" in el.attrib


def check_asks(state: State, seat: int, asked: list[dict[str, Any]]) -> None:
    """Every action ``seat``'s drawing asks why not about (class ``ask``, its JSON in
    ``data-action``) is an action of the game, not legal now (a legal one is drawn as
    a move), that the engine refuses on the seat's determinization, as the web
    table's "why not?" works it out: an IllegalAction with a message and the rule it
    breaks ("<game> §<section>")."""
    spec = state.spec
    seen = state if state.is_terminal() else state.determinize(seat, WHY_SEED)
    legal = set(state.legal_actions(seat))
    for data in {json.dumps(a, sort_keys=True): a for a in asked}.values():
        try:
            action = spec.action_from_json(data)
        except ValueError as e:
            raise AssertionError(f"seat {seat} asks about {data}: not an action ({e})") from None
        assert action.to_json() == data, f"seat {seat} asks about {data}, read as {action!r}"
        assert action not in legal, f"seat {seat}: {action} is legal, drawn as asking why not"
        try:
            seen.apply(seat, action)
        except IllegalAction as e:
            assert e.message.strip() and e.rule.startswith(f"{spec.id} §"), (
                f"seat {seat}: the refusal of {action} must say why and name a rule as "
                f"'<game> §<section>', got {e.message!r} ({e.rule!r})"
            )
        else:
            raise AssertionError(f"seat {seat}: {action}, asked why not, was accepted")
