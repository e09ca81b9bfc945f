"""The web table's routes, one router per part of the API (and the pages), in the
order the app includes them."""

from __future__ import annotations

from housebuilders.server.routes import accounts, chat, games, live, pages, replay, tables

ROUTERS = (
    games.router,
    tables.router,
    accounts.router,
    chat.router,
    live.router,
    replay.router,
    pages.router,
)
