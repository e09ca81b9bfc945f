"""Master Builder's board in a real browser (issue 46, review defect 12): the phase
track's labels stay inside their boxes as the browser's own font draws them (measured
by getBBox, not estimated)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import post

pytestmark = pytest.mark.browser

#: each text of the board and the box it is drawn in: the nearest rect before it
BOXED = """svg => [...svg.querySelectorAll('text')].map(t => {
    let r = t.previousElementSibling;
    while (r && r.tagName !== 'rect') r = r.previousElementSibling;
    if (!r) return null;
    const a = t.getBBox(), b = r.getBBox();
    return {text: t.textContent, box: [b.x, b.y, b.x + b.width, b.y + b.height],
            ink: [a.x, a.y, a.x + a.width, a.y + a.height]};
}).filter(Boolean)"""


def test_the_phase_tracks_labels_stay_inside_their_boxes(page: Any, server: str) -> None:
    """ "trowel: 1 Hire and/or Fire Workers" ran out of its box into "2 Acquire
    Contracts" (the current phase's label is bold, the widest)."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    created = post(server + "/api/tables", {"game": "master-builder", "seats": seats, "seed": 1})
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_selector('body[data-your-turn="true"]')  # the draft: phase 1's trowel
    texts = page.eval_on_selector("#board svg", BOXED)
    # a track box: the one a text starting with its phase's number is drawn in
    starts = [t for t in texts if re.match(r"(trowel: )?[1-5] [A-Z]", t["text"])]
    boxes = {tuple(t["box"]) for t in starts}
    assert len(boxes) == 5, starts
    inside = [t for t in texts if tuple(t["box"]) in boxes]
    assert any(t["text"].startswith(("trowel: 1", "1 Hire")) for t in inside)
    for t in inside:
        (left, top, right, bottom), (x0, y0, x1, y1) = t["box"], t["ink"]
        assert left <= x0 and x1 <= right - 2, f"{t['text']!r} runs out of its box: {t}"
        assert top <= y0 and y1 <= bottom, f"{t['text']!r} runs out of its box: {t}"
