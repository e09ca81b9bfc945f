"""``housebuilders serve``: the web table (the server extra, imported when it starts)."""

from __future__ import annotations

import errno
import json
import os
import socket
from dataclasses import asdict
from typing import Annotated, Any

import typer
from rich.text import Text

from housebuilders.cli.common import UserError, out_console, user_errors


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0 to let other machines in).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the database, e.g. postgresql+psycopg://user:pw@host/db "
            "(default: $HOUSEBUILDERS_DATABASE_URL, else the SQLite file var/housebuilders.db)."
        ),
    ] = None,
    tables_per_minute: Annotated[
        int | None,
        typer.Option(
            help="Tables one client address may open per minute, 0: no limit "
            "(default: $HOUSEBUILDERS_TABLES_PER_MINUTE, else 20).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_bot_tables: Annotated[
        int | None,
        typer.Option(
            help="Tables of bots only in play at once, 0: no limit "
            "(default: $HOUSEBUILDERS_MAX_BOT_TABLES, else 4).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_bot_seats: Annotated[
        int | None,
        typer.Option(
            help="Bot seats at the tables in play, 0: no limit "
            "(default: $HOUSEBUILDERS_MAX_BOT_SEATS, else 100).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_table_bot_seats: Annotated[
        int | None,
        typer.Option(
            help="Bot seats at one table, 0: no limit "
            "(default: $HOUSEBUILDERS_MAX_TABLE_BOT_SEATS, else 20).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_address_bot_seats: Annotated[
        int | None,
        typer.Option(
            help="Bot seats at the tables in play opened from one client address, 0: no "
            "limit (default: $HOUSEBUILDERS_MAX_ADDRESS_BOT_SEATS, else 40).",
            show_default=False,
            min=0,
        ),
    ] = None,
    abandon_seconds: Annotated[
        int | None,
        typer.Option(
            help="Seconds a table with bots may go without a move and without anyone "
            "watching before it is set aside, its bots stopped until a person at it comes "
            "back, 0: never (default: $HOUSEBUILDERS_ABANDON_SECONDS, else 1800).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_spectators: Annotated[
        int | None,
        typer.Option(
            help="Spectators' live connections per table, 0: no limit "
            "(default: $HOUSEBUILDERS_MAX_SPECTATORS, else 64).",
            show_default=False,
            min=0,
        ),
    ] = None,
    max_seat_connections: Annotated[
        int | None,
        typer.Option(
            help="Live connections per seat, 0: no limit "
            "(default: $HOUSEBUILDERS_MAX_SEAT_CONNECTIONS, else 8).",
            show_default=False,
            min=0,
        ),
    ] = None,
    chat_messages: Annotated[
        int | None,
        typer.Option(
            help="Chat messages one seat may send in 10 seconds, 0: no limit "
            "(default: $HOUSEBUILDERS_CHAT_MESSAGES, else 5).",
            show_default=False,
            min=0,
        ),
    ] = None,
    undos_per_minute: Annotated[
        int | None,
        typer.Option(
            help="Moves one seat may take back per minute, 0: no limit "
            "(default: $HOUSEBUILDERS_UNDOS_PER_MINUTE, else 10).",
            show_default=False,
            min=0,
        ),
    ] = None,
    min_clock_seconds: Annotated[
        int | None,
        typer.Option(
            help="The shortest turn clock a table may have, in seconds a move, 0: any "
            "(default: $HOUSEBUILDERS_MIN_CLOCK_SECONDS, else 30).",
            show_default=False,
            min=0,
        ),
    ] = None,
    move_seconds: Annotated[
        float | None,
        typer.Option(
            min=0.1,
            max=3600,
            help="Seconds a bot has per move: one still thinking then is stopped and a "
            "random legal move played for it; bots may not ask for more (default: 10).",
        ),
    ] = None,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Processes the bots think in, per server process, shared by its tables "
            "(default: the cores, divided among the --workers).",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Server processes, on one address (PostgreSQL only: they share the "
            "database, and a move made through one reaches the pages served by the others).",
        ),
    ] = 1,
) -> None:
    """Serve the web table: open the address it prints, pick a game and the seats
    (people or bots), and share each person's link.

    Games are stored in the database as they are played and go on after a restart.
    Limits (docs/security.md) come from the options, else the environment; with
    --workers, each process has its own.
    """
    with user_errors():
        try:
            import uvicorn

            from housebuilders.agents.worker import default_jobs
            from housebuilders.server import create_app
            from housebuilders.server.db import check, database_url as chosen_url
            from housebuilders.server.limits import Limits
        except ImportError as e:
            raise UserError(
                f"the web table needs the server extra: pip install 'housebuilders[server]' ({e})"
            ) from None
        check_port(host, port)
        url = chosen_url(database_url)
        if workers > 1 and not url.startswith("postgresql"):
            raise UserError(
                f"--workers {workers} needs PostgreSQL (--database-url postgresql+psycopg://...): "
                "on SQLite one server process serves the tables, since the processes would not "
                "hear each other's moves"
            )
        try:
            check(url)
            limits = Limits.from_env(
                tables_per_minute=tables_per_minute,
                max_bot_tables=max_bot_tables,
                max_bot_seats=max_bot_seats,
                max_table_bot_seats=max_table_bot_seats,
                max_address_bot_seats=max_address_bot_seats,
                abandon_seconds=abandon_seconds,
                max_spectators=max_spectators,
                max_seat_connections=max_seat_connections,
                chat_messages=chat_messages,
                undos_per_minute=undos_per_minute,
                min_clock_seconds=min_clock_seconds,
            )
        except ValueError as e:
            raise UserError(str(e)) from None
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
        out_console().print(
            Text(
                f"housebuilders web table on http://{shown}:{port}/ (database: {_safe(url)})",
                "bold",
            ),
            soft_wrap=True,  # the address must stay on one line to be clicked or copied
        )
        out_console().print("Open that address in your browser. Ctrl+C stops the server.")
    bots: dict[str, Any] = {"move_seconds": move_seconds} if move_seconds is not None else {}
    if workers == 1:
        app = create_app(url, limits, bot_workers=bot_workers, **bots)
        uvicorn.run(app, host=host, port=port, log_level="warning")
        return
    if bot_workers is None:
        bot_workers = max(1, default_jobs() // workers)
    settings = {"database_url": url, "limits": asdict(limits), "bot_workers": bot_workers, **bots}
    os.environ[SETTINGS] = json.dumps(settings)
    uvicorn.run(
        f"{__name__}:worker_app",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        log_level="warning",
    )


#: the settings ``serve --workers N`` hands its server processes
SETTINGS = "HOUSEBUILDERS_SERVE_SETTINGS"


def worker_app() -> Any:
    """The app of one of ``serve --workers N``'s processes (uvicorn starts each and
    calls this in it), made with the settings ``serve`` put in $HOUSEBUILDERS_SERVE_SETTINGS."""
    from housebuilders.server import create_app
    from housebuilders.server.limits import Limits

    settings = json.loads(os.environ[SETTINGS])
    limits = Limits(**settings.pop("limits"))
    return create_app(settings.pop("database_url"), limits, **settings)


def check_port(host: str, port: int) -> None:
    """Refuse, before the address is announced, a port that cannot be listened on
    (another server has it, a port below 1024 without the right, an address not of this
    machine). The socket is made as uvicorn makes it (SO_REUSEADDR: a port left in
    TIME_WAIT by a stopped server is free), then closed for uvicorn to take."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise UserError(f"port {port} on {host} is in use (another server?): stop it or "
                            "give another --port") from None  # fmt: skip
        raise UserError(f"cannot listen on {host} port {port}: {e.strerror or e}") from None


def _safe(url: str) -> str:
    """A database URL without its password."""
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, credentials = head.partition("//")
    return f"{scheme}//{credentials.split(':', 1)[0]}:***@{tail}"
