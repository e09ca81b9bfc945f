"""The web table: a FastAPI server where people play with friends and bots.

Install with ``pip install 'housebuilders[server]'`` and run ``housebuilders serve``.
Games are stored in a database (SQLite under ./var/ by default, PostgreSQL when
``HOUSEBUILDERS_DATABASE_URL`` says so) and survive a restart.
"""

from housebuilders.server.app import create_app

__all__ = ["create_app"]
