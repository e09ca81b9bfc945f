"""The browser client of the web table: Jinja2 templates and static files.

One generic client serves every game. The server renders ``lobby.html`` (choose a
game and the seats, create a table, list open tables) and ``table.html`` (one seat's
or a spectator's page); ``static/table.js`` and ``static/lobby.js`` are small
hand-written ES modules that talk to the JSON API and the websocket. There is no
build step and the pages load nothing from outside the server. A game draws itself
through its ``svg.py``; the client inserts that SVG and makes its parts that carry
``data-index`` clickable.
"""

from __future__ import annotations

from pathlib import Path

TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"
